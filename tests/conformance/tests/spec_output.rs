//! SPEC §5 with CONTRACT §6: the JSON for each level on each event.
use dotforge_conformance::hook::Hook;
use serde_json::json;

#[test]
fn pre_tool_use_nudge_has_system_message_and_additional_context() {
    let hook = Hook::conformance("out-nudge");
    let value = hook.tool("s", "Ladder").checked().expect("output");
    assert_eq!(
        value,
        json!({"systemMessage": "Ladder: Climb the ladder slowly. (violation 1/3)",
               "hookSpecificOutput": {"hookEventName": "PreToolUse",
                                      "additionalContext": "Ladder: Climb the ladder slowly. (violation 1/3)"}})
    );
}

#[test]
fn pre_tool_use_soft_block_asks_the_user_with_the_reason() {
    let hook = Hook::conformance("out-soft");
    let value = hook.tool("s", "Soft").checked().expect("output");
    let message = "**[soft] BLOCKED:** soft reason at 1 on Soft\nAsk the user to allow it.\n\
                   Claude Code asks the user to allow or deny this call.";
    assert_eq!(
        value,
        json!({"systemMessage": message,
               "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask",
                                      "permissionDecisionReason": message}})
    );
}

#[test]
fn pre_tool_use_soft_block_in_deny_mode_denies_and_says_how_the_override_happens() {
    let hook =
        Hook::conformance("out-soft-deny").env("FORGE_SOFT_BLOCK", "deny").env("FORGE_OVERRIDE_WINDOW_SECONDS", "45");
    let value = hook.tool("s", "Soft").checked().expect("output");
    let message = "**[soft] BLOCKED:** soft reason at 1 on Soft\nAsk the user to allow it.\n\
                   Repeating the identical call within 45 s overrides this block; the override is audited.";
    assert_eq!(
        value,
        json!({"systemMessage": message,
               "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                      "permissionDecisionReason": message}})
    );
}

#[test]
fn an_unknown_soft_block_mode_warns_and_asks() {
    let hook = Hook::conformance("out-soft-bad").env("FORGE_SOFT_BLOCK", "maybe");
    let run = hook.tool("s", "Soft");
    assert_eq!(run.kind(), "ask");
    assert!(
        run.stderr.contains("[forge] FORGE_SOFT_BLOCK=`maybe` is not `ask` or `deny`; using ask"),
        "{}",
        run.stderr
    );
}

#[test]
fn pre_tool_use_hard_block_adds_override_allowed_false() {
    let hook = Hook::conformance("out-hard");
    let value = hook.tool("s", "Hard").checked().expect("output");
    let message = "**[hard] BLOCKED:** hard reason at 1\nHint of hard.\nThis restriction cannot be overridden.";
    assert_eq!(
        value,
        json!({"systemMessage": message,
               "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny",
                                      "permissionDecisionReason": message, "override_allowed": false}})
    );
}

#[test]
fn post_tool_use_block_uses_decision_and_reason() {
    let hook = Hook::conformance("out-post");
    let payload = json!({"hook_event_name": "PostToolUse", "session_id": "s", "tool_name": "Post", "tool_input": {}, "tool_response": {"ok": true}});
    let value = hook.run(&payload).checked().expect("output");
    // No permission prompt follows a PostToolUse block, so the message promises none.
    let message = "**[post] BLOCKED:** post blocks\nHint of post.";
    assert_eq!(value, json!({"decision": "block", "reason": message, "systemMessage": message}));
}

#[test]
fn post_tool_use_nudge_names_the_event() {
    let hook = Hook::conformance("out-post-nudge");
    let payload =
        json!({"hook_event_name": "PostToolUse", "session_id": "s", "tool_name": "PostNudge", "tool_input": {}});
    let value = hook.run(&payload).checked().expect("output");
    assert_eq!(value["hookSpecificOutput"]["hookEventName"], "PostToolUse");
    assert_eq!(value["hookSpecificOutput"]["additionalContext"], "post-nudge 1");
}

#[test]
fn user_prompt_submit_reads_prompt_from_the_payload() {
    let hook = Hook::conformance("out-prompt");
    let prompt = |text: &str| json!({"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": text});
    hook.run(&prompt("hello")).assert_pass();
    let nudge = hook.run(&prompt("please go gently")).checked().expect("output");
    assert_eq!(
        nudge["hookSpecificOutput"],
        json!({"hookEventName": "UserPromptSubmit", "additionalContext": "prompt-nudge 1"})
    );
    let block = hook.run(&prompt("this is forbidden")).checked().expect("output");
    assert_eq!(block["decision"], "block");
    assert!(block["reason"].as_str().unwrap_or_default().starts_with("**[prompt-block] BLOCKED:** prompt blocked"));
    assert!(block.get("hookSpecificOutput").is_none());
}

#[test]
fn stop_blocks_once_then_degrades_to_a_warning_when_stop_hook_active() {
    let hook = Hook::conformance("out-stop");
    let first = hook.run(&json!({"hook_event_name": "Stop", "session_id": "s", "stop_hook_active": false}));
    let first = first.checked().expect("output");
    assert_eq!(first["decision"], "block");
    assert!(first["reason"].as_str().unwrap_or_default().contains("not done yet"));
    let again = hook.run(&json!({"hook_event_name": "Stop", "session_id": "s", "stop_hook_active": true}));
    let again = again.checked().expect("output");
    assert!(again.get("decision").is_none(), "no re-block: {again}");
    assert!(again.get("hookSpecificOutput").is_none(), "Stop gets systemMessage only");
    assert!(again["systemMessage"].as_str().unwrap_or_default().starts_with("**[stop-block]** Stop Block"));
    assert_eq!(hook.counter("s", "stop-block"), 2, "the violation still counts");
}

#[test]
fn other_events_produce_nothing_and_touch_no_state() {
    let hook = Hook::conformance("out-other");
    hook.run(&json!({"hook_event_name": "SessionStart", "session_id": "s"})).assert_pass();
    hook.run(&json!({"hook_event_name": "Notification", "session_id": "s", "tool_name": "Hard"})).assert_pass();
    assert!(!hook.state_path().exists());
}

#[test]
fn a_secret_format_a_behavior_declares_is_withheld_from_the_output_and_the_rest_is_unchanged() {
    let hook = Hook::conformance("out-secret-format");
    let token = "acme_0123456789abcdefABCDEFgh";
    let stdout = format!("deploying with {token}\nacme_short stays\n");
    let response = json!({"stdout": stdout, "stderr": "", "interrupted": false, "isImage": false,
                          "noOutputExpected": false});
    let run = hook.run(&json!({"hook_event_name": "PostToolUse", "session_id": "s", "tool_name": "Bash",
        "tool_input": {"command": "./deploy"}, "tool_response": response, "tool_use_id": "t1"}));
    let value = run.checked().expect("output");
    let screened = &value["hookSpecificOutput"]["updatedToolOutput"];
    assert_eq!(
        screened["stdout"],
        "deploying with [secret withheld by dotforge: Acme deploy token; the user can read it at their own terminal]\n\
         acme_short stays\n"
    );
    assert_eq!(screened["interrupted"], false, "the output keeps its shape");
    let clean = hook.run(&json!({"hook_event_name": "PostToolUse", "session_id": "s", "tool_name": "Bash",
        "tool_input": {"command": "ls"}, "tool_response": {"stdout": "acme_short\n", "stderr": ""},
        "tool_use_id": "t2"}));
    clean.assert_pass();
}
