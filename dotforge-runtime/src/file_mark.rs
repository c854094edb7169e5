//! What the hook last saw of a file without reading it: its kind (missing, a file, a folder, a symbolic link), size,
//! modification and change times (nanoseconds) and inode, from one `lstat` — and, for a link, the same of what it
//! points to. Two marks that differ say the file may have changed; only then is it read (the tamper check, see
//! [`crate::watch`]). The text form is compact, for the state file: `-` for a missing file, else a kind letter and
//! the numbers.

use std::path::Path;

/// A file's mark.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FileMark(String);

impl FileMark {
    /// The mark of what is at `path` now (`lstat`; a link's target marked after `>`).
    pub(crate) fn of(path: &Path) -> FileMark {
        match std::fs::symlink_metadata(path) {
            Err(_) => FileMark::missing(),
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = match std::fs::metadata(path) {
                    Ok(target) => describe(&target),
                    Err(_) => "-".to_owned(),
                };
                let mut mark = describe(&meta);
                mark.push('>');
                mark.push_str(&target);
                FileMark(mark)
            }
            Ok(meta) => FileMark(describe(&meta)),
        }
    }

    /// The mark of a file that is not there.
    pub(crate) fn missing() -> FileMark {
        FileMark("-".to_owned())
    }

    /// A mark as the state file holds it.
    pub(crate) fn from_text(text: &str) -> FileMark {
        FileMark(text.to_owned())
    }

    /// The mark as the state file holds it.
    pub(crate) fn as_text(&self) -> &str {
        &self.0
    }

    /// Whether nothing is there.
    pub(crate) fn is_missing(&self) -> bool {
        self.0 == "-"
    }

    /// Whether a symbolic link is there.
    pub(crate) fn is_link(&self) -> bool {
        self.0.starts_with('l')
    }
}

/// `<kind><size>.<mtime s>.<mtime ns>.<ctime s>.<ctime ns>.<inode>`, written digit by digit (every check marks a
/// dozen files; `format!` would cost more than the `lstat`s).
fn describe(meta: &std::fs::Metadata) -> String {
    let kind = if meta.file_type().is_symlink() {
        'l'
    } else if meta.is_dir() {
        'd'
    } else if meta.is_file() {
        'f'
    } else {
        'o'
    };
    let mut text = String::with_capacity(80);
    text.push(kind);
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let numbers = [meta.size() as i64, meta.mtime(), meta.mtime_nsec(), meta.ctime(), meta.ctime_nsec()];
        for number in numbers {
            push_number(&mut text, number);
            text.push('.');
        }
        push_number(&mut text, meta.ino() as i64);
    }
    #[cfg(not(unix))]
    {
        let modified = meta
            .modified()
            .ok()
            .and_then(|time| time.duration_since(std::time::UNIX_EPOCH).ok())
            .map_or(0, |elapsed| elapsed.as_nanos() as i64);
        push_number(&mut text, meta.len() as i64);
        text.push('.');
        push_number(&mut text, modified);
    }
    text
}

/// Appends the decimal digits of `number` (with its sign).
fn push_number(text: &mut String, number: i64) {
    if number < 0 {
        text.push('-');
    }
    let mut value = number.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (value % 10) as u8;
        value /= 10;
        if value == 0 {
            break;
        }
    }
    for digit in &digits[at..] {
        text.push(char::from(*digit));
    }
}

#[cfg(test)]
mod tests {
    use super::FileMark;

    #[test]
    fn a_mark_changes_with_the_content_the_kind_and_the_file_behind_the_name() {
        let dir = std::env::temp_dir().join(format!("dotforge-mark-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("settings.json");
        assert!(FileMark::of(&path).is_missing());
        std::fs::write(&path, "{}").expect("write");
        let first = FileMark::of(&path);
        assert!(first.as_text().starts_with('f'), "{first:?}");
        assert_eq!(FileMark::of(&path), first, "nothing changed, nothing differs");
        std::fs::write(&path, "{\"a\":1}").expect("rewrite");
        assert_ne!(FileMark::of(&path), first, "written again");
        let other = dir.join("other.json");
        std::fs::write(&other, "{}").expect("other");
        std::fs::remove_file(&path).expect("rm");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(&other, &path).expect("link");
            let link = FileMark::of(&path);
            assert!(link.is_link() && link.as_text().contains('>'), "{link:?}");
            std::fs::write(&other, "{\"b\":2}").expect("write the target");
            assert_ne!(FileMark::of(&path), link, "what the link points to changed");
        }
        assert_eq!(FileMark::from_text(FileMark::of(&path).as_text()), FileMark::of(&path));
        let mut text = String::new();
        for number in [0, 7, 1_796_229_253_509_652_077, -3] {
            super::push_number(&mut text, number);
            text.push(' ');
        }
        assert_eq!(text, "0 7 1796229253509652077 -3 ");
        let _ = std::fs::remove_dir_all(dir);
    }
}
