//! The hook's entries in a settings file's text: whether the entries `install` wrote are all there as written, which
//! of a CLI's switches that turn every hook off are on, and the text with only those entries put back (and a switch
//! the check must undo taken out) — every other member, and every entry of someone else's, kept byte for byte.

use crate::json_edit::{array_text, member, object_text, parse_array, parse_object, set_member, Members};
use serde_json::Value;

/// A settings file read as JSON: `None` when it cannot be (not JSON, or not an object).
pub(crate) fn parse(text: &str) -> Option<Value> {
    serde_json::from_str::<Value>(text).ok().filter(Value::is_object)
}

/// The events whose recorded entry is not in `settings` exactly as written (each event once, in record order).
pub(crate) fn missing(settings: &Value, recorded: &[(String, String)]) -> Vec<String> {
    let mut missing: Vec<String> = Vec::new();
    for (event, text) in recorded {
        let Ok(entry) = serde_json::from_str::<Value>(text) else { continue };
        let present = settings["hooks"][event].as_array().is_some_and(|items| items.contains(&entry));
        if !present && !missing.contains(event) {
            missing.push(event.clone());
        }
    }
    missing
}

/// The value of a switch (`disableAllHooks`, or a nested `hooks.hooksDisabled`) in `settings`.
fn switch_value<'v>(settings: &'v Value, switch: &str) -> Option<&'v Value> {
    switch.split('.').try_fold(settings, |value, key| value.get(key))
}

/// The switches of `switches` that are on (`true`) in `settings`.
pub(crate) fn switched_off(settings: &Value, switches: &[&'static str]) -> Vec<&'static str> {
    switches.iter().copied().filter(|switch| switch_value(settings, switch) == Some(&Value::Bool(true))).collect()
}

/// The entries of `settings` whose only hook runs a command that `is_this` says runs this binary, all of the first
/// such command found: the command and each entry's event and JSON text. How a registration made before `install`
/// kept a record (or in a clone, whose `runtime/` is not committed) is found.
pub(crate) fn discover(settings: &Value, is_this: &dyn Fn(&str) -> bool) -> Option<(String, Vec<(String, String)>)> {
    let events = settings["hooks"].as_object()?;
    let single_command = |entry: &Value| match entry["hooks"].as_array() {
        Some(hooks) if hooks.len() == 1 => hooks[0]["command"].as_str().map(str::to_owned),
        _ => None,
    };
    let command = events
        .values()
        .filter_map(Value::as_array)
        .flatten()
        .filter_map(single_command)
        .find(|command| is_this(command))?;
    let mut entries = Vec::new();
    for (event, items) in events {
        for entry in items.as_array().into_iter().flatten() {
            if single_command(entry).as_deref() == Some(command.as_str()) {
                entries.push((event.clone(), entry.to_string()));
            }
        }
    }
    Some((command, entries))
}

/// True for an entry (JSON text) whose only hook runs `command`: what `install` writes.
fn is_ours(entry: &str, command: &str) -> bool {
    let Ok(value) = serde_json::from_str::<Value>(entry) else { return false };
    value["hooks"].as_array().is_some_and(|hooks| hooks.len() == 1 && hooks[0]["command"] == command)
}

/// The settings text with the recorded entries put back: each event's entries that run `command` but differ from the
/// record's are dropped, the record's missing ones appended; the `switches` given are taken out. Every other member
/// and entry keeps its text. `original` is `None` for a missing file; one that is not a JSON object is replaced
/// (the caller keeps a copy).
pub(crate) fn restored(
    original: Option<&str>,
    recorded: &[(String, String)],
    command: &str,
    switches: &[&str],
) -> String {
    let (mut top, mut hooks) = match original.and_then(|text| Some((text, parse_object(text).ok()?))) {
        Some((_, top)) => {
            let hooks = top
                .iter()
                .find(|(key, _)| key == "hooks")
                .and_then(|(_, raw)| parse_object(raw).ok())
                .unwrap_or_default();
            (top, hooks)
        }
        None => (Members::new(), Members::new()),
    };
    for switch in switches {
        match switch.split_once('.') {
            Some(("hooks", key)) => hooks.retain(|(name, _)| name != key),
            _ => top.retain(|(name, _)| name != switch),
        }
    }
    let mut events: Vec<&str> = Vec::new();
    for (event, _) in recorded {
        if !events.contains(&event.as_str()) {
            events.push(event);
        }
    }
    for event in events {
        let wanted: Vec<&String> = recorded.iter().filter(|(name, _)| name == event).map(|(_, text)| text).collect();
        let wanted_values: Vec<Value> = wanted.iter().filter_map(|text| serde_json::from_str(text).ok()).collect();
        let mut items = member(&mut hooks, event).and_then(|raw| parse_array(raw).ok()).unwrap_or_default();
        let present =
            |item: &String| serde_json::from_str::<Value>(item).ok().is_some_and(|v| wanted_values.contains(&v));
        items.retain(|item| !is_ours(item, command) || present(item));
        for (text, value) in wanted.iter().zip(&wanted_values) {
            let there = items.iter().any(|item| serde_json::from_str::<Value>(item).ok().as_ref() == Some(value));
            if !there {
                items.push((*text).clone());
            }
        }
        set_member(&mut hooks, event, array_text(&items, 2));
    }
    set_member(&mut top, "hooks", object_text(&hooks, 1));
    let trailing = if original.is_none_or(|text| text.ends_with('\n')) { "\n" } else { "" };
    format!("{}{trailing}", object_text(&top, 0))
}

/// The settings text with `switches` taken out (a nested `hooks.<key>` out of `hooks`), every other member kept;
/// `None` when the text is not a JSON object.
pub(crate) fn without_switches(original: &str, switches: &[&str]) -> Option<String> {
    let mut top = parse_object(original).ok()?;
    for switch in switches {
        match switch.split_once('.') {
            Some((outer, key)) => {
                let Some(raw) = member(&mut top, outer) else { continue };
                let Ok(mut inner) = parse_object(raw) else { continue };
                inner.retain(|(name, _)| name != key);
                set_member(&mut top, outer, object_text(&inner, 1));
            }
            None => top.retain(|(name, _)| name != switch),
        }
    }
    let trailing = if original.ends_with('\n') { "\n" } else { "" };
    Some(format!("{}{trailing}", object_text(&top, 0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ENTRY: &str = "{\n      \"matcher\": \"Bash\",\n      \"hooks\": [\n        {\n          \"type\": \"command\",\n          \"command\": \"/hook\",\n          \"timeout\": 10\n        }\n      ]\n    }";

    fn recorded() -> Vec<(String, String)> {
        vec![("PreToolUse".to_owned(), ENTRY.to_owned()), ("Stop".to_owned(), ENTRY.replace("\"Bash\"", "\"\""))]
    }

    #[test]
    fn only_the_recorded_entries_are_put_back_and_the_rest_keeps_its_text() {
        let person = "{\n  \"model\": \"opus\",\n  \"permissions\": {\"allow\": [\"Bash(ls:*)\"]},\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./guard.sh\"}]}\n    ]\n  }\n}\n";
        let text = restored(Some(person), &recorded(), "/hook", &[]);
        let value = parse(&text).expect("JSON");
        assert!(missing(&value, &recorded()).is_empty(), "{text}");
        assert!(text.contains("\"permissions\": {\"allow\": [\"Bash(ls:*)\"]}"), "the person's text: {text}");
        assert!(
            text.contains("{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"./guard.sh\"}]}")
        );
        assert_eq!(value["hooks"]["PreToolUse"][0]["hooks"][0]["command"], "./guard.sh", "the person's entry first");
        assert_eq!(restored(Some(&text), &recorded(), "/hook", &[]), text, "nothing more to put back");
    }

    #[test]
    fn a_changed_entry_of_ours_is_replaced_and_an_empty_or_broken_file_gets_the_entries_alone() {
        let loosened = format!("{{\"hooks\":{{\"PreToolUse\":[{}]}}}}", ENTRY.replace("\"Bash\"", "\"Nothing\""));
        let value = parse(&loosened).expect("JSON");
        assert_eq!(missing(&value, &recorded()), ["PreToolUse", "Stop"]);
        let fixed = parse(&restored(Some(&loosened), &recorded(), "/hook", &[])).expect("JSON");
        assert_eq!(fixed["hooks"]["PreToolUse"].as_array().map(Vec::len), Some(1), "{fixed}");
        assert!(missing(&fixed, &recorded()).is_empty());
        for original in [None, Some("{}"), Some("not json"), Some("[1]")] {
            let text = restored(original, &recorded(), "/hook", &[]);
            assert!(missing(&parse(&text).expect("JSON"), &recorded()).is_empty(), "{original:?}: {text}");
        }
    }

    #[test]
    fn a_registration_without_a_record_is_found_by_the_program_it_runs() {
        let settings = parse(&format!(
            "{{\"hooks\":{{\"PreToolUse\":[{{\"hooks\":[{{\"command\":\"./guard.sh\"}}]}},{ENTRY}],\"Stop\":[{ENTRY}]}}}}"
        ))
        .expect("JSON");
        let (command, entries) = discover(&settings, &|command| command == "/hook").expect("found");
        assert_eq!(command, "/hook");
        assert_eq!(entries.iter().map(|(event, _)| event.as_str()).collect::<Vec<_>>(), ["PreToolUse", "Stop"]);
        assert!(missing(&settings, &entries).is_empty());
        assert_eq!(discover(&settings, &|_| false), None);
    }

    #[test]
    fn switches_are_read_nested_and_taken_out_when_asked() {
        let settings = "{\"disableAllHooks\": true, \"hooks\": {\"hooksDisabled\": true}}";
        let value = parse(settings).expect("JSON");
        assert_eq!(
            switched_off(&value, &["disableAllHooks", "hooks.hooksDisabled", "other"]),
            ["disableAllHooks", "hooks.hooksDisabled"]
        );
        let fixed = parse(&restored(Some(settings), &recorded(), "/hook", &["disableAllHooks", "hooks.hooksDisabled"]))
            .expect("JSON");
        assert!(switched_off(&fixed, &["disableAllHooks", "hooks.hooksDisabled"]).is_empty(), "{fixed}");
        let person = "{\n  \"model\": \"opus\",\n  \"disableAllHooks\": true\n}\n";
        assert_eq!(without_switches(person, &["disableAllHooks"]).as_deref(), Some("{\n  \"model\": \"opus\"\n}\n"));
        let nested = without_switches(settings, &["hooks.hooksDisabled"]).expect("an object");
        assert_eq!(
            switched_off(&parse(&nested).expect("JSON"), &["disableAllHooks", "hooks.hooksDisabled"]),
            ["disableAllHooks"]
        );
    }
}
