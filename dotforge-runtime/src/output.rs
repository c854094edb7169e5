//! What the chain decided for an event (SPEC §2.4's merge: the messages, or the block that cut the chain) and what
//! that decision does. [`crate::harness`] prints it in the dialect of the CLI that sent the event.

use crate::model::{Event, Level};

/// What the chain produced for the event.
#[derive(Debug, Default)]
pub(crate) struct Decision {
    /// Non-blocking messages (nudge, warning) in index order.
    pub messages: Vec<String>,
    /// The block that cut the chain, if any.
    pub block: Option<Block>,
    /// After a tool: its output with the secrets in it withheld, for the model to read instead.
    pub screened: Option<Screened>,
}

/// A tool's output with its secrets withheld.
#[derive(Debug)]
pub(crate) struct Screened {
    /// The output, in the tool's own shape.
    pub output: serde_json::Value,
    /// The kinds withheld, in order.
    pub kinds: Vec<&'static str>,
}

impl Screened {
    /// What the person is told.
    pub(crate) fn notice(&self) -> String {
        let mut kinds = self.kinds.clone();
        kinds.dedup();
        let count = self.kinds.len();
        let noun = if count == 1 { "secret" } else { "secrets" };
        format!("dotforge withheld {count} {noun} ({}) from the model's view of this tool's output.", kinds.join(", "))
    }
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
