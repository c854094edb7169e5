//! Qwen Code (proven with 0.24.4), a Gemini CLI fork with Claude Code's hooks: Claude Code's event names and
//! output, Gemini CLI's snake-case tools (`run_shell_command`, `write_file`, `edit`, `read_file`, …) with their own
//! argument keys. Its payloads are told by those tool names, and by `QWEN_PROJECT_DIR` in the hook's environment for
//! the events without a tool. A headless run does not run an asked call, and an interactive one would ask; a soft
//! block is a deny the person lifts, as on the other CLIs that cannot ask in every mode.

use super::dialect::{
    Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles, SettingsForm,
    TimeUnit, Tool,
};
use crate::model::Event;

/// A tool of Qwen Code: its name, the catalog's, its argument keys renamed, the paths it names.
const fn tool(
    native: &'static str,
    catalog: &'static str,
    keys: &'static [(&'static str, &'static str)],
    paths: &'static [(&'static str, Role)],
) -> Tool {
    Tool { native, catalog, keys, paths }
}

/// Qwen Code (proven with 0.24.4).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Qwen,
    name: "qwen",
    title: "Qwen Code",
    events: &[],
    other_events: &["SessionStart", "SessionEnd", "Notification", "PreCompact", "SubagentStart", "SubagentStop"],
    missing_events: &[],
    tools: &[
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
        tool("read_many_files", "Read", &[], &[("paths", Role::Read)]),
        tool("grep_search", "Grep", &[("pattern", "pattern"), ("path", "path")], &[("path", Role::Read)]),
        tool("glob", "Glob", &[("pattern", "pattern"), ("path", "path")], &[]),
        tool("list_directory", "Glob", &[("path", "path")], &[]),
        tool("notebook_edit", "NotebookEdit", &[("notebook_path", "notebook_path")], &[("notebook_path", Role::Write)]),
        tool("web_fetch", "WebFetch", &[("url", "url")], &[]),
        tool("todo_write", "TodoWrite", &[], &[]),
        tool("agent", "Agent", &[], &[]),
    ],
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".qwen/settings.json",
        user: ".qwen/settings.json",
        user_folder_variable: None,
        switches_off: &["disableAllHooks"],
        switch_files: &[],
        form: SettingsForm::HooksMember,
    },
    matcher: MatcherStyle::NativeRegex,
    timeout: TimeUnit::Milliseconds,
    hook_arguments: " hook --harness qwen",
    mcp: McpNaming::Separated("mcp__", "__"),
    mcp_matcher: "^mcp__.*",
    hook_name: Some("dotforge"),
    detected_by: &[Detection::ToolNames, Detection::Environment { variable: "QWEN_PROJECT_DIR", unless_member: None }],
    can_ask: false,
    output: OutputControl::Cannot,
    fields: Fields {
        final_flag: false,
        system_message: true,
        context_on: &[Event::PostToolUse, Event::UserPromptSubmit],
        top_context_on: &[],
        event_name: true,
        decision_block: true,
    },
};
