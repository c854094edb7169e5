//! state.json (CONTRACT §4–§5): load (missing → empty, unparseable → moved aside), TTL purge, atomic save.
//!
//! Only the current session is decoded into a [`Session`]. Every other session stays a slice of the file's bytes:
//! one scan ([`crate::state_scan`]) validates the file and finds each session's `last_accessed_at`, and the save
//! streams the sessions back byte for byte. A state file with many sessions costs little more than reading and
//! writing it.

use crate::atomic::write_atomic_with;
use crate::session::Session;
use crate::state_scan::{scan, ScannedSession};
use crate::time::Timestamp;
use crate::warn::warn;
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{BufWriter, ErrorKind, Write};
use std::path::Path;

/// A JSON value: a slice of the file as read, or text produced by this event.
#[derive(Debug)]
enum Raw<'a> {
    Borrowed(&'a str),
    Owned(String),
}

impl Raw<'_> {
    fn get(&self) -> &str {
        match self {
            Raw::Borrowed(raw) => raw,
            Raw::Owned(text) => text,
        }
    }
}

/// One session of the document.
#[derive(Debug)]
struct SessionEntry<'a> {
    id: Cow<'a, str>,
    raw: Raw<'a>,
    /// As found by the scan (see [`ScannedSession`]); `None` for a session produced by this event.
    last_accessed_at: Option<&'a str>,
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
    /// Top-level keys other than `schema_version` and `sessions`, kept as they were.
    extra: BTreeMap<Cow<'a, str>, &'a str>,
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
        let scanned = scan(text)?;
        let mut sessions: Vec<SessionEntry<'a>> = scanned
            .sessions
            .into_iter()
            .map(|ScannedSession { id, raw, last_accessed_at }| SessionEntry {
                id,
                raw: Raw::Borrowed(raw),
                last_accessed_at,
            })
            .collect();
        // Files written by dotforge are sorted already; anything else is sorted here, and of sessions with the same
        // id the last one in the file wins (as with any JSON object read into a map).
        if !sessions.windows(2).all(|pair| pair[0].id < pair[1].id) {
            sessions.reverse();
            sessions.sort_by(|left, right| left.id.cmp(&right.id));
            sessions.dedup_by(|later, kept| later.id == kept.id);
        }
        let extra = scanned.extra.into_iter().collect();
        Ok(StateDoc { sessions, extra })
    }

    /// Drops every session whose `last_accessed_at` is older than `ttl` seconds (or unreadable). Returns how many.
    pub(crate) fn purge_expired(&mut self, now: Timestamp, ttl: u64) -> usize {
        let before = self.sessions.len();
        self.sessions.retain(|entry| {
            // A session this event produced is current by definition.
            matches!(entry.raw, Raw::Owned(_))
                || entry.last_accessed_at.and_then(Timestamp::parse).is_some_and(|last| now.seconds_since(last) <= ttl)
        });
        before - self.sessions.len()
    }

    /// Takes the session out of the document (creating it when absent); put it back with [`StateDoc::put_session`].
    pub(crate) fn take_session(&mut self, id: &str, now: Timestamp) -> Session {
        let found = self.position(id).ok().map(|index| self.sessions.remove(index));
        match found.map(|entry| serde_json::from_str(entry.raw.get())) {
            Some(Ok(value)) => Session::from_value(id, value, now),
            _ => Session::new(now),
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
        let entry = SessionEntry {
            id: Cow::Owned(id.to_owned()),
            raw: Raw::Owned(session.to_value().to_string()),
            last_accessed_at: None,
        };
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
            let out = &mut BufWriter::with_capacity(64 * 1024, file);
            out.write_all(b"{")?;
            for (key, raw) in &self.extra {
                write_key(out, key)?;
                out.write_all(raw.as_bytes())?;
                out.write_all(b",")?;
            }
            out.write_all(b"\"schema_version\":\"1\",\"sessions\":{")?;
            for (position, entry) in self.sessions.iter().enumerate() {
                if position > 0 {
                    out.write_all(b",")?;
                }
                write_key(out, &entry.id)?;
                out.write_all(entry.raw.get().as_bytes())?;
            }
            out.write_all(b"}}")?;
            out.flush()
        })
    }
}

/// Writes `"key":`, escaping the key only when it needs it.
fn write_key(out: &mut dyn Write, key: &str) -> std::io::Result<()> {
    if key.bytes().any(|byte| byte == b'"' || byte == b'\\' || byte < 0x20) {
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

    #[test]
    fn other_sessions_and_unknown_keys_are_written_back_verbatim() {
        let text = r#"{"custom":{"b":1,"a":[1, 2]},"schema_version":"1","sessions":{"other":{"last_accessed_at":"2999-01-01T00:00:00Z","x":  1}}}"#;
        let doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let dir = std::env::temp_dir().join(format!("dotforge-state-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        assert_eq!(std::fs::read_to_string(&path).expect("reads"), text);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn unsorted_files_are_sorted_and_the_last_duplicate_wins() {
        let text = r#"{"sessions":{"b":{"n":1},"a":{"n":2},"b":{"n":3}},"schema_version":"1"}"#;
        let doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let dir = std::env::temp_dir().join(format!("dotforge-state-sort-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
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
        let session = doc.take_session("b", now);
        doc.put_session("b", &session);
        let ids: Vec<&str> = doc.sessions.iter().map(|entry| entry.id.as_ref()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        doc.take_session("c", now);
        let ids: Vec<&str> = doc.sessions.iter().map(|entry| entry.id.as_ref()).collect();
        assert_eq!(ids, ["a", "b"], "a taken session leaves the document until it is put back");
    }
}
