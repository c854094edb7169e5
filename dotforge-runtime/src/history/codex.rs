//! Codex CLI rollouts (proven with 0.169.0): `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<session>.jsonl`, one
//! session per file (`codex exec resume` appends to it), each line `{timestamp, type, payload}`. Read back as the
//! payloads Codex sends its hooks: the `session_meta` line names the session and its folder (`turn_context` lines
//! move the folder); a `function_call` of `exec_command {cmd}` is the hook's `Bash {command}`, a `custom_tool_call` of
//! `apply_patch` (the patch as its input) the hook's `apply_patch {command}`, and a function in an MCP server's
//! namespace (`mcp__fs`) the hook's `mcp__fs__<tool>` with the server's own arguments — each a PreToolUse, with a
//! PostToolUse when it ran (its output, which no condition reads, is left out), unless Codex recorded that a
//! PreToolUse hook blocked it. The user's messages
//! (`item_completed` of a `UserMessage`) are UserPromptSubmit, and `task_complete` (the end of a turn) is Stop.
//! Codex's other tools (`update_plan`, `view_image`, …) call no hook of the catalog's and are not replayed.

use super::json::{self, raw_fields, Raw};
use super::lines::{payload, time_of, HistoryEvent, LineReader, Needles, Read};
use crate::hash::Tables;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

raw_fields!(
    /// A rollout line.
    Line<'a> { timestamp: "timestamp" => Raw<'a>, kind: "type" => Raw<'a>, payload: "payload" => Raw<'a> }
);

raw_fields!(
    /// A line's payload: the members of the kinds read.
    Item<'a> {
        kind: "type" => Raw<'a>,
        id: "id" => Raw<'a>,
        cwd: "cwd" => Raw<'a>,
        turn_id: "turn_id" => Raw<'a>,
        name: "name" => Raw<'a>,
        namespace: "namespace" => Raw<'a>,
        arguments: "arguments" => Raw<'a>,
        input: "input" => Raw<'a>,
        call_id: "call_id" => Raw<'a>,
        output: "output" => Raw<'a>,
        item: "item" => Raw<'a>,
    }
);

raw_fields!(
    /// The item of an `item_completed` event, and each part of its content.
    Part<'a> { kind: "type" => Raw<'a>, text: "text" => Raw<'a>, content: "content" => Raw<'a> }
);

static NEEDLES: LazyLock<Needles> = LazyLock::new(|| {
    Needles::new(&[
        "\"session_meta\"",
        "\"turn_context\"",
        "\"function_call",
        "\"custom_tool_call",
        "\"UserMessage\"",
        "\"task_complete\"",
    ])
});

/// What Codex writes as the output of a call that a PreToolUse hook blocked (the call did not run), as JSON text.
const BLOCKED_BY_HOOK: &str = "\"Command blocked by PreToolUse hook";

/// One rollout being read.
pub(crate) struct Rollout {
    session_id: String,
    cwd: Option<String>,
    turn_id: Option<String>,
    /// Each replayed call by id: the hook's tool name and input, for the PostToolUse of its output.
    calls: HashMap<String, (String, Value), Tables>,
}

impl Rollout {
    /// A rollout whose session is, until its `session_meta` line says, the one its name ends with.
    pub(crate) fn new(path: &std::path::Path) -> Rollout {
        let stem = path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
        let named = stem.len().checked_sub(36).and_then(|start| stem.get(start..)).unwrap_or("").to_owned();
        Rollout { session_id: named, cwd: None, turn_id: None, calls: HashMap::default() }
    }

    fn push(&self, at: Option<crate::time::Timestamp>, mut members: Map<String, Value>, out: &mut Vec<HistoryEvent>) {
        members.insert("session_id".into(), Value::from(self.session_id.as_str()));
        if let Some(cwd) = &self.cwd {
            members.insert("cwd".into(), Value::from(cwd.as_str()));
        }
        if let Some(turn) = &self.turn_id {
            members.insert("turn_id".into(), Value::from(turn.as_str()));
        }
        out.push(HistoryEvent { session_id: self.session_id.clone(), at, payload: members });
    }

    /// A call Codex's hooks see, as their tool name and input.
    fn hook_call(item: &Item<'_>) -> Option<(String, Value)> {
        let name = json::text(item.name)?;
        if json::is(item.kind, "custom_tool_call") {
            let input = json::text(item.input).unwrap_or_default();
            return (name == "apply_patch")
                .then(|| (name.into_owned(), one_member("command", Value::from(input.as_ref()))));
        }
        let arguments: Value =
            json::text(item.arguments).and_then(|text| serde_json::from_str(&text).ok()).unwrap_or(Value::Null);
        if let Some(namespace) = json::text(item.namespace).filter(|namespace| namespace.starts_with("mcp__")) {
            return Some((format!("{namespace}__{name}"), arguments));
        }
        match name.as_ref() {
            "exec_command" => {
                let command = arguments.get("cmd").cloned().unwrap_or(Value::Null);
                Some(("Bash".to_owned(), one_member("command", command)))
            }
            "apply_patch" => Some((name.into_owned(), arguments)),
            _ => None,
        }
    }
}

/// The object `{key: value}`.
fn one_member(key: &str, value: Value) -> Value {
    Value::Object(Map::from_iter([(key.to_owned(), value)]))
}

impl LineReader for Rollout {
    fn needles(&self) -> &Needles {
        &NEEDLES
    }

    fn prefix(&self) -> &'static str {
        "codex/"
    }

    fn read<'a>(&mut self, text: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a> {
        let Some(line) = json::line::<Line<'a>>(text) else { return Read::Malformed };
        let Some(item) = json::object::<Item<'_>>(line.payload) else {
            return Read::Other(json::text(line.kind).unwrap_or(Cow::Borrowed("(no type)")));
        };
        let at = time_of(line.timestamp);
        let item_kind = json::text(item.kind).unwrap_or_default();
        match (json::text(line.kind).as_deref(), item_kind.as_ref()) {
            (Some("session_meta"), _) => {
                self.session_id = json::text(item.id).unwrap_or_default().into_owned();
                self.cwd = json::text(item.cwd).map(Cow::into_owned);
            }
            (Some("turn_context"), _) => {
                self.cwd = json::text(item.cwd).map(Cow::into_owned).or(self.cwd.take());
                self.turn_id = json::text(item.turn_id).map(Cow::into_owned);
            }
            (Some("response_item"), "function_call" | "custom_tool_call") => {
                let Some((tool, input)) = Self::hook_call(&item) else { return Read::Used };
                let id = json::text(item.call_id).unwrap_or_default().into_owned();
                let members = payload(
                    "PreToolUse",
                    [
                        ("tool_name", Value::from(tool.as_str())),
                        ("tool_input", input.clone()),
                        ("tool_use_id", Value::from(id.as_str())),
                    ],
                );
                self.push(at, members, out);
                self.calls.insert(id, (tool, input));
            }
            (Some("response_item"), "function_call_output" | "custom_tool_call_output") => {
                let id = json::text(item.call_id).unwrap_or_default();
                let blocked = item.output.is_some_and(|output| output.get().starts_with(BLOCKED_BY_HOOK));
                let Some((tool, input)) = self.calls.get(id.as_ref()).filter(|_| !blocked) else { return Read::Used };
                let members = payload(
                    "PostToolUse",
                    [
                        ("tool_name", Value::from(tool.as_str())),
                        ("tool_input", input.clone()),
                        ("tool_use_id", Value::from(id.as_ref())),
                    ],
                );
                self.push(at, members, out);
            }
            (Some("event_msg"), "item_completed") => {
                let message = json::object::<Part<'_>>(item.item).unwrap_or_default();
                if json::is(message.kind, "UserMessage") {
                    let parts = json::items(message.content)
                        .into_iter()
                        .filter_map(|part| json::object::<Part<'_>>(Some(part)));
                    let texts: Vec<String> =
                        parts.filter_map(|part| json::text(part.text).map(Cow::into_owned)).collect();
                    let prompt = texts.join("\n");
                    if !prompt.is_empty() {
                        self.push(at, payload("UserPromptSubmit", [("prompt", Value::from(prompt))]), out);
                    }
                }
            }
            (Some("event_msg"), "task_complete") => {
                self.push(at, payload("Stop", [("stop_hook_active", Value::Bool(false))]), out);
            }
            (kind, _) => return Read::Other(Cow::Owned(kind.unwrap_or("(no type)").to_owned())),
        }
        Read::Used
    }
}
