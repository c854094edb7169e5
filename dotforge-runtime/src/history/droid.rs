//! Factory Droid sessions (proven with 0.225.2): `~/.factory/sessions/-<project folder with its slashes as `->/
//! <session>.jsonl`, beside a `<session>.settings.json`. The first line is `{type: "session_start", id, cwd, …}`;
//! then `message` lines carry Claude Code's message shape (`{role, content: [text | tool_use | tool_result]}`) with
//! Droid's own tools (`Execute`, `Create`, `Edit`, `ApplyPatch`, `Read`, …), among the records of hook runs
//! (`hookEventName`, no content); `agent_turn_outcome` ends a turn. Read back as the payloads Droid sends its hooks:
//! a user message the person typed (text, and no `visibility` — the context Droid adds for the model, and its own
//! errors, have one) is UserPromptSubmit; each `tool_use` is PreToolUse, and its `tool_result` PostToolUse when it is
//! not an error (without the output, which no condition reads); `agent_turn_outcome` is Stop.

use super::json::{self, raw_fields, Raw};
use super::lines::{payload, time_of, HistoryEvent, LineReader, Needles, Read};
use crate::hash::Tables;
use crate::time::Timestamp;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

raw_fields!(
    /// A session line.
    Line<'a> {
        kind: "type" => Raw<'a>,
        id: "id" => Raw<'a>,
        cwd: "cwd" => Raw<'a>,
        timestamp: "timestamp" => Raw<'a>,
        message: "message" => Raw<'a>,
    }
);

raw_fields!(
    /// A line's message.
    Message<'a> { role: "role" => Raw<'a>, content: "content" => Raw<'a>, visibility: "visibility" => Raw<'a> }
);

raw_fields!(
    /// A block of a message's content.
    Block<'a> {
        kind: "type" => Raw<'a>,
        text: "text" => Raw<'a>,
        id: "id" => Raw<'a>,
        name: "name" => Raw<'a>,
        input: "input" => Raw<'a>,
        tool_use_id: "tool_use_id" => Raw<'a>,
        is_error: "is_error" => Raw<'a>,
        content: "content" => Raw<'a>,
    }
);

static NEEDLES: LazyLock<Needles> = LazyLock::new(|| {
    Needles::new(&["\"session_start\"", "\"agent_turn_outcome\"", "\"tool_use\"", "\"tool_result\"", "\"text\""])
});

/// One session file being read.
pub(crate) struct Session {
    session_id: String,
    cwd: Option<String>,
    /// The latest time a line gave (the end of a turn has none of its own).
    last_at: Option<Timestamp>,
    /// Each call by id: its name and input, for the PostToolUse of its result.
    calls: HashMap<String, (String, Value), Tables>,
}

impl Session {
    /// A session file, whose session is, until its first line says, the file's name.
    pub(crate) fn new(path: &std::path::Path) -> Session {
        let named = path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
        Session { session_id: named, cwd: None, last_at: None, calls: HashMap::default() }
    }

    fn push(&self, at: Option<Timestamp>, mut members: Map<String, Value>, out: &mut Vec<HistoryEvent>) {
        members.insert("session_id".into(), Value::from(self.session_id.as_str()));
        if let Some(cwd) = &self.cwd {
            members.insert("cwd".into(), Value::from(cwd.as_str()));
        }
        out.push(HistoryEvent { session_id: self.session_id.clone(), at, payload: members });
    }

    fn message(&mut self, at: Option<Timestamp>, message: &Message<'_>, out: &mut Vec<HistoryEvent>) {
        let items = json::items(message.content);
        let blocks: Vec<Block<'_>> = items.iter().filter_map(|item| json::object(Some(*item))).collect();
        if json::is(message.role, "assistant") {
            for block in blocks.iter().filter(|block| json::is(block.kind, "tool_use")) {
                let id = json::text(block.id).unwrap_or_default().into_owned();
                let name = json::text(block.name).unwrap_or_default().into_owned();
                let input = json::value(block.input);
                let members = [
                    ("tool_name", Value::from(name.as_str())),
                    ("tool_input", input.clone()),
                    ("tool_use_id", Value::from(id.as_str())),
                ];
                self.push(at, payload("PreToolUse", members), out);
                self.calls.insert(id, (name, input));
            }
            return;
        }
        if !json::is(message.role, "user") {
            return;
        }
        let typed = message.visibility.is_none() && !blocks.is_empty();
        if typed && blocks.len() == items.len() && blocks.iter().all(|block| json::is(block.kind, "text")) {
            let texts: Vec<Cow<'_, str>> = blocks.iter().filter_map(|block| json::text(block.text)).collect();
            let prompt = texts.join("\n");
            if !prompt.is_empty() {
                self.push(at, payload("UserPromptSubmit", [("prompt", Value::from(prompt))]), out);
            }
        }
        for block in blocks.iter().filter(|block| json::is(block.kind, "tool_result")) {
            let id = json::text(block.tool_use_id).unwrap_or_default();
            let failed = json::flag(block.is_error).unwrap_or(false);
            let Some((name, input)) = self.calls.get(id.as_ref()).filter(|_| !failed) else { continue };
            let members = [
                ("tool_name", Value::from(name.as_str())),
                ("tool_input", input.clone()),
                ("tool_use_id", Value::from(id.as_ref())),
            ];
            self.push(at, payload("PostToolUse", members), out);
        }
    }
}

impl LineReader for Session {
    fn needles(&self) -> &Needles {
        &NEEDLES
    }

    fn prefix(&self) -> &'static str {
        "droid/"
    }

    fn read<'a>(&mut self, text: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a> {
        let Some(line) = json::line::<Line<'a>>(text) else { return Read::Malformed };
        let at = time_of(line.timestamp).or(self.last_at);
        self.last_at = at;
        match json::text(line.kind) {
            Some(kind) if kind == "session_start" => {
                if let Some(id) = json::text(line.id) {
                    self.session_id = id.into_owned();
                }
                self.cwd = json::text(line.cwd).map(Cow::into_owned);
            }
            Some(kind) if kind == "message" => {
                let message = json::object::<Message<'_>>(line.message).unwrap_or_default();
                self.message(at, &message, out);
            }
            Some(kind) if kind == "agent_turn_outcome" => {
                self.push(at, payload("Stop", [("stop_hook_active", Value::Bool(false))]), out);
            }
            other => return Read::Other(other.unwrap_or(Cow::Borrowed("(no type)"))),
        }
        Read::Used
    }
}
