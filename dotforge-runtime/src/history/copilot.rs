//! GitHub Copilot CLI sessions (proven with 1.0.102): `~/.copilot/session-state/<session>/events.jsonl` (or under
//! `$COPILOT_HOME`), one event a line `{type, data, id, timestamp, parentId}`: `session.start` (the session and its
//! folder, `data.context.cwd`), `user.message`, `assistant.message` (with its `toolRequests`),
//! `tool.execution_start` and `tool.execution_complete`, among hook runs, usage records and the system prompt. Read
//! back as the payloads Copilot sends a hook registered in Claude Code's format (as `install` registers it): Claude
//! Code's events, its tools named as Copilot names them there (`bash` → `Bash`, `view` → `Read`, `create` → `Write`,
//! `edit` → `Edit`, `grep` → `Grep`, `glob` → `Glob`, `task` → `Agent`) with Copilot's own argument keys, and a
//! PostToolUse for each call that succeeded (without its output, which no condition reads). An `assistant.message` that
//! requests no tool ends the agent's turn: Stop.

use super::json::{self, raw_fields, Raw};
use super::lines::{payload, time_of, HistoryEvent, LineReader, Needles, Read};
use crate::hash::Tables;
use crate::time::Timestamp;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

raw_fields!(
    /// An event line.
    Line<'a> { kind: "type" => Raw<'a>, data: "data" => Raw<'a>, timestamp: "timestamp" => Raw<'a> }
);

raw_fields!(
    /// An event's data: the members of the kinds read.
    Data<'a> {
        session_id: "sessionId" => Raw<'a>,
        context: "context" => Raw<'a>,
        cwd: "cwd" => Raw<'a>,
        content: "content" => Raw<'a>,
        tool_requests: "toolRequests" => Raw<'a>,
        tool_call_id: "toolCallId" => Raw<'a>,
        tool_name: "toolName" => Raw<'a>,
        arguments: "arguments" => Raw<'a>,
        success: "success" => Raw<'a>,
    }
);

static NEEDLES: LazyLock<Needles> = LazyLock::new(|| {
    Needles::new(&[
        "\"session.start\"",
        "\"user.message\"",
        "\"assistant.message\"",
        "\"tool.execution_start\"",
        "\"tool.execution_complete\"",
    ])
});

/// Copilot's tools and the names a hook registered in Claude Code's format sees them by.
const HOOK_NAMES: &[(&str, &str)] = &[
    ("bash", "Bash"),
    ("view", "Read"),
    ("create", "Write"),
    ("edit", "Edit"),
    ("grep", "Grep"),
    ("glob", "Glob"),
    ("task", "Agent"),
];

/// One session's events being read.
pub(crate) struct Events {
    session_id: String,
    cwd: Option<String>,
    /// Each call by id: its hook name and input, for the PostToolUse of its result.
    calls: HashMap<String, (String, Value), Tables>,
}

impl Events {
    /// A session's `events.jsonl`, whose session is, until `session.start` says, the folder it is in.
    pub(crate) fn new(path: &std::path::Path) -> Events {
        let folder = path.parent().and_then(std::path::Path::file_name);
        let named = folder.map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        Events { session_id: named, cwd: None, calls: HashMap::default() }
    }

    fn push(&self, at: Option<Timestamp>, mut members: Map<String, Value>, out: &mut Vec<HistoryEvent>) {
        members.insert("session_id".into(), Value::from(self.session_id.as_str()));
        if let Some(cwd) = &self.cwd {
            members.insert("cwd".into(), Value::from(cwd.as_str()));
        }
        out.push(HistoryEvent { session_id: self.session_id.clone(), at, payload: members });
    }
}

/// The name a hook sees a Copilot tool by.
fn hook_name(tool: &str) -> &str {
    HOOK_NAMES.iter().find(|(own, _)| *own == tool).map_or(tool, |(_, hook)| hook)
}

impl LineReader for Events {
    fn needles(&self) -> &Needles {
        &NEEDLES
    }

    fn prefix(&self) -> &'static str {
        "copilot/"
    }

    fn read<'a>(&mut self, text: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a> {
        let Some(line) = json::line::<Line<'a>>(text) else { return Read::Malformed };
        let data = json::object::<Data<'_>>(line.data).unwrap_or_default();
        let at = time_of(line.timestamp);
        let Some(kind) = json::text(line.kind) else { return Read::Other(Cow::Borrowed("(no type)")) };
        match kind.as_ref() {
            "session.start" => {
                if let Some(id) = json::text(data.session_id) {
                    self.session_id = id.into_owned();
                }
                let context = json::object::<Data<'_>>(data.context).unwrap_or_default();
                self.cwd = json::text(context.cwd).map(Cow::into_owned);
            }
            "user.message" => {
                if let Some(prompt) = json::text(data.content).filter(|prompt| !prompt.is_empty()) {
                    self.push(at, payload("UserPromptSubmit", [("prompt", Value::from(prompt.as_ref()))]), out);
                }
            }
            "assistant.message" => {
                if json::items(data.tool_requests).is_empty() {
                    self.push(at, payload("Stop", [("stop_hook_active", Value::Bool(false))]), out);
                }
            }
            "tool.execution_start" => {
                let id = json::text(data.tool_call_id).unwrap_or_default().into_owned();
                let tool = hook_name(&json::text(data.tool_name).unwrap_or_default()).to_owned();
                let input = json::value(data.arguments);
                let members = [("tool_name", Value::from(tool.as_str())), ("tool_input", input.clone())];
                self.push(at, payload("PreToolUse", members), out);
                self.calls.insert(id, (tool, input));
            }
            "tool.execution_complete" => {
                let id = json::text(data.tool_call_id).unwrap_or_default();
                let succeeded = json::flag(data.success) == Some(true);
                let Some((tool, input)) = self.calls.get(id.as_ref()).filter(|_| succeeded) else { return Read::Used };
                let members = [("tool_name", Value::from(tool.as_str())), ("tool_input", input.clone())];
                self.push(at, payload("PostToolUse", members), out);
            }
            _ => return Read::Other(kind),
        }
        Read::Used
    }
}
