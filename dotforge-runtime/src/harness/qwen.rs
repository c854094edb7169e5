//! Qwen Code (proven with 0.24.4), a Gemini CLI fork with Claude Code's hooks: Claude Code's event names and output
//! fields, Gemini CLI's snake-case tools (`run_shell_command`, `write_file`, `edit`, `read_file`, …) with their own
//! argument keys, and MCP tools as `mcp__<server>__<tool>`. Its payloads are told by those tool names, and by
//! `QWEN_CODE_SESSION_ID` in the hook's environment for the events without a tool. An `ask` is asked when someone is
//! at the terminal and refused in a headless run. After a tool, `additionalContext` is added to the output the model
//! reads, `decision: block` is not read, and `continue: false` with a `stopReason` gives the model the reason instead
//! of the output (the session goes on). Its matcher is an exact alias (`Bash`, `Write`, …), a `|` list of them, or
//! else a regular expression searched in its own tool names. Unknown fields are ignored; a hook that times out lets
//! the call run.

use super::dialect::{
    tool, Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles,
    SettingsForm, TimeUnit,
};
use super::translate;
use crate::model::Event;
use crate::payload::Payload;

/// Qwen Code (proven with 0.24.4).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Qwen,
    name: "qwen",
    title: "Qwen Code",
    events: &[],
    other_events: &[
        "PostToolBatch",
        "Notification",
        "UserPromptExpansion",
        "SessionStart",
        "MessageDisplay",
        "SubagentStart",
        "SubagentStop",
        "PreCompact",
        "PostCompact",
        "SessionEnd",
        "SessionDelete",
        "PermissionRequest",
        "PermissionDenied",
        "StopFailure",
        "TodoCreated",
        "TodoCompleted",
        "InstructionsLoaded",
    ],
    session_start: None,
    missing_events: &[],
    tools: &[
        // `directory`: where the command runs (read as the payload's `cwd`, see `canonical`).
        tool("run_shell_command", "Bash", &[("command", "command")], &[]),
        tool(
            "write_file",
            "Write",
            &[("file_path", "file_path"), ("content", "content")],
            &[("file_path", Role::Write)],
        ),
        tool(
            "edit",
            "Edit",
            &[("file_path", "file_path"), ("old_string", "old_string"), ("new_string", "new_string")],
            &[("file_path", Role::Write)],
        ),
        tool("read_file", "Read", &[("file_path", "file_path")], &[("file_path", Role::Read)]),
        tool("grep_search", "Grep", &[("pattern", "pattern"), ("path", "path")], &[("path", Role::Read)]),
        tool("glob", "Glob", &[("pattern", "pattern"), ("path", "path")], &[]),
        tool("list_directory", "Glob", &[("path", "path")], &[]),
        tool(
            "notebook_edit",
            "NotebookEdit",
            &[("notebook_path", "notebook_path"), ("new_source", "new_source")],
            &[("notebook_path", Role::Write)],
        ),
        tool("web_fetch", "WebFetch", &[("url", "url")], &[]),
        tool("agent", "Agent", &[("prompt", "prompt")], &[]),
        tool("skill", "Skill", &[], &[]),
        tool("todo_write", "TodoWrite", &[], &[]),
    ],
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".qwen/settings.json",
        user: ".qwen/settings.json",
        user_folder_variable: Some(("QWEN_HOME", "settings.json")),
        switches_off: &["disableAllHooks"],
        // The project's switch turns the user's hooks off too.
        switch_files: &[".qwen/settings.json", "~/.qwen/settings.json"],
        form: SettingsForm::HooksMember,
    },
    matcher: MatcherStyle::NativeRegex,
    timeout: TimeUnit::Seconds,
    hook_arguments: " hook --harness qwen",
    mcp: McpNaming::Separated("mcp__", "__"),
    mcp_matcher: "^mcp__.*",
    hook_name: Some("dotforge"),
    detected_by: &[
        Detection::ToolNames,
        Detection::Environment { variable: "QWEN_CODE_SESSION_ID", unless_member: None },
    ],
    can_ask: true,
    output: OutputControl::StopReasonInstead,
    fields: Fields {
        final_flag: false,
        system_message: true,
        context_on: &[Event::PostToolUse, Event::PostToolUseFailure, Event::UserPromptSubmit],
        top_context_on: &[],
        event_name: true,
        block_on: &[Event::UserPromptSubmit, Event::Stop],
    },
};

/// The payload in the catalog's vocabulary, by the record, with a shell command's `directory` as the folder it runs
/// in (`cwd`).
pub(super) fn canonical(payload: Payload) -> Payload {
    translate::by_record(&DIALECT, translate::folder_as_cwd(payload, "run_shell_command", "directory"))
}
