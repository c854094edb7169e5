//! Scenario tests compiled into the binary, as data: a named sequence of events with expectations about one
//! behavior. [`crate::scenario_runner`] runs them, under `cargo test` (one generated test each) and via
//! `dotforge-hook test [ID]`.

pub use crate::model::SoftBlockMode;
use crate::model::{Event, Level};

/// The expected outcome for the scenario's behavior at one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpectLevel {
    /// The behavior recorded no violation.
    Pass,
    /// The step was recognized as an override of the behavior's soft block.
    Override,
    /// The behavior fired at this level.
    Fired(Level),
}

/// The expected overall decision of a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExpectDecision {
    /// Nothing blocked (no output, or only messages).
    Allow,
    /// A PreToolUse `permissionDecision: ask` (a soft block in ask mode).
    Ask,
    /// A PreToolUse `permissionDecision: deny`.
    Deny,
    /// A `decision: block` (PostToolUse, UserPromptSubmit, Stop).
    Block,
}

/// Expectations of one step; `None` / empty means "not checked".
#[derive(Clone, Copy, Debug)]
pub struct Expect {
    /// The behavior's outcome.
    pub level: Option<ExpectLevel>,
    /// The behavior's counter after the step.
    pub counter: Option<u32>,
    /// The overall decision.
    pub decision: Option<ExpectDecision>,
    /// Texts the printed `systemMessage` must contain.
    pub message_contains: &'static [&'static str],
    /// Flags that must be set in the session after the step.
    pub flags_present: &'static [&'static str],
    /// Flags that must not be set.
    pub flags_absent: &'static [&'static str],
    /// How many overrides of the behavior the session holds after the step.
    pub overrides: Option<u32>,
}

/// The user's answer when a step's soft block asks (`user:` in a scenario step).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserAnswer {
    /// The user allows the call: it runs, and Claude Code sends PostToolUse with the same `tool_use_id`.
    Allow,
    /// The user declines: nothing more is sent.
    Decline,
}

/// One event of a scenario.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    /// Line of the step in the scenario file.
    pub line: u32,
    /// The event.
    pub event: Event,
    /// The tool name (`""` for events without a tool).
    pub tool: &'static str,
    /// `tool_input` as JSON text.
    pub tool_input: &'static str,
    /// `prompt`, for UserPromptSubmit.
    pub prompt: Option<&'static str>,
    /// The session id.
    pub session: &'static str,
    /// The hook profile.
    pub profile: &'static str,
    /// `agent_type`, if any.
    pub agent: Option<&'static str>,
    /// `stop_hook_active`, for Stop.
    pub stop_hook_active: bool,
    /// The user's answer if the step asks; `None`: the step must not ask, or nobody answers.
    pub user: Option<UserAnswer>,
    /// Files written into the scratch project after the step when its call runs (what the call made): path
    /// relative to the project, text.
    pub files: &'static [(&'static str, &'static str)],
    /// What must hold afterwards.
    pub expect: Expect,
}

/// A scenario's git work tree (`repository`): paths relative to the scratch project, with their text.
#[derive(Clone, Copy, Debug)]
pub struct ScenarioRepository {
    /// Written and committed (by the real `git`, which the scenario then needs).
    pub committed: &'static [(&'static str, &'static str)],
    /// Written after the commit: changed, untracked and ignored files.
    pub files: &'static [(&'static str, &'static str)],
}

/// A scenario file.
#[derive(Clone, Copy, Debug)]
pub struct Scenario {
    /// The file, relative to the behaviors folder.
    pub file: &'static str,
    /// The scenario's name.
    pub name: &'static str,
    /// What a soft block on PreToolUse does in this scenario (`soft_block: ask|deny`, default ask).
    pub soft_block: SoftBlockMode,
    /// A git work tree made in the scratch project before the first step, if any.
    pub repository: Option<ScenarioRepository>,
    /// The steps, in order.
    pub steps: &'static [Step],
}
