//! A payload read by its CLI's record alone: its event in the catalog's words, its tool renamed to the catalog's
//! with the argument keys the record renames (the others kept under their own), and the paths the call names with
//! what it does to each. The CLIs whose payloads need nothing beyond their record (Claude Code, Copilot CLI, Qwen
//! Code, Kilo Code) are read here alone; the others' adapters do their part first and then call [`by_record`].

use super::dialect::{paths_of, Dialect, Role};
use crate::payload::Payload;
use serde_json::{Map, Value};

/// The payload in the catalog's vocabulary, by `dialect`'s record. A tool the record does not list keeps its name
/// and arguments (an MCP tool is read after this, by `super::mcp`).
pub(super) fn by_record(dialect: &Dialect, payload: Payload) -> Payload {
    let payload = rename_members(dialect, payload);
    let renamed_event = dialect.event(payload.event_name()).filter(|event| event.name() != payload.event_name());
    let record = dialect.tool(payload.tool_name());
    // The catalog's own names and keys (Claude Code's payloads): only the paths to add, nothing to rebuild.
    if let (None, Some(tool)) = (renamed_event, record) {
        if tool.keys.is_empty() && tool.native == tool.catalog {
            if tool.paths.is_empty() {
                return payload;
            }
            let paths = paths_of(tool, payload.tool_input());
            return payload.with_paths(paths);
        }
    }
    if renamed_event.is_none() && record.is_none() {
        return payload;
    }
    let mut root = payload.into_object();
    if let Some(event) = renamed_event {
        root.insert("hook_event_name".into(), Value::from(event.name()));
    }
    let Some(tool) = record else { return Payload::from_object(root) };
    let input = match root.remove("tool_input") {
        Some(Value::Object(input)) => input,
        _ => Map::new(),
    };
    let mut mapped = Map::new();
    for (from, to) in tool.keys {
        if let Some(value) = input.get(*from) {
            mapped.insert((*to).to_owned(), value.clone());
        }
    }
    // What the catalog does not name stays, under the tool's own keys.
    for (key, value) in input {
        mapped.entry(key).or_insert(value);
    }
    let mapped = Value::Object(mapped);
    let paths = paths_of(tool, &mapped);
    let Value::Object(mut mapped) = mapped else { return Payload::from_object(root) };
    // Several files read at once: the first is the catalog's `file_path` as well.
    if tool.catalog == "Read" && !mapped.contains_key("file_path") {
        if let Some((first, _)) = paths.iter().find(|(_, role)| *role == Role::Read) {
            mapped.insert("file_path".into(), Value::from(first.as_str()));
        }
    }
    root.insert("tool_name".into(), Value::from(tool.catalog));
    root.insert("tool_input".into(), Value::Object(mapped));
    Payload::from_object(root).with_paths(paths)
}

/// The payload with the folder a shell tool's argument `key` names (relative to the payload's `cwd`, or absolute)
/// as its `cwd`, when the call is of the shell tool `shell` (Gemini CLI's `dir_path`, Qwen Code's `directory`).
pub(super) fn folder_as_cwd(payload: Payload, shell: &str, key: &str) -> Payload {
    let folder = payload.tool_input().get(key).and_then(Value::as_str).filter(|folder| !folder.is_empty());
    let Some(folder) = folder.filter(|_| payload.tool_name() == shell).map(str::to_owned) else { return payload };
    let mut root = payload.into_object();
    let base = root.get("cwd").and_then(Value::as_str).unwrap_or("");
    let joined = std::path::Path::new(base).join(folder).to_string_lossy().into_owned();
    root.insert("cwd".into(), Value::from(joined));
    Payload::from_object(root)
}

/// The payload with the members the record renames (Copilot CLI's `tool_result`) under the catalog's names.
fn rename_members(dialect: &Dialect, payload: Payload) -> Payload {
    if !dialect.payload_keys.iter().any(|(from, _)| payload.has(from)) {
        return payload;
    }
    let mut root = payload.into_object();
    for (from, to) in dialect.payload_keys {
        if let Some(value) = root.remove(*from) {
            root.entry(*to).or_insert(value);
        }
    }
    Payload::from_object(root)
}

/// The text of a tool's output as Gemini CLI and its fork Qwen Code give it (`llmContent`: text parts, or a
/// string), else its JSON.
pub(super) fn output_text(output: &Value) -> String {
    let content = output.get("llmContent").unwrap_or(output);
    match content {
        Value::String(text) => text.clone(),
        Value::Array(parts) => {
            parts.iter().filter_map(|part| part.get("text").and_then(Value::as_str)).collect::<Vec<_>>().join("\n")
        }
        other => other.to_string(),
    }
}
