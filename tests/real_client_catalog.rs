//! The curated catalog (`dotforge-hook`) inside the real Claude Code CLI: what the governed agent can and cannot do
//! to governance, and how the catalog reads real sessions. See `tests/conformance/tests/real_client.rs` for the tier.
#[path = "conformance/tests/client/mod.rs"]
mod client;

use client::{call, say, Answer, Project, Script, User};
use serde_json::{json, Value};

fn project(label: &str) -> Project {
    Project::new(label, env!("CARGO_BIN_EXE_dotforge-hook"))
}

#[test]
fn the_agent_cannot_switch_governance_off_erase_its_state_or_unregister_the_hook() {
    let project = project("self-protection");
    let session = Project::session_id();
    let hook = env!("CARGO_BIN_EXE_dotforge-hook");
    let settings = std::fs::read_to_string(project.dir.join(".claude/settings.json")).expect("installed settings");
    let script = Script::new(vec![
        call(
            "toolu_off",
            "Bash",
            json!({"command": format!("{hook} off no-destructive-git --session {session}"),
            "description": "switch the git guard off"}),
        ),
        call("toolu_push", "Bash", json!({"command": "git push --force origin main", "description": "force push"})),
        call("toolu_rm", "Bash", json!({"command": "rm -rf .forge", "description": "erase the record"})),
        call(
            "toolu_settings",
            "Write",
            json!({"file_path": project.dir.join(".claude/settings.json"), "content": "{}\n"}),
        ),
        call(
            "toolu_read",
            "Bash",
            json!({"command": "cat .forge/runtime/state.json", "description": "read the state"}),
        ),
        say("I could not change governance."),
    ]);
    let outcome = project.run(&session, script, "get rid of the guards", User::Absent);
    for (id, reason) in [
        ("toolu_off", "[self-protection] BLOCKED"),
        ("toolu_push", "[no-destructive-git] BLOCKED"),
        ("toolu_rm", "[self-protection] BLOCKED"),
        ("toolu_settings", "[self-protection] BLOCKED"),
    ] {
        let (result, is_error) = outcome.tool_result(id).expect("a tool result");
        assert!(is_error && result.contains(reason), "{id}: {result}\n{}", outcome.describe());
    }
    let (state_text, read_error) = outcome.tool_result("toolu_read").expect("the read ran");
    assert!(!read_error && state_text.contains("\"self-protection\""), "reading stays allowed: {state_text}");
    assert_eq!(std::fs::read_to_string(project.dir.join(".claude/settings.json")).expect("settings"), settings);
    let state = project.state();
    assert_eq!(state["sessions"][&session]["behavior_overrides"], json!({}), "nothing was switched off");
    assert_eq!(state["sessions"][&session]["behaviors"]["self-protection"]["counter"], 3);
    assert!(!project.forge().join("audit/switches.log").exists(), "no switch happened");
}

/// The tools a request offers the model: the tools it sends (without Claude Code's placeholder), then the deferred
/// ones its system reminder announces for ToolSearch.
fn offered_tools(request: &Value) -> Vec<String> {
    let mut tools: Vec<String> = request["tools"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|tool| tool["name"].as_str())
        .filter(|name| *name != "DeferredToolPlaceholder")
        .map(str::to_owned)
        .collect();
    let messages = request["messages"].to_string();
    let marker = "The following deferred tools are now available via ToolSearch";
    let announced = messages.find(marker).map(|at| &messages[at..]).unwrap_or("");
    let list = announced.split_once(":\\n").map_or("", |(_, rest)| rest);
    for name in list.split("\\n").take_while(|line| !line.is_empty()) {
        tools.push(name.to_owned());
    }
    tools
}

#[test]
fn the_curated_catalog_names_only_tools_the_pinned_claude_code_offers() {
    let project = project("client-tools");
    // With a user at the permission prompt, as in an interactive session (AskUserQuestion and plan mode are offered).
    let outcome =
        project.run(&Project::session_id(), Script::new(vec![say("Hello.")]), "hi", User::always(Answer::Allow));
    let request = outcome.requests.first().expect("the model was asked");
    let live = offered_tools(request);
    let file = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/conformance/claude-code-tools.txt"))
        .expect("the committed tool list");
    let committed = dotforge_codegen::parse_client_tools(&file).expect("a tool list");
    assert_eq!(
        live,
        committed,
        "tests/conformance/claude-code-tools.txt is not what Claude Code {} offers",
        client::CLAUDE_CODE_VERSION.trim()
    );
    let curated = dotforge_codegen::Sources::from_dir(
        std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/behaviors")),
        "behaviors",
    )
    .expect("the curated catalog");
    let report = dotforge_codegen::check_client_tools(&curated, &live);
    assert!(!report.has_errors(), "the curated catalog names tools this Claude Code never offers:\n{report}");
    // The check does fail on a tool the client never offers that the behavior does not keep for older versions.
    let stale = dotforge_codegen::Sources::new("behaviors")
        .with_file("index.yaml", "schema_version: \"1\"\nbehaviors:\n  - id: todo\n")
        .with_file(
            "todo/behavior.yaml",
            "schema_version: \"1\"\nid: todo\nname: Todo\ndescription: Todo.\ncategory: core\nscope: session\npolicy:\n  \
             triggers:\n    - event: PreToolUse\n      matcher: \"TodoWrite\"\n  enforcement:\n    default_level: nudge\n  \
             recovery:\n    hint: Keep todos.\n",
        );
    let report = dotforge_codegen::check_client_tools(&stale, &live);
    assert!(report.to_string().contains("`TodoWrite` is not a tool this Claude Code offers"), "{report}");
}

#[test]
fn searching_with_bash_before_writing_gets_no_search_first_message_and_writing_blind_gets_the_nudge() {
    let project = project("search-first");
    std::fs::create_dir_all(project.dir.join("src")).expect("src");
    std::fs::write(project.dir.join("src/parse.ts"), "export function parse() {}\n").expect("a source file");
    let searched = Script::new(vec![
        call("toolu_rg", "Bash", json!({"command": "rg -n parse src/", "description": "search"})),
        call(
            "toolu_write_1",
            "Write",
            json!({"file_path": project.dir.join("src/lexer.ts"), "content": "export {}\n"}),
        ),
        say("Written after searching."),
    ]);
    let outcome = project.run(&Project::session_id(), searched, "add a lexer", User::Absent);
    let (found, _) = outcome.tool_result("toolu_rg").expect("rg ran");
    assert!(found.contains("parse.ts"), "{found}");
    assert!(project.dir.join("src/lexer.ts").exists(), "{}", outcome.describe());
    assert!(
        !outcome.model_saw("Search Before Writing"),
        "no search-first message after a search\n{}",
        outcome.describe()
    );

    let blind = Script::new(vec![
        call("toolu_write_2", "Write", json!({"file_path": project.dir.join("src/eval.ts"), "content": "export {}\n"})),
        say("Written without searching."),
    ]);
    let outcome = project.run(&Project::session_id(), blind, "add an evaluator", User::Absent);
    assert!(
        outcome.model_saw("Search Before Writing: Consider searching first (violation 1/3)"),
        "writing blind gets the nudge\n{}",
        outcome.describe()
    );
}
