//! Gemini CLI chats (proven with 0.61.0): `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl`, where
//! `<project>` is the short name `~/.gemini/projects.json` gives the project folder, and `.project_root` beside
//! `chats/` holds that folder. The first line names the session (`{sessionId, projectHash, startTime, …}`); then
//! each message is a line `{id, timestamp, type, content, toolCalls}` — written again, whole, each time it changes (a
//! model turn first without its tool calls, then with them and their results) — between `{"$set": …}` lines that
//! update the metadata and `{"$rewindTo": id}` lines. Read back as the payloads Gemini CLI sends its hooks, in its own
//! words: each `user` message the person typed is BeforeAgent; each tool call of a `gemini` message's last version
//! is BeforeTool (`run_shell_command`, `write_file`, … with their own arguments) and, when it succeeded, AfterTool
//! (without its output, which no condition reads); a `gemini` message that calls no tool ends the turn: AfterAgent.
//! A call or a prompt written again (a rewind, a resumed session) is replayed once.

use super::json::{self, raw_fields, Raw};
use super::lines::{payload, time_of, HistoryEvent, LineReader, Needles, Read};
use crate::time::Timestamp;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashSet;
use std::path::Path;
use std::sync::LazyLock;

raw_fields!(
    /// A chat line: the session's metadata, a message, or an update.
    Record<'a> {
        id: "id" => Raw<'a>,
        timestamp: "timestamp" => Raw<'a>,
        kind: "type" => Raw<'a>,
        content: "content" => Raw<'a>,
        tool_calls: "toolCalls" => Raw<'a>,
        session_id: "sessionId" => Raw<'a>,
        set: "$set" => Raw<'a>,
        rewind: "$rewindTo" => Raw<'a>,
    }
);

raw_fields!(
    /// One tool call of a `gemini` message (its result, which no condition reads, is not read).
    ToolCall<'a> {
        id: "id" => Raw<'a>,
        name: "name" => Raw<'a>,
        args: "args" => Raw<'a>,
        status: "status" => Raw<'a>,
        timestamp: "timestamp" => Raw<'a>,
    }
);

raw_fields!(
    /// A part of a message's content.
    Part<'a> { text: "text" => Raw<'a> }
);

static NEEDLES: LazyLock<Needles> = LazyLock::new(|| Needles::new(&["\"user\"", "\"gemini\"", "\"sessionId\""]));

/// A tool call, owned until its message's last version is known.
#[derive(Debug)]
struct Call {
    id: String,
    name: String,
    args: Value,
    succeeded: bool,
    at: Option<Timestamp>,
}

/// The latest version of a `gemini` message.
#[derive(Debug)]
struct Turn {
    id: String,
    at: Option<Timestamp>,
    calls: Vec<Call>,
    text: String,
}

/// One chat file being read.
pub(crate) struct Chat {
    session_id: String,
    cwd: Option<String>,
    pending: Option<Turn>,
    /// Calls and prompts replayed already (by id).
    seen: HashSet<String>,
}

impl Chat {
    /// A chat file, whose project folder is named in `.project_root` beside its `chats/` folder.
    pub(crate) fn new(path: &Path) -> Chat {
        let root = path.parent().and_then(Path::parent).map(|project| project.join(".project_root"));
        let cwd = root.and_then(|root| std::fs::read_to_string(root).ok()).map(|text| text.trim().to_owned());
        // Until the first line names it: the file's name (`session-<time>-<first 8 of the id>`).
        let named = path.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
        Chat { session_id: named, cwd: cwd.filter(|cwd| !cwd.is_empty()), pending: None, seen: HashSet::new() }
    }

    fn push(&self, at: Option<Timestamp>, mut members: Map<String, Value>, out: &mut Vec<HistoryEvent>) {
        members.insert("session_id".into(), Value::from(self.session_id.as_str()));
        if let Some(cwd) = &self.cwd {
            members.insert("cwd".into(), Value::from(cwd.as_str()));
        }
        out.push(HistoryEvent { session_id: self.session_id.clone(), at, payload: members });
    }

    /// The events of the last version of the pending `gemini` message.
    fn flush(&mut self, out: &mut Vec<HistoryEvent>) {
        let Some(turn) = self.pending.take() else { return };
        if turn.calls.is_empty() && !turn.text.is_empty() {
            let members = [("prompt_response", Value::from(turn.text)), ("stop_hook_active", Value::Bool(false))];
            self.push(turn.at, payload("AfterAgent", members), out);
            return;
        }
        for call in turn.calls {
            if !self.seen.insert(call.id.clone()) {
                continue;
            }
            let input = [("tool_name", Value::from(call.name.as_str())), ("tool_input", call.args.clone())];
            self.push(turn.at, payload("BeforeTool", input), out);
            if call.succeeded {
                let members = [("tool_name", Value::from(call.name)), ("tool_input", call.args)];
                self.push(call.at.or(turn.at), payload("AfterTool", members), out);
            }
        }
    }

    /// A `gemini` message's version: its calls and its text.
    fn turn(record: &Record<'_>) -> Turn {
        let at = time_of(record.timestamp);
        let calls =
            json::items(record.tool_calls).into_iter().filter_map(|call| json::object::<ToolCall<'_>>(Some(call)));
        let calls = calls
            .map(|call| Call {
                id: json::text(call.id).unwrap_or_default().into_owned(),
                name: json::text(call.name).unwrap_or_default().into_owned(),
                args: json::value(call.args),
                succeeded: json::is(call.status, "success"),
                at: time_of(call.timestamp),
            })
            .collect();
        Turn {
            id: json::text(record.id).unwrap_or_default().into_owned(),
            at,
            calls,
            text: text_of(record.content).unwrap_or_default(),
        }
    }
}

/// The text of a message's content: a string, or its parts when every one is text (`None` when a part is a
/// function's response or anything else).
fn text_of(content: json::Raw<'_>) -> Option<String> {
    if let Some(text) = json::text(content) {
        return Some(text.into_owned());
    }
    let items = json::items(content);
    let parts: Vec<Part<'_>> = items.iter().filter_map(|part| json::object(Some(*part))).collect();
    if parts.len() != items.len() || parts.iter().any(|part| part.text.is_none()) {
        return None;
    }
    Some(parts.iter().filter_map(|part| json::text(part.text)).collect::<Vec<_>>().join(""))
}

impl LineReader for Chat {
    fn needles(&self) -> &Needles {
        &NEEDLES
    }

    fn prefix(&self) -> &'static str {
        "gemini/"
    }

    fn read<'a>(&mut self, text: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a> {
        let Some(record) = json::line::<Record<'a>>(text) else { return Read::Malformed };
        if record.set.is_some() {
            return Read::Other(Cow::Borrowed("$set"));
        }
        if record.rewind.is_some() {
            return Read::Other(Cow::Borrowed("$rewindTo"));
        }
        match json::text(record.kind).as_deref() {
            None if record.session_id.is_some() => {
                self.session_id = json::text(record.session_id).unwrap_or_default().into_owned();
            }
            Some("gemini") => {
                let turn = Chat::turn(&record);
                if self.pending.as_ref().is_some_and(|pending| pending.id != turn.id) {
                    self.flush(out);
                }
                self.pending = Some(turn);
            }
            Some("user") => {
                self.flush(out);
                let id = json::text(record.id).unwrap_or_default().into_owned();
                let prompt = text_of(record.content).filter(|prompt| !prompt.is_empty());
                let typed = prompt.filter(|prompt| !prompt.starts_with("<session_context>"));
                if let Some(prompt) = typed.filter(|_| self.seen.insert(id)) {
                    self.push(
                        time_of(record.timestamp),
                        payload("BeforeAgent", [("prompt", Value::from(prompt))]),
                        out,
                    );
                }
            }
            Some(kind) => return Read::Other(Cow::Owned(kind.to_owned())),
            None => return Read::Other(Cow::Borrowed("(no type)")),
        }
        Read::Used
    }

    fn finish(&mut self, out: &mut Vec<HistoryEvent>) {
        self.flush(out);
    }
}
