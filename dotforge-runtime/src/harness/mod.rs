//! The agent CLIs a hook serves, at both ends of an event: [`Harness::detect`] tells which CLI sent a payload,
//! [`canonical`] rewrites its payload into the catalog's vocabulary (Claude Code's events, tool names and
//! `tool_input` fields), and [`render`] turns the decision into exactly the JSON that CLI accepts — no field it would
//! reject, as a CLI that rejects the output runs the call (a fail-open). Everything in between speaks one vocabulary.
//!
//! [`dialect`] defines the record each CLI has; [`claude`], [`codex`], [`gemini`], [`copilot`], [`qwen`],
//! [`droid`] and [`kilo`] hold each record and the logic its dialect needs beyond it (read from the real CLIs, whose
//! real-client tiers prove it); [`translate`] reads a payload by its CLI's record, [`patch`] a patch as the file
//! tools' edits.

mod claude;
mod codex;
mod copilot;
mod dialect;
mod droid;
mod gemini;
mod kilo;
mod mcp;
mod patch;
mod qwen;
mod translate;

pub use dialect::{Detection, Dialect, Harness, MatcherStyle, OutputControl, SettingsForm};
#[cfg(test)]
mod tests;
use crate::model::Event;
use crate::output::Decision;
use crate::payload::Payload;
use serde_json::Value;

impl Harness {
    /// Every harness, in the order their payloads are told apart.
    pub const ALL: [Harness; 7] = [
        Harness::ClaudeCode,
        Harness::Codex,
        Harness::Gemini,
        Harness::Qwen,
        Harness::Droid,
        Harness::Copilot,
        Harness::Kilo,
    ];

    /// Its record.
    pub fn dialect(self) -> &'static Dialect {
        match self {
            Harness::ClaudeCode => &claude::DIALECT,
            Harness::Codex => &codex::DIALECT,
            Harness::Gemini => &gemini::DIALECT,
            Harness::Copilot => &copilot::DIALECT,
            Harness::Qwen => &qwen::DIALECT,
            Harness::Droid => &droid::DIALECT,
            Harness::Kilo => &kilo::DIALECT,
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
    pub fn names() -> [&'static str; 7] {
        Harness::ALL.map(Harness::name)
    }

    /// Whether a hook can make the CLI ask the person about one call (Claude Code's `permissionDecision: "ask"`);
    /// elsewhere a soft block is a deny that the person lifts with the hook's `allow` command.
    pub fn can_ask_the_person(self) -> bool {
        self.dialect().can_ask
    }

    /// The CLI that sent a payload: `explicit` when given (`hook --harness NAME`, as `install` registers the hook for
    /// a CLI other than Claude Code); else the first whose record recognizes the payload (its own event names, a
    /// member or a tool name only its payloads have), then the first whose variable `environment` says is set (for a
    /// payload that does not say it is Claude Code's), and Claude Code otherwise. Replays pass an `environment` that
    /// has no variable.
    pub(crate) fn detect(payload: &Payload, explicit: Option<Harness>, environment: &dyn Fn(&str) -> bool) -> Harness {
        if let Some(harness) = explicit {
            return harness;
        }
        let by_payload = |dialect: &Dialect| {
            dialect.detected_by.iter().any(|detection| match detection {
                Detection::EventNames => dialect.sends_event(payload.event_name()),
                Detection::PayloadMember(member) => payload.has(member),
                Detection::ToolNames => claims_tool(dialect, payload.tool_name()),
                Detection::Environment { .. } | Detection::Otherwise => false,
            })
        };
        let by_environment = |dialect: &Dialect| {
            dialect.detected_by.iter().any(|detection| match detection {
                Detection::Environment { variable, unless_member } => {
                    !unless_member.is_some_and(|member| payload.has(member)) && environment(variable)
                }
                _ => false,
            })
        };
        let found = Harness::ALL.into_iter().find(|harness| by_payload(harness.dialect()));
        found.or_else(|| Harness::ALL.into_iter().find(|harness| by_environment(harness.dialect()))).unwrap_or_default()
    }

    /// Whether a variable the hook's environment has is set and not empty (the `environment` of [`Harness::detect`]
    /// in hook mode).
    pub(crate) fn variable_is_set(name: &str) -> bool {
        std::env::var_os(name).is_some_and(|value| !value.is_empty())
    }
}

/// The user's settings file of `harness`: in the folder its variable names when set and not empty (`CODEX_HOME`),
/// else under `home`; `None` without either.
pub(crate) fn user_settings(harness: Harness, home: Option<&std::path::Path>) -> Option<std::path::PathBuf> {
    let settings = &harness.dialect().settings;
    if let Some((variable, file)) = settings.user_folder_variable {
        if let Some(folder) = std::env::var_os(variable).filter(|folder| !folder.is_empty()) {
            return Some(std::path::PathBuf::from(folder).join(file));
        }
    }
    home.map(|home| home.join(settings.user))
}

/// Claude Code's managed settings file, which every project on the machine obeys and no user setting switches off:
/// `/Library/Application Support/ClaudeCode/managed-settings.json` on macOS, `/etc/claude-code/managed-settings.json`
/// elsewhere.
pub(crate) fn managed_settings() -> std::path::PathBuf {
    if cfg!(target_os = "macos") {
        std::path::PathBuf::from("/Library/Application Support/ClaudeCode/managed-settings.json")
    } else {
        std::path::PathBuf::from("/etc/claude-code/managed-settings.json")
    }
}

/// Whether a tool name is one of `dialect`'s that Claude Code (whose vocabulary every other payload falls back to)
/// does not have: such a name tells the CLI.
fn claims_tool(dialect: &Dialect, name: &str) -> bool {
    !name.is_empty() && dialect.tool(name).is_some() && Harness::ClaudeCode.dialect().tool(name).is_none()
}

/// The payload in the catalog's vocabulary: events, tool names and `tool_input` fields mapped from the harness's,
/// with the paths the call reads, writes and deletes.
pub(crate) fn canonical(harness: Harness, payload: Payload) -> Payload {
    let payload = match harness {
        Harness::ClaudeCode | Harness::Copilot => translate::by_record(harness.dialect(), payload),
        Harness::Codex => codex::canonical(payload),
        Harness::Gemini => gemini::canonical(payload),
        Harness::Droid => droid::canonical(payload),
        Harness::Qwen => qwen::canonical(payload),
        Harness::Kilo => kilo::canonical(payload),
    };
    // An MCP server's tool, whatever the CLI (its adapter has put the event in the catalog's words; an MCP tool is
    // none of its own tools).
    mcp::canonical(harness.dialect().mcp, payload)
}

/// The object to print for the decision on `event` (an event of the catalog's vocabulary), or `None` for a silent
/// pass.
pub(crate) fn render(harness: Harness, event: Event, decision: &Decision) -> Option<Value> {
    match harness {
        Harness::Gemini => gemini::render(event, decision),
        _ => claude::render(harness.dialect(), event, decision),
    }
}
