//! The tool names a behavior uses — in a trigger's matcher or in `applies_to.tools`. Always: a name that is another
//! CLI's own name for one of the catalog's tools (`run_shell_command`), or is close to one of them without being it
//! (`Wrte`, `bash`), is an error, as such a matcher never fires. With `dotforge check --client-tools FILE`, every
//! name must also be one the given Claude Code offers (directly or deferred). A behavior keeps a name for older
//! versions or other clients in `metadata.legacy_tools`.

use super::checker::{item, join, Checker};
use crate::diagnostic::Code;
use crate::ir::{Matcher, Trigger};
use crate::schema::{CATALOG_TOOLS, NATIVE_TOOLS};
use crate::suggest::{edit_distance, list};

/// What is wrong with a tool name, if anything: another CLI's own name, or a near miss of the catalog's.
fn misnamed(name: &str) -> Option<(String, String)> {
    if CATALOG_TOOLS.contains(&name) || name.starts_with("mcp__") {
        return None;
    }
    if let Some((_, catalog)) = NATIVE_TOOLS.iter().find(|(native, _)| *native == name) {
        return Some((
            format!("`{name}` is an agent CLI's own name for `{catalog}`; the hook reads every CLI's calls in the catalog's names"),
            format!("write `{catalog}`"),
        ));
    }
    let lowered = name.to_lowercase();
    let limit = (name.chars().count() / 3).clamp(1, 3);
    let near = CATALOG_TOOLS
        .iter()
        .map(|tool| (edit_distance(&lowered, &tool.to_lowercase()), *tool))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)?;
    Some((
        format!("`{name}` is not a tool of any agent CLI the hook serves (tool names are case-sensitive)"),
        format!("did you mean `{}`? (a tool of another client: list it in `metadata.legacy_tools`)", near.1),
    ))
}

/// Reports every tool name that is another CLI's own or a near miss of the catalog's (unless kept as legacy).
fn names(checker: &mut Checker<'_>, triggers: &[Trigger], tools: &[String], legacy: &[String]) {
    let kept = |name: &str| legacy.iter().any(|tool| tool == name);
    for (index, trigger) in triggers.iter().enumerate() {
        let Matcher::Names(names) = &trigger.matcher else { continue };
        for name in names.iter().filter(|name| !kept(name)) {
            if let Some((message, help)) = misnamed(name) {
                checker.error(Code::UnknownTool, &join(&item("policy.triggers", index), "matcher"), message, help);
            }
        }
    }
    for (index, name) in tools.iter().enumerate().filter(|(_, name)| !kept(name)) {
        if let Some((message, help)) = misnamed(name) {
            checker.error(Code::UnknownTool, &item("applies_to.tools", index), message, help);
        }
    }
}

/// Reports misnamed tools; with a client's tools, every named tool the client does not offer; warns about legacy
/// tools no matcher names.
pub(super) fn check(checker: &mut Checker<'_>, triggers: &[Trigger], tools: &[String], legacy: &[String]) {
    names(checker, triggers, tools, legacy);
    let named = |name: &str| {
        triggers
            .iter()
            .any(|trigger| matches!(&trigger.matcher, Matcher::Names(names) if names.iter().any(|n| n == name)))
            || tools.iter().any(|tool| tool == name)
    };
    for (index, name) in legacy.iter().enumerate() {
        if !named(name) {
            checker.warning(
                Code::LegacyToolUnused,
                &item("metadata.legacy_tools", index),
                format!("`{name}` is kept for older versions, but no matcher or `applies_to.tools` names it"),
                "remove it from `legacy_tools`",
            );
        }
    }
    let Some(client) = checker.client_tools else { return };
    let offered = |name: &str| client.iter().any(|tool| tool == name) || legacy.iter().any(|tool| tool == name);
    let help = |name: &str| {
        format!(
            "the client offers {}; if `{name}` is kept for older versions, add it to `metadata.legacy_tools`",
            list(&client.iter().map(String::as_str).collect::<Vec<_>>())
        )
    };
    for (index, trigger) in triggers.iter().enumerate() {
        let Matcher::Names(names) = &trigger.matcher else { continue };
        for name in names.iter().filter(|name| !offered(name)) {
            checker.error(
                Code::ClientTool,
                &join(&item("policy.triggers", index), "matcher"),
                format!("`{name}` is not a tool this Claude Code offers"),
                help(name),
            );
        }
    }
    for (index, name) in tools.iter().enumerate().filter(|(_, name)| !offered(name)) {
        checker.error(
            Code::ClientTool,
            &item("applies_to.tools", index),
            format!("`{name}` is not a tool this Claude Code offers"),
            help(name),
        );
    }
}
