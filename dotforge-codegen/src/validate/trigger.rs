//! Validation of `policy.triggers[]` and their conditions: the closed DSL of SCHEMA §3, action/flag rules of §3.5,
//! matcher and regex compilation.

use super::checker::{item, join, kind_of, Checker};
use crate::command_pattern::{parse_command_pattern, parse_path_globs};
use crate::diagnostic::Code;
use crate::ir::{Action, Compare, Condition, Event, Logic, Matcher, PathAccess, Test, Trigger};
use crate::matcher::classify;
use crate::schema::*;
use crate::suggest::list;
use serde_yaml::{Mapping, Value};

/// Validates one trigger at `path`.
pub(super) fn trigger(checker: &mut Checker<'_>, value: &Value, path: &str) -> Option<Trigger> {
    let map = checker.mapping(value, path, TRIGGER_KEYS)?;
    let event = checker.req_enum(map, path, "event", EVENTS).and_then(Event::parse);
    let matcher = matcher(checker, map, path, event);
    let conditions = match &matcher {
        Some((_, matcher)) => conditions(checker, map, path, event, matcher),
        None => conditions(checker, map, path, event, &Matcher::Any),
    };
    let logic = match checker.opt_enum(map, path, "logic", LOGICS) {
        Some("any") => Logic::Any,
        _ => Logic::All,
    };
    let action = action(checker, map, path);
    let (matcher_text, matcher) = matcher?;
    Some(Trigger { event: event?, matcher_text, matcher, conditions: conditions?, logic, action: action? })
}

fn matcher(checker: &mut Checker<'_>, map: &Mapping, path: &str, event: Option<Event>) -> Option<(String, Matcher)> {
    let field = join(path, "matcher");
    let text = match Checker::get(map, "matcher") {
        None if event.is_some_and(Event::has_tool) => {
            checker.missing(path, "matcher", "\"Write|Edit\"");
            return None;
        }
        None => return Some((String::new(), Matcher::Any)),
        Some(value) => checker.string_value(value, &field)?,
    };
    if let Some(event) = event.filter(|event| !event.has_tool()) {
        if classify(&text) != Matcher::Any {
            checker.warning(
                Code::KeyNotForEvent,
                &field,
                format!("`matcher` has no effect on {} triggers", event.name()),
                "remove it; these events carry no tool name",
            );
        }
        return Some((text, Matcher::Any));
    }
    let matcher = classify(&text);
    // An MCP tool's name always has its server and its tool: `mcp__<server>__<tool>`.
    for name in text.split(['|', ',']).map(str::trim).filter(|name| name.starts_with("mcp__")) {
        let rest = &name["mcp__".len()..];
        let parts = rest.split_once("__").filter(|(server, tool)| !server.is_empty() && !tool.is_empty());
        if parts.is_none() && !rest.starts_with(".*") && !rest.starts_with('*') {
            checker.warning(
                Code::McpToolName,
                &field,
                format!("`{name}` can never match: MCP tools are named `mcp__<server>__<tool>`"),
                format!("for this tool on any server write `mcp__*__{rest}`"),
            );
        }
    }
    if let Matcher::Regex(pattern) = &matcher {
        if let Err(error) = regex::Regex::new(pattern) {
            checker.error(
                Code::Regex,
                &field,
                format!("matcher regex `{pattern}` does not compile"),
                regex_help(pattern, &error),
            );
            return None;
        }
    }
    Some((text, matcher))
}

fn conditions(
    checker: &mut Checker<'_>,
    map: &Mapping,
    path: &str,
    event: Option<Event>,
    matcher: &Matcher,
) -> Option<Vec<Condition>> {
    let list_path = join(path, "conditions");
    let items = match Checker::get(map, "conditions") {
        None => return Some(Vec::new()),
        Some(Value::Sequence(items)) => items,
        Some(other) => {
            checker.error(
                Code::WrongType,
                &list_path,
                format!("`{list_path}` must be a list, found {}", kind_of(other)),
                "write one `- field: …` entry per condition",
            );
            return None;
        }
    };
    let mut conditions = Vec::new();
    let mut ok = true;
    for (index, value) in items.iter().enumerate() {
        match condition(checker, value, &item(&list_path, index), event, matcher) {
            Some(condition) => conditions.push(condition),
            None => ok = false,
        }
    }
    ok.then_some(conditions)
}

fn condition(
    checker: &mut Checker<'_>,
    value: &Value,
    path: &str,
    event: Option<Event>,
    matcher: &Matcher,
) -> Option<Condition> {
    let map = checker.mapping(value, path, CONDITION_KEYS)?;
    let field = checker.req_enum(map, path, "field", FIELDS);
    let operator = checker.req_enum(map, path, "operator", OPERATORS);
    let (field, operator) = (field?, operator?);
    let value_path = join(path, "value");
    let raw = Checker::get(map, "value");
    if let Some(event) = event {
        field_availability(checker, &join(path, "field"), field, event, matcher);
    }
    if EXTENSION_OPERATORS.contains(&operator) {
        return extension_condition(checker, path, field, operator, raw);
    }
    if field == PATHS_FIELD {
        checker.error(
            Code::OperatorField,
            &join(path, "operator"),
            format!("`{PATHS_FIELD}` is every path a call names, tested with `reads` or `writes`, not `{operator}`"),
            "use `operator: writes` (paths written or deleted) or `operator: reads`".to_owned(),
        );
        return None;
    }
    if EXISTENCE_OPERATORS.contains(&operator) {
        let exists = operator == "exists";
        let test = if field == COUNTER_FIELD { Test::CounterExists(exists) } else { Test::Exists(exists) };
        return Some(Condition { field: field.to_owned(), operator: operator.to_owned(), test });
    }
    let Some(raw) = raw else {
        checker.missing(path, "value", if field == COUNTER_FIELD { "3" } else { "'text'" });
        return None;
    };
    let test = if field == COUNTER_FIELD {
        if !NUMERIC_OPERATORS.contains(&operator) {
            checker.error(
                Code::OperatorField,
                &join(path, "operator"),
                format!("`{operator}` is a string operator but `counter` is a number"),
                format!("use one of {} with `counter`", list(NUMERIC_OPERATORS)),
            );
            return None;
        }
        let Some(number) = raw.as_u64() else {
            checker.error(
                Code::ValueType,
                &value_path,
                format!("`{operator}` on `counter` needs a whole number, found {}", describe(raw)),
                "write a non-negative integer without quotes, e.g. `value: 3`",
            );
            return None;
        };
        let compare = match operator {
            "gt" => Compare::Gt,
            "lt" => Compare::Lt,
            "gte" => Compare::Gte,
            "lte" => Compare::Lte,
            _ => Compare::Eq,
        };
        Test::Counter(compare, number)
    } else {
        if !STRING_OPERATORS.contains(&operator) {
            checker.error(
                Code::OperatorField,
                &join(path, "operator"),
                format!("`{operator}` is a numeric operator; it needs the `counter` field, not `{field}`"),
                format!("use one of {} with `{field}`", list(STRING_OPERATORS)),
            );
            return None;
        }
        let Value::String(text) = raw else {
            checker.error(
                Code::ValueType,
                &value_path,
                format!("`{operator}` on `{field}` needs a string value, found {}", describe(raw)),
                "put the value in quotes",
            );
            return None;
        };
        match operator {
            "regex_match" => {
                if let Err(error) = regex::Regex::new(text) {
                    checker.error(
                        Code::Regex,
                        &value_path,
                        format!("regex `{text}` does not compile"),
                        regex_help(text, &error),
                    );
                    return None;
                }
                Test::Regex(text.clone())
            }
            "contains" => Test::Contains(text.clone()),
            "not_contains" => Test::NotContains(text.clone()),
            "equals" => Test::Equals(text.clone()),
            "starts_with" => Test::StartsWith(text.clone()),
            _ => Test::EndsWith(text.clone()),
        }
    };
    Some(Condition { field: field.to_owned(), operator: operator.to_owned(), test })
}

/// `runs`, `writes`, `reads` and `loses_work`: the DSL extension for commands understood as commands and for paths.
fn extension_condition(
    checker: &mut Checker<'_>,
    path: &str,
    field: &str,
    operator: &str,
    raw: Option<&Value>,
) -> Option<Condition> {
    let fields: &[&str] = match operator {
        "runs" => &["command"],
        "loses_work" => LOSES_WORK_FIELDS,
        _ => PATH_FIELDS,
    };
    if !fields.contains(&field) {
        checker.error(
            Code::OperatorField,
            &join(path, "field"),
            format!("`{operator}` applies to {}, not `{field}`", list(fields)),
            if operator == "runs" {
                "match `command` with a command pattern, e.g. `value: \"git push -f|--force\"`".to_owned()
            } else if operator == "loses_work" {
                "use `command` (what a Bash command destroys) or `paths` (what a file tool deletes); a file tool's \
                 write is an edit, not a loss"
                    .to_owned()
            } else {
                "use `command` (what a Bash command reads or writes) or a path field".to_owned()
            },
        );
        return None;
    }
    let value_path = join(path, "value");
    let Some(raw) = raw else {
        checker.missing(
            path,
            "value",
            if operator == "runs" { "\"git push -f|--force\"" } else { "\"{forge_root}/**\"" },
        );
        return None;
    };
    let Value::String(text) = raw else {
        checker.error(
            Code::ValueType,
            &value_path,
            format!("`{operator}` needs a string value, found {}", describe(raw)),
            "put the value in quotes",
        );
        return None;
    };
    let test = if operator == "runs" {
        match parse_command_pattern(text) {
            Ok(pattern) => Test::Runs { text: text.clone(), pattern },
            Err((message, help)) => {
                checker.error(Code::CommandPattern, &value_path, message, help);
                return None;
            }
        }
    } else {
        match parse_path_globs(text) {
            Ok((include, exclude)) => {
                let access = match operator {
                    "writes" => PathAccess::Writes,
                    "loses_work" => PathAccess::LosesWork,
                    _ => PathAccess::Reads,
                };
                Test::Paths { access, text: text.clone(), include, exclude }
            }
            Err((message, help)) => {
                checker.error(Code::PathGlob, &value_path, message, help);
                return None;
            }
        }
    };
    Some(Condition { field: field.to_owned(), operator: operator.to_owned(), test })
}

fn describe(value: &Value) -> String {
    match value {
        Value::String(text) => format!("the string `{text}`"),
        Value::Number(number) => format!("`{number}`"),
        other => kind_of(other).to_owned(),
    }
}

/// Warns when a tool_input field can never be present for the tools or event the trigger is restricted to.
fn field_availability(checker: &mut Checker<'_>, path: &str, field: &str, event: Event, matcher: &Matcher) {
    if field == COUNTER_FIELD {
        return;
    }
    if !event.has_tool() {
        if !(event == Event::UserPromptSubmit && field == "prompt") {
            checker.warning(
                Code::FieldNeverSet,
                path,
                format!("`{field}` is always empty on {} events", event.name()),
                "on UserPromptSubmit only `prompt` and `counter` carry values",
            );
        }
        return;
    }
    let Matcher::Names(names) = matcher else { return };
    let known = |tool: &str| TOOL_INPUT_FIELDS.iter().any(|(_, tools)| tools.contains(&tool));
    let provides = TOOL_INPUT_FIELDS.iter().find(|(name, _)| *name == field).map_or(&[][..], |(_, tools)| *tools);
    if names.iter().all(|tool| known(tool) && !provides.contains(&tool.as_str())) {
        checker.warning(
            Code::FieldNeverSet,
            path,
            format!("`{field}` is never set by {}", list(&names.iter().map(String::as_str).collect::<Vec<_>>())),
            format!("`{field}` comes from {}", list(provides)),
        );
    }
}

fn action(checker: &mut Checker<'_>, map: &Mapping, path: &str) -> Option<Action> {
    let action = match Checker::get(map, "action") {
        None => "evaluate",
        Some(value) => checker.enum_value(value, &join(path, "action"), "action", ACTIONS)?,
    };
    let flag = flag(checker, map, path, action);
    let on_present = Checker::get(map, "on_present");
    let on_absent = Checker::get(map, "on_absent");
    if action != "check_flag" {
        for key in ["on_present", "on_absent"].into_iter().filter(|key| Checker::get(map, key).is_some()) {
            checker.error(
                Code::FlagMisplaced,
                &join(path, key),
                format!("`{key}` only applies to `action: check_flag`, this trigger is `{action}`"),
                format!("remove `{key}` or set `action: check_flag`"),
            );
        }
    }
    match action {
        "evaluate" => {
            if Checker::get(map, "flag").is_some() {
                checker.error(
                    Code::FlagMisplaced,
                    &join(path, "flag"),
                    "`flag` has no effect on an `evaluate` trigger",
                    "set `action: set_flag` or `action: check_flag`, or remove `flag`",
                );
                return None;
            }
            (on_present.is_none() && on_absent.is_none()).then_some(Action::Evaluate)
        }
        "set_flag" => {
            let flag = flag?;
            (on_present.is_none() && on_absent.is_none()).then_some(Action::SetFlag(flag))
        }
        _ => {
            let consume = checker.req_enum(map, path, "on_present", ON_PRESENT).map(|value| value == "consume");
            let violate = checker.req_enum(map, path, "on_absent", ON_ABSENT).map(|value| value == "violate");
            Some(Action::CheckFlag { flag: flag?, consume: consume?, violate: violate? })
        }
    }
}

fn flag(checker: &mut Checker<'_>, map: &Mapping, path: &str, action: &str) -> Option<String> {
    if action == "evaluate" {
        return None;
    }
    let flag = checker.req_string(map, path, "flag", "search_context_ready")?;
    let valid = flag.starts_with(|c: char| c.is_ascii_lowercase())
        && flag.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_')
        && !flag.ends_with(['-', '_']);
    if !valid {
        checker.error(
            Code::FlagName,
            &join(path, "flag"),
            format!("flag name `{flag}` is not kebab-case or snake_case"),
            "use lowercase letters, digits and `-` or `_`, starting with a letter, e.g. `search_context_ready`",
        );
        return None;
    }
    Some(flag)
}

/// A help line for a regex that does not compile, naming unsupported features plainly.
pub(super) fn regex_help(pattern: &str, error: &regex::Error) -> String {
    let lookaround = ["(?=", "(?!", "(?<=", "(?<!"].iter().any(|marker| pattern.contains(marker));
    let backreference =
        pattern.as_bytes().windows(2).any(|pair| pair[0] == b'\\' && pair[1].is_ascii_digit() && pair[1] != b'0');
    if lookaround {
        "look-around (`(?=`, `(?!`, `(?<=`, `(?<!`) is not supported by the regex crate, which guarantees linear-time \
         matching; match the text itself, or split the check into two conditions with `not_contains`"
            .to_owned()
    } else if backreference {
        "backreferences (`\\1`) are not supported by the regex crate; repeat the group's pattern instead".to_owned()
    } else {
        let detail = error.to_string();
        let last = detail.lines().rfind(|line| !line.trim().is_empty()).unwrap_or("").trim().to_owned();
        format!("the regex crate says: {}", last.trim_start_matches("error: "))
    }
}
