//! The client-tools check (`dotforge check --client-tools FILE`): every tool a behavior names — in a trigger's
//! matcher or in `applies_to.tools` — must be one the given Claude Code offers (directly or deferred), unless the
//! behavior keeps it for older versions in `metadata.legacy_tools`.

use super::checker::{item, join, Checker};
use crate::diagnostic::Code;
use crate::ir::{Matcher, Trigger};
use crate::suggest::list;

/// Reports every named tool the client does not offer; warns about legacy tools no matcher names.
pub(super) fn check(checker: &mut Checker<'_>, triggers: &[Trigger], tools: &[String], legacy: &[String]) {
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
