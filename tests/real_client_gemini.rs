//! The curated catalog inside the real Gemini CLI (the pinned `@google/gemini-cli`, installed on first use), offline:
//! a scripted model takes the steps, the hook is registered in the project's `.gemini/settings.json` by its own
//! `install --harness gemini`, and each test asserts what Gemini CLI did — whether the command ran, what the model
//! was shown — and that it reported no hook failure.

use dotforge_conformance::codex::git;
use dotforge_conformance::gemini::{shell, Project, Step};
use serde_json::json;
use std::path::Path;

const HOOK: &str = env!("CARGO_BIN_EXE_dotforge-hook");

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

/// The error text the model read for each call (empty for a call that ran).
fn errors(outcome: &dotforge_conformance::gemini::Outcome) -> Vec<String> {
    outcome
        .tool_responses()
        .iter()
        .map(|response| response["response"]["error"].as_str().unwrap_or("").to_owned())
        .collect()
}

#[test]
fn a_force_push_is_refused_the_remote_keeps_its_history_and_the_model_reads_why() {
    let (project, remote) = project_with_remote("force-push");
    let outcome = project.run(vec![shell("git push --force origin HEAD:main"), Step::Say("done".to_owned())], "push");
    outcome.assert_no_hook_failed();
    assert_eq!(git(&remote, &["log", "--format=%s", "-1", "main"]).trim(), "one", "the remote's history is unchanged");
    let errors = errors(&outcome);
    assert!(
        errors[0].contains("Tool execution blocked") && errors[0].contains("[no-destructive-git] BLOCKED"),
        "{errors:?}"
    );
}

#[test]
fn erasing_the_forge_and_unregistering_the_hook_are_refused() {
    let project = Project::new("self-protection", HOOK);
    std::fs::create_dir_all(project.forge().join("audit")).expect("forge");
    std::fs::write(project.forge().join("audit/overrides.log"), "kept\n").expect("audit log");
    let settings = project.dir.join(".gemini/settings.json");
    let registered = std::fs::read_to_string(&settings).expect("settings.json");
    let outcome = project.run(
        vec![
            shell("rm -rf .forge"),
            shell("echo '{}' > .gemini/settings.json"),
            Step::Call("write_file".to_owned(), json!({"file_path": settings.display().to_string(), "content": "{}"})),
            Step::Say("done".to_owned()),
        ],
        "clean up",
    );
    outcome.assert_no_hook_failed();
    assert_eq!(std::fs::read_to_string(project.forge().join("audit/overrides.log")).ok().as_deref(), Some("kept\n"));
    assert_eq!(std::fs::read_to_string(&settings).ok(), Some(registered), "settings.json stays as install wrote it");
    let errors = errors(&outcome);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors.iter().all(|error| error.contains("[self-protection] BLOCKED")), "{errors:?}");
}

#[test]
fn a_secret_read_reaches_no_model_when_no_one_can_be_asked() {
    let project = Project::new("secret", HOOK);
    std::fs::write(project.dir.join(".env"), "API_TOKEN=secret-value-4711\n").expect(".env");
    std::fs::write(project.dir.join("deploy.pem"), "-----BEGIN PRIVATE KEY-----\nsecret-value-4711\n").expect("key");
    // Gemini CLI refuses read_file of `.env` on its own; a private key it would read is what the hook must refuse.
    let outcome = project.run(
        vec![
            shell("cat .env"),
            Step::Call("read_file".to_owned(), json!({"file_path": "deploy.pem"})),
            Step::Say("done".to_owned()),
        ],
        "show the env",
    );
    outcome.assert_no_hook_failed();
    assert!(!outcome.model_saw().contains("secret-value-4711"), "the secret reached the model");
    let errors = errors(&outcome);
    assert!(errors.iter().all(|error| error.contains("[protect-secrets] BLOCKED")), "{errors:?}");
    assert!(errors[0].contains(" allow protect-secrets --session "), "the reason tells how to allow it: {errors:?}");
}

#[test]
fn everyday_commands_and_edits_run() {
    let project = Project::new("everyday", HOOK);
    let outcome = project.run(
        vec![
            shell("ls -la && git status --short"),
            shell("echo hello > notes.txt"),
            Step::Call(
                "write_file".to_owned(),
                json!({"file_path": project.dir.join("guide.md").display().to_string(), "content": "# Guide\n"}),
            ),
            Step::Say("done".to_owned()),
        ],
        "look around",
    );
    outcome.assert_no_hook_failed();
    assert_eq!(std::fs::read_to_string(project.dir.join("notes.txt")).ok().as_deref(), Some("hello\n"));
    assert_eq!(std::fs::read_to_string(project.dir.join("guide.md")).ok().as_deref(), Some("# Guide\n"));
    assert!(errors(&outcome).iter().all(String::is_empty), "{:?}", errors(&outcome));
}

#[test]
fn a_nudge_before_a_tool_reaches_the_user_and_a_flag_set_after_a_tool_ran_is_read() {
    let (project, remote) = project_with_remote("nudge");
    git(&project.dir, &["commit", "-q", "--allow-empty", "-m", "two"]);
    let unverified =
        project.run(vec![shell("git push origin HEAD:refs/heads/feature"), Step::Say("pushed".to_owned())], "push");
    unverified.assert_no_hook_failed();
    assert_eq!(git(&remote, &["log", "--format=%s", "-1", "feature"]).trim(), "two", "a nudge does not block");
    let shown = format!("{}{}", unverified.stdout, unverified.stderr);
    assert!(shown.contains("Verify Before Done"), "the nudge is shown to the user:\n{shown}");
    let state = project.state();
    let session = state["sessions"].as_object().and_then(|sessions| sessions.values().next().cloned());
    assert_eq!(session.map(|session| session["behaviors"]["verify-before-done"]["counter"].clone()), Some(json!(1)));
    std::fs::write(project.dir.join("Makefile"), "test:\n\t@echo all tests passed\n").expect("Makefile");
    let verified = project.run(
        vec![shell("make test"), shell("git push origin HEAD:refs/heads/feature-2"), Step::Say("pushed".to_owned())],
        "test, then push",
    );
    verified.assert_no_hook_failed();
    let sessions = project.state()["sessions"].as_object().cloned().unwrap_or_default();
    let counters: Vec<serde_json::Value> =
        sessions.values().map(|session| session["behaviors"]["verify-before-done"]["counter"].clone()).collect();
    assert!(
        counters.contains(&json!(1)) && counters.len() == 2,
        "the second session's push found the flag: {counters:?}"
    );
    assert!(
        sessions.values().any(|session| session["behaviors"]["verify-before-done"].is_null()),
        "the AfterTool of the test command set the flag the push consumed: {sessions:?}"
    );
}

#[test]
fn the_tools_gemini_offers_are_the_ones_the_harness_maps() {
    let project = Project::new("tools", HOOK);
    let outcome = project.run(vec![Step::Say("hello".to_owned())], "say hello");
    let declarations = outcome
        .requests
        .first()
        .and_then(|request| request["tools"][0]["functionDeclarations"].as_array().cloned())
        .unwrap_or_default();
    let mut names: Vec<String> =
        declarations.iter().filter_map(|tool| tool["name"].as_str().map(str::to_owned)).collect();
    names.sort();
    let pinned =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/conformance/gemini-tools.txt"))
            .expect("the pinned list");
    let pinned: Vec<&str> = pinned.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()).collect();
    assert_eq!(names, pinned, "Gemini CLI 0.61.0's tools changed; review the harness's mapping, then the list");
}

/// The chat Gemini CLI wrote of a session with a force push, an erase of `.forge`, a secret read and a rewrite of
/// the audit trail, backtested: each is blocked as the live hook blocked it. With `DOTFORGE_BLESS_HISTORIES=1` it
/// becomes `tests/fixtures/histories/gemini/`.
#[test]
fn its_chat_backtests_to_the_blocks_the_hook_made_live() {
    use dotforge_conformance::history;
    let (project, _remote) = project_with_remote("history");
    std::fs::create_dir_all(project.forge().join("audit")).expect("forge");
    let audit = project.forge().join("audit/overrides.log");
    std::fs::write(&audit, "kept\n").expect("audit log");
    std::fs::write(project.dir.join(".env"), "API_TOKEN=secret-value-4711\n").expect(".env");
    let outcome = project.run(
        vec![
            shell("git push --force origin HEAD:main"),
            shell("rm -rf .forge"),
            shell("cat .env"),
            Step::Call("write_file".to_owned(), json!({"file_path": audit.display().to_string(), "content": ""})),
            Step::Say("done".to_owned()),
        ],
        "push, clean up and show the env",
    );
    outcome.assert_no_hook_failed();
    let errors = errors(&outcome);
    assert!(errors.len() == 4 && errors.iter().all(|error| error.contains("BLOCKED")), "{errors:?}");
    let gemini = project.home.join(".gemini");
    let report = history::backtest(Path::new(HOOK), &gemini.join("tmp"));
    history::assert_blocks(
        &report,
        "gemini",
        &[
            ("no-destructive-git", "git push --force origin HEAD:main"),
            ("self-protection", "rm -rf .forge"),
            ("protect-secrets", "cat .env"),
            ("self-protection", ".forge/audit/overrides.log"),
        ],
    );
    history::bless("gemini", &gemini, &["tmp", "projects.json"], &project.dir);
}
