//! The curated catalog inside the real Kilo Code CLI (the pinned `@kilocode/cli-linux-x64`, installed on first use),
//! as `kilo run`, offline: a scripted model takes the steps, the hook runs through the plugin its own `install
//! --harness kilo` wrote, and each test asserts what Kilo Code did — whether the command ran, what the model was
//! shown — and that the plugin loaded; and that without the plugin the model is left no tool.

use dotforge_conformance::chat::{call, remote_subject, Step, KEY_BODY, SECRET_VALUE};
use dotforge_conformance::kilo::{project, run};
use serde_json::json;

const HOOK: &str = env!("CARGO_BIN_EXE_dotforge-hook");

fn bash(command: &str) -> Step {
    call("bash", json!({"command": command, "description": "a scripted step"}))
}

fn done() -> Step {
    Step::Say("done".to_owned())
}

#[test]
fn a_force_push_is_refused_the_remote_keeps_its_history_and_the_model_reads_why() {
    let scratch = project("force-push", HOOK);
    let remote = scratch.rewritten_remote();
    let outcome = run(&scratch, vec![bash("git push --force origin HEAD:main"), done()], "push");
    outcome.assert_plugin_loaded();
    assert_eq!(remote_subject(&remote), "start", "the remote's history is unchanged");
    let results = outcome.transcript.tool_results();
    assert!(results[0].contains("[no-destructive-git] BLOCKED"), "{results:?}");
}

#[test]
fn the_forge_its_audit_trail_and_the_plugin_cannot_be_erased_or_rewritten_by_kilos_own_tools() {
    let scratch = project("self-protection", HOOK);
    let audit = scratch.audit_log();
    let plugin = scratch.dir.join(".kilo/plugin/dotforge.js");
    let written = std::fs::read_to_string(&plugin).expect("plugin");
    let outcome = run(
        &scratch,
        vec![
            bash("rm -rf .forge"),
            call(
                "edit",
                json!({"filePath": audit.display().to_string(), "oldString": "kept", "newString": "user approved"}),
            ),
            call(
                "write",
                json!({"filePath": plugin.display().to_string(), "content": "export const Off = async () => ({});"}),
            ),
            bash("rm .kilo/kilo.json"),
            bash("kilo run --pure 'push it'"),
            done(),
        ],
        "clean up",
    );
    outcome.assert_plugin_loaded();
    assert_eq!(std::fs::read_to_string(&audit).ok().as_deref(), Some("kept\n"), "the audit trail is unchanged");
    assert_eq!(std::fs::read_to_string(&plugin).ok(), Some(written), "the plugin stays as install wrote it");
    assert!(scratch.dir.join(".kilo/kilo.json").is_file());
    let results = outcome.transcript.tool_results();
    assert_eq!(results.len(), 5, "{results:?}");
    assert!(results.iter().all(|result| result.contains("[self-protection] BLOCKED")), "{results:?}");
}

#[test]
fn a_secret_read_reaches_no_model_and_a_key_in_an_ordinary_file_is_withheld_from_the_output() {
    let scratch = project("secret", HOOK);
    scratch.secret_env();
    scratch.key_in_notes();
    let outcome = run(
        &scratch,
        vec![
            bash("cat .env"),
            call("read", json!({"filePath": scratch.dir.join(".env").display().to_string()})),
            bash("cat notes.txt"),
            done(),
        ],
        "show the env",
    );
    outcome.assert_plugin_loaded();
    let saw = outcome.transcript.model_saw();
    assert!(!saw.contains(SECRET_VALUE), "the secret reached the model");
    assert!(!saw.contains(KEY_BODY), "the private key reached the model");
    let results = outcome.transcript.tool_results();
    assert!(results[0].contains("[protect-secrets]") && results[1].contains("[protect-secrets]"), "{results:?}");
    assert!(results[0].contains(" allow protect-secrets --session "), "the person's recourse: {results:?}");
    assert!(results[2].contains("deploy notes"), "the rest of the output reaches the model: {results:?}");
}

#[test]
fn everyday_commands_and_edits_run_and_their_output_reaches_the_model() {
    let scratch = project("everyday", HOOK);
    let guide = scratch.dir.join("guide.md");
    std::fs::write(&guide, "# Guide\nold line\n").expect("guide");
    let outcome = run(
        &scratch,
        vec![
            bash("ls -la && git status --short && echo listed-4711"),
            call("read", json!({"filePath": guide.display().to_string()})),
            call(
                "edit",
                json!({"filePath": guide.display().to_string(), "oldString": "old line", "newString": "new line"}),
            ),
            call(
                "write",
                json!({"filePath": scratch.dir.join("notes.txt").display().to_string(), "content": "hello\n"}),
            ),
            done(),
        ],
        "look around",
    );
    outcome.assert_plugin_loaded();
    assert_eq!(std::fs::read_to_string(&guide).ok().as_deref(), Some("# Guide\nnew line\n"));
    assert_eq!(std::fs::read_to_string(scratch.dir.join("notes.txt")).ok().as_deref(), Some("hello\n"));
    let results = outcome.transcript.tool_results();
    assert!(results[0].contains("listed-4711"), "{results:?}");
    assert!(results.iter().all(|result| !result.contains("BLOCKED")), "{results:?}");
}

#[test]
fn a_plugin_that_does_not_load_leaves_the_model_no_tool_and_the_command_does_not_run() {
    let scratch = project("fail-closed", HOOK);
    // The plugin broken by hand (the agent cannot: self-protection), as a bad merge or a disk error would.
    std::fs::write(scratch.dir.join(".kilo/plugin/dotforge.js"), "export const Broken = async () => ({ {;\n")
        .expect("break");
    let outcome = run(&scratch, vec![bash("touch ran.txt"), done()], "run it");
    assert!(!scratch.dir.join("ran.txt").exists(), "the command ran without governance");
    assert!(outcome.transcript.tools().is_empty(), "tools offered: {:?}", outcome.transcript.tools());
}
