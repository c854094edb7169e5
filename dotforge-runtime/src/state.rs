//! state.json (CONTRACT §4–§5): load (missing → empty, unparseable → moved aside), TTL purge, atomic save.

use crate::atomic::write_atomic;
use crate::session::Session;
use crate::time::Timestamp;
use crate::warn::warn;
use serde_json::{Map, Value};
use std::io::ErrorKind;
use std::path::Path;

/// The whole state document. Sessions other than the current one stay as raw JSON.
#[derive(Debug, Default)]
pub(crate) struct StateDoc {
    sessions: Map<String, Value>,
    extra: Map<String, Value>,
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
        let value: Value = serde_json::from_slice(bytes).map_err(|error| error.to_string())?;
        let Value::Object(mut extra) = value else { return Err("not a JSON object".to_owned()) };
        let sessions = match extra.remove("sessions") {
            Some(Value::Object(sessions)) => sessions,
            None | Some(Value::Null) => Map::new(),
            Some(_) => return Err("`sessions` is not an object".to_owned()),
        };
        extra.remove("schema_version");
        Ok(StateDoc { sessions, extra })
    }

    /// Drops every session whose `last_accessed_at` is older than `ttl` seconds (or unreadable). Returns how many.
    pub(crate) fn purge_expired(&mut self, now: Timestamp, ttl: u64) -> usize {
        let before = self.sessions.len();
        self.sessions.retain(|_, session| {
            let last = session.get("last_accessed_at").and_then(Value::as_str).and_then(Timestamp::parse);
            last.is_some_and(|last| now.seconds_since(last) <= ttl)
        });
        before - self.sessions.len()
    }

    /// Takes the session out of the document (creating it when absent); put it back with [`StateDoc::put_session`].
    pub(crate) fn take_session(&mut self, id: &str, now: Timestamp) -> Session {
        match self.sessions.remove(id) {
            Some(value) => Session::from_value(id, value, now),
            None => Session::new(now),
        }
    }

    /// Stores a session.
    pub(crate) fn put_session(&mut self, id: &str, session: &Session) {
        self.sessions.insert(id.to_owned(), session.to_value());
    }

    /// Serializes and atomically replaces state.json.
    pub(crate) fn save(&mut self, path: &Path) -> std::io::Result<()> {
        let mut root = std::mem::take(&mut self.extra);
        root.insert("schema_version".into(), Value::String("1".into()));
        root.insert("sessions".into(), Value::Object(std::mem::take(&mut self.sessions)));
        let root = Value::Object(root);
        let bytes = serde_json::to_vec(&root);
        if let Value::Object(mut root) = root {
            if let Some(Value::Object(sessions)) = root.remove("sessions") {
                self.sessions = sessions;
            }
            root.remove("schema_version");
            self.extra = root;
        }
        write_atomic(path, &bytes.map_err(std::io::Error::other)?)
    }
}
