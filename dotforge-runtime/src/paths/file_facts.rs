//! What the file system says about a path: where it leads through symbolic links (or would, once written) and
//! whether another hard link names the same file. Looked up once per path and process: every behavior's globs ask
//! again.

use crate::hash::Tables;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

/// What the file system says about a path, looked up once per process (every behavior's globs ask again).
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct FileFacts {
    /// Where it leads through symbolic links.
    pub real: Option<PathBuf>,
    /// Device and inode of a regular file with more than one name.
    pub linked_inode: Option<(u64, u64)>,
}

/// What is known of each path, by its bytes.
type ByPath<T> = HashMap<Vec<u8>, T, Tables>;

/// The facts of an absolute path (see [`FileFacts`]).
pub(crate) fn file_facts(path: &Path) -> FileFacts {
    // Keyed by the path's bytes (paths here are absolute and normalized): ordering `Path`s compares them component
    // by component, which cost an archive of a thousand members more than looking its paths up.
    static KNOWN: OnceLock<Mutex<ByPath<FileFacts>>> = OnceLock::new();
    let known = KNOWN.get_or_init(|| Mutex::new(HashMap::default()));
    let key = path.as_os_str().as_encoded_bytes();
    if let Some(facts) = known.lock().ok().and_then(|known| known.get(key).cloned()) {
        return facts;
    }
    let named = path.parent().is_some() && path.file_name().is_some();
    let facts = match named.then(|| std::fs::symlink_metadata(path)) {
        // Not a link itself (or not there at all): it is where its folder really is, and `lstat` said all that
        // `stat` would. One call, where resolving the path itself reads every link on the way again.
        Some(Ok(metadata)) if !metadata.file_type().is_symlink() => {
            FileFacts { real: in_real_folder(path), linked_inode: linked_inode(&metadata) }
        }
        Some(Err(error)) if error.kind() == std::io::ErrorKind::NotFound => {
            FileFacts { real: in_real_folder(path), linked_inode: None }
        }
        _ => followed_facts(path),
    };
    if let Ok(mut known) = known.lock() {
        known.insert(key.to_vec(), facts.clone());
    }
    facts
}

/// The facts of a path that is (or may be) a symbolic link: followed by `stat` and `realpath`.
fn followed_facts(path: &Path) -> FileFacts {
    let metadata = std::fs::metadata(path);
    // What `stat` cannot find, `realpath` cannot either: only the parent is worth resolving.
    let missing = matches!(&metadata, Err(error) if error.kind() == std::io::ErrorKind::NotFound);
    let linked_inode = metadata.ok().and_then(|metadata| linked_inode(&metadata));
    FileFacts { real: real_path(path, missing), linked_inode }
}

/// Device and inode of a regular file with more than one name.
#[cfg(unix)]
fn linked_inode(metadata: &std::fs::Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    (metadata.is_file() && metadata.nlink() > 1).then(|| (metadata.dev(), metadata.ino()))
}

#[cfg(not(unix))]
fn linked_inode(_: &std::fs::Metadata) -> Option<(u64, u64)> {
    None
}

/// The path with its folder resolved through symbolic links (the folder resolved once per process: an event's
/// paths mostly share a few folders). None when the folder cannot be found.
fn in_real_folder(path: &Path) -> Option<PathBuf> {
    static KNOWN: OnceLock<Mutex<ByPath<Option<PathBuf>>>> = OnceLock::new();
    let (folder, name) = (path.parent()?, path.file_name()?);
    let known = KNOWN.get_or_init(|| Mutex::new(HashMap::default()));
    let key = folder.as_os_str().as_encoded_bytes();
    let cached = known.lock().ok().and_then(|known| known.get(key).cloned());
    let real_folder = cached.unwrap_or_else(|| {
        let real = std::fs::canonicalize(folder).ok();
        if let Ok(mut known) = known.lock() {
            known.insert(key.to_vec(), real.clone());
        }
        real
    });
    Some(real_folder?.join(name))
}

/// Where a path leads through symbolic links: the canonical path, or, for a path that does not exist yet
/// (`missing`: `stat` found nothing there), where writing it would create a file — the target of a dangling link
/// (followed through further links), else its canonical parent joined with its name.
fn real_path(path: &Path, missing: bool) -> Option<PathBuf> {
    if let Some(real) = (!missing).then(|| std::fs::canonicalize(path).ok()).flatten() {
        return Some(real);
    }
    let mut path = path.to_path_buf();
    // As many links as Linux follows (ELOOP after 40).
    for _ in 0..40 {
        let parent = std::fs::canonicalize(path.parent()?).ok()?;
        let here = parent.join(path.file_name()?);
        match std::fs::read_link(&here) {
            // A relative target is relative to the folder that holds the link.
            Ok(target) => path = parent.join(target),
            Err(_) => return Some(here),
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn facts_read_with_lstat_are_the_facts_followed_through_links() {
        use std::os::unix::fs::symlink;
        let base = std::env::temp_dir().join(format!("dotforge-facts-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(base.join("real/deep")).expect("folders");
        std::fs::write(base.join("real/file"), "x").expect("file");
        std::fs::hard_link(base.join("real/file"), base.join("real/hard")).expect("hard link");
        symlink(base.join("real"), base.join("to-real")).expect("link");
        symlink("real/file", base.join("relative")).expect("link");
        symlink("relative", base.join("chained")).expect("link");
        symlink("nowhere/at/all", base.join("dangling")).expect("link");
        symlink("real/new", base.join("to-new")).expect("link");
        symlink("loop", base.join("loop")).expect("link");
        let names = [
            "real",
            "real/file",
            "real/hard",
            "real/deep",
            "real/missing",
            "missing/deeper",
            "to-real",
            "to-real/file",
            "to-real/hard",
            "to-real/deep/missing",
            "relative",
            "chained",
            "dangling",
            "to-new",
            "loop",
            "loop/x",
            "real/file/under-a-file",
        ];
        for name in names {
            let path = base.join(name);
            assert_eq!(file_facts(&path), followed_facts(&path), "{name}");
        }
        assert!(file_facts(&base.join("real/hard")).linked_inode.is_some());
        assert_eq!(file_facts(&base.join("to-real/deep/missing")).real, Some(base.join("real/deep/missing")));
        let _ = std::fs::remove_dir_all(&base);
    }
}
