//! Stage 3: the checked, normalized catalog that code is emitted from. Everything here is valid by construction:
//! enums instead of strings, escalation in ascending order, templates split into pieces.

/// Enforcement level, mildest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// `silent`
    Silent,
    /// `nudge`
    Nudge,
    /// `warning`
    Warning,
    /// `soft_block`
    SoftBlock,
    /// `hard_block`
    HardBlock,
}

impl Level {
    /// Parses a YAML level name.
    pub fn parse(name: &str) -> Option<Level> {
        Some(match name {
            "silent" => Level::Silent,
            "nudge" => Level::Nudge,
            "warning" => Level::Warning,
            "soft_block" => Level::SoftBlock,
            "hard_block" => Level::HardBlock,
            _ => return None,
        })
    }

    /// The YAML name.
    pub fn name(self) -> &'static str {
        match self {
            Level::Silent => "silent",
            Level::Nudge => "nudge",
            Level::Warning => "warning",
            Level::SoftBlock => "soft_block",
            Level::HardBlock => "hard_block",
        }
    }
}

/// Hook event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Event {
    /// `PreToolUse`
    PreToolUse,
    /// `PostToolUse`
    PostToolUse,
    /// `UserPromptSubmit`
    UserPromptSubmit,
    /// `Stop`
    Stop,
}

impl Event {
    /// Parses an event name.
    pub fn parse(name: &str) -> Option<Event> {
        Some(match name {
            "PreToolUse" => Event::PreToolUse,
            "PostToolUse" => Event::PostToolUse,
            "UserPromptSubmit" => Event::UserPromptSubmit,
            "Stop" => Event::Stop,
            _ => return None,
        })
    }

    /// True when the event carries a tool name and `tool_input`.
    pub fn has_tool(self) -> bool {
        matches!(self, Event::PreToolUse | Event::PostToolUse)
    }

    /// The event name.
    pub fn name(self) -> &'static str {
        match self {
            Event::PreToolUse => "PreToolUse",
            Event::PostToolUse => "PostToolUse",
            Event::UserPromptSubmit => "UserPromptSubmit",
            Event::Stop => "Stop",
        }
    }
}

/// Behavior category.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// `core`
    Core,
    /// `opinionated`
    Opinionated,
    /// `experimental`
    Experimental,
}

/// The whole catalog in index order.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalog {
    /// Behaviors in index order.
    pub behaviors: Vec<Behavior>,
}

/// One validated behavior.
#[derive(Clone, Debug, PartialEq)]
pub struct Behavior {
    /// Kebab-case id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Description.
    pub description: String,
    /// Category.
    pub category: Category,
    /// Effective enabled flag (index entry over file).
    pub enabled: bool,
    /// `locked` (extension): a session cannot switch it off.
    pub locked: bool,
    /// `screens_output` (extension): while it is active, tool output is screened for secrets before the model reads
    /// it.
    pub screens_output: bool,
    /// `secret_patterns` (extension): `(kind, regex)` formats of secrets the screening adds while it is active.
    pub secret_patterns: Vec<(String, String)>,
    /// Triggers in declaration order.
    pub triggers: Vec<Trigger>,
    /// `default_level`.
    pub default_level: Level,
    /// Escalation steps, ascending, one per `after` (the highest level wins on repeats).
    pub escalation: Vec<(u32, Level)>,
    /// Recovery.
    pub recovery: Recovery,
    /// Templates.
    pub templates: Templates,
    /// `applies_to.tools`.
    pub tools: Vec<String>,
    /// `applies_to.agents`.
    pub agents: Vec<String>,
    /// `applies_to.profiles`.
    pub profiles: Vec<String>,
    /// Scenario tests from `tests/*.yaml`, by file name.
    pub scenarios: Vec<Scenario>,
}

/// A scenario file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scenario {
    /// The file relative to the behaviors folder, e.g. `search-first/tests/escalation.yaml`.
    pub file: String,
    /// A Rust identifier for the generated test, from the file name.
    pub test_name: String,
    /// `name`.
    pub name: String,
    /// `soft_block`: `true` for `deny`, `false` for `ask` (the default).
    pub soft_block_deny: bool,
    /// `repository`: a git work tree made in the scratch project before the first step.
    pub repository: Option<RepositorySetup>,
    /// The steps.
    pub steps: Vec<Step>,
}

/// A scenario's `repository`: paths (relative to the scratch project) and their text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RepositorySetup {
    /// Written and committed.
    pub committed: Vec<(String, String)>,
    /// Written after the commit: changes, untracked and ignored files.
    pub files: Vec<(String, String)>,
}

/// One scenario step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// Line in the file.
    pub line: u32,
    /// Event.
    pub event: Event,
    /// Tool name (`""` without a tool).
    pub tool: String,
    /// `tool_input` as JSON text.
    pub tool_input: String,
    /// `prompt`.
    pub prompt: Option<String>,
    /// Session id.
    pub session: String,
    /// Profile.
    pub profile: String,
    /// `agent_type`.
    pub agent: Option<String>,
    /// `stop_hook_active`.
    pub stop_hook_active: bool,
    /// `user`: `Some(true)` allow, `Some(false)` decline.
    pub user_allows: Option<bool>,
    /// `files`: written into the scratch project after the step, as the call would have made them when it runs.
    pub files: Vec<(String, String)>,
    /// Expectations.
    pub expect: Expect,
}

/// A step's expectations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Expect {
    /// `pass`, `override` or a level name.
    pub level: Option<String>,
    /// Counter after the step.
    pub counter: Option<u32>,
    /// `allow`, `deny` or `block`.
    pub decision: Option<String>,
    /// Texts the message must contain.
    pub message_contains: Vec<String>,
    /// Flags that must be set.
    pub flags_present: Vec<String>,
    /// Flags that must be absent.
    pub flags_absent: Vec<String>,
    /// Overrides recorded for the behavior after the step.
    pub overrides: Option<u32>,
}

/// `policy.recovery`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recovery {
    /// `hint`
    pub hint: String,
    /// `suggested_tool`
    pub suggested_tool: Option<String>,
    /// `suggested_action`
    pub suggested_action: Option<String>,
}

/// Pre-split templates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Templates {
    /// `nudge_template`
    pub nudge: Option<Vec<Piece>>,
    /// `warning_template`
    pub warning: Option<Vec<Piece>>,
    /// `block_reason`
    pub block_reason: Option<Vec<Piece>>,
    /// `override_prompt`
    pub override_prompt: Option<Vec<Piece>>,
}

/// A piece of a template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    /// Literal text.
    Text(String),
    /// A variable, by its SCHEMA §4 name.
    Var(String),
}

/// One trigger.
#[derive(Clone, Debug, PartialEq)]
pub struct Trigger {
    /// Event.
    pub event: Event,
    /// The matcher as written.
    pub matcher_text: String,
    /// How the matcher matches.
    pub matcher: Matcher,
    /// Conditions.
    pub conditions: Vec<Condition>,
    /// How conditions combine.
    pub logic: Logic,
    /// What a match does.
    pub action: Action,
}

/// Tool matcher (CONTRACT §5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Matcher {
    /// Empty or `*`, or an event without a tool.
    Any,
    /// Exact tool names.
    Names(Vec<String>),
    /// An unanchored regex on the tool name.
    Regex(String),
}

/// Condition combination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Logic {
    /// Every condition holds.
    All,
    /// At least one holds.
    Any,
}

/// Trigger action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Violation.
    Evaluate,
    /// Set a flag.
    SetFlag(String),
    /// Check a flag.
    CheckFlag {
        /// Flag name.
        flag: String,
        /// Consume (`true`) or keep.
        consume: bool,
        /// Violate (`true`) or skip when absent.
        violate: bool,
    },
}

impl Action {
    /// True when this trigger can produce a violation.
    pub fn can_violate(&self) -> bool {
        matches!(self, Action::Evaluate | Action::CheckFlag { violate: true, .. })
    }
}

/// One condition.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition {
    /// The field name.
    pub field: String,
    /// The operator name as written.
    pub operator: String,
    /// The test.
    pub test: Test,
}

/// What a condition tests.
#[derive(Clone, Debug, PartialEq)]
pub enum Test {
    /// `regex_match`
    Regex(String),
    /// `contains`
    Contains(String),
    /// `not_contains`
    NotContains(String),
    /// `equals` on a string field
    Equals(String),
    /// `starts_with`
    StartsWith(String),
    /// `ends_with`
    EndsWith(String),
    /// `exists` (true) / `not_exists` (false) on a string field
    Exists(bool),
    /// `exists` / `not_exists` on `counter`: constant
    CounterExists(bool),
    /// A numeric comparison of `counter`
    Counter(Compare, u64),
    /// `runs` (extension): the command line runs a matching command.
    Runs {
        /// The pattern as written.
        text: String,
        /// The pattern, parsed.
        pattern: CommandPatternIr,
    },
    /// `writes` / `reads` / `loses_work` (extension): a matching path is written (read; destroyed while it holds
    /// work git could not bring back).
    Paths {
        /// Which of the three.
        access: PathAccess,
        /// The globs as written.
        text: String,
        /// Globs that match.
        include: Vec<String>,
        /// Globs that never match.
        exclude: Vec<String>,
    },
}

/// What a path condition asks of the matching paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathAccess {
    /// `reads`
    Reads,
    /// `writes`
    Writes,
    /// `loses_work`: destroyed (deleted, truncated, replaced) while holding work git could not bring back.
    LosesWork,
}

/// A parsed `runs` pattern (see `command_pattern`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommandPatternIr {
    /// Program names.
    pub programs: Vec<String>,
    /// Subcommands, each with its alternatives.
    pub subcommands: Vec<Vec<String>>,
    /// Options that take a value.
    pub value_options: Vec<String>,
    /// Requirements.
    pub requirements: Vec<RequirementIr>,
    /// `LEFT | RIGHT`: the pattern whose command must feed this one.
    pub fed_by: Option<Box<CommandPatternIr>>,
}

/// One requirement of a command pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequirementIr {
    /// `!`
    pub negated: bool,
    /// The alternatives.
    pub any_of: Vec<ArgTestIr>,
}

/// A test on a command's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgTestIr {
    /// `-f`
    Short(char),
    /// `--force`
    Long(String),
    /// `--prune=now`, `--settings=*x*` (a glob)
    LongValue(String, String),
    /// `--settings=@*x*`: the value, or the text of the file it names, matches the glob (a file that cannot be read
    /// counts as matching)
    LongValueOrFile(String, String),
    /// `@elsewhere`: the program runs where this hook is not loaded for it
    Elsewhere,
    /// `$NAME` (glob `*`), `$NAME=GLOB`: the command's environment sets the variable
    Environment(String, String),
    /// A positional glob.
    Positional(String),
    /// `--` and an argument after it.
    DoubleDash,
}

/// Numeric comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// `gt`
    Gt,
    /// `lt`
    Lt,
    /// `gte`
    Gte,
    /// `lte`
    Lte,
    /// `equals`
    Eq,
}
