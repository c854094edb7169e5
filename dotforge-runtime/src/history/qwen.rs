//! Qwen Code chats (proven with 0.24.4): `~/.qwen/projects/<project folder, every character but ASCII letters and
//! digits as `->/chats/<session>.jsonl` (`$QWEN_RUNTIME_DIR` or `$QWEN_HOME` in place of `~/.qwen`), one record a
//! line `{uuid, sessionId, timestamp, type, cwd, message: {role, parts}}` — Gemini CLI's parts in Claude Code's
//! envelope. Read back as the payloads Qwen Code sends its hooks: Claude Code's events with Qwen's own tools
//! (`run_shell_command`, `read_file`, `edit`, …) and arguments. A `user` record the person typed is
//! UserPromptSubmit; each `functionCall` part of an `assistant` record is PreToolUse, and its `tool_result` record
//! PostToolUse when the call succeeded (without the output, which no condition reads); an `assistant` record that
//! calls no tool ends the turn: Stop. `system` records (telemetry, snapshots) are skipped.

use super::json::{self, raw_fields, Raw};
use super::lines::{payload, time_of, HistoryEvent, LineReader, Needles, Read};
use crate::hash::Tables;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

raw_fields!(
    /// A chat record.
    Record<'a> {
        kind: "type" => Raw<'a>,
        session_id: "sessionId" => Raw<'a>,
        timestamp: "timestamp" => Raw<'a>,
        cwd: "cwd" => Raw<'a>,
        provenance: "provenance" => Raw<'a>,
        message: "message" => Raw<'a>,
        tool_call_result: "toolCallResult" => Raw<'a>,
    }
);

raw_fields!(
    /// A record's message, a part of it, or what a part holds.
    Part<'a> {
        parts: "parts" => Raw<'a>,
        text: "text" => Raw<'a>,
        function_call: "functionCall" => Raw<'a>,
        function_response: "functionResponse" => Raw<'a>,
        id: "id" => Raw<'a>,
        name: "name" => Raw<'a>,
        args: "args" => Raw<'a>,
        status: "status" => Raw<'a>,
    }
);

static NEEDLES: LazyLock<Needles> = LazyLock::new(|| Needles::new(&["\"user\"", "\"assistant\"", "\"tool_result\""]));

/// One chat file being read.
pub(crate) struct Chat {
    /// Each call by id: its name and arguments, for the PostToolUse of its result.
    calls: HashMap<String, (String, Value), Tables>,
}

impl Chat {
    pub(crate) fn new() -> Chat {
        Chat { calls: HashMap::default() }
    }
}

impl LineReader for Chat {
    fn needles(&self) -> &Needles {
        &NEEDLES
    }

    fn prefix(&self) -> &'static str {
        "qwen/"
    }

    fn read<'a>(&mut self, text: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a> {
        let Some(record) = json::line::<Record<'a>>(text) else { return Read::Malformed };
        let kind = json::text(record.kind).unwrap_or(Cow::Borrowed("(no type)"));
        if !matches!(kind.as_ref(), "user" | "assistant" | "tool_result") {
            return Read::Other(kind);
        }
        let session_id = json::text(record.session_id).unwrap_or_default().into_owned();
        let at = time_of(record.timestamp);
        let cwd = json::text(record.cwd);
        let mut push = |members: Map<String, Value>| {
            let mut payload = members;
            payload.insert("session_id".into(), Value::from(session_id.as_str()));
            if let Some(cwd) = &cwd {
                payload.insert("cwd".into(), Value::from(cwd.as_ref()));
            }
            out.push(HistoryEvent { session_id: session_id.clone(), at, payload });
        };
        let message = json::object::<Part<'_>>(record.message).unwrap_or_default();
        let parts: Vec<Part<'_>> =
            json::items(message.parts).into_iter().filter_map(|part| json::object(Some(part))).collect();
        match kind.as_ref() {
            "user" => {
                let typed = record.provenance.is_none() || json::is(record.provenance, "real_user");
                let texts: Vec<Cow<'_, str>> = parts.iter().filter_map(|part| json::text(part.text)).collect();
                if typed && !texts.is_empty() && texts.len() == parts.len() {
                    push(payload("UserPromptSubmit", [("prompt", Value::from(texts.concat()))]));
                }
            }
            "assistant" => {
                let calls: Vec<Part<'_>> =
                    parts.iter().filter_map(|part| json::object::<Part<'_>>(part.function_call)).collect();
                for call in &calls {
                    let id = json::text(call.id).unwrap_or_default().into_owned();
                    let name = json::text(call.name).unwrap_or_default().into_owned();
                    let input = json::value(call.args);
                    let members = [
                        ("tool_name", Value::from(name.as_str())),
                        ("tool_input", input.clone()),
                        ("tool_use_id", Value::from(id.as_str())),
                    ];
                    push(payload("PreToolUse", members));
                    self.calls.insert(id, (name, input));
                }
                if calls.is_empty() && parts.iter().any(|part| part.text.is_some()) {
                    push(payload("Stop", [("stop_hook_active", Value::Bool(false))]));
                }
            }
            _ => {
                let result = json::object::<Part<'_>>(record.tool_call_result).unwrap_or_default();
                let succeeded = json::is(result.status, "success");
                for response in parts.iter().filter_map(|part| json::object::<Part<'_>>(part.function_response)) {
                    let id = json::text(response.id).unwrap_or_default();
                    let Some((name, input)) = self.calls.get(id.as_ref()).filter(|_| succeeded) else { continue };
                    let members = [
                        ("tool_name", Value::from(name.as_str())),
                        ("tool_input", input.clone()),
                        ("tool_use_id", Value::from(id.as_ref())),
                    ];
                    push(payload("PostToolUse", members));
                }
            }
        }
        Read::Used
    }
}
