//! Kilo Code's CLI (proven with 7.7.9), which has no command hooks: `install --harness kilo` writes a plugin
//! ([`PLUGIN`]) that sends each tool call to this hook in Claude Code's payload shape with Kilo's own tool names and
//! argument keys (`bash {command}`, `edit {filePath, oldString, newString}`, …), and refuses the call — throwing
//! the reason, which the model reads — on a deny, an ask, or any failure of the hook (fail closed). It cannot ask
//! the person: a soft block is a deny the person lifts.

use super::dialect::{
    Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles, SettingsForm, TimeUnit, Tool,
};
use crate::model::Event;

/// A tool of Kilo Code: its name, the catalog's, its argument keys renamed, the paths it names.
const fn tool(
    native: &'static str,
    catalog: &'static str,
    keys: &'static [(&'static str, &'static str)],
    paths: &'static [(&'static str, Role)],
) -> Tool {
    Tool { native, catalog, keys, paths }
}

/// The plugin `install` writes (`{command}`: the hook's command line as a JSON string).
pub(crate) const PLUGIN: &str = include_str!("kilo_plugin.js");

/// Kilo Code (proven with 7.7.9).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Kilo,
    name: "kilo",
    title: "Kilo Code",
    events: &[],
    other_events: &[],
    // Its plugin sends the calls of tools only (a failed call is its PostToolUse).
    missing_events: &[Event::PostToolUseFailure, Event::UserPromptSubmit, Event::Stop],
    tools: &[
        tool("bash", "Bash", &[("command", "command")], &[]),
        tool("write", "Write", &[("filePath", "file_path"), ("content", "content")], &[("file_path", Role::Write)]),
        tool(
            "edit",
            "Edit",
            &[("filePath", "file_path"), ("oldString", "old_string"), ("newString", "new_string")],
            &[("file_path", Role::Write)],
        ),
        tool("read", "Read", &[("filePath", "file_path")], &[("file_path", Role::Read)]),
        tool("grep", "Grep", &[("pattern", "pattern"), ("path", "path")], &[("path", Role::Read)]),
        tool("glob", "Glob", &[("pattern", "pattern"), ("path", "path")], &[]),
        tool("list", "Glob", &[("path", "path")], &[]),
        tool("webfetch", "WebFetch", &[("url", "url")], &[]),
        tool("todowrite", "TodoWrite", &[], &[]),
        tool("task", "Task", &[], &[]),
    ],
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".kilo/plugin/dotforge.js",
        user: ".config/kilo/plugin/dotforge.js",
        user_folder_variable: None,
        switches_off: &[],
        switch_files: &[],
        form: SettingsForm::Plugin(PLUGIN),
    },
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Milliseconds,
    hook_arguments: " hook --harness kilo",
    mcp: McpNaming::Separated("", "_"),
    mcp_matcher: ".*",
    hook_name: None,
    detected_by: &[],
    can_ask: false,
    // The plugin puts `updatedToolOutput.output` in the place of the tool's output.
    output: OutputControl::Replace,
    // What the plugin reads: the permission decision before a tool; after it, a block's reason and the context,
    // added to the output the model reads.
    fields: Fields {
        final_flag: false,
        system_message: false,
        context_on: &[Event::PostToolUse],
        top_context_on: &[],
        event_name: true,
        block_on: &[Event::PostToolUse],
    },
};
