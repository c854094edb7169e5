//! The curated catalog inside the real Codex CLI (the pinned `@openai/codex`, installed on first use), offline: a
//! scripted model takes the steps, the hook is registered by its own `install --harness codex --user`, and each test
//! asserts what Codex did — whether the command ran, what the model was shown — and that no hook run was reported
//! as failed (Codex runs the call when it rejects a hook's output).

use dotforge_conformance::codex::{git, Project, Step};
use std::path::Path;

const HOOK: &str = env!("CARGO_BIN_EXE_dotforge-hook");

/// A project with a bare remote holding one commit, and a local commit rewritten since (a force push would replace
/// the remote's history).
fn project_with_remote(label: &str) -> (Project, std::path::PathBuf) {
    let project = Project::new(label, HOOK);
    let remote = project.dir.parent().expect("scratch root").join("remote.git");
    git(project.dir.parent().expect("scratch root"), &["init", "-q", "--bare", remote.to_str().expect("utf-8")]);
    git(&project.dir, &["commit", "-q", "--allow-empty", "-m", "one"]);
    git(&project.dir, &["remote", "add", "origin", remote.to_str().expect("utf-8")]);
    git(&project.dir, &["push", "-q", "origin", "HEAD:main"]);
    git(&project.dir, &["commit", "-q", "--amend", "--allow-empty", "-m", "one, rewritten"]);
    (project, remote)
}

fn remote_head(remote: &Path) -> String {
    git(remote, &["log", "--format=%s", "-1", "main"]).trim().to_owned()
}

#[test]
fn a_force_push_is_refused_the_remote_keeps_its_history_and_the_model_reads_why() {
    let (project, remote) = project_with_remote("force-push");
    let outcome = project.run(
        vec![Step::Shell("git push --force origin HEAD:main".to_owned()), Step::Say("done".to_owned())],
        "push it",
    );
    outcome.assert_no_hook_failed();
    assert_eq!(remote_head(&remote), "one", "the remote's history is unchanged");
    let outputs = outcome.tool_outputs();
    assert!(
        outputs
            .iter()
            .any(|output| output.contains("blocked by PreToolUse hook")
                && output.contains("[no-destructive-git] BLOCKED")),
        "the model reads the block and its reason: {outputs:?}"
    );
    assert!(
        outcome.hook_reports().iter().any(|line| line == "hook: PreToolUse Blocked"),
        "{:?}",
        outcome.hook_reports()
    );
}

#[test]
fn erasing_the_forge_and_unregistering_the_hook_are_refused() {
    let project = Project::new("self-protection", HOOK);
    std::fs::create_dir_all(project.forge().join("audit")).expect("forge");
    std::fs::write(project.forge().join("audit/overrides.log"), "kept\n").expect("audit log");
    let hooks_json = project.codex_home.join("hooks.json");
    let registered = std::fs::read_to_string(&hooks_json).expect("hooks.json");
    let patch = format!("*** Begin Patch\n*** Delete File: {}\n*** End Patch\n", hooks_json.display());
    let outcome = project.run(
        vec![
            Step::Shell("rm -rf .forge".to_owned()),
            Step::Shell("echo '{}' > ~/.codex/hooks.json".to_owned()),
            Step::Patch(patch),
            Step::Say("done".to_owned()),
        ],
        "clean up",
    );
    outcome.assert_no_hook_failed();
    assert_eq!(std::fs::read_to_string(project.forge().join("audit/overrides.log")).ok().as_deref(), Some("kept\n"));
    assert_eq!(std::fs::read_to_string(&hooks_json).ok(), Some(registered), "hooks.json stays as install wrote it");
    let outputs = outcome.tool_outputs();
    assert_eq!(outputs.len(), 3, "{outputs:?}");
    assert!(outputs.iter().all(|output| output.contains("[self-protection] BLOCKED")), "{outputs:?}");
}

#[test]
fn a_secret_read_reaches_no_model_when_no_one_can_be_asked_and_only_the_person_can_allow_it() {
    let project = Project::new("secret", HOOK);
    std::fs::write(project.dir.join(".env"), "API_TOKEN=secret-value-4711\n").expect(".env");
    let outcome = project.run(vec![Step::Shell("cat .env".to_owned()), Step::Say("done".to_owned())], "show the env");
    outcome.assert_no_hook_failed();
    assert!(!outcome.model_saw().contains("secret-value-4711"), "the secret reached the model");
    let outputs = outcome.tool_outputs();
    assert!(outputs[0].contains("[protect-secrets] BLOCKED"), "{outputs:?}");
    assert!(outputs[0].contains(" allow protect-secrets --session "), "the reason tells how to allow it: {outputs:?}");
    let session = project.state()["sessions"].as_object().and_then(|sessions| sessions.keys().next().cloned());
    let session = session.expect("the session was recorded");
    // Only the person's `allow`, in a terminal, lifts the block; the agent may not run it (self-protection).
    let allowed = std::process::Command::new(HOOK)
        .args(["allow", "protect-secrets", "--session", &session, "--forge-root"])
        .arg(project.forge())
        .output()
        .expect("run allow");
    assert!(allowed.status.success(), "allow: {}", String::from_utf8_lossy(&allowed.stderr));
    let pending = &project.state()["sessions"][&session]["behaviors"]["protect-secrets"]["pending_block"];
    assert!(pending["allowed_at"].is_string(), "{pending}");
    let retried = project.resume(
        &session,
        vec![Step::Shell("cat .env".to_owned()), Step::Shell("cat .env".to_owned()), Step::Say("shown".to_owned())],
        "the user allowed it; run it again",
    );
    retried.assert_no_hook_failed();
    let outputs = retried.tool_outputs();
    assert!(
        outputs.last().is_some_and(|output| output.contains("secret-value-4711")),
        "the allowed call ran: {outputs:?}"
    );
    let overrides = &project.state()["sessions"][&session]["behaviors"]["protect-secrets"]["overrides"];
    assert_eq!(overrides.as_array().map(Vec::len), Some(1), "one override, from the person's action: {overrides}");
    let log = std::fs::read_to_string(project.forge().join("audit/overrides.log")).unwrap_or_default();
    assert!(log.contains("|protect-secrets|Bash|") && log.contains("allowed by the person"), "{log}");
}

#[test]
fn everyday_commands_and_edits_run() {
    let project = Project::new("everyday", HOOK);
    let outcome = project.run(
        vec![
            Step::Shell("ls -la && git status --short".to_owned()),
            Step::Shell("echo hello > notes.txt".to_owned()),
            Step::Patch("*** Begin Patch\n*** Add File: docs/guide.md\n+# Guide\n*** End Patch\n".to_owned()),
            Step::Say("done".to_owned()),
        ],
        "look around",
    );
    outcome.assert_no_hook_failed();
    assert_eq!(std::fs::read_to_string(project.dir.join("notes.txt")).ok().as_deref(), Some("hello\n"));
    assert_eq!(std::fs::read_to_string(project.dir.join("docs/guide.md")).ok().as_deref(), Some("# Guide\n"));
    assert!(outcome.tool_outputs().iter().all(|output| !output.contains("BLOCKED")), "{:?}", outcome.tool_outputs());
}

#[test]
fn a_nudge_reaches_the_model_and_a_flag_set_after_a_tool_ran_is_read() {
    let (project, remote) = project_with_remote("nudge");
    git(&project.dir, &["commit", "-q", "--allow-empty", "-m", "two"]);
    let unverified = project.run(
        vec![Step::Shell("git push origin HEAD:refs/heads/feature".to_owned()), Step::Say("pushed".to_owned())],
        "push the feature",
    );
    unverified.assert_no_hook_failed();
    assert!(unverified.model_saw().contains("Verify Before Done"), "the nudge reaches the model as context");
    assert_eq!(git(&remote, &["log", "--format=%s", "-1", "feature"]).trim(), "two", "a nudge does not block");
    std::fs::write(project.dir.join("Makefile"), "test:\n\t@echo all tests passed\n").expect("Makefile");
    let verified = project.run(
        vec![
            Step::Shell("make test".to_owned()),
            Step::Shell("git push origin HEAD:refs/heads/feature-2".to_owned()),
            Step::Say("pushed".to_owned()),
        ],
        "test, then push",
    );
    verified.assert_no_hook_failed();
    assert!(
        !verified.model_saw().contains("Verify Before Done"),
        "the PostToolUse of the test command set the flag the push consumed"
    );
}

#[test]
fn the_tools_codex_offers_are_the_ones_the_harness_maps() {
    let project = Project::new("tools", HOOK);
    let outcome = project.run(vec![Step::Say("hello".to_owned())], "say hello");
    let tools = outcome.requests.first().and_then(|request| request["tools"].as_array().cloned()).unwrap_or_default();
    let mut names: Vec<String> = tools.iter().filter_map(|tool| tool["name"].as_str().map(str::to_owned)).collect();
    names.sort();
    let pinned =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/codex-tools.txt"))
            .expect("the pinned list");
    let pinned: Vec<&str> = pinned.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).collect();
    assert_eq!(names, pinned, "Codex 0.169.0's tools changed; review the harness's mapping, then the list");
    // The shell and the file editor are the ones the catalog governs: `exec_command` arrives as `Bash`,
    // `apply_patch` as the Edit or Write of its files.
    assert!(names.iter().any(|name| name == "exec_command") && names.iter().any(|name| name == "apply_patch"));
}

/// The rollout Codex wrote of a session with a force push, an erase of `.forge`, a secret read and a patch that
/// deletes the audit trail, backtested: each is blocked as the live hook blocked it. With
/// `DOTFORGE_BLESS_HISTORIES=1` it becomes `tests/fixtures/histories/codex/`.
#[test]
fn its_rollout_backtests_to_the_blocks_the_hook_made_live() {
    use dotforge_conformance::history;
    let (project, _remote) = project_with_remote("history");
    std::fs::create_dir_all(project.forge().join("audit")).expect("forge");
    std::fs::write(project.forge().join("audit/overrides.log"), "kept\n").expect("audit log");
    std::fs::write(project.dir.join(".env"), "API_TOKEN=secret-value-4711\n").expect(".env");
    let patch = "*** Begin Patch\n*** Delete File: .forge/audit/overrides.log\n*** End Patch\n";
    let outcome = project.run(
        vec![
            Step::Shell("git push --force origin HEAD:main".to_owned()),
            Step::Shell("rm -rf .forge".to_owned()),
            Step::Shell("cat .env".to_owned()),
            Step::Patch(patch.to_owned()),
            Step::Say("done".to_owned()),
        ],
        "push, clean up and show the env",
    );
    outcome.assert_no_hook_failed();
    let outputs = outcome.tool_outputs();
    assert!(outputs.len() == 4 && outputs.iter().all(|output| output.contains("BLOCKED")), "{outputs:?}");
    let sessions = project.codex_home.join("sessions");
    let report = history::backtest(Path::new(HOOK), &sessions);
    history::assert_blocks(
        &report,
        "codex",
        &[
            ("no-destructive-git", "git push --force origin HEAD:main"),
            ("self-protection", "rm -rf .forge"),
            ("protect-secrets", "cat .env"),
            ("self-protection", ".forge/audit/overrides.log"),
        ],
    );
    history::bless("codex", &project.codex_home, &["sessions"], &project.dir);
}
