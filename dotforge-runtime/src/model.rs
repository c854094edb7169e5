//! The vocabulary every layer shares: enforcement levels, events, what triggers give, template pieces and the
//! other small types a compiled catalog is made of. A leaf: it imports nothing of the crate. [`crate::catalog`]
//! re-exports it, so generated code and the facade name these types through the catalog.

/// Enforcement level (SPEC §1), ordered from the mildest to the strictest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Level {
    /// Counted, never shown.
    #[default]
    Silent,
    /// A one-line reminder.
    Nudge,
    /// A firm 2–4 line warning.
    Warning,
    /// A block the user may override.
    SoftBlock,
    /// A block with no escape.
    HardBlock,
}

impl Level {
    /// Every level, mildest first.
    pub const ALL: [Level; 5] = [Level::Silent, Level::Nudge, Level::Warning, Level::SoftBlock, Level::HardBlock];

    /// The lowercase name used in YAML, state.json and templates.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Silent => "silent",
            Level::Nudge => "nudge",
            Level::Warning => "warning",
            Level::SoftBlock => "soft_block",
            Level::HardBlock => "hard_block",
        }
    }

    /// Parses a lowercase level name.
    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|level| level.name() == name)
    }

    /// True for `soft_block` and `hard_block`, the levels that cut the chain.
    pub const fn is_block(self) -> bool {
        matches!(self, Level::SoftBlock | Level::HardBlock)
    }
}

/// A Claude Code hook event that behaviors can trigger on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Before a tool runs.
    PreToolUse,
    /// After a tool ran.
    PostToolUse,
    /// When the user submits a prompt.
    UserPromptSubmit,
    /// When the agent wants to stop.
    Stop,
    /// After a tool call failed. No trigger can name it (SCHEMA §2 lists four events); the hook reads it only to see
    /// the user's approval of a soft block whose call then failed.
    PostToolUseFailure,
}

impl Event {
    /// The event name as it appears in payloads and settings.json.
    pub const fn name(self) -> &'static str {
        match self {
            Event::PreToolUse => "PreToolUse",
            Event::PostToolUse => "PostToolUse",
            Event::UserPromptSubmit => "UserPromptSubmit",
            Event::Stop => "Stop",
            Event::PostToolUseFailure => "PostToolUseFailure",
        }
    }

    /// Every event the hook handles.
    pub const ALL: [Event; 5] =
        [Event::PreToolUse, Event::PostToolUse, Event::PostToolUseFailure, Event::UserPromptSubmit, Event::Stop];

    /// The four events triggers can name, in SCHEMA order.
    pub const TRIGGER_EVENTS: [Event; 4] =
        [Event::PreToolUse, Event::PostToolUse, Event::UserPromptSubmit, Event::Stop];

    /// Parses an event name; other Claude Code events are not handled.
    pub fn parse(name: &str) -> Option<Event> {
        [Event::PreToolUse, Event::PostToolUse, Event::UserPromptSubmit, Event::Stop, Event::PostToolUseFailure]
            .into_iter()
            .find(|event| event.name() == name)
    }

    /// True for the events whose payload names a tool.
    pub const fn has_tool(self) -> bool {
        matches!(self, Event::PreToolUse | Event::PostToolUse | Event::PostToolUseFailure)
    }

    /// True for the events that follow a tool call that ran: where a user's approval of a soft block shows.
    pub const fn follows_a_call(self) -> bool {
        matches!(self, Event::PostToolUse | Event::PostToolUseFailure)
    }
}

/// Behavior category (SCHEMA §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// Shipped and on by default.
    Core,
    /// Shipped, opt-in.
    Opinionated,
    /// Unstable.
    Experimental,
}

impl Category {
    /// The lowercase name used in YAML.
    pub const fn name(self) -> &'static str {
        match self {
            Category::Core => "core",
            Category::Opinionated => "opinionated",
            Category::Experimental => "experimental",
        }
    }
}

/// What a `check_flag` trigger does with a flag it finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnPresent {
    /// Delete the flag after reading it.
    Consume,
    /// Leave the flag in place.
    Keep,
}

/// Result of running one behavior's triggers against one event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No trigger produced a violation.
    Pass,
    /// A trigger matched (evaluate) or a required flag was absent (check_flag with on_absent: violate).
    Violation,
}

/// A template variable (SCHEMA §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Var {
    /// `{behavior_name}`
    BehaviorName,
    /// `{behavior_id}`
    BehaviorId,
    /// `{counter}`
    Counter,
    /// `{tool_name}`
    ToolName,
    /// `{level}`
    Level,
    /// `{threshold}`
    Threshold,
}

impl Var {
    /// Every variable, in SCHEMA §4 order.
    pub const ALL: [Var; 6] =
        [Var::BehaviorName, Var::BehaviorId, Var::Counter, Var::ToolName, Var::Level, Var::Threshold];

    /// The name written between braces in a template.
    pub const fn name(self) -> &'static str {
        match self {
            Var::BehaviorName => "behavior_name",
            Var::BehaviorId => "behavior_id",
            Var::Counter => "counter",
            Var::ToolName => "tool_name",
            Var::Level => "level",
            Var::Threshold => "threshold",
        }
    }
}

/// One piece of a template, split at build time so nothing is parsed at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    /// Literal text.
    Text(&'static str),
    /// A variable to substitute.
    Var(Var),
}

/// A pre-split template.
pub type Template = &'static [Segment];

/// The rendering templates of a behavior; `None` means the default message is used.
#[derive(Clone, Copy, Debug)]
pub struct Templates {
    /// `rendering.nudge_template`
    pub nudge: Option<Template>,
    /// `rendering.warning_template`
    pub warning: Option<Template>,
    /// `rendering.block_reason`
    pub block_reason: Option<Template>,
    /// `rendering.override_prompt`
    pub override_prompt: Option<Template>,
}

/// `policy.recovery` of a behavior.
#[derive(Clone, Copy, Debug)]
pub struct Recovery {
    /// Instruction shown to the agent on violation.
    pub hint: &'static str,
    /// Tool to suggest, if any.
    pub suggested_tool: Option<&'static str>,
    /// Concrete command or action, if any.
    pub suggested_action: Option<&'static str>,
}

/// A secret format a behavior adds to output screening (`secret_patterns`, a DSL extension): what its matches are
/// called in the marker that replaces them, and the regex (checked at build time: it compiles and never matches
/// empty text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SecretPattern {
    /// What a match is called (`Acme deploy token`).
    pub kind: &'static str,
    /// The regex, in the `regex` crate's syntax (linear time: no look-around, no backreferences).
    pub regex: &'static str,
}

/// A plain-words description of one trigger, for operator commands and settings.json installation.
#[derive(Clone, Copy, Debug)]
pub struct TriggerInfo {
    /// The event the trigger listens to.
    pub event: Event,
    /// The matcher exactly as written (empty when absent).
    pub matcher: &'static str,
    /// The matcher as classified at build time by Claude Code's rules (CONTRACT §5).
    pub tools: ToolMatcher,
    /// Whether the trigger can record a violation (`evaluate`, or `check_flag` with `on_absent: violate`).
    pub violates: bool,
    /// What the trigger checks and does, in words.
    pub summary: &'static str,
}

/// Which tools a trigger's matcher selects (CONTRACT §5), as the build classified it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToolMatcher {
    /// Empty or `*` (or an event without a tool): every tool.
    Any,
    /// Exact tool names.
    Names(&'static [&'static str]),
    /// An unanchored regular expression on the tool name.
    Regex(&'static str),
}

/// Where the build that made this hook read it from, as absolute paths: the places `{hook_sources}` and
/// `{behaviors_dir}` of path globs stand for. `None` when the build did not say (a catalog compiled outside a
/// build script); a binary run on another machine names folders that are not there, which match nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct HookSources {
    /// The folder of the package whose build script compiled the catalog (its `Cargo.toml`).
    pub package_dir: Option<&'static str>,
    /// The behaviors folder the catalog was compiled from.
    pub behaviors_dir: Option<&'static str>,
    /// The fingerprint of the behaviors compiled (see `fingerprint`), for `doctor`.
    pub fingerprint: Option<&'static str>,
}

/// The hook profiles a behavior's `applies_to.profiles` can name (`FORGE_HOOK_PROFILE`).
pub const PROFILES: [&str; 3] = ["minimal", "standard", "strict"];

/// A place a path glob may start with, written `{name}` (DSL extension).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// `{forge_root}`: this hook's `.forge`.
    ForgeRoot,
    /// `{project_dir}`: `$CLAUDE_PROJECT_DIR`, else the payload's `cwd`.
    ProjectDir,
    /// `{hook_binary}`: this hook's own executable.
    HookBinary,
    /// `{hook_sources}`: the package this hook was built from.
    HookSources,
    /// `{behaviors_dir}`: the behaviors folder it was compiled from.
    BehaviorsDir,
}

impl Place {
    /// Every place, in the order the DSL lists them.
    pub const ALL: [Place; 5] =
        [Place::ForgeRoot, Place::ProjectDir, Place::HookBinary, Place::HookSources, Place::BehaviorsDir];

    /// The placeholder as written in a glob.
    pub const fn placeholder(self) -> &'static str {
        match self {
            Place::ForgeRoot => "{forge_root}",
            Place::ProjectDir => "{project_dir}",
            Place::HookBinary => "{hook_binary}",
            Place::HookSources => "{hook_sources}",
            Place::BehaviorsDir => "{behaviors_dir}",
        }
    }
}

/// What a call does to a path it names (the adapters of `crate::harness` say it for each tool of each CLI).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathRole {
    /// Reads it (its content reaches the model).
    Read,
    /// Creates, overwrites or edits it.
    Write,
    /// Deletes it (or moves it away).
    Delete,
}

/// How a soft block on PreToolUse is enforced (CONTRACT §5, `FORGE_SOFT_BLOCK`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SoftBlockMode {
    /// `permissionDecision: "ask"`: Claude Code asks the user; the user's approval, seen as the PostToolUse of the
    /// same call, is the override. The model cannot lift the block.
    #[default]
    Ask,
    /// SPEC-literal `permissionDecision: "deny"`; the same call again inside the override window is taken as the
    /// override. Weakness: the model lifts the block by retrying.
    Deny,
}

impl SoftBlockMode {
    /// Parses `ask` or `deny`.
    pub(crate) fn parse(text: &str) -> Option<SoftBlockMode> {
        match text {
            "ask" => Some(SoftBlockMode::Ask),
            "deny" => Some(SoftBlockMode::Deny),
            _ => None,
        }
    }
}
