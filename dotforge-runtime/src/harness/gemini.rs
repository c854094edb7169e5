//! Gemini CLI (proven with 0.61.0): its events are `BeforeTool`, `AfterTool`, `BeforeAgent` and `AfterAgent`, its
//! tools are named in snake case (`run_shell_command`, `write_file`, `replace`, …) with their own argument keys, and
//! its payloads carry no tool call id. Its output says `decision: "deny"` with a `reason` (the model reads it as the
//! tool's error, or as the next prompt after `AfterAgent`); `hookSpecificOutput.additionalContext` reaches the model
//! after a tool and with a prompt, not before a tool, where a nudge reaches the user only. It cannot ask the person
//! about a call: a soft block is a deny that the person lifts.

use super::dialect::{
    tool, Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles,
    SettingsForm, TimeUnit,
};
use super::translate;
use crate::model::Event;
use crate::output::Decision;
use crate::payload::Payload;
use serde_json::{Map, Value};

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
    session_start: None,
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
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".gemini/settings.json",
        user: ".gemini/settings.json",
        user_folder_variable: None,
        switches_off: &[],
        switch_files: &[],
        form: SettingsForm::HooksMember,
    },
    matcher: MatcherStyle::NativeRegex,
    timeout: TimeUnit::Milliseconds,
    hook_arguments: " hook --harness gemini",
    mcp: McpNaming::Context { prefix: "mcp_", member: "mcp_context" },
    mcp_matcher: "^mcp_.*",
    hook_name: Some("dotforge"),
    detected_by: &[Detection::EventNames],
    can_ask: false,
    output: OutputControl::ReasonInstead,
    // Its own output shape (`render` below): these are not read.
    fields: Fields {
        final_flag: false,
        system_message: true,
        context_on: &[],
        top_context_on: &[],
        event_name: false,
        block_on: &[Event::PostToolUse, Event::UserPromptSubmit, Event::Stop],
    },
};

/// The payload in the catalog's vocabulary, by the record (`read_many_files` reads its first path as `file_path`),
/// and a shell command's `dir_path` as the directory it runs in (`cwd`).
pub(super) fn canonical(payload: Payload) -> Payload {
    translate::by_record(&DIALECT, translate::folder_as_cwd(payload, "run_shell_command", "dir_path"))
}

/// The object Gemini CLI reads for the decision: a block is `decision: "deny"` with its `reason` on every event
/// (BeforeTool: the call does not run; AfterTool: the model reads the reason instead of the result; BeforeAgent:
/// the prompt is dropped; AfterAgent: the agent goes on with the reason as its prompt). Nudges and warnings are a
/// `systemMessage`, and `additionalContext` where Gemini CLI gives it to the model (after a tool, with a prompt).
pub(super) fn render(event: Event, decision: &Decision) -> Option<Value> {
    let mut root = Map::new();
    // After a tool whose output held a secret: the model reads the output with the secret withheld, as the reason.
    if let Some(screened) = decision.screened.as_ref().filter(|_| event == Event::PostToolUse) {
        let mut reason = translate::output_text(&screened.output);
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
