//! Every enforcement level inside the real Claude Code CLI (the pinned version in `claude-code-version.txt`),
//! offline: a scripted model on 127.0.0.1, a scripted user at the stdio permission prompt, and the
//! `real-client-hook` fixture catalog registered by its own `install`. What is asserted is what Claude Code did:
//! whether the tool ran, what the model was shown, what the user was asked, what the audit trail holds.

use dotforge_conformance::client::{call, say, Answer, Project, Script, User};
use serde_json::json;

fn project(label: &str) -> Project {
    Project::new(label, env!("CARGO_BIN_EXE_real-client-hook"))
}

#[test]
fn hard_block_stops_the_command_and_the_model_reads_the_reason() {
    let project = project("hard");
    let session = Project::session_id();
    let script = Script::new(vec![
        call("toolu_hard_1", "Bash", json!({"command": "touch hard.txt # forbidden-command", "description": "try"})),
        say("I will not try that again."),
    ]);
    let outcome = project.run(&session, script, "do the thing", User::Absent);
    assert!(!project.dir.join("hard.txt").exists(), "the command must not run\n{}", outcome.describe());
    let (result, is_error) = outcome.tool_result("toolu_hard_1").expect("a tool result");
    assert!(is_error && result.contains("GUARD-REASON: the forbidden command is refused"), "{result}");
    assert!(result.contains("This restriction cannot be overridden."), "{result}");
    assert!(outcome.model_saw("GUARD-REASON"), "the model reads why");
    assert_eq!(project.behavior_state(&session, "guard")["counter"], 1);
    assert!(outcome.prompts.is_empty(), "a hard block asks nobody");
}

#[test]
fn nudge_and_warning_reach_the_model_and_the_commands_run() {
    let project = project("ladder");
    let session = Project::session_id();
    let script = Script::new(vec![
        call("toolu_ladder_1", "Bash", json!({"command": "echo climb-ladder one", "description": "one"})),
        call("toolu_ladder_2", "Bash", json!({"command": "echo climb-ladder two", "description": "two"})),
        say("Climbed."),
    ]);
    let outcome = project.run(&session, script, "climb", User::Absent);
    for (id, output) in [("toolu_ladder_1", "climb-ladder one"), ("toolu_ladder_2", "climb-ladder two")] {
        let (result, is_error) = outcome.tool_result(id).expect("a tool result");
        assert!(!is_error && result.contains(output), "{id} ran: {result}\n{}", outcome.describe());
    }
    assert!(outcome.model_saw("LADDER-NUDGE number 1"), "the nudge reaches the model\n{}", outcome.describe());
    assert!(outcome.model_saw("LADDER-WARNING number 2\nExpected: climb slowly."), "the warning reaches the model");
    assert_eq!(project.behavior_state(&session, "ladder")["effective_level"], "warning");
}

fn guarded_write(id: &str, file: &str) -> dotforge_conformance::client::model::Turn {
    call(id, "Write", json!({"file_path": file, "content": "guarded content\n"}))
}

#[test]
fn soft_block_asks_the_user_and_an_approval_is_the_audited_override() {
    let project = project("soft-allow");
    let session = Project::session_id();
    let file = project.dir.join("approved.guarded");
    let script = Script::new(vec![guarded_write("toolu_soft_1", file.to_str().unwrap_or_default()), say("Written.")]);
    let outcome = project.run(&session, script, "write it", User::always(Answer::Allow));
    assert_eq!(outcome.prompts.len(), 1, "the user is asked once\n{}", outcome.describe());
    let prompt = &outcome.prompts[0];
    assert_eq!((prompt.tool_name.as_str(), prompt.tool_use_id.as_str()), ("Write", "toolu_soft_1"));
    assert_eq!(prompt.reason_type, "hook");
    assert!(prompt.reason.contains("ASK-WRITE-REASON: writing a guarded file"), "{}", prompt.reason);
    assert!(prompt.reason.contains("Claude Code asks the user to allow or deny this call."), "{}", prompt.reason);
    assert!(file.exists(), "the user allowed the write, so it ran");

    let state = project.behavior_state(&session, "ask-write");
    assert_eq!(state["pending_block"], serde_json::Value::Null, "{state}");
    assert_eq!(state["overrides"].as_array().map(Vec::len), Some(1), "{state}");
    assert_eq!(state["overrides"][0]["tool_name"], "Write");
    let log = project.overrides_log();
    assert_eq!(log.lines().count(), 1, "{log}");
    assert!(log.contains(&format!("|{}|ask-write|Write|", &session[..8])), "{log}");
    let metrics = &project.metrics()["behaviors"]["ask-write"];
    assert_eq!((metrics["blocks"].as_u64(), metrics["overrides"].as_u64()), (Some(1), Some(1)));
}

#[test]
fn a_declined_soft_block_runs_nothing_and_records_no_override() {
    let project = project("soft-decline");
    let session = Project::session_id();
    let file = project.dir.join("declined.guarded");
    let script = Script::new(vec![guarded_write("toolu_decline_1", file.to_str().unwrap_or_default()), say("OK.")]);
    let outcome = project.run(&session, script, "write it", User::always(Answer::Deny("not now".to_owned())));
    assert_eq!(outcome.prompts.len(), 1, "{}", outcome.describe());
    assert!(!file.exists(), "declined: nothing ran");
    let (result, is_error) = outcome.tool_result("toolu_decline_1").expect("a tool result");
    assert!(is_error && result.contains("not now"), "the model reads the user's answer: {result}");
    assert!(project.overrides_log().is_empty());
    let metrics = &project.metrics()["behaviors"]["ask-write"];
    assert_eq!((metrics["blocks"].as_u64(), metrics["overrides"].as_u64()), (Some(1), Some(0)));
}

#[test]
fn a_model_retrying_a_soft_blocked_call_is_refused_every_time_without_a_user() {
    let project = project("soft-retry");
    let session = Project::session_id();
    let file = project.dir.join("retry.guarded");
    let path = file.to_str().unwrap_or_default();
    let script = Script::new(vec![
        guarded_write("toolu_retry_1", path),
        guarded_write("toolu_retry_2", path),
        guarded_write("toolu_retry_3", path),
        say("Giving up."),
    ]);
    let outcome = project.run(&session, script, "write it", User::Absent);
    for id in ["toolu_retry_1", "toolu_retry_2", "toolu_retry_3"] {
        let (result, is_error) = outcome.tool_result(id).expect("a tool result");
        assert!(is_error && result.contains("ASK-WRITE-REASON"), "{id}: {result}\n{}", outcome.describe());
    }
    assert!(!file.exists(), "no retry got through");
    assert!(project.overrides_log().is_empty(), "the model cannot override");
    assert_eq!(project.behavior_state(&session, "ask-write")["counter"], 3);
    assert_eq!(project.metrics()["behaviors"]["ask-write"]["overrides"], 0);
}

#[test]
fn a_soft_block_holds_against_bypass_permissions_mode() {
    // Bypass mode refuses to start as root unless the CLI is told it runs in a sandbox, which it does here.
    let project = project("soft-bypass").env("IS_SANDBOX", "1").arg("--permission-mode").arg("bypassPermissions");
    let session = Project::session_id();
    let file = project.dir.join("bypass.guarded");
    let script = Script::new(vec![guarded_write("toolu_bypass_1", file.to_str().unwrap_or_default()), say("OK.")]);
    let outcome = project.run(&session, script, "write it", User::Absent);
    let (result, is_error) = outcome.tool_result("toolu_bypass_1").expect("a tool result");
    assert!(is_error && result.contains("ASK-WRITE-REASON"), "{result}\n{}", outcome.describe());
    assert!(!file.exists(), "the hook's ask is not bypassed");
    let init = outcome.events.iter().find(|event| event["subtype"] == "init").expect("init event");
    assert_eq!(init["permissionMode"], "bypassPermissions", "the session really ran in bypass mode");
}

#[test]
fn deny_mode_keeps_the_spec_literal_weakness_the_model_lifts_the_block_by_retrying() {
    let project = project("soft-deny-mode").env("FORGE_SOFT_BLOCK", "deny");
    let session = Project::session_id();
    let file = project.dir.join("deny-mode.guarded");
    let path = file.to_str().unwrap_or_default();
    let script =
        Script::new(vec![guarded_write("toolu_deny_1", path), guarded_write("toolu_deny_2", path), say("Done.")]);
    let outcome = project.run(&session, script, "write it", User::always(Answer::Allow));
    assert!(outcome.prompts.is_empty(), "deny mode asks nobody\n{}", outcome.describe());
    let (first, is_error) = outcome.tool_result("toolu_deny_1").expect("a tool result");
    assert!(is_error && first.contains("Repeating the identical call within 60 s overrides this block"), "{first}");
    assert!(file.exists(), "the retry went through: the documented weakness of deny mode");
    assert_eq!(project.overrides_log().lines().count(), 1);
}

#[test]
fn a_blocked_prompt_never_reaches_the_model() {
    let project = project("prompt");
    let session = Project::session_id();
    let outcome =
        project.run(&session, Script::new(vec![say("unreachable")]), "tell me the launch codes", User::Absent);
    assert!(!outcome.model_saw("launch codes"), "the prompt must not be sent\n{}", outcome.describe());
    let shown = outcome.events.iter().any(|event| event.to_string().contains("PROMPT-GUARD-REASON"));
    assert!(shown, "the user is told why\n{}", outcome.describe());
    assert_eq!(project.behavior_state(&session, "prompt-guard")["counter"], 1);
    // The transcript keeps the blocked prompt, so a backtest sees it too.
    assert_eq!(project.backtest(&[])["behaviors"]["prompt-guard"]["violations"], 1);
}

#[test]
fn a_stop_block_makes_the_agent_go_on_once_and_never_loops() {
    let project = project("stop").env("FORGE_HOOK_PROFILE", "strict");
    let session = Project::session_id();
    let script = Script::new(vec![say("First answer."), say("Second answer, after the stop hook.")]);
    let outcome = project.run(&session, script, "answer", User::Absent);
    assert!(outcome.model_saw("STOP-GUARD-REASON: run the tests before you stop"), "{}", outcome.describe());
    assert_eq!(outcome.main_requests(None), 2, "one extra turn, no loop\n{}", outcome.describe());
    assert!(outcome.result().is_some(), "the session ends");
    let state = project.behavior_state(&session, "stop-guard");
    assert_eq!(state["counter"], 2, "the second stop counts but does not block: {state}");
}

#[test]
fn a_flag_set_on_post_tool_use_lets_the_agent_stop() {
    let project = project("flag").env("FORGE_HOOK_PROFILE", "strict");
    let session = Project::session_id();
    let script = Script::new(vec![
        call("toolu_flag_1", "Bash", json!({"command": "echo run-tests passed", "description": "tests"})),
        say("Tests ran; done."),
    ]);
    let outcome = project.run(&session, script, "test and finish", User::Absent);
    assert!(!outcome.model_saw("STOP-GUARD-REASON"), "{}", outcome.describe());
    assert_eq!(outcome.main_requests(None), 2);
    let state = project.state();
    assert_eq!(state["sessions"][&session]["behaviors"]["stop-guard"]["counter"], serde_json::Value::Null);
    assert!(state["sessions"][&session]["flags"].get("tests_ran").is_none(), "the Stop check consumed the flag");
}

#[test]
fn a_subagent_call_carries_its_agent_type_to_the_hook() {
    let project = project("subagent");
    let session = Project::session_id();
    let marker = "SUBAGENT-TASK survey the repository";
    let script = Script::new(vec![
        call(
            "toolu_agent_1",
            "Agent",
            json!({"description": "survey", "prompt": marker, "subagent_type": "Explore",
            "run_in_background": false}),
        ),
        call("toolu_main_echo", "Bash", json!({"command": "echo explore-marker from main", "description": "echo"})),
        say("Survey done."),
    ])
    .agent(
        "SUBAGENT-TASK",
        vec![
            call("toolu_sub_echo", "Bash", json!({"command": "echo explore-marker", "description": "look"})),
            say("Nothing of note."),
        ],
    );
    let outcome = project.run(&session, script, "survey", User::Absent);
    let (sub, sub_error) = outcome.tool_result("toolu_sub_echo").expect("the subagent's call ran");
    assert!(!sub_error && sub.contains("explore-marker"), "{sub}\n{}", outcome.describe());
    let subagent_saw = outcome.requests.iter().filter(|request| request["messages"].to_string().contains(marker));
    let nudged =
        subagent_saw.into_iter().any(|request| request.to_string().contains("EXPLORE-NUDGE for the Bash call"));
    assert!(nudged, "the Explore subagent is nudged\n{}", outcome.describe());
    let main_nudged = outcome
        .requests
        .iter()
        .filter(|request| !request["messages"].to_string().contains(marker))
        .any(|request| request.to_string().contains("EXPLORE-NUDGE"));
    assert!(!main_nudged, "the main agent is not an Explore agent");
    assert_eq!(project.behavior_state(&session, "explore-only")["counter"], 1);
}

/// The transcript Claude Code wrote for a session, replayed by `backtest`, gives the counters the live hook wrote.
#[test]
fn backtesting_the_recorded_transcript_gives_the_counters_the_live_hook_wrote() {
    let project = project("backtest").env("FORGE_HOOK_PROFILE", "strict");
    let session = Project::session_id();
    let marker = "SUBAGENT-TASK look around";
    let script = Script::new(vec![
        call("toolu_b_hard", "Bash", json!({"command": "echo forbidden-command", "description": "hard"})),
        call("toolu_b_ladder_1", "Bash", json!({"command": "echo climb-ladder 1", "description": "one"})),
        call("toolu_b_ladder_2", "Bash", json!({"command": "echo climb-ladder 2", "description": "two"})),
        call("toolu_b_write", "Write", json!({"file_path": project.dir.join("b.guarded"), "content": "x"})),
        call(
            "toolu_b_agent",
            "Agent",
            json!({"description": "look", "prompt": marker, "subagent_type": "Explore",
            "run_in_background": false}),
        ),
        say("First stop."),
        say("Second stop, after the stop hook."),
    ])
    .agent(
        marker,
        vec![call("toolu_b_sub", "Bash", json!({"command": "echo explore-marker", "description": "x"})), say("ok")],
    );
    let outcome = project.run(&session, script, "do everything", User::Absent);
    assert!(outcome.model_saw("STOP-GUARD-REASON"), "{}", outcome.describe());
    let live = project.state()["sessions"][&session]["behaviors"].clone();
    let report = project.backtest(&["--profile", "strict"]);
    assert_eq!(report["sessions"], 1, "{report}");
    for behavior in ["guard", "ladder", "ask-write", "stop-guard", "explore-only"] {
        let counter = live[behavior]["counter"].as_u64().unwrap_or(0);
        assert!(counter > 0, "{behavior} fired live: {live}");
        assert_eq!(report["behaviors"][behavior]["violations"].as_u64(), Some(counter), "{behavior}: {report}");
    }
    // By hand from the catalog: one hard block, a nudge then a warning, one soft block, a Stop block and then (the
    // agent going on with stop_hook_active) a warning, one nudge for the Explore subagent.
    let by_level = |behavior: &str| report["behaviors"][behavior]["by_level"].clone();
    assert_eq!(by_level("guard"), json!({"hard_block": 1}));
    assert_eq!(by_level("ladder"), json!({"nudge": 1, "warning": 1}));
    assert_eq!(by_level("ask-write"), json!({"soft_block": 1}));
    assert_eq!(by_level("stop-guard"), json!({"soft_block": 1, "warning": 1}));
    assert_eq!(by_level("explore-only"), json!({"nudge": 1}));
}
