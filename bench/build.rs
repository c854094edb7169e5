//! Generates a 50-behavior catalog (the curated behaviors, each copied under several ids) and compiles it. Every
//! binary of the package — the floors too — is linked like `dotforge-hook`, so the comparison stays like for like.
use std::path::Path;

fn main() {
    dotforge_codegen::link_for_fast_start();
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
    let source = Path::new(&manifest).join("../behaviors");
    let out = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("catalog50");
    println!("cargo:rerun-if-changed={}", source.display());
    let mut ids = Vec::new();
    let mut originals: Vec<String> = std::fs::read_dir(&source)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter(|entry| entry.path().join("behavior.yaml").exists())
                .filter_map(|entry| entry.file_name().into_string().ok())
                .collect()
        })
        .unwrap_or_default();
    originals.sort();
    let _ = std::fs::remove_dir_all(&out);
    'copies: for copy in 0.. {
        for original in &originals {
            if ids.len() == 50 {
                break 'copies;
            }
            let id = if copy == 0 { original.clone() } else { format!("{original}-copy{copy}") };
            let text = std::fs::read_to_string(source.join(original).join("behavior.yaml")).unwrap_or_default();
            let text = text
                .replace(&format!("id: {original}"), &format!("id: {id}"))
                .replace("flag: ", &format!("flag: copy{copy}_"));
            let dir = out.join(&id);
            std::fs::create_dir_all(&dir).unwrap_or_default();
            std::fs::write(dir.join("behavior.yaml"), text).unwrap_or_default();
            ids.push(id);
        }
    }
    let index: String = ids.iter().map(|id| format!("  - id: {id}\n    enabled: true\n")).collect();
    std::fs::write(out.join("index.yaml"), format!("schema_version: \"1\"\nbehaviors:\n{index}")).unwrap_or_default();
    let config = dotforge_codegen::Config::new().behaviors_dir(&out).file_name("hook50.rs").honor_env(false);
    if let Err(error) = config.compile() {
        eprintln!("{error}");
        std::process::exit(1);
    }
}
