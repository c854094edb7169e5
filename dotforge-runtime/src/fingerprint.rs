//! The fingerprint of a behaviors folder, as the build script computed it for the binary (`HookSources::fingerprint`):
//! SHA-256 over `index.yaml` and every `NAME/behavior.yaml` (folders not starting with `.`), in byte order of their
//! relative paths, each as its path, a NUL, its bytes and a NUL; a missing file counts as absent. `doctor` compares
//! the two to tell a binary built from other behaviors.

use crate::hash::sha256_hex;
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
    let mut bytes = Vec::new();
    for relative in &files {
        let Ok(content) = std::fs::read(dir.join(relative)) else { continue };
        bytes.extend_from_slice(relative.as_bytes());
        bytes.push(0);
        bytes.extend_from_slice(&content);
        bytes.push(0);
    }
    Ok(sha256_hex(&bytes))
}
