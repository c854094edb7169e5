//! Codex CLI (proven with 0.169.0). Its payloads already name the catalog's events and call its shell tool `Bash`
//! with `tool_input.command`; only `apply_patch` (its file editor, whose `tool_input.command` is the patch text) is
//! translated, into the Edit or Write of the files the patch touches. Its output schema allows no field it does not
//! know: a hard block says `permissionDecision: "deny"` without `override_allowed`, and a PreToolUse cannot ask
//! (`ask` makes Codex report the hook as failed and run the call), so a soft block is a deny that the person lifts.

use super::dialect::{
    tool, Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, SettingsFiles, SettingsForm,
    TimeUnit,
};
use super::patch;
use crate::model::Event;
use crate::payload::Payload;

/// Codex CLI (proven with 0.169.0).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Codex,
    name: "codex",
    title: "Codex CLI",
    events: &[],
    other_events: &[],
    session_start: None,
    missing_events: &[Event::PostToolUseFailure],
    tools: &[
        tool("Bash", "Bash", &[], &[]),
        // Read as the Edit (or Write) of each file of the patch, by `canonical` below.
        tool("apply_patch", "Edit", &[], &[]),
        tool("apply_patch", "Write", &[], &[]),
        tool("apply_patch", "MultiEdit", &[], &[]),
    ],
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".codex/hooks.json",
        user: ".codex/hooks.json",
        user_folder_variable: Some(("CODEX_HOME", "hooks.json")),
        switches_off: &[],
        switch_files: &[],
        form: SettingsForm::HooksMember,
    },
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Seconds,
    hook_arguments: " hook --harness codex",
    mcp: McpNaming::Separated("mcp__", "__"),
    mcp_matcher: "mcp__.*",
    hook_name: None,
    detected_by: &[Detection::PayloadMember("turn_id")],
    can_ask: false,
    output: OutputControl::Cannot,
    // Its output schema allows no field it does not know: no `override_allowed`.
    fields: Fields {
        final_flag: false,
        system_message: true,
        context_on: &[Event::PreToolUse, Event::PostToolUse, Event::UserPromptSubmit],
        top_context_on: &[],
        event_name: true,
        block_on: &[Event::PostToolUse, Event::UserPromptSubmit, Event::Stop],
    },
};

/// The payload with `apply_patch` read as the Edit (or, for a patch that only adds one file, the Write) of the files
/// it names (its `tool_input.command` is the patch text).
pub(super) fn canonical(payload: Payload) -> Payload {
    if payload.tool_name() != "apply_patch" {
        return payload;
    }
    patch::as_file_tool(payload, "command")
}
