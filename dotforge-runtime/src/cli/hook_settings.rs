//! Where each agent CLI reads its hook settings, and how it spells what `install` writes there: the events, the
//! matcher of tool names, the timeout's unit and the command that runs this hook — each read from the CLI's record
//! ([`crate::harness::Dialect`]). All of them take the same JSON shape of
//! `hooks.<event>[].{matcher, hooks[].{type, command, timeout}}`.

use crate::catalog::Event;
use crate::harness::{Harness, MatcherStyle};
use std::path::PathBuf;

/// The settings file `install` edits for `harness` (its record's): the project's (in the current directory), or the
/// user's.
pub(super) fn default_settings(harness: Harness, user: bool) -> PathBuf {
    let settings = &harness.dialect().settings;
    if !user {
        return PathBuf::from(settings.project);
    }
    if let Some((variable, file)) = settings.user_folder_variable {
        if let Some(folder) = std::env::var_os(variable).filter(|folder| !folder.is_empty()) {
            return PathBuf::from(folder).join(file);
        }
    }
    std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default().join(settings.user)
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
    harness.dialect().event_name(event)
}

/// A matcher of the catalog's tool names (`install` unites the triggers' matchers) in the harness's terms, as its
/// record says: for a CLI that takes the catalog's names, the list with the CLI's own tools that are one of them
/// (Codex's `apply_patch` for Write and Edit); for one whose matcher is a regular expression over its own names, the
/// anchored list of those names — and anything but a list of names matches every tool there.
pub(super) fn matcher(harness: Harness, matcher: &str) -> String {
    let dialect = harness.dialect();
    let is_list = !matcher.is_empty()
        && matcher != "*"
        && matcher.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '|' | ' ' | ','));
    let names: Vec<&str> = matcher.split(['|', ',']).map(str::trim).filter(|name| !name.is_empty()).collect();
    let mut natives: Vec<&str> = Vec::new();
    for name in &names {
        for tool in dialect.tools_for(name) {
            if !natives.contains(&tool.native) {
                natives.push(tool.native);
            }
        }
    }
    match dialect.matcher {
        MatcherStyle::CatalogNames => {
            let extra: Vec<&str> = natives.into_iter().filter(|native| is_list && !names.contains(native)).collect();
            if extra.is_empty() {
                matcher.to_owned()
            } else {
                format!("{matcher}|{}", extra.join("|"))
            }
        }
        MatcherStyle::NativeRegex if is_list && natives.is_empty() => "^$".to_owned(), // none of its tools
        MatcherStyle::NativeRegex if is_list => format!("^({})$", natives.join("|")),
        MatcherStyle::NativeRegex => ".*".to_owned(),
    }
}

/// The timeout as the harness counts it.
pub(super) fn timeout(harness: Harness, seconds: u32) -> u64 {
    harness.dialect().timeout(seconds)
}

/// The arguments the command gives this binary for the harness.
pub(super) fn hook_arguments(harness: Harness) -> &'static str {
    harness.dialect().hook_arguments
}

#[cfg(test)]
mod tests {
    use super::matcher;
    use crate::harness::Harness;

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
