//! Claude Code session transcripts read back as the hook events Claude Code would have sent.
//!
//! A transcript is JSON lines under `~/.claude/projects/<project path, every character but ASCII letters and digits
//! written as `->/`: `<session>.jsonl` for the session, and `<session>/subagents/agent-<id>.jsonl` (with an
//! `agent-<id>.meta.json` that names its `agentType`) for each subagent; older versions kept subagent lines in the
//! session's file, marked `isSidechain`. From `user` and `assistant` lines come: UserPromptSubmit for each prompt the
//! user typed (including prompts a hook blocked, which Claude Code records in a `system` line), PreToolUse for each
//! `tool_use`, PostToolUse for each `tool_result` that is not an error (without the tool's output: the catalog's
//! conditions read a call's input, and the live hook screens outputs itself), and Stop when the main agent ends its
//! turn.
//! Every other line type is skipped and counted, as are lines that are not JSON (a truncated last line among them)
//! and lines that are not UTF-8.

use super::json::{self, raw_fields, Content, Raw};
use super::lines::{payload, time_of, HistoryEvent, LineReader, Needles, Read};
use crate::hash::Tables;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::LazyLock;

raw_fields!(
    /// A transcript line: the members the events are made of.
    Line<'a> {
        kind: "type" => Raw<'a>,
        session_id: "sessionId" => Raw<'a>,
        timestamp: "timestamp" => Raw<'a>,
        cwd: "cwd" => Raw<'a>,
        permission_mode: "permissionMode" => Raw<'a>,
        is_sidechain: "isSidechain" => Raw<'a>,
        agent_type: "agentType" => Raw<'a>,
        is_meta: "isMeta" => Raw<'a>,
        is_compact_summary: "isCompactSummary" => Raw<'a>,
        message: "message" => Message<'a>,
        content: "content" => Raw<'a>,
    }
);

raw_fields!(
    /// A line's `message`.
    Message<'a> { content: "content" => Content<'a, Block<'a>>, stop_reason: "stop_reason" => Raw<'a> }
);

raw_fields!(
    /// A block of a message's content (a tool's output, `content`, is not read: no condition reads it).
    Block<'a> {
        kind: "type" => Raw<'a>,
        id: "id" => Raw<'a>,
        name: "name" => Raw<'a>,
        input: "input" => Value,
        tool_use_id: "tool_use_id" => Raw<'a>,
        is_error: "is_error" => Raw<'a>,
        text: "text" => Raw<'a>,
        content: "content" => Raw<'a>,
    }
);

/// What every line that carries an event holds: a `user` or `assistant` line, or the `system` line of a blocked
/// prompt.
static NEEDLES: LazyLock<Needles> =
    LazyLock::new(|| Needles::new(&["\"user\"", "\"assistant\"", "UserPromptSubmit operation blocked by hook"]));

/// The phrase of the message Claude Code injects after a Stop hook blocked.
const STOP_FEEDBACK: &str = "Stop hook feedback";

/// One transcript file being read.
pub(crate) struct Transcript {
    /// The subagent type of a subagent's own file (`agent-<id>.jsonl`).
    file_agent: Option<String>,
    /// Each tool call by id, for the PostToolUse of its result.
    calls: HashMap<String, (String, Value), Tables>,
    /// Whether the latest `user` line is the feedback Claude Code injects after a Stop hook blocked.
    after_stop_feedback: bool,
}

/// The members every event of a line has: its session, folder, permission mode and agent.
struct Base<'a> {
    session_id: Cow<'a, str>,
    cwd: Option<Cow<'a, str>>,
    permission_mode: Option<Cow<'a, str>>,
    agent_type: Option<String>,
    at: Option<crate::time::Timestamp>,
}

impl Base<'_> {
    fn push(&self, mut members: Map<String, Value>, out: &mut Vec<HistoryEvent>) {
        members.insert("session_id".into(), Value::from(self.session_id.as_ref()));
        if let Some(cwd) = &self.cwd {
            members.insert("cwd".into(), Value::from(cwd.as_ref()));
        }
        if let Some(mode) = &self.permission_mode {
            members.insert("permission_mode".into(), Value::from(mode.as_ref()));
        }
        if let Some(agent) = &self.agent_type {
            members.insert("agent_type".into(), Value::from(agent.as_str()));
        }
        out.push(HistoryEvent { session_id: self.session_id.clone().into_owned(), at: self.at, payload: members });
    }
}

impl Transcript {
    pub(crate) fn new(path: &Path) -> Transcript {
        let file_agent = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("agent-"))
            .then(|| agent_type_of(path))
            .flatten();
        Transcript { file_agent, calls: HashMap::default(), after_stop_feedback: false }
    }

    /// The events of a `user`, `assistant` or `system` line.
    fn events(&mut self, line: Line<'_>, kind: &str, out: &mut Vec<HistoryEvent>) {
        let was_after_stop_feedback = self.after_stop_feedback;
        if kind == "user" {
            self.after_stop_feedback = mentions_stop_feedback(&line.message.content);
        }
        let session_id = json::text(line.session_id).unwrap_or_default();
        if session_id.is_empty() {
            return;
        }
        let sidechain = json::flag(line.is_sidechain).unwrap_or(false) || self.file_agent.is_some();
        let agent_type = self.file_agent.clone().or_else(|| json::text(line.agent_type).map(Cow::into_owned));
        let base = Base {
            session_id,
            cwd: json::text(line.cwd),
            permission_mode: json::text(line.permission_mode),
            agent_type: agent_type.filter(|_| sidechain),
            at: time_of(line.timestamp),
        };
        match kind {
            "system" => {
                if let Some(prompt) = blocked_prompt(&line) {
                    base.push(payload("UserPromptSubmit", [("prompt", Value::from(prompt))]), out);
                }
            }
            "user" => {
                if let Some(prompt) = typed_prompt(&line).filter(|_| !sidechain) {
                    base.push(payload("UserPromptSubmit", [("prompt", Value::from(prompt))]), out);
                }
                let Content::Parts(blocks) = &line.message.content else { return };
                for block in blocks.iter().filter(|block| json::is(block.kind, "tool_result")) {
                    let id = json::text(block.tool_use_id).unwrap_or_default();
                    let failed = json::flag(block.is_error).unwrap_or(false);
                    let Some((name, input)) = self.calls.get(id.as_ref()).filter(|_| !failed) else { continue };
                    let members = [
                        ("tool_name", Value::from(name.as_str())),
                        ("tool_input", input.clone()),
                        ("tool_use_id", Value::from(id.as_ref())),
                    ];
                    base.push(payload("PostToolUse", members), out);
                }
            }
            _ => {
                let mut calls_a_tool = false;
                if let Content::Parts(blocks) = line.message.content {
                    for block in blocks.into_iter().filter(|block| json::is(block.kind, "tool_use")) {
                        calls_a_tool = true;
                        let id = json::text(block.id).unwrap_or_default().into_owned();
                        let name = json::text(block.name).unwrap_or_default().into_owned();
                        let members = [
                            ("tool_name", Value::from(name.as_str())),
                            ("tool_input", block.input.clone()),
                            ("tool_use_id", Value::from(id.as_str())),
                        ];
                        base.push(payload("PreToolUse", members), out);
                        self.calls.insert(id, (name, block.input));
                    }
                }
                // The main agent ends its turn: it says it stopped, and not to call a tool.
                let ends_turn = match json::text(line.message.stop_reason).as_deref() {
                    Some("tool_use") | None => false,
                    Some(_) => !calls_a_tool,
                };
                if !sidechain && ends_turn {
                    // After a Stop block, Claude Code goes on with a feedback message and stop_hook_active set.
                    base.push(payload("Stop", [("stop_hook_active", Value::from(was_after_stop_feedback))]), out);
                }
            }
        }
    }
}

impl LineReader for Transcript {
    fn needles(&self) -> &Needles {
        &NEEDLES
    }

    fn prefix(&self) -> &'static str {
        ""
    }

    fn read<'a>(&mut self, text: &'a str, out: &mut Vec<HistoryEvent>) -> Read<'a> {
        let Some(line) = json::line::<Line<'a>>(text) else { return Read::Malformed };
        match json::text(line.kind) {
            Some(kind) if kind == "user" || kind == "assistant" => self.events(line, &kind, out),
            Some(kind) if kind == "system" && blocked_prompt(&line).is_some() => self.events(line, &kind, out),
            other => return Read::Other(other.unwrap_or(Cow::Borrowed("(no type)"))),
        }
        Read::Used
    }
}

/// The agent type of a subagent transcript, from its `.meta.json` beside it.
fn agent_type_of(file: &Path) -> Option<String> {
    let meta = file.with_extension("meta.json");
    let value: Value = serde_json::from_slice(&std::fs::read(meta).ok()?).ok()?;
    value["agentType"].as_str().map(str::to_owned)
}

/// Whether a `user` line's content is the feedback Claude Code injects after a Stop hook blocked.
fn mentions_stop_feedback(content: &Content<'_, Block<'_>>) -> bool {
    match content {
        Content::Text(text) => text.contains(STOP_FEEDBACK),
        Content::Parts(blocks) => blocks.iter().any(|block| {
            let text = block.text.map_or("", |text| text.get());
            let output = block.content.map_or("", |content| content.get());
            text.contains(STOP_FEEDBACK) || output.contains(STOP_FEEDBACK)
        }),
        Content::Other => false,
    }
}

/// The text a user typed, if this `user` line is a prompt (not a tool result, not injected by Claude Code).
fn typed_prompt(line: &Line<'_>) -> Option<String> {
    if json::flag(line.is_meta) == Some(true) || json::flag(line.is_compact_summary) == Some(true) {
        return None;
    }
    let text = match &line.message.content {
        Content::Text(text) => text.clone().into_owned(),
        Content::Parts(blocks) if blocks.iter().all(|block| json::is(block.kind, "text")) => {
            blocks.iter().filter_map(|block| json::text(block.text)).collect::<Vec<_>>().join("\n")
        }
        _ => return None,
    };
    let injected = ["<command-", "<local-command", "<bash-", "[Request interrupted", "Caveat: ", "<system-reminder>"];
    (!text.is_empty() && !injected.iter().any(|prefix| text.starts_with(prefix))).then_some(text)
}

/// A prompt that a UserPromptSubmit hook blocked: Claude Code records it in a `system` line, not as a `user` line.
fn blocked_prompt(line: &Line<'_>) -> Option<String> {
    let content = json::text(line.content)?;
    if !content.starts_with("UserPromptSubmit operation blocked by hook") {
        return None;
    }
    content.rsplit_once("\n\nOriginal prompt: ").map(|(_, prompt)| prompt.to_owned())
}

#[cfg(test)]
mod tests {
    use super::super::lines::{parse_time, read_file as read_lines, Skipped};
    use super::*;
    use serde_json::json;
    use std::path::PathBuf;

    fn read_file(path: &Path, skipped: &mut Skipped) -> Result<Vec<HistoryEvent>, String> {
        read_lines(path, &mut Transcript::new(path), skipped)
    }

    fn write(dir: &Path, name: &str, lines: &[&str], end: &str) -> PathBuf {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("dir");
        std::fs::write(&path, format!("{}{end}", lines.join("\n"))).expect("write");
        path
    }

    fn scratch(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dotforge-transcript-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    /// `event tool-or-prompt` for each event.
    fn summary(events: &[HistoryEvent]) -> Vec<String> {
        events
            .iter()
            .map(|event| {
                let payload = &event.payload;
                let detail = payload
                    .get("tool_name")
                    .or_else(|| payload.get("prompt"))
                    .or_else(|| payload.get("stop_hook_active"))
                    .map_or(String::new(), |value| value.as_str().map_or_else(|| value.to_string(), str::to_owned));
                let agent = payload
                    .get("agent_type")
                    .and_then(Value::as_str)
                    .map_or(String::new(), |agent| format!(" ({agent})"));
                format!("{} {detail}{agent}", payload["hook_event_name"].as_str().unwrap_or(""))
            })
            .collect()
    }

    const LINES: &[&str] = &[
        r#"{"type":"queue-operation","operation":"enqueue","sessionId":"s1"}"#,
        r#"{"type":"user","sessionId":"s1","cwd":"/p","timestamp":"2026-11-30T10:00:00.123Z","message":{"role":"user","content":"fix the parser"}}"#,
        r#"{"type":"user","sessionId":"s1","isMeta":true,"timestamp":"2026-11-30T10:00:00.200Z","message":{"role":"user","content":"Caveat: injected"}}"#,
        r#"{"type":"assistant","sessionId":"s1","timestamp":"2026-11-30T10:00:01Z","message":{"role":"assistant","stop_reason":"tool_use","content":[{"type":"text","text":"Looking."},{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"rg parse"}},{"type":"tool_use","id":"t2","name":"Write","input":{"file_path":"a.rs"}}]}}"#,
        r#"{"type":"user","sessionId":"s1","timestamp":"2026-11-30T10:00:02Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"a.rs:1","is_error":false},{"type":"tool_result","tool_use_id":"t2","content":"denied","is_error":true}]}}"#,
        r#"{"type":"assistant","sessionId":"s1","isSidechain":true,"agentType":"Explore","timestamp":"2026-11-30T10:00:03Z","message":{"role":"assistant","stop_reason":"tool_use","content":[{"type":"tool_use","id":"t3","name":"Read","input":{"file_path":"b.rs"}}]}}"#,
        r#"{"type":"assistant","sessionId":"s1","timestamp":"2026-11-30T10:00:04Z","message":{"role":"assistant","stop_reason":"end_turn","content":[{"type":"text","text":"Done."}]}}"#,
        r#"{"type":"user","sessionId":"s1","timestamp":"2026-11-30T10:00:05Z","message":{"role":"user","content":[{"type":"text","text":"Stop hook feedback:\nrun the tests"}]},"isMeta":true}"#,
        r#"{"type":"assistant","sessionId":"s1","timestamp":"2026-11-30T10:00:06Z","message":{"role":"assistant","stop_reason":"end_turn","content":[{"type":"text","text":"Ran them."}]}}"#,
        r#"{"type":"system","subtype":"informational","sessionId":"s1","timestamp":"2026-11-30T10:00:07Z","content":"UserPromptSubmit operation blocked by hook:\nno\n\nOriginal prompt: the launch codes"}"#,
        r#"{"type":"summary","summary":"x"}"#,
        r#"not json"#,
    ];

    #[test]
    fn lines_become_the_events_claude_code_would_have_sent() {
        let dir = scratch("events");
        let path = write(&dir, "s1.jsonl", LINES, "\n");
        let mut skipped = Skipped::default();
        let events = read_file(&path, &mut skipped).expect("reads");
        assert_eq!(
            summary(&events),
            [
                "UserPromptSubmit fix the parser",
                "PreToolUse Bash",
                "PreToolUse Write",
                "PostToolUse Bash",
                "PreToolUse Read (Explore)",
                "Stop false",
                "Stop true",
                "UserPromptSubmit the launch codes"
            ],
            "the failed Write has no PostToolUse; the meta line is no prompt; the second stop follows stop feedback"
        );
        assert_eq!(events[0].payload.get("cwd"), Some(&json!("/p")));
        assert_eq!(events[0].at, parse_time("2026-11-30T10:00:00Z"));
        assert_eq!(skipped.malformed, 1);
        assert_eq!(skipped.other_types.get("queue-operation"), Some(&1));
        assert_eq!(skipped.other_types.get("summary"), Some(&1));
        assert_eq!(skipped.truncated_files, 0);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn subagent_files_truncation_and_bytes_that_are_not_text() {
        let dir = scratch("files");
        write(&dir, "s1.jsonl", &LINES[..2], "\n");
        let agent = write(
            &dir,
            "s1/subagents/agent-a1.jsonl",
            &[
                r#"{"type":"user","sessionId":"s1","isSidechain":true,"message":{"role":"user","content":"survey"}}"#,
                r#"{"type":"assistant","sessionId":"s1","isSidechain":true,"message":{"role":"assistant","stop_reason":"end_turn","content":[{"type":"tool_use","id":"t9","name":"Bash","input":{"command":"ls"}}]}}"#,
            ],
            "\n",
        );
        std::fs::write(dir.join("s1/subagents/agent-a1.meta.json"), r#"{"agentType":"Plan"}"#).expect("meta");
        let truncated = write(&dir, "s2.jsonl", &[LINES[1], r#"{"type":"assistant","sessionId":"s2","mess"#], "");
        let mut broken = LINES[1].as_bytes().to_vec();
        broken.extend_from_slice(b"\n\xff\xfe{}\n");
        std::fs::write(dir.join("s3.jsonl"), broken).expect("write");
        let mut skipped = Skipped::default();
        let events = read_file(&agent, &mut skipped).expect("reads");
        assert_eq!(
            summary(&events),
            ["PreToolUse Bash (Plan)"],
            "a subagent's prompt is not the user's, nor its end a Stop"
        );
        read_file(&truncated, &mut skipped).expect("reads");
        assert_eq!((skipped.malformed, skipped.truncated_files), (1, 1));
        read_file(&dir.join("s3.jsonl"), &mut skipped).expect("reads");
        assert_eq!(skipped.not_utf8, 1);
        let _ = std::fs::remove_dir_all(dir);
    }
}
