//! The snapshot the tamper check keeps in state.json (its `watch` member): the session of the last check, which hook
//! made it (its behaviors' fingerprint, its version and a digest of its catalog), and for every file watched its [`FileMark`] and the value its
//! content was checked to (see [`super::list::Role`] for what each role's value is).
//!
//! ```json
//! {"session":"…","hook":"<fingerprint>@<version>","files":{"/p/.claude/settings.json":["f1234.…","on:"],…}}
//! ```

use crate::file_mark::FileMark;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// What the check last saw of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seen {
    pub mark: FileMark,
    /// The value its content was checked to (by its role).
    pub check: String,
}

/// The snapshot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Snapshot {
    /// The session of the last check.
    pub session: String,
    /// The hook that made it: `<behaviors fingerprint>@<version>#<catalog digest>`.
    pub hook: String,
    /// Each file watched, by its path.
    pub files: BTreeMap<String, Seen>,
}

impl Snapshot {
    /// Reads the snapshot's JSON text (`None` when it is not one).
    pub(crate) fn parse(text: &str) -> Option<Snapshot> {
        let value: Value = serde_json::from_str(text).ok()?;
        let files = value.get("files")?.as_object()?;
        let mut snapshot = Snapshot {
            session: value.get("session").and_then(Value::as_str).unwrap_or_default().to_owned(),
            hook: value.get("hook").and_then(Value::as_str).unwrap_or_default().to_owned(),
            files: BTreeMap::new(),
        };
        for (path, seen) in files {
            let mark = seen.get(0).and_then(Value::as_str).map(FileMark::from_text)?;
            let check = seen.get(1).and_then(Value::as_str).unwrap_or_default().to_owned();
            snapshot.files.insert(path.clone(), Seen { mark, check });
        }
        Some(snapshot)
    }

    /// The snapshot as JSON text.
    pub(crate) fn to_text(&self) -> String {
        let files: Map<String, Value> =
            self.files.iter().map(|(path, seen)| (path.clone(), json!([seen.mark.as_text(), seen.check]))).collect();
        json!({"session": self.session, "hook": self.hook, "files": files}).to_string()
    }

    /// What was seen of `path`.
    pub(crate) fn seen(&self, path: &str) -> Option<&Seen> {
        self.files.get(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_reads_back_what_it_wrote() {
        let mut snapshot = Snapshot { session: "s".into(), hook: "abc@0.1.0".into(), files: BTreeMap::new() };
        snapshot.files.insert("/p/a".into(), Seen { mark: FileMark::from_text("f1.2.3.4.5.6"), check: "x".into() });
        snapshot.files.insert("/p/b".into(), Seen { mark: FileMark::missing(), check: String::new() });
        assert_eq!(Snapshot::parse(&snapshot.to_text()), Some(snapshot));
        assert_eq!(Snapshot::parse("{}"), None);
    }
}
