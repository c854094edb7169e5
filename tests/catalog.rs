//! The curated catalog in `behaviors/`, run through the real `dotforge-hook`: what each behavior must catch and
//! what it must let through.

use dotforge_conformance::hook::Hook;
use serde_json::json;

fn hook(label: &str) -> Hook {
    Hook::with_bin(env!("CARGO_BIN_EXE_dotforge-hook"), label)
}

fn bash(hook: &Hook, session: &str, command: &str) -> dotforge_conformance::hook::Run {
    hook.pre(session, "Bash", json!({ "command": command }))
}

#[test]
fn no_destructive_git_blocks_every_destructive_form() {
    let hook = hook("catalog-git-block");
    for command in [
        "git push --force origin main",
        "git push -f",
        "git push origin main --force",
        "git push --force-with-lease origin feature",
        "git push -uf origin main",
        "git push origin +main",
        "git reset --hard HEAD~1",
        "git reset --hard",
        // A clean without paths also reaches untracked audit files, so self-protection answers it (tests/security.rs).
        "git clean -f build/",
        "git clean -fdx dist",
        "git clean --force build/",
        "git branch -D feature",
        "git branch --delete --force feature",
        "cd repo && git push --force",
    ] {
        let run = bash(&hook, "s", command);
        assert!(run.is_hard_block(), "`{command}` must be hard-blocked: {}", run.stdout);
        assert!(run.message().starts_with("**[no-destructive-git] BLOCKED:**"), "{command}");
    }
}

#[test]
fn no_destructive_git_lets_safe_commands_through() {
    let hook = hook("catalog-git-pass");
    for command in [
        "git push origin main",
        "git push --follow-tags",
        "git push origin feature-fix",
        "git reset --soft HEAD~1",
        "git reset HEAD file.txt",
        "git branch -d feature",
        "git branch --delete feature",
        "git clean -n",
        "git status",
        "git log --format=%H -f",
    ] {
        let run = bash(&hook, "s", command);
        assert!(!run.is_hard_block(), "`{command}` must not be blocked: {}", run.stdout);
    }
}

#[test]
fn search_first_escalates_silent_nudge_warning_soft_block() {
    let hook = hook("catalog-search");
    let write = |n: u32| hook.pre("s", "Write", json!({ "file_path": format!("src/file{n}.ts"), "content": "x" }));
    let kinds: Vec<&str> = (1..=5).map(|n| write(n).kind()).collect();
    assert_eq!(kinds, ["message", "message", "message", "message", "ask"]);
    hook.pre("s", "Grep", json!({ "pattern": "fn" })).assert_pass();
    write(6).assert_pass();
    hook.pre("s", "Write", json!({ "file_path": "README.md", "content": "x" })).assert_pass();
}

#[test]
fn verify_before_done_wants_a_test_run_before_push() {
    let hook = hook("catalog-verify");
    let first = bash(&hook, "s", "git push origin main");
    assert!(first.message().starts_with("Verify Before Done: run the tests"), "{}", first.message());
    let ran = json!({"hook_event_name": "PostToolUse", "session_id": "s", "tool_name": "Bash",
                     "tool_input": {"command": "cargo test --workspace"}, "tool_response": {}});
    hook.run(&ran).assert_pass();
    bash(&hook, "s", "git push origin main").assert_pass();
    assert!(bash(&hook, "s", "git push origin main").message().starts_with("**[verify-before-done]**"));
    assert_eq!(bash(&hook, "s", "git push origin main").kind(), "ask");
}

#[test]
fn respect_todo_state_is_off_for_this_client_and_counts_creates_without_updates_when_switched_on() {
    let hook = hook("catalog-todo");
    hook.tool("off", "TaskCreate").assert_pass();
    hook.tool("off", "TaskCreate").assert_pass();
    assert_eq!(hook.counter("off", "respect-todo-state"), 0, "Claude Code 2.1.328 has no task tools: shipped off");
    let mut switch_on = hook.command();
    switch_on.args(["on", "respect-todo-state", "--session", "s"]);
    assert_eq!(dotforge_conformance::hook::run_command(switch_on, b"").code, Some(0));
    hook.tool("s", "TaskCreate").assert_pass();
    assert!(hook.tool("s", "TaskCreate").message().starts_with("Respect Todo State:"));
    hook.tool("s", "TaskUpdate").assert_pass();
    hook.tool("s", "TaskCreate").assert_pass();
}

#[test]
fn opinionated_behaviors_are_off_by_default() {
    let hook = hook("catalog-opinionated");
    let prompt = json!({"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": "no, that's wrong"});
    hook.run(&prompt).assert_pass();
    let mut command = hook.command();
    command.env("FORGE_HOOK_PROFILE", "strict");
    let run = dotforge_conformance::hook::run_command(command, json!({"hook_event_name": "PreToolUse", "session_id": "t", "tool_name": "Edit", "tool_input": {"file_path": "a.rs"}}).to_string().as_bytes());
    assert!(!run.message().contains("Plan Before Code"), "{}", run.stdout);
    assert!(run.message().contains("Search Before Writing"), "the core behaviors still run: {}", run.stdout);
}
