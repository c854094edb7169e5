//! `<hook> test [ID]`: one line per scenario, a final `N passed, N failed`, exit 1 on failure, and a failure names
//! the scenario, the step and expected vs actual.
use dotforge_conformance::hook::run_command;
use std::process::Command;

fn failing_hook(args: &[&str]) -> dotforge_conformance::hook::Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_failing-hook"));
    command.args(args);
    run_command(command, b"")
}

#[test]
fn a_wrong_expectation_fails_with_scenario_step_and_expected_vs_actual() {
    let run = failing_hook(&["test"]);
    assert_eq!(run.code, Some(1), "{}", run.stdout);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0], "ok    wrong/tests/right.yaml  the right expectation");
    assert_eq!(
        lines[1],
        "FAIL  wrong/tests/wrong.yaml:4: scenario `a wrong expectation`, step 2: expected warning, got nudge; \
         expected counter 3, got 2; expected flag `never_set` to be set, it is not"
    );
    assert_eq!(lines[2], "1 passed, 1 failed");
}

#[test]
fn test_filters_by_behavior_and_rejects_unknown_ids() {
    let run = failing_hook(&["test", "wrong"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.ends_with("1 passed, 1 failed\n"));
    let unknown = failing_hook(&["test", "nope"]);
    assert_eq!(unknown.code, Some(1));
    assert_eq!(unknown.stderr.trim(), "error: unknown behavior `nope`; the catalog has: wrong");
    let usage = failing_hook(&["test", "a", "b"]);
    assert_eq!(usage.code, Some(2));
}

#[test]
fn a_catalog_without_scenarios_reports_zero() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_conformance-hook"));
    command.arg("test");
    let run = run_command(command, b"");
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout, "0 passed, 0 failed\n");
}
