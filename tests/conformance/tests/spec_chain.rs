//! SPEC §4 and §7.1/§7.8, CONTRACT §5 step 4: chain order, the first block cuts the chain, non-blocking outputs
//! accumulate, silent still counts, and the reasons a behavior is skipped.
use dotforge_conformance::hook::Hook;
use serde_json::json;

#[test]
fn spec_7_1_first_block_cuts_the_chain() {
    let hook = Hook::conformance("chain-cut");
    let run = hook.tool("s", "Chain");
    assert_eq!(run.kind(), "ask");
    assert_eq!(
        run.message(),
        "**[chain-b] BLOCKED:** chain-b blocks\nHint of chain-b.\nClaude Code asks the user to allow or deny this call."
    );
    assert_eq!(hook.counter("s", "chain-a"), 1, "behaviors before the block are evaluated");
    assert_eq!(hook.counter("s", "chain-c"), 0, "behaviors after the block are not evaluated");
}

#[test]
fn spec_5_7_non_blocking_outputs_merge_in_index_order() {
    let hook = Hook::conformance("accumulate");
    let value = hook.tool("s", "Multi").checked().expect("output");
    let message = value["systemMessage"].as_str().unwrap_or_default();
    let (first, second) = message.split_once("\n\n").expect("two messages joined by a blank line");
    assert_eq!(first, "multi-a nudge 1");
    assert!(second.starts_with("**[multi-b]** Multi B — violation 1 on Multi."), "{second}");
    assert_eq!(value["hookSpecificOutput"]["additionalContext"], value["systemMessage"]);
    assert_eq!(value["hookSpecificOutput"]["hookEventName"], "PreToolUse");
}

#[test]
fn spec_4_4_silent_counts_without_output() {
    let hook = Hook::conformance("silent");
    hook.tool("s", "Count").assert_pass();
    hook.tool("s", "Count").assert_pass();
    assert_eq!(hook.counter("s", "counted"), 2);
    let multi = hook.tool("s", "Multi");
    assert!(!multi.message().contains("multi-c"));
    assert_eq!(hook.counter("s", "multi-c"), 1);
}

#[test]
fn spec_7_8_behavior_without_matching_trigger_is_skipped() {
    let hook = Hook::conformance("no-match");
    hook.tool("s", "NothingListensToThis").assert_pass();
    hook.run(&json!({"hook_event_name": "PostToolUse", "session_id": "s", "tool_name": "Ladder", "tool_input": {}}))
        .assert_pass();
    assert!(!hook.state_path().exists(), "nothing can change, so the state is not even opened");
    hook.tool("s", "Count").assert_pass();
    hook.tool("s", "NothingListensToThis").assert_pass();
    assert_eq!(hook.state()["sessions"]["s"]["behaviors"].as_object().map(|map| map.len()), Some(1), "only `counted`");
}

#[test]
fn events_that_no_behavior_reacts_to_leave_the_state_file_untouched() {
    let hook = Hook::conformance("untouched");
    hook.tool("s", "Count").assert_pass();
    let before = std::fs::read(hook.state_path()).expect("state");
    hook.pre("s", "OpContains", json!({"command": "no match here"})).assert_pass();
    hook.pre("s", "Bash", json!({"command": "ls"})).assert_pass();
    assert_eq!(std::fs::read(hook.state_path()).expect("state"), before);
    hook.tool("s", "FlagSet").assert_pass();
    assert_ne!(std::fs::read(hook.state_path()).expect("state"), before, "a flag action needs the state");
}

#[test]
fn a_behavior_switched_off_in_the_index_still_sees_the_state_a_session_may_switch_it_on() {
    let hook = Hook::conformance("probe-disabled");
    hook.write_state(&json!({"schema_version": "1", "sessions": {"s": {
        "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
        "behavior_overrides": {"off-by-index": {"enabled": true}}
    }}}));
    assert!(hook.tool("s", "Disabled").message().starts_with("Off By Index:"));
}

#[test]
fn index_enabled_false_disables_a_behavior() {
    let hook = Hook::conformance("index-off");
    hook.tool("s", "Disabled").assert_pass();
    assert_eq!(hook.counter("s", "off-by-index"), 0);
}

#[test]
fn session_behavior_overrides_switch_behaviors_on_and_off() {
    let hook = Hook::conformance("session-overrides");
    hook.write_state(&json!({"schema_version": "1", "sessions": {"s": {
        "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
        "behavior_overrides": {"off-by-index": {"enabled": true}, "session-switch": {"enabled": false}}
    }}}));
    assert_eq!(hook.tool("s", "Disabled").message(), "Off By Index: Hint of off-by-index. (violation 1)");
    hook.tool("s", "Switch").assert_pass();
    assert_eq!(hook.tool("other", "Switch").message(), "session-switch 1", "other sessions keep the index setting");
    assert_eq!(hook.state()["sessions"]["s"]["behavior_overrides"]["session-switch"]["enabled"], false);
}

#[test]
fn profiles_follow_forge_hook_profile() {
    let standard = Hook::conformance("profile-standard");
    standard.tool("s", "Profiled").assert_pass();
    let strict = Hook::conformance("profile-strict").env("FORGE_HOOK_PROFILE", "strict");
    assert_eq!(strict.tool("s", "Profiled").message(), "profile-strict 1");
    let unknown = Hook::conformance("profile-unknown").env("FORGE_HOOK_PROFILE", "paranoid");
    let run = unknown.tool("s", "Profiled");
    run.assert_pass();
    assert!(run.stderr.contains("[forge] FORGE_HOOK_PROFILE=`paranoid`"), "{}", run.stderr);
}

#[test]
fn agents_match_the_payload_agent_type() {
    let hook = Hook::conformance("agents");
    hook.tool("s", "Agented").assert_pass();
    let payload = |agent: &str| json!({"hook_event_name": "PreToolUse", "session_id": "s", "tool_name": "Agented", "tool_input": {}, "agent_type": agent});
    hook.run(&payload("builder")).assert_pass();
    assert_eq!(hook.run(&payload("reviewer")).message(), "agent-reviewer 1");
}

#[test]
fn applies_to_tools_restricts_a_catch_all_matcher() {
    let hook = Hook::conformance("tools");
    assert_eq!(hook.pre("s", "Bash", json!({"command": "echo tools-bash-marker"})).message(), "tools-bash Bash");
    hook.pre("s", "Shell", json!({"command": "echo tools-bash-marker"})).assert_pass();
}

#[test]
fn spec_3_1_one_violation_per_behavior_per_event() {
    let hook = Hook::conformance("double");
    assert_eq!(hook.tool("s", "Double").message(), "double 1");
    assert_eq!(hook.counter("s", "double"), 1);
}
