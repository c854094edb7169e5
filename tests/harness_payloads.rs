//! The curated hook fed Codex CLI's and Gemini CLI's payloads (as their real CLIs send them; see
//! `tests/real_client_codex.rs` and `tests/real_client_gemini.rs`): it answers in each CLI's dialect with no field
//! that CLI's output schema would reject, reads their tools in the catalog's words, and lifts a soft block only when
//! the person runs `allow` — never when the model repeats the call.

use dotforge_conformance::hook::{run_command, Hook, Run};
use serde_json::{json, Value};

fn hook(label: &str) -> Hook {
    Hook::with_bin(env!("CARGO_BIN_EXE_dotforge-hook"), label)
}

fn codex(event: &str, tool: &str, input: Value, call: &str) -> Value {
    json!({"session_id": "01a2-codex", "turn_id": "t1", "transcript_path": null, "cwd": "/tmp", "hook_event_name": event,
        "model": "gpt-5-codex", "permission_mode": "bypassPermissions", "tool_name": tool, "tool_input": input,
        "tool_use_id": call})
}

fn gemini(event: &str, tool: &str, input: Value) -> Value {
    json!({"session_id": "gem-1", "transcript_path": "/tmp/t.json", "cwd": "/tmp", "hook_event_name": event,
        "timestamp": "2026-12-01T10:00:00.000Z", "tool_name": tool, "tool_input": input})
}

/// The output object (the hook exits 0 and prints at most one line), or `None`.
fn output(run: &Run) -> Option<Value> {
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = run.stdout.trim();
    (!text.is_empty()).then(|| serde_json::from_str(text).expect("one JSON object"))
}

/// Asserts that every key of the object is one the schema lists (`top`, and `specific` inside hookSpecificOutput).
fn assert_only(value: &Value, top: &[&str], specific: &[&str]) {
    for key in value.as_object().expect("an object").keys() {
        assert!(top.contains(&key.as_str()), "`{key}` is not in the CLI's schema: {value}");
    }
    if let Some(inner) = value.get("hookSpecificOutput") {
        for key in inner.as_object().expect("an object").keys() {
            assert!(specific.contains(&key.as_str()), "`hookSpecificOutput.{key}` is not in the CLI's schema: {value}");
        }
    }
}

/// Codex CLI 0.169.0's output schema (`additionalProperties: false`): PreToolUse and the other events.
const CODEX_TOP: &[&str] =
    &["continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"];
const CODEX_SPECIFIC: &[&str] =
    &["hookEventName", "permissionDecision", "permissionDecisionReason", "additionalContext", "updatedInput"];
/// Gemini CLI 0.61.0's documented output fields.
const GEMINI_TOP: &[&str] =
    &["continue", "stopReason", "suppressOutput", "systemMessage", "decision", "reason", "hookSpecificOutput"];
const GEMINI_SPECIFIC: &[&str] = &["additionalContext"];

#[test]
fn codex_gets_a_deny_it_accepts_for_every_block_and_context_for_a_nudge() {
    let hook = hook("codex-outputs");
    let hard =
        output(&hook.run(&codex("PreToolUse", "Bash", json!({"command": "git push --force origin main"}), "c1")));
    let hard = hard.expect("a block");
    assert_only(&hard, CODEX_TOP, CODEX_SPECIFIC);
    assert_eq!(hard["hookSpecificOutput"]["permissionDecision"], "deny");
    assert!(hard["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .is_some_and(|reason| reason.contains("[no-destructive-git]")));
    let soft = output(&hook.run(&codex("PreToolUse", "Bash", json!({"command": "cat .env"}), "c2"))).expect("a block");
    assert_only(&soft, CODEX_TOP, CODEX_SPECIFIC);
    assert_eq!(soft["hookSpecificOutput"]["permissionDecision"], "deny", "Codex cannot ask: `ask` would fail open");
    let nudge = output(&hook.run(&codex("PreToolUse", "Bash", json!({"command": "git push origin main"}), "c3")));
    let nudge = nudge.expect("a nudge");
    assert_only(&nudge, CODEX_TOP, CODEX_SPECIFIC);
    assert!(nudge["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .is_some_and(|text| text.contains("Verify Before Done")));
    assert!(nudge["hookSpecificOutput"].get("permissionDecision").is_none(), "a nudge decides nothing: {nudge}");
}

#[test]
fn codex_apply_patch_is_read_as_the_edit_of_every_file_it_touches() {
    let hook = hook("codex-patch");
    let forge = hook.root.display().to_string();
    let patch = format!("*** Begin Patch\n*** Update File: src/main.rs\n@@\n-a\n+b\n*** Delete File: {forge}/runtime/state.json\n*** End Patch\n");
    let refused =
        output(&hook.run(&codex("PreToolUse", "apply_patch", json!({"command": patch}), "p1"))).expect("a block");
    assert_only(&refused, CODEX_TOP, CODEX_SPECIFIC);
    let reason = refused["hookSpecificOutput"]["permissionDecisionReason"].as_str().unwrap_or("");
    assert!(
        reason.contains("[self-protection] BLOCKED"),
        "the second file of the patch is the hook's state: {refused}"
    );
    let harmless = "*** Begin Patch\n*** Add File: docs/notes.md\n+hello\n*** End Patch\n";
    let passed = output(&hook.run(&codex("PreToolUse", "apply_patch", json!({"command": harmless}), "p2")));
    assert!(
        passed.as_ref().is_none_or(|value| value["hookSpecificOutput"].get("permissionDecision").is_none()),
        "{passed:?}"
    );
}

#[test]
fn gemini_gets_decision_deny_and_its_tools_read_in_the_catalogs_words() {
    let hook = hook("gemini-outputs");
    let forge = hook.root.display().to_string();
    let cases = [
        gemini(
            "BeforeTool",
            "run_shell_command",
            json!({"command": "git push --force origin main", "description": "x"}),
        ),
        gemini(
            "BeforeTool",
            "write_file",
            json!({"file_path": format!("{forge}/runtime/state.json"), "content": "{}"}),
        ),
        gemini(
            "BeforeTool",
            "replace",
            json!({"file_path": format!("{forge}/audit/overrides.log"), "old_string": "a", "new_string": ""}),
        ),
        gemini("BeforeTool", "read_file", json!({"file_path": "/tmp/project/.env"})),
    ];
    for payload in cases {
        let refused = output(&hook.run(&payload)).unwrap_or_else(|| panic!("no block for {payload}"));
        assert_only(&refused, GEMINI_TOP, GEMINI_SPECIFIC);
        assert_eq!(refused["decision"], "deny", "{refused}");
        assert!(refused["reason"].as_str().is_some_and(|reason| reason.contains("BLOCKED")), "{refused}");
    }
    let ran = output(&hook.run(&gemini("BeforeTool", "run_shell_command", json!({"command": "ls -la"}))));
    assert_eq!(ran, None, "an everyday command passes silently");
    let prompt = json!({"session_id": "gem-1", "cwd": "/tmp", "hook_event_name": "BeforeAgent", "prompt": "hello"});
    assert_eq!(output(&hook.run(&prompt)), None);
}

/// The person allows the call in a terminal; the model alone cannot lift the block by repeating it.
#[test]
fn a_soft_block_that_cannot_ask_is_lifted_once_by_the_persons_allow_only() {
    let hook = hook("allow");
    let read_env = |call: &str| hook.run(&codex("PreToolUse", "Bash", json!({"command": "cat .env"}), call));
    let first = output(&read_env("r1")).expect("a block");
    let reason = first["hookSpecificOutput"]["permissionDecisionReason"].as_str().unwrap_or("").to_owned();
    assert!(reason.contains("allow protect-secrets --session 01a2-codex"), "{reason}");
    let retried = output(&read_env("r2")).expect("the model repeating the call is refused again");
    assert_eq!(retried["hookSpecificOutput"]["permissionDecision"], "deny");
    assert_eq!(hook.overrides_log(), "", "no override from the model's retry");
    let mut allow = hook.command();
    allow.args(["allow", "protect-secrets", "--session", "01a2-codex"]);
    let allowed = run_command(allow, b"");
    assert_eq!(allowed.code, Some(0), "{}", allowed.stderr);
    let passed = output(&read_env("r3"));
    assert!(
        passed.as_ref().is_none_or(|value| value["hookSpecificOutput"].get("permissionDecision").is_none()),
        "{passed:?}"
    );
    let log = hook.overrides_log();
    assert_eq!(log.lines().count(), 1, "{log}");
    assert!(
        log.contains("|protect-secrets|Bash|command=cat .env|") && log.contains("|allowed by the person (`allow`)|h="),
        "{log}"
    );
    let again = output(&read_env("r4")).expect("an allowance is spent once");
    assert_eq!(again["hookSpecificOutput"]["permissionDecision"], "deny");
    let mut nothing = hook.command();
    nothing.args(["allow", "no-publish", "--session", "01a2-codex"]);
    let refused = run_command(nothing, b"");
    assert_eq!(refused.code, Some(1), "nothing waits to be allowed: {}", refused.stdout);
    assert!(refused.stderr.contains("no soft block of `no-publish` waits"), "{}", refused.stderr);
}

#[test]
fn the_agent_cannot_allow_its_own_block() {
    let hook = hook("allow-self");
    let bin = env!("CARGO_BIN_EXE_dotforge-hook");
    for command in [format!("{bin} allow protect-secrets --session 01a2-codex"), format!("{bin} hook --harness codex")]
    {
        let refused =
            output(&hook.run(&codex("PreToolUse", "Bash", json!({"command": command}), "a1"))).expect("a block");
        assert!(
            refused["hookSpecificOutput"]["permissionDecisionReason"]
                .as_str()
                .is_some_and(|reason| reason.contains("[self-protection]")),
            "{command}: {refused}"
        );
    }
}
