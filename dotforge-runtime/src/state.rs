//! state.json (CONTRACT §4–§5): load (missing → empty, unparseable → moved aside), TTL purge, atomic save.
//!
//! Only the current session is decoded into a [`Session`]; every other session stays raw JSON text, is checked for
//! its `last_accessed_at` alone and written back byte for byte, so a state file with many sessions costs little more
//! than copying it.

use crate::atomic::write_atomic;
use crate::session::Session;
use crate::time::Timestamp;
use crate::warn::warn;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::collections::BTreeMap;
use std::fmt;
use std::io::ErrorKind;
use std::path::Path;

/// Raw JSON values by key, in key order.
type RawMap = BTreeMap<String, Box<RawValue>>;

/// The whole state document.
#[derive(Debug, Default)]
pub(crate) struct StateDoc {
    sessions: RawMap,
    extra: RawMap,
}

impl StateDoc {
    /// Reads state.json. A missing file is an empty state; a file that is not a state document is moved aside to
    /// `state.json.corrupt-<unix time>` with a warning, and the state starts empty (SPEC §7.7).
    pub(crate) fn load(path: &Path, now: Timestamp) -> StateDoc {
        let bytes = match std::fs::read(path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == ErrorKind::NotFound => return StateDoc::default(),
            Err(error) => {
                warn(&format!("cannot read {}: {error}; using an empty state", path.display()));
                return StateDoc::default();
            }
        };
        match StateDoc::parse(&bytes) {
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

    fn parse(bytes: &[u8]) -> Result<StateDoc, String> {
        let mut extra: RawMap = serde_json::from_slice(bytes).map_err(|error| match error.classify() {
            serde_json::error::Category::Data => "not a JSON object".to_owned(),
            _ => error.to_string(),
        })?;
        let sessions = match extra.remove("sessions") {
            None => RawMap::new(),
            Some(raw) if raw.get() == "null" => RawMap::new(),
            Some(raw) => serde_json::from_str(raw.get()).map_err(|_| "`sessions` is not an object".to_owned())?,
        };
        extra.remove("schema_version");
        Ok(StateDoc { sessions, extra })
    }

    /// Drops every session whose `last_accessed_at` is older than `ttl` seconds (or unreadable). Returns how many.
    pub(crate) fn purge_expired(&mut self, now: Timestamp, ttl: u64) -> usize {
        let before = self.sessions.len();
        self.sessions.retain(|_, raw| {
            let last = last_accessed_at(raw.get()).as_deref().and_then(Timestamp::parse);
            last.is_some_and(|last| now.seconds_since(last) <= ttl)
        });
        before - self.sessions.len()
    }

    /// Takes the session out of the document (creating it when absent); put it back with [`StateDoc::put_session`].
    pub(crate) fn take_session(&mut self, id: &str, now: Timestamp) -> Session {
        match self.sessions.remove(id) {
            Some(raw) => match serde_json::from_str(raw.get()) {
                Ok(value) => Session::from_value(id, value, now),
                Err(_) => Session::new(now),
            },
            None => Session::new(now),
        }
    }

    /// Stores a session.
    pub(crate) fn put_session(&mut self, id: &str, session: &Session) {
        if let Ok(raw) = RawValue::from_string(session.to_value().to_string()) {
            self.sessions.insert(id.to_owned(), raw);
        }
    }

    /// Serializes and atomically replaces state.json. Other sessions are copied as they were read.
    pub(crate) fn save(&mut self, path: &Path) -> std::io::Result<()> {
        let size: usize = self.sessions.iter().map(|(id, raw)| id.len() + raw.get().len() + 8).sum();
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

fn push_key(out: &mut String, key: &str) {
    out.push_str(&serde_json::Value::from(key).to_string());
    out.push(':');
}

/// Reads only `last_accessed_at` from a raw session object, skipping everything else without building values.
fn last_accessed_at(raw: &str) -> Option<String> {
    struct Finder;
    impl<'de> Visitor<'de> for Finder {
        type Value = Option<String>;

        fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
            formatter.write_str("a session object")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut found = None;
            while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
                if key == "last_accessed_at" {
                    found = map.next_value::<Option<String>>().ok().flatten();
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(found)
        }
    }
    let mut deserializer = serde_json::Deserializer::from_str(raw);
    deserializer.deserialize_map(Finder).ok().flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_last_accessed_at_without_decoding_the_rest() {
        let raw = r#"{"behaviors":{"x":{"last_accessed_at":"nested"}},"last_accessed_at":"2026-01-01T00:00:00Z"}"#;
        assert_eq!(last_accessed_at(raw).as_deref(), Some("2026-01-01T00:00:00Z"));
        assert_eq!(last_accessed_at(r#"{"last_accessed_at":7}"#), None);
        assert_eq!(last_accessed_at("[]"), None);
    }

    #[test]
    fn other_sessions_and_unknown_keys_are_written_back_verbatim() {
        let text = r#"{"custom":{"b":1,"a":[1, 2]},"schema_version":"1","sessions":{"other":{"last_accessed_at":"2999-01-01T00:00:00Z","x":  1}}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let dir = std::env::temp_dir().join(format!("dotforge-state-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        let saved = std::fs::read_to_string(&path).expect("reads");
        assert_eq!(
            saved,
            r#"{"custom":{"b":1,"a":[1, 2]},"schema_version":"1","sessions":{"other":{"last_accessed_at":"2999-01-01T00:00:00Z","x":  1}}}"#
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
