//! The seal of state.json: the inode of the file the hook writes and the modification time it gives it (whole
//! seconds), written into the file itself (`"sealed":"<inode>.<seconds>"`). The hook writes state.json by renaming a
//! new file over it, so a file put in its place by anything else has another inode, and a file written in place has
//! another modification time — unless the writer sets both back on purpose (a program that knows the scheme; see
//! SECURITY.md). Only a document that holds the tamper check's snapshot is sealed.

use std::fs::File;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A seal: the inode and the modification time, in whole seconds, with nothing below the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Seal {
    inode: u64,
    seconds: u64,
    nanoseconds: u32,
}

impl Seal {
    /// The seal of a new file about to be written: its inode and this second.
    pub(crate) fn for_new(file: &File) -> std::io::Result<Seal> {
        let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |elapsed| elapsed.as_secs());
        Ok(Seal { inode: inode(&file.metadata()?), seconds, nanoseconds: 0 })
    }

    /// Gives the written file the seal's modification time (after its last write).
    pub(crate) fn apply(&self, file: &File) -> std::io::Result<()> {
        file.set_modified(UNIX_EPOCH + Duration::from_secs(self.seconds))
    }

    /// The seal an open file has now.
    pub(crate) fn of(file: &File) -> Option<Seal> {
        let meta = file.metadata().ok()?;
        let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
        Some(Seal { inode: inode(&meta), seconds: modified.as_secs(), nanoseconds: modified.subsec_nanos() })
    }

    /// As written into the file.
    pub(crate) fn text(&self) -> String {
        format!("{}.{}", self.inode, self.seconds)
    }

    /// Whether a file with this seal is the one whose text says `sealed`.
    pub(crate) fn matches(&self, sealed: &str) -> bool {
        self.nanoseconds == 0 && sealed == self.text()
    }
}

#[cfg(unix)]
fn inode(meta: &std::fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::ino(meta)
}

#[cfg(not(unix))]
fn inode(meta: &std::fs::Metadata) -> u64 {
    meta.len()
}
