//! What extracting an archive writes: its members' paths, read from the archive when the hook runs (a tar, plain or
//! gzip-compressed, and a zip), so that `tar -xzf release.tgz` in the project writes what the archive holds rather
//! than, as far as the hook could tell, anything.
//!
//! Bounded: at most [`MAX_MEMBERS`] members and, of a compressed tar (inflated to find its headers), [`MAX_TAR_BYTES`]
//! of tar stream; past either, or for a format this module does not read, the members are not known. An
//! uncompressed tar's contents are sought past, not read.

use std::fs::File;
use std::io::{BufReader, Read, Seek};
use std::path::{Component, Path, PathBuf};

/// Members read at most.
pub(crate) const MAX_MEMBERS: usize = 20_000;
/// Bytes of a compressed tar's stream read at most (after decompression).
pub(crate) const MAX_TAR_BYTES: u64 = 64 << 20;

/// One member of an archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Member {
    /// Its path inside the extraction folder, as the extracting tool writes it (a leading `/` dropped).
    pub path: PathBuf,
    /// For a symbolic or hard link: where it points, relative to the extraction folder (a symbolic link's target
    /// joined to the member's folder; an absolute one as it is); what is written through it is written there.
    pub link_target: Option<PathBuf>,
}

/// The members of the archive at `path`, `None` when they cannot be read within the bounds (no such file, a format
/// this module does not read, a damaged archive).
pub(crate) fn members(path: &Path) -> Option<Vec<Member>> {
    let mut file = File::open(path).ok()?;
    let mut magic = [0u8; 262];
    let read = read_up_to(&mut file, &mut magic)?;
    let magic = &magic[..read];
    file.rewind().ok()?;
    if magic.starts_with(&[0x1f, 0x8b]) {
        let inflated = flate2::read::MultiGzDecoder::new(BufReader::new(file));
        tar_members(tar::Archive::new(Forward { inner: inflated, position: 0, bound: MAX_TAR_BYTES }))
    } else if magic.starts_with(b"PK\x03\x04") || magic.starts_with(b"PK\x05\x06") {
        zip_members(file)
    } else if magic.get(257..262) == Some(b"ustar") {
        tar_members(tar::Archive::new(BufReader::new(file)))
    } else {
        None
    }
}

/// A stream that seeks forward only, by reading on (a compressed tar's): tar then skips each member's content through
/// it, where without a `Seek` it would zero a 32 KiB buffer for every member. Reading or skipping past `bound`
/// fails.
struct Forward<R> {
    inner: R,
    position: u64,
    bound: u64,
}

impl<R: Read> Read for Forward<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let left = self.bound.saturating_sub(self.position);
        if left == 0 {
            return Err(std::io::Error::other("past the bound of what is read of an archive"));
        }
        let wanted = buffer.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let read = self.inner.read(&mut buffer[..wanted])?;
        self.position += read as u64;
        Ok(read)
    }
}

impl<R: Read> Seek for Forward<R> {
    fn seek(&mut self, to: std::io::SeekFrom) -> std::io::Result<u64> {
        let target = match to {
            std::io::SeekFrom::Current(ahead) if ahead >= 0 => self.position + ahead.unsigned_abs(),
            std::io::SeekFrom::Start(at) if at >= self.position => at,
            _ => return Err(std::io::Error::from(std::io::ErrorKind::Unsupported)),
        };
        if target > self.bound {
            return Err(std::io::Error::other("past the bound of what is read of an archive"));
        }
        let skipped = std::io::copy(&mut (&mut self.inner).take(target - self.position), &mut std::io::sink())?;
        self.position += skipped;
        if self.position < target {
            return Err(std::io::Error::from(std::io::ErrorKind::UnexpectedEof));
        }
        Ok(target)
    }
}

fn read_up_to(file: &mut File, buffer: &mut [u8]) -> Option<usize> {
    let mut filled = 0;
    while filled < buffer.len() {
        match file.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(count) => filled += count,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return None,
        }
    }
    Some(filled)
}

/// The members of a tar, their contents skipped (sought past).
fn tar_members<R: Read + Seek>(mut archive: tar::Archive<R>) -> Option<Vec<Member>> {
    let mut found = Vec::new();
    for entry in archive.entries_with_seek().ok()? {
        let entry = entry.ok()?;
        if found.len() == MAX_MEMBERS {
            return None;
        }
        let path = extracted_path(&entry.path().ok()?);
        let kind = entry.header().entry_type();
        let link_target = if kind.is_symlink() {
            Some(path.parent().unwrap_or(Path::new("")).join(entry.link_name().ok()??))
        } else if kind.is_hard_link() {
            Some(entry.link_name().ok()??.into_owned())
        } else {
            None
        };
        found.push(Member { path, link_target });
    }
    Some(found)
}

fn zip_members(file: File) -> Option<Vec<Member>> {
    let mut archive = zip::ZipArchive::new(BufReader::new(file)).ok()?;
    if archive.len() > MAX_MEMBERS {
        return None;
    }
    let mut found = Vec::with_capacity(archive.len());
    for index in 0..archive.len() {
        let member = archive.by_index_raw(index).ok()?;
        // unzip makes a member stored as a symbolic link one; its target is its (compressed) content, not read
        // here: such an archive's members are not taken as known.
        if member.is_symlink() {
            return None;
        }
        found.push(Member { path: extracted_path(Path::new(member.name())), link_target: None });
    }
    Some(found)
}

/// A member's path as the extracting tools write it: a leading `/` dropped, `.` components skipped (`./src/a.rs`);
/// empty for the folder itself (`./`).
fn extracted_path(path: &Path) -> PathBuf {
    let mut kept = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Normal(name) => kept.push(name),
            Component::ParentDir => kept.push(".."),
            Component::RootDir | Component::Prefix(_) | Component::CurDir => {}
        }
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dotforge-archive-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        dir
    }

    /// A tar stream with regular files, a folder and links, as `tar` writes them.
    fn tar_bytes(entries: &[(&str, tar::EntryType, Option<&str>)]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        for (path, kind, link) in entries {
            let mut header = tar::Header::new_gnu();
            header.set_entry_type(*kind);
            header.set_size(0);
            header.set_mode(0o644);
            if let Some(link) = link {
                header.set_link_name(link).expect("a link name");
            }
            // As written, a leading `/` too (which the builder's own setter refuses).
            header.as_old_mut().name[..path.len()].copy_from_slice(path.as_bytes());
            header.set_cksum();
            builder.append(&header, std::io::empty()).expect("a member");
        }
        builder.into_inner().expect("the archive")
    }

    fn paths(members: Option<Vec<Member>>) -> Option<Vec<(String, Option<String>)>> {
        let shown = |path: &Path| path.display().to_string();
        members.map(|members| {
            members.iter().map(|member| (shown(&member.path), member.link_target.as_deref().map(shown))).collect()
        })
    }

    #[test]
    fn a_tar_plain_or_gzipped_lists_its_members_and_where_its_links_lead() {
        let dir = scratch("tar");
        let bytes = tar_bytes(&[
            ("./", tar::EntryType::Directory, None),
            ("./src/app.rs", tar::EntryType::Regular, None),
            ("/etc/motd", tar::EntryType::Regular, None),
            ("docs/current", tar::EntryType::Symlink, Some("../.forge")),
            ("hard", tar::EntryType::Link, Some(".forge/audit/overrides.log")),
        ]);
        let expected = Some(vec![
            (String::new(), None),
            ("src/app.rs".to_owned(), None),
            ("etc/motd".to_owned(), None),
            ("docs/current".to_owned(), Some("docs/../.forge".to_owned())),
            ("hard".to_owned(), Some(".forge/audit/overrides.log".to_owned())),
        ]);
        std::fs::write(dir.join("plain.tar"), &bytes).expect("write");
        assert_eq!(paths(members(&dir.join("plain.tar"))), expected);
        let mut gzipped = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gzipped.write_all(&bytes).expect("compress");
        std::fs::write(dir.join("a.tgz"), gzipped.finish().expect("compress")).expect("write");
        assert_eq!(paths(members(&dir.join("a.tgz"))), expected);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_zip_lists_its_members_and_one_with_a_link_is_not_known() {
        let dir = scratch("zip");
        let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let stored = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
        writer.start_file("README.md", stored).expect("a member");
        writer.write_all(b"hello").expect("content");
        writer.add_directory("pkg/", stored).expect("a folder");
        writer.start_file("pkg/.claude/settings.json", stored).expect("a member");
        let bytes = writer.finish().expect("the archive").into_inner();
        std::fs::write(dir.join("a.zip"), &bytes).expect("write");
        let expected = ["README.md", "pkg", "pkg/.claude/settings.json"].map(|path| (path.to_owned(), None));
        assert_eq!(paths(members(&dir.join("a.zip"))), Some(expected.to_vec()));
        let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        writer.add_symlink("current", "../.forge", stored).expect("a link");
        std::fs::write(dir.join("link.zip"), writer.finish().expect("the archive").into_inner()).expect("write");
        assert_eq!(members(&dir.join("link.zip")), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_compressed_tar_is_read_and_skipped_forward_only_and_not_past_its_bound() {
        let bytes = tar_bytes(&[("a", tar::EntryType::Regular, None), ("b", tar::EntryType::Regular, None)]);
        let forward = |bound: u64| Forward { inner: std::io::Cursor::new(bytes.clone()), position: 0, bound };
        let listed = |bound: u64| paths(tar_members(tar::Archive::new(forward(bound))));
        assert_eq!(listed(1 << 20), Some(vec![("a".to_owned(), None), ("b".to_owned(), None)]));
        assert_eq!(listed(600), None, "the second header lies past the bound");
        let mut stream = forward(1 << 20);
        assert_eq!(stream.seek(std::io::SeekFrom::Current(512)).ok(), Some(512));
        assert!(stream.seek(std::io::SeekFrom::Start(0)).is_err(), "no way back");
        assert!(stream.seek(std::io::SeekFrom::Start(1 << 30)).is_err(), "past the bound");
    }

    #[test]
    fn what_cannot_be_read_within_the_bounds_is_not_known() {
        let dir = scratch("unknown");
        assert_eq!(members(&dir.join("missing.tgz")), None, "not there yet");
        std::fs::write(dir.join("notes.txt"), "not an archive").expect("write");
        assert_eq!(members(&dir.join("notes.txt")), None);
        std::fs::write(dir.join("x.tar.xz"), [0xfd, b'7', b'z', b'X', b'Z', 0]).expect("write");
        assert_eq!(members(&dir.join("x.tar.xz")), None, "a format not read");
        let cut = tar_bytes(&[("a", tar::EntryType::Regular, None), ("b", tar::EntryType::Regular, None)]);
        std::fs::write(dir.join("cut.tar"), &cut[..700]).expect("write");
        assert_eq!(members(&dir.join("cut.tar")), None, "damaged");
        let many: Vec<String> = (0..=MAX_MEMBERS).map(|index| format!("f{index}")).collect();
        let entries: Vec<(&str, tar::EntryType, Option<&str>)> =
            many.iter().map(|name| (name.as_str(), tar::EntryType::Regular, None)).collect();
        std::fs::write(dir.join("many.tar"), tar_bytes(&entries)).expect("write");
        assert_eq!(members(&dir.join("many.tar")), None, "more members than the bound");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
