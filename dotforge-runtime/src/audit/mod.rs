//! The audit trail: overrides (CONTRACT §7), session switches and tamper records, appended one durable line at a
//! time, each line chained to the one before ([`chain`]).

pub(crate) mod chain;

pub(crate) use chain::Appended;
use serde_json::{Map, Value};
use std::io;
use std::path::Path;

/// Longest `tool_input_summary`, in characters.
const SUMMARY_MAX_CHARS: usize = 100;

/// One override, as written to state.json and overrides.log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct OverrideRecord {
    pub timestamp: String,
    pub session_id: String,
    pub behavior_id: &'static str,
    pub tool_name: String,
    pub tool_input_summary: String,
    pub counter: u32,
    pub reason: String,
}

impl OverrideRecord {
    /// The entry appended to the behavior's `overrides[]` in state.json.
    pub(crate) fn state_entry(&self) -> Value {
        let mut entry = Map::new();
        entry.insert("timestamp".into(), Value::from(self.timestamp.as_str()));
        entry.insert("tool_name".into(), Value::from(self.tool_name.as_str()));
        entry.insert("tool_input_summary".into(), Value::from(self.tool_input_summary.as_str()));
        entry.insert("counter_at_override".into(), Value::from(self.counter));
        entry.insert("reason".into(), Value::from(self.reason.as_str()));
        Value::Object(entry)
    }

    /// `TIMESTAMP|SESSION_ID|BEHAVIOR_ID|TOOL_NAME|TOOL_INPUT_SUMMARY|COUNTER|REASON`, every field escaped (the chain's
    /// hash field is added when the line is appended).
    pub(crate) fn log_line(&self) -> String {
        let session: String = self.session_id.chars().take(8).collect();
        let counter = self.counter.to_string();
        join_fields(&[
            self.timestamp.as_str(),
            &session,
            self.behavior_id,
            &self.tool_name,
            &self.tool_input_summary,
            &counter,
            &self.reason,
        ])
    }
}

/// `\` → `\\`, `|` → `\|`, newline → `\n`, carriage return → `\r`.
pub(crate) fn escape_field(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        match character {
            '\\' => out.push_str("\\\\"),
            '|' => out.push_str("\\|"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            other => out.push(other),
        }
    }
    out
}

/// `key=value` pairs of the string fields of `tool_input`, sorted by key, space-separated, cut to 100 characters.
pub(crate) fn summarize_tool_input(tool_input: &Value) -> String {
    let summary = match tool_input {
        Value::Object(map) => {
            let mut pairs: Vec<(&String, &str)> =
                map.iter().filter_map(|(key, value)| value.as_str().map(|text| (key, text))).collect();
            pairs.sort();
            pairs.iter().map(|(key, text)| format!("{key}={text}")).collect::<Vec<_>>().join(" ")
        }
        Value::String(text) => text.clone(),
        _ => String::new(),
    };
    summary.chars().take(SUMMARY_MAX_CHARS).collect()
}

/// The file of overrides.
pub(crate) const OVERRIDES_LOG: &str = "overrides.log";

/// Appends the override's line to `audit/overrides.log` (see [`append_line`]).
pub(crate) fn append_override(audit_dir: &Path, record: &OverrideRecord) -> io::Result<Appended> {
    append_line(audit_dir, OVERRIDES_LOG, &record.log_line())
}

/// The file that records every session switch (`on`/`off`).
pub(crate) const SWITCHES_LOG: &str = "switches.log";

/// Appends `TIMESTAMP|SESSION_ID|BEHAVIOR_ID|on|off` (escaped like overrides.log) to `audit/switches.log`.
pub(crate) fn append_switch(
    audit_dir: &Path,
    timestamp: &str,
    session_id: &str,
    behavior_id: &str,
    on: bool,
) -> io::Result<Appended> {
    let fields = [timestamp, session_id, behavior_id, if on { "on" } else { "off" }];
    append_line(audit_dir, SWITCHES_LOG, &join_fields(&fields))
}

/// The file of tamper records: a file governance depends on changed outside the hook, what the hook did about it,
/// and the person clearing it.
pub(crate) const TAMPER_LOG: &str = "tamper.log";

/// Every audit file the hook appends to, each chained.
pub(crate) const AUDIT_LOGS: [&str; 3] = [OVERRIDES_LOG, SWITCHES_LOG, TAMPER_LOG];

/// One tamper record: `TIMESTAMP|SESSION_ID|FILE|WHAT|CALL|ACTION` (escaped like overrides.log; SESSION_ID its first
/// 8 characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TamperRecord {
    pub timestamp: String,
    pub session_id: String,
    /// The file that changed (relative to the project when inside it).
    pub file: String,
    /// What changed.
    pub what: String,
    /// The call after which it was seen (`between sessions` at a session's start).
    pub call: String,
    /// What the hook did: `restored`, `reported`, `cleared by the person`.
    pub action: String,
}

impl TamperRecord {
    /// The line's text (without its hash field and line break).
    pub(crate) fn log_line(&self) -> String {
        let session: String = self.session_id.chars().take(8).collect();
        join_fields(&[&self.timestamp, &session, &self.file, &self.what, &self.call, &self.action])
    }
}

/// Appends the tamper record's line to `audit/tamper.log` (see [`append_line`]).
pub(crate) fn append_tamper(audit_dir: &Path, record: &TamperRecord) -> io::Result<Appended> {
    append_line(audit_dir, TAMPER_LOG, &record.log_line())
}

/// The fields escaped and joined with `|`.
fn join_fields(fields: &[&str]) -> String {
    fields.iter().map(|field| escape_field(field)).collect::<Vec<_>>().join("|")
}

/// Appends a whole chained line with a single write on an `O_APPEND` file (mode 0644), so concurrent writers never
/// interleave within a line, and makes it durable (`fdatasync`): these lines are the audit trail, and they are rare.
/// The caller holds the state lock (the chain reads the line before).
fn append_line(audit_dir: &Path, file_name: &str, body: &str) -> io::Result<Appended> {
    std::fs::create_dir_all(audit_dir)?;
    chain::append(&audit_dir.join(file_name), body)
}

/// Splits an escaped audit line into its fields.
pub(crate) fn split_fields(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut characters = line.chars();
    while let Some(character) = characters.next() {
        match character {
            '\\' => match characters.next() {
                Some('n') => fields.last_mut().map(|field| field.push('\n')).unwrap_or_default(),
                Some('r') => fields.last_mut().map(|field| field.push('\r')).unwrap_or_default(),
                Some(other) => fields.last_mut().map(|field| field.push(other)).unwrap_or_default(),
                None => {}
            },
            '|' => fields.push(String::new()),
            other => fields.last_mut().map(|field| field.push(other)).unwrap_or_default(),
        }
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn escaping_keeps_a_line_on_one_line() {
        assert_eq!(escape_field("a|b\\c\nd\re"), "a\\|b\\\\c\\nd\\re");
        let line = ["x|y", "a\\b", "c\nd"].map(escape_field).join("|");
        assert_eq!(split_fields(&line), ["x|y", "a\\b", "c\nd"]);
    }

    #[test]
    fn summary_lists_string_fields_sorted_and_cut() {
        let input = json!({"old_string": "x", "file_path": "/src/a.ts", "replace_all": true});
        assert_eq!(summarize_tool_input(&input), "file_path=/src/a.ts old_string=x");
        let long = json!({"command": "y".repeat(300)});
        assert_eq!(summarize_tool_input(&long).chars().count(), 100);
    }
}
