//! Tool output screened inside the real Claude Code (issue 32): the roads by which a secret reaches the model without
//! a command naming a secret file — a variable of the CLI's environment, a program that prints a token, a secret
//! committed once and removed since, a private key in a file with an ordinary name — each kept from every request
//! the model receives; everyday outputs reach it unchanged; and the person's approval of a read lets that one
//! output through.

use dotforge_conformance::client::{call, say, Answer, Project, Script, User};
use serde_json::json;
use std::process::Command;

/// The secrets of this test: none may appear in a request unless the person allowed the call that prints it.
const AWS_SECRET: &str = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzq9x8y2ABC";
const DOTENV_SECRET: &str = "dotenv-s3cr3t-8c41f0a2";
const KEY_BODY: &str = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZWQy";

fn git(dir: &std::path::Path, args: &[&str]) {
    let status = Command::new("git")
        .args(["-c", "user.name=t", "-c", "user.email=t@e"])
        .args(args)
        .current_dir(dir)
        .status()
        .expect("git");
    assert!(status.success(), "git {args:?}");
}

fn project(label: &str) -> Project {
    let project = Project::new(label, env!("CARGO_BIN_EXE_dotforge-hook")).env("AWS_SECRET_ACCESS_KEY", AWS_SECRET);
    let dir = &project.dir;
    git(dir, &["init", "-q", "-b", "main"]);
    // A secret committed once and removed since: `git show HEAD~1` prints it in the commit's patch (and `git show
    // HEAD~1:.env`, which names the file, is asked about before it runs).
    std::fs::write(dir.join(".env"), format!("SERVICE_TOKEN={DOTENV_SECRET}\n")).expect(".env");
    git(dir, &["add", "-f", ".env"]);
    git(dir, &["commit", "-q", "-m", "add config"]);
    git(dir, &["rm", "-q", "--cached", ".env"]);
    git(dir, &["commit", "-q", "-m", "stop tracking .env"]);
    std::fs::create_dir_all(dir.join("deploy")).expect("deploy");
    let key = format!(
        "Keys for the box:\n-----BEGIN OPENSSH PRIVATE KEY-----\n{KEY_BODY}\n-----END OPENSSH PRIVATE KEY-----\n"
    );
    std::fs::write(dir.join("deploy/notes.txt"), key).expect("notes");
    std::fs::write(
        dir.join("README.md"),
        "# Demo\n\nintegrity sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ\n",
    )
    .expect("readme");
    project
}

fn bash(id: &str, command: &str) -> dotforge_conformance::client::model::Turn {
    call(id, "Bash", json!({"command": command, "description": "a scripted step"}))
}

#[test]
fn secrets_in_outputs_never_reach_the_model_and_everyday_outputs_do_unchanged() {
    let project = project("outputs");
    let session = Project::session_id();
    let token_printer = "python3 -c \"print('token: gh' + 'p_' + 'Q7'*18)\"";
    let script = Script::new(vec![
        bash("toolu_env", "printenv AWS_SECRET_ACCESS_KEY"),
        bash("toolu_grep", "env | grep -i secret"),
        bash("toolu_printer", token_printer),
        bash("toolu_history", "git show HEAD~1"),
        bash("toolu_history_named", "git show HEAD~1:.env"),
        bash("toolu_notes", "cat deploy/notes.txt"),
        bash("toolu_log", "git log --format='%H %s'"),
        call("toolu_readme", "Read", json!({"file_path": project.dir.join("README.md")})),
        say("Done."),
    ]);
    let outcome = project.run(&session, script, "collect the deployment facts", User::Absent);
    let requests = serde_json::to_string(&outcome.requests).expect("requests");
    let printed_token = format!("ghp_{}", "Q7".repeat(18));
    for secret in [AWS_SECRET, DOTENV_SECRET, KEY_BODY, printed_token.as_str()] {
        assert!(!requests.contains(secret), "`{secret}` reached the model\n{}", outcome.describe());
    }
    for id in ["toolu_env", "toolu_grep", "toolu_printer", "toolu_history", "toolu_notes"] {
        let (result, _) = outcome.tool_result(id).unwrap_or_else(|| panic!("{id}: no result\n{}", outcome.describe()));
        assert!(result.contains("[secret withheld by dotforge:"), "{id}: {result}");
    }
    let (named, named_error) = outcome.tool_result("toolu_history_named").expect("the named file's result");
    assert!(named_error && named.contains("[protect-secrets]"), "asked about, not run: {named}");
    let (notes, _) = outcome.tool_result("toolu_notes").expect("the notes");
    assert!(notes.starts_with("Keys for the box:\n"), "the rest of the output stays: {notes}");
    // Everyday outputs: commit hashes, an integrity string, as they are.
    let (log, _) = outcome.tool_result("toolu_log").expect("the log");
    assert!(log.contains("stop tracking .env") && !log.contains("withheld"), "{log}");
    let (readme, _) = outcome.tool_result("toolu_readme").expect("the readme");
    assert!(
        readme.contains("sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ") && !readme.contains("withheld"),
        "{readme}"
    );
}

#[test]
fn the_persons_approval_lets_one_read_through_and_only_that_one() {
    let project = project("outputs-approved");
    std::fs::write(project.dir.join(".env"), format!("SERVICE_TOKEN={DOTENV_SECRET}\n")).expect(".env");
    let session = Project::session_id();
    let script = Script::new(vec![
        bash("toolu_allowed", "cat .env"),
        bash("toolu_again", "grep SERVICE_TOKEN .env"),
        say("Read it."),
    ]);
    // The person allows the first read and declines the second.
    let mut asked = 0;
    let user = User::Answers(Box::new(move |_| {
        asked += 1;
        if asked == 1 {
            Answer::Allow
        } else {
            Answer::Deny("not again".to_owned())
        }
    }));
    let outcome = project.run(&session, script, "read the service token", user);
    assert_eq!(outcome.prompts.len(), 2, "{}", outcome.describe());
    let (allowed, allowed_error) = outcome.tool_result("toolu_allowed").expect("the approved read");
    assert!(!allowed_error && allowed.contains(DOTENV_SECRET), "the approved output goes through: {allowed}");
    let (again, again_error) = outcome.tool_result("toolu_again").expect("the declined read");
    assert!(again_error && again.contains("not again") && !again.contains(DOTENV_SECRET), "{again}");
    assert!(project.overrides_log().contains("protect-secrets"), "the approval is the override on record");
}

/// Gemini CLI 0.61.0 lets an AfterTool hook withhold a tool's result and give the model a reason instead: the reason
/// is the output with its secrets withheld.
#[test]
fn gemini_cli_reads_the_output_with_its_secrets_withheld() {
    use dotforge_conformance::gemini::{shell, Project as GeminiProject, Step};
    let project = GeminiProject::new("outputs", env!("CARGO_BIN_EXE_dotforge-hook"));
    std::fs::create_dir_all(project.dir.join("deploy")).expect("deploy");
    let key = format!(
        "Keys for the box:\n-----BEGIN OPENSSH PRIVATE KEY-----\n{KEY_BODY}\n-----END OPENSSH PRIVATE KEY-----\n"
    );
    std::fs::write(project.dir.join("deploy/notes.txt"), key).expect("notes");
    let outcome = project.run(
        vec![shell("cat deploy/notes.txt"), shell("echo everyday output"), Step::Say("done".to_owned())],
        "read the deployment notes",
    );
    outcome.assert_no_hook_failed();
    let seen = outcome.model_saw();
    assert!(!seen.contains(KEY_BODY), "the private key reached the model");
    assert!(seen.contains("Keys for the box:") && seen.contains("[secret withheld by dotforge: private key"), "{seen}");
    assert!(seen.contains("everyday output"), "an everyday output reaches the model");
}

/// A subagent's result is a tool's output too: what the subagent reports reaches the main agent with its secrets
/// withheld (the subagent's own calls are screened as the main agent's are).
#[test]
fn a_subagents_result_reaches_the_main_agent_with_its_secrets_withheld() {
    let project = project("outputs-subagent");
    let session = Project::session_id();
    let token = format!("ghp_{}", "K3".repeat(18));
    let script = Script::new(vec![
        call(
            "toolu_agent",
            "Agent",
            json!({"description": "find", "prompt": "SUBAGENT-TASK find the deploy token",
                   "subagent_type": "general-purpose", "run_in_background": false}),
        ),
        say("Done."),
    ])
    .agent("SUBAGENT-TASK", vec![say(&format!("The deploy token is {token}, in the CI settings."))]);
    let outcome = project.run(&session, script, "find the deploy token", User::Absent);
    let (result, _) = outcome.tool_result("toolu_agent").unwrap_or_else(|| panic!("no result\n{}", outcome.describe()));
    assert!(result.contains("[secret withheld by dotforge: GitHub token"), "{result}\n{}", outcome.describe());
    assert!(result.contains("in the CI settings"), "the rest of the report stays: {result}");
    let requests = serde_json::to_string(&outcome.requests).expect("requests");
    assert!(!requests.contains(&token), "the token reached the main agent\n{}", outcome.describe());
}
