//! One record per agent CLI — its [`Dialect`]: the name it goes by, its events and tools in the catalog's words
//! (argument keys renamed, the paths each tool reads, writes and deletes), where its hook settings live, how its
//! matchers and timeouts are spelled, how it is told from its payload, and what a hook can make it do. The adapters
//! ([`super::canonical`], [`super::render`]), `install`, `doctor` and the vocabulary tests read these records; a
//! new CLI is one record (and its output's shape, when it differs from the others').

use crate::model::Event;
pub use crate::model::PathRole as Role;

/// An agent CLI the hook serves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Harness {
    /// Claude Code: the catalog's own vocabulary.
    #[default]
    ClaudeCode,
    /// OpenAI's Codex CLI.
    Codex,
    /// Google's Gemini CLI.
    Gemini,
    /// GitHub Copilot CLI.
    Copilot,
    /// Qwen Code.
    Qwen,
    /// Factory's Droid.
    Droid,
    /// Kilo Code's CLI (through the plugin `install` writes).
    Kilo,
}

/// One tool of a CLI and the catalog's tool it is.
#[derive(Debug)]
pub struct Tool {
    /// Its name in the CLI's payloads.
    pub native: &'static str,
    /// The catalog's tool with the same effect.
    pub catalog: &'static str,
    /// Argument keys renamed: the CLI's, and the catalog's (keys not listed keep their names).
    pub keys: &'static [(&'static str, &'static str)],
    /// The arguments (by the catalog's keys) that name paths, and what the call does to each; an argument that is a
    /// list names one path per string in it.
    pub paths: &'static [(&'static str, Role)],
}

/// A tool of a CLI: its name, the catalog's, its argument keys renamed, the paths it names.
pub(super) const fn tool(
    native: &'static str,
    catalog: &'static str,
    keys: &'static [(&'static str, &'static str)],
    paths: &'static [(&'static str, Role)],
) -> Tool {
    Tool { native, catalog, keys, paths }
}

/// What `install` writes into a CLI's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingsForm {
    /// Entries under a `hooks` member of a JSON file (`hooks.<event>[].{matcher, hooks[]}`), the rest of the file
    /// left as it is.
    HooksMember,
    /// A plugin file of the CLI that runs this hook (Kilo Code has no command hooks): `template` with `{command}`
    /// and `{timeout_ms}` filled in, and in `config` (a file beside the plugin's folder) the permission rule the
    /// plugin removes when it loads, so that a plugin that does not load leaves no tool to call.
    Plugin { template: &'static str, config: &'static str },
}

/// Where a CLI reads its hook settings.
#[derive(Debug)]
pub struct SettingsFiles {
    /// The project's file, relative to the project folder.
    pub project: &'static str,
    /// The user's file, relative to the home folder.
    pub user: &'static str,
    /// A variable that moves the user's folder, and the file's name inside it (`CODEX_HOME`, `hooks.json`).
    pub user_folder_variable: Option<(&'static str, &'static str)>,
    /// Settings keys that switch every hook off (`disableAllHooks`).
    pub switches_off: &'static [&'static str],
    /// Other files where one of those keys switches this CLI's hooks off (relative to the project, or `~/…` to the
    /// home folder); the file itself and the user's counts anyway.
    pub switch_files: &'static [&'static str],
    /// What `install` writes there.
    pub form: SettingsForm,
}

/// How a CLI counts a hook's timeout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Seconds,
    Milliseconds,
}

/// How a CLI names an MCP server's tool in its payloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum McpNaming {
    /// `<prefix><server><separator><tool>` (Claude Code and Codex: `mcp__fs__write_file`).
    Separated(&'static str, &'static str),
    /// `<prefix><server>_<tool>`, with the server and the tool given apart in a payload member (Gemini CLI's
    /// `mcp_context`).
    Context { prefix: &'static str, member: &'static str },
}

/// What a hook can do to a tool's output before the model reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputControl {
    /// Replace it, in the tool's own shape (Claude Code's `updatedToolOutput`).
    Replace,
    /// Withhold it and give the model a reason instead (Gemini CLI's AfterTool `decision: deny`): the reason is the
    /// output with its secrets withheld.
    ReasonInstead,
    /// The same through `continue: false` with a `stopReason`, after which the session goes on (Qwen Code's).
    StopReasonInstead,
    /// Replace it with a result object of its own (Copilot CLI's top-level `modifiedResult {textResultForLlm,
    /// resultType}`), which the model reads as it is.
    ResultObject,
    /// Nothing (Codex CLI 0.169.0: its PostToolUse output schema has no such field).
    Cannot,
}

/// How a CLI reads the `matcher` of a registration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatcherStyle {
    /// Claude Code's: a `|` list of exact names, else a regular expression; the catalog's names are its own.
    CatalogNames,
    /// A regular expression over its own names, searched rather than matched whole (Gemini CLI): a list of the
    /// catalog's names becomes an anchored list of its tools' names.
    NativeRegex,
}

/// How a payload tells which CLI sent it (without `--harness`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detection {
    /// By its own event names.
    EventNames,
    /// By a member no other CLI's payload has (Codex's `turn_id`).
    PayloadMember(&'static str),
    /// By the name of one of its tools that no CLI told by its payload before it names (Qwen Code's
    /// `run_shell_command` under Claude Code's event names, Droid's `Execute`).
    ToolNames,
    /// By a variable it sets in the hook's environment — for a payload without `unless_member`, so that a Claude Code
    /// started inside it (which inherits the variable, and whose payloads carry a `transcript_path`) is still read as
    /// Claude Code. Looked at only after every CLI's payload-level signs.
    Environment { variable: &'static str, unless_member: Option<&'static str> },
    /// When no other CLI's record says it: Claude Code.
    Otherwise,
}

/// The optional fields of Claude Code's output shape a CLI accepts (a field it does not know can make it count the
/// hook as failed and run the call). The CLIs whose output is Claude Code's shape differ only in these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fields {
    /// `hookSpecificOutput.override_allowed: false` on a hard block before a tool (SPEC §5.6).
    pub final_flag: bool,
    /// A top-level `systemMessage`, shown to the person.
    pub system_message: bool,
    /// `hookSpecificOutput.additionalContext` (read by the model) on these events.
    pub context_on: &'static [Event],
    /// A top-level `additionalContext` (read by the model) on these events (Copilot CLI's).
    pub top_context_on: &'static [Event],
    /// `hookSpecificOutput.hookEventName` beside its other members.
    pub event_name: bool,
    /// The events other than PreToolUse on which a block is read as `decision: block` with a `reason` (elsewhere the
    /// block's message goes where a message goes).
    pub block_on: &'static [Event],
}

/// An agent CLI's dialect.
#[derive(Debug)]
pub struct Dialect {
    /// The CLI (the record of [`Harness::dialect`], as the tests check).
    #[cfg_attr(not(test), allow(dead_code))]
    pub harness: Harness,
    /// The name on the command line (`--harness NAME`).
    pub name: &'static str,
    /// What people call it.
    pub title: &'static str,
    /// Its events and the catalog's they are; a CLI whose events are the catalog's own lists none.
    pub events: &'static [(&'static str, Event)],
    /// Its other events, which the hook ignores (they tell the CLI from its payload too).
    pub other_events: &'static [&'static str],
    /// Its event at a session's start, when `install` registers the hook for it: the tamper check runs there (see
    /// `crate::watch`), and nothing else.
    pub session_start: Option<&'static str>,
    /// The catalog's events it has no equivalent of (a failed call is its PostToolUse).
    pub missing_events: &'static [Event],
    /// Its tools (those whose names and arguments are the catalog's are listed too, for their paths).
    pub tools: &'static [Tool],
    /// Members of its payloads renamed to the catalog's (Copilot CLI's `tool_result` is `tool_response`).
    pub payload_keys: &'static [(&'static str, &'static str)],
    /// Its hook settings files.
    pub settings: SettingsFiles,
    /// Its matchers.
    pub matcher: MatcherStyle,
    /// Its timeouts.
    pub timeout: TimeUnit,
    /// The arguments this binary is registered with for it (the payload tells the CLI too; these leave no doubt).
    pub hook_arguments: &'static str,
    /// How it names MCP tools.
    pub mcp: McpNaming,
    /// A matcher, in its own terms, that selects every MCP tool.
    pub mcp_matcher: &'static str,
    /// The `name` its hook entries carry, where it shows one.
    pub hook_name: Option<&'static str>,
    /// How its payloads are told from the others' (any of these).
    pub detected_by: &'static [Detection],
    /// Whether a hook can make it ask the person about a call.
    pub can_ask: bool,
    /// What a hook can do to a tool's output.
    pub output: OutputControl,
    /// The optional fields of Claude Code's output shape it accepts (Gemini CLI's own shape ignores them).
    pub fields: Fields,
}

impl Dialect {
    /// The catalog's event for one of its event names (the name itself when its events are the catalog's).
    pub fn event(&self, native: &str) -> Option<Event> {
        if self.events.is_empty() {
            return Event::parse(native).filter(|event| !self.missing_events.contains(event));
        }
        self.events.iter().find(|(name, _)| *name == native).map(|(_, event)| *event)
    }

    /// Its name for one of the catalog's events, `None` when it has no such event.
    pub fn event_name(&self, event: Event) -> Option<&'static str> {
        if self.missing_events.contains(&event) {
            return None;
        }
        if self.events.is_empty() {
            return Some(event.name());
        }
        self.events.iter().find(|(_, known)| *known == event).map(|(name, _)| *name)
    }

    /// Whether an event name is one it sends (handled or not).
    pub fn sends_event(&self, name: &str) -> bool {
        self.events.iter().any(|(native, _)| *native == name) || self.other_events.contains(&name)
    }

    /// Its tool of this name.
    pub fn tool(&self, native: &str) -> Option<&'static Tool> {
        self.tools.iter().find(|tool| tool.native == native)
    }

    /// Its tools that are the catalog's `catalog` tool.
    pub fn tools_for<'d>(&'d self, catalog: &'d str) -> impl Iterator<Item = &'static Tool> + 'd {
        self.tools.iter().filter(move |tool| tool.catalog == catalog)
    }

    /// The timeout as it counts it.
    pub fn timeout(&self, seconds: u32) -> u64 {
        match self.timeout {
            TimeUnit::Seconds => u64::from(seconds),
            TimeUnit::Milliseconds => u64::from(seconds) * 1000,
        }
    }
}

/// The paths a call of `tool` names in `input` (by the catalog's keys), each with what the call does to it.
pub(crate) fn paths_of(tool: &Tool, input: &serde_json::Value) -> Vec<(String, Role)> {
    let named = tool.paths.iter().map(|(key, role)| (strings(input.get(*key)), *role));
    named.flat_map(|(paths, role)| paths.into_iter().map(move |path| (path, role))).collect()
}

/// The non-empty strings of an argument: itself, or each string of a list.
pub(crate) fn strings(value: Option<&serde_json::Value>) -> Vec<String> {
    match value {
        Some(serde_json::Value::String(text)) if !text.is_empty() => vec![text.clone()],
        Some(serde_json::Value::Array(items)) => {
            let texts = items.iter().filter_map(serde_json::Value::as_str).filter(|text| !text.is_empty());
            texts.map(str::to_owned).collect()
        }
        _ => Vec::new(),
    }
}
