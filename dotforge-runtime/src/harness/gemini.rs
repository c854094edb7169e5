//! Gemini CLI (proven with 0.61.0): its events are `BeforeTool`, `AfterTool`, `BeforeAgent` and `AfterAgent`, its
//! tools are named in snake case (`run_shell_command`, `write_file`, `replace`, …) with their own argument keys, and
//! its payloads carry no tool call id. Its output says `decision: "deny"` with a `reason` (the model reads it as the
//! tool's error, or as the next prompt after `AfterAgent`); `hookSpecificOutput.additionalContext` reaches the model
//! after a tool and with a prompt, not before a tool, where a nudge reaches the user only. It cannot ask the person
//! about a call: a soft block is a deny that the person lifts.

use super::dialect::{
    paths_of, Detection, Dialect, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles, TimeUnit, Tool,
};
use super::mcp;
use crate::model::Event;
use crate::output::Decision;
use crate::payload::Payload;
use serde_json::{Map, Value};
use std::path::Path;

/// A tool of Gemini CLI: its name, the catalog's, its argument keys renamed, the paths it names.
const fn tool(
    native: &'static str,
    catalog: &'static str,
    keys: &'static [(&'static str, &'static str)],
    paths: &'static [(&'static str, Role)],
) -> Tool {
    Tool { native, catalog, keys, paths }
}

/// Gemini CLI (proven with 0.61.0).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Gemini,
    name: "gemini",
    title: "Gemini CLI",
    events: &[
        ("BeforeTool", Event::PreToolUse),
        ("AfterTool", Event::PostToolUse),
        ("BeforeAgent", Event::UserPromptSubmit),
        ("AfterAgent", Event::Stop),
    ],
    other_events: &[
        "BeforeModel",
        "AfterModel",
        "BeforeToolSelection",
        "SessionStart",
        "SessionEnd",
        "PreCompress",
        "Notification",
    ],
    missing_events: &[Event::PostToolUseFailure],
    tools: &[
        tool("run_shell_command", "Bash", &[("command", "command")], &[]),
        tool(
            "write_file",
            "Write",
            &[("file_path", "file_path"), ("content", "content")],
            &[("file_path", Role::Write)],
        ),
        tool(
            "replace",
            "Edit",
            &[("file_path", "file_path"), ("old_string", "old_string"), ("new_string", "new_string")],
            &[("file_path", Role::Write)],
        ),
        tool("read_file", "Read", &[("file_path", "file_path")], &[("file_path", Role::Read)]),
        // Its first path is the catalog's `file_path` too (see `canonical`).
        tool("read_many_files", "Read", &[], &[("include", Role::Read), ("paths", Role::Read)]),
        tool("grep_search", "Grep", &[("pattern", "pattern"), ("dir_path", "path")], &[("path", Role::Read)]),
        tool("glob", "Glob", &[("pattern", "pattern"), ("dir_path", "path")], &[]),
        tool("list_directory", "Glob", &[("dir_path", "path")], &[]),
        tool("web_fetch", "WebFetch", &[("prompt", "url")], &[]),
        tool("google_web_search", "WebSearch", &[("query", "query")], &[]),
        tool("write_todos", "TodoWrite", &[], &[]),
        tool("ask_user", "AskUserQuestion", &[], &[]),
        tool("enter_plan_mode", "EnterPlanMode", &[], &[]),
        tool("exit_plan_mode", "ExitPlanMode", &[], &[]),
        tool("activate_skill", "Skill", &[], &[]),
        tool("invoke_agent", "Agent", &[], &[]),
    ],
    settings: SettingsFiles {
        project: ".gemini/settings.json",
        user: ".gemini/settings.json",
        user_folder_variable: None,
        switches_off: &[],
    },
    matcher: MatcherStyle::NativeRegex,
    timeout: TimeUnit::Milliseconds,
    hook_arguments: " hook --harness gemini",
    mcp: McpNaming::Context { prefix: "mcp_", member: "mcp_context" },
    mcp_matcher: "^mcp_.*",
    hook_name: Some("dotforge"),
    detected_by: Detection::EventNames,
    can_ask: false,
    output: OutputControl::ReasonInstead,
};

/// The payload in the catalog's vocabulary. A shell command's `dir_path` becomes the directory it runs in (`cwd`);
/// `read_many_files` reads its first path as `file_path` and all of them as `file_paths`. Tools not listed keep
/// their names and arguments.
pub(super) fn canonical(payload: Payload) -> Payload {
    let mut root = payload.into_object();
    let event = root.get("hook_event_name").and_then(Value::as_str).unwrap_or("");
    if let Some(canonical) = DIALECT.event(event) {
        root.insert("hook_event_name".into(), Value::from(canonical.name()));
    }
    let mut root = match mcp::canonical(DIALECT.mcp, root) {
        Ok(read) => return read,
        Err(root) => root,
    };
    let name = root.get("tool_name").and_then(Value::as_str).unwrap_or("").to_owned();
    let Some(record) = DIALECT.tool(&name) else {
        return Payload::from_object(root);
    };
    let input = match root.remove("tool_input") {
        Some(Value::Object(input)) => input,
        _ => Map::new(),
    };
    let mut mapped = Map::new();
    for (from, to) in record.keys {
        if let Some(value) = input.get(*from) {
            mapped.insert((*to).to_owned(), value.clone());
        }
    }
    if name == "run_shell_command" {
        if let Some(dir) = input.get("dir_path").and_then(Value::as_str).filter(|dir| !dir.is_empty()) {
            let base = root.get("cwd").and_then(Value::as_str).unwrap_or("");
            let joined = Path::new(base).join(dir).to_string_lossy().into_owned();
            root.insert("cwd".into(), Value::from(joined));
        }
    }
    // What the catalog does not name stays, under the tool's own keys.
    for (key, value) in input {
        mapped.entry(key).or_insert(value);
    }
    let mapped = Value::Object(mapped);
    let paths = paths_of(record, &mapped);
    let Value::Object(mut mapped) = mapped else { return Payload::from_object(root) };
    // Several files at once: the first is the catalog's `file_path` as well.
    if !mapped.contains_key("file_path") {
        if let Some((first, _)) = paths.first().filter(|_| record.catalog == "Read") {
            mapped.insert("file_path".into(), Value::from(first.as_str()));
        }
    }
    root.insert("tool_name".into(), Value::from(record.catalog));
    root.insert("tool_input".into(), Value::Object(mapped));
    Payload::from_object(root).with_paths(paths)
}

/// The object Gemini CLI reads for the decision: a block is `decision: "deny"` with its `reason` on every event
/// (BeforeTool: the call does not run; AfterTool: the model reads the reason instead of the result; BeforeAgent:
/// the prompt is dropped; AfterAgent: the agent goes on with the reason as its prompt). Nudges and warnings are a
/// `systemMessage`, and `additionalContext` where Gemini CLI gives it to the model (after a tool, with a prompt).
pub(super) fn render(event: Event, decision: &Decision) -> Option<Value> {
    let mut root = Map::new();
    // After a tool whose output held a secret: the model reads the output with the secret withheld, as the reason.
    if let Some(screened) = decision.screened.as_ref().filter(|_| event == Event::PostToolUse) {
        let mut reason = text_of(&screened.output);
        if let Some(block) = &decision.block {
            reason = format!("{}\n\n{reason}", block.message);
        }
        root.insert("decision".into(), Value::from("deny"));
        root.insert("reason".into(), Value::from(reason));
        root.insert("systemMessage".into(), Value::from(screened.notice()));
        return Some(Value::Object(root));
    }
    if let Some(block) = &decision.block {
        root.insert("decision".into(), Value::from("deny"));
        root.insert("reason".into(), Value::from(block.message.as_str()));
        root.insert("systemMessage".into(), Value::from(block.message.as_str()));
        return Some(Value::Object(root));
    }
    let messages: Vec<&str> = decision.messages.iter().map(String::as_str).filter(|text| !text.is_empty()).collect();
    if messages.is_empty() {
        return None;
    }
    let joined = messages.join("\n\n");
    if matches!(event, Event::PostToolUse | Event::UserPromptSubmit) {
        let mut specific = Map::new();
        specific.insert("additionalContext".into(), Value::from(joined.clone()));
        root.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    root.insert("systemMessage".into(), Value::from(joined));
    Some(Value::Object(root))
}

/// The text of a tool's output as Gemini CLI gives it (`llmContent`: text parts, or a string), else its JSON.
fn text_of(output: &Value) -> String {
    let content = output.get("llmContent").unwrap_or(output);
    match content {
        Value::String(text) => text.clone(),
        Value::Array(parts) => {
            parts.iter().filter_map(|part| part.get("text").and_then(Value::as_str)).collect::<Vec<_>>().join("\n")
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::{canonical, Role};
    use crate::payload::Payload;
    use serde_json::json;

    fn payload(payload: serde_json::Value) -> Payload {
        let Some(payload) = Payload::parse(payload.to_string().as_bytes()) else { panic!("a payload") };
        payload
    }

    fn mapped(value: serde_json::Value) -> serde_json::Value {
        json!(canonical(payload(value)).into_object())
    }

    #[test]
    fn events_tools_and_arguments_read_in_the_catalogs_words() {
        let shell = mapped(json!({"hook_event_name": "BeforeTool", "cwd": "/p", "tool_name": "run_shell_command",
            "tool_input": {"command": "git push -f", "description": "push", "dir_path": "sub"}}));
        assert_eq!(shell["hook_event_name"], "PreToolUse");
        assert_eq!(shell["tool_name"], "Bash");
        assert_eq!(shell["tool_input"]["command"], "git push -f");
        assert_eq!(shell["cwd"], "/p/sub");
        let edit = mapped(json!({"hook_event_name": "AfterTool", "tool_name": "replace",
            "tool_input": {"file_path": ".env", "old_string": "a", "new_string": "b", "instruction": "x"}}));
        assert_eq!((edit["hook_event_name"].as_str(), edit["tool_name"].as_str()), (Some("PostToolUse"), Some("Edit")));
        assert_eq!(edit["tool_input"]["new_string"], "b");
        let many = canonical(payload(json!({"hook_event_name": "BeforeTool", "tool_name": "read_many_files",
            "tool_input": {"include": ["a.txt", ".env"]}})));
        assert_eq!(many.tool_input()["file_path"], "a.txt");
        assert_eq!(many.paths(), [("a.txt".to_owned(), Role::Read), (".env".to_owned(), Role::Read)]);
        let prompt = mapped(json!({"hook_event_name": "BeforeAgent", "prompt": "hi"}));
        assert_eq!(prompt["hook_event_name"], "UserPromptSubmit");
        let other = mapped(json!({"hook_event_name": "BeforeTool", "tool_name": "mcp_srv_do", "tool_input": {"x": 1}}));
        // An MCP tool the table does not know: its name in the catalog's words, its arguments as they are.
        assert_eq!((other["tool_name"].as_str(), other["tool_input"]["x"].as_i64()), (Some("mcp__srv__do"), Some(1)));
    }
}
