//! Validation of one behavior.yaml into an [`ir::Behavior`]: every field of SCHEMA §2 and the rules of §6 that
//! concern a single file.

use super::checker::{item, join, kind_of, Checker};
use super::trigger::trigger;
use crate::diagnostic::Code;
use crate::ir::{self, Category, Level, Piece, Recovery, Templates};
use crate::schema::*;
use crate::suggest::{closest, help_for, list};
use crate::template;
use serde_yaml::{Mapping, Value};

/// True for SCHEMA's kebab-case ids: `[a-z][a-z0-9-]*[a-z0-9]`.
pub(crate) fn is_kebab_id(id: &str) -> bool {
    let bytes = id.as_bytes();
    bytes.len() >= 2
        && bytes[0].is_ascii_lowercase()
        && bytes.iter().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
        && !id.ends_with('-')
}

/// Checks `schema_version: "1"` (a string, not the number 1).
pub(super) fn schema_version(checker: &mut Checker<'_>, map: &Mapping) {
    match Checker::get(map, "schema_version") {
        None => checker.missing("", "schema_version", "\"1\""),
        Some(Value::String(version)) if version == "1" => {}
        Some(Value::Number(number)) if number.as_u64() == Some(1) => checker.error(
            Code::SchemaVersion,
            "schema_version",
            "`schema_version` must be the string \"1\", found the number 1",
            "quote it: `schema_version: \"1\"`",
        ),
        Some(other) => checker.error(
            Code::SchemaVersion,
            "schema_version",
            format!(
                "unsupported schema_version {}",
                match other {
                    Value::String(text) => format!("`{text}`"),
                    other => kind_of(other).to_owned(),
                }
            ),
            "this dotforge reads schema_version \"1\"",
        ),
    }
}

/// Validates a behavior file. `expected_id` is its folder name; `index_enabled` the index entry's `enabled`.
pub(super) fn behavior(
    checker: &mut Checker<'_>,
    expected_id: &str,
    index_enabled: Option<bool>,
) -> Option<ir::Behavior> {
    let doc = checker.doc;
    let map = checker.mapping(&doc.value, "", BEHAVIOR_KEYS)?;
    schema_version(checker, map);
    let id = checker.req_string(map, "", "id", expected_id);
    if let Some(id) = &id {
        if !is_kebab_id(id) {
            checker.error(
                Code::IdNotKebab,
                "id",
                format!("id `{id}` is not kebab-case"),
                "use lowercase letters, digits and inner hyphens, matching `[a-z][a-z0-9-]*[a-z0-9]`",
            );
        } else if id != expected_id {
            checker.error(
                Code::IdFolderMismatch,
                "id",
                format!("id `{id}` does not match its folder `{expected_id}/`"),
                format!("set `id: {expected_id}` or rename the folder and its index entry"),
            );
        }
    }
    let name = non_empty(checker, map, "", "name", "Search Before Writing");
    let description = non_empty(checker, map, "", "description", "One to three sentences.");
    if let Some(description) = &description {
        let sentences = count_sentences(description);
        if sentences > 3 {
            checker.warning(
                Code::DescriptionLength,
                "description",
                format!("description has {sentences} sentences; SCHEMA asks for 1–3"),
                "keep the purpose short; details belong in the templates",
            );
        }
    }
    let category = checker.req_enum(map, "", "category", CATEGORIES).map(|category| match category {
        "core" => Category::Core,
        "opinionated" => Category::Opinionated,
        _ => Category::Experimental,
    });
    if let Some(scope @ ("task" | "project")) = checker.req_enum(map, "", "scope", SCOPES) {
        checker.warning(
            Code::ScopeReserved,
            "scope",
            format!("`scope: {scope}` is reserved; it acts as `session` in v1"),
            "set `scope: session`",
        );
    }
    let enabled = checker.opt_bool(map, "", "enabled");
    let locked = checker.opt_bool(map, "", "locked").unwrap_or(false);
    let secret_patterns = super::secret_patterns::secret_patterns(checker, map);
    let declared_screening = checker.opt_bool(map, "", "screens_output");
    let screens_output = super::secret_patterns::screens_output(checker, declared_screening, &secret_patterns);
    let policy = policy(checker, map);
    let templates = rendering(checker, map);
    let (tools, agents, profiles) = applies_to(checker, map);
    let legacy_tools = metadata(checker, map);
    let (triggers, default_level, escalation, recovery) = policy?;
    super::client_tools::check(checker, &triggers, &tools, &legacy_tools);
    let templates = templates?;
    let can_violate = triggers.iter().any(|trigger| trigger.action.can_violate());
    if !can_violate {
        for key in ["nudge_template", "warning_template"] {
            let present = match key {
                "nudge_template" => templates.nudge.is_some(),
                _ => templates.warning.is_some(),
            };
            if present {
                checker.error(
                    Code::TemplateNeverShown,
                    &join("rendering", key),
                    format!("`{key}` is never shown: every trigger is a flag action that cannot violate"),
                    "add an `evaluate` trigger or a `check_flag` with `on_absent: violate`, or remove the template",
                );
            }
        }
        checker.warning(
            Code::NeverViolates,
            "policy.triggers",
            "no trigger of this behavior can produce a violation",
            "it only sets or checks flags; add an `evaluate` trigger or `on_absent: violate`",
        );
    }
    Some(ir::Behavior {
        id: id?,
        name: name?,
        description: description?,
        category: category?,
        enabled: index_enabled.or(enabled).unwrap_or(true),
        locked,
        screens_output,
        secret_patterns,
        triggers,
        default_level,
        escalation,
        recovery,
        templates,
        tools,
        agents,
        profiles,
        scenarios: Vec::new(),
    })
}

fn non_empty(checker: &mut Checker<'_>, map: &Mapping, parent: &str, key: &str, example: &str) -> Option<String> {
    let text = checker.req_string(map, parent, key, example)?;
    if text.trim().is_empty() {
        checker.error(
            Code::EmptyValue,
            &join(parent, key),
            format!("`{}` is empty", join(parent, key)),
            format!("write e.g. `{key}: {example}`"),
        );
        return None;
    }
    Some(text)
}

fn count_sentences(text: &str) -> usize {
    let trimmed = text.trim();
    let inner = trimmed
        .char_indices()
        .filter(|(position, c)| {
            matches!(c, '.' | '!' | '?') && trimmed[position + 1..].starts_with(char::is_whitespace)
        })
        .count();
    inner + usize::from(!trimmed.is_empty())
}

type Policy = (Vec<ir::Trigger>, Level, Vec<(u32, Level)>, Recovery);

fn policy(checker: &mut Checker<'_>, map: &Mapping) -> Option<Policy> {
    let Some(value) = Checker::get(map, "policy") else {
        checker.missing("", "policy", "{ triggers: [...], enforcement: {...}, recovery: {...} }");
        return None;
    };
    let policy = checker.mapping(value, "policy", POLICY_KEYS)?;
    let triggers = triggers(checker, policy);
    let enforcement = enforcement(checker, policy);
    let recovery = recovery(checker, policy);
    let (default_level, escalation) = enforcement?;
    Some((triggers?, default_level, escalation, recovery?))
}

fn triggers(checker: &mut Checker<'_>, policy: &Mapping) -> Option<Vec<ir::Trigger>> {
    let items = checker.req_list(policy, "policy", "triggers", "[ { event: PreToolUse, matcher: Bash } ]")?;
    if items.is_empty() {
        checker.error(
            Code::NoTriggers,
            "policy.triggers",
            "a behavior needs at least one trigger",
            "add a trigger such as `- event: PreToolUse` with a `matcher`",
        );
        return None;
    }
    let mut triggers = Vec::new();
    let mut ok = true;
    for (index, value) in items.iter().enumerate() {
        match trigger(checker, value, &item("policy.triggers", index)) {
            Some(trigger) => triggers.push(trigger),
            None => ok = false,
        }
    }
    ok.then_some(triggers)
}

fn level_of(name: &str) -> Level {
    Level::parse(name).unwrap_or(Level::Silent)
}

fn enforcement(checker: &mut Checker<'_>, policy: &Mapping) -> Option<(Level, Vec<(u32, Level)>)> {
    let Some(value) = Checker::get(policy, "enforcement") else {
        checker.missing("policy", "enforcement", "{ default_level: silent }");
        return None;
    };
    let path = "policy.enforcement";
    let map = checker.mapping(value, path, ENFORCEMENT_KEYS)?;
    let default_level = checker.req_enum(map, path, "default_level", LEVELS).map(level_of);
    let steps_path = join(path, "escalation");
    let items: &[Value] = match Checker::get(map, "escalation") {
        None => &[],
        Some(Value::Sequence(items)) => items,
        Some(other) => {
            checker.error(
                Code::WrongType,
                &steps_path,
                format!("`{steps_path}` must be a list, found {}", kind_of(other)),
                "write one `- after: N` / `level: L` entry per step",
            );
            return None;
        }
    };
    let mut steps: Vec<(u32, Level)> = Vec::new();
    let mut ok = true;
    for (index, value) in items.iter().enumerate() {
        let step_path = item(&steps_path, index);
        let Some(step) = checker.mapping(value, &step_path, ESCALATION_KEYS) else {
            ok = false;
            continue;
        };
        let after = match Checker::get(step, "after") {
            None => {
                checker.missing(&step_path, "after", "3");
                None
            }
            Some(value) => match value.as_u64().and_then(|after| u32::try_from(after).ok()) {
                Some(after) if after >= 1 => Some(after),
                _ => {
                    checker.error(
                        Code::EscalationAfter,
                        &join(&step_path, "after"),
                        format!(
                            "`after` must be a whole number >= 1, found {}",
                            match value {
                                Value::Number(number) => format!("`{number}`"),
                                other => kind_of(other).to_owned(),
                            }
                        ),
                        "counters start at 1: `after: 1` means the first violation",
                    );
                    None
                }
            },
        };
        let level = checker.req_enum(step, &step_path, "level", LEVELS).map(level_of);
        match (after, level) {
            (Some(after), Some(level)) => {
                if let Some(&(previous_after, previous_level)) = steps.last() {
                    if after < previous_after {
                        checker.error(
                            Code::EscalationOrder,
                            &join(&step_path, "after"),
                            format!(
                                "escalation `after` values must not decrease: {after} comes after {previous_after}"
                            ),
                            "list the steps in ascending `after` order",
                        );
                        ok = false;
                    } else if level < previous_level {
                        checker.error(
                            Code::EscalationOrder,
                            &join(&step_path, "level"),
                            format!(
                                "escalation levels must not decrease: `{}` comes after `{}`",
                                level.name(),
                                previous_level.name()
                            ),
                            format!("order the levels {}", list(LEVELS)),
                        );
                        ok = false;
                    } else if after == previous_after {
                        checker.warning(
                            Code::EscalationRepeat,
                            &join(&step_path, "after"),
                            format!("`after: {after}` repeats the previous step; only `{}` applies", level.name()),
                            "remove the earlier step",
                        );
                    }
                }
                if let Some(default_level) = default_level.filter(|default_level| level < *default_level) {
                    checker.warning(
                        Code::EscalationBelowDefault,
                        &join(&step_path, "level"),
                        format!("`{}` is milder than default_level `{}`", level.name(), default_level.name()),
                        "escalation usually rises above the default level",
                    );
                }
                steps.push((after, level));
            }
            _ => ok = false,
        }
    }
    let mut escalation: Vec<(u32, Level)> = Vec::new();
    for (after, level) in steps {
        match escalation.last_mut() {
            Some(last) if last.0 == after => last.1 = last.1.max(level),
            _ => escalation.push((after, level)),
        }
    }
    Some((default_level?, escalation)).filter(|_| ok)
}

fn recovery(checker: &mut Checker<'_>, policy: &Mapping) -> Option<Recovery> {
    let Some(value) = Checker::get(policy, "recovery") else {
        checker.missing("policy", "recovery", "{ hint: \"what the agent should do instead\" }");
        return None;
    };
    let path = "policy.recovery";
    let map = checker.mapping(value, path, RECOVERY_KEYS)?;
    let hint = non_empty(checker, map, path, "hint", "\"Use Grep or Glob before writing code.\"");
    let suggested_tool = checker.opt_string(map, path, "suggested_tool");
    let suggested_action = checker.opt_string(map, path, "suggested_action");
    Some(Recovery { hint: hint?, suggested_tool, suggested_action })
}

fn rendering(checker: &mut Checker<'_>, map: &Mapping) -> Option<Templates> {
    let Some(value) = Checker::get(map, "rendering") else { return Some(Templates::default()) };
    let rendering = checker.mapping(value, "rendering", RENDERING_KEYS)?;
    let mut ok = true;
    let mut one = |checker: &mut Checker<'_>, key: &str, max: Option<usize>| -> Option<Vec<Piece>> {
        let path = join("rendering", key);
        let text = checker.opt_string(rendering, "rendering", key)?;
        let length = text.trim_end_matches('\n').chars().count();
        if let Some(max) = max.filter(|max| length > *max) {
            checker.error(
                Code::TooLong,
                &path,
                format!("`{key}` is {length} characters; the limit is {max}"),
                "shorten it",
            );
            ok = false;
        }
        if key == "nudge_template" && text.trim_end().contains('\n') {
            checker.error(
                Code::NudgeMultiline,
                &path,
                "`nudge_template` spans several lines; a nudge is one line",
                "put it on one line, or use `warning_template` for longer text",
            );
            ok = false;
        }
        match template::split(&text, TEMPLATE_VARS) {
            Ok(pieces) => Some(pieces),
            Err(unknown) => {
                for (name, _) in unknown {
                    let help = match closest(&name, TEMPLATE_VARS) {
                        Some(known) => format!("did you mean `{{{known}}}`? variables are {}", list(TEMPLATE_VARS)),
                        None => format!("variables are {}", list(TEMPLATE_VARS)),
                    };
                    checker.error(
                        Code::TemplateVariable,
                        &path,
                        format!("unknown template variable `{{{name}}}`"),
                        help,
                    );
                }
                ok = false;
                None
            }
        }
    };
    let nudge = one(checker, "nudge_template", Some(NUDGE_MAX));
    let warning = one(checker, "warning_template", Some(WARNING_MAX));
    let block_reason = one(checker, "block_reason", Some(BLOCK_REASON_MAX));
    let override_prompt = one(checker, "override_prompt", None);
    ok.then_some(Templates { nudge, warning, block_reason, override_prompt })
}

fn applies_to(checker: &mut Checker<'_>, map: &Mapping) -> (Vec<String>, Vec<String>, Vec<String>) {
    let Some(value) = Checker::get(map, "applies_to") else { return Default::default() };
    let Some(applies) = checker.mapping(value, "applies_to", APPLIES_TO_KEYS) else { return Default::default() };
    let tools = checker.opt_string_list(applies, "applies_to", "tools");
    let agents = checker.opt_string_list(applies, "applies_to", "agents");
    let profiles = checker.opt_string_list(applies, "applies_to", "profiles");
    for (index, profile) in profiles.iter().enumerate() {
        if !PROFILES.contains(&profile.as_str()) {
            checker.error(
                Code::UnknownValue,
                &item("applies_to.profiles", index),
                format!("unknown profile `{profile}`"),
                help_for(profile, PROFILES),
            );
        }
    }
    (tools, agents, profiles)
}

/// `metadata`; returns `legacy_tools` (tool names kept for older Claude Code versions).
fn metadata(checker: &mut Checker<'_>, map: &Mapping) -> Vec<String> {
    let Some(value) = Checker::get(map, "metadata") else { return Vec::new() };
    let Some(metadata) = checker.mapping(value, "metadata", METADATA_KEYS) else { return Vec::new() };
    checker.opt_string(metadata, "metadata", "author");
    checker.opt_string_list(metadata, "metadata", "tags");
    let legacy_tools = checker.opt_string_list(metadata, "metadata", "legacy_tools");
    if let Some(version) = checker.opt_string(metadata, "metadata", "version") {
        let core = version.split(['-', '+']).next().unwrap_or("");
        let parts: Vec<&str> = core.split('.').collect();
        let semver =
            parts.len() == 3 && parts.iter().all(|part| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit()));
        if !semver {
            checker.error(
                Code::Semver,
                "metadata.version",
                format!("version `{version}` is not semver"),
                "write MAJOR.MINOR.PATCH in quotes, e.g. `version: \"1.0.0\"`",
            );
        }
    }
    legacy_tools
}
