//! Where each agent CLI reads its hook settings, and how it spells what `install` writes there: the events, the
//! matcher of tool names, the timeout's unit and the command that runs this hook — each read from the CLI's record
//! ([`crate::harness::Dialect`]). All of them take the same JSON shape of
//! `hooks.<event>[].{matcher, hooks[].{type, command, timeout}}`.

use crate::catalog::{Event, ToolMatcher};
use crate::harness::{Harness, MatcherStyle};
use std::path::PathBuf;

pub(super) use crate::harness::{managed_settings, user_settings};

/// The settings file `install` edits for `harness` (its record's): the project's (in the current directory), or the
/// user's.
pub(super) fn default_settings(harness: Harness, user: bool) -> PathBuf {
    if !user {
        return PathBuf::from(harness.dialect().settings.project);
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_default();
    user_settings(harness, Some(&home)).unwrap_or_default()
}

/// The event's name in the harness's settings, `None` when it has no such event (Codex and Gemini have no
/// PostToolUseFailure: a failed call's event is their PostToolUse / AfterTool).
pub(super) fn event_name(harness: Harness, event: Event) -> Option<&'static str> {
    harness.dialect().event_name(event)
}

/// The tools a registration selects, in the catalog's words: every tool, or the names and regexes of its
/// triggers' matchers and every MCP tool.
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Selection {
    pub any: bool,
    pub names: Vec<&'static str>,
    /// Regexes on the catalog's tool names (a regex that only names MCP tools is covered by `mcp`).
    pub regexes: Vec<&'static str>,
    pub mcp: bool,
}

impl Selection {
    /// What any of `matchers` selects, and every MCP tool.
    pub(super) fn of(matchers: impl IntoIterator<Item = ToolMatcher>) -> Selection {
        let mut selection = Selection { mcp: true, ..Selection::default() };
        for matcher in matchers {
            match matcher {
                ToolMatcher::Any => selection.any = true,
                ToolMatcher::Names(listed) => {
                    for name in listed {
                        if !selection.names.contains(name) {
                            selection.names.push(name);
                        }
                    }
                }
                ToolMatcher::Regex(pattern) => {
                    let only_mcp = ["mcp__", "^mcp__", "^(?:mcp__"].iter().any(|start| pattern.starts_with(start))
                        && !pattern.contains('|');
                    if !only_mcp && !selection.regexes.contains(&pattern) {
                        selection.regexes.push(pattern);
                    }
                }
            }
        }
        selection
    }
}

/// The matcher of a registration's tools (`install` unites the triggers' matchers) in the harness's terms, as its
/// record says: for a CLI that takes the catalog's names, the names with the CLI's own tools that are one of them
/// (Codex's `apply_patch` for Write and Edit) and the regexes; for one whose matcher is a regular expression over its
/// own names, the anchored list of those names (a regex on the catalog's names selects every tool there); and, with
/// `mcp`, the CLI's matcher of every MCP tool. Names stay exact next to a regex.
pub(super) fn matcher(harness: Harness, selection: &Selection) -> String {
    let dialect = harness.dialect();
    if selection.any {
        return match dialect.matcher {
            MatcherStyle::CatalogNames => "*".to_owned(),
            MatcherStyle::NativeRegex => ".*".to_owned(),
        };
    }
    let mut names: Vec<&str> = Vec::new();
    for name in &selection.names {
        let natives = dialect.tools_for(name).map(|tool| tool.native);
        let spelled: Vec<&str> = match dialect.matcher {
            MatcherStyle::CatalogNames => std::iter::once(*name).chain(natives).collect(),
            MatcherStyle::NativeRegex => natives.collect(),
        };
        for spelling in spelled {
            if !names.contains(&spelling) {
                names.push(spelling);
            }
        }
    }
    let mut regexes: Vec<&str> = match dialect.matcher {
        MatcherStyle::CatalogNames => selection.regexes.clone(),
        MatcherStyle::NativeRegex if !selection.regexes.is_empty() => return ".*".to_owned(),
        MatcherStyle::NativeRegex => Vec::new(),
    };
    if selection.mcp {
        regexes.push(dialect.mcp_matcher);
    }
    match (names.is_empty(), regexes.is_empty(), dialect.matcher) {
        (true, true, MatcherStyle::NativeRegex) => "^$".to_owned(), // none of its tools
        (_, true, MatcherStyle::CatalogNames) => names.join("|"),
        (_, true, MatcherStyle::NativeRegex) => format!("^({})$", names.join("|")),
        (true, false, _) => regexes.join("|"),
        (false, false, _) => format!("^({})$|{}", names.join("|"), regexes.join("|")),
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
    use super::{matcher, Selection};
    use crate::harness::Harness;

    fn of(names: &[&'static str], regexes: &[&'static str], mcp: bool) -> Selection {
        Selection { any: false, names: names.to_vec(), regexes: regexes.to_vec(), mcp }
    }

    #[test]
    fn matchers_name_each_harness_tools() {
        assert_eq!(matcher(Harness::ClaudeCode, &of(&["Bash", "Write"], &[], false)), "Bash|Write");
        assert_eq!(matcher(Harness::Codex, &of(&["Bash", "Write", "Edit"], &[], false)), "Bash|Write|apply_patch|Edit");
        assert_eq!(matcher(Harness::Codex, &of(&["Bash"], &[], false)), "Bash");
        assert_eq!(
            matcher(Harness::Gemini, &of(&["Bash", "Read", "Agent"], &[], false)),
            "^(run_shell_command|read_file|read_many_files|invoke_agent)$"
        );
        assert_eq!(
            matcher(Harness::Gemini, &of(&["TaskCreate"], &[], false)),
            "^$",
            "a tool Gemini CLI does not have matches none of its own"
        );
        assert_eq!(matcher(Harness::Gemini, &of(&["Bash"], &["Notebook.*"], false)), ".*");
        let any = Selection { any: true, ..Selection::default() };
        assert_eq!(
            (matcher(Harness::ClaudeCode, &any), matcher(Harness::Gemini, &any)),
            ("*".to_owned(), ".*".to_owned())
        );
    }

    #[test]
    fn every_mcp_tool_is_selected_in_each_clis_terms() {
        assert_eq!(matcher(Harness::ClaudeCode, &of(&["Bash", "Write"], &[], true)), "^(Bash|Write)$|mcp__.*");
        assert_eq!(matcher(Harness::Codex, &of(&["Write"], &[], true)), "^(Write|apply_patch)$|mcp__.*");
        assert_eq!(matcher(Harness::Gemini, &of(&["Bash"], &[], true)), "^(run_shell_command)$|^mcp_.*");
        assert_eq!(matcher(Harness::ClaudeCode, &of(&[], &[], true)), "mcp__.*");
        assert_eq!(
            matcher(Harness::ClaudeCode, &of(&["Write"], &["Notebook.*"], true)),
            "^(Write)$|Notebook.*|mcp__.*"
        );
    }
}
