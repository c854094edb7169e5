//! Claude Code's output (SPEC §5 with the model-facing keys of CONTRACT §6): nudges and warnings as `systemMessage`
//! and `additionalContext`, a PreToolUse block as `permissionDecision` (`ask` for a soft block the user decides,
//! `deny` otherwise, with `override_allowed: false` when hard), a block on the other events as `decision: block`.
//! Its payloads are the catalog's vocabulary already.

use super::dialect::{
    paths_of, Detection, Dialect, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles, TimeUnit, Tool,
};
use super::mcp;
use crate::model::{Event, Level};
use crate::output::{Block, Decision};
use crate::payload::Payload;
use serde_json::{Map, Value};

/// A tool whose name and arguments are the catalog's own, with the paths it names.
const fn own(name: &'static str, paths: &'static [(&'static str, Role)]) -> Tool {
    Tool { native: name, catalog: name, keys: &[], paths }
}

/// Claude Code (proven with 2.1.328): the catalog's vocabulary.
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::ClaudeCode,
    name: "claude",
    title: "Claude Code",
    events: &[],
    // Its events the hook does not handle (a payload of one of these passes in silence).
    other_events: &[
        "SessionStart",
        "SessionEnd",
        "Notification",
        "PreCompact",
        "SubagentStart",
        "SubagentStop",
        "PermissionRequest",
        "PostToolBatch",
        "Setup",
    ],
    missing_events: &[],
    tools: &[
        own("Bash", &[]),
        own("Read", &[("file_path", Role::Read)]),
        own("Write", &[("file_path", Role::Write)]),
        own("Edit", &[("file_path", Role::Write)]),
        own("MultiEdit", &[("file_path", Role::Write)]),
        own("NotebookEdit", &[("notebook_path", Role::Write)]),
        own("Grep", &[("path", Role::Read)]),
        own("Glob", &[]),
    ],
    settings: SettingsFiles {
        project: ".claude/settings.json",
        user: ".claude/settings.json",
        user_folder_variable: None,
        switches_off: &["disableAllHooks"],
    },
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Seconds,
    hook_arguments: "",
    mcp: McpNaming::Separated("mcp__", "__"),
    mcp_matcher: "mcp__.*",
    hook_name: None,
    detected_by: Detection::Otherwise,
    can_ask: true,
    output: OutputControl::Replace,
};

/// The payload with the paths its tool names (its events, tools and arguments are the catalog's).
pub(super) fn canonical(payload: Payload) -> Payload {
    let payload = match mcp::canonical(DIALECT.mcp, payload.into_object()) {
        Ok(read) => return read,
        Err(root) => Payload::from_object(root),
    };
    let paths = match DIALECT.tool(payload.tool_name()) {
        Some(tool) if !tool.paths.is_empty() => paths_of(tool, payload.tool_input()),
        _ => return payload,
    };
    payload.with_paths(paths)
}

/// The object Claude Code reads for the decision.
pub(super) fn render(event: Event, decision: &Decision) -> Option<Value> {
    render_with(event, decision, true)
}

/// The single JSON object to print, or `None` for a silent pass. `final_flag`: a hard block on PreToolUse says
/// `override_allowed: false` (SPEC §5.6), which Claude Code accepts and Codex CLI does not.
pub(super) fn render_with(event: Event, decision: &Decision, final_flag: bool) -> Option<Value> {
    let rendered = render_decision(event, decision, final_flag);
    // After a tool, its output with the secrets withheld is what the model reads (Claude Code only: `final_flag`
    // stands for this CLI's own fields).
    match (&decision.screened, final_flag && event == Event::PostToolUse) {
        (Some(screened), true) => {
            let mut root = match rendered {
                Some(Value::Object(root)) => root,
                _ => Map::new(),
            };
            let specific = root.entry("hookSpecificOutput").or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(specific) = specific {
                specific.insert("hookEventName".into(), Value::from(event.name()));
                specific.insert("updatedToolOutput".into(), screened.output.clone());
            }
            let notice = screened.notice();
            let message = match root.get("systemMessage").and_then(Value::as_str) {
                Some(message) => format!("{message}\n\n{notice}"),
                None => notice,
            };
            root.insert("systemMessage".into(), Value::from(message));
            Some(Value::Object(root))
        }
        _ => rendered,
    }
}

/// The decision's blocks and messages, as Claude Code reads them.
fn render_decision(event: Event, decision: &Decision, final_flag: bool) -> Option<Value> {
    if let Some(block) = &decision.block {
        return Some(block_json(event, block, final_flag));
    }
    let messages: Vec<&str> = decision.messages.iter().map(String::as_str).filter(|text| !text.is_empty()).collect();
    if messages.is_empty() {
        return None;
    }
    let joined = messages.join("\n\n");
    let mut root = Map::new();
    if event != Event::Stop {
        let mut specific = Map::new();
        specific.insert("hookEventName".into(), Value::from(event.name()));
        specific.insert("additionalContext".into(), Value::from(joined.clone()));
        root.insert("hookSpecificOutput".into(), Value::Object(specific));
    }
    root.insert("systemMessage".into(), Value::from(joined));
    Some(Value::Object(root))
}

fn block_json(event: Event, block: &Block, final_flag: bool) -> Value {
    let message = block.message.as_str();
    let mut root = Map::new();
    if event == Event::PreToolUse {
        let mut specific = Map::new();
        specific.insert("hookEventName".into(), Value::from(event.name()));
        specific.insert("permissionDecision".into(), Value::from(if block.ask_user { "ask" } else { "deny" }));
        specific.insert("permissionDecisionReason".into(), Value::from(message));
        if final_flag && block.level == Level::HardBlock {
            specific.insert("override_allowed".into(), Value::Bool(false));
        }
        root.insert("hookSpecificOutput".into(), Value::Object(specific));
    } else {
        root.insert("decision".into(), Value::from("block"));
        root.insert("reason".into(), Value::from(message));
    }
    root.insert("systemMessage".into(), Value::from(message));
    Value::Object(root)
}
