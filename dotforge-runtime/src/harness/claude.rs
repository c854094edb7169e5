//! Claude Code's output (SPEC §5 with the model-facing keys of CONTRACT §6): nudges and warnings as `systemMessage`
//! and `additionalContext`, a PreToolUse block as `permissionDecision` (`ask` for a soft block the user decides,
//! `deny` otherwise, with `override_allowed: false` when hard), a block on the other events as `decision: block`.
//! Its payloads are the catalog's vocabulary already.

use super::dialect::{
    tool, Detection, Dialect, Fields, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles,
    SettingsForm, TimeUnit, Tool,
};
use crate::model::{Event, Level};
use crate::output::{Block, Decision};
use serde_json::{Map, Value};

/// A tool whose name and arguments are the catalog's own, with the paths it names.
const fn own(name: &'static str, paths: &'static [(&'static str, Role)]) -> Tool {
    tool(name, name, &[], paths)
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
    session_start: Some("SessionStart"),
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
    payload_keys: &[],
    settings: SettingsFiles {
        project: ".claude/settings.json",
        user: ".claude/settings.json",
        user_folder_variable: None,
        switches_off: &["disableAllHooks"],
        switch_files: &[],
        form: SettingsForm::HooksMember,
    },
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Seconds,
    hook_arguments: "",
    mcp: McpNaming::Separated("mcp__", "__"),
    mcp_matcher: "mcp__.*",
    hook_name: None,
    detected_by: &[Detection::Otherwise],
    can_ask: true,
    output: OutputControl::Replace,
    fields: Fields {
        final_flag: true,
        system_message: true,
        context_on: &[Event::PreToolUse, Event::PostToolUse, Event::PostToolUseFailure, Event::UserPromptSubmit],
        top_context_on: &[],
        event_name: true,
        block_on: &[Event::PostToolUse, Event::PostToolUseFailure, Event::UserPromptSubmit, Event::Stop],
    },
};

/// The single JSON object to print for a CLI whose output is Claude Code's shape, with only the optional fields
/// `dialect` accepts, or `None` for a silent pass.
pub(super) fn render(dialect: &Dialect, event: Event, decision: &Decision) -> Option<Value> {
    let rendered = render_decision(event, decision, &dialect.fields);
    // After a tool, its output with the secrets withheld is what the model reads, where the CLI lets a hook replace it.
    let Some(screened) = decision.screened.as_ref().filter(|_| event == Event::PostToolUse) else { return rendered };
    let mut root = match rendered {
        Some(Value::Object(root)) => root,
        _ => Map::new(),
    };
    match dialect.output {
        OutputControl::Replace => {
            let specific = root.entry("hookSpecificOutput").or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(specific) = specific {
                specific.insert("hookEventName".into(), Value::from(event.name()));
                specific.insert("updatedToolOutput".into(), screened.output.clone());
            }
        }
        OutputControl::ResultObject => {
            let text = screened.output.get("text_result_for_llm").cloned().unwrap_or_else(|| Value::from(""));
            let kind = screened.output.get("result_type").cloned().unwrap_or_else(|| Value::from("success"));
            let mut result = Map::new();
            result.insert("textResultForLlm".into(), text);
            result.insert("resultType".into(), kind);
            root.insert("modifiedResult".into(), Value::Object(result));
        }
        OutputControl::StopReasonInstead => {
            let mut reason = super::translate::output_text(&screened.output);
            if let Some(block) = &decision.block {
                reason = format!("{}\n\n{reason}", block.message);
            }
            root.insert("continue".into(), Value::Bool(false));
            root.insert("stopReason".into(), Value::from(reason));
        }
        OutputControl::ReasonInstead | OutputControl::Cannot => {
            return (!root.is_empty()).then_some(Value::Object(root))
        }
    }
    if dialect.fields.system_message {
        let notice = screened.notice();
        let message = match root.get("systemMessage").and_then(Value::as_str) {
            Some(message) => format!("{message}\n\n{notice}"),
            None => notice,
        };
        root.insert("systemMessage".into(), Value::from(message));
    }
    Some(Value::Object(root))
}

/// The decision's blocks and messages, in Claude Code's shape with the optional fields the CLI accepts.
fn render_decision(event: Event, decision: &Decision, fields: &Fields) -> Option<Value> {
    if let Some(block) = &decision.block {
        return block_json(event, block, fields);
    }
    let messages: Vec<&str> = decision.messages.iter().map(String::as_str).filter(|text| !text.is_empty()).collect();
    if messages.is_empty() {
        return None;
    }
    let joined = messages.join("\n\n");
    let mut root = Map::new();
    if fields.context_on.contains(&event) {
        root.insert("hookSpecificOutput".into(), specific(event, fields, [("additionalContext", joined.clone())]));
    }
    if fields.top_context_on.contains(&event) {
        root.insert("additionalContext".into(), Value::from(joined.clone()));
    }
    if fields.system_message {
        root.insert("systemMessage".into(), Value::from(joined));
    }
    (!root.is_empty()).then_some(Value::Object(root))
}

/// `hookSpecificOutput` with these members (and the event's name where the CLI takes it).
fn specific<const N: usize>(event: Event, fields: &Fields, members: [(&str, String); N]) -> Value {
    let mut specific = Map::new();
    if fields.event_name {
        specific.insert("hookEventName".into(), Value::from(event.name()));
    }
    for (key, value) in members {
        specific.insert(key.into(), Value::from(value));
    }
    Value::Object(specific)
}

/// A block: before a tool a permission decision (`ask` for a soft block the person decides), after it or on a
/// prompt or a stop `decision: block` — or, where the CLI takes no such decision, its message as the model's
/// context.
fn block_json(event: Event, block: &Block, fields: &Fields) -> Option<Value> {
    let message = block.message.clone();
    let mut root = Map::new();
    if event == Event::PreToolUse {
        let decision = if block.ask_user { "ask" } else { "deny" };
        let mut inner = specific(
            event,
            fields,
            [("permissionDecision", decision.to_owned()), ("permissionDecisionReason", message.clone())],
        );
        if let (true, Level::HardBlock, Value::Object(inner)) = (fields.final_flag, block.level, &mut inner) {
            inner.insert("override_allowed".into(), Value::Bool(false));
        }
        root.insert("hookSpecificOutput".into(), inner);
    } else if fields.block_on.contains(&event) {
        root.insert("decision".into(), Value::from("block"));
        root.insert("reason".into(), Value::from(message.as_str()));
    } else if fields.context_on.contains(&event) {
        root.insert("hookSpecificOutput".into(), specific(event, fields, [("additionalContext", message.clone())]));
    } else if fields.top_context_on.contains(&event) {
        root.insert("additionalContext".into(), Value::from(message.as_str()));
    }
    if fields.system_message {
        root.insert("systemMessage".into(), Value::from(message));
    }
    (!root.is_empty()).then_some(Value::Object(root))
}
