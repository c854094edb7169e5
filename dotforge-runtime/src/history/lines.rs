//! A history file read line by line, streamed (a file is never held whole), with what every CLI's reader shares:
//! the event it yields, the count of what it skips, and the byte search that passes over the lines that cannot carry
//! an event — bookkeeping, usage records, system prompts, which are most of a history's bytes — before any JSON is
//! parsed. Such a line is only scanned for its `type` (serde skips its members without building them), so that the
//! report still counts it by type, and a damaged one as malformed.

use super::json::{self, raw_fields, Raw};
use crate::time::Timestamp;
use memchr::memmem::Finder;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::Read as _;
use std::path::Path;

/// One hook event read back from a history: the payload its CLI would have sent, in that CLI's own words.
#[derive(Debug)]
pub(crate) struct HistoryEvent {
    pub session_id: String,
    /// When it happened (the line's timestamp); `None` when the line has none.
    pub at: Option<Timestamp>,
    /// The hook payload the CLI would have sent.
    pub payload: Map<String, Value>,
}

/// What was skipped while reading.
#[derive(Debug, Default)]
pub(crate) struct Skipped {
    /// Lines that are not a JSON object (a truncated last line among them).
    pub malformed: u64,
    /// Lines that are not UTF-8.
    pub not_utf8: u64,
    /// Lines of other types (`system`, `attachment`, `summary`…), by type (prefixed with the CLI's name for the
    /// CLIs other than Claude Code: `codex/event_msg`).
    pub other_types: BTreeMap<String, u64>,
    /// Files whose last line was cut short.
    pub truncated_files: u64,
}

impl Skipped {
    /// Adds `other`'s counts to these.
    pub(crate) fn merge(&mut self, other: Skipped) {
        self.malformed += other.malformed;
        self.not_utf8 += other.not_utf8;
        self.truncated_files += other.truncated_files;
        for (kind, count) in other.other_types {
            *self.other_types.entry(kind).or_default() += count;
        }
    }

    fn other(&mut self, prefix: &str, kind: &str) {
        match self.other_types.get_mut(kind).filter(|_| prefix.is_empty()) {
            Some(count) => *count += 1,
            None => *self.other_types.entry(format!("{prefix}{kind}")).or_default() += 1,
        }
    }
}

/// What a reader made of a line.
#[derive(Debug)]
pub(crate) enum Read<'a> {
    /// It was read (it may or may not have carried an event).
    Used,
    /// A line of a type that carries no event: counted under its type.
    Other(Cow<'a, str>),
    /// Not a JSON object of the CLI's lines.
    Malformed,
}

/// The byte strings one of which every line that can carry an event holds (a line without any is skipped unread).
pub(crate) struct Needles(Vec<Finder<'static>>);

impl Needles {
    pub(crate) fn new(words: &[&'static str]) -> Needles {
        Needles(words.iter().map(|word| Finder::new(word.as_bytes())).collect())
    }

    fn found_in(&self, line: &[u8]) -> bool {
        self.0.iter().any(|finder| finder.find(line).is_some())
    }
}

/// A CLI's history, read one line at a time into the events its hook would have been sent.
pub(crate) trait LineReader {
    /// The words one of which every line that carries an event holds.
    fn needles(&self) -> &Needles;
    /// The prefix of the types of its lines in the skipped counts (`codex/`; empty for Claude Code).
    fn prefix(&self) -> &'static str;
    /// Reads a line that holds one of the needles, pushing the events it carries onto `out`.
    fn read<'a>(&mut self, line: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a>;
    /// The end of the file: the events still held back.
    fn finish(&mut self, _out: &mut Vec<HistoryEvent>) {}
}

raw_fields!(
    /// Any line, for its type.
    Typed<'a> { kind: "type" => Raw<'a> }
);

/// The type of a line that carries no event (its `type` member), or `Malformed`.
pub(crate) fn line_type(line: &str) -> Read<'_> {
    match json::line::<Typed<'_>>(line) {
        Some(typed) => Read::Other(json::text(typed.kind).unwrap_or(Cow::Borrowed("(no type)"))),
        None => Read::Malformed,
    }
}

/// How much of a file is read at a time (a longer line makes the buffer grow to hold it).
const CHUNK: usize = 1 << 16;

/// The fewest bytes of history an event takes, and the most events room is made for at once.
const BYTES_PER_EVENT: u64 = 256;
const MOST_EVENTS_AT_ONCE: usize = 1 << 14;

/// A buffer larger than this (grown for a long line) is not kept for the next file.
const KEPT_BUFFER: usize = 1 << 20;

thread_local! {
    /// Each thread's read buffer, kept from file to file: allocating and freeing a large buffer per file makes the
    /// allocator gather its free lists again each time.
    static BUFFER: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Reads the file at `path` with `reader`, returning the events in file order and counting what it skips. `Err` when
/// the file cannot be read at all.
pub(crate) fn read_file(
    path: &Path,
    reader: &mut dyn LineReader,
    skipped: &mut Skipped,
) -> Result<Vec<HistoryEvent>, String> {
    let cannot = |error: std::io::Error| format!("cannot read {}: {error}", path.display());
    let mut file = std::fs::File::open(path).map_err(cannot)?;
    // Room for the events at once, by the file's size (a few hundred bytes an event): the allocator gathers its
    // free lists each time a vector grows past a kilobyte.
    let size = file.metadata().map_or(0, |meta| meta.len());
    let mut out = Vec::with_capacity(usize::try_from(size / BYTES_PER_EVENT).unwrap_or(0).min(MOST_EVENTS_AT_ONCE));
    BUFFER.with(|buffer| {
        let mut buffer = buffer.borrow_mut();
        if buffer.len() < CHUNK || buffer.len() > KEPT_BUFFER {
            *buffer = vec![0; CHUNK];
        }
        // The bytes read and not yet taken as lines: `buffer[start..end]`.
        let (mut start, mut end) = (0, 0);
        loop {
            if let Some(at) = memchr::memchr(b'\n', &buffer[start..end]) {
                each_line(&buffer[start..start + at], false, reader, skipped, &mut out);
                start += at + 1;
                continue;
            }
            buffer.copy_within(start..end, 0);
            (start, end) = (0, end - start);
            if end == buffer.len() {
                let longer = buffer.len() * 2;
                buffer.resize(longer, 0);
            }
            let read = loop {
                match file.read(&mut buffer[end..]) {
                    Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                    other => break other.map_err(cannot)?,
                }
            };
            if read == 0 {
                // The last line, with no newline after it: cut short, when it does not read.
                each_line(&buffer[..end], true, reader, skipped, &mut out);
                break;
            }
            end += read;
        }
        Ok::<(), String>(())
    })?;
    reader.finish(&mut out);
    Ok(out)
}

/// One line of a file (without its newline; `cut_short` for a last line without one).
fn each_line(
    line: &[u8],
    cut_short: bool,
    reader: &mut dyn LineReader,
    skipped: &mut Skipped,
    out: &mut Vec<HistoryEvent>,
) {
    if line.iter().all(u8::is_ascii_whitespace) {
        return;
    }
    let carries = reader.needles().found_in(line);
    let Ok(text) = std::str::from_utf8(line) else {
        skipped.not_utf8 += 1;
        return;
    };
    let read = if carries { reader.read(text, out) } else { line_type(text) };
    match read {
        Read::Used => {}
        Read::Other(kind) => skipped.other(reader.prefix(), &kind),
        Read::Malformed => {
            skipped.malformed += 1;
            skipped.truncated_files += u64::from(cut_short);
        }
    }
}

/// `2026-11-30T17:03:51.788Z` (or without fractions) as a timestamp.
pub(crate) fn parse_time(text: &str) -> Option<Timestamp> {
    let mut whole = [b'Z'; 20];
    whole[..19].copy_from_slice(text.as_bytes().get(..19)?);
    Timestamp::parse(std::str::from_utf8(&whole).ok()?)
}

/// The time of a line's raw timestamp member.
pub(crate) fn time_of(raw: json::Raw<'_>) -> Option<Timestamp> {
    json::text(raw).as_deref().and_then(parse_time)
}

/// A hook payload: `hook_event_name` and the members given, in the CLI's words.
pub(crate) fn payload<const N: usize>(event: &str, members: [(&str, Value); N]) -> Map<String, Value> {
    let mut payload = Map::new();
    payload.insert("hook_event_name".into(), Value::from(event));
    for (key, value) in members {
        payload.insert(key.to_owned(), value);
    }
    payload
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Takes every line with `"x"` in it as an event whose session is the line's length.
    struct Lengths(Needles);

    impl LineReader for Lengths {
        fn needles(&self) -> &Needles {
            &self.0
        }

        fn prefix(&self) -> &'static str {
            "test/"
        }

        fn read<'a>(&mut self, line: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a> {
            if !(line.starts_with('{') && line.ends_with('}')) {
                return Read::Malformed;
            }
            out.push(HistoryEvent { session_id: line.len().to_string(), at: None, payload: Map::new() });
            Read::Used
        }
    }

    #[test]
    fn lines_longer_than_a_read_and_across_reads_come_whole_and_a_cut_last_line_is_counted() {
        let path = std::env::temp_dir().join(format!("dotforge-lines-{}.jsonl", std::process::id()));
        let long = format!("{{\"x\":\"{}\"}}", "a".repeat(3 * CHUNK));
        let mut text = String::new();
        for index in 0..5000 {
            text.push_str(&format!("{{\"x\":{index}}}\n"));
        }
        text.push_str(&long);
        text.push_str("\n\n   \n{\"type\":\"other\"}\n{\"x\": cut");
        std::fs::write(&path, &text).expect("write");
        let mut skipped = Skipped::default();
        let events = read_file(&path, &mut Lengths(Needles::new(&["\"x\""])), &mut skipped).expect("reads");
        let lengths: Vec<usize> = events.iter().map(|event| event.session_id.parse().unwrap_or(0)).collect();
        assert_eq!(lengths.len(), 5001, "every line, none split at a read's end");
        assert_eq!(lengths[4999], "{\"x\":4999}".len());
        assert_eq!(lengths[5000], long.len(), "a line three reads long comes whole");
        assert_eq!(skipped.other_types.get("test/other"), Some(&1), "a line without a needle is counted by type");
        assert_eq!((skipped.malformed, skipped.truncated_files), (1, 1), "the cut last line");
        let _ = std::fs::remove_file(path);
    }
}
