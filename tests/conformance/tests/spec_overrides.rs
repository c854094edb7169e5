//! SPEC §6 with CONTRACT §5/§7/§8: soft-block overrides and their triple write; hard_block never overridden.
//!
//! Ask mode (the default): the soft block asks the user, and the user's approval — seen as the PostToolUse or
//! PostToolUseFailure of the same `tool_use_id` — is the override. Deny mode (`FORGE_SOFT_BLOCK=deny`, the SPEC's
//! literal §6.2): the same call again inside the window is taken as the override.
use dotforge_conformance::hook::Hook;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

fn sha40(canonical: &str) -> String {
    Sha256::digest(canonical.as_bytes()).iter().map(|byte| format!("{byte:02x}")).collect::<String>()[..40].to_owned()
}

fn deny_mode(label: &str) -> Hook {
    Hook::conformance(label).env("FORGE_SOFT_BLOCK", "deny")
}

/// The markers of soft blocks that wait for the user's answer.
fn awaiting(hook: &Hook) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(hook.root.join("runtime/awaiting-approval"))
        .map(|entries| entries.flatten().map(|entry| entry.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// Asserts the override is in all three places of SPEC §6.3, with `reason`.
fn assert_one_override(hook: &Hook, session: &str, summary: &str, counter: u64, reason: &str) {
    let state = hook.behavior_state(session, "soft");
    assert_eq!(state["pending_block"], Value::Null, "the pending block is settled");
    let overrides = state["overrides"].as_array().cloned().unwrap_or_default();
    assert_eq!(overrides.len(), 1, "{state}");
    assert_eq!(overrides[0]["tool_name"], "Soft");
    assert_eq!(overrides[0]["tool_input_summary"], summary);
    assert_eq!(overrides[0]["counter_at_override"], counter);
    assert_eq!(overrides[0]["reason"], reason);

    let log = hook.overrides_log();
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 1, "{log}");
    // CONTRACT §7's seven fields, then the chain's hash field (the README's deviation).
    let fields: Vec<&str> = lines[0].split('|').collect();
    assert_eq!(fields.len(), 8, "{log}");
    let hash = fields[7].strip_prefix("h=").unwrap_or_default();
    assert!(hash.len() == 16 && hash.bytes().all(|byte| byte.is_ascii_hexdigit()), "{log}");
    let fields = &fields[..7];
    assert_eq!(fields[0].len(), 20);
    let counter = counter.to_string();
    assert_eq!(&fields[1..], [&session[..8.min(session.len())], "soft", "Soft", summary, counter.as_str(), reason]);

    let metrics = &hook.metrics()["behaviors"]["soft"];
    assert_eq!(metrics["overrides"], 1);
    assert!(metrics["blocks"].as_u64().unwrap_or(0) >= 1);
}

#[test]
fn soft_block_writes_a_pending_block_with_the_canonical_hash_and_the_call_id() {
    let hook = Hook::conformance("pending");
    let run = hook.pre_call("session-1234567890", "Soft", json!({"b": 2, "a": "x y"}), "toolu_01");
    assert_eq!(run.kind(), "ask");
    assert_eq!(
        run.message(),
        "**[soft] BLOCKED:** soft reason at 1 on Soft\nAsk the user to allow it.\nClaude Code asks the user to allow or deny this call."
    );
    let pending = hook.behavior_state("session-1234567890", "soft")["pending_block"].clone();
    assert_eq!(pending["tool_input_hash"], sha40(r#"{"a":"x y","b":2}"#));
    assert_eq!(pending["blocked_at"].as_str().map(str::len), Some(20));
    assert_eq!(pending["tool_use_id"], "toolu_01");
    assert_eq!(awaiting(&hook), ["id-toolu_01"]);
}

#[test]
fn ask_mode_the_users_approval_is_the_override_recorded_in_three_places() {
    let hook = Hook::conformance("ask-allow");
    let session = "session-1234567890";
    assert_eq!(hook.pre_call(session, "Soft", json!({"command": "deploy", "n": 1}), "toolu_a").kind(), "ask");
    // The user allows: the call runs and Claude Code reports it with the same id. No output for the override.
    hook.post_call(session, "Soft", json!({"command": "deploy", "n": 1}), "toolu_a").assert_pass();
    assert_one_override(&hook, session, "command=deploy", 1, "");
    assert_eq!(hook.metrics()["behaviors"]["soft"]["override_rate"], 1.0);
    assert!(awaiting(&hook).is_empty(), "the marker goes with the pending block");
    // The same PostToolUse again (a replay) finds nothing to settle.
    hook.post_call(session, "Soft", json!({"command": "deploy", "n": 1}), "toolu_a").assert_pass();
    assert_eq!(hook.overrides_log().lines().count(), 1);
}

#[test]
fn ask_mode_a_model_retrying_the_same_call_is_asked_every_time_and_never_overrides() {
    let hook = Hook::conformance("ask-retry");
    for attempt in 1..=6u64 {
        let run = hook.pre_call("s", "Soft", json!({"command": "deploy"}), &format!("toolu_{attempt}"));
        assert_eq!(run.kind(), "ask", "attempt {attempt}");
        assert_eq!(hook.counter("s", "soft"), attempt, "each retry is a new violation");
    }
    // Also without ids and well inside the window: no reinvocation override in ask mode.
    for _ in 0..3 {
        assert_eq!(hook.pre("s", "Soft", json!({"command": "deploy"})).kind(), "ask");
    }
    assert!(hook.overrides_log().is_empty());
    assert_eq!(hook.behavior_state("s", "soft")["overrides"], json!([]));
    assert_eq!(hook.metrics()["behaviors"]["soft"]["overrides"], 0);
    assert_eq!(hook.metrics()["behaviors"]["soft"]["blocks"], 9);
}

#[test]
fn ask_mode_a_declined_prompt_leaves_no_override_and_its_pending_block_is_replaced() {
    let hook = Hook::conformance("ask-decline");
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "one"}), "toolu_1").kind(), "ask");
    // Declined: Claude Code sends nothing for the call. Another call's PostToolUse is no approval of it.
    hook.post_call("s", "Soft", json!({"command": "one"}), "toolu_other").assert_pass();
    assert!(hook.overrides_log().is_empty());
    assert_eq!(hook.behavior_state("s", "soft")["pending_block"]["tool_use_id"], "toolu_1");
    // The next soft block replaces the unanswered one, marker included.
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "two"}), "toolu_2").kind(), "ask");
    assert_eq!(awaiting(&hook), ["id-toolu_2"]);
    hook.post_call("s", "Soft", json!({"command": "one"}), "toolu_1").assert_pass();
    assert!(hook.overrides_log().is_empty(), "a replaced block's late answer settles nothing");
    assert_eq!(hook.metrics()["behaviors"]["soft"]["overrides"], 0);
}

#[test]
fn ask_mode_an_allowed_call_that_fails_is_still_the_users_override() {
    let hook = Hook::conformance("ask-failed");
    assert_eq!(hook.pre_call("session-failing", "Soft", json!({"command": "make"}), "toolu_f").kind(), "ask");
    hook.failed_call("session-failing", "Soft", json!({"command": "make"}), "toolu_f", "Exit code 2\n  boom")
        .assert_pass();
    assert_one_override(&hook, "session-failing", "command=make", 1, "allowed; the call failed: Exit code 2 boom");

    let interrupted = Hook::conformance("ask-interrupted");
    assert_eq!(interrupted.pre_call("s", "Soft", json!({"command": "make"}), "toolu_i").kind(), "ask");
    interrupted
        .run(&json!({"hook_event_name": "PostToolUseFailure", "session_id": "s", "tool_name": "Soft",
            "tool_input": {"command": "make"}, "tool_use_id": "toolu_i", "error": "a|b", "is_interrupt": true}))
        .assert_pass();
    assert!(
        interrupted.overrides_log().contains("|1|allowed; the call was interrupted|h="),
        "{}",
        interrupted.overrides_log()
    );
}

#[test]
fn ask_mode_an_approval_counts_however_long_the_user_took() {
    let hook = Hook::conformance("ask-slow").env("FORGE_OVERRIDE_WINDOW_SECONDS", "0");
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "x"}), "toolu_slow").kind(), "ask");
    hook.post_call("s", "Soft", json!({"command": "x"}), "toolu_slow").assert_pass();
    assert_eq!(hook.overrides_log().lines().count(), 1, "matched by id, not by the window");
}

#[test]
fn ask_mode_without_call_ids_the_approval_is_matched_by_hash_inside_the_window() {
    let post = |hook: &Hook, input: Value| {
        hook.run(
            &json!({"hook_event_name": "PostToolUse", "session_id": "s", "tool_name": "Soft", "tool_input": input}),
        )
    };
    let hook = Hook::conformance("ask-no-id");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "x", "n": 1})).kind(), "ask");
    post(&hook, json!({"command": "y"})).assert_pass();
    assert!(hook.overrides_log().is_empty(), "another call's PostToolUse");
    post(&hook, json!({"n": 1, "command": "x"})).assert_pass();
    assert_eq!(hook.overrides_log().lines().count(), 1);

    let late = Hook::conformance("ask-no-id-late").env("FORGE_OVERRIDE_WINDOW_SECONDS", "0");
    assert_eq!(late.pre("s", "Soft", json!({"command": "x"})).kind(), "ask");
    post(&late, json!({"command": "x"})).assert_pass();
    assert!(late.overrides_log().is_empty(), "outside the window, an id-less call is not matched");
}

#[test]
fn a_post_tool_use_that_answers_no_prompt_leaves_the_state_alone() {
    let hook = Hook::conformance("ask-untouched");
    hook.post_call("s", "Soft", json!({"command": "x"}), "toolu_nothing").assert_pass();
    assert!(!hook.state_path().exists(), "no lock, no read, no write");
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "x"}), "toolu_1").kind(), "ask");
    let before = std::fs::read(hook.state_path()).expect("state");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    hook.post_call("s", "Soft", json!({"command": "y"}), "toolu_2").assert_pass();
    assert_eq!(std::fs::read(hook.state_path()).expect("state"), before, "last_accessed_at unchanged");
}

#[test]
fn a_forged_marker_settles_nothing() {
    let hook = Hook::conformance("ask-forged");
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "x"}), "toolu_real").kind(), "ask");
    std::fs::write(hook.root.join("runtime/awaiting-approval/id-toolu_fake"), b"").expect("forge a marker");
    hook.post_call("s", "Soft", json!({"command": "x"}), "toolu_fake").assert_pass();
    assert!(hook.overrides_log().is_empty(), "only a pending block in state.json is settled");
}

#[test]
fn deny_mode_reinvocation_within_the_window_is_an_override_recorded_in_three_places() {
    let hook = deny_mode("override");
    let session = "session-1234567890";
    assert_eq!(hook.pre(session, "Soft", json!({"command": "deploy", "n": 1})).kind(), "deny");
    // Same tool_input (different key order) → override: no output, counter unchanged.
    hook.pre(session, "Soft", json!({"n": 1, "command": "deploy"})).assert_pass();
    assert_one_override(&hook, session, "command=deploy", 1, "");
    let metrics = &hook.metrics()["behaviors"]["soft"];
    assert_eq!(metrics["violations"], 1);
    assert_eq!(metrics["blocks"], 1);
    assert_eq!(metrics["override_rate"], 1.0);
    // CONTRACT §8 would call this behavior "ineffective" after one block; dotforge rates from five blocks on (a
    // deviation, README "Deviations").
    assert_eq!(metrics["escalation_effectiveness"], "unrated");

    // The pending block is spent: the same call once more is a new violation.
    assert_eq!(hook.pre(session, "Soft", json!({"command": "deploy", "n": 1})).kind(), "deny");
    assert_eq!(hook.counter(session, "soft"), 2);
    // Four more blocks, each overridden by re-running the call: five blocks, all overridden — ineffective.
    hook.pre(session, "Soft", json!({"command": "deploy", "n": 1})).assert_pass();
    for n in 2..5 {
        assert_eq!(hook.pre(session, "Soft", json!({"command": "deploy", "n": n})).kind(), "deny");
        hook.pre(session, "Soft", json!({"command": "deploy", "n": n})).assert_pass();
    }
    let metrics = &hook.metrics()["behaviors"]["soft"];
    assert_eq!((metrics["blocks"].clone(), metrics["overrides"].clone()), (json!(5), json!(5)));
    assert_eq!(metrics["escalation_effectiveness"], "ineffective");
}

#[test]
fn deny_mode_a_different_tool_input_is_not_an_override() {
    let hook = deny_mode("different");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "one"})).kind(), "deny");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "two"})).kind(), "deny");
    assert_eq!(hook.counter("s", "soft"), 2);
    assert!(hook.overrides_log().is_empty());
}

#[test]
fn deny_mode_reinvocation_after_the_window_is_not_an_override() {
    let hook = deny_mode("window").env("FORGE_OVERRIDE_WINDOW_SECONDS", "0");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "x"})).kind(), "deny");
    assert_eq!(hook.pre("s", "Soft", json!({"command": "x"})).kind(), "deny");
    assert_eq!(hook.counter("s", "soft"), 2);

    let old = deny_mode("window-old");
    old.write_state(&json!({"schema_version": "1", "sessions": {"s": {
        "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
        "behaviors": {"soft": {"counter": 1, "effective_level": "soft_block",
            "pending_block": {"tool_input_hash": sha40(r#"{"command":"x"}"#), "blocked_at": "2020-01-01T00:00:00Z"}}}
    }}}));
    assert_eq!(old.pre("s", "Soft", json!({"command": "x"})).kind(), "deny");
    assert_eq!(old.counter("s", "soft"), 2);
}

#[test]
fn deny_mode_an_override_lets_the_rest_of_the_chain_run() {
    let hook = deny_mode("override-chain");
    assert_eq!(hook.tool("s", "Chain").kind(), "deny");
    let run = hook.tool("s", "Chain");
    assert_eq!(run.message(), "chain-a nudge 2\n\nchain-c nudge 1");
    assert_eq!(hook.counter("s", "chain-b"), 1);
}

#[test]
fn hard_block_is_never_overridden_in_either_mode() {
    for hook in [Hook::conformance("hard-ask"), deny_mode("hard-deny")] {
        for expected_counter in 1..=3 {
            let id = format!("toolu_{expected_counter}");
            let run = hook.pre_call("s", "Hard", json!({"command": "same"}), &id);
            assert_eq!(run.kind(), "deny");
            assert!(run.is_hard_block());
            assert_eq!(hook.counter("s", "hard"), expected_counter);
            hook.post_call("s", "Hard", json!({"command": "same"}), &id).assert_pass();
        }
        assert_eq!(hook.behavior_state("s", "hard")["pending_block"], Value::Null);
        assert!(hook.overrides_log().is_empty());
        assert!(awaiting(&hook).is_empty());
    }
}

#[test]
fn overrides_log_fields_are_escaped_onto_one_line() {
    let hook = Hook::conformance("escape");
    let input = json!({"command": "a|b\\c\nd\re"});
    assert_eq!(hook.pre_call("s|x", "Soft", input.clone(), "toolu_e").kind(), "ask");
    hook.post_call("s|x", "Soft", input, "toolu_e").assert_pass();
    let log = hook.overrides_log();
    assert_eq!(log.lines().count(), 1, "{log:?}");
    let line = log.lines().next().unwrap_or_default();
    // The seven fields escaped, then the chain's hash field.
    let (fields, hash) = line.rsplit_once("|h=").unwrap_or_default();
    assert!(fields.ends_with("|s\\|x|soft|Soft|command=a\\|b\\\\c\\nd\\re|1|"), "{line}");
    assert_eq!(hash.len(), 16, "{line}");
}

#[test]
fn markers_nobody_answered_are_removed_at_the_sweep() {
    let hook = Hook::conformance("ask-stale").env("FORGE_SESSION_TTL_SECONDS", "3600");
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "x"}), "toolu_1").kind(), "ask");
    let stale = hook.root.join("runtime/awaiting-approval/id-toolu_old");
    std::fs::write(&stale, b"").expect("an unanswered marker");
    let two_hours_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7200);
    std::fs::File::options()
        .write(true)
        .open(&stale)
        .and_then(|file| file.set_modified(two_hours_ago))
        .expect("age it");
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "y"}), "toolu_2").kind(), "ask");
    // The new block replaces the behavior's pending one (and its marker); the stale marker stays until the sweep.
    assert_eq!(awaiting(&hook), ["id-toolu_2", "id-toolu_old"], "no sweep within five minutes");
    let mut state = hook.state();
    state["swept_at"] = json!("2020-01-01T00:00:00Z");
    hook.write_state(&state);
    assert_eq!(hook.pre_call("s", "Soft", json!({"command": "z"}), "toolu_3").kind(), "ask");
    assert_eq!(awaiting(&hook), ["id-toolu_3"], "older than the TTL: removed");
}
