//! The operator commands of every hook binary: status, list, describe, on/off, audit, install/uninstall.

use dotforge_conformance::hook::{run_command, scratch_dir, Hook};
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;

fn hook(label: &str) -> Hook {
    Hook::with_bin(env!("CARGO_BIN_EXE_dotforge-hook"), label)
}

fn cli(hook: &Hook, args: &[&str]) -> dotforge_conformance::hook::Run {
    let mut command = hook.command();
    command.args(args);
    run_command(command, b"")
}

#[test]
fn status_on_an_empty_forge_root_says_so() {
    let hook = hook("status-empty");
    let run = cli(&hook, &["status"]);
    assert_eq!(run.code, Some(0));
    assert_eq!(run.stdout.trim(), format!("no sessions recorded yet in {} (no state.json)", hook.root.display()));
    let json = cli(&hook, &["status", "--json"]);
    assert_eq!(
        serde_json::from_str::<Value>(&json.stdout).ok().map(|value| value["sessions"].clone()),
        Some(json!([]))
    );
}

#[test]
fn status_on_a_corrupt_state_warns_and_does_not_crash() {
    let hook = hook("status-corrupt");
    std::fs::create_dir_all(hook.root.join("runtime")).expect("dir");
    std::fs::write(hook.state_path(), "{\"sessions\": {").expect("write");
    let run = cli(&hook, &["status"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stderr.starts_with("[forge] ") && run.stderr.contains("corrupt"), "{}", run.stderr);
    assert!(run.stdout.contains("no live sessions"), "{}", run.stdout);
    assert_eq!(std::fs::read_to_string(hook.state_path()).expect("kept"), "{\"sessions\": {", "status changes nothing");
}

#[test]
fn status_and_audit_read_what_they_can_of_a_state_with_one_broken_session_line() {
    let hook = hook("status-broken-line");
    for n in 0..2 {
        hook.pre_call("s", "Write", json!({"file_path": format!("src/{n}.ts")}), &format!("toolu_{n}")).checked();
    }
    let text = std::fs::read_to_string(hook.state_path()).expect("state");
    let broken = text.replace("\n}}", ",\n\"other\":{\"x\":[1,}\n}}");
    std::fs::write(hook.state_path(), &broken).expect("break a line");
    let run = cli(&hook, &["status", "--session", "s"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stderr.starts_with("[forge] ") && run.stderr.contains("corrupt"), "{}", run.stderr);
    assert!(run.stdout.contains("2 violations"), "the readable session is shown: {}", run.stdout);
    let json: Value = serde_json::from_str(&cli(&hook, &["audit", "--json"]).stdout).expect("json");
    assert_eq!(json["violations"], 2, "the totals are on the first line");
    assert_eq!(std::fs::read_to_string(hook.state_path()).expect("kept"), broken, "status and audit change nothing");
}

#[test]
fn status_shows_counters_levels_thresholds_and_last_violations() {
    let hook = hook("status-sessions");
    for n in 0..3 {
        hook.pre("older", "Write", json!({"file_path": format!("src/{n}.ts")})).checked();
    }
    std::thread::sleep(std::time::Duration::from_millis(1100));
    hook.pre("newer", "Bash", json!({"command": "git push --force"})).checked();
    let run = cli(&hook, &["status"]);
    let text = &run.stdout;
    let newer = text.find("session newer").expect("newer listed");
    let older = text.find("session older").expect("older listed");
    assert!(newer < older, "newest first:\n{text}");
    let row = text
        .lines()
        .skip_while(|line| !line.starts_with("session older"))
        .find(|line| line.trim_start().starts_with("search-first"));
    let row = row.unwrap_or_default();
    assert!(
        row.contains("on")
            && row.contains(" 3 ")
            && row.contains("warning")
            && row.contains("5 → soft_block")
            && row.contains("(Write)"),
        "{row}"
    );
    assert!(text.contains("3 violations · 0 overrides · 13/16 behaviors active"), "{text}");
    // Only what happened is listed: the behaviors with nothing to show are counted, and `--all` lists them.
    let older_part = &text[older..];
    assert!(!older_part.contains("no-publish"), "a quiet behavior is not listed:\n{text}");
    assert!(older_part.contains("15 more with nothing to show") && older_part.contains("status --all"), "{text}");
    let all = cli(&hook, &["status", "--session", "older", "--all"]).stdout;
    assert!(
        all.contains("no-publish") && all.contains("objection-format") && !all.contains("more with nothing"),
        "{all}"
    );

    let json: Value =
        serde_json::from_str(&cli(&hook, &["status", "--session", "older", "--json"]).stdout).expect("json");
    let search = json["sessions"][0]["behaviors"]
        .as_array()
        .and_then(|rows| rows.iter().find(|row| row["id"] == "search-first").cloned());
    let search = search.unwrap_or_default();
    assert_eq!(
        (search["counter"].clone(), search["level"].clone(), search["next_threshold"].clone()),
        (json!(3), json!("warning"), json!(5))
    );
    assert_eq!(cli(&hook, &["status", "--session", "missing"]).code, Some(1));
}

#[test]
fn off_and_on_for_a_session_change_what_the_next_event_does() {
    let hook = hook("switch");
    let force = json!({"command": "git reset --hard HEAD~1"});
    assert!(hook.pre("s", "Bash", force.clone()).is_hard_block());
    let off = cli(&hook, &["off", "no-destructive-git", "--session", "s"]);
    assert_eq!(off.code, Some(0), "{}", off.stderr);
    hook.pre("s", "Bash", force.clone()).assert_pass();
    assert!(hook.pre("other", "Bash", force.clone()).is_hard_block(), "other sessions are unaffected");
    assert_eq!(cli(&hook, &["on", "no-destructive-git", "--session", "s"]).code, Some(0));
    assert!(hook.pre("s", "Bash", force).is_hard_block());
    assert_eq!(cli(&hook, &["on", "objection-format", "--session", "s"]).code, Some(0));
    let prompt = json!({"hook_event_name": "UserPromptSubmit", "session_id": "s", "prompt": "no, stop"});
    assert!(hook.run(&prompt).message().contains("Objection Format"), "an index-disabled behavior switched on");
}

#[test]
fn unknown_ids_and_bad_usage_have_their_exit_codes() {
    let hook = hook("switch-errors");
    let unknown = cli(&hook, &["off", "nope", "--session", "s"]);
    assert_eq!(unknown.code, Some(1));
    assert!(
        unknown.stderr.contains("unknown behavior `nope`; the catalog has: self-protection, no-destructive-git,"),
        "{}",
        unknown.stderr
    );
    let no_session = cli(&hook, &["off", "search-first"]);
    assert_eq!(no_session.code, Some(1), "no session to default to");
    assert!(
        no_session.stderr.contains("no live session in") && no_session.stderr.contains("--session ID"),
        "{}",
        no_session.stderr
    );
    assert_eq!(cli(&hook, &["off", "search-first", "--session"]).code, Some(2), "--session needs a value");
    assert_eq!(cli(&hook, &["describe", "nope"]).code, Some(1));
    assert_eq!(cli(&hook, &["frobnicate"]).code, Some(2));
    let help = cli(&hook, &["--help"]);
    assert_eq!(help.code, Some(0));
    for command in ["status", "list", "describe", "on", "off", "audit", "install", "uninstall", "test", "simulate"] {
        assert!(help.stdout.contains(&format!("  {command} ")), "`{command}` in --help:\n{}", help.stdout);
    }
}

#[test]
fn without_session_the_only_live_session_is_chosen_and_several_are_listed_to_pick_from() {
    let hook = hook("switch-default");
    let force = json!({"command": "git reset --hard HEAD~1"});
    assert!(hook.pre("only-one", "Bash", force.clone()).is_hard_block());
    let off = cli(&hook, &["off", "no-destructive-git"]);
    assert_eq!(off.code, Some(0), "{}", off.stderr);
    assert!(off.stdout.contains("for session `only-one`"), "it says which session: {}", off.stdout);
    hook.pre("only-one", "Bash", force.clone()).assert_pass();

    std::thread::sleep(std::time::Duration::from_millis(1100));
    assert!(hook.pre("a-second-session-with-a-long-id", "Bash", force.clone()).is_hard_block());
    let several = cli(&hook, &["on", "no-destructive-git"]);
    assert_eq!(several.code, Some(1), "two live sessions: no guessing");
    let listed: Vec<&str> = several.stderr.lines().collect();
    assert!(listed[0].contains("2 live sessions; pick one with --session ID"), "{}", several.stderr);
    assert!(
        listed[2].trim_start().starts_with("a-second-session-with-a-long-id")
            && listed[3].trim_start().starts_with("only-one"),
        "newest first:\n{}",
        several.stderr
    );
    assert_eq!(listed[2].find("20"), listed[3].find("20"), "the columns line up:\n{}", several.stderr);
    hook.pre("only-one", "Bash", force.clone()).assert_pass(); // nothing was switched

    // `allow` picks the one session where a soft block of that behavior waits.
    assert_eq!(hook.pre("only-one", "Bash", json!({"command": "cat .env"})).kind(), "ask");
    let allow = cli(&hook, &["allow", "protect-secrets"]);
    assert_eq!(allow.code, Some(0), "{}", allow.stderr);
    assert!(allow.stdout.contains("session `only-one`"), "{}", allow.stdout);
    let pending = &hook.behavior_state("only-one", "protect-secrets")["pending_block"];
    assert!(pending["allowed_at"].is_string(), "{pending}");
    let none = cli(&hook, &["allow", "no-publish"]);
    assert_eq!(none.code, Some(1));
    assert!(
        none.stderr.contains("no live sessions with a soft block of `no-publish` waiting among the 2 live sessions"),
        "{}",
        none.stderr
    );
}

#[test]
fn session_switches_are_audited_and_a_locked_behavior_cannot_be_switched_off() {
    let hook = hook("switch-audit");
    let locked = cli(&hook, &["off", "self-protection", "--session", "s"]);
    assert_eq!(locked.code, Some(1));
    assert!(locked.stderr.contains("`self-protection` is locked: a session cannot switch it off"), "{}", locked.stderr);
    assert_eq!(cli(&hook, &["off", "search-first", "--session", "session-a"]).code, Some(0));
    assert_eq!(cli(&hook, &["on", "search-first", "--session", "session-a"]).code, Some(0));
    let log = std::fs::read_to_string(hook.root.join("audit/switches.log")).expect("switches.log");
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    // CONTRACT §7's fields, then the chain's hash field (the extension): `audit --verify` finds the trail whole.
    let fields = |line: &str| line.rsplit_once("|h=").map(|(fields, hash)| (fields.to_owned(), hash.len()));
    assert_eq!(
        fields(lines[0]).map(|(fields, hash)| (fields.ends_with("|session-a|search-first|off"), hash)),
        Some((true, 16)),
        "{log}"
    );
    assert_eq!(
        fields(lines[1]).map(|(fields, hash)| (fields.ends_with("|session-a|search-first|on"), hash)),
        Some((true, 16)),
        "{log}"
    );
    let verified = cli(&hook, &["audit", "--verify"]);
    assert_eq!(verified.code, Some(0), "{}{}", verified.stdout, verified.stderr);
    assert!(verified.stdout.contains("audit/switches.log: 2 lines — whole"), "{}", verified.stdout);
    let text = cli(&hook, &["audit"]).stdout;
    assert!(text.contains("session switches      2 (audit/switches.log)"), "{text}");
    assert!(text.contains("off  search-first  session session-a"), "{text}");
    let json: Value = serde_json::from_str(&cli(&hook, &["audit", "--json"]).stdout).expect("json");
    assert_eq!(json["switches"][0]["switch"], "off");
    assert_eq!(json["switches"][1]["behavior"], "search-first");

    // A state.json edited to switch the locked behavior off changes nothing.
    let mut state = hook.state();
    state["sessions"]["session-a"]["behavior_overrides"]["self-protection"] = json!({"enabled": false});
    hook.write_state(&state);
    let project = hook.root.parent().expect("project");
    let run = hook.run(&json!({"hook_event_name": "PreToolUse", "session_id": "session-a", "cwd": project,
        "tool_name": "Bash", "tool_input": {"command": "rm -rf .forge"}}));
    assert!(run.message().starts_with("**[self-protection] BLOCKED:**"), "{}", run.stdout);
}

#[test]
fn list_and_describe_explain_the_compiled_catalog() {
    let hook = hook("describe");
    let list = cli(&hook, &["list", "--category", "opinionated"]);
    let lines: Vec<&str> = list.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", list.stdout);
    assert!(lines[1].starts_with("plan-before-code") && lines[1].contains("off"));
    let all = cli(&hook, &["list"]);
    assert!(all.stdout.contains("silent → nudge@1 → warning@3 → soft_block@5"), "{}", all.stdout);
    let describe = cli(&hook, &["describe", "verify-before-done"]).stdout;
    for needle in [
        "verify-before-done — Verify Before Done (core, on in the index)",
        "1. on PostToolUse for Bash when `command` runs `pytest|py.test|tox|nox|jest|vitest|rspec|ctest|phpunit|mocha|karma` or",
        "set flag `verification_ran`",
        "2. on PreToolUse for Bash when `command` runs `git push`: check flag `verification_ran` (present: consume, absent: violation)",
        "Escalation: silent until violation 1 → nudge, violation 2 → warning, violation 3 → soft_block",
        "block_reason: \"Pushing without running the tests or build first.\"",
        "Scenarios: verify-before-done/tests/commands.yaml",
    ] {
        assert!(describe.contains(needle), "missing `{needle}` in:\n{describe}");
    }
}

#[test]
fn audit_reports_violations_blocks_overrides_and_the_rate() {
    let hook = hook("audit");
    for n in 0..5 {
        hook.pre_call("s", "Write", json!({"file_path": format!("src/{n}.ts")}), &format!("toolu_{n}")).checked();
    }
    // The user allows the soft-blocked fifth write: its PostToolUse is the override.
    hook.post_call("s", "Write", json!({"file_path": "src/4.ts"}), "toolu_4").assert_pass();
    let json: Value = serde_json::from_str(&cli(&hook, &["audit", "--json"]).stdout).expect("json");
    assert_eq!((json["installed"].clone(), json["enabled"].clone()), (json!(16), json!(13)));
    assert_eq!(
        (json["violations"].clone(), json["blocks"].clone(), json["overrides"].clone()),
        (json!(5), json!(1), json!(1))
    );
    assert_eq!(json["overrides_logged"], 1);
    // One overridden block is no evidence yet: rated from five blocks on (a deviation from CONTRACT §8).
    assert_eq!(
        (json["escalation_effectiveness"].clone(), json["min_blocks_to_rate"].clone()),
        (json!("unrated"), json!(5))
    );
    let text = cli(&hook, &["audit"]).stdout;
    assert!(text.contains("override rate         1.00 — unrated (1 of 5 blocks)"), "{text}");
    assert!(
        table_row(&text, "search-first").ends_with("5       1          1  1.00  unrated (1 of 5 blocks)"),
        "{text}"
    );
    assert!(table_row(&text, "no-publish").ends_with("0.00  no blocks"), "{text}");
    assert_columns_line_up(&text, &["behavior", "violations", "blocks", "overrides", "rate", "verdict"]);

    // Four more blocks, each allowed by the user: five blocks, five overrides — now rated, and ineffective.
    for n in 5..9 {
        let id = format!("toolu_{n}");
        assert_eq!(hook.pre_call("s", "Write", json!({"file_path": format!("src/{n}.ts")}), &id).kind(), "ask");
        hook.post_call("s", "Write", json!({"file_path": format!("src/{n}.ts")}), &id).assert_pass();
    }
    let json: Value = serde_json::from_str(&cli(&hook, &["audit", "--json"]).stdout).expect("json");
    assert_eq!((json["blocks"].clone(), json["overrides"].clone()), (json!(5), json!(5)));
    assert_eq!(json["escalation_effectiveness"], "ineffective");
    let text = cli(&hook, &["audit"]).stdout;
    assert!(text.contains("override rate         1.00 — ineffective"), "{text}");
    assert!(table_row(&text, "search-first").ends_with("1.00  ineffective"), "{text}");
    let metrics: Value =
        serde_json::from_slice(&std::fs::read(hook.root.join("audit/metrics.json")).expect("metrics.json"))
            .expect("json");
    assert_eq!(metrics["behaviors"]["search-first"]["escalation_effectiveness"], "ineffective", "the view agrees");
}

/// The line of `text` whose first word is `id`.
fn table_row<'a>(text: &'a str, id: &str) -> &'a str {
    text.lines()
        .find(|line| line.split_whitespace().next() == Some(id))
        .unwrap_or_else(|| panic!("no `{id}` row:\n{text}"))
}

/// Every row of the table whose header names `columns` (in order) keeps each cell inside its column: the first
/// column's cells start where its title starts, and every other title's span, widened to the cells below, holds
/// exactly one cell — so no long name pushes a number out of line.
fn assert_columns_line_up(text: &str, columns: &[&str]) {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines.iter().position(|line| line.split_whitespace().eq(columns.iter().copied())).expect("the header");
    let header = lines[at];
    let mut starts = Vec::new();
    let mut from = 0;
    for title in columns {
        let start = from + header[from..].find(title).expect("a title");
        starts.push(start);
        from = start + title.len();
    }
    let rows: Vec<&str> = lines[at + 1..].iter().take_while(|line| !line.trim().is_empty()).copied().collect();
    assert!(!rows.is_empty(), "{text}");
    for row in rows {
        let chars: Vec<char> = row.chars().collect();
        for pair in starts.windows(2) {
            // Two spaces before each column's span begins: the cell to the left ended in time.
            let gap = pair[1] - 2;
            assert!(
                chars.get(gap..pair[1]).is_some_and(|gap| gap.iter().all(|c| *c == ' ')),
                "misaligned row:\n{header}\n{row}"
            );
        }
        assert_ne!(chars.get(starts[0]), Some(&' '), "{row}");
    }
}

const EXISTING: &str = r#"{
  "model": "opus",
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [
          {
            "type": "command",
            "command": "./guard.sh"
          }
        ]
      }
    ],
    "Notification": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "notify-send done"
          }
        ]
      }
    ]
  },
  "permissions": {
    "allow": [
      "Bash(ls:*)"
    ]
  }
}
"#;

fn install(project: &Path, args: &[&str]) -> dotforge_conformance::hook::Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dotforge-hook"));
    command.current_dir(project).args(args);
    run_command(command, b"")
}

#[test]
fn install_keeps_existing_hooks_byte_for_byte_and_uninstall_restores_the_original() {
    let project = scratch_dir("install");
    let settings = project.join(".claude/settings.json");
    std::fs::create_dir_all(project.join(".claude")).expect("dir");
    std::fs::write(&settings, EXISTING).expect("write");
    let run = install(&project, &["install", "--command", "./hook", "--timeout", "5"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let installed = std::fs::read_to_string(&settings).expect("read");
    let pre_existing = &EXISTING[EXISTING.find("      {\n        \"matcher\": \"Bash\"").unwrap_or(0)
        ..EXISTING.find("    ],\n    \"Notification\"").unwrap_or(0)];
    assert!(installed.contains(pre_existing.trim_end()), "existing entry kept byte for byte:\n{installed}");
    let value: Value = serde_json::from_str(&installed).expect("valid JSON");
    let keys: Vec<&String> = value.as_object().map(|map| map.keys().collect()).unwrap_or_default();
    assert_eq!(keys.len(), 3);
    assert!(
        installed.find("\"model\"") < installed.find("\"hooks\"")
            && installed.find("\"hooks\"") < installed.find("\"permissions\"")
    );
    let pre = value["hooks"]["PreToolUse"].as_array().cloned().unwrap_or_default();
    assert_eq!(pre.len(), 2);
    assert_eq!(pre[0]["hooks"][0]["command"], "./guard.sh", "existing entries first, in order");
    assert_eq!(pre[1]["hooks"][0], json!({"type": "command", "command": "./hook", "timeout": 5}));
    // Every MCP tool too: a known server's tools are judged as the built-in ones, an unknown one by its paths.
    assert_eq!(
        pre[1]["matcher"],
        "^(Bash|Write|Edit|MultiEdit|NotebookEdit|Read|Grep|Glob|Agent|Task|TaskUpdate|TaskCreate|ExitPlanMode)$|mcp__.*"
    );
    // PostToolUse sees every tool (its output is screened for secrets before the model reads it), and
    // PostToolUseFailure the calls a soft block can ask about (the user's approval).
    assert_eq!(value["hooks"]["PostToolUse"][0]["matcher"], "*");
    let after = "^(Bash|Read|Write|Edit|MultiEdit|NotebookEdit)$|mcp__.*";
    assert_eq!(value["hooks"]["PostToolUseFailure"][0]["matcher"], after);
    assert!(value["hooks"]["UserPromptSubmit"][0].get("matcher").is_none());
    assert_eq!(value["hooks"]["Notification"][0]["hooks"][0]["command"], "notify-send done");
    assert_eq!(
        std::fs::read_to_string(project.join(".gitignore")).expect("gitignore"),
        "# dotforge: hook runtime state (added by `install`)\n.forge/runtime/\n"
    );

    assert_eq!(install(&project, &["install", "--command", "./hook", "--timeout", "5"]).code, Some(0));
    assert_eq!(std::fs::read_to_string(&settings).expect("read"), installed, "installing twice changes nothing");

    let removed = install(&project, &["uninstall", "--command", "./hook"]);
    assert_eq!(removed.code, Some(0), "{}", removed.stderr);
    assert_eq!(std::fs::read_to_string(&settings).expect("read"), EXISTING, "uninstall restores the original bytes");
    assert!(!project.join(".gitignore").exists(), "the .gitignore that install created is gone");
}

#[test]
fn install_creates_settings_and_dry_run_writes_nothing() {
    let project = scratch_dir("install-new");
    let dry = install(&project, &["install", "--dry-run"]);
    assert_eq!(dry.code, Some(0), "{}", dry.stderr);
    assert!(!project.join(".claude").exists());
    let value: Value = serde_json::from_str(&dry.stdout).expect("dry run prints the settings");
    let command = value["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().unwrap_or_default().to_owned();
    assert!(command.ends_with("dotforge-hook\""), "{command}");
    // This binary lives outside the project: its path is one of this machine, kept out of the shared settings.
    let installed = install(&project, &["install"]);
    assert_eq!(installed.code, Some(0));
    assert!(
        installed.stderr.starts_with("[forge] ") && installed.stderr.contains("settings.local.json"),
        "{}",
        installed.stderr
    );
    assert!(project.join(".claude/settings.local.json").exists() && !project.join(".claude/settings.json").exists());
    assert_eq!(install(&project, &["uninstall"]).code, Some(0));
    assert!(!project.join(".claude").exists(), "a settings file that install created is removed again");
    // Named on purpose, the shared file is the one written.
    let shared = install(&project, &["install", "--settings", ".claude/settings.json"]);
    assert_eq!(shared.code, Some(0));
    assert!(project.join(".claude/settings.json").exists() && !project.join(".claude/settings.local.json").exists());
}

#[test]
fn a_binary_inside_the_project_is_registered_in_the_shared_settings_by_a_path_every_teammate_has() {
    let project = scratch_dir("install-inside");
    let binary = project.join("tools/dotforge-hook");
    std::fs::create_dir_all(binary.parent().expect("folder")).expect("dir");
    std::fs::copy(env!("CARGO_BIN_EXE_dotforge-hook"), &binary).expect("copy the hook into the project");
    let run = dotforge_conformance::hook::output(Command::new(&binary).current_dir(&project).arg("install"));
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(run.stderr.is_empty(), "{}", String::from_utf8_lossy(&run.stderr));
    let settings: Value =
        serde_json::from_str(&std::fs::read_to_string(project.join(".claude/settings.json")).expect("shared settings"))
            .expect("JSON");
    assert_eq!(
        settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        "\"$CLAUDE_PROJECT_DIR\"/tools/dotforge-hook"
    );
}

#[test]
fn install_refuses_invalid_json_and_leaves_it_unchanged() {
    let project = scratch_dir("install-invalid");
    std::fs::create_dir_all(project.join(".claude")).expect("dir");
    let broken = "{ \"hooks\": { \"PreToolUse\": [ } \n";
    std::fs::write(project.join(".claude/settings.json"), broken).expect("write");
    let run = install(&project, &["install", "--settings", ".claude/settings.json"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("is not valid JSON") && run.stderr.contains("left unchanged"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(project.join(".claude/settings.json")).expect("read"), broken);
}

#[test]
fn a_payload_the_hook_ignores_says_why_on_stderr_and_still_exits_0() {
    let run = |payload: &str| {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_dotforge-hook"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .env("FORGE_ROOT", dotforge_conformance::hook::scratch_dir("ignored-payloads").join(".forge"))
            .spawn()
            .expect("run the hook");
        std::io::Write::write_all(child.stdin.as_mut().expect("stdin"), payload.as_bytes()).expect("payload");
        drop(child.stdin.take());
        let output = child.wait_with_output().expect("wait");
        assert_eq!(output.status.code(), Some(0), "hook mode always exits 0");
        assert!(output.stdout.is_empty(), "nothing on stdout");
        String::from_utf8_lossy(&output.stderr).into_owned()
    };
    assert!(run("not json").starts_with("[forge] ignored the payload: it is not a JSON object"));
    let typo =
        run(r#"{"hook_event_name":"PreTooluse","session_id":"s","tool_name":"Bash","tool_input":{"command":"ls"}}"#);
    assert!(typo.contains("`PreTooluse` is not one this hook handles (did you mean `PreToolUse`?)"), "{typo}");
    assert!(run(r#"{"tool_name":"Bash"}"#).contains("it has no `hook_event_name`"));
    assert_eq!(run(r#"{"hook_event_name":"SessionStart","session_id":"s"}"#), "", "a known event it does not handle");
    assert_eq!(run(r#"{"hook_event_name":"BeforeModel","session_id":"s"}"#), "", "Gemini's too");
}

#[test]
fn install_for_each_new_cli_writes_its_own_file_twice_the_same_and_uninstall_restores_the_original() {
    // (harness, the project's file, an existing file of the person's to keep)
    let clis = [
        ("copilot", ".github/hooks/dotforge.json", None),
        ("qwen", ".qwen/settings.json", Some("{\n  \"general\": {\"disableAutoUpdate\": true}\n}\n")),
        ("droid", ".factory/settings.json", Some("{\n  \"model\": \"custom:gpt-4.1\"\n}")),
    ];
    for (harness, file, existing) in clis {
        let project = scratch_dir(&format!("install-{harness}"));
        let settings = project.join(file);
        if let Some(existing) = existing {
            std::fs::create_dir_all(settings.parent().expect("folder")).expect("dir");
            std::fs::write(&settings, existing).expect("write");
        }
        let run = install(&project, &["install", "--harness", harness]);
        assert_eq!(run.code, Some(0), "{harness}: {}", run.stderr);
        let installed = std::fs::read_to_string(&settings).unwrap_or_else(|_| panic!("{harness}: {file} written"));
        let value: Value = serde_json::from_str(&installed).expect("valid JSON");
        let command = value["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().unwrap_or_default().to_owned();
        assert!(command.ends_with(&format!(" hook --harness {harness}")), "{harness}: {command}");
        assert_eq!(install(&project, &["install", "--harness", harness]).code, Some(0));
        assert_eq!(std::fs::read_to_string(&settings).ok(), Some(installed), "{harness}: installing twice is the same");
        assert_eq!(install(&project, &["uninstall", "--harness", harness]).code, Some(0));
        match existing {
            Some(existing) => {
                assert_eq!(std::fs::read_to_string(&settings).ok().as_deref(), Some(existing), "{harness}")
            }
            None => {
                assert!(!settings.exists() && !project.join(".github").exists(), "{harness}: what install made is gone")
            }
        }
        assert!(!project.join(".gitignore").exists(), "{harness}: the .gitignore install created is gone");
    }
}

#[test]
fn install_for_kilo_writes_a_plugin_that_runs_this_hook_and_never_writes_over_someone_elses() {
    let project = scratch_dir("install-kilo");
    let plugin = project.join(".kilo/plugin/dotforge.js");
    // The person's own config, whose rules stay; the rule that denies every tool until the plugin loads goes last.
    let config = project.join(".kilo/kilo.json");
    std::fs::create_dir_all(project.join(".kilo")).expect("dir");
    let own = "{\n  \"model\": \"mock/gpt-4.1\",\n  \"permission\": {\n    \"bash\": \"ask\"\n  }\n}\n";
    std::fs::write(&config, own).expect("config");
    let run = install(&project, &["install", "--harness", "kilo", "--timeout", "7"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let written = std::fs::read_to_string(&config).expect("config");
    let value: Value = serde_json::from_str(&written).expect("JSON");
    assert_eq!(value["permission"], json!({"bash": "ask", "*": "deny"}));
    assert!(written.find("\"bash\"") < written.find("\"*\""), "the sentinel is the last rule: {written}");
    let text = std::fs::read_to_string(&plugin).expect("the plugin");
    assert!(text.starts_with("// @generated by dotforge-hook install"), "{text}");
    let hook = std::path::Path::new(env!("CARGO_BIN_EXE_dotforge-hook")).canonicalize().expect("hook path");
    let command = serde_json::to_string(&format!("\"{}\" hook --harness kilo", hook.display())).expect("json");
    assert!(text.contains(&format!("const COMMAND = {command};")), "{text}");
    assert!(text.contains("const TIMEOUT_MS = 7000;"), "{text}");
    assert_eq!(install(&project, &["install", "--harness", "kilo", "--timeout", "7"]).code, Some(0));
    assert_eq!(std::fs::read_to_string(&plugin).ok(), Some(text), "installing twice is the same");
    assert_eq!(install(&project, &["uninstall", "--harness", "kilo"]).code, Some(0));
    assert!(
        !plugin.exists() && !project.join(".kilo/plugin").exists(),
        "the plugin and the folder install made are gone"
    );
    assert_eq!(std::fs::read_to_string(&config).ok().as_deref(), Some(own), "the person's config as it was");
    std::fs::remove_file(&config).expect("config");
    // A plugin of the same name that is not ours is left alone, by install and uninstall.
    std::fs::create_dir_all(plugin.parent().expect("folder")).expect("dir");
    std::fs::write(&plugin, "export const Mine = async () => ({});\n").expect("write");
    let refused = install(&project, &["install", "--harness", "kilo"]);
    assert_eq!(refused.code, Some(1));
    assert!(refused.stderr.contains("was not written by `install`"), "{}", refused.stderr);
    assert_eq!(install(&project, &["uninstall", "--harness", "kilo"]).code, Some(0));
    assert_eq!(std::fs::read_to_string(&plugin).ok().as_deref(), Some("export const Mine = async () => ({});\n"));
}

#[test]
fn plugin_names_its_license_and_author_and_says_what_to_do_next() {
    let root = scratch_dir("plugin-license");
    let licensed = root.join("licensed");
    let run =
        install(&root, &["plugin", licensed.to_str().expect("UTF-8"), "--license", "Apache-2.0", "--author", "Team A"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(licensed.join(".claude-plugin/plugin.json")).expect("manifest"))
            .expect("JSON");
    assert_eq!(
        (manifest["license"].as_str(), manifest["author"]["name"].as_str()),
        (Some("Apache-2.0"), Some("Team A"))
    );
    let license = std::fs::read_to_string(licensed.join("LICENSE")).expect("LICENSE");
    assert!(license.starts_with("SPDX-License-Identifier: Apache-2.0\n"), "{license}");
    for step in ["claude --plugin-dir", "claude plugin marketplace add", "enabledPlugins"] {
        assert!(run.stdout.contains(step), "the next steps name `{step}`: {}", run.stdout);
    }
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    // Without --license: no LICENSE, no `license` member, and a warning; the author is not the tool's name.
    let bare = root.join("bare");
    let run = install(&root, &["plugin", bare.to_str().expect("UTF-8")]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.starts_with("[forge] ") && run.stderr.contains("--license"), "{}", run.stderr);
    assert!(!bare.join("LICENSE").exists());
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(bare.join(".claude-plugin/plugin.json")).expect("manifest"))
            .expect("JSON");
    assert!(manifest.get("license").is_none(), "{manifest}");
    assert_ne!(manifest["author"]["name"], "dotforge", "{manifest}");
}
