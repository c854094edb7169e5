//! `dotforge-hook simulate`: the embedded demo, a recorded file, `--json` and `--forge-root`.

use dotforge_conformance::hook::{run_command, scratch_dir};
use serde_json::Value;
use std::process::Command;

fn simulate(args: &[&str], stdin: &[u8]) -> dotforge_conformance::hook::Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dotforge-hook"));
    command
        .arg("simulate")
        .args(args)
        .env_remove("FORGE_ROOT")
        .env_remove("FORGE_HOOK_PROFILE")
        .env_remove("FORGE_SOFT_BLOCK");
    run_command(command, stdin)
}

#[test]
fn the_demo_shows_escalation_the_ask_flow_verification_and_ends_in_the_hard_block() {
    let run = simulate(&[], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(lines[0].starts_with("#   event"), "{}", run.stdout);
    let rows = &lines[2..];
    let expectations = [
        ("search-first #1 nudge", "allow + message"),
        ("search-first #3 warning", "allow + message"),
        ("search-first #5 soft_block", "ASK the user"),
        ("search-first #6 soft_block", "ASK the user"),
        ("search-first overridden at 6", "allow"),
        ("verify-before-done #1 nudge", "allow + message"),
    ];
    for (fired, decision) in expectations {
        assert!(
            rows.iter().any(|row| row.contains(fired) && row.contains(decision)),
            "no row with `{fired}` and `{decision}`:\n{}",
            run.stdout
        );
    }
    let last = rows.last().copied().unwrap_or_default();
    assert!(last.contains("no-destructive-git #1 hard_block") && last.contains("DENY (hard)"), "{last}");
}

#[test]
fn help_promises_the_demo_this_binary_has() {
    let help = simulate(&["--help"], b"");
    assert!(help.stdout.contains("without it, the demo session built into this binary"), "{}", help.stdout);
}

#[test]
fn json_mode_prints_one_object_per_step() {
    let run = simulate(&["--json"], b"");
    let steps: Vec<Value> = run.stdout.lines().map(|line| serde_json::from_str(line).expect("JSON line")).collect();
    assert_eq!(steps.len(), 16);
    assert_eq!(steps[6]["fired"][0]["behavior"], "search-first");
    assert_eq!(steps[6]["decision"], "ask");
    assert_eq!(steps[6]["output"]["hookSpecificOutput"]["permissionDecision"], "ask");
    assert_eq!(steps[7]["decision"], "ask", "the model retrying the same write is asked again");
    assert_eq!(steps[7]["fired"][0]["override"], false);
    assert_eq!(steps[8]["event"], "PostToolUse");
    assert_eq!(steps[8]["fired"][0]["override"], true, "the user allowed the write");
    assert_eq!(steps[12]["fired"][0]["behavior"], "protect-secrets");
    assert_eq!(steps[12]["decision"], "ask");
    assert_eq!(steps[13]["fired"][0]["behavior"], "self-protection", "the agent cannot switch a guard off");
    assert_eq!(steps[14]["fired"][0]["behavior"], "self-protection", "nor erase .forge");
    assert_eq!(steps[15]["output"]["hookSpecificOutput"]["override_allowed"], false);
}

#[test]
fn deny_mode_replays_the_spec_literal_reinvocation() {
    let run = simulate(&["--json", "--soft-block", "deny"], b"");
    let steps: Vec<Value> = run.stdout.lines().map(|line| serde_json::from_str(line).expect("JSON line")).collect();
    assert_eq!(steps[6]["decision"], "deny");
    assert_eq!(steps[7]["fired"][0]["override"], true, "in deny mode the retry itself is taken as the override");
    assert_eq!(steps[8]["fired"], Value::Array(Vec::new()), "nothing is waiting for an approval");
}

#[test]
fn replays_a_file_and_keeps_state_with_forge_root() {
    let dir = scratch_dir("simulate-file");
    let file = dir.join("session.jsonl");
    let payload = r#"{"hook_event_name":"PreToolUse","session_id":"rec","tool_name":"Bash","tool_input":{"command":"git reset --hard"}}"#;
    std::fs::write(&file, format!("{payload}\nnot json\n\n{payload}\n")).expect("write session");
    let root = dir.join(".forge");
    let run = simulate(&[file.to_str().unwrap_or_default(), "--forge-root", root.to_str().unwrap_or_default()], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("skipped: not a handled hook payload"), "{}", run.stdout);
    assert!(
        run.stdout.lines().last().unwrap_or_default().contains("no-destructive-git #2 hard_block"),
        "{}",
        run.stdout
    );
    let state: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("runtime/state.json")).expect("state kept"))
            .expect("json");
    assert_eq!(state["sessions"]["rec"]["behaviors"]["no-destructive-git"]["counter"], 2);
}

#[test]
fn reads_stdin_with_a_dash_and_reports_bad_arguments() {
    let payload = br#"{"hook_event_name":"UserPromptSubmit","session_id":"p","prompt":"hello"}"#;
    let run = simulate(&["-"], payload);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.lines().nth(2).unwrap_or_default().starts_with("1  UserPromptSubmit  -"), "{}", run.stdout);
    assert_eq!(simulate(&["/no/such/file.jsonl"], b"").code, Some(1));
    assert_eq!(simulate(&["--bogus"], b"").code, Some(2));
    assert_eq!(simulate(&["--profile", "extreme"], b"").code, Some(2));
}

#[test]
fn the_readme_shows_the_demo_as_it_is() {
    let run = simulate(&[], b"");
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md");
    assert!(
        readme.contains(run.stdout.trim_end()),
        "README's demo table is stale; paste the output of `cargo run --release -- simulate`"
    );
}
