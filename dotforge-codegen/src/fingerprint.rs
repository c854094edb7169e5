//! The fingerprint of a behaviors folder: what `<hook> doctor` compares with the folder as it is now to tell a
//! binary built from other behaviors. SHA-256 over `index.yaml` and every `NAME/behavior.yaml` (folders not starting
//! with `.`), in byte order of their relative paths, each as its path, a NUL, its bytes and a NUL; a missing file
//! counts as absent. The runtime's `fingerprint` module computes the same; a test holds the two together.

use std::path::Path;

/// Lowercase hex fingerprint of the behaviors folder `dir`.
pub(crate) fn fingerprint(dir: &Path) -> std::io::Result<String> {
    let mut files: Vec<String> = vec!["index.yaml".to_owned()];
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let Ok(name) = entry.file_name().into_string() else { continue };
        if !name.starts_with('.') && entry.file_type()?.is_dir() {
            files.push(format!("{name}/behavior.yaml"));
        }
    }
    files.sort();
    let mut hash = hmac_sha256::Hash::new();
    for relative in &files {
        let Ok(bytes) = std::fs::read(dir.join(relative)) else { continue };
        hash.update(relative.as_bytes());
        hash.update([0]);
        hash.update(&bytes);
        hash.update([0]);
    }
    Ok(hash.finalize().iter().map(|byte| format!("{byte:02x}")).collect())
}
