//! SPEC §2.1, §3 and §5.3–§5.5: counter before level, the escalation table, monotonic levels, rendering.
use dotforge_conformance::hook::Hook;
use serde_json::json;

#[test]
fn spec_escalation_table_counter_1_to_5() {
    let hook = Hook::conformance("escalation");
    let kinds: Vec<&str> = (1..=5).map(|n| hook.pre("s", "Ladder", json!({ "n": n })).kind()).collect();
    assert_eq!(kinds, ["message", "message", "message", "message", "ask"]);
    let state = hook.behavior_state("s", "ladder");
    assert_eq!(state["counter"], 5);
    assert_eq!(state["effective_level"], "soft_block");
    assert_eq!(state["last_violation_tool"], "Ladder");
}

#[test]
fn spec_escalation_levels_per_counter_are_nudge_nudge_warning_warning_soft_block() {
    let hook = Hook::conformance("levels");
    let mut seen = Vec::new();
    for n in 1..=5 {
        hook.pre("s", "Ladder", json!({ "n": n })).checked();
        seen.push(hook.behavior_state("s", "ladder")["effective_level"].as_str().unwrap_or("").to_owned());
    }
    assert_eq!(seen, ["nudge", "nudge", "warning", "warning", "soft_block"]);
}

#[test]
fn spec_7_2_first_violation_sees_counter_one() {
    let hook = Hook::conformance("counter-one");
    let run = hook.tool("s", "Ladder");
    assert_eq!(run.message(), "Ladder: Climb the ladder slowly. (violation 1/3)");
    assert_eq!(hook.counter("s", "ladder"), 1);
}

#[test]
fn default_nudge_is_one_line_and_at_most_120_chars() {
    let hook = Hook::conformance("nudge-default");
    for n in 0..2 {
        let message = hook.pre("s", "Ladder", json!({ "n": n })).message();
        assert!(!message.contains('\n'));
        assert!(message.chars().count() <= 120, "{message}");
        assert!(message.starts_with("Ladder: "));
    }
}

#[test]
fn default_warning_has_bold_id_expectation_and_next_step() {
    let hook = Hook::conformance("warning-default");
    for n in 0..2 {
        hook.pre("s", "Ladder", json!({ "n": n })).checked();
    }
    let message = hook.pre("s", "Ladder", json!({ "n": 3 })).message();
    let lines: Vec<&str> = message.lines().collect();
    assert!((2..=4).contains(&lines.len()), "{message}");
    assert_eq!(lines[0], "**[ladder]** Ladder — violation 3 on Ladder.");
    assert_eq!(lines[1], "Expected: Climb the ladder slowly.");
    assert_eq!(lines[lines.len() - 1], "Next: violation 5 raises this to soft_block.");
}

#[test]
fn default_soft_block_names_the_behavior_and_the_override() {
    let hook = Hook::conformance("soft-default");
    for n in 0..4 {
        hook.pre("s", "Ladder", json!({ "n": n })).checked();
    }
    let run = hook.pre("s", "Ladder", json!({ "n": 5 }));
    assert_eq!(run.kind(), "ask");
    assert_eq!(
        run.message(),
        "**[ladder] BLOCKED:** Climb the ladder slowly.\nClaude Code asks the user to allow or deny this call."
    );
}

#[test]
fn all_six_template_variables_render() {
    let hook = Hook::conformance("templates");
    assert_eq!(hook.pre("s", "Templated", json!({"a": 1})).message(), "Templated|templated|1|Templated|nudge|2");
    assert_eq!(hook.pre("s", "Templated", json!({"a": 2})).message(), "W templated 2/4 warning\nline two");
    assert_eq!(hook.pre("s", "Templated", json!({"a": 3})).message(), "W templated 3/4 warning\nline two");
    let block = hook.pre("s", "Templated", json!({"a": 4}));
    assert_eq!(block.kind(), "ask");
    assert_eq!(
        block.message(),
        "**[templated] BLOCKED:** B 4 max soft_block\nHint of templated.\nClaude Code asks the user to allow or deny this call."
    );
}

#[test]
fn spec_3_2_effective_level_never_falls() {
    let hook = Hook::conformance("monotonic");
    hook.write_state(&json!({
        "schema_version": "1",
        "sessions": {"s": {
            "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
            "flags": {}, "behavior_overrides": {},
            "behaviors": {"ladder": {"counter": 0, "effective_level": "warning", "last_violation_at": null,
                "last_violation_tool": null, "pending_block": null, "overrides": []}}
        }}
    }));
    let message = hook.tool("s", "Ladder").message();
    assert!(message.starts_with("**[ladder]** Ladder — violation 1"), "warning kept: {message}");
    let state = hook.behavior_state("s", "ladder");
    assert_eq!(state["counter"], 1);
    assert_eq!(state["effective_level"], "warning");
}

#[test]
fn spec_3_1_counter_is_per_session() {
    let hook = Hook::conformance("per-session");
    hook.tool("a", "Ladder").checked();
    hook.tool("a", "Ladder").checked();
    hook.tool("b", "Ladder").checked();
    assert_eq!(hook.counter("a", "ladder"), 2);
    assert_eq!(hook.counter("b", "ladder"), 1);
}

#[test]
fn past_the_top_step_the_level_stays_and_threshold_is_max() {
    let hook = Hook::conformance("past-top");
    for n in 0..5 {
        hook.pre("s", "Templated", json!({ "n": n })).checked();
    }
    let run = hook.pre("s", "Templated", json!({ "n": 99 }));
    assert_eq!(run.kind(), "ask");
    assert!(run.message().starts_with("**[templated] BLOCKED:** B 6 max soft_block"), "{}", run.message());
}
