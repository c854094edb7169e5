//! The hash chain of the audit files (CONTRACT §7's extension): every line the hook appends ends with a field
//! `h=<16 hex>`, the first 16 hex digits of the SHA-256 of the previous line's hash, a line break and this line's
//! text before the field. The first line's previous hash is the file's own genesis (its name hashed), so a line moved
//! from one file to another does not verify. Lines without the field before the first chained one (written by an
//! earlier version) are chained all the same, by the hash they would have had; after it, a line without the field
//! is a break.
//!
//! The chain is keyless: it finds a line added, edited, removed or moved by anything that does not recompute the
//! hashes (a text editor, `sed`, `echo >>`, a program that appends a line); a program that knows the scheme can
//! recompute them. The stat-level marks of [`crate::watch`] and the state's pointers into the chain narrow that
//! further; they are keyless too.

use crate::hash::sha256_hex;
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// Hex digits of a line's hash.
const HASH_HEX: usize = 16;

/// The field that ends a chained line: `|h=` and the hash.
const FIELD: &str = "|h=";

/// The hash before a file's first line.
pub(crate) fn genesis(file_name: &str) -> String {
    short(&sha256_hex(format!("dotforge audit chain 1\n{file_name}").as_bytes()))
}

/// The hash of a line whose text (without the field) is `body`, after a line whose hash is `previous`.
pub(crate) fn link(previous: &str, body: &str) -> String {
    let mut bytes = Vec::with_capacity(previous.len() + 1 + body.len());
    bytes.extend_from_slice(previous.as_bytes());
    bytes.push(b'\n');
    bytes.extend_from_slice(body.as_bytes());
    short(&sha256_hex(&bytes))
}

fn short(hex: &str) -> String {
    hex[..HASH_HEX].to_owned()
}

/// A line's text before its hash field, and the hash it holds (`None` for a line without the field).
pub(crate) fn split_line(line: &str) -> (&str, Option<&str>) {
    let Some(at) = line.len().checked_sub(FIELD.len() + HASH_HEX) else { return (line, None) };
    let (body, field) = line.split_at_checked(at).unwrap_or((line, ""));
    let hash =
        field.strip_prefix(FIELD).filter(|hash| hash.bytes().all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f')));
    // The `|` is a separator only when an even number of backslashes precede it (`\|` is an escaped bar).
    let escapes = body.bytes().rev().take_while(|byte| *byte == b'\\').count();
    match hash {
        Some(hash) if escapes % 2 == 0 => (body, Some(hash)),
        _ => (line, None),
    }
}

/// Why a line breaks the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BreakKind {
    /// The line's hash is not that of its text after the line before it: the line was edited or added, or a line
    /// before it was removed or moved.
    DoesNotFollow,
    /// The line has no hash, after the chain began: something other than the hook added it.
    Unchained,
}

impl BreakKind {
    /// What the break means, in words.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            BreakKind::DoesNotFollow => {
                "its hash does not follow the line before it (this line was added or edited, or a line before it was removed or moved)"
            }
            BreakKind::Unchained => "it carries no chain hash (a line added by something other than the hook)",
        }
    }
}

/// A line that breaks the chain (numbered from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Break {
    pub line: usize,
    pub kind: BreakKind,
}

/// A file's chain as verified.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Verified {
    /// Lines in the file.
    pub lines: usize,
    /// Lines before the first chained one (an earlier version's).
    pub before_chain: usize,
    /// The hash of each line, in order (the one it holds, else the one it would have).
    pub hashes: Vec<String>,
    /// The lines that break the chain, first first.
    pub breaks: Vec<Break>,
}

impl Verified {
    /// The hash after the last line: what the next line is chained to.
    pub(crate) fn head<'v>(&'v self, genesis: &'v str) -> &'v str {
        self.hashes.last().map_or(genesis, String::as_str)
    }
}

/// Verifies the text of the audit file `file_name`.
pub(crate) fn verify(text: &str, file_name: &str) -> Verified {
    let genesis = genesis(file_name);
    let mut verified = Verified::default();
    let mut chained = false;
    let body = text.strip_suffix('\n').unwrap_or(text);
    if body.is_empty() && !text.is_empty() {
        verified.lines = 1;
        verified.breaks.push(Break { line: 1, kind: BreakKind::Unchained });
        verified.hashes.push(link(&genesis, ""));
        return verified;
    }
    for (index, line) in body.split('\n').enumerate().filter(|_| !body.is_empty()) {
        let previous = verified.hashes.last().cloned().unwrap_or_else(|| genesis.clone());
        let (text, stored) = split_line(line);
        let expected = link(&previous, text);
        verified.lines += 1;
        match stored {
            Some(stored) => {
                chained = true;
                if stored != expected {
                    verified.breaks.push(Break { line: index + 1, kind: BreakKind::DoesNotFollow });
                }
                verified.hashes.push(stored.to_owned());
            }
            None => {
                if chained {
                    verified.breaks.push(Break { line: index + 1, kind: BreakKind::Unchained });
                } else {
                    verified.before_chain += 1;
                }
                verified.hashes.push(expected);
            }
        }
    }
    verified
}

/// What an append wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Appended {
    /// The new line's hash.
    pub hash: String,
}

/// Bytes read from the end of a file to find its last line.
const TAIL_BYTES: u64 = 64 * 1024;

/// Appends `body` (one line, no line break) to the audit file at `path` as a chained line, with a single `write` on
/// an `O_APPEND` file (mode 0644) made durable (`fdatasync`). The caller holds the state lock, so the line before it
/// is the last one. A file that does not end with a line break (a line cut short, or added by hand) gets one first.
pub(crate) fn append(path: &Path, body: &str) -> io::Result<Appended> {
    let file_name = path.file_name().and_then(|name| name.to_str()).unwrap_or("");
    let mut options = std::fs::OpenOptions::new();
    options.read(true).append(true).create(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o644);
    let mut file = options.open(path)?;
    let (previous, ends_with_break) = last_hash(&mut file, file_name)?;
    let hash = link(&previous, body);
    let separator = if ends_with_break { "" } else { "\n" };
    file.write_all(format!("{separator}{body}{FIELD}{hash}\n").as_bytes())?;
    file.sync_data()?;
    Ok(Appended { hash })
}

/// The hash the next line of an open audit file is chained to, and whether the file ends with a line break (an
/// empty one does).
fn last_hash(file: &mut std::fs::File, file_name: &str) -> io::Result<(String, bool)> {
    let size = file.metadata()?.len();
    if size == 0 {
        return Ok((genesis(file_name), true));
    }
    let start = size.saturating_sub(TAIL_BYTES);
    file.seek(SeekFrom::Start(start))?;
    let mut tail = Vec::with_capacity((size - start) as usize);
    file.read_to_end(&mut tail)?;
    let ends_with_break = tail.last() == Some(&b'\n');
    let trimmed = tail.strip_suffix(b"\n").unwrap_or(&tail);
    let last_line = trimmed.rsplit(|byte| *byte == b'\n').next().unwrap_or_default();
    let whole_line = start == 0 || trimmed.len() > last_line.len();
    if let (true, Ok(line)) = (whole_line, std::str::from_utf8(last_line)) {
        if let (_, Some(hash)) = split_line(line) {
            return Ok((hash.to_owned(), ends_with_break));
        }
    }
    // The last line has no hash of its own (an earlier version's, or one added by something else): the chain is
    // worked out from the start.
    file.seek(SeekFrom::Start(0))?;
    let mut whole = Vec::with_capacity(size as usize);
    file.read_to_end(&mut whole)?;
    let text = String::from_utf8_lossy(&whole);
    let genesis = genesis(file_name);
    Ok((verify(&text, file_name).head(&genesis).to_owned(), ends_with_break))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dotforge-chain-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        dir
    }

    fn written(label: &str, bodies: &[&str]) -> (std::path::PathBuf, String) {
        let path = scratch(label).join("overrides.log");
        for body in bodies {
            append(&path, body).expect("append");
        }
        let text = std::fs::read_to_string(&path).expect("read");
        (path, text)
    }

    const BODIES: [&str; 4] = ["a|1|x", "b|2|y\\|z", "c|3|", "d|4|w"];

    #[test]
    fn a_trail_only_the_hook_wrote_verifies() {
        let (_, text) = written("clean", &BODIES);
        let verified = verify(&text, "overrides.log");
        assert_eq!((verified.lines, verified.before_chain, verified.breaks.len()), (4, 0, 0), "{text}");
        assert!(text.lines().all(|line| split_line(line).1.is_some()), "{text}");
        assert_eq!(split_line(text.lines().nth(1).expect("line")).0, "b|2|y\\|z");
        assert!(verify("", "overrides.log").breaks.is_empty());
    }

    #[test]
    fn every_kind_of_forgery_is_found_at_its_line() {
        let (_, text) = written("forgeries", &BODIES);
        let lines: Vec<&str> = text.lines().collect();
        let join = |lines: &[&str]| lines.iter().map(|line| format!("{line}\n")).collect::<String>();
        let first_break = |text: &str| verify(text, "overrides.log").breaks.first().copied();
        let added = join(&[lines[0], lines[1], "2026-01-01T00:00:00Z|s|b|Bash|x|1|user approved", lines[2]]);
        assert_eq!(first_break(&added), Some(Break { line: 3, kind: BreakKind::Unchained }));
        let appended = format!("{text}2026-01-01T00:00:00Z|s|b|Bash|x|1|user approved\n");
        assert_eq!(first_break(&appended), Some(Break { line: 5, kind: BreakKind::Unchained }));
        let edited = text.replacen("b|2|", "b|9|", 1);
        assert_eq!(first_break(&edited), Some(Break { line: 2, kind: BreakKind::DoesNotFollow }));
        let removed = join(&[lines[0], lines[2], lines[3]]);
        assert_eq!(first_break(&removed), Some(Break { line: 2, kind: BreakKind::DoesNotFollow }));
        let reordered = join(&[lines[0], lines[2], lines[1], lines[3]]);
        assert_eq!(first_break(&reordered), Some(Break { line: 2, kind: BreakKind::DoesNotFollow }));
        let faked = join(&[lines[0], lines[1], "x|1|y|h=0123456789abcdef", lines[2]]);
        assert_eq!(first_break(&faked), Some(Break { line: 3, kind: BreakKind::DoesNotFollow }));
        // An edit is found at its own line: the lines after it still follow the hash it holds.
        assert_eq!(verify(&edited, "overrides.log").breaks.len(), 1);
        // Moved from another file: the genesis differs.
        assert_eq!(verify(&text, "switches.log").breaks.first().map(|found| found.line), Some(1));
    }

    #[test]
    fn lines_of_an_earlier_version_are_chained_by_the_hash_they_would_have() {
        let path = scratch("legacy").join("overrides.log");
        std::fs::write(&path, "old|1|\nold|2|\n").expect("legacy lines");
        append(&path, "new|3|").expect("append");
        let text = std::fs::read_to_string(&path).expect("read");
        let verified = verify(&text, "overrides.log");
        assert_eq!((verified.lines, verified.before_chain, verified.breaks.len()), (3, 2, 0), "{text}");
        let tampered = text.replacen("old|1|", "old|7|", 1);
        assert_eq!(verify(&tampered, "overrides.log").breaks.first().map(|found| found.line), Some(3));
    }

    #[test]
    fn the_hook_chains_onto_a_forged_line_so_only_the_forgery_is_reported() {
        let (path, _) = written("after-forgery", &BODIES[..2]);
        let mut file = std::fs::OpenOptions::new().append(true).open(&path).expect("open");
        file.write_all(b"forged|1|user approved").expect("forge without a line break");
        drop(file);
        append(&path, "e|5|").expect("append after the forgery");
        let text = std::fs::read_to_string(&path).expect("read");
        assert_eq!(text.lines().count(), 4, "{text}");
        let verified = verify(&text, "overrides.log");
        assert_eq!(verified.breaks, [Break { line: 3, kind: BreakKind::Unchained }], "{text}");
    }

    #[test]
    fn a_field_that_only_looks_like_a_hash_is_text() {
        assert_eq!(split_line("a\\|h=0123456789abcdef"), ("a\\|h=0123456789abcdef", None));
        assert_eq!(split_line("a\\\\|h=0123456789abcdef"), ("a\\\\", Some("0123456789abcdef")));
        assert_eq!(split_line("a|h=0123456789ABCDEF").1, None);
        assert_eq!(split_line("h=0").1, None);
    }
}
