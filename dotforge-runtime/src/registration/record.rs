//! The install record, `runtime/registrations.json`: every settings file `install` registered this hook in (for
//! each agent CLI), with the exact entries it wrote there, and every file `uninstall` took it out of. The tamper
//! check puts back what the record says is installed and leaves alone what it says was uninstalled.
//!
//! ```json
//! {"schema_version":"1",
//!  "installed":[{"file":"/p/.claude/settings.json","harness":"claude","command":"…",
//!                "entries":[["PreToolUse","{\n      \"matcher\": …}"], …]}],
//!  "uninstalled":[{"file":"/p/.codex/hooks.json","harness":"codex","at":"2026-01-01T00:00:00Z"}]}
//! ```
//!
//! A CLI with a plugin file instead of settings (Kilo Code) has `"plugin": "<the file's text>"` in place of
//! `entries`.

use crate::atomic::write_atomic_with;
use serde_json::{json, Map, Value};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The record's file, in `runtime/`.
pub(crate) const RECORD_FILE: &str = "registrations.json";

/// One file the hook is registered in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Installed {
    /// The settings file (absolute).
    pub file: PathBuf,
    /// The CLI it is for, by its name on the command line (`claude`, `codex`, …).
    pub harness: String,
    /// The command the entries run.
    pub command: String,
    /// What was written there.
    pub written: Written,
}

/// What `install` wrote into a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Written {
    /// Entries under `hooks`: each event's name and the entry's JSON text, as written.
    Entries(Vec<(String, String)>),
    /// A whole plugin file's text.
    Plugin(String),
}

/// One file `uninstall` took the hook out of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Uninstalled {
    pub file: PathBuf,
    /// The CLI's name.
    pub harness: String,
    pub at: String,
}

/// The record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Record {
    pub installed: Vec<Installed>,
    pub uninstalled: Vec<Uninstalled>,
}

impl Record {
    /// The record in the `.forge` folder `forge_root` (empty when there is none or it cannot be read).
    pub(crate) fn load(forge_root: &Path) -> Record {
        std::fs::read(path(forge_root)).ok().map_or_else(Record::default, |bytes| Record::parse(&bytes))
    }

    /// Reads a record's bytes (what cannot be read is left out).
    pub(crate) fn parse(bytes: &[u8]) -> Record {
        let value: Value = serde_json::from_slice(bytes).unwrap_or(Value::Null);
        let text = |item: &Value, key: &str| item.get(key).and_then(Value::as_str).map(str::to_owned);
        let harness = |item: &Value| text(item, "harness");
        let installed = value["installed"].as_array().into_iter().flatten().filter_map(|item| {
            let written = match (&item["entries"], text(item, "plugin")) {
                (_, Some(plugin)) => Written::Plugin(plugin),
                (Value::Array(entries), None) => Written::Entries(
                    entries
                        .iter()
                        .filter_map(|pair| Some((pair.get(0)?.as_str()?.to_owned(), pair.get(1)?.as_str()?.to_owned())))
                        .collect(),
                ),
                _ => return None,
            };
            Some(Installed {
                file: PathBuf::from(text(item, "file")?),
                harness: harness(item)?,
                command: text(item, "command")?,
                written,
            })
        });
        let uninstalled = value["uninstalled"].as_array().into_iter().flatten().filter_map(|item| {
            Some(Uninstalled {
                file: PathBuf::from(text(item, "file")?),
                harness: harness(item)?,
                at: text(item, "at").unwrap_or_default(),
            })
        });
        Record { installed: installed.collect(), uninstalled: uninstalled.collect() }
    }

    /// The record as JSON text.
    pub(crate) fn to_text(&self) -> String {
        let installed: Vec<Value> = self
            .installed
            .iter()
            .map(|item| {
                let mut entry = Map::new();
                entry.insert("file".into(), Value::from(item.file.to_string_lossy().into_owned()));
                entry.insert("harness".into(), Value::from(item.harness.as_str()));
                entry.insert("command".into(), Value::from(item.command.as_str()));
                match &item.written {
                    Written::Entries(entries) => {
                        let pairs = entries.iter().map(|(event, text)| json!([event, text])).collect();
                        entry.insert("entries".into(), Value::Array(pairs));
                    }
                    Written::Plugin(text) => {
                        entry.insert("plugin".into(), Value::from(text.as_str()));
                    }
                }
                Value::Object(entry)
            })
            .collect();
        let uninstalled: Vec<Value> = self
            .uninstalled
            .iter()
            .map(|item| json!({"file": item.file, "harness": item.harness, "at": item.at}))
            .collect();
        let record = json!({"schema_version": "1", "installed": installed, "uninstalled": uninstalled});
        format!("{record}\n")
    }

    /// Records that `install` wrote `installed` (replacing what it wrote there before; no longer uninstalled).
    pub(crate) fn install(&mut self, installed: Installed) {
        self.installed.retain(|item| item.file != installed.file);
        self.uninstalled.retain(|item| item.file != installed.file);
        self.installed.push(installed);
    }

    /// Records that `uninstall` took the hook out of `file`.
    pub(crate) fn uninstall(&mut self, file: &Path, harness: &str, at: String) {
        self.installed.retain(|item| item.file != file);
        self.uninstalled.retain(|item| item.file != file);
        self.uninstalled.push(Uninstalled { file: file.to_path_buf(), harness: harness.to_owned(), at });
    }

    /// What the record says is installed in `file`.
    pub(crate) fn installed_in(&self, file: &Path) -> Option<&Installed> {
        self.installed.iter().find(|item| item.file == file)
    }

    /// Writes the record into `forge_root` (creating `runtime/`); the caller holds the state lock.
    pub(crate) fn save(&self, forge_root: &Path) -> std::io::Result<()> {
        let path = path(forge_root);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        let text = self.to_text();
        write_atomic_with(&path, |file| file.write_all(text.as_bytes()))
    }
}

/// The record's path in `forge_root`.
pub(crate) fn path(forge_root: &Path) -> PathBuf {
    forge_root.join("runtime").join(RECORD_FILE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_what_it_wrote_and_uninstall_replaces_install() {
        let mut record = Record::default();
        record.install(Installed {
            file: PathBuf::from("/p/.claude/settings.json"),
            harness: "claude".to_owned(),
            command: "\"$CLAUDE_PROJECT_DIR\"/hook".to_owned(),
            written: Written::Entries(vec![("PreToolUse".to_owned(), "{\n  \"hooks\": []\n}".to_owned())]),
        });
        record.install(Installed {
            file: PathBuf::from("/p/.kilo/plugin/dotforge.js"),
            harness: "kilo".to_owned(),
            command: "/hook".to_owned(),
            written: Written::Plugin("// plugin\n".to_owned()),
        });
        assert_eq!(Record::parse(record.to_text().as_bytes()), record);
        record.uninstall(Path::new("/p/.claude/settings.json"), "claude", "2026-01-01T00:00:00Z".into());
        assert!(record.installed_in(Path::new("/p/.claude/settings.json")).is_none());
        assert_eq!(record.uninstalled.len(), 1);
        assert_eq!(Record::parse(record.to_text().as_bytes()), record);
        assert_eq!(Record::parse(b"not json"), Record::default());
    }
}
