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
use std::io::BufRead;
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

/// Reads the file at `path` with `reader`, returning the events in file order and counting what it skips. `Err` when
/// the file cannot be read at all.
pub(crate) fn read_file(
    path: &Path,
    reader: &mut dyn LineReader,
    skipped: &mut Skipped,
) -> Result<Vec<HistoryEvent>, String> {
    let cannot = |error: std::io::Error| format!("cannot read {}: {error}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut input = std::io::BufReader::with_capacity(1 << 16, file);
    let mut buffer = Vec::new();
    let mut out = Vec::new();
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer).map_err(cannot)? == 0 {
            break;
        }
        let last_cut_short = buffer.last() != Some(&b'\n');
        let line = buffer.strip_suffix(b"\n").unwrap_or(&buffer);
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let carries = reader.needles().found_in(line);
        let Ok(text) = std::str::from_utf8(line) else {
            skipped.not_utf8 += 1;
            continue;
        };
        let read = if carries { reader.read(text, &mut out) } else { line_type(text) };
        match read {
            Read::Used => {}
            Read::Other(kind) => skipped.other(reader.prefix(), &kind),
            Read::Malformed => {
                skipped.malformed += 1;
                skipped.truncated_files += u64::from(last_cut_short);
            }
        }
    }
    reader.finish(&mut out);
    Ok(out)
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
