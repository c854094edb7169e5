//! Kilo Code's CLI (proven with 7.7.9), which has no command hooks: `install --harness kilo` writes a plugin
//! ([`PLUGIN`]) that sends each tool call and prompt to this hook in Claude Code's payload shape, with Kilo's own tool
//! names and argument keys (`bash {command, workdir}`, `edit {filePath, oldString, newString}`, `apply_patch
//! {patchText}`, …; an MCP tool is `<server>_<tool>`), and refuses the call — throwing the reason, which the model
//! reads — on a deny, an ask, or any failure of the hook. Kilo loads plugins fail-open, so `install` also writes
//! `permission: {"*": "deny"}` into the config beside the plugin's folder, which the plugin removes when it loads: a
//! plugin that does not load leaves the model no tool at all. It cannot ask the person: a soft block is a deny the
//! person lifts. After a tool, the plugin puts the output with its secrets withheld in the place of the output.

use super::dialect::{
    tool, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles, SettingsForm, TimeUnit,
};
use super::{patch, translate};
use crate::model::Event;
use crate::payload::Payload;

/// The plugin `install` writes (`{command}`: the hook's command line as a JSON string).
pub(crate) const PLUGIN: &str = include_str!("kilo_plugin.js");

/// Kilo Code (proven with 7.7.9).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Kilo,
    name: "kilo",
    title: "Kilo Code",
    events: &[],
    other_events: &[],
    // A failed call has no event; its idle event cannot make the agent go on.
    session_start: None,
    missing_events: &[Event::PostToolUseFailure, Event::Stop],
    tools: &[
        // `workdir`: where the command runs (read as the payload's `cwd`, see `canonical`).
        tool("bash", "Bash", &[("command", "command")], &[]),
        tool("write", "Write", &[("filePath", "file_path"), ("content", "content")], &[("file_path", Role::Write)]),
        tool(
            "edit",
            "Edit",
            &[
                ("filePath", "file_path"),
                ("oldString", "old_string"),
                ("newString", "new_string"),
                ("replaceAll", "replace_all"),
            ],
            &[("file_path", Role::Write)],
        ),
        // Offered instead of `edit` to some models; read as the Edit (or Write) of each file of the patch.
        tool("apply_patch", "Edit", &[], &[]),
        tool("read", "Read", &[("filePath", "file_path")], &[("file_path", Role::Read)]),
        tool("grep", "Grep", &[("pattern", "pattern"), ("path", "path"), ("include", "glob")], &[("path", Role::Read)]),
        tool("glob", "Glob", &[("pattern", "pattern"), ("path", "path")], &[]),
        tool("webfetch", "WebFetch", &[("url", "url")], &[]),
        tool("todowrite", "TodoWrite", &[], &[]),
        tool("task", "Task", &[("prompt", "prompt")], &[]),
        tool("skill", "Skill", &[], &[]),
    ],
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".kilo/plugin/dotforge.js",
        user: ".config/kilo/plugin/dotforge.js",
        user_folder_variable: Some(("XDG_CONFIG_HOME", "kilo/plugin/dotforge.js")),
        switches_off: &[],
        switch_files: &[],
        form: SettingsForm::Plugin { template: PLUGIN, config: "kilo.json" },
    },
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Milliseconds,
    hook_arguments: " hook --harness kilo",
    // Anything outside `[A-Za-z0-9_-]` in either name turned into `_`: a server whose name has one is split at its first.
    mcp: McpNaming::Separated("", "_"),
    mcp_matcher: ".*",
    hook_name: None,
    detected_by: &[],
    can_ask: false,
    // The plugin puts `updatedToolOutput.output` in the place of the tool's output.
    output: OutputControl::Replace,
    // What the plugin reads: the permission decision before a tool; after it, a block's reason and the context,
    // added to the output the model reads; a prompt's block, which drops the prompt.
    fields: Fields {
        final_flag: false,
        system_message: false,
        context_on: &[Event::PostToolUse],
        top_context_on: &[],
        event_name: true,
        block_on: &[Event::PostToolUse, Event::UserPromptSubmit],
    },
};

/// The payload in the catalog's vocabulary: `apply_patch` as the file tool its patch is, a command's `workdir` as
/// the folder it runs in, the rest by the record.
pub(super) fn canonical(payload: Payload) -> Payload {
    if payload.tool_name() == "apply_patch" {
        return patch::as_file_tool(payload, "patchText");
    }
    translate::by_record(&DIALECT, translate::folder_as_cwd(payload, "bash", "workdir"))
}
