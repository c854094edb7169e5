//! Crash-safe file replacement: write a temp file in the same directory, fsync it, rename it over the target.
//!
//! Every writer of these files (state.json, audit/metrics.json) holds the state lock while it writes, so one fixed
//! temp name per file is enough: a temp file left by a process killed mid-write is simply overwritten by the next
//! write instead of piling up.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::Path;

/// Atomically replaces `path` with `bytes`, without an `fsync`: readers and a process killed at any point see the old
/// file or the new one, never a mix; after a power loss it may be the old one. Only for views that are rebuilt whole
/// from durable data (`audit/metrics.json`, from the totals in state.json). The caller holds the state lock.
pub(crate) fn write_atomic_unsynced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    replace_with(path, false, |file| file.write_all(bytes))
}

/// Atomically replaces `path` (temp file, `fsync`, rename) with the contents written into the temp file by `write` (which may stream them through a
/// buffer, so that a large file needs no copy of itself in memory).
pub(crate) fn write_atomic_with(path: &Path, write: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    replace_with(path, true, write)
}

fn replace_with(path: &Path, sync: bool, write: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    let file_name = path.file_name().and_then(|name| name.to_str()).unwrap_or("file");
    let temp = path.with_file_name(format!(".{file_name}.tmp"));
    let result = (|| {
        let mut file = File::create(&temp)?;
        write(&mut file)?;
        if sync {
            file.sync_all()?;
        }
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}
