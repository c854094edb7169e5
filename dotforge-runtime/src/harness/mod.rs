//! The agent CLIs a hook serves, at both ends of an event: [`Harness::detect`] tells which CLI sent a payload,
//! [`canonical`] rewrites its payload into the catalog's vocabulary (Claude Code's events, tool names and
//! `tool_input` fields), and [`render`] turns the decision into exactly the JSON that CLI accepts — no field it would
//! reject, as a CLI that rejects the output runs the call (a fail-open). Everything in between speaks one vocabulary.
//!
//! [`dialect`] defines the record each CLI has; [`claude`], [`codex`] and [`gemini`] hold each record and the
//! logic its dialect needs beyond it (read from the real CLIs, whose real-client tiers prove it).

mod claude;
mod codex;
mod dialect;
mod gemini;
mod mcp;

pub use dialect::{Detection, Dialect, Harness, MatcherStyle, OutputControl};
#[cfg(test)]
mod tests;
use crate::model::Event;
use crate::output::Decision;
use crate::payload::Payload;
use serde_json::Value;

impl Harness {
    /// Every harness.
    pub const ALL: [Harness; 3] = [Harness::ClaudeCode, Harness::Codex, Harness::Gemini];

    /// Its record.
    pub fn dialect(self) -> &'static Dialect {
        match self {
            Harness::ClaudeCode => &claude::DIALECT,
            Harness::Codex => &codex::DIALECT,
            Harness::Gemini => &gemini::DIALECT,
        }
    }

    /// The name used on the command line (`--harness codex`).
    pub fn name(self) -> &'static str {
        self.dialect().name
    }

    /// Parses a harness name.
    pub fn parse(name: &str) -> Option<Harness> {
        Harness::ALL.into_iter().find(|harness| harness.name() == name)
    }

    /// Every harness's name, for the command line's choices.
    pub fn names() -> [&'static str; 3] {
        Harness::ALL.map(Harness::name)
    }

    /// Whether a hook can make the CLI ask the person about one call (Claude Code's `permissionDecision: "ask"`);
    /// elsewhere a soft block is a deny that the person lifts with the hook's `allow` command.
    pub fn can_ask_the_person(self) -> bool {
        self.dialect().can_ask
    }

    /// The CLI that sent a payload: `explicit` when given (`hook --harness NAME`, as `install` registers the hook for
    /// a CLI other than Claude Code); else the first whose record recognizes it (its own event names, a member only
    /// its payloads have), and Claude Code otherwise.
    pub(crate) fn detect(payload: &Payload, explicit: Option<Harness>) -> Harness {
        explicit.unwrap_or_else(|| {
            let recognizes = |dialect: &Dialect| match dialect.detected_by {
                Detection::EventNames => dialect.sends_event(payload.event_name()),
                Detection::PayloadMember(member) => payload.has(member),
                Detection::Otherwise => false,
            };
            Harness::ALL.into_iter().find(|harness| recognizes(harness.dialect())).unwrap_or(Harness::ClaudeCode)
        })
    }
}

/// The payload in the catalog's vocabulary: events, tool names and `tool_input` fields mapped from the harness's,
/// with the paths the call reads, writes and deletes.
pub(crate) fn canonical(harness: Harness, payload: Payload) -> Payload {
    match harness {
        Harness::ClaudeCode => claude::canonical(payload),
        Harness::Codex => codex::canonical(payload),
        Harness::Gemini => gemini::canonical(payload),
    }
}

/// The object to print for the decision on `event` (an event of the catalog's vocabulary), or `None` for a silent
/// pass.
pub(crate) fn render(harness: Harness, event: Event, decision: &Decision) -> Option<Value> {
    match harness {
        Harness::ClaudeCode => claude::render(event, decision),
        Harness::Codex => codex::render(event, decision),
        Harness::Gemini => gemini::render(event, decision),
    }
}
