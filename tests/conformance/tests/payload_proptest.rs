//! Property test of payload decoding and evaluation, in process against the conformance catalog: whatever the
//! payload, `run_hook` returns without panicking, and what it prints is nothing or one JSON object with only the keys
//! of CONTRACT §6. A few thousand random payloads per run; the cargo-fuzz target in `fuzz/` explores further.

use proptest::prelude::*;
use serde_json::{Map, Value};

dotforge_runtime::include_behaviors!("conformance.rs");

const TOP_KEYS: &[&str] = &["systemMessage", "hookSpecificOutput", "decision", "reason"];
const SPECIFIC_KEYS: &[&str] =
    &["hookEventName", "permissionDecision", "permissionDecisionReason", "override_allowed", "additionalContext"];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_filter("finite", |float| float.is_finite()).prop_map(Value::from),
        "\\PC{0,24}".prop_map(Value::from),
        prop_oneof![Just("git push --force"), Just("needle"), Just("/etc/x.lock"), Just("alpha beta"), Just("boom")]
            .prop_map(Value::from),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop_oneof![Just("command"), Just("file_path"), Just("url"), Just("content"), Just("prompt"), Just("pattern")]
            .prop_map(str::to_owned),
        "\\PC{0,10}",
    ]
}

fn json() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(3, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(key(), inner, 0..5).prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn event() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => prop_oneof![Just("PreToolUse"), Just("PostToolUse"), Just("UserPromptSubmit"), Just("Stop")].prop_map(Value::from),
        1 => leaf(),
    ]
}

fn tool() -> impl Strategy<Value = Value> {
    let tools = [
        "Hard",
        "Soft",
        "Ladder",
        "Chain",
        "Multi",
        "Count",
        "OpRegex",
        "OpContains",
        "OpExists",
        "FlagSet",
        "FlagConsume",
        "FlagThen",
        "Templated",
        "Bash",
        "Write",
        "Post",
        "Patho",
        "mcp__fs__write",
    ];
    prop_oneof![4 => prop::sample::select(tools.to_vec()).prop_map(Value::from), 1 => leaf()]
}

fn payload() -> impl Strategy<Value = Value> {
    (
        event(),
        prop::option::of(tool()),
        prop::option::of(prop_oneof![Just(Value::from("a")), Just(Value::from("b")), leaf()]),
        prop::option::of(json()),
        prop::option::of(leaf()),
        prop::option::of(any::<bool>()),
        prop::collection::btree_map("\\PC{0,8}", json(), 0..3),
    )
        .prop_map(|(event, tool, session, input, prompt, stop_active, extra)| {
            let mut map: Map<String, Value> = extra.into_iter().collect();
            map.insert("hook_event_name".into(), event);
            let optional = [("tool_name", tool), ("session_id", session), ("tool_input", input), ("prompt", prompt)];
            for (name, value) in optional {
                if let Some(value) = value {
                    map.insert(name.into(), value);
                }
            }
            if let Some(active) = stop_active {
                map.insert("stop_hook_active".into(), Value::Bool(active));
            }
            Value::Object(map)
        })
}

fn check_output(output: Option<String>) -> Result<(), TestCaseError> {
    let Some(text) = output else { return Ok(()) };
    prop_assert!(!text.contains('\n'), "one line: {}", text);
    let value: Value = serde_json::from_str(&text).map_err(|error| TestCaseError::fail(format!("{error}: {text}")))?;
    let object = value.as_object().ok_or_else(|| TestCaseError::fail(format!("not an object: {text}")))?;
    for key in object.keys() {
        prop_assert!(TOP_KEYS.contains(&key.as_str()), "key {} in {}", key, text);
    }
    if let Some(specific) = object.get("hookSpecificOutput") {
        let specific = specific.as_object().ok_or_else(|| TestCaseError::fail(text.clone()))?;
        for key in specific.keys() {
            prop_assert!(SPECIFIC_KEYS.contains(&key.as_str()), "key {} in {}", key, text);
        }
    }
    Ok(())
}

fn forge_root() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("proptest-{}", std::process::id()));
        std::env::set_var("FORGE_ROOT", root.join(".forge"));
        std::env::set_var("FORGE_LOCK_TIMEOUT", "5");
    });
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn structured_payloads_never_panic_and_print_valid_output(payload in payload()) {
        forge_root();
        check_output(dotforge_runtime::run_hook(&behaviors::CATALOG, payload.to_string().as_bytes()))?;
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        forge_root();
        check_output(dotforge_runtime::run_hook(&behaviors::CATALOG, &bytes))?;
    }
}
