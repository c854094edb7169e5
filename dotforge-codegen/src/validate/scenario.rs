//! Validation of scenario files (`behaviors/<id>/tests/*.yaml`): a named list of steps, each an event with
//! expectations about the behavior. Checked at build time like behaviors, so a broken scenario fails the build.

use super::checker::{item, join, kind_of, Checker};
use crate::diagnostic::Code;
use crate::ir::{Event, Expect, RepositorySetup, Scenario, Step};
use crate::json::to_json;
use crate::schema::*;
use serde_yaml::{Mapping, Value};

/// A snake-case test name from a file name: `force-push.yaml` → `force_push` (keywords are escaped when emitted).
pub(super) fn test_name(file_stem: &str) -> String {
    let name: String =
        file_stem.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("scenario_{name}")
    } else {
        name
    }
}

/// Validates one scenario file of behavior `file` (relative path) into IR.
pub(super) fn scenario(checker: &mut Checker<'_>, file: &str, stem: &str) -> Option<Scenario> {
    let doc = checker.doc;
    let map = checker.mapping(&doc.value, "", SCENARIO_KEYS)?;
    let name = checker.req_string(map, "", "name", "\"escalates to a block\"");
    checker.opt_string(map, "", "description");
    let session = checker.opt_string(map, "", "session").unwrap_or_else(|| "scenario".to_owned());
    let profile = checker.opt_enum(map, "", "profile", PROFILES).unwrap_or("standard");
    let soft_block_deny = checker.opt_enum(map, "", "soft_block", SOFT_BLOCK_MODES) == Some("deny");
    let repository = match Checker::get(map, "repository") {
        None => Some(None),
        Some(value) => repository(checker, value, "repository").map(Some),
    };
    let items =
        checker.req_list(map, "", "steps", "[ { tool: Bash, tool_input: { command: ls }, expect: { level: pass } } ]");
    let mut steps = Vec::new();
    let mut ok = true;
    if let Some(items) = items {
        if items.is_empty() {
            checker.error(
                Code::ScenarioNoSteps,
                "steps",
                "a scenario needs at least one step",
                "add a step with an `expect`",
            );
            ok = false;
        }
        for (index, value) in items.iter().enumerate() {
            match step(checker, value, &item("steps", index), &session, profile) {
                Some(step) => steps.push(step),
                None => ok = false,
            }
        }
    }
    let name = name?;
    let repository = repository?;
    (ok && items.is_some()).then(|| Scenario {
        file: file.to_owned(),
        test_name: test_name(stem),
        name,
        soft_block_deny,
        repository,
        steps,
    })
}

/// A scenario's `repository`: `committed` and `files`, each a mapping of relative paths to their text.
fn repository(checker: &mut Checker<'_>, value: &Value, path: &str) -> Option<RepositorySetup> {
    let map = checker.mapping(value, path, REPOSITORY_KEYS)?;
    let committed = files(checker, map, path, "committed");
    let work_tree = files(checker, map, path, "files");
    Some(RepositorySetup { committed: committed?, files: work_tree? })
}

/// A mapping of paths (relative, inside the scratch project, not in `.git`) to the text of each file.
fn files(checker: &mut Checker<'_>, map: &Mapping, parent: &str, key: &str) -> Option<Vec<(String, String)>> {
    let path = join(parent, key);
    let Some(value) = Checker::get(map, key) else { return Some(Vec::new()) };
    let Value::Mapping(entries) = value else {
        checker.error(
            Code::ScenarioFiles,
            &path,
            format!("`{key}` must map paths to their text, found {}", kind_of(value)),
            "write e.g. `src/lib.rs: \"pub fn f() {}\"`",
        );
        return None;
    };
    let mut found = Vec::new();
    let mut ok = true;
    for (name, text) in entries {
        let (Value::String(name), Value::String(text)) = (name, text) else {
            checker.error(
                Code::ScenarioFiles,
                &path,
                format!("each entry of `{key}` is a path and its text, both strings"),
                "quote the path and the text",
            );
            ok = false;
            continue;
        };
        let inside = !name.is_empty()
            && !name.starts_with('/')
            && !name.split('/').any(|part| part == ".." || part == ".git" || part.is_empty());
        if !inside {
            checker.error(
                Code::ScenarioFiles,
                &join(&path, name),
                format!("`{name}` is not a path inside the scratch project"),
                "use a relative path without `..`, `.git` or empty parts, e.g. `src/lib.rs`",
            );
            ok = false;
            continue;
        }
        found.push((name.clone(), text.clone()));
    }
    ok.then_some(found)
}

fn step(checker: &mut Checker<'_>, value: &Value, path: &str, session: &str, profile: &str) -> Option<Step> {
    let map = checker.mapping(value, path, STEP_KEYS)?;
    let line = checker.doc.locator.value(path).map_or(1, |span| span.line as u32);
    let event = match Checker::get(map, "event") {
        None => Some(Event::PreToolUse),
        Some(value) => checker.enum_value(value, &join(path, "event"), "event", EVENTS).and_then(Event::parse),
    };
    let mut ok = true;
    let tool = checker.opt_string(map, path, "tool");
    let prompt = checker.opt_string(map, path, "prompt");
    let stop_hook_active = checker.opt_bool(map, path, "stop_hook_active").unwrap_or(false);
    let user_allows = checker.opt_enum(map, path, "user", USER_ANSWERS).map(|answer| answer == "allow");
    let tool_input = match Checker::get(map, "tool_input") {
        None => "{}".to_owned(),
        Some(value) => match to_json(value) {
            Ok(json) => json,
            Err(problem) => {
                checker.error(
                    Code::ScenarioToolInput,
                    &join(path, "tool_input"),
                    format!("`tool_input` cannot be sent as JSON: {problem}"),
                    "use plain strings, numbers, booleans, lists and mappings",
                );
                ok = false;
                String::new()
            }
        },
    };
    if let Some(event) = event {
        if event.has_tool() && tool.is_none() {
            checker.missing(path, "tool", "Bash");
            ok = false;
        }
        for (key, present, allowed) in [
            ("tool", tool.is_some(), event.has_tool()),
            ("tool_input", Checker::get(map, "tool_input").is_some(), event.has_tool()),
            ("prompt", prompt.is_some(), event == Event::UserPromptSubmit),
            ("stop_hook_active", Checker::get(map, "stop_hook_active").is_some(), event == Event::Stop),
            ("user", Checker::get(map, "user").is_some(), event == Event::PreToolUse),
        ] {
            if present && !allowed {
                checker.error(
                    Code::KeyNotForEvent,
                    &join(path, key),
                    format!("`{key}` does not apply to {} events", event.name()),
                    format!("remove `{key}` or change `event`"),
                );
                ok = false;
            }
        }
    }
    let session = checker.opt_string(map, path, "session").unwrap_or_else(|| session.to_owned());
    let profile = checker.opt_enum(map, path, "profile", PROFILES).unwrap_or(profile).to_owned();
    let agent = checker.opt_string(map, path, "agent");
    let written = files(checker, map, path, "files");
    let expect = match Checker::get(map, "expect") {
        None => Some(Expect::default()),
        Some(value) => expect(checker, value, &join(path, "expect")),
    };
    (ok).then_some(())?;
    Some(Step {
        line,
        event: event?,
        tool: tool.unwrap_or_default(),
        tool_input,
        prompt,
        session,
        profile,
        agent,
        stop_hook_active,
        user_allows,
        files: written?,
        expect: expect?,
    })
}

fn texts(checker: &mut Checker<'_>, map: &Mapping, parent: &str, key: &str) -> Option<Vec<String>> {
    let path = join(parent, key);
    match Checker::get(map, key) {
        None => Some(Vec::new()),
        Some(Value::String(text)) => Some(vec![text.clone()]),
        Some(Value::Sequence(items)) => {
            let mut all = Vec::new();
            for (index, value) in items.iter().enumerate() {
                all.push(checker.string_value(value, &item(&path, index))?);
            }
            Some(all)
        }
        Some(other) => {
            checker.error(
                Code::WrongType,
                &path,
                format!("`{key}` must be a string or a list of strings, found {}", kind_of(other)),
                "write `text` or `[a, b]`",
            );
            None
        }
    }
}

fn expect(checker: &mut Checker<'_>, value: &Value, path: &str) -> Option<Expect> {
    let map = checker.mapping(value, path, EXPECT_KEYS)?;
    let level = checker.opt_enum(map, path, "level", EXPECT_LEVELS).map(str::to_owned);
    let level_ok = Checker::get(map, "level").is_none() || level.is_some();
    let counter = match Checker::get(map, "counter") {
        None => Some(None),
        Some(value) => match value.as_u64().and_then(|counter| u32::try_from(counter).ok()) {
            Some(counter) => Some(Some(counter)),
            None => {
                checker.error(
                    Code::WrongType,
                    &join(path, "counter"),
                    format!("`counter` must be a whole number, found {}", kind_of(value)),
                    "write e.g. `counter: 2`",
                );
                None
            }
        },
    };
    let decision = checker.opt_enum(map, path, "decision", DECISIONS).map(str::to_owned);
    let decision_ok = Checker::get(map, "decision").is_none() || decision.is_some();
    let message_contains = texts(checker, map, path, "message_contains");
    let flags_present = texts(checker, map, path, "flag_present");
    let flags_absent = texts(checker, map, path, "flag_absent");
    let overrides = match Checker::get(map, "overrides") {
        None => Some(None),
        Some(value) => match value.as_u64().and_then(|count| u32::try_from(count).ok()) {
            Some(count) => Some(Some(count)),
            None => {
                checker.error(
                    Code::WrongType,
                    &join(path, "overrides"),
                    format!("`overrides` must be a whole number, found {}", kind_of(value)),
                    "write e.g. `overrides: 1`",
                );
                None
            }
        },
    };
    (level_ok && decision_ok).then_some(())?;
    Some(Expect {
        level,
        counter: counter?,
        decision,
        message_contains: message_contains?,
        flags_present: flags_present?,
        flags_absent: flags_absent?,
        overrides: overrides?,
    })
}
