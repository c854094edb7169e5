//! Issue #35: what no reader sees is noticed after the call. A project with the hook installed as a person would
//! (`install`, the binary inside the project), payloads sent as Claude Code sends them, and the files governance
//! depends on changed between a call's PreToolUse and its PostToolUse the way a compiled program would change them:
//! each protected file changed, removed and replaced by a link is found, the hook's own registration is put back, the
//! model and the person are told which file and which call, the session is locked down until the person clears it —
//! and the person's own edits, the CLI's own writes and `uninstall` raise no alarm. The audit trail's chain finds
//! lines added, edited, removed and reordered (`audit --verify`). Hook mode exits 0 through all of it.

use dotforge_conformance::hook::{run_command, scratch_dir, Run};
use dotforge_conformance::target::binary;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// A project the hook was installed in, as a person installs it: the hook binary inside the project (a link to the
/// conformance catalog's build), registered by `install` in `.claude/settings.json`.
struct Governed {
    dir: PathBuf,
    home: PathBuf,
    hook: PathBuf,
}

impl Governed {
    fn new(label: &str) -> Governed {
        let root = scratch_dir(label);
        let (dir, home) = (root.join("project"), root.join("home"));
        let hook = dir.join("tools/hook");
        std::fs::create_dir_all(hook.parent().expect("tools")).expect("tools folder");
        std::fs::create_dir_all(&home).expect("home");
        std::fs::hard_link(binary("conformance-hook"), &hook).expect("the hook in the project");
        let project = Governed { dir, home, hook };
        let installed = project.cli(&["install"]);
        assert_eq!(installed.code, Some(0), "install: {}", installed.stderr);
        assert!(project.settings().is_file(), "install wrote .claude/settings.json");
        project
    }

    fn command(&self) -> Command {
        let mut command = Command::new(&self.hook);
        for key in ["FORGE_ROOT", "FORGE_SOFT_BLOCK", "FORGE_HOOK_PROFILE", "FORGE_LOCK_TIMEOUT", "CODEX_HOME"] {
            command.env_remove(key);
        }
        command.current_dir(&self.dir).env("CLAUDE_PROJECT_DIR", &self.dir).env("HOME", &self.home);
        command
    }

    fn cli(&self, args: &[&str]) -> Run {
        let mut command = self.command();
        command.args(args);
        run_command(command, b"")
    }

    /// One event; hook mode always exits 0 and prints at most one JSON object.
    fn event(&self, payload: Value) -> Run {
        let run = run_command(self.command(), payload.to_string().as_bytes());
        assert_eq!(run.code, Some(0), "hook mode exits 0: {}", run.stderr);
        assert!(run.stdout.trim().is_empty() || run.checked().is_some(), "one JSON object: {}", run.stdout);
        run
    }

    fn start(&self, session: &str) -> Run {
        self.event(
            json!({"hook_event_name": "SessionStart", "session_id": session, "cwd": self.dir, "source": "startup"}),
        )
    }

    fn before(&self, session: &str, tool: &str, input: Value, id: &str) -> Run {
        self.event(json!({"hook_event_name": "PreToolUse", "session_id": session, "cwd": self.dir, "tool_name": tool,
            "tool_input": input, "tool_use_id": id}))
    }

    fn after(&self, session: &str, id: &str, command: &str) -> Run {
        self.event(json!({"hook_event_name": "PostToolUse", "session_id": session, "cwd": self.dir,
            "tool_name": "Bash", "tool_input": {"command": command}, "tool_use_id": id,
            "tool_response": {"stdout": "", "stderr": "", "interrupted": false}}))
    }

    /// The soft block's ask, the person's approval, and the call's PostToolUse: the hook writes an override line.
    fn approved(&self, session: &str, id: &str) {
        assert_eq!(self.before(session, "Soft", json!({"command": id}), id).kind(), "ask");
        let run = self.event(json!({"hook_event_name": "PostToolUse", "session_id": session, "cwd": self.dir,
            "tool_name": "Soft", "tool_input": {"command": id}, "tool_use_id": id, "tool_response": {"ok": true}}));
        assert!(context(&run).is_empty(), "{}", run.stdout);
    }

    fn path(&self, relative: &str) -> PathBuf {
        self.dir.join(relative)
    }

    fn settings(&self) -> PathBuf {
        self.path(".claude/settings.json")
    }

    fn read(&self, relative: &str) -> String {
        std::fs::read_to_string(self.path(relative)).unwrap_or_default()
    }

    fn tamper_log(&self) -> String {
        self.read(".forge/audit/tamper.log")
    }

    /// The hook's entries in the settings file, by event (what `install` wrote, or what was put back).
    fn registration(&self) -> Value {
        let settings: Value = serde_json::from_str(&self.read(".claude/settings.json")).unwrap_or(Value::Null);
        settings["hooks"].clone()
    }

    fn verify(&self) -> Run {
        self.cli(&["audit", "--verify"])
    }
}

/// What the model reads of an event's output (`additionalContext`).
fn context(run: &Run) -> String {
    run.checked()
        .and_then(|value| value["hookSpecificOutput"]["additionalContext"].as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// What the person reads (`systemMessage`).
fn system_message(run: &Run) -> String {
    run.checked().and_then(|value| value["systemMessage"].as_str().map(str::to_owned)).unwrap_or_default()
}

fn symlink(target: &Path, link: &Path) {
    #[cfg(unix)]
    std::os::unix::fs::symlink(target, link).expect("link");
}

/// Replaces the file at `path` with a link to a copy of it holding `text`.
fn replace_with_link(path: &Path, text: &str) -> PathBuf {
    let elsewhere =
        path.with_file_name(format!("{}.elsewhere", path.file_name().and_then(|name| name.to_str()).unwrap_or("f")));
    std::fs::write(&elsewhere, text).expect("the link's target");
    let _ = std::fs::remove_file(path);
    symlink(&elsewhere, path);
    elsewhere
}

#[test]
fn a_call_that_empties_the_settings_gets_the_registration_put_back_the_model_told_and_the_session_locked_down() {
    let project = Governed::new("tamper-settings");
    let installed = project.registration();
    assert!(installed["PreToolUse"].is_array() && installed["SessionStart"].is_array(), "{installed}");
    assert!(project.start("s1").stdout.trim().is_empty(), "nothing changed since install");
    assert!(project.after("s1", "toolu_ls", "ls").stdout.trim().is_empty(), "an everyday call: nothing to say");

    std::fs::write(project.settings(), "{}\n").expect("the call rewrites the settings");
    let run = project.after("s1", "toolu_tidy", "cc -o tidy tools/tidy.c && ./tidy");
    let told = context(&run);
    assert!(told.contains(".claude/settings.json") && told.contains("registration"), "the model is told: {told}");
    assert!(told.contains("toolu_tidy") && told.contains("./tidy"), "which call: {told}");
    assert!(told.contains("restored") && told.contains("allow --tamper --session s1"), "{told}");
    assert_eq!(system_message(&run), told, "the person is told the same");
    assert!(run.stderr.starts_with("[forge] tamper:"), "{}", run.stderr);
    assert_eq!(project.registration(), installed, "exactly the entries install wrote are back");

    let log = project.tamper_log();
    assert!(log.contains("|.claude/settings.json|") && log.contains("|restored|h="), "{log}");
    assert_eq!(project.verify().code, Some(0), "tamper.log is chained: {}", project.verify().stdout);
    let state: Value = serde_json::from_str(&project.read(".forge/runtime/state.json")).expect("state");
    let records = state["sessions"]["s1"]["tamper"].as_array().cloned().unwrap_or_default();
    assert_eq!(records.len(), 1, "{state}");
    assert!(
        log.contains(records[0]["audit_hash"].as_str().unwrap_or("none")),
        "the state's record points into the log"
    );

    // Locked down: a call that could change something is refused, reading is not.
    let refused = project.before("s1", "Bash", json!({"command": "echo hi"}), "toolu_echo");
    assert!(refused.is_hard_block() && system_message(&refused).contains("locked down"), "{}", refused.stdout);
    assert!(project.before("s1", "Read", json!({"file_path": "README"}), "toolu_read").stdout.trim().is_empty());
    assert!(project.before("s2", "Bash", json!({"command": "echo hi"}), "toolu_other").stdout.trim().is_empty());
    let doctor = project.cli(&["doctor", "--json", "--project", project.dir.to_str().expect("utf-8")]);
    let findings: Value = serde_json::from_str(&doctor.stdout).expect("doctor --json");
    let tamper = findings["findings"].as_array().into_iter().flatten().find(|finding| finding["check"] == "tamper");
    assert_eq!(tamper.map(|finding| finding["severity"].clone()), Some(json!("fail")), "{findings}");

    let lifted = project.cli(&["allow", "--tamper", "--session", "s1"]);
    assert_eq!(lifted.code, Some(0), "{}", lifted.stderr);
    assert!(project.before("s1", "Bash", json!({"command": "echo hi"}), "toolu_echo2").stdout.trim().is_empty());
    assert!(project.tamper_log().contains("|cleared by the person|"), "{}", project.tamper_log());
    assert!(project.after("s1", "toolu_echo2", "echo hi").stdout.trim().is_empty(), "lifting it is no tamper");
    assert_eq!(project.verify().code, Some(0));
}

/// Each protected file, changed, removed and replaced by a link by a call: found, named with the call, recorded,
/// and the session locked down; the hook's own registration put back.
#[test]
fn each_protected_file_changed_removed_or_replaced_by_a_link_is_found() {
    type Change = fn(&Governed, &Path);
    // A digit changed (the hook's timeout in the settings, a counter or a time in an audit line), else a blank added.
    let changed: Change = |_, path| {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let edited = text.replacen('1', "2", 1);
        std::fs::write(path, if edited == text { format!("{text} ") } else { edited }).expect("change")
    };
    let removed: Change = |_, path| std::fs::remove_file(path).expect("remove");
    let linked: Change = |_, path| {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        replace_with_link(path, &text);
    };
    // (file, whether it holds the hook's registration, which is put back)
    let files: [(&str, bool); 6] = [
        (".claude/settings.json", true),
        (".mcp.json", false),
        (".forge/runtime/registrations.json", false),
        (".forge/runtime/state.json", false),
        (".forge/audit/overrides.log", false),
        (".forge/audit/switches.log", false),
    ];
    for (file, registration) in files {
        for (how, change) in [("changed", changed), ("removed", removed), ("linked", linked)] {
            let project = Governed::new(&format!("tamper-{}-{how}", file.replace(['/', '.'], "")));
            std::fs::write(project.path(".mcp.json"), "{\"mcpServers\":{\"fs\":{\"command\":\"npx\"}}}\n")
                .expect("mcp");
            project.start("s");
            project.approved("s", "toolu_approved");
            assert_eq!(project.cli(&["off", "ladder", "--session", "s"]).code, Some(0));
            assert!(project.after("s", "toolu_quiet", "ls").stdout.trim().is_empty(), "{file}: the hook's own writes");
            let path = project.path(file);
            let installed = project.registration();
            change(&project, &path);
            let run = project.after("s", "toolu_program", "./program");
            let told = context(&run);
            assert!(told.contains(file) && told.contains("toolu_program"), "{file} {how}: {told}\n{}", run.stderr);
            assert!(project.tamper_log().contains(&format!("|{file}|")), "{file} {how}: {}", project.tamper_log());
            let refused = project.before("s", "Bash", json!({"command": "ls"}), "toolu_next");
            assert!(refused.is_hard_block(), "{file} {how}: locked down: {}", refused.stdout);
            if registration {
                assert_eq!(project.registration(), installed, "{file} {how}: put back");
                let kind = std::fs::symlink_metadata(&path).expect("there").file_type();
                assert!(kind.is_file(), "{file} {how}: a file of its own again");
            }
            // The next call finds nothing new.
            assert!(!context(&project.after("s", "toolu_after", "ls")).contains(file), "{file} {how}: reported once");
        }
    }
}

#[test]
fn the_hook_binary_replaced_by_another_build_during_a_session_is_found_and_between_sessions_is_said() {
    for during in [true, false] {
        let project = Governed::new("tamper-binary");
        project.start("s");
        assert!(project.after("s", "toolu_1", "ls").stdout.trim().is_empty());
        std::fs::remove_file(&project.hook).expect("remove the hook");
        if during {
            // Another dotforge build, from other behaviors, as a link in its place.
            symlink(&binary("real-client-hook"), &project.hook);
            let run = project.after("s", "toolu_build", "cargo build");
            let told = context(&run);
            assert!(told.contains("tools/hook") && told.contains("not the one that ran before"), "{told}");
            assert!(project.tamper_log().contains("|tools/hook|"), "{}", project.tamper_log());
        } else {
            std::fs::hard_link(binary("real-client-hook"), &project.hook).expect("rebuilt between sessions");
            let run = project.start("s2");
            let said = system_message(&run);
            assert!(said.contains("not the one that ran before") && said.contains("since the last session"), "{said}");
            assert!(project.tamper_log().is_empty(), "a rebuild between sessions is no tamper");
            assert!(project.before("s2", "Bash", json!({"command": "ls"}), "toolu_2").stdout.trim().is_empty());
        }
    }
}

#[test]
fn a_switch_that_turns_every_hook_off_set_by_a_call_is_taken_out() {
    let project = Governed::new("tamper-switch");
    project.start("s");
    std::fs::write(project.path(".claude/settings.local.json"), "{\n  \"disableAllHooks\": true\n}\n").expect("switch");
    let told = context(&project.after("s", "toolu_off", "./program"));
    assert!(told.contains(".claude/settings.local.json") && told.contains("disableAllHooks"), "{told}");
    assert_eq!(project.read(".claude/settings.local.json"), "{}\n", "the switch is out, nothing else changed");
}

/// The person's edits and the CLI's own writes: none of them is a tamper, during a session or between sessions.
#[test]
fn the_persons_own_edits_and_the_clis_writes_raise_no_alarm() {
    let project = Governed::new("tamper-person");
    project.start("s");
    // Claude Code's "always allow" writes the local settings between a call's PreToolUse and its PostToolUse.
    let local = project.path(".claude/settings.local.json");
    std::fs::write(&local, "{\n  \"permissions\": {\n    \"allow\": [\"Bash(npm test:*)\"]\n  }\n}\n").expect("allow");
    assert!(project.after("s", "toolu_test", "npm test").stdout.trim().is_empty());
    // The person edits the shared settings during the session, keeping the hook's entries.
    let mut settings: Value = serde_json::from_str(&project.read(".claude/settings.json")).expect("settings");
    settings["model"] = json!("opus");
    settings["hooks"]["Notification"] = json!([{"hooks": [{"type": "command", "command": "notify-send done"}]}]);
    std::fs::write(project.settings(), serde_json::to_string_pretty(&settings).expect("json")).expect("edit");
    assert!(project.after("s", "toolu_2", "ls").stdout.trim().is_empty());
    // The person's own commands write state and the audit trail.
    assert_eq!(project.cli(&["off", "ladder", "--session", "s"]).code, Some(0));
    assert_eq!(project.cli(&["on", "ladder", "--session", "s"]).code, Some(0));
    project.approved("s", "toolu_soft");
    assert!(project.after("s", "toolu_3", "ls").stdout.trim().is_empty());
    // Between sessions the person adds an MCP server and edits the settings again.
    std::fs::write(project.path(".mcp.json"), "{\"mcpServers\":{\"fs\":{\"command\":\"npx\"}}}\n").expect("mcp");
    settings["model"] = json!("sonnet");
    std::fs::write(project.settings(), serde_json::to_string_pretty(&settings).expect("json")).expect("edit");
    assert!(project.start("s2").stdout.trim().is_empty(), "between sessions, the person's edits");
    assert!(project.after("s2", "toolu_4", "ls").stdout.trim().is_empty());
    assert!(project.tamper_log().is_empty(), "{}", project.tamper_log());
    assert_eq!(project.verify().code, Some(0), "{}", project.verify().stdout);

    // `uninstall` takes the registration out, and it stays out.
    assert_eq!(project.cli(&["uninstall"]).code, Some(0));
    assert!(project.registration()["PreToolUse"].is_null(), "{}", project.registration());
    assert!(project.after("s2", "toolu_5", "ls").stdout.trim().is_empty(), "a registration uninstalled stays out");
    assert!(project.start("s3").stdout.trim().is_empty());
    assert!(project.registration()["PreToolUse"].is_null());
    assert!(project.tamper_log().is_empty(), "{}", project.tamper_log());
}

/// The registration removed between sessions without `uninstall` is put back at the next session's start, and the
/// person is told; the session is not locked down (no call of it did that).
#[test]
fn a_registration_removed_between_sessions_is_put_back_at_the_start() {
    let project = Governed::new("tamper-between");
    project.start("s");
    let installed = project.registration();
    std::fs::write(project.settings(), "{\"model\": \"opus\"}\n").expect("edit by hand");
    let run = project.start("s2");
    assert!(system_message(&run).contains("since the last session"), "{}", run.stdout);
    assert!(system_message(&run).contains("restart the session"), "it takes effect at the next: {}", run.stdout);
    assert!(context(&run).contains(".claude/settings.json"), "the model of the new session too");
    assert_eq!(project.registration(), installed);
    let settings: Value = serde_json::from_str(&project.read(".claude/settings.json")).expect("settings");
    assert_eq!(settings["model"], "opus", "the person's member stays");
    assert!(project.before("s2", "Bash", json!({"command": "ls"}), "toolu_1").stdout.trim().is_empty());
}

/// The chain's definition, as the README gives it: 16 hex digits of SHA-256 of the previous hash, a line break and
/// the line's text — recomputed here as a program that knows the scheme would.
fn chained(previous: &str, body: &str) -> String {
    let digest = Sha256::digest(format!("{previous}\n{body}").as_bytes());
    digest.iter().map(|byte| format!("{byte:02x}")).collect::<String>()[..16].to_owned()
}

#[test]
fn audit_verify_finds_lines_added_edited_removed_and_reordered() {
    let project = Governed::new("tamper-chain");
    project.start("s");
    for id in ["toolu_a", "toolu_b", "toolu_c"] {
        project.approved("s", id);
    }
    let log_path = project.path(".forge/audit/overrides.log");
    let original = std::fs::read_to_string(&log_path).expect("three lines");
    let lines: Vec<&str> = original.lines().collect();
    assert_eq!(lines.len(), 3, "{original}");
    let clean = project.verify();
    assert_eq!(clean.code, Some(0), "a trail only the hook wrote: {}", clean.stdout);
    assert!(clean.stdout.contains("audit/overrides.log: 3 lines — whole"), "{}", clean.stdout);

    let forged = "2026-01-01T00:00:00Z|abcd1234|soft|Soft|command=x|1|user approved";
    let join = |lines: &[&str]| lines.iter().map(|line| format!("{line}\n")).collect::<String>();
    let last_hash = lines[2].rsplit_once("|h=").map(|(_, hash)| hash).unwrap_or_default();
    let recomputed = format!("{forged}|h={}", chained(last_hash, forged));
    let cases: Vec<(&str, String, usize)> = vec![
        ("added", join(&[lines[0], forged, lines[1], lines[2]]), 2),
        ("appended", format!("{original}{forged}\n"), 4),
        ("edited", original.replacen("|1|", "|9|", 1), 1),
        ("removed", join(&[lines[0], lines[2]]), 2),
        ("reordered", join(&[lines[0], lines[2], lines[1]]), 2),
        ("the last removed", join(&[lines[0], lines[1]]), 3),
        ("appended with the chain recomputed", join(&[lines[0], lines[1], lines[2], &recomputed]), 4),
    ];
    for (what, text, line) in cases {
        std::fs::write(&log_path, &text).expect("forge");
        let run = project.verify();
        assert_eq!(run.code, Some(1), "{what}: {}", run.stdout);
        let first = format!("first at audit/overrides.log:{line}:");
        assert!(run.stdout.contains(&first), "{what}: expected {first}\n{}", run.stdout);
    }
    std::fs::write(&log_path, &original).expect("put back");
    assert_eq!(project.verify().code, Some(0));
}

/// Whatever is in the way — a folder where a file was, bytes that are not text, a state that is not JSON — hook mode
/// exits 0 and prints at most one JSON object (the `event` helper asserts both).
#[test]
fn hook_mode_exits_0_through_any_of_it() {
    let project = Governed::new("tamper-robust");
    project.start("s");
    std::fs::remove_file(project.settings()).expect("rm");
    std::fs::create_dir_all(project.settings()).expect("a folder in its place");
    std::fs::write(project.path(".mcp.json"), [0xff, 0xfe, 0x00]).expect("junk");
    std::fs::create_dir_all(project.path(".forge/audit")).expect("audit folder");
    std::fs::write(project.path(".forge/audit/overrides.log"), [0xff, b'\n', b'|', 0x00]).expect("junk");
    let run = project.after("s", "toolu_1", "./program");
    assert!(context(&run).contains(".claude/settings.json"), "{}", run.stdout);
    std::fs::write(project.path(".forge/runtime/state.json"), "{not json").expect("junk");
    std::fs::write(project.path(".forge/runtime/tamper"), "a file where a folder was").ok();
    project.after("s", "toolu_2", "./program");
    project.before("s", "Bash", json!({"command": "ls"}), "toolu_3");
    project.start("s2");
    project.event(json!({"hook_event_name": "Stop", "session_id": "s2", "cwd": project.dir}));
}

/// The check runs after a call that failed (PostToolUseFailure) and when the agent's turn ends (Stop) too: what changed
/// since the last check is found there, told to the person, and locks the session down.
#[test]
fn a_failed_call_and_the_end_of_a_turn_check_too() {
    let project = Governed::new("tamper-stop");
    project.start("s");
    std::fs::write(project.path(".mcp.json"), "{\"mcpServers\":{\"x\":{\"command\":\"sh\"}}}\n").expect("mcp");
    let failed = project.event(json!({"hook_event_name": "PostToolUseFailure", "session_id": "s", "cwd": project.dir,
        "tool_name": "Bash", "tool_input": {"command": "./program"}, "tool_use_id": "toolu_fail",
        "error": "exit 1", "is_interrupt": false}));
    let told = context(&failed);
    assert!(told.contains(".mcp.json") && told.contains("toolu_fail"), "{told}");
    assert!(project.before("s", "Write", json!({"file_path": "a.txt", "content": "x"}), "toolu_w").is_hard_block());
    assert_eq!(project.cli(&["allow", "--tamper"]).code, Some(0), "every session's lockdown lifted");

    std::fs::remove_file(project.path(".forge/runtime/registrations.json")).expect("remove the record");
    let stop = project.event(json!({"hook_event_name": "Stop", "session_id": "s", "cwd": project.dir,
        "stop_hook_active": false}));
    let said = system_message(&stop);
    assert!(said.contains("registrations.json") && said.contains("at the end of the turn"), "{said}");
    assert!(project.before("s", "Bash", json!({"command": "ls"}), "toolu_ls").is_hard_block(), "locked down again");
}
