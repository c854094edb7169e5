//! Claude Code session transcripts read back as the hook events Claude Code would have sent.
//!
//! A transcript is JSON lines under `~/.claude/projects/<project path, every character but ASCII letters and digits
//! written as `->/`: `<session>.jsonl` for the session, and `<session>/subagents/agent-<id>.jsonl` (with an
//! `agent-<id>.meta.json` that names its `agentType`) for each subagent; older versions kept subagent lines in the
//! session's file, marked `isSidechain`. From `user` and `assistant` lines come: UserPromptSubmit for each prompt the
//! user typed (including prompts a hook blocked, which Claude Code records in a `system` line), PreToolUse for each
//! `tool_use`, PostToolUse for each `tool_result` that is not an error, and Stop when the main agent ends its turn.
//! Every other line type is skipped and counted, as are lines that are not JSON (a truncated last line among them)
//! and lines that are not UTF-8.

use super::json::{self, raw_fields};
use super::lines::{payload, time_of, HistoryEvent, LineReader, Needles, Read};
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;
use std::sync::LazyLock;

raw_fields!(
    /// A transcript line: the members the events are made of.
    Line {
        kind: "type",
        session_id: "sessionId",
        timestamp: "timestamp",
        cwd: "cwd",
        permission_mode: "permissionMode",
        is_sidechain: "isSidechain",
        agent_type: "agentType",
        is_meta: "isMeta",
        is_compact_summary: "isCompactSummary",
        message: "message",
        content: "content",
    }
);

raw_fields!(
    /// A line's `message`.
    Message { content: "content", stop_reason: "stop_reason" }
);

raw_fields!(
    /// A block of a message's content.
    Block {
        kind: "type",
        id: "id",
        name: "name",
        input: "input",
        tool_use_id: "tool_use_id",
        is_error: "is_error",
        content: "content",
        text: "text",
    }
);

/// What every line that carries an event holds: a `user` or `assistant` line, or the `system` line of a blocked
/// prompt.
static NEEDLES: LazyLock<Needles> =
    LazyLock::new(|| Needles::new(&["\"user\"", "\"assistant\"", "UserPromptSubmit operation blocked by hook"]));

/// One transcript file being read.
pub(crate) struct Transcript {
    /// The subagent type of a subagent's own file (`agent-<id>.jsonl`).
    file_agent: Option<String>,
    /// Each tool call by id, for the PostToolUse of its result.
    calls: HashMap<String, (String, Value)>,
    /// Whether the latest `user` line is the feedback Claude Code injects after a Stop hook blocked.
    after_stop_feedback: bool,
}

impl Transcript {
    pub(crate) fn new(path: &Path) -> Transcript {
        let file_agent = path
            .file_name()
            .is_some_and(|name| name.to_string_lossy().starts_with("agent-"))
            .then(|| agent_type_of(path))
            .flatten();
        Transcript { file_agent, calls: HashMap::new(), after_stop_feedback: false }
    }

    /// The events of a `user`, `assistant` or `system` line.
    fn events(&mut self, line: &Line<'_>, kind: &str, out: &mut Vec<HistoryEvent>) {
        let message = json::object::<Message<'_>>(line.message).unwrap_or_default();
        let blocks: Vec<Block<'_>> =
            json::items(message.content).into_iter().filter_map(|item| json::object(Some(item))).collect();
        let was_after_stop_feedback = self.after_stop_feedback;
        if kind == "user" {
            self.after_stop_feedback =
                message.content.is_some_and(|content| content.get().contains("Stop hook feedback"));
        }
        let session_id = json::text(line.session_id).unwrap_or_default();
        if session_id.is_empty() {
            return;
        }
        let sidechain = json::flag(line.is_sidechain).unwrap_or(false) || self.file_agent.is_some();
        let mut base = Map::new();
        base.insert("session_id".into(), Value::from(session_id.as_ref()));
        if let Some(cwd) = json::text(line.cwd) {
            base.insert("cwd".into(), Value::from(cwd.as_ref()));
        }
        if let Some(mode) = json::text(line.permission_mode) {
            base.insert("permission_mode".into(), Value::from(mode.as_ref()));
        }
        let agent_type = self.file_agent.clone().or_else(|| json::text(line.agent_type).map(Cow::into_owned));
        if let Some(agent) = agent_type.filter(|_| sidechain) {
            base.insert("agent_type".into(), Value::from(agent));
        }
        let at = time_of(line.timestamp);
        let mut push = |members: Map<String, Value>| {
            let mut payload = base.clone();
            payload.extend(members);
            out.push(HistoryEvent { session_id: session_id.clone().into_owned(), at, payload });
        };
        match kind {
            "system" => {
                if let Some(prompt) = blocked_prompt(line) {
                    push(payload("UserPromptSubmit", [("prompt", Value::from(prompt))]));
                }
            }
            "user" => {
                if let Some(prompt) = typed_prompt(line, &message, &blocks).filter(|_| !sidechain) {
                    push(payload("UserPromptSubmit", [("prompt", Value::from(prompt))]));
                }
                for block in blocks.iter().filter(|block| json::is(block.kind, "tool_result")) {
                    let id = json::text(block.tool_use_id).unwrap_or_default();
                    let failed = json::flag(block.is_error).unwrap_or(false);
                    let Some((name, input)) = self.calls.get(id.as_ref()).filter(|_| !failed) else { continue };
                    push(payload(
                        "PostToolUse",
                        [
                            ("tool_name", Value::from(name.as_str())),
                            ("tool_input", input.clone()),
                            ("tool_response", json::value(block.content)),
                            ("tool_use_id", Value::from(id.as_ref())),
                        ],
                    ));
                }
            }
            _ => {
                for block in blocks.iter().filter(|block| json::is(block.kind, "tool_use")) {
                    let id = json::text(block.id).unwrap_or_default().into_owned();
                    let name = json::text(block.name).unwrap_or_default().into_owned();
                    let input = json::value(block.input);
                    push(payload(
                        "PreToolUse",
                        [
                            ("tool_name", Value::from(name.as_str())),
                            ("tool_input", input.clone()),
                            ("tool_use_id", Value::from(id.as_str())),
                        ],
                    ));
                    self.calls.insert(id, (name, input));
                }
                if !sidechain && ends_turn(&message, &blocks) {
                    // After a Stop block, Claude Code goes on with a feedback message and stop_hook_active set.
                    push(payload("Stop", [("stop_hook_active", Value::from(was_after_stop_feedback))]));
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
            Some(kind) if kind == "user" || kind == "assistant" => self.events(&line, &kind, out),
            Some(kind) if kind == "system" && blocked_prompt(&line).is_some() => self.events(&line, &kind, out),
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

/// The text a user typed, if this `user` line is a prompt (not a tool result, not injected by Claude Code).
fn typed_prompt(line: &Line<'_>, message: &Message<'_>, blocks: &[Block<'_>]) -> Option<String> {
    if json::flag(line.is_meta) == Some(true) || json::flag(line.is_compact_summary) == Some(true) {
        return None;
    }
    let text = match json::text(message.content) {
        Some(text) => text.into_owned(),
        None if message.content.is_some_and(|content| content.get().starts_with('['))
            && blocks.len() == json::items(message.content).len()
            && blocks.iter().all(|block| json::is(block.kind, "text")) =>
        {
            blocks.iter().filter_map(|block| json::text(block.text)).collect::<Vec<_>>().join("\n")
        }
        None => return None,
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

/// Whether an assistant line ends the agent's turn (its last block is not a tool call and it says it stopped).
fn ends_turn(message: &Message<'_>, blocks: &[Block<'_>]) -> bool {
    let calls_a_tool = blocks.iter().any(|block| json::is(block.kind, "tool_use"));
    match json::text(message.stop_reason).as_deref() {
        Some("tool_use") => false,
        Some(_) => !calls_a_tool,
        None => false,
    }
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
