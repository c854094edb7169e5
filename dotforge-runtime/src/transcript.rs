//! Claude Code session transcripts read back as the hook events Claude Code would have sent (for `backtest`).
//!
//! A transcript is JSON lines under `~/.claude/projects/<project path, every character but ASCII letters and digits
//! written as `->/`: `<session>.jsonl` for the session, and `<session>/subagents/agent-<id>.jsonl` (with an
//! `agent-<id>.meta.json` that names its `agentType`) for each subagent; older versions kept subagent lines in the
//! session's file, marked `isSidechain`. From `user` and `assistant` lines come: UserPromptSubmit for each prompt the
//! user typed (including prompts a hook blocked, which Claude Code records in a `system` line), PreToolUse for each
//! `tool_use`, PostToolUse for each `tool_result` that is not an error, and Stop when the main agent ends its turn. Every other line type is skipped and counted, as are lines that are not JSON
//! (a truncated last line among them) and lines that are not UTF-8.

use crate::time::Timestamp;
use serde_json::{json, Map, Value};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// One event reconstructed from a transcript.
#[derive(Debug)]
pub(crate) struct TranscriptEvent {
    pub session_id: String,
    /// When it happened (the line's `timestamp`); `None` when the line has none.
    pub at: Option<Timestamp>,
    /// The hook payload Claude Code would have sent.
    pub payload: Map<String, Value>,
}

/// What was skipped while reading.
#[derive(Debug, Default)]
pub(crate) struct Skipped {
    /// Lines that are not a JSON object (a truncated last line among them).
    pub malformed: u64,
    /// Lines that are not UTF-8.
    pub not_utf8: u64,
    /// Lines of other types (`system`, `attachment`, `summary`…), by type.
    pub other_types: BTreeMap<String, u64>,
    /// Files whose last line was cut short.
    pub truncated_files: u64,
}

/// The project folder Claude Code keeps transcripts in for `project_dir`.
pub(crate) fn project_folder(home: &Path, project_dir: &Path) -> PathBuf {
    let encoded: String =
        project_dir.to_string_lossy().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    home.join(".claude").join("projects").join(encoded)
}

/// The transcript files under a path: the file itself, or every `*.jsonl` in a folder and its subfolders (subagent
/// transcripts live one level down), in name order. `Err` when the path does not exist.
pub(crate) fn files(path: &Path) -> Result<Vec<PathBuf>, String> {
    let meta = std::fs::metadata(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut found = Vec::new();
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|error| format!("cannot read {}: {error}", folder.display()))?;
        for entry in entries.flatten() {
            let entry_path = entry.path();
            if entry_path.is_dir() {
                folders.push(entry_path);
            } else if entry_path.extension().is_some_and(|ext| ext == "jsonl") {
                found.push(entry_path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// `2026-11-30T17:03:51.788Z` (or without fractions) as a timestamp.
pub(crate) fn parse_time(text: &str) -> Option<Timestamp> {
    let whole = text.get(..19)?;
    Timestamp::parse(&format!("{whole}Z"))
}

/// The agent type of a subagent transcript, from its `.meta.json` beside it.
fn agent_type_of(file: &Path) -> Option<String> {
    let meta = file.with_extension("meta.json");
    let value: Value = serde_json::from_slice(&std::fs::read(meta).ok()?).ok()?;
    value["agentType"].as_str().map(str::to_owned)
}

/// A line of interest: a `user` or `assistant` line, parsed.
struct Line {
    value: Value,
    sidechain: bool,
}

/// Reads one transcript file into events (in file order), counting what it skips.
pub(crate) fn read_file(path: &Path, skipped: &mut Skipped) -> Result<Vec<TranscriptEvent>, String> {
    let bytes = std::fs::read(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let file_agent = path
        .file_name()
        .is_some_and(|name| name.to_string_lossy().starts_with("agent-"))
        .then(|| agent_type_of(path))
        .flatten();
    let truncated = !bytes.is_empty() && !bytes.ends_with(b"\n");
    let mut lines = Vec::new();
    let count = bytes.split(|&byte| byte == b'\n').count();
    for (index, raw) in bytes.split(|&byte| byte == b'\n').enumerate() {
        if raw.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let Ok(text) = std::str::from_utf8(raw) else {
            skipped.not_utf8 += 1;
            continue;
        };
        let value = match serde_json::from_str::<Value>(text) {
            Ok(value @ Value::Object(_)) => value,
            _ => {
                skipped.malformed += 1;
                if truncated && index + 1 == count {
                    skipped.truncated_files += 1;
                }
                continue;
            }
        };
        match value["type"].as_str() {
            Some("user" | "assistant") => {
                let sidechain = value["isSidechain"].as_bool().unwrap_or(false) || file_agent.is_some();
                lines.push(Line { value, sidechain });
            }
            Some("system") if blocked_prompt(&value).is_some() => lines.push(Line { value, sidechain: false }),
            other => *skipped.other_types.entry(other.unwrap_or("(no type)").to_owned()).or_default() += 1,
        }
    }
    Ok(events(&lines, file_agent.as_deref()))
}

fn content_blocks(message: &Value) -> Vec<&Value> {
    match &message["content"] {
        Value::Array(blocks) => blocks.iter().collect(),
        _ => Vec::new(),
    }
}

/// The text a user typed, if this `user` line is a prompt (not a tool result, not injected by Claude Code).
fn typed_prompt(line: &Value) -> Option<String> {
    if line["isMeta"].as_bool() == Some(true) || line["isCompactSummary"].as_bool() == Some(true) {
        return None;
    }
    let text = match &line["message"]["content"] {
        Value::String(text) => text.clone(),
        Value::Array(blocks) if blocks.iter().all(|block| block["type"] == "text") => {
            blocks.iter().filter_map(|block| block["text"].as_str()).collect::<Vec<_>>().join("\n")
        }
        _ => return None,
    };
    let injected = ["<command-", "<local-command", "<bash-", "[Request interrupted", "Caveat: ", "<system-reminder>"];
    (!text.is_empty() && !injected.iter().any(|prefix| text.starts_with(prefix))).then_some(text)
}

/// A prompt that a UserPromptSubmit hook blocked: Claude Code records it in a `system` line, not as a `user` line.
fn blocked_prompt(line: &Value) -> Option<String> {
    let content = line["content"].as_str()?;
    if !content.starts_with("UserPromptSubmit operation blocked by hook") {
        return None;
    }
    content.rsplit_once("\n\nOriginal prompt: ").map(|(_, prompt)| prompt.to_owned())
}

/// Whether an assistant line ends the agent's turn (its last block is not a tool call and it says it stopped).
fn ends_turn(line: &Value) -> bool {
    let message = &line["message"];
    let calls_a_tool = content_blocks(message).iter().any(|block| block["type"] == "tool_use");
    match message["stop_reason"].as_str() {
        Some("tool_use") => false,
        Some(_) => !calls_a_tool,
        None => false,
    }
}

fn events(lines: &[Line], file_agent: Option<&str>) -> Vec<TranscriptEvent> {
    let mut calls: HashMap<String, (String, Value)> = HashMap::new();
    let mut out = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let value = &line.value;
        let session_id = value["sessionId"].as_str().unwrap_or("").to_owned();
        if session_id.is_empty() {
            continue;
        }
        let at = value["timestamp"].as_str().and_then(parse_time);
        let mut base = Map::new();
        base.insert("session_id".into(), json!(session_id));
        if let Some(cwd) = value["cwd"].as_str() {
            base.insert("cwd".into(), json!(cwd));
        }
        if let Some(mode) = value["permissionMode"].as_str() {
            base.insert("permission_mode".into(), json!(mode));
        }
        let agent_type = file_agent.map(str::to_owned).or_else(|| value["agentType"].as_str().map(str::to_owned));
        if line.sidechain {
            if let Some(agent) = &agent_type {
                base.insert("agent_type".into(), json!(agent));
            }
        }
        let event = |name: &str, extra: Map<String, Value>| {
            let mut payload = base.clone();
            payload.insert("hook_event_name".into(), json!(name));
            payload.extend(extra);
            TranscriptEvent { session_id: session_id.clone(), at, payload }
        };
        match value["type"].as_str() {
            Some("system") => {
                if let Some(prompt) = blocked_prompt(value) {
                    out.push(event("UserPromptSubmit", Map::from_iter([("prompt".to_owned(), json!(prompt))])));
                }
            }
            Some("user") => {
                if !line.sidechain {
                    if let Some(prompt) = typed_prompt(value) {
                        out.push(event("UserPromptSubmit", Map::from_iter([("prompt".to_owned(), json!(prompt))])));
                    }
                }
                for block in
                    content_blocks(&value["message"]).into_iter().filter(|block| block["type"] == "tool_result")
                {
                    let id = block["tool_use_id"].as_str().unwrap_or("");
                    let failed = block["is_error"].as_bool().unwrap_or(false);
                    let Some((name, input)) = calls.get(id).filter(|_| !failed) else { continue };
                    let fields = [
                        ("tool_name".to_owned(), json!(name)),
                        ("tool_input".to_owned(), input.clone()),
                        ("tool_response".to_owned(), block["content"].clone()),
                        ("tool_use_id".to_owned(), json!(id)),
                    ];
                    out.push(event("PostToolUse", Map::from_iter(fields)));
                }
            }
            Some("assistant") => {
                for block in content_blocks(&value["message"]).into_iter().filter(|block| block["type"] == "tool_use") {
                    let id = block["id"].as_str().unwrap_or("").to_owned();
                    let name = block["name"].as_str().unwrap_or("").to_owned();
                    let input = block["input"].clone();
                    calls.insert(id.clone(), (name.clone(), input.clone()));
                    let fields = [
                        ("tool_name".to_owned(), json!(name)),
                        ("tool_input".to_owned(), input),
                        ("tool_use_id".to_owned(), json!(id)),
                    ];
                    out.push(event("PreToolUse", Map::from_iter(fields)));
                }
                if !line.sidechain && ends_turn(value) {
                    // After a Stop block, Claude Code goes on with a feedback message and stop_hook_active set.
                    let active = lines[..index]
                        .iter()
                        .rev()
                        .find(|earlier| earlier.value["type"] == "user")
                        .is_some_and(|earlier| is_stop_feedback(&earlier.value));
                    out.push(event("Stop", Map::from_iter([("stop_hook_active".to_owned(), json!(active))])));
                }
            }
            _ => {}
        }
    }
    out
}

/// A user line Claude Code injects after a Stop hook blocked: the agent goes on with `stop_hook_active`.
fn is_stop_feedback(line: &Value) -> bool {
    line["type"] == "user" && line["message"]["content"].to_string().contains("Stop hook feedback")
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn summary(events: &[TranscriptEvent]) -> Vec<String> {
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
        assert_eq!(files(&dir).expect("files").len(), 4);
        assert!(files(&dir.join("missing")).is_err());
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

    #[test]
    fn the_project_folder_name_replaces_every_character_but_ascii_letters_and_digits() {
        let folder = project_folder(Path::new("/home/u"), Path::new("/tmp/My.proj_dir x/sub-é"));
        assert_eq!(
            folder,
            Path::new("/home/u/.claude/projects/-tmp-My-proj-dir-x-sub--"),
            "as Claude Code 2.1.328 names it"
        );
    }
}
