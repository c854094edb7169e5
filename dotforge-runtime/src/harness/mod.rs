//! The agent CLIs a hook serves, at both ends of an event: [`Harness::detect`] tells which CLI sent a payload,
//! [`canonical`] rewrites its payload into the catalog's vocabulary (Claude Code's events, tool names and
//! `tool_input` fields), and [`render`] turns the decision into exactly the JSON that CLI accepts — no field it would
//! reject, as a CLI that rejects the output runs the call (a fail-open). Everything in between speaks one vocabulary.
//!
//! [`claude`], [`codex`] and [`gemini`] hold what each CLI says and accepts (read from the real CLIs, whose
//! real-client tiers prove it).

mod claude;
mod codex;
mod gemini;

use crate::model::Event;
pub(crate) use crate::model::Harness;
use crate::output::Decision;
use crate::payload::Payload;
use serde_json::Value;

impl Harness {
    /// The CLI that sent a payload: `explicit` when given (`hook --harness NAME`, as `install` registers the hook for
    /// a CLI other than Claude Code); else Gemini CLI for its own event names, Codex CLI for a payload with a
    /// `turn_id`, and Claude Code otherwise.
    pub(crate) fn detect(payload: &Payload, explicit: Option<Harness>) -> Harness {
        explicit.unwrap_or_else(|| {
            if gemini::is_gemini_event(payload.event_name()) {
                Harness::Gemini
            } else if payload.has("turn_id") {
                Harness::Codex
            } else {
                Harness::ClaudeCode
            }
        })
    }
}

/// The payload in the catalog's vocabulary: events, tool names and `tool_input` fields mapped from the harness's.
/// A Claude Code payload is returned as it is.
pub(crate) fn canonical(harness: Harness, payload: Payload) -> Payload {
    match harness {
        Harness::ClaudeCode => payload,
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
