//! state.json (CONTRACT §4–§5): load (missing → empty, unparseable → moved aside), TTL, atomic save.
//!
//! serde_json reads the file in one pass, borrowing each session's JSON text (`RawValue`); only the event's own
//! session is decoded into a [`Session`], and every other session is written back byte for byte. The TTL is applied
//! exactly to the session an event uses (an expired one starts afresh), while the other sessions are swept — each
//! one's `last_accessed_at` read — at most every [`SWEEP_INTERVAL_SECONDS`], the time of the last sweep being kept
//! in the file as `swept_at`. A file with many sessions thus costs little more than reading and writing it.

use crate::atomic::write_atomic_with;
use crate::metrics::Totals;
use crate::session::Session;
use crate::time::Timestamp;
use crate::warn::warn;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;
use std::io::{BufWriter, ErrorKind, Write};
use std::path::Path;

/// Sessions other than the event's own are swept for the TTL at most this often.
pub(crate) const SWEEP_INTERVAL_SECONDS: u64 = 300;

/// A JSON value: a slice of the file as read, or text produced by this event.
#[derive(Debug)]
enum Raw<'a> {
    Borrowed(&'a RawValue),
    Owned(String),
}

impl Raw<'_> {
    fn get(&self) -> &str {
        match self {
            Raw::Borrowed(raw) => raw.get(),
            Raw::Owned(text) => text,
        }
    }
}

/// One session of the document.
#[derive(Debug)]
struct SessionEntry<'a> {
    id: Cow<'a, str>,
    raw: Raw<'a>,
}

/// The bytes of state.json, or `None` when it does not exist or cannot be read (with a warning).
pub(crate) fn read_state(path: &Path) -> Option<Vec<u8>> {
    match std::fs::read(path) {
        Ok(bytes) => Some(bytes),
        Err(error) if error.kind() == ErrorKind::NotFound => None,
        Err(error) => {
            warn(&format!("cannot read {}: {error}; using an empty state", path.display()));
            None
        }
    }
}

/// The whole state document, borrowing from the bytes it was parsed from.
#[derive(Debug, Default)]
pub(crate) struct StateDoc<'a> {
    /// Sorted by id, ids unique.
    sessions: Vec<SessionEntry<'a>>,
    /// Top-level keys other than `schema_version`, `swept_at`, `metrics` and `sessions`, kept as they were.
    extra: Vec<(Cow<'a, str>, &'a RawValue)>,
    /// The metrics totals (see [`crate::metrics`]), decoded only by events that count something.
    metrics: Option<Raw<'a>>,
    /// When the other sessions were last swept for the TTL.
    swept_at: Option<Timestamp>,
    /// The text the document was parsed from (empty for a new document).
    source: &'a str,
}

/// A key, borrowed from the file when it holds no escapes.
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string")
    }

    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text.to_owned()))
    }

    fn visit_string<E>(self, text: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text))
    }
}

/// The top-level object; `sessions_hint` is an upper estimate of the number of sessions.
struct Document {
    sessions_hint: usize,
}

/// Bytes per session below which no session is written (an id, a creation time and an access time): reserving for
/// the file's length divided by this many sessions grows the list of sessions at most once. Pages of the reserve that
/// are never written cost nothing.
const SMALLEST_SESSION_BYTES: usize = 64;

impl<'de> Visitor<'de> for Document {
    type Value = StateDoc<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a state object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut doc = StateDoc::default();
        while let Some(key) = map.next_key_seed(Key)? {
            match key.as_ref() {
                "sessions" => doc.sessions = map.next_value_seed(Sessions { capacity: self.sessions_hint })?,
                "schema_version" => {
                    map.next_value::<IgnoredAny>()?;
                }
                "metrics" => doc.metrics = Some(Raw::Borrowed(map.next_value()?)),
                "swept_at" => {
                    doc.swept_at = map.next_value::<Option<Cow<'de, str>>>()?.and_then(|at| Timestamp::parse(&at))
                }
                _ => {
                    let value: &'de RawValue = map.next_value()?;
                    doc.extra.retain(|(kept, _)| *kept != key);
                    doc.extra.push((key, value));
                }
            }
        }
        Ok(doc)
    }
}

/// The `sessions` object: each session's id and JSON text.
struct Sessions {
    capacity: usize,
}

impl<'de> DeserializeSeed<'de> for Sessions {
    type Value = Vec<SessionEntry<'de>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Sessions {
    type Value = Vec<SessionEntry<'de>>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("an object of sessions")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut sessions = Vec::with_capacity(self.capacity);
        while let Some(id) = map.next_key_seed(Key)? {
            let raw: &'de RawValue = map.next_value()?;
            sessions.push(SessionEntry { id, raw: Raw::Borrowed(raw) });
        }
        Ok(sessions)
    }
}

/// A session's `last_accessed_at`, read without decoding the rest.
struct LastAccessed;

impl<'de> Visitor<'de> for LastAccessed {
    type Value = Option<Timestamp>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a session object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut found = None;
        while let Some(key) = map.next_key_seed(Key)? {
            if key == "last_accessed_at" {
                found = map.next_value::<Option<Cow<'de, str>>>().ok().flatten().and_then(|at| Timestamp::parse(&at));
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(found)
    }
}

fn last_accessed_at(raw: &str) -> Option<Timestamp> {
    serde_json::Deserializer::from_str(raw).deserialize_map(LastAccessed).ok().flatten()
}

impl<'a> StateDoc<'a> {
    /// Parses the bytes of `path` (see [`read_state`]); no bytes is an empty state. Bytes that are not a state
    /// document are moved aside to `state.json.corrupt-<unix time>` with a warning, and the state starts empty
    /// (SPEC §7.7).
    pub(crate) fn load(path: &Path, bytes: Option<&'a [u8]>, now: Timestamp) -> StateDoc<'a> {
        let Some(bytes) = bytes else { return StateDoc::default() };
        match StateDoc::parse(bytes) {
            Ok(doc) => doc,
            Err(problem) => {
                let aside = path.with_file_name(format!("state.json.corrupt-{}", now.0));
                match std::fs::rename(path, &aside) {
                    Ok(()) => warn(&format!(
                        "{} is corrupt ({problem}); moved aside to {} and starting with an empty state",
                        path.display(),
                        aside.display()
                    )),
                    Err(error) => warn(&format!(
                        "{} is corrupt ({problem}) and could not be moved aside ({error}); starting with an empty state",
                        path.display()
                    )),
                }
                StateDoc::default()
            }
        }
    }

    /// Parses without side effects (for read-only commands); see [`StateDoc::load`] for the hook's handling.
    pub(crate) fn parse(bytes: &'a [u8]) -> Result<StateDoc<'a>, String> {
        let text = std::str::from_utf8(bytes).map_err(|error| format!("not UTF-8: {error}"))?;
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let document = Document { sessions_hint: text.len() / SMALLEST_SESSION_BYTES };
        let mut doc = deserializer.deserialize_map(document).map_err(|error| error.to_string())?;
        deserializer.end().map_err(|error| error.to_string())?;
        doc.source = text;
        // Files written by dotforge are sorted already; anything else is sorted here, and of sessions with the same
        // id the last one in the file wins (as with any JSON object read into a map).
        if !doc.sessions.windows(2).all(|pair| pair[0].id < pair[1].id) {
            doc.sessions.reverse();
            doc.sessions.sort_by(|left, right| left.id.cmp(&right.id));
            doc.sessions.dedup_by(|later, kept| later.id == kept.id);
        }
        Ok(doc)
    }

    /// Drops every other session whose `last_accessed_at` is older than `ttl` seconds (or unreadable) — at most once
    /// every [`SWEEP_INTERVAL_SECONDS`] (and never for sessions this event produced). Returns how many it dropped,
    /// or `None` when it was not time to sweep.
    pub(crate) fn sweep(&mut self, now: Timestamp, ttl: u64) -> Option<usize> {
        if self.swept_at.is_some_and(|swept| now.seconds_since(swept) < SWEEP_INTERVAL_SECONDS && swept <= now) {
            return None;
        }
        self.swept_at = Some(now);
        let before = self.sessions.len();
        self.sessions.retain(|entry| match &entry.raw {
            Raw::Owned(_) => true,
            Raw::Borrowed(raw) => last_accessed_at(raw.get()).is_some_and(|last| now.seconds_since(last) <= ttl),
        });
        Some(before - self.sessions.len())
    }

    /// The metrics totals the file holds, if it holds readable ones.
    pub(crate) fn metrics(&self) -> Option<Totals> {
        self.metrics.as_ref().and_then(|raw| Totals::from_state(raw.get()))
    }

    /// Replaces the metrics totals.
    pub(crate) fn set_metrics(&mut self, totals: &Totals) {
        self.metrics = Some(Raw::Owned(totals.to_state()));
    }

    /// Takes the session out of the document (creating it when absent, or when it expired: older than `ttl`);
    /// put it back with [`StateDoc::put_session`].
    pub(crate) fn take_session(&mut self, id: &str, now: Timestamp, ttl: u64) -> Session {
        let found = self.position(id).ok().map(|index| self.sessions.remove(index));
        let session = match found.map(|entry| serde_json::from_str(entry.raw.get())) {
            Some(Ok(value)) => Session::from_value(id, value, now),
            _ => return Session::new(now),
        };
        let live = Timestamp::parse(&session.last_accessed_at).is_some_and(|last| now.seconds_since(last) <= ttl);
        if live {
            session
        } else {
            Session::new(now) // SPEC §7.3: an expired session is purged on access and starts afresh
        }
    }

    /// Every session, decoded (ids in order), for read-only commands.
    pub(crate) fn decoded_sessions(&self, now: Timestamp) -> Vec<(String, Session)> {
        self.sessions
            .iter()
            .filter_map(|entry| {
                let value = serde_json::from_str(entry.raw.get()).ok()?;
                Some((entry.id.to_string(), Session::from_value(&entry.id, value, now)))
            })
            .collect()
    }

    /// Stores a session.
    pub(crate) fn put_session(&mut self, id: &str, session: &Session) {
        let entry = SessionEntry { id: Cow::Owned(id.to_owned()), raw: Raw::Owned(session.to_value().to_string()) };
        match self.position(id) {
            Ok(index) => self.sessions[index] = entry,
            Err(index) => self.sessions.insert(index, entry),
        }
    }

    /// Where the session `id` is (`Ok`) or would go (`Err`).
    fn position(&self, id: &str) -> Result<usize, usize> {
        self.sessions.binary_search_by(|entry| entry.id.as_ref().cmp(id))
    }

    /// Serializes and atomically replaces state.json, streaming: other sessions are copied as they were read.
    pub(crate) fn save(&self, path: &Path) -> std::io::Result<()> {
        write_atomic_with(path, |file| {
            // Runs of untouched sessions are written straight from the parsed text (larger than the buffer, they
            // bypass it); only the event's own session and the keys pass through the buffer.
            let out = &mut BufWriter::with_capacity(8 * 1024, file);
            out.write_all(b"{")?;
            for (key, raw) in &self.extra {
                write_key(out, key)?;
                out.write_all(raw.get().as_bytes())?;
                out.write_all(b",")?;
            }
            out.write_all(b"\"schema_version\":\"1\",")?;
            if let Some(swept_at) = self.swept_at {
                write!(out, "\"swept_at\":\"{}\",", swept_at.format())?;
            }
            if let Some(metrics) = &self.metrics {
                out.write_all(b"\"metrics\":")?;
                out.write_all(metrics.get().as_bytes())?;
                out.write_all(b",")?;
            }
            out.write_all(b"\"sessions\":{")?;
            self.write_sessions(out)?;
            out.write_all(b"}}")?;
            out.flush()
        })
    }
}

impl StateDoc<'_> {
    /// Writes the members of `sessions`. Consecutive sessions that were read from the file and lie next to each other
    /// in it, separated just as this writer would separate them, are written as one slice of the file's text.
    fn write_sessions(&self, out: &mut dyn Write) -> std::io::Result<()> {
        // The run of file text not yet written: from the first session's key to the last one's value.
        let mut run: Option<(usize, usize)> = None;
        for (position, entry) in self.sessions.iter().enumerate() {
            if let Some(span) = self.span_in_source(&entry.raw) {
                if let Some((start, end)) = run {
                    if self.source.get(end..span.0).is_some_and(|gap| is_separator_for(gap, &entry.id)) {
                        run = Some((start, span.1));
                        continue;
                    }
                    out.write_all(&self.source.as_bytes()[start..end])?;
                }
                if position > 0 {
                    out.write_all(b",")?;
                }
                write_key(out, &entry.id)?;
                run = Some(span);
                continue;
            }
            if let Some((start, end)) = run.take() {
                out.write_all(&self.source.as_bytes()[start..end])?;
            }
            if position > 0 {
                out.write_all(b",")?;
            }
            write_key(out, &entry.id)?;
            out.write_all(entry.raw.get().as_bytes())?;
        }
        if let Some((start, end)) = run {
            out.write_all(&self.source.as_bytes()[start..end])?;
        }
        Ok(())
    }

    /// Where a value borrowed from the file lies in its text.
    fn span_in_source(&self, raw: &Raw<'_>) -> Option<(usize, usize)> {
        let Raw::Borrowed(raw) = raw else { return None };
        let text = raw.get();
        let start = (text.as_ptr() as usize).checked_sub(self.source.as_ptr() as usize)?;
        let end = start + text.len();
        (end <= self.source.len()).then_some((start, end))
    }
}

/// True when `gap`, the file text between two sessions' values, is exactly what this writer puts there: a comma and
/// the second session's key.
fn is_separator_for(gap: &str, id: &str) -> bool {
    if key_needs_escapes(id) {
        let mut expected = b",".to_vec();
        let _ = write_key(&mut expected, id);
        return gap.as_bytes() == expected.as_slice();
    }
    gap.strip_prefix(",\"").and_then(|rest| rest.strip_suffix("\":")) == Some(id)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dotforge-state-{label}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        dir
    }

    #[test]
    fn other_sessions_and_unknown_keys_are_written_back_verbatim() {
        let text = r#"{"custom":{"b":1,"a":[1, 2]},"schema_version":"1","metrics":{"b":{"violations": 2}},"sessions":{"other":{"last_accessed_at":"2999-01-01T00:00:00Z","x":  1}}}"#;
        let doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let dir = scratch("verbatim");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        assert_eq!(std::fs::read_to_string(&path).expect("reads"), text);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn metrics_totals_are_kept_in_the_file() {
        let text = r#"{"schema_version":"1","metrics":{"b":{"violations":2,"blocks":1}},"sessions":{}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let mut totals = doc.metrics().expect("readable totals");
        assert_eq!((totals.get("b").violations, totals.get("b").blocks, totals.get("b").overrides), (2, 1, 0));
        let mut delta = crate::metrics::MetricsDelta::default();
        delta.override_("b");
        totals.add(&delta);
        doc.set_metrics(&totals);
        let dir = scratch("metrics");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        let saved = std::fs::read(&path).expect("reads");
        assert_eq!(StateDoc::parse(&saved).expect("parses").metrics(), Some(totals));
        assert_eq!(StateDoc::parse(br#"{"metrics":[1],"sessions":{}}"#).expect("parses").metrics(), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn runs_of_untouched_sessions_are_written_whatever_the_layout_of_the_file() {
        let now = Timestamp::parse("2026-01-01T00:00:00Z").expect("time");
        let compact = r#"{"schema_version":"1","swept_at":"2026-01-01T00:00:00Z","sessions":{"a":{"x":1},"b":{"x":2},"m":{"last_accessed_at":"2026-01-01T00:00:00Z"},"q\"":{"x":3},"r":{"x":4},"z":{"x":5}}}"#;
        let spaced = "{ \"swept_at\": \"2026-01-01T00:00:00Z\", \"sessions\": {\n \"a\" : {\"x\":1},\n \"b\": {\"x\": 2}, \"r\":{\"x\":4}, \"q\\\"\":{\"x\":3}, \"z\":{\"x\":5} } }";
        let dir = scratch("runs");
        let path = dir.join("state.json");
        for (text, taken) in
            [(compact, "m"), (compact, "a"), (compact, "z"), (compact, "new"), (spaced, "b"), (spaced, "m")]
        {
            let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
            let session = doc.take_session(taken, now, u64::MAX);
            doc.put_session(taken, &session);
            doc.save(&path).expect("saves");
            let saved_text = std::fs::read_to_string(&path).expect("reads");
            let saved: serde_json::Value = serde_json::from_str(&saved_text).expect("the file is JSON");
            let mut expected: serde_json::Value = serde_json::from_str(text).expect("json");
            expected["sessions"][taken] = session.to_value();
            expected["schema_version"] = "1".into();
            assert_eq!(saved, expected, "{text} with {taken} put back");
            let members = |text: &str| text.matches("\"x\"").count();
            assert_eq!(members(&saved_text), members(&expected.to_string()), "every session once: {saved_text}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn unsorted_files_are_sorted_and_the_last_duplicate_wins() {
        let text = r#"{"sessions":{"b":{"n":1},"a":{"n":2},"b":{"n":3}},"schema_version":"1"}"#;
        let doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let dir = scratch("sort");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        assert_eq!(
            std::fs::read_to_string(&path).expect("reads"),
            r#"{"schema_version":"1","sessions":{"a":{"n":2},"b":{"n":3}}}"#
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_new_session_goes_in_id_order() {
        let text = r#"{"schema_version":"1","sessions":{"a":{"x":1},"c":{"x":2}}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let now = Timestamp(1_800_000_000);
        let session = doc.take_session("b", now, 86_400);
        doc.put_session("b", &session);
        let ids: Vec<&str> = doc.sessions.iter().map(|entry| entry.id.as_ref()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        doc.take_session("c", now, 86_400);
        let ids: Vec<&str> = doc.sessions.iter().map(|entry| entry.id.as_ref()).collect();
        assert_eq!(ids, ["a", "b"], "a taken session leaves the document until it is put back");
    }

    #[test]
    fn escaped_keys_and_bad_documents() {
        let text = r#"{"schema_version":"1","sessions":{"a\"b":{"last_accessed_at":"2999-01-01T00:00:00Z"}}}"#;
        let doc = StateDoc::parse(text.as_bytes()).expect("parses");
        assert_eq!(doc.sessions[0].id, "a\"b");
        for bad in [&b"[]"[..], b"{\"sessions\":[]}", b"{\"sessions\":{\"a\":1", b"{} x", b"\xff", b""] {
            assert!(StateDoc::parse(bad).is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn the_sweep_runs_at_most_every_interval_and_keeps_its_time_in_the_file() {
        let text = r#"{"schema_version":"1","sessions":{"live":{"last_accessed_at":"2026-01-01T00:00:00Z"},"old":{"last_accessed_at":"2020-01-01T00:00:00Z"},"odd":{"x":1}}}"#;
        let now = Timestamp::parse("2026-01-01T01:00:00Z").expect("time");
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        assert_eq!(doc.sweep(now, 86_400), Some(2), "the expired session and the one without a readable time");
        assert_eq!(doc.sweep(Timestamp(now.0 + 10), 0), None, "not again within the interval");
        assert_eq!(doc.sweep(Timestamp(now.0 + SWEEP_INTERVAL_SECONDS), 0), Some(1), "but after it");
        let dir = scratch("swept");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        let saved = std::fs::read(&path).expect("reads");
        let reread = StateDoc::parse(&saved).expect("parses");
        assert_eq!(reread.swept_at, Some(Timestamp(now.0 + SWEEP_INTERVAL_SECONDS)));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_expired_session_starts_afresh_when_it_is_used() {
        let text = r#"{"schema_version":"1","sessions":{"s":{"last_accessed_at":"2020-01-01T00:00:00Z","behaviors":{"b":{"counter":4}}}}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let now = Timestamp::parse("2026-01-01T00:00:00Z").expect("time");
        assert!(doc.take_session("s", now, 86_400).behaviors.is_empty());
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        assert_eq!(doc.take_session("s", now, u64::MAX).behaviors["b"].counter, 4);
    }
}

#[cfg(test)]
#[path = "state_properties.rs"]
mod properties;
