//! The line layout of state.json, read and written: one session per line, so that an event reads the first line
//! and its own session's line, and writes every other line back as it was (see the parent module's doc).

use super::doc::{Raw, SessionEntry, StateDoc, SMALLEST_SESSION_BYTES};
use super::seal::Seal;
use crate::session::Key;
use serde::de::{DeserializeSeed, Deserializer};
use std::borrow::Cow;
use std::io::{BufWriter, Write};

/// How a sealed file in the line layout starts: its snapshot, then its seal.
pub(super) const WATCH_FIRST: &str = "{\"watch\":";
/// What follows the snapshot (then the seal's text and a closing quote).
pub(super) const SEALED_NEXT: &str = ",\"sealed\":\"";

/// Where the line breaks of `bytes` are. memchr's SSE2 searcher, which every x86_64 processor runs, looks at 16 bytes
/// at a time without asking the processor for its features first (in a virtual machine each question, a CPUID, can
/// cost microseconds); elsewhere its portable searcher looks at a word at a time.
fn line_breaks(bytes: &[u8]) -> Vec<usize> {
    #[cfg(target_arch = "x86_64")]
    if let Some(sse2) = memchr::arch::x86_64::sse2::memchr::One::new(b'\n') {
        return sse2.iter(bytes).collect();
    }
    memchr::arch::all::memchr::One::new(b'\n').iter(bytes).collect()
}

/// A key followed by `:`, read by serde_json from the start of a line.
struct LineKey<'de>(Cow<'de, str>);

impl<'de> serde::Deserialize<'de> for LineKey<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Key.deserialize(deserializer).map(LineKey)
    }
}

/// Splits `"key":value` (a line of the sessions object, without its comma) into the key and the value's text.
fn split_member(line: &str) -> Option<(Cow<'_, str>, &str)> {
    let mut keys = serde_json::Deserializer::from_str(line).into_iter::<LineKey<'_>>();
    let LineKey(key) = keys.next()?.ok()?;
    let value = line.get(keys.byte_offset()..)?.strip_prefix(':')?;
    Some((key, value))
}

impl<'a> StateDoc<'a> {
    /// Reads a file in the line layout (see the module doc): the first line and each line's key through serde_json,
    /// the sessions' values left unread (so a broken one is found only when it is decoded). `None` when the file has
    /// another layout (or its first line or a key does not read).
    pub(crate) fn parse_lines(bytes: &'a [u8]) -> Option<StateDoc<'a>> {
        let text = std::str::from_utf8(bytes).ok()?;
        let (first_line, rest) = text.split_once('\n')?;
        let lines = rest.strip_suffix("\n}}")?;
        let head: StateDoc<'a> = StateDoc::parse_head(first_line.as_bytes())?;
        let sessions = Vec::with_capacity(lines.len() / SMALLEST_SESSION_BYTES + 1);
        let mut doc = StateDoc { source: text, sessions, ..head };
        let mut start = 0;
        for end in line_breaks(lines.as_bytes()).into_iter().chain([lines.len()]) {
            let line = &lines[start..end];
            let line = if end < lines.len() { line.strip_suffix(',')? } else { line };
            let (id, value) = split_member(line)?;
            doc.sessions.push(SessionEntry { id, raw: Raw::Line(value) });
            start = end + 1;
        }
        doc.sort_sessions();
        Some(doc)
    }
}

impl StateDoc<'static> {
    /// The top-level keys of a file in the line layout, from its first line (`{…,"sessions":{`), owned; `None` when
    /// the line is not such a first line.
    pub(crate) fn parse_head(first_line: &[u8]) -> Option<StateDoc<'static>> {
        let first_line = std::str::from_utf8(first_line).ok()?;
        let members = first_line.strip_suffix("\"sessions\":{")?;
        // The top-level keys before `sessions`, closed as an object of their own.
        let top = match members.strip_suffix(',') {
            Some(members) => format!("{members}}}"),
            None if members == "{" => "{}".to_owned(),
            None => return None,
        };
        let head = StateDoc::parse(top.as_bytes()).ok().filter(|head| head.sessions.is_empty())?;
        let owned = |raw: Raw<'_>| Raw::Owned(raw.get().to_owned());
        Some(StateDoc {
            extra: head.extra.into_iter().map(|(key, raw)| (Cow::Owned(key.into_owned()), owned(raw))).collect(),
            metrics: head.metrics.map(owned),
            swept_at: head.swept_at,
            watch: head.watch.map(owned),
            sealed: head.sealed.map(|sealed| Cow::Owned(sealed.into_owned())),
            source: "",
            sessions: Vec::new(),
            decoded: Vec::new(),
        })
    }
}

impl StateDoc<'_> {
    /// Writes the whole document in the line layout, streaming: runs of untouched sessions are written straight from
    /// the parsed text (larger than the buffer, they bypass it); only the event's own session and the keys pass
    /// through the buffer, which is kept small for the heap pages it would touch.
    pub(super) fn write_lines(&self, file: &mut std::fs::File, seal: Option<&Seal>) -> std::io::Result<()> {
        let out = &mut BufWriter::with_capacity(2 * 1024, file);
        out.write_all(b"{")?;
        // The tamper check's snapshot and seal first: every check reads them, and nothing after them (see
        // `super::read_head`).
        if let (Some(watch), Some(seal)) = (&self.watch, seal) {
            out.write_all(&WATCH_FIRST.as_bytes()[1..])?;
            out.write_all(watch.on_one_line().as_bytes())?;
            write!(out, "{SEALED_NEXT}{}\",", seal.text())?;
        }
        for (key, raw) in &self.extra {
            write_key(out, key)?;
            out.write_all(raw.on_one_line().as_bytes())?;
            out.write_all(b",")?;
        }
        out.write_all(b"\"schema_version\":\"1\",")?;
        if let Some(swept_at) = self.swept_at {
            write!(out, "\"swept_at\":\"{}\",", swept_at.format())?;
        }
        if let Some(metrics) = &self.metrics {
            out.write_all(b"\"metrics\":")?;
            out.write_all(metrics.on_one_line().as_bytes())?;
            out.write_all(b",")?;
        }
        out.write_all(b"\"sessions\":{")?;
        self.write_sessions(out)?;
        out.write_all(if self.sessions.is_empty() { b"}}" } else { b"\n}}" })?;
        out.flush()
    }

    /// Writes the members of `sessions`, each on a line of its own. Consecutive sessions that were read from the file
    /// and lie next to each other in it, separated just as this writer would separate them, are written as one slice
    /// of the file's text.
    fn write_sessions(&self, out: &mut dyn Write) -> std::io::Result<()> {
        // The run of file text not yet written: from the first session's key to the last one's value.
        let mut run: Option<(usize, usize)> = None;
        for (position, entry) in self.sessions.iter().enumerate() {
            let span = self.span_in_source(&entry.raw);
            // A session that follows the run in the file, separated as it would be written, extends the run.
            if let (Some((value_start, value_end)), Some((start, end))) = (span, run) {
                if self.source.get(end..value_start).is_some_and(|gap| is_separator_for(gap, &entry.id)) {
                    run = Some((start, value_end));
                    continue;
                }
            }
            if let Some((start, end)) = run.take() {
                out.write_all(&self.source.as_bytes()[start..end])?;
            }
            out.write_all(if position > 0 { b",\n" } else { b"\n" })?;
            write_key(out, &entry.id)?;
            match span {
                Some(span) => run = Some(span),
                None => out.write_all(entry.raw.on_one_line().as_bytes())?,
            }
        }
        if let Some((start, end)) = run {
            out.write_all(&self.source.as_bytes()[start..end])?;
        }
        Ok(())
    }

    /// Where a value taken from the file lies in its text, if it can be written back as it is (on one line).
    fn span_in_source(&self, raw: &Raw<'_>) -> Option<(usize, usize)> {
        let text = match raw {
            Raw::Borrowed(raw) if !raw.get().contains('\n') => raw.get(),
            Raw::Line(text) => text,
            _ => return None,
        };
        let start = (text.as_ptr() as usize).checked_sub(self.source.as_ptr() as usize)?;
        let end = start + text.len();
        (end <= self.source.len()).then_some((start, end))
    }
}

/// True when `gap`, the file text between two sessions' values, is exactly what this writer puts there: a comma, a
/// line break and the second session's key.
fn is_separator_for(gap: &str, id: &str) -> bool {
    // The id as it is, between quotes: serde_json read it from there, so it needed no escapes.
    if gap.strip_prefix(",\n\"").and_then(|rest| rest.strip_suffix("\":")) == Some(id) {
        return true;
    }
    key_needs_escapes(id) && {
        let mut expected = b",\n".to_vec();
        let _ = write_key(&mut expected, id);
        gap.as_bytes() == expected.as_slice()
    }
}

fn key_needs_escapes(key: &str) -> bool {
    key.bytes().any(|byte| byte == b'"' || byte == b'\\' || byte < 0x20)
}

/// Writes `"key":`, escaping the key only when it needs it.
fn write_key(out: &mut dyn Write, key: &str) -> std::io::Result<()> {
    if key_needs_escapes(key) {
        out.write_all(serde_json::Value::from(key).to_string().as_bytes())?;
    } else {
        out.write_all(b"\"")?;
        out.write_all(key.as_bytes())?;
        out.write_all(b"\"")?;
    }
    out.write_all(b":")
}
