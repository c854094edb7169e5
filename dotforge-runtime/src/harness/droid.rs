//! Factory's Droid (proven with 0.225.2), registered in Claude Code's hook format: Claude Code's event names, its
//! own tools with their own argument keys (`Execute {command}`, `Create {file_path, content}`, `Edit {file_path,
//! old_str, new_str}`, `LS {directory_path}`, `Glob {patterns, folder}`, and `ApplyPatch {input}` — a patch in Codex
//! CLI's format, read as the Edit or Write of the files it touches), MCP tools as `<server>___<tool>`. Its payloads
//! are told by those tool names, and by `DROID_PROJECT_DIR` in the hook's environment. It cannot ask (an `ask` runs
//! the call): a soft block is a deny the person lifts. After a tool, `additionalContext` reaches the model but
//! nothing replaces the output; `continue: false` stops the agent before the model reads it. `decision: block` is
//! read at Stop only. Its matcher is a regular expression searched in its own names. A failed call has no event.

use super::dialect::{
    tool, Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles,
    SettingsForm, TimeUnit,
};
use super::{patch, translate};
use crate::model::Event;
use crate::payload::Payload;

/// Factory Droid (proven with 0.225.2).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Droid,
    name: "droid",
    title: "Factory Droid",
    events: &[],
    other_events: &["Notification", "SubagentStop", "PreCompact", "SessionStart", "SessionEnd"],
    session_start: None,
    missing_events: &[Event::PostToolUseFailure],
    tools: &[
        tool("Execute", "Bash", &[("command", "command")], &[]),
        // Read as the Edit (or Write) of each file of the patch, by `canonical` below.
        tool("ApplyPatch", "Edit", &[], &[]),
        tool("Create", "Write", &[("file_path", "file_path"), ("content", "content")], &[("file_path", Role::Write)]),
        tool(
            "Edit",
            "Edit",
            &[
                ("file_path", "file_path"),
                ("old_str", "old_string"),
                ("new_str", "new_string"),
                ("change_all", "replace_all"),
            ],
            &[("file_path", Role::Write)],
        ),
        tool("Read", "Read", &[("file_path", "file_path")], &[("file_path", Role::Read)]),
        tool("LS", "Glob", &[("directory_path", "path")], &[]),
        tool(
            "Grep",
            "Grep",
            &[("pattern", "pattern"), ("path", "path"), ("glob_pattern", "glob")],
            &[("path", Role::Read)],
        ),
        tool("Glob", "Glob", &[("patterns", "pattern"), ("folder", "path")], &[]),
        tool("FetchUrl", "WebFetch", &[("url", "url")], &[]),
        tool("WebSearch", "WebSearch", &[("query", "query")], &[]),
        tool("TodoWrite", "TodoWrite", &[], &[]),
        tool("Task", "Task", &[("prompt", "prompt")], &[]),
        tool("Skill", "Skill", &[], &[]),
    ],
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".factory/settings.json",
        user: ".factory/settings.json",
        user_folder_variable: None,
        // Nested under `hooks` in settings.json, at the top of hooks.json.
        switches_off: &["hooks.hooksDisabled", "hooksDisabled"],
        // The project's switch turns the user's hooks off too; a hooks.json beside a settings.json replaces its events.
        switch_files: &[
            ".factory/settings.json",
            ".factory/hooks.json",
            "~/.factory/settings.json",
            "~/.factory/hooks.json",
        ],
        form: SettingsForm::HooksMember,
    },
    matcher: MatcherStyle::NativeRegex,
    timeout: TimeUnit::Seconds,
    hook_arguments: " hook --harness droid",
    mcp: McpNaming::Separated("", "___"),
    mcp_matcher: "___",
    hook_name: None,
    detected_by: &[Detection::ToolNames, Detection::Environment { variable: "DROID_PROJECT_DIR", unless_member: None }],
    can_ask: false,
    output: OutputControl::StopReasonInstead,
    fields: Fields {
        final_flag: false,
        system_message: true,
        context_on: &[Event::PostToolUse, Event::UserPromptSubmit],
        top_context_on: &[],
        event_name: true,
        block_on: &[Event::Stop],
    },
};

/// The payload in the catalog's vocabulary: `ApplyPatch` as the file tool its patch is, the rest by the record.
pub(super) fn canonical(payload: Payload) -> Payload {
    if payload.tool_name() == "ApplyPatch" {
        return patch::as_file_tool(payload, "input");
    }
    translate::by_record(&DIALECT, payload)
}
