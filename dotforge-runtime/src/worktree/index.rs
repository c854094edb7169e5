//! git's index (`.git/index`, versions 2, 3 and 4), read for what the work tree is compared with: each entry's path,
//! the stat data git recorded when it last looked at the file, the object id of the content it staged, its stage and
//! the flags that change what a missing or changed file means (intent to add). Entries are kept as offsets into the
//! file's bytes and decoded only when asked; paths are the index's own (sorted, as git keeps them).
//!
//! What this reader does not follow — a split index (`link` extension: most entries sit in another file) and a
//! sparse index (`sdir`: whole folders stand for their files) — makes the index [`IndexError::Unsupported`], and
//! the caller fails closed. The trailing checksum is not verified (hashing the file would cost more than the rest);
//! a truncated or malformed index is an error.

use std::ops::Range;

/// Stat data as git records it (each field truncated to 32 bits, as in the index).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct StatData {
    pub ctime: (u32, u32),
    pub mtime: (u32, u32),
    pub dev: u32,
    pub ino: u32,
    pub mode: u32,
    pub uid: u32,
    pub gid: u32,
    pub size: u32,
}

/// One decoded entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry<'i> {
    pub path: &'i [u8],
    pub stat: StatData,
    pub object_id: &'i [u8],
    /// 0 for a merged entry; 1–3 during a conflict.
    pub stage: u8,
    /// `git add -N`: the path is known, its content is not staged.
    pub intent_to_add: bool,
}

/// Why an index cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum IndexError {
    /// Not an index, cut short, or inconsistent.
    Malformed(&'static str),
    /// A version or extension this reader does not follow.
    Unsupported(&'static str),
}

/// Where one entry lies: its header in the file, its path in the paths buffer (the file itself for versions 2 and
/// 3, the decoded paths for version 4).
#[derive(Clone, Copy, Debug)]
struct Slot {
    header: u32,
    path: (u32, u32),
}

/// A parsed index.
#[derive(Debug)]
pub(crate) struct Index {
    bytes: Vec<u8>,
    /// Version 4's paths, decoded (empty for versions 2 and 3, whose paths are read in `bytes`).
    paths: Vec<u8>,
    slots: Vec<Slot>,
    /// 20 (SHA-1) or 32 (SHA-256).
    id_len: usize,
}

const HEADER: usize = 12;
/// The stat fields before the object id: ten 32-bit numbers.
const STAT_LEN: usize = 40;

impl Index {
    /// Reads an index from its bytes; `id_len` is the repository's object id length (20, or 32 for SHA-256).
    pub(crate) fn parse(bytes: Vec<u8>, id_len: usize) -> Result<Index, IndexError> {
        if bytes.len() < HEADER + id_len || &bytes[..4] != b"DIRC" {
            return Err(IndexError::Malformed("not a git index"));
        }
        let version = be32(&bytes, 4);
        if !(2..=4).contains(&version) {
            return Err(IndexError::Unsupported("an index version other than 2, 3 or 4"));
        }
        let count = be32(&bytes, 8) as usize;
        let end = bytes.len() - id_len;
        let mut slots = Vec::with_capacity(count.min(end / (STAT_LEN + id_len + 2)));
        let mut paths = Vec::new();
        let mut previous: Range<usize> = 0..0;
        let mut at = HEADER;
        for _ in 0..count {
            let flags_at = at + STAT_LEN + id_len;
            if flags_at + 2 > end {
                return Err(IndexError::Malformed("an entry runs past the end"));
            }
            let flags = be16(&bytes, flags_at);
            let extended = flags & 0x4000 != 0;
            if extended && version < 3 {
                return Err(IndexError::Malformed("extended flags in a version 2 index"));
            }
            let name_at = flags_at + 2 + if extended { 2 } else { 0 };
            if version == 4 {
                let (strip, after) = varint(&bytes, name_at, end).ok_or(IndexError::Malformed("a bad path prefix"))?;
                let nul = memchr::memchr(0, &bytes[after..end]).ok_or(IndexError::Malformed("an unterminated path"))?;
                let kept = previous.len().checked_sub(strip).ok_or(IndexError::Malformed("a bad path prefix"))?;
                let start = paths.len();
                paths.extend_from_within(previous.start..previous.start + kept);
                paths.extend_from_slice(&bytes[after..after + nul]);
                previous = start..paths.len();
                slots.push(Slot { header: at as u32, path: (start as u32, (paths.len() - start) as u32) });
                at = after + nul + 1;
            } else {
                let declared = usize::from(flags & 0x0fff);
                let length = if declared < 0x0fff {
                    declared
                } else {
                    memchr::memchr(0, &bytes[name_at..end]).ok_or(IndexError::Malformed("an unterminated path"))?
                };
                if name_at + length > end {
                    return Err(IndexError::Malformed("a path runs past the end"));
                }
                slots.push(Slot { header: at as u32, path: (name_at as u32, length as u32) });
                // Padded with 1 to 8 NUL bytes to a multiple of 8 from the entry's start.
                at += (name_at - at + length + 8) & !7;
            }
            if at > end {
                return Err(IndexError::Malformed("an entry runs past the end"));
            }
        }
        // Extensions: a 4-byte signature and a 32-bit size each, up to the checksum.
        while at + 8 <= end {
            let signature = &bytes[at..at + 4];
            match signature {
                b"link" => return Err(IndexError::Unsupported("a split index")),
                b"sdir" => return Err(IndexError::Unsupported("a sparse index")),
                _ => {}
            }
            at += 8 + be32(&bytes, at + 4) as usize;
        }
        Ok(Index { bytes, paths, slots, id_len })
    }

    fn path_of(&self, slot: Slot) -> &[u8] {
        let buffer = if self.paths.is_empty() { &self.bytes } else { &self.paths };
        let (start, len) = (slot.path.0 as usize, slot.path.1 as usize);
        &buffer[start..start + len]
    }

    /// The entry at `position` (in the index's order).
    pub(crate) fn entry(&self, position: usize) -> Entry<'_> {
        let slot = self.slots[position];
        let at = slot.header as usize;
        let word = |index: usize| be32(&self.bytes, at + 4 * index);
        let flags_at = at + STAT_LEN + self.id_len;
        let flags = be16(&self.bytes, flags_at);
        let extended = if flags & 0x4000 != 0 { be16(&self.bytes, flags_at + 2) } else { 0 };
        Entry {
            path: self.path_of(slot),
            stat: StatData {
                ctime: (word(0), word(1)),
                mtime: (word(2), word(3)),
                dev: word(4),
                ino: word(5),
                mode: word(6),
                uid: word(7),
                gid: word(8),
                size: word(9),
            },
            object_id: &self.bytes[at + STAT_LEN..flags_at],
            stage: ((flags >> 12) & 0x3) as u8,
            intent_to_add: extended & 0x2000 != 0,
        }
    }

    /// The positions of the entries whose path is `path` (several during a conflict).
    pub(crate) fn find(&self, path: &[u8]) -> Range<usize> {
        self.find_among(0..self.slots.len(), path)
    }

    /// [`Index::find`] among the entries at `among` (those of the path's folder, found once for all its files).
    pub(crate) fn find_among(&self, among: Range<usize>, path: &[u8]) -> Range<usize> {
        let slots = &self.slots[among.clone()];
        let start = slots.partition_point(|slot| self.path_of(*slot) < path);
        let len = slots[start..].iter().take_while(|slot| self.path_of(**slot) == path).count();
        among.start + start..among.start + start + len
    }

    /// How many entries the index holds.
    pub(crate) fn entry_count(&self) -> usize {
        self.slots.len()
    }

    /// The positions of the entries under the folder `folder` (`src` → every `src/…`); the whole index for `""`.
    pub(crate) fn under(&self, folder: &[u8]) -> Range<usize> {
        if folder.is_empty() {
            return 0..self.slots.len();
        }
        let mut prefix = folder.to_vec();
        prefix.push(b'/');
        let start = self.slots.partition_point(|slot| self.path_of(*slot) < prefix.as_slice());
        let len = self.slots[start..].iter().take_while(|slot| self.path_of(**slot).starts_with(&prefix)).count();
        start..start + len
    }
}

fn be32(bytes: &[u8], at: usize) -> u32 {
    u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
}

fn be16(bytes: &[u8], at: usize) -> u16 {
    u16::from_be_bytes([bytes[at], bytes[at + 1]])
}

/// git's offset varint (`decode_varint`: each continuation adds one before shifting), and where it ends.
fn varint(bytes: &[u8], mut at: usize, end: usize) -> Option<(usize, usize)> {
    let mut byte = *bytes.get(at).filter(|_| at < end)?;
    at += 1;
    let mut value = usize::from(byte & 0x7f);
    while byte & 0x80 != 0 {
        byte = *bytes.get(at).filter(|_| at < end)?;
        at += 1;
        value = value.checked_add(1)?.checked_mul(128)?.checked_add(usize::from(byte & 0x7f))?;
    }
    Some((value, at))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worktree::test_repos::{git, scratch_repository};

    /// `git ls-files --stage` of the repository, as (mode, id, stage, path).
    fn listed(dir: &std::path::Path) -> Vec<(u32, String, u8, String)> {
        let text = git(dir, &["ls-files", "--stage", "-z"]);
        text.split('\0')
            .filter(|line| !line.is_empty())
            .map(|line| {
                let (head, path) = line.split_once('\t').expect("a tab");
                let mut parts = head.split(' ');
                let mode = u32::from_str_radix(parts.next().expect("mode"), 8).expect("octal");
                let id = parts.next().expect("id").to_owned();
                let stage = parts.next().expect("stage").parse().expect("a number");
                (mode, id, stage, path.to_owned())
            })
            .collect()
    }

    fn read(dir: &std::path::Path) -> Result<Index, IndexError> {
        Index::parse(std::fs::read(dir.join(".git/index")).expect("an index"), 20)
    }

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|byte| format!("{byte:02x}")).collect()
    }

    fn entries(index: &Index) -> Vec<(u32, String, u8, String)> {
        (0..index.entry_count())
            .map(|position| {
                let entry = index.entry(position);
                let path = String::from_utf8(entry.path.to_vec()).expect("utf-8");
                (entry.stat.mode, hex(entry.object_id), entry.stage, path)
            })
            .collect()
    }

    /// A repository with long (two components of 250 bytes), nested, unicode and shared-prefix paths, a symbolic link and an executable.
    fn populated(name: &str) -> std::path::PathBuf {
        let dir = scratch_repository(name);
        let long = format!("{}/{}", "l".repeat(250), "m".repeat(250));
        for (path, text) in [
            ("a.txt", "a"),
            ("src/lib.rs", "pub fn f() {}\n"),
            ("src/lib.rs.orig", "old"),
            ("src/nested/deeper/mod.rs", "mod x;"),
            ("src-other/x", "x"),
            ("docs/résumé.md", "é"),
            (&format!("long/{long}"), "long"),
        ] {
            let file = dir.join(path);
            std::fs::create_dir_all(file.parent().expect("a folder")).expect("folders");
            std::fs::write(&file, text).expect("a file");
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink("a.txt", dir.join("link")).expect("a link");
        git(&dir, &["add", "-A"]);
        dir
    }

    #[test]
    fn every_version_reads_as_git_lists_it() {
        for version in ["2", "3", "4"] {
            let dir = populated(&format!("index-v{version}"));
            git(&dir, &["update-index", "--index-version", version]);
            if version == "3" {
                // Extended flags (version 3): an intent-to-add entry.
                std::fs::write(dir.join("later.txt"), "later").expect("a file");
                git(&dir, &["add", "-N", "later.txt"]);
            }
            let index = read(&dir).expect("reads");
            assert_eq!(entries(&index), listed(&dir), "version {version}");
            if version == "3" {
                let later = index.entry(index.find(b"later.txt").start);
                assert!(later.intent_to_add);
                assert!(!index.entry(index.find(b"a.txt").start).intent_to_add);
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn entries_are_found_by_path_and_by_folder() {
        let dir = populated("index-find");
        git(&dir, &["update-index", "--index-version", "4"]);
        let index = read(&dir).expect("reads");
        let paths = |range: Range<usize>| -> Vec<String> {
            range.map(|at| String::from_utf8_lossy(index.entry(at).path).into_owned()).collect()
        };
        assert_eq!(paths(index.under(b"src")), ["src/lib.rs", "src/lib.rs.orig", "src/nested/deeper/mod.rs"]);
        assert_eq!(paths(index.under(b"src/nested")), ["src/nested/deeper/mod.rs"]);
        assert_eq!(paths(index.find(b"src/lib.rs")), ["src/lib.rs"]);
        assert!(index.find(b"src").is_empty());
        assert_eq!(paths(index.under(b"src-other")), ["src-other/x"]);
        assert!(index.under(b"sr").is_empty());
        assert_eq!(index.under(b"").len(), index.entry_count());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn stat_data_is_what_git_recorded() {
        use std::os::unix::fs::MetadataExt;
        let dir = populated("index-stat");
        let index = read(&dir).expect("reads");
        let entry = index.entry(index.find(b"src/lib.rs").start);
        let meta = std::fs::symlink_metadata(dir.join("src/lib.rs")).expect("stat");
        assert_eq!(entry.stat.size as u64, meta.len());
        assert_eq!(entry.stat.mtime.0 as i64, meta.mtime());
        assert_eq!(entry.stat.ino as u64, meta.ino() & 0xffff_ffff);
        assert_eq!(entry.stat.mode, 0o100644);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn conflicts_have_their_stages() {
        let dir = scratch_repository("index-conflict");
        std::fs::write(dir.join("f"), "base\n").expect("a file");
        git(&dir, &["add", "f"]);
        git(&dir, &["commit", "-qm", "base"]);
        git(&dir, &["checkout", "-qb", "other"]);
        std::fs::write(dir.join("f"), "other\n").expect("a file");
        git(&dir, &["commit", "-qam", "other"]);
        git(&dir, &["checkout", "-q", "-"]);
        std::fs::write(dir.join("f"), "mine\n").expect("a file");
        git(&dir, &["commit", "-qam", "mine"]);
        let _ = std::process::Command::new("git").args(["merge", "-q", "other"]).current_dir(&dir).output();
        let index = read(&dir).expect("reads");
        let stages: Vec<u8> = index.find(b"f").map(|at| index.entry(at).stage).collect();
        assert_eq!(stages, [1, 2, 3]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn what_it_cannot_follow_is_an_error_not_a_guess() {
        assert_eq!(
            Index::parse(b"not an index at all".to_vec(), 20).err(),
            Some(IndexError::Malformed("not a git index"))
        );
        let dir = populated("index-split");
        let whole = std::fs::read(dir.join(".git/index")).expect("an index");
        for cut in [20, 100, whole.len() / 2] {
            assert!(Index::parse(whole[..cut].to_vec(), 20).is_err(), "cut at {cut}");
        }
        git(&dir, &["update-index", "--split-index"]);
        assert_eq!(read(&dir).err(), Some(IndexError::Unsupported("a split index")));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn varints_are_gits() {
        // From git's varint.c: 0x7f = 127, 0x80 0x00 = 128, 0x80 0x7f = 255, 0xff 0x7f = 16511.
        assert_eq!(varint(&[0x7f], 0, 1), Some((127, 1)));
        assert_eq!(varint(&[0x80, 0x00], 0, 2), Some((128, 2)));
        assert_eq!(varint(&[0x80, 0x7f], 0, 2), Some((255, 2)));
        assert_eq!(varint(&[0xff, 0x7f], 0, 2), Some((16511, 2)));
        assert_eq!(varint(&[0x80], 0, 1), None);
    }

    proptest::proptest! {
        #[test]
        fn no_bytes_make_it_panic(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            let mut with_header = b"DIRC\0\0\0\x04\0\0\0\x03".to_vec();
            with_header.extend(&bytes);
            if let Ok(index) = Index::parse(with_header, 20) {
                for position in 0..index.entry_count() {
                    let _ = index.entry(position);
                }
            }
            let _ = Index::parse(bytes, 20);
        }
    }
}
