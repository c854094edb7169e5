//! The JSON printed for an event (SPEC §5 with the model-facing keys of CONTRACT §6) and the merge of SPEC §2.4.

use crate::model::{Event, Level};
use serde_json::{Map, Value};

/// What the chain produced for the event.
#[derive(Debug, Default)]
pub(crate) struct Decision {
    /// Non-blocking messages (nudge, warning) in index order.
    pub messages: Vec<String>,
    /// The block that cut the chain, if any.
    pub block: Option<Block>,
}

/// The block that cut the chain.
#[derive(Debug)]
pub(crate) struct Block {
    /// `soft_block` or `hard_block`.
    pub level: Level,
    /// The rendered message.
    pub message: String,
    /// A PreToolUse soft block in ask mode: `permissionDecision: "ask"` instead of `"deny"`.
    pub ask_user: bool,
}

/// What the printed object decides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Nothing printed.
    Allow,
    /// Nudges or warnings only.
    AllowWithMessage,
    /// A PreToolUse `permissionDecision: deny`; `hard` when it cannot be overridden.
    Deny { hard: bool },
    /// A PreToolUse `permissionDecision: ask`: Claude Code asks the user (a soft block in ask mode).
    Ask,
    /// A `decision: block` on the other events.
    Block,
}

impl Verdict {
    /// `allow`, `ask`, `deny` or `block`: the words of scenario expectations and `simulate --json`.
    pub(crate) fn word(self) -> &'static str {
        match self {
            Verdict::Allow | Verdict::AllowWithMessage => "allow",
            Verdict::Ask => "ask",
            Verdict::Deny { .. } => "deny",
            Verdict::Block => "block",
        }
    }
}

/// The verdict of the object [`to_json`] prints for `decision`.
pub(crate) fn verdict(event: Event, decision: &Decision) -> Verdict {
    match &decision.block {
        Some(block) if event == Event::PreToolUse && block.ask_user => Verdict::Ask,
        Some(block) if event == Event::PreToolUse => Verdict::Deny { hard: block.level == Level::HardBlock },
        Some(_) => Verdict::Block,
        None if decision.messages.iter().any(|message| !message.is_empty()) => Verdict::AllowWithMessage,
        None => Verdict::Allow,
    }
}

/// Builds the single JSON object to print, or `None` for a silent pass.
pub(crate) fn to_json(event: Event, decision: &Decision) -> Option<Value> {
    if let Some(block) = &decision.block {
        return Some(block_json(event, block));
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

fn block_json(event: Event, block: &Block) -> Value {
    let message = block.message.as_str();
    let mut root = Map::new();
    if event == Event::PreToolUse {
        let mut specific = Map::new();
        specific.insert("hookEventName".into(), Value::from(event.name()));
        specific.insert("permissionDecision".into(), Value::from(if block.ask_user { "ask" } else { "deny" }));
        specific.insert("permissionDecisionReason".into(), Value::from(message));
        if block.level == Level::HardBlock {
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
