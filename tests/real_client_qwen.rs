//! The curated catalog inside the real Qwen Code (the pinned `@qwen-code/qwen-code`, installed on first use),
//! headless and offline: a scripted model takes the steps, the hook is registered in the project's
//! `.qwen/settings.json` by its own `install --harness qwen`, and each test asserts what Qwen Code did — whether the
//! command ran, what the model was shown — and that it reported no hook failure.

use dotforge_conformance::chat::{call, remote_subject, Scratch, Step, KEY_BODY, SECRET_VALUE};
use dotforge_conformance::qwen::{project, run, Outcome};
use serde_json::json;

const HOOK: &str = env!("CARGO_BIN_EXE_dotforge-hook");

fn shell(command: &str) -> Step {
    call("run_shell_command", json!({"command": command, "description": "a scripted step", "is_background": false}))
}

/// `command`, then a second's pause before the shell exits. Qwen Code 0.24.4's headless shell
/// (`childProcessFallback` with `streamStdout` off) settles the call on the child's `exit` event without waiting for
/// its pipes to drain, so on a loaded machine a command that prints and exits at once is reported as `Output:
/// (empty)` (seen twice in a row in CI, 2026-12-03). A test that asserts what reached the model runs its command this
/// way; the pause changes nothing the hook decides.
fn lingering(command: &str) -> String {
    format!("{command}; sleep 1")
}

/// Runs the steps `prepare` returns in a project it set up; when Qwen Code's shell still reported an empty output for a
/// command of the script (the race [`lingering`] narrows, which a machine starved for more than the pause can still
/// lose), plays it once more in a fresh project, saying so. Returns the project and what the run showed.
fn run_with_outputs(label: &str, prepare: impl Fn(&Scratch) -> Vec<Step>, prompt: &str) -> (Scratch, Outcome) {
    let attempt = || {
        let scratch = project(label, HOOK);
        let steps = prepare(&scratch);
        let outcome = run(&scratch, steps, prompt);
        (scratch, outcome)
    };
    let (scratch, outcome) = attempt();
    let empty = outcome.transcript.tool_results().iter().any(|result| result.contains("Output: (empty)"));
    if !empty {
        return (scratch, outcome);
    }
    println!("Qwen Code's shell returned an empty output: playing the session again in a fresh project");
    attempt()
}

fn done() -> Step {
    Step::Say("done".to_owned())
}

#[test]
fn a_force_push_is_refused_the_remote_keeps_its_history_and_the_model_reads_why() {
    let scratch = project("force-push", HOOK);
    let remote = scratch.rewritten_remote();
    let outcome = run(&scratch, vec![shell("git push --force origin HEAD:main"), done()], "push");
    outcome.assert_no_hook_failed();
    assert_eq!(remote_subject(&remote), "start", "the remote's history is unchanged");
    let results = outcome.transcript.tool_results();
    assert!(results[0].contains("[no-destructive-git] BLOCKED"), "{results:?}");
}

#[test]
fn the_forge_its_audit_trail_and_the_settings_cannot_be_erased_or_rewritten_by_qwens_own_tools() {
    let scratch = project("self-protection", HOOK);
    let audit = scratch.audit_log();
    let settings = scratch.dir.join(".qwen/settings.json");
    let registered = std::fs::read_to_string(&settings).expect("settings");
    let user_settings = scratch.home.join(".qwen/settings.json");
    let outcome = run(
        &scratch,
        vec![
            shell("rm -rf .forge"),
            // Qwen's edit tool edits only a file read first in the session.
            call("read_file", json!({"file_path": audit.display().to_string()})),
            call(
                "edit",
                json!({"file_path": audit.display().to_string(), "old_string": "kept", "new_string": "user approved"}),
            ),
            call(
                "write_file",
                json!({"file_path": settings.display().to_string(), "content": "{\"disableAllHooks\": true}"}),
            ),
            shell(&format!("echo '{{\"disableAllHooks\": true}}' > {}", user_settings.display())),
            done(),
        ],
        "clean up",
    );
    outcome.assert_no_hook_failed();
    assert_eq!(std::fs::read_to_string(&audit).ok().as_deref(), Some("kept\n"), "the audit trail is unchanged");
    // Qwen Code adds a `$version` of its own to the file; the registration is what must stay.
    let hooks =
        |text: &str| serde_json::from_str::<serde_json::Value>(text).ok().map(|settings| settings["hooks"].clone());
    let now = std::fs::read_to_string(&settings).unwrap_or_default();
    assert_eq!(hooks(&now), hooks(&registered), "the registration stays as install wrote it: {now}");
    assert!(!now.contains("disableAllHooks"), "{now}");
    assert!(!std::fs::read_to_string(&user_settings).unwrap_or_default().contains("disableAllHooks"));
    let results = outcome.transcript.tool_results();
    assert_eq!(results.len(), 5, "{results:?}");
    let refused: Vec<&String> = results.iter().filter(|result| result.contains("[self-protection] BLOCKED")).collect();
    assert_eq!(refused.len(), 4, "all but the read are refused: {results:?}");
}

#[test]
fn a_secret_read_reaches_no_model_and_a_key_in_an_ordinary_file_is_withheld_from_the_output() {
    let prepare = |scratch: &Scratch| {
        scratch.secret_env();
        scratch.key_in_notes();
        vec![
            shell("cat .env"),
            call("read_file", json!({"file_path": scratch.dir.join(".env").display().to_string()})),
            shell(&lingering("cat notes.txt")),
            done(),
        ]
    };
    let (_scratch, outcome) = run_with_outputs("secret", prepare, "show the env");
    outcome.assert_no_hook_failed();
    let saw = outcome.transcript.model_saw();
    assert!(!saw.contains(SECRET_VALUE), "the secret reached the model");
    assert!(!saw.contains(KEY_BODY), "the private key reached the model");
    let results = outcome.transcript.tool_results();
    assert!(results[0].contains("[protect-secrets]") && results[1].contains("[protect-secrets]"), "{results:?}");
    assert!(results[2].contains("deploy notes"), "the rest of the output reaches the model: {results:?}");
}

#[test]
fn everyday_commands_and_edits_run_and_their_output_reaches_the_model() {
    let prepare = |scratch: &Scratch| {
        let guide = scratch.dir.join("guide.md");
        std::fs::write(&guide, "# Guide\nold line\n").expect("guide");
        vec![
            shell(&lingering("ls -la && git status --short && echo listed-4711")),
            call("read_file", json!({"file_path": guide.display().to_string()})),
            call(
                "edit",
                json!({"file_path": guide.display().to_string(), "old_string": "old line", "new_string": "new line"}),
            ),
            call(
                "write_file",
                json!({"file_path": scratch.dir.join("notes.txt").display().to_string(), "content": "hello\n"}),
            ),
            done(),
        ]
    };
    let (scratch, outcome) = run_with_outputs("everyday", prepare, "look around");
    let guide = scratch.dir.join("guide.md");
    outcome.assert_no_hook_failed();
    assert_eq!(std::fs::read_to_string(&guide).ok().as_deref(), Some("# Guide\nnew line\n"));
    assert_eq!(std::fs::read_to_string(scratch.dir.join("notes.txt")).ok().as_deref(), Some("hello\n"));
    let results = outcome.transcript.tool_results();
    assert!(results[0].contains("listed-4711"), "{results:?}");
    assert!(results.iter().all(|result| !result.contains("BLOCKED")), "{results:?}");
}

#[test]
fn a_bare_registration_is_told_by_qwens_tool_names() {
    let scratch = project("bare", HOOK);
    // Registered as a person might by hand: the binary with no `--harness` (the project's settings replaced).
    std::fs::remove_file(scratch.dir.join(".qwen/settings.json")).expect("the registration");
    scratch.install(std::path::Path::new(HOOK), &["--harness", "qwen", "--command", HOOK]);
    scratch.secret_env();
    let outcome = run(&scratch, vec![shell("rm -rf .forge && cat .env"), done()], "clean up");
    outcome.assert_no_hook_failed();
    assert!(!outcome.transcript.model_saw().contains(SECRET_VALUE), "the secret reached the model");
    let results = outcome.transcript.tool_results();
    assert!(results[0].contains("BLOCKED"), "{results:?}");
}

#[test]
fn another_qwen_without_hooks_is_refused() {
    let scratch = project("nested", HOOK);
    let outcome = run(
        &scratch,
        vec![shell("qwen --safe-mode -p 'push it'"), shell("QWEN_CODE_SIMPLE=1 qwen -p 'push it'"), done()],
        "delegate",
    );
    outcome.assert_no_hook_failed();
    let results = outcome.transcript.tool_results();
    assert!(results.iter().all(|result| result.contains("[self-protection] BLOCKED")), "{results:?}");
}

/// The chat Qwen Code wrote of a session with a force push, an erase of `.forge` and a read of `.env` by its own
/// `read_file`, backtested: each is blocked as the live hook blocked it. With `DOTFORGE_BLESS_HISTORIES=1` it becomes
/// `tests/fixtures/histories/qwen/`.
#[test]
fn its_chat_backtests_to_the_blocks_the_hook_made_live() {
    use dotforge_conformance::history;
    let scratch = project("history", HOOK);
    scratch.rewritten_remote();
    scratch.audit_log();
    scratch.secret_env();
    let outcome = run(
        &scratch,
        vec![
            shell("git push --force origin HEAD:main"),
            shell("rm -rf .forge"),
            call("read_file", json!({"file_path": scratch.dir.join(".env").display().to_string()})),
            done(),
        ],
        "push, clean up and show the env",
    );
    outcome.assert_no_hook_failed();
    let results = outcome.transcript.tool_results();
    assert!(results.len() == 3 && results.iter().all(|result| result.contains("BLOCKED")), "{results:?}");
    let qwen = scratch.home.join(".qwen");
    let report = history::backtest(std::path::Path::new(HOOK), &qwen.join("projects"));
    history::assert_blocks(
        &report,
        "qwen",
        &[
            ("no-destructive-git", "git push --force origin HEAD:main"),
            ("self-protection", "rm -rf .forge"),
            ("protect-secrets", ".env"),
        ],
    );
    history::bless("qwen", &qwen, &["projects"], &scratch.dir);
}
