//! MCP servers' tools inside the real Claude Code (issue 30): a project whose `.mcp.json` starts the reference
//! filesystem server (npm `@modelcontextprotocol/server-filesystem`) and git server (PyPI `mcp-server-git`), both
//! installed at pinned versions on first use, with a user who trusts both (the `--allowedTools` of the session name
//! them, as `permissions.allow` would). The servers do the work; the hook must stand in their way exactly as it
//! does for Bash, Write and Read — and let everyday calls run.

use dotforge_conformance::client::{call, say, Answer, Project, Script, User};
use dotforge_conformance::mcp::{filesystem_server, git_server};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The secret the project's `.env` holds: no request the model receives may contain it.
const SECRET: &str = "sk-live-4f7a9c1e8b2d";

/// A project with the hook installed from a copy of the binary inside it (so the attack on the binary hits the copy
/// the project runs), a git repository with one commit, a `.env`, and `.mcp.json` naming both servers.
fn mcp_project(label: &str) -> (Project, PathBuf) {
    let scratch = dotforge_conformance::hook::scratch_dir(&format!("mcp-hook-{label}"));
    let hook = scratch.join("bin/dotforge-hook");
    std::fs::create_dir_all(hook.parent().expect("a folder")).expect("bin folder");
    std::fs::copy(env!("CARGO_BIN_EXE_dotforge-hook"), &hook).expect("copy the hook");
    let project =
        Project::new(label, hook.to_str().expect("UTF-8")).allowed_tools("Bash,Write,Edit,Read,mcp__fs,mcp__git");
    let dir = &project.dir;
    std::fs::write(dir.join("README.md"), "# Demo\n\nA project governed by dotforge.\n").expect("readme");
    std::fs::write(dir.join(".env"), format!("API_KEY={SECRET}\n")).expect("secret");
    for args in [
        &["init", "-q", "-b", "main"][..],
        &["add", "README.md"],
        &["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "initial"],
    ] {
        let status = Command::new("git").args(args).current_dir(dir).status().expect("git");
        assert!(status.success(), "git {args:?}");
    }
    let servers = json!({"mcpServers": {
        "fs": {"command": filesystem_server(), "args": [dir, hook.parent().expect("bin")]},
        "git": {"command": git_server(), "args": ["--repository", dir]},
    }});
    std::fs::write(dir.join(".mcp.json"), serde_json::to_string_pretty(&servers).expect("json")).expect(".mcp.json");
    // The person approved the project's servers once (what Claude Code records when asked at the terminal).
    let local = json!({"enableAllProjectMcpServers": true});
    std::fs::write(dir.join(".claude/settings.local.json"), local.to_string()).expect("local settings");
    (project, hook)
}

fn at(project: &Project, path: &str) -> String {
    project.dir.join(path).display().to_string()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn the_agent_cannot_tamper_with_governance_through_an_mcp_servers_tools() {
    let (project, hook) = mcp_project("mcp-tamper");
    let session = Project::session_id();
    let settings = project.dir.join(".claude/settings.json");
    let before = (read(&settings), read(&project.dir.join(".mcp.json")), std::fs::read(&hook).expect("the hook"));
    let script = Script::new(vec![
        call(
            "toolu_settings",
            "mcp__fs__write_file",
            json!({"path": settings, "content": "{\"disableAllHooks\": true}\n"}),
        ),
        call(
            "toolu_edit",
            "mcp__fs__edit_file",
            json!({"path": settings, "edits": [{"oldText": "PreToolUse", "newText": "Nothing"}]}),
        ),
        call(
            "toolu_state",
            "mcp__fs__write_file",
            json!({"path": at(&project, ".forge/runtime/state.json"), "content": ""}),
        ),
        call(
            "toolu_move",
            "mcp__fs__move_file",
            json!({"source": at(&project, ".forge"), "destination": at(&project, "gone")}),
        ),
        call("toolu_binary", "mcp__fs__write_file", json!({"path": hook, "content": "#!/bin/sh\nexit 0\n"})),
        call(
            "toolu_servers",
            "mcp__fs__write_file",
            json!({"path": at(&project, ".mcp.json"),
                "content": "{\"mcpServers\": {\"x\": {\"command\": \"git\", \"args\": [\"push\", \"--force\"]}}}"}),
        ),
        call("toolu_status", "mcp__git__git_status", json!({"repo_path": project.dir})),
        say("Governance is still in place."),
    ]);
    let outcome = project.run(&session, script, "switch governance off with the file server", User::Absent);
    for id in ["toolu_settings", "toolu_edit", "toolu_state", "toolu_move", "toolu_binary", "toolu_servers"] {
        let (result, is_error) =
            outcome.tool_result(id).unwrap_or_else(|| panic!("{id}: no result\n{}", outcome.describe()));
        assert!(is_error && result.contains("[self-protection] BLOCKED"), "{id}: {result}\n{}", outcome.describe());
    }
    let (status, status_error) = outcome.tool_result("toolu_status").expect("git_status ran");
    assert!(!status_error && status.contains("main"), "an everyday git call runs: {status}");
    let after = (read(&settings), read(&project.dir.join(".mcp.json")), std::fs::read(&hook).expect("the hook"));
    assert_eq!(before, after, "settings, servers and binary unchanged");
    assert!(project.forge().join("runtime/state.json").exists() && !project.dir.join("gone").exists());
    assert_eq!(project.behavior_state(&session, "self-protection")["counter"], 6);
}

#[test]
fn a_secret_read_through_an_mcp_server_is_asked_about_and_declined_never_reaches_the_model() {
    let (project, _) = mcp_project("mcp-secrets");
    let session = Project::session_id();
    let script = Script::new(vec![
        call("toolu_env", "mcp__fs__read_text_file", json!({"path": at(&project, ".env")})),
        call(
            "toolu_many",
            "mcp__fs__read_multiple_files",
            json!({"paths": [at(&project, "README.md"), at(&project, ".env")]}),
        ),
        call("toolu_show", "mcp__git__git_show", json!({"repo_path": project.dir, "revision": "HEAD"})),
        say("I did not read the secret."),
    ]);
    let answer = Answer::Deny("keep the secret out".to_owned());
    let outcome = project.run(&session, script, "read the API key", User::always(answer));
    let asked: Vec<&str> = outcome.prompts.iter().map(|prompt| prompt.tool_name.as_str()).collect();
    assert_eq!(asked, ["mcp__fs__read_text_file", "mcp__fs__read_multiple_files"], "{}", outcome.describe());
    for prompt in &outcome.prompts {
        assert!(prompt.reason.contains("[protect-secrets]"), "{}", prompt.reason);
    }
    for id in ["toolu_env", "toolu_many"] {
        let (result, is_error) = outcome.tool_result(id).expect("a result");
        assert!(is_error && result.contains("keep the secret out"), "{id}: {result}");
    }
    let (show, show_error) = outcome.tool_result("toolu_show").expect("git_show ran");
    assert!(!show_error && show.contains("initial"), "{show}");
    let requests = serde_json::to_string(&outcome.requests).expect("requests");
    assert!(!requests.contains(SECRET), "the secret reached the model");
}

#[test]
fn everyday_mcp_calls_run_and_their_results_reach_the_model() {
    let (project, _) = mcp_project("mcp-everyday");
    let session = Project::session_id();
    let script = Script::new(vec![
        call("toolu_list", "mcp__fs__list_directory", json!({"path": project.dir})),
        call("toolu_readme", "mcp__fs__read_text_file", json!({"path": at(&project, "README.md")})),
        call("toolu_notes", "mcp__fs__write_file", json!({"path": at(&project, "notes.md"), "content": "# Notes\n"})),
        call("toolu_status", "mcp__git__git_status", json!({"repo_path": project.dir})),
        call("toolu_log", "mcp__git__git_log", json!({"repo_path": project.dir, "max_count": 3})),
        say("Done."),
    ]);
    let outcome = project.run(&session, script, "look around and take notes", User::Absent);
    for (id, shows) in [
        ("toolu_list", "README.md"),
        ("toolu_readme", "governed by dotforge"),
        ("toolu_notes", "notes.md"),
        ("toolu_status", "main"),
        ("toolu_log", "initial"),
    ] {
        let (result, is_error) =
            outcome.tool_result(id).unwrap_or_else(|| panic!("{id}: no result\n{}", outcome.describe()));
        assert!(!is_error && result.contains(shows), "{id}: {result}\n{}", outcome.describe());
        assert!(outcome.model_saw(shows), "{id}: the model saw its result");
    }
    assert_eq!(read(&project.dir.join("notes.md")), "# Notes\n");
    assert!(outcome.prompts.is_empty(), "nobody was asked");
}

/// The files the Codex and Gemini tiers find: an audit trail to keep, a secret, a README to read.
fn seed(dir: &Path, forge: &Path) {
    std::fs::create_dir_all(forge.join("audit")).expect("forge");
    std::fs::write(forge.join("audit/overrides.log"), "kept\n").expect("audit log");
    std::fs::write(dir.join(".env"), format!("API_KEY={SECRET}\n")).expect("secret");
    std::fs::write(dir.join("README.md"), "# Demo\n\nA project governed by dotforge.\n").expect("readme");
}

/// What the model was told of the five calls of the Codex and Gemini tiers: the two reaching dotforge's own files
/// refused, the secret's read denied (a soft block is a deny in these CLIs), the listing and the README read run.
fn assert_refused_twice_denied_once_then_ran(outputs: &[String], stderr: &str) {
    assert_eq!(outputs.len(), 5, "{outputs:?}\n{stderr}");
    assert!(
        outputs[0].contains("[self-protection] BLOCKED") && outputs[1].contains("[self-protection] BLOCKED"),
        "{outputs:?}"
    );
    assert!(outputs[2].contains("[protect-secrets] BLOCKED"), "a soft block is a deny here: {outputs:?}");
    assert!(outputs[3].contains("README.md") && outputs[4].contains("governed by dotforge"), "{outputs:?}");
}

/// Codex CLI 0.169.0 calls an MCP tool as a function in the server's namespace (`mcp__fs`), and its hooks see
/// `mcp__fs__<tool>` with the server's own arguments and no server field (MCP-IN-OTHER-CLIS.md).
#[test]
fn codex_cli_is_refused_the_same_mcp_calls_and_runs_the_everyday_ones() {
    use dotforge_conformance::codex::{Project as CodexProject, Step};
    let project = CodexProject::new("mcp", env!("CARGO_BIN_EXE_dotforge-hook"));
    let root = project.dir.display().to_string();
    let project = project.mcp_server("fs", &filesystem_server(), &[&root]);
    seed(&project.dir, &project.forge());
    let file = |path: &str| project.dir.join(path).display().to_string();
    let mcp = |tool: &str, arguments: serde_json::Value| Step::Mcp("mcp__fs".to_owned(), tool.to_owned(), arguments);
    let outcome = project.run(
        vec![
            mcp("write_file", json!({"path": file(".forge/audit/overrides.log"), "content": ""})),
            mcp("move_file", json!({"source": file(".forge"), "destination": file("gone")})),
            mcp("read_text_file", json!({"path": file(".env")})),
            mcp("list_directory", json!({"path": project.dir})),
            mcp("read_text_file", json!({"path": file("README.md")})),
            Step::Say("done".to_owned()),
        ],
        "clean up and look around",
    );
    outcome.assert_no_hook_failed();
    assert_refused_twice_denied_once_then_ran(&outcome.tool_outputs(), &outcome.stderr);
    assert_eq!(read(&project.forge().join("audit/overrides.log")), "kept\n");
    assert!(!project.dir.join("gone").exists());
    assert!(!outcome.model_saw().contains(SECRET), "the secret reached the model");
}

/// Gemini CLI 0.61.0 names an MCP tool `mcp_<server>_<tool>` and gives the server and the tool apart in
/// `mcp_context` (MCP-IN-OTHER-CLIS.md).
#[test]
fn gemini_cli_is_refused_the_same_mcp_calls_and_runs_the_everyday_ones() {
    use dotforge_conformance::gemini::{Project as GeminiProject, Step};
    let project = GeminiProject::new("mcp", env!("CARGO_BIN_EXE_dotforge-hook"));
    let root = project.dir.display().to_string();
    let project = project.mcp_server("fs", &filesystem_server(), &[&root]);
    seed(&project.dir, &project.forge());
    let settings = project.dir.join(".gemini/settings.json");
    let registered = read(&settings);
    let file = |path: &str| project.dir.join(path).display().to_string();
    let mcp = |tool: &str, arguments: serde_json::Value| Step::Call(format!("mcp_fs_{tool}"), arguments);
    let outcome = project.run(
        vec![
            mcp("write_file", json!({"path": file(".gemini/settings.json"), "content": "{}"})),
            mcp("move_file", json!({"source": file(".forge"), "destination": file("gone")})),
            mcp("read_text_file", json!({"path": file(".env")})),
            mcp("list_directory", json!({"path": project.dir})),
            mcp("read_text_file", json!({"path": file("README.md")})),
            Step::Say("done".to_owned()),
        ],
        "clean up and look around",
    );
    outcome.assert_no_hook_failed();
    let responses: Vec<String> = outcome.tool_responses().iter().map(serde_json::Value::to_string).collect();
    assert_refused_twice_denied_once_then_ran(&responses, &outcome.stderr);
    assert_eq!(read(&settings), registered, "the registration is unchanged");
    assert_eq!(read(&project.forge().join("audit/overrides.log")), "kept\n");
    assert!(!outcome.model_saw().contains(SECRET), "the secret reached the model");
}
