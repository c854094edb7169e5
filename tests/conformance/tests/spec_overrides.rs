//! SPEC §6 and CONTRACT §5/§7/§8: soft-block override by reinvocation and its triple write; hard_block never
//! overridden.
mod common;
use common::Hook;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

fn sha40(canonical: &str) -> String {
    Sha256::digest(canonical.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect::<String>()[..40].to_owned()
}

#[test]
fn soft_block_writes_a_pending_block_with_the_canonical_hash() {
    let hook = Hook::conformance("pending");
    let run = hook.pre("session-1234567890", "Soft", json!({"b": 2, "a": "x y"}));
    assert_eq!(run.kind(), "deny");
    assert_eq!(
        run.message(),
        "**[soft] BLOCKED:** soft reason at 1 on Soft\nAsk the user to allow it.\nThis block can be overridden — the user will be prompted."
    );
    let pending = hook.behavior_state("session-1234567890", "soft")["pending_block"].clone();
    assert_eq!(pending["tool_input_hash"], sha40(r#"{"a":"x y","b":2}"#));
    assert_eq!(pending["blocked_at"].as_str().map(str::len), Some(20));
}

#[test]
fn reinvocation_within_the_window_is_an_override_recorded_in_three_places() {
    let hook = Hook::conformance("override");
    let session = "session-1234567890";
    assert_eq!(hook.pre(session, "Soft", json!({"command": "deploy", "n": 1})).kind(), "deny");
    // Same tool_input (different key order) → override: no output, counter unchanged.
    hook.pre(session, "Soft", json!({"n": 1, "command": "deploy"})).assert_pass();
    let state = hook.behavior_state(session, "soft");
    assert_eq!(state["counter"], 1);
    assert_eq!(state["pending_block"], Value::Null);
    let overrides = state["overrides"].as_array().cloned().unwrap_or_default();
    assert_eq!(overrides.len(), 1);
    assert_eq!(overrides[0]["tool_name"], "Soft");
    assert_eq!(overrides[0]["tool_input_summary"], "command=deploy");
    assert_eq!(overrides[0]["counter_at_override"], 1);
    assert_eq!(overrides[0]["reason"], "");

    let log = hook.overrides_log();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 1, "{log}");
    let fields: Vec<&str> = lines[0].split('|').collect();
    assert_eq!(fields.len(), 7);
    assert_eq!(fields[0].len(), 20);
    assert_eq!(&fields[1..], ["session-", "soft", "Soft", "command=deploy", "1", ""]);

    let metrics = &hook.metrics()["behaviors"]["soft"];
    assert_eq!(metrics["violations"], 1);
    assert_eq!(metrics["blocks"], 1);
    assert_eq!(metrics["overrides"], 1);
    assert_eq!(metrics["override_rate"], 1.0);
    assert_eq!(metrics["escalation_effectiveness"], "ineffective");

    // The pending block is spent: the same call once more is a new violation.
    assert_eq!(hook.pre(session, "Soft", json!({"command": "deploy", "n": 1})).kind(), "deny");
    assert_eq!(hook.counter(session, "soft"), 2);
}

#[test]
fn a_different_tool_input_is_not_an_override() {
    let hook = Hook::conformance("different");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "one"})).kind(), "deny");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "two"})).kind(), "deny");
    assert_eq!(hook.counter("s", "soft"), 2);
    assert!(hook.overrides_log().is_empty());
}

#[test]
fn reinvocation_after_the_window_is_not_an_override() {
    let hook = Hook::conformance("window").env("FORGE_OVERRIDE_WINDOW_SECONDS", "0");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "x"})).kind(), "deny");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "x"})).kind(), "deny");
    assert_eq!(hook.counter("s", "soft"), 2);

    let old = Hook::conformance("window-old");
    old.write_state(&json!({"schema_version": "1", "sessions": {"s": {
        "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
        "behaviors": {"soft": {"counter": 1, "effective_level": "soft_block",
            "pending_block": {"tool_input_hash": sha40(r#"{"command":"x"}"#), "blocked_at": "2020-01-01T00:00:00Z"}}}
    }}}));
    assert_eq!(old.pre("s", "Soft", json!({"command": "x"})).kind(), "deny");
    assert_eq!(old.counter("s", "soft"), 2);
}

#[test]
fn an_override_lets_the_rest_of_the_chain_run() {
    let hook = Hook::conformance("override-chain");
    assert_eq!(hook.tool("s", "Chain").kind(), "deny");
    let run = hook.tool("s", "Chain");
    assert_eq!(run.message(), "chain-a nudge 2\n\nchain-c nudge 1");
    assert_eq!(hook.counter("s", "chain-b"), 1);
}

#[test]
fn hard_block_is_never_overridden() {
    let hook = Hook::conformance("hard");
    for expected_counter in 1..=3 {
        let run = hook.pre("s", "Hard", json!({"command": "same"}));
        assert_eq!(run.kind(), "deny");
        assert!(run.is_hard_block());
        assert_eq!(hook.counter("s", "hard"), expected_counter);
    }
    assert_eq!(hook.behavior_state("s", "hard")["pending_block"], Value::Null);
    assert!(hook.overrides_log().is_empty());
}

#[test]
fn overrides_log_fields_are_escaped_onto_one_line() {
    let hook = Hook::conformance("escape");
    let input = json!({"command": "a|b\\c\nd\re"});
    assert_eq!(hook.pre("s|x", "Soft", input.clone()).kind(), "deny");
    hook.pre("s|x", "Soft", input).assert_pass();
    let log = hook.overrides_log();
    assert_eq!(log.lines().count(), 1, "{log:?}");
    let line = log.lines().next().unwrap_or_default();
    assert!(line.ends_with("|s\\|x|soft|Soft|command=a\\|b\\\\c\\nd\\re|1|"), "{line}");
}
