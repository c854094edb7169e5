//! A hook built with `dotforge_runtime::main` (no demo session, like the conformance catalog's) says so in
//! `simulate --help`, refuses `simulate` without a file with a message that says what to pass, and replays a file.
use dotforge_conformance::hook::{run_command, Hook};

#[test]
fn simulate_help_and_error_agree_when_no_demo_is_built_in() {
    let hook = Hook::conformance("no-demo");
    let run = |args: &[&str], stdin: &[u8]| {
        let mut command = hook.command();
        command.arg("simulate").args(args);
        run_command(command, stdin)
    };
    let help = run(&["--help"], b"");
    assert_eq!(help.code, Some(0));
    assert!(help.stdout.contains("required: this binary has no demo session built in"), "{}", help.stdout);
    assert!(!help.stdout.contains("without it, the demo session"), "--help promises no demo: {}", help.stdout);
    let bare = run(&[], b"");
    assert_eq!(bare.code, Some(1));
    assert!(
        bare.stderr.contains("this binary has no demo session built in; pass a FILE.jsonl")
            && bare.stderr.contains("dotforge_runtime::main_with_demo"),
        "{}",
        bare.stderr
    );
    let payload = br#"{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Hard","tool_input":{}}"#;
    let replayed = run(&["-"], payload);
    assert_eq!(replayed.code, Some(0), "{}", replayed.stderr);
    assert!(
        replayed.stdout.lines().nth(2).is_some_and(|row| row.starts_with("1  PreToolUse  Hard")),
        "{}",
        replayed.stdout
    );
}
