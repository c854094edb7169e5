//! GitHub Copilot CLI (proven with 1.0.102), registered in Claude Code's hook format. Its payloads name Claude
//! Code's events and turn its tools' names into Claude Code's (`bash` → `Bash`, `view` → `Read`, `create` →
//! `Write`, `edit` → `Edit`, `task` → `Agent`) but keep its own argument keys (`path`, `file_text`, `old_str`,
//! `new_str`, `paths`), which the record renames; a tool's output comes as `tool_result {result_type,
//! text_result_for_llm}`; an MCP tool is `<server>-<tool>`. They carry no `transcript_path` before a stop, and the
//! hook's environment has `COPILOT_CLI=1`. It asks the person about an `ask` when someone is at the terminal (a
//! headless run refuses it), reads `additionalContext` inside `hookSpecificOutput` only before a tool and at the top
//! level elsewhere, shows `systemMessage` nowhere, and replaces a tool's output with a top-level `modifiedResult`.
//! Unknown fields are ignored; a hook that times out lets the call run.

use super::dialect::{
    tool, Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles,
    SettingsForm, TimeUnit,
};
use crate::model::Event;

/// GitHub Copilot CLI (proven with 1.0.102).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Copilot,
    name: "copilot",
    title: "Copilot CLI",
    events: &[],
    other_events: &[
        "SessionStart",
        "SessionEnd",
        "SubagentStart",
        "SubagentStop",
        "PermissionRequest",
        "PreMcpToolCall",
        "ErrorOccurred",
        "PreCompact",
        "Notification",
    ],
    session_start: None,
    missing_events: &[],
    tools: &[
        tool("Bash", "Bash", &[("command", "command")], &[]),
        tool("Read", "Read", &[("path", "file_path")], &[("file_path", Role::Read)]),
        tool("Write", "Write", &[("path", "file_path"), ("file_text", "content")], &[("file_path", Role::Write)]),
        tool(
            "Edit",
            "Edit",
            &[("path", "file_path"), ("old_str", "old_string"), ("new_str", "new_string")],
            &[("file_path", Role::Write)],
        ),
        // `paths`: a folder or file, or a list of them.
        tool("Grep", "Grep", &[("pattern", "pattern"), ("paths", "path")], &[("path", Role::Read)]),
        tool("Glob", "Glob", &[("pattern", "pattern"), ("paths", "path")], &[]),
        tool("Agent", "Agent", &[("prompt", "prompt")], &[]),
    ],
    payload_keys: &[("tool_result", "tool_response")],
    settings: SettingsFiles {
        project: ".github/hooks/dotforge.json",
        user: ".copilot/hooks/dotforge.json",
        user_folder_variable: None,
        switches_off: &["disableAllHooks"],
        // In a trusted folder, every hook is switched off by these (the user's own included).
        switch_files: &[
            ".github/copilot/settings.json",
            ".github/copilot/settings.local.json",
            ".claude/settings.json",
        ],
        form: SettingsForm::HooksMember,
    },
    // A regular expression matched against the whole name, Claude Code's and its own (`Bash` and `bash`).
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Seconds,
    hook_arguments: " hook --harness copilot",
    mcp: McpNaming::Separated("", "-"),
    mcp_matcher: ".+-.+",
    hook_name: None,
    detected_by: &[Detection::Environment { variable: "COPILOT_CLI", unless_member: Some("transcript_path") }],
    can_ask: true,
    output: OutputControl::ResultObject,
    fields: Fields {
        final_flag: false,
        system_message: false,
        context_on: &[Event::PreToolUse],
        top_context_on: &[Event::PostToolUse, Event::PostToolUseFailure, Event::UserPromptSubmit],
        event_name: true,
        block_on: &[Event::PostToolUse, Event::UserPromptSubmit, Event::Stop],
    },
};
