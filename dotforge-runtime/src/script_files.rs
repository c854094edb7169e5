//! The files a command runs, read from disk for the shell reader ([`dotforge_shell::Sources`]): a script, a
//! Makefile, `package.json`, a justfile, git's config. Only a regular file (symbolic links followed) of at most
//! [`MAX_SOURCE_BYTES`] that is UTF-8 text without NUL bytes is read; a device, a FIFO or a socket never is — it is
//! opened without blocking and checked again once open, so a file swapped for a FIFO cannot hold the hook up.

use dotforge_shell::{Sources, MAX_SOURCE_BYTES};
use std::io::Read;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// `O_NONBLOCK` (Linux's value, and the BSDs' and macOS's).
const OPEN_WITHOUT_BLOCKING: i32 = if cfg!(target_os = "linux") { 0o4000 } else { 0x0004 };

/// The disk, as the shell reader's source of files.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct DiskFiles;

impl Sources for DiskFiles {
    fn read(&self, path: &Path) -> Option<String> {
        let limit = u64::try_from(MAX_SOURCE_BYTES).unwrap_or(u64::MAX);
        let file = std::fs::OpenOptions::new().read(true).custom_flags(OPEN_WITHOUT_BLOCKING).open(path).ok()?;
        let meta = file.metadata().ok()?;
        if !meta.is_file() || meta.len() > limit {
            return None;
        }
        let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
        file.take(limit + 1).read_to_end(&mut bytes).ok()?;
        if bytes.len() > MAX_SOURCE_BYTES || bytes.contains(&0) {
            return None;
        }
        String::from_utf8(bytes).ok()
    }

    fn link_target(&self, path: &Path) -> Option<PathBuf> {
        let metadata = std::fs::symlink_metadata(path).ok()?;
        if !metadata.file_type().is_symlink() {
            return None;
        }
        std::fs::canonicalize(path).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_small_regular_text_files_are_read() {
        let dir = std::env::temp_dir().join(format!("forge-script-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let write = |name: &str, bytes: &[u8]| std::fs::write(dir.join(name), bytes).expect("write");
        write("push.sh", b"git push -f\n");
        write("binary", b"\x7fELF\0\0");
        write("large", &vec![b'a'; MAX_SOURCE_BYTES + 1]);
        write("latin1", b"caf\xe9");
        std::os::unix::fs::symlink(dir.join("push.sh"), dir.join("link")).ok();
        let fifo = std::process::Command::new("mkfifo").arg(dir.join("fifo")).status();
        assert_eq!(DiskFiles.read(&dir.join("push.sh")).as_deref(), Some("git push -f\n"));
        assert_eq!(DiskFiles.read(&dir.join("link")).as_deref(), Some("git push -f\n"), "links are followed");
        for name in ["binary", "large", "latin1", "missing"] {
            assert_eq!(DiskFiles.read(&dir.join(name)), None, "{name}");
        }
        assert_eq!(DiskFiles.read(&dir), None, "a folder");
        if fifo.is_ok_and(|status| status.success()) {
            assert_eq!(DiskFiles.read(&dir.join("fifo")), None, "a FIFO is neither read nor waited on");
        }
        assert_eq!(DiskFiles.read(Path::new("/dev/zero")), None);
        std::fs::remove_dir_all(&dir).ok();
    }
}
