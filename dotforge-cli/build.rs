//! Embeds `template-project/` (the cargo-generate template) so `dotforge new` renders the very same files offline.
use std::path::{Path, PathBuf};

fn files(dir: &Path, base: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|entry| entry.file_name());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            files(&path, base, out);
        } else if let Ok(relative) = path.strip_prefix(base) {
            out.push(relative.to_path_buf());
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default());
    let template = manifest.join("../template-project");
    println!("cargo:rerun-if-changed={}", template.display());
    let mut list = Vec::new();
    files(&template, &template, &mut list);
    let mut code = String::from(
        "/// The files of `template-project/`, by relative path.\npub const TEMPLATE_FILES: &[(&str, &str)] = &[\n",
    );
    for relative in &list {
        let relative = relative.to_string_lossy().replace('\\', "/");
        let absolute = template.join(&relative);
        code.push_str(&format!("    ({relative:?}, include_str!({:?})),\n", absolute.to_string_lossy()));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default()).join("template_files.rs");
    if let Err(error) = std::fs::write(&out, code) {
        eprintln!("cannot write {}: {error}", out.display());
        std::process::exit(1);
    }
}
