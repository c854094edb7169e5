//! state.json (CONTRACT §4–§5): load (missing → empty, unparseable → moved aside), TTL purge, atomic save.
//!
//! Only the current session is decoded into a [`Session`]. Every other session stays a slice of the file's bytes:
//! it is validated once by the parser, its `last_accessed_at` is found by a byte scan of its top level, and it is
//! written back byte for byte. A state file with many sessions costs little more than reading and writing it.

use crate::atomic::write_atomic;
use crate::session::Session;
use crate::time::Timestamp;
use crate::warn::warn;
use serde::de::{Deserializer as _, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::fmt;
use std::io::ErrorKind;
use std::path::Path;

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
    sessions: BTreeMap<String, Raw<'a>>,
    extra: BTreeMap<String, Raw<'a>>,
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
        let mut deserializer = serde_json::Deserializer::from_slice(bytes);
        let doc = deserializer.deserialize_map(DocVisitor).map_err(|error| match error.classify() {
            serde_json::error::Category::Data => error.to_string().split(" at line").next().unwrap_or("").to_owned(),
            _ => error.to_string(),
        })?;
        deserializer.end().map_err(|error| error.to_string())?;
        Ok(doc)
    }

    /// Drops every session whose `last_accessed_at` is older than `ttl` seconds (or unreadable). Returns how many.
    pub(crate) fn purge_expired(&mut self, now: Timestamp, ttl: u64) -> usize {
        let before = self.sessions.len();
        self.sessions.retain(|_, raw| {
            let last = top_level_string(raw.get(), "last_accessed_at").and_then(Timestamp::parse);
            last.is_some_and(|last| now.seconds_since(last) <= ttl)
        });
        before - self.sessions.len()
    }

    /// Takes the session out of the document (creating it when absent); put it back with [`StateDoc::put_session`].
    pub(crate) fn take_session(&mut self, id: &str, now: Timestamp) -> Session {
        match self.sessions.remove(id).map(|raw| serde_json::from_str(raw.get())) {
            Some(Ok(value)) => Session::from_value(id, value, now),
            _ => Session::new(now),
        }
    }

    /// Every session, decoded (ids in order), for read-only commands.
    pub(crate) fn decoded_sessions(&self, now: Timestamp) -> Vec<(String, Session)> {
        self.sessions
            .iter()
            .filter_map(|(id, raw)| {
                let value = serde_json::from_str(raw.get()).ok()?;
                Some((id.clone(), Session::from_value(id, value, now)))
            })
            .collect()
    }

    /// Stores a session.
    pub(crate) fn put_session(&mut self, id: &str, session: &Session) {
        self.sessions.insert(id.to_owned(), Raw::Owned(session.to_value().to_string()));
    }

    /// Serializes and atomically replaces state.json. Other sessions are copied as they were read.
    pub(crate) fn save(&self, path: &Path) -> std::io::Result<()> {
        let size: usize = self.sessions.iter().map(|(id, raw)| id.len() + raw.get().len() + 4).sum();
        let mut out = String::with_capacity(size + 64);
        out.push('{');
        for (key, raw) in &self.extra {
            push_key(&mut out, key);
            out.push_str(raw.get());
            out.push(',');
        }
        out.push_str("\"schema_version\":\"1\",\"sessions\":{");
        for (position, (id, raw)) in self.sessions.iter().enumerate() {
            if position > 0 {
                out.push(',');
            }
            push_key(&mut out, id);
            out.push_str(raw.get());
        }
        out.push_str("}}");
        write_atomic(path, out.as_bytes())
    }
}

/// Reads the top-level object in one pass: `sessions` is split into raw sessions, other keys are kept raw.
struct DocVisitor;

impl<'de> Visitor<'de> for DocVisitor {
    type Value = StateDoc<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a JSON object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<StateDoc<'de>, A::Error> {
        let mut doc = StateDoc::default();
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "sessions" => {
                    let sessions: Option<BTreeMap<String, &'de RawValue>> = map
                        .next_value()
                        .map_err(|_| serde::de::Error::custom("`sessions` is not an object of sessions"))?;
                    doc.sessions =
                        sessions.unwrap_or_default().into_iter().map(|(id, raw)| (id, Raw::Borrowed(raw))).collect();
                }
                "schema_version" => {
                    map.next_value::<serde::de::IgnoredAny>()?;
                }
                _ => {
                    let raw: &'de RawValue = map.next_value()?;
                    doc.extra.insert(key, Raw::Borrowed(raw));
                }
            }
        }
        Ok(doc)
    }
}

/// Appends `"key":`, escaping the key only when it needs it.
fn push_key(out: &mut String, key: &str) {
    if key.bytes().any(|byte| byte == b'"' || byte == b'\\' || byte < 0x20) {
        out.push_str(&serde_json::Value::from(key).to_string());
    } else {
        out.push('"');
        out.push_str(key);
        out.push('"');
    }
    out.push(':');
}

/// The value of `key` when it is a plain string (no escapes) at the top level of the JSON object `raw`. Scans bytes
/// once, skipping nested values and strings, so it costs far less than decoding the object. `raw` has already been
/// validated as JSON by the parser.
fn top_level_string<'r>(raw: &'r str, key: &str) -> Option<&'r str> {
    let bytes = raw.as_bytes();
    let mut depth = 0usize;
    let mut index = 0;
    let mut expecting_key = false;
    while index < bytes.len() {
        match bytes[index] {
            b'{' | b'[' => {
                depth += 1;
                expecting_key = depth == 1 && bytes[index] == b'{';
                index += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                index += 1;
            }
            b',' => {
                expecting_key = depth == 1;
                index += 1;
            }
            b'"' => {
                let start = index + 1;
                let end = string_end(bytes, start)?;
                let text = &raw[start..end];
                index = end + 1;
                if depth == 1 && expecting_key {
                    expecting_key = false;
                    if text == key {
                        let rest = raw[index..].trim_start().strip_prefix(':')?.trim_start();
                        let value = rest.strip_prefix('"')?;
                        let close = value.find(['"', '\\'])?;
                        return (value.as_bytes()[close] == b'"').then(|| &value[..close]);
                    }
                }
            }
            _ => index += 1,
        }
    }
    None
}

/// Index of the closing quote of a JSON string whose content starts at `start`.
fn string_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut index = start;
    while index < bytes.len() {
        match bytes[index] {
            b'\\' => index += 2,
            b'"' => return Some(index),
            _ => index += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_only_top_level_plain_strings() {
        let raw = r#"{"behaviors":{"x":{"last_accessed_at":"nested"}},"note":"a \"last_accessed_at\":\"no\"","last_accessed_at":"2026-01-01T00:00:00Z"}"#;
        assert_eq!(top_level_string(raw, "last_accessed_at"), Some("2026-01-01T00:00:00Z"));
        assert_eq!(top_level_string(r#"{"a":[{"last_accessed_at":"x"}]}"#, "last_accessed_at"), None);
        assert_eq!(
            top_level_string(r#"{ "last_accessed_at" : "2026-01-01T00:00:00Z" }"#, "last_accessed_at"),
            Some("2026-01-01T00:00:00Z")
        );
        assert_eq!(top_level_string(r#"{"last_accessed_at":7}"#, "last_accessed_at"), None);
        assert_eq!(
            top_level_string(r#"{"k":"last_accessed_at","last_accessed_at":"v"}"#, "last_accessed_at"),
            Some("v")
        );
        assert_eq!(top_level_string("[]", "last_accessed_at"), None);
    }

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
}
