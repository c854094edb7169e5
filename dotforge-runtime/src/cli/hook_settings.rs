//! Where each agent CLI reads its hook settings, and how it spells what `install` writes there: the events, the
//! matcher of tool names, the timeout's unit and the command that runs this hook. Claude Code and Gemini CLI read
//! `settings.json`, Codex CLI a `hooks.json` beside its `config.toml`; all three take the same JSON shape of
//! `hooks.<event>[].{matcher, hooks[].{type, command, timeout}}`.

use crate::catalog::Event;
use crate::model::Harness;
use std::path::PathBuf;

/// The settings file `install` edits for `harness`: the project's (in the current directory), or the user's.
pub(super) fn default_settings(harness: Harness, user: bool) -> PathBuf {
    let home = || std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    match (harness, user) {
        (Harness::ClaudeCode, false) => PathBuf::from(".claude/settings.json"),
        (Harness::ClaudeCode, true) => home().join(".claude/settings.json"),
        (Harness::Codex, false) => PathBuf::from(".codex/hooks.json"),
        (Harness::Codex, true) => std::env::var_os("CODEX_HOME")
            .filter(|dir| !dir.is_empty())
            .map_or_else(|| home().join(".codex"), PathBuf::from)
            .join("hooks.json"),
        (Harness::Gemini, false) => PathBuf::from(".gemini/settings.json"),
        (Harness::Gemini, true) => home().join(".gemini/settings.json"),
    }
}

/// Claude Code's managed settings file, which every project on the machine obeys and no user setting switches off:
/// `/Library/Application Support/ClaudeCode/managed-settings.json` on macOS, `/etc/claude-code/managed-settings.json`
/// elsewhere.
pub(crate) fn managed_settings() -> PathBuf {
    if cfg!(target_os = "macos") {
        PathBuf::from("/Library/Application Support/ClaudeCode/managed-settings.json")
    } else {
        PathBuf::from("/etc/claude-code/managed-settings.json")
    }
}

/// The event's name in the harness's settings, `None` when it has no such event (Codex and Gemini have no
/// PostToolUseFailure: a failed call's event is their PostToolUse / AfterTool).
pub(super) fn event_name(harness: Harness, event: Event) -> Option<&'static str> {
    match (harness, event) {
        (Harness::ClaudeCode, event) => Some(event.name()),
        (_, Event::PostToolUseFailure) => None,
        (Harness::Codex, event) => Some(event.name()),
        (Harness::Gemini, Event::PreToolUse) => Some("BeforeTool"),
        (Harness::Gemini, Event::PostToolUse) => Some("AfterTool"),
        (Harness::Gemini, Event::UserPromptSubmit) => Some("BeforeAgent"),
        (Harness::Gemini, Event::Stop) => Some("AfterAgent"),
    }
}

/// The tools of Gemini CLI that are a catalog tool (see `crate::harness`), for its matchers.
const GEMINI_TOOLS: &[(&str, &str)] = &[
    ("Bash", "run_shell_command"),
    ("Write", "write_file"),
    ("Edit", "replace"),
    ("Read", "read_file"),
    ("Read", "read_many_files"),
    ("Grep", "grep_search"),
    ("Glob", "glob"),
    ("Glob", "list_directory"),
    ("WebFetch", "web_fetch"),
    ("WebSearch", "google_web_search"),
    ("TodoWrite", "write_todos"),
    ("AskUserQuestion", "ask_user"),
    ("EnterPlanMode", "enter_plan_mode"),
    ("ExitPlanMode", "exit_plan_mode"),
    ("Skill", "activate_skill"),
    ("Agent", "invoke_agent"),
];

/// A matcher of the catalog's tool names (`install` unites the triggers' matchers) in the harness's terms. Codex
/// names its shell `Bash` like Claude Code, and its file edits `apply_patch`; Gemini CLI's matcher is a regular
/// expression over its own names, and anything but a list of names matches every tool there.
pub(super) fn matcher(harness: Harness, matcher: &str) -> String {
    let names = || matcher.split('|').map(str::trim).filter(|name| !name.is_empty());
    let is_list = !matcher.is_empty()
        && matcher != "*"
        && matcher.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '|' | ' ' | ','));
    match harness {
        Harness::ClaudeCode => matcher.to_owned(),
        Harness::Codex if is_list && names().any(|name| matches!(name, "Write" | "Edit" | "MultiEdit")) => {
            format!("{matcher}|apply_patch")
        }
        Harness::Codex => matcher.to_owned(),
        Harness::Gemini if is_list => {
            let mut tools: Vec<&str> = Vec::new();
            for name in names().flat_map(|name| name.split(',')).map(str::trim) {
                for (_, gemini) in GEMINI_TOOLS.iter().filter(|(catalog, _)| *catalog == name) {
                    if !tools.contains(gemini) {
                        tools.push(gemini);
                    }
                }
            }
            if tools.is_empty() {
                "^$".to_owned() // no tool of Gemini CLI is one of these
            } else {
                format!("^({})$", tools.join("|"))
            }
        }
        Harness::Gemini => ".*".to_owned(),
    }
}

/// The timeout as the harness counts it (Gemini CLI in milliseconds, the others in seconds).
pub(super) fn timeout(harness: Harness, seconds: u32) -> u64 {
    match harness {
        Harness::Gemini => u64::from(seconds) * 1000,
        _ => u64::from(seconds),
    }
}

/// The arguments the command gives this binary: the harness named, for a CLI other than Claude Code (the payload
/// tells it too, but the command leaves no doubt).
pub(super) fn hook_arguments(harness: Harness) -> &'static str {
    match harness {
        Harness::ClaudeCode => "",
        Harness::Codex => " hook --harness codex",
        Harness::Gemini => " hook --harness gemini",
    }
}

#[cfg(test)]
mod tests {
    use super::matcher;
    use crate::model::Harness;

    #[test]
    fn matchers_name_each_harness_tools() {
        assert_eq!(matcher(Harness::ClaudeCode, "Bash|Write"), "Bash|Write");
        assert_eq!(matcher(Harness::Codex, "Bash|Write|Edit"), "Bash|Write|Edit|apply_patch");
        assert_eq!(matcher(Harness::Codex, "Bash"), "Bash");
        assert_eq!(
            matcher(Harness::Gemini, "Bash|Read|Agent"),
            "^(run_shell_command|read_file|read_many_files|invoke_agent)$"
        );
        assert_eq!(
            matcher(Harness::Gemini, "TaskCreate"),
            "^$",
            "a tool Gemini CLI does not have matches none of its own"
        );
        assert_eq!(matcher(Harness::Gemini, "mcp__.*"), ".*");
        assert_eq!(matcher(Harness::Gemini, "*"), ".*");
    }
}
