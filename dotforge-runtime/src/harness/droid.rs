//! Factory's Droid (proven with 0.225.2), registered in Claude Code's hook format: Claude Code's events and most of
//! its tool names, but its shell tool is `Execute` and its patch tool `ApplyPatch` (`tool_input.input`, a patch in
//! Codex CLI's format, read as the Edit or Write of the files it touches). In `droid exec` an `ask` runs the call,
//! so a soft block is a deny the person lifts.

use super::dialect::{
    Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles, SettingsForm,
    TimeUnit, Tool,
};
use super::{patch, translate};
use crate::model::Event;
use crate::payload::Payload;

/// A tool of Droid: its name, the catalog's, its argument keys renamed, the paths it names.
const fn tool(
    native: &'static str,
    catalog: &'static str,
    keys: &'static [(&'static str, &'static str)],
    paths: &'static [(&'static str, Role)],
) -> Tool {
    Tool { native, catalog, keys, paths }
}

/// Factory Droid (proven with 0.225.2).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Droid,
    name: "droid",
    title: "Factory Droid",
    events: &[],
    other_events: &["SessionStart", "SessionEnd", "Notification", "PreCompact", "SubagentStop"],
    missing_events: &[],
    tools: &[
        tool("Execute", "Bash", &[("command", "command")], &[]),
        // Read as the Edit (or Write) of each file of the patch, by `canonical` below.
        tool("ApplyPatch", "Edit", &[], &[]),
        tool("Create", "Write", &[("file_path", "file_path"), ("content", "content")], &[("file_path", Role::Write)]),
        tool("Edit", "Edit", &[], &[("file_path", Role::Write)]),
        tool("MultiEdit", "MultiEdit", &[], &[("file_path", Role::Write)]),
        tool("Read", "Read", &[], &[("file_path", Role::Read)]),
        tool("LS", "Glob", &[("directory_path", "path")], &[]),
        tool("Grep", "Grep", &[], &[("path", Role::Read)]),
        tool("Glob", "Glob", &[], &[]),
        tool("FetchUrl", "WebFetch", &[("url", "url")], &[]),
        tool("WebSearch", "WebSearch", &[], &[]),
        tool("TodoWrite", "TodoWrite", &[], &[]),
        tool("Task", "Task", &[], &[]),
    ],
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".factory/settings.json",
        user: ".factory/settings.json",
        user_folder_variable: None,
        switches_off: &[],
        switch_files: &[],
        form: SettingsForm::HooksMember,
    },
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Seconds,
    hook_arguments: " hook --harness droid",
    mcp: McpNaming::Separated("mcp__", "__"),
    mcp_matcher: "mcp__.*",
    hook_name: None,
    detected_by: &[Detection::ToolNames],
    can_ask: false,
    output: OutputControl::Cannot,
    fields: Fields {
        final_flag: false,
        system_message: true,
        context_on: &[Event::PostToolUse, Event::UserPromptSubmit],
        top_context_on: &[],
        event_name: true,
        block_on: &[Event::PostToolUse, Event::PostToolUseFailure, Event::UserPromptSubmit, Event::Stop],
    },
};

/// The payload in the catalog's vocabulary: `ApplyPatch` as the file tool its patch is, the rest by the record.
pub(super) fn canonical(payload: Payload) -> Payload {
    if payload.tool_name() == "ApplyPatch" {
        return patch::as_file_tool(payload, "input");
    }
    translate::by_record(&DIALECT, payload)
}
