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
    if let super::Detection::PayloadMember(member) = dialect.detected_by {
        value[member] = json!("x");
    }
    payload(value)
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
            let sent = tool_call(harness, tool.native, Value::Object(input));
            assert_eq!(Harness::detect(&sent, None), harness, "{}: {} is told apart", dialect.title, tool.native);
            let read = canonical(harness, sent);
            if tool.native == "apply_patch" {
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

/// The fields each CLI accepts in a hook's output, by event (measured in its real-client tier).
fn accepted(harness: Harness, event: Event) -> (&'static [&'static str], &'static [&'static str]) {
    match (harness, event) {
        (Harness::Gemini, _) => {
            (&["decision", "reason", "systemMessage", "hookSpecificOutput"], &["additionalContext"])
        }
        (_, Event::PreToolUse) => (
            &["systemMessage", "hookSpecificOutput"],
            &[
                "hookEventName",
                "additionalContext",
                "permissionDecision",
                "permissionDecisionReason",
                "override_allowed",
            ],
        ),
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
        for event in Event::TRIGGER_EVENTS.iter().copied() {
            let (top, specific) = accepted(harness, event);
            // The engine asks only where the CLI can ask.
            let possible = decisions().into_iter().filter(|decision| {
                harness.can_ask_the_person() || !decision.block.as_ref().is_some_and(|block| block.ask_user)
            });
            for decision in possible {
                let Some(Value::Object(printed)) = render(harness, event, &decision) else {
                    panic!("{harness:?} {event:?}: an object")
                };
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
