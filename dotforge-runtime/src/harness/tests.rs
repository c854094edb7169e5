//! Round trips through each CLI's record: a payload in the CLI's words comes out in the catalog's (its event, its
//! tool, its arguments, the paths it names) and is told apart from the others' without `--harness`; the catalog's
//! events and tools go back into the CLI's names for `install`; and every decision is printed with only the fields
//! that CLI accepts.

use super::{canonical, render, Harness};
use crate::model::{Event, Level, PathRole};
use crate::output::{Block, Decision};
use crate::payload::Payload;
use serde_json::{json, Value};

fn payload(value: Value) -> Payload {
    Payload::parse(value.to_string().as_bytes()).expect("a payload")
}

#[test]
fn every_record_is_its_harness_and_its_name_parses_back() {
    for harness in Harness::ALL {
        let dialect = harness.dialect();
        assert_eq!(dialect.harness, harness, "{}: the record of another harness", dialect.title);
        assert_eq!(Harness::parse(dialect.name), Some(harness));
        assert!(!dialect.title.is_empty());
    }
    let names = Harness::names();
    assert!(names.iter().enumerate().all(|(at, name)| !names[..at].contains(name)), "names are unique: {names:?}");
}

#[test]
fn events_go_into_each_cli_and_come_back_as_the_catalogs() {
    for harness in Harness::ALL {
        let dialect = harness.dialect();
        for event in Event::TRIGGER_EVENTS.iter().copied().chain([Event::PostToolUseFailure]) {
            match dialect.event_name(event) {
                Some(native) => assert_eq!(dialect.event(native), Some(event), "{}: {native}", dialect.title),
                None => assert!(dialect.missing_events.contains(&event), "{}: {event:?}", dialect.title),
            }
        }
    }
}

/// A payload of `harness` for a call of its tool `native` with `input`.
fn tool_call(harness: Harness, native: &str, input: Value) -> Payload {
    let dialect = harness.dialect();
    let event = dialect.event_name(Event::PreToolUse).expect("every CLI has a PreToolUse");
    let mut value = json!({"hook_event_name": event, "session_id": "s", "cwd": "/p", "tool_name": native,
        "tool_input": input});
    for detection in dialect.detected_by {
        if let super::Detection::PayloadMember(member) = detection {
            value[*member] = json!("x");
        }
    }
    payload(value)
}

/// The hook's environment inside `harness`: the variables its record tells it by are set.
fn inside(harness: Harness) -> impl Fn(&str) -> bool {
    move |name: &str| {
        harness
            .dialect()
            .detected_by
            .iter()
            .any(|detection| matches!(detection, super::Detection::Environment { variable, .. } if *variable == name))
    }
}

#[test]
fn every_tool_of_every_record_reads_as_the_catalogs_with_its_paths() {
    for harness in Harness::ALL {
        let dialect = harness.dialect();
        for tool in dialect.tools {
            // An input naming a path under each of the CLI's own keys, and a list under list keys.
            let mut input = serde_json::Map::new();
            for (from, _) in tool.keys {
                input.insert((*from).to_owned(), json!(format!("{from}-value")));
            }
            for (key, _) in tool.paths {
                let native = tool.keys.iter().find(|(_, to)| to == key).map_or(*key, |(from, _)| *from);
                input.entry(native.to_owned()).or_insert_with(|| json!(format!("{key}-value")));
            }
            let input = Value::Object(input);
            let sent = tool_call(harness, tool.native, input.clone());
            let told = Harness::detect(&sent, None, &inside(harness));
            // Told apart, or named and shaped as Claude Code's own tool (Droid's `Read`) and read the same.
            let as_read = |by: Harness| {
                let read = canonical(by, tool_call(harness, tool.native, input.clone()));
                (read.paths().to_vec(), json!(read.into_object()))
            };
            let read_alike = told == Harness::ClaudeCode && as_read(told) == as_read(harness);
            let explicit_only = dialect.detected_by.is_empty();
            assert!(
                told == harness || read_alike || explicit_only,
                "{}: {} is told apart (told {told:?})",
                dialect.title,
                tool.native
            );
            let read = canonical(harness, sent);
            if tool.native == "apply_patch" || tool.native == "ApplyPatch" {
                continue; // read from its patch (codex.rs tests it)
            }
            assert_eq!(read.event(), Some(Event::PreToolUse), "{}: {}", dialect.title, tool.native);
            assert_eq!(read.tool_name(), tool.catalog, "{}: {}", dialect.title, tool.native);
            for (from, to) in tool.keys {
                assert_eq!(
                    read.tool_input()[*to],
                    json!(format!("{from}-value")),
                    "{}: {}.{from}",
                    dialect.title,
                    tool.native
                );
            }
            let roles: Vec<PathRole> = read.paths().iter().map(|(_, role)| *role).collect();
            let expected: Vec<PathRole> = tool.paths.iter().map(|(_, role)| *role).collect();
            assert_eq!(roles, expected, "{}: the paths of {}", dialect.title, tool.native);
        }
    }
}

/// The fields each CLI accepts in a hook's output, by event (measured in its real-client tier; Kilo Code's are what
/// the plugin `install` writes reads).
fn accepted(harness: Harness, event: Event) -> (&'static [&'static str], &'static [&'static str]) {
    const CLAUDE_PRE: &[&str] =
        &["hookEventName", "additionalContext", "permissionDecision", "permissionDecisionReason", "override_allowed"];
    const PRE: &[&str] = &["hookEventName", "additionalContext", "permissionDecision", "permissionDecisionReason"];
    match (harness, event) {
        (Harness::Gemini, _) => {
            (&["decision", "reason", "systemMessage", "hookSpecificOutput"], &["additionalContext"])
        }
        (Harness::ClaudeCode, Event::PreToolUse) => (&["systemMessage", "hookSpecificOutput"], CLAUDE_PRE),
        (Harness::Copilot, Event::PreToolUse) => (&["hookSpecificOutput"], PRE),
        (Harness::Copilot, _) => (&["decision", "reason", "additionalContext", "modifiedResult"], &[]),
        (Harness::Kilo, Event::PreToolUse) => (&["hookSpecificOutput"], PRE),
        (Harness::Kilo, _) => (
            &["decision", "reason", "hookSpecificOutput"],
            &["hookEventName", "additionalContext", "updatedToolOutput"],
        ),
        (_, Event::PreToolUse) => (&["systemMessage", "hookSpecificOutput"], PRE),
        _ => (&["decision", "reason", "systemMessage", "hookSpecificOutput"], &["hookEventName", "additionalContext"]),
    }
}

#[test]
fn every_decision_is_printed_with_only_the_fields_its_cli_accepts() {
    let decisions = || {
        let block = |level, ask_user| Decision {
            messages: Vec::new(),
            block: Some(Block { level, message: "why".to_owned(), ask_user }),
            screened: None,
        };
        [
            Decision { messages: vec!["nudge".to_owned()], block: None, screened: None },
            block(Level::SoftBlock, true),
            block(Level::SoftBlock, false),
            block(Level::HardBlock, false),
        ]
    };
    for harness in Harness::ALL {
        let events = Event::TRIGGER_EVENTS.iter().copied();
        for event in events.filter(|event| !harness.dialect().missing_events.contains(event)) {
            let (top, specific) = accepted(harness, event);
            // The engine asks only where the CLI can ask.
            let possible = decisions().into_iter().filter(|decision| {
                harness.can_ask_the_person() || !decision.block.as_ref().is_some_and(|block| block.ask_user)
            });
            for decision in possible {
                let fields = &harness.dialect().fields;
                let carries_messages = fields.system_message
                    || fields.context_on.contains(&event)
                    || fields.top_context_on.contains(&event)
                    || harness == Harness::Gemini;
                let rendered = render(harness, event, &decision);
                if decision.block.is_none() && !carries_messages {
                    assert!(rendered.is_none(), "{harness:?} {event:?}: nothing carries a message there");
                    continue;
                }
                let Some(Value::Object(printed)) = rendered else { panic!("{harness:?} {event:?}: an object") };
                for (key, value) in &printed {
                    assert!(top.contains(&key.as_str()), "{harness:?} {event:?}: `{key}` is not accepted");
                    if let Value::Object(inner) = value {
                        for key in inner.keys() {
                            assert!(specific.contains(&key.as_str()), "{harness:?} {event:?}: `{key}` inside");
                        }
                    }
                }
                let asks = printed.get("hookSpecificOutput").and_then(|inner| inner.get("permissionDecision"))
                    == Some(&json!("ask"));
                assert!(!asks || harness.can_ask_the_person(), "{harness:?} cannot ask, yet was asked to");
            }
            assert!(render(harness, event, &Decision { messages: Vec::new(), block: None, screened: None }).is_none());
        }
    }
    let codex_hard = render(Harness::Codex, Event::PreToolUse, &decisions()[3]).expect("printed");
    assert!(codex_hard["hookSpecificOutput"].get("override_allowed").is_none(), "Codex refuses this field");
}

/// A Gemini CLI payload as the hook reads it (the adapter, then MCP tools).
fn gemini(value: Value) -> Value {
    json!(canonical(Harness::Gemini, payload(value)).into_object())
}

#[test]
fn gemini_events_tools_and_arguments_read_in_the_catalogs_words() {
    let shell = gemini(json!({"hook_event_name": "BeforeTool", "cwd": "/p", "tool_name": "run_shell_command",
        "tool_input": {"command": "git push -f", "description": "push", "dir_path": "sub"}}));
    assert_eq!(shell["hook_event_name"], "PreToolUse");
    assert_eq!(shell["tool_name"], "Bash");
    assert_eq!(shell["tool_input"]["command"], "git push -f");
    assert_eq!(shell["cwd"], "/p/sub");
    let edit = gemini(json!({"hook_event_name": "AfterTool", "tool_name": "replace",
        "tool_input": {"file_path": ".env", "old_string": "a", "new_string": "b", "instruction": "x"}}));
    assert_eq!((edit["hook_event_name"].as_str(), edit["tool_name"].as_str()), (Some("PostToolUse"), Some("Edit")));
    assert_eq!(edit["tool_input"]["new_string"], "b");
    let many = canonical(
        Harness::Gemini,
        payload(json!({"hook_event_name": "BeforeTool", "tool_name": "read_many_files",
        "tool_input": {"include": ["a.txt", ".env"]}})),
    );
    assert_eq!(many.tool_input()["file_path"], "a.txt");
    assert_eq!(many.paths(), [("a.txt".to_owned(), PathRole::Read), (".env".to_owned(), PathRole::Read)]);
    let prompt = gemini(json!({"hook_event_name": "BeforeAgent", "prompt": "hi"}));
    assert_eq!(prompt["hook_event_name"], "UserPromptSubmit");
    let other = gemini(json!({"hook_event_name": "BeforeTool", "tool_name": "mcp_srv_do", "tool_input": {"x": 1}}));
    // An MCP tool the table does not know: its name in the catalog's words, its arguments as they are.
    assert_eq!((other["tool_name"].as_str(), other["tool_input"]["x"].as_i64()), (Some("mcp__srv__do"), Some(1)));
}

/// Whether the path glob `glob` covers the path `path` (both written with `{project_dir}` or `~` in front): component
/// by component, `**` spanning any number of them.
fn covers(glob: &str, path: &str) -> bool {
    let glob: Vec<&str> = glob.split('/').collect();
    let path: Vec<String> = path.split('/').map(str::to_owned).collect();
    dotforge_shell::pattern::star_match(
        &glob,
        &path,
        |part| *part == "**",
        |part, component| dotforge_shell::pattern::glob_matches(part, component),
    )
}

#[test]
fn self_protection_guards_every_clis_hook_settings_and_the_files_that_switch_its_hooks_off() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../behaviors/self-protection/behavior.yaml");
    let yaml = std::fs::read_to_string(&file).expect("the curated self-protection behavior");
    // The globs the file tools may not write (the same list guards the shell and MCP tools).
    let line = yaml.lines().find(|line| line.contains("value: \"{forge_root}/**")).expect("the guarded list");
    let globs: Vec<&str> = line.split('"').nth(1).expect("a quoted list").split_whitespace().collect();
    for harness in Harness::ALL {
        let settings = &harness.dialect().settings;
        let mut guarded = vec![format!("{{project_dir}}/{}", settings.project), format!("~/{}", settings.user)];
        for other in settings.switch_files {
            guarded.push(match other.strip_prefix("~/") {
                Some(_) => (*other).to_owned(),
                None => format!("{{project_dir}}/{other}"),
            });
        }
        for path in guarded {
            assert!(
                globs.iter().any(|glob| covers(glob, &path)),
                "{}: self-protection does not guard {path}",
                harness.dialect().title
            );
        }
    }
}
