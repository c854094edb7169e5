//! SPEC §7.3–§7.9 and CONTRACT §3–§5: TTL purge, hook timeout and stale locks, lock contention, corrupt state,
//! an empty index, FORGE_ROOT resolution, session-id fallback and a hostile file system.
use dotforge_conformance::hook::{run_command, scratch_dir, Hook};
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn session(last_accessed_at: &str, ladder_counter: u64) -> Value {
    json!({"created_at": last_accessed_at, "last_accessed_at": last_accessed_at,
           "behaviors": {"ladder": {"counter": ladder_counter, "effective_level": "warning"}}})
}

#[test]
fn spec_7_3_expired_sessions_are_purged_on_access() {
    let hook = Hook::conformance("ttl");
    hook.write_state(&json!({"schema_version": "1", "sessions": {
        "old": session("2020-01-01T00:00:00Z", 7),
        "live": session("2999-01-01T00:00:00Z", 2),
        "s": session("2020-01-01T00:00:00Z", 4),
    }}));
    let message = hook.tool("s", "Ladder").message();
    assert_eq!(message, "Ladder: Climb the ladder slowly. (violation 1/3)", "expired session starts fresh");
    let sessions = hook.state()["sessions"].clone();
    assert!(sessions.get("old").is_none(), "expired session purged");
    assert_eq!(sessions["live"]["behaviors"]["ladder"]["counter"], 2, "live session kept");
    assert_eq!(hook.counter("s", "ladder"), 1);
}

fn now_seconds() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_secs())
}

/// An RFC 3339 UTC timestamp, as `date` writes it.
fn stamp(seconds: u64) -> String {
    let output = Command::new("date").args(["-u", "-d", &format!("@{seconds}"), "+%Y-%m-%dT%H:%M:%SZ"]).output();
    String::from_utf8_lossy(&output.expect("date").stdout).trim().to_owned()
}

#[test]
fn other_sessions_are_swept_for_the_ttl_at_most_every_five_minutes() {
    let hook = Hook::conformance("sweep");
    let now = now_seconds();
    // Swept a minute ago: the expired session `old` may stay until the next sweep.
    hook.write_state(&json!({"schema_version": "1", "swept_at": stamp(now - 60), "sessions": {
        "old": session("2020-01-01T00:00:00Z", 7), "s": session(&stamp(now), 1)}}));
    hook.tool("s", "Ladder").checked();
    assert_eq!(hook.state()["sessions"]["old"]["behaviors"]["ladder"]["counter"], 7, "not swept within the interval");
    assert_eq!(hook.state()["swept_at"], stamp(now - 60));
    // Swept six minutes ago: this event sweeps.
    let mut state = hook.state();
    state["swept_at"] = json!(stamp(now - 360));
    hook.write_state(&state);
    hook.tool("s", "Ladder").checked();
    assert!(hook.state()["sessions"].get("old").is_none(), "swept");
    assert_eq!(hook.counter("s", "ladder"), 3, "the event's own session is kept");
}

#[test]
fn state_json_holds_one_session_per_line_and_the_others_are_read_at_the_sweep() {
    let hook = Hook::conformance("lines");
    let now = now_seconds();
    hook.write_state(&json!({"schema_version": "1", "swept_at": stamp(now - 60), "sessions": {
        "a": session(&stamp(now), 1), "s": session(&stamp(now), 1)}}));
    hook.tool("s", "Ladder").checked();
    let text = std::fs::read_to_string(hook.state_path()).expect("state");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].ends_with(r#""sessions":{"#) && lines[3] == "}}", "{text}");
    assert!(lines[1].starts_with(r#""a":{"#) && lines[2].starts_with(r#""s":{"#), "{text}");
    // Session a's line broken: an event of session s does not read it...
    std::fs::write(hook.state_path(), text.replace(lines[1], r#""a":{"x":[1,},"#)).expect("break a line");
    hook.tool("s", "Ladder").checked();
    let text = std::fs::read_to_string(hook.state_path()).expect("state");
    assert!(serde_json::from_str::<Value>(&text).is_err(), "the broken line is carried along: {text}");
    let line_of_s =
        text.lines().find_map(|line| line.strip_prefix(r#""s":"#)).expect("session s").trim_end_matches(',');
    let s: Value = serde_json::from_str(line_of_s).expect("session s is JSON");
    assert_eq!(s["behaviors"]["ladder"]["counter"], 3);
    // ...until the sweep reads every session: the file is corrupt, moved aside, and the state starts empty.
    let text = std::fs::read_to_string(hook.state_path()).expect("state");
    let text = text.replace(&format!(r#""swept_at":"{}""#, stamp(now - 60)), r#""swept_at":"2020-01-01T00:00:00Z""#);
    std::fs::write(hook.state_path(), text).expect("sweep due");
    let run = hook.tool("s", "Ladder");
    assert!(run.stderr.contains("is corrupt"), "{}", run.stderr);
    assert_eq!(hook.counter("s", "ladder"), 1, "started afresh");
    let aside = std::fs::read_dir(hook.root.join("runtime")).expect("runtime").flatten();
    assert_eq!(aside.filter(|entry| entry.file_name().to_string_lossy().starts_with("state.json.corrupt-")).count(), 1);
}

/// audit/metrics.json as the hook left it, without `audit` refreshing it.
fn metrics_view(hook: &Hook) -> Value {
    let text = std::fs::read_to_string(hook.root.join("audit/metrics.json")).expect("metrics.json exists");
    serde_json::from_str(&text).expect("metrics.json is JSON")
}

#[test]
fn metrics_are_committed_with_the_state_and_metrics_json_is_refreshed_at_the_sweep() {
    let hook = Hook::conformance("metrics-view");
    hook.tool("s", "Ladder").checked();
    assert_eq!(
        metrics_view(&hook)["behaviors"]["ladder"]["violations"],
        1,
        "the first event sweeps and writes the view"
    );
    for _ in 0..4 {
        hook.tool("s", "Ladder").checked();
    }
    assert_eq!(hook.state()["metrics"]["ladder"]["violations"], 5, "every event's counts are in state.json");
    assert_eq!(metrics_view(&hook)["behaviors"]["ladder"]["violations"], 1, "the view waits for the next sweep");
    let mut state = hook.state();
    state["swept_at"] = json!(stamp(now_seconds() - 360));
    hook.write_state(&state);
    hook.tool("s", "Ladder").checked();
    assert_eq!(metrics_view(&hook)["behaviors"]["ladder"]["violations"], 6, "refreshed at the sweep");
    hook.tool("s", "Ladder").checked();
    assert_eq!(hook.metrics()["behaviors"]["ladder"]["violations"], 7, "`audit` reports and writes the exact totals");
    let ladder = &metrics_view(&hook)["behaviors"]["ladder"];
    assert!(ladder["blocks"].as_u64().is_some_and(|blocks| blocks < 5), "{ladder}");
    assert_eq!(ladder["escalation_effectiveness"], "unrated", "fewer than five blocks are not rated (a deviation)");
}

#[test]
fn a_state_without_metrics_counts_on_from_metrics_json() {
    let hook = Hook::conformance("metrics-seed");
    std::fs::create_dir_all(hook.root.join("audit")).expect("audit dir");
    let older =
        json!({"schema_version": "1", "behaviors": {"ladder": {"violations": 40, "blocks": 2, "overrides": 1}}});
    std::fs::write(hook.root.join("audit/metrics.json"), older.to_string()).expect("writes");
    hook.tool("s", "Ladder").checked();
    assert_eq!(hook.state()["metrics"]["ladder"], json!({"violations": 41, "blocks": 2, "overrides": 1}));
    // A corrupt state starts afresh, but the totals carry on from the view.
    std::fs::write(hook.state_path(), "{not json").expect("corrupts");
    hook.tool("s", "Ladder").checked();
    assert_eq!(hook.state()["metrics"]["ladder"]["violations"], 42);
}

#[test]
fn session_ttl_is_configurable() {
    let hook = Hook::conformance("ttl-env").env("FORGE_SESSION_TTL_SECONDS", "99999999999");
    hook.write_state(&json!({"schema_version": "1", "sessions": {"s": session("2020-01-01T00:00:00Z", 2)}}));
    hook.tool("s", "Ladder").checked();
    assert_eq!(hook.counter("s", "ladder"), 3, "a long TTL keeps the old session");
}

#[test]
fn spec_7_4_lock_left_by_a_killed_process_does_not_block() {
    let hook = Hook::conformance("stale-lock").env("FORGE_LOCK_TIMEOUT", "5");
    std::fs::create_dir_all(hook.root.join("runtime")).expect("runtime dir");
    let holder = hold_lock(&hook.root.join("runtime").join("state.lock"));
    drop(holder); // SIGKILL: the process dies holding the lock
    let started = Instant::now();
    let run = hook.tool("s", "Ladder");
    assert!(started.elapsed() < Duration::from_secs(4), "took {:?}", started.elapsed());
    assert_eq!(run.message(), "Ladder: Climb the ladder slowly. (violation 1/3)");
    assert!(run.stderr.is_empty(), "{}", run.stderr);
    assert_eq!(hook.counter("s", "ladder"), 1);
}

#[test]
fn spec_7_6_lock_timeout_falls_back_to_default_levels_without_state() {
    let hook = Hook::conformance("lock-timeout").env("FORGE_LOCK_TIMEOUT", "0.3");
    std::fs::create_dir_all(hook.root.join("runtime")).expect("runtime dir");
    let mut lock = Some(hold_lock(&hook.root.join("runtime").join("state.lock")));
    let started = Instant::now();
    let hard = hook.tool("s", "Hard");
    assert!(hard.is_hard_block(), "hard_block still blocks: {}", hard.stdout);
    assert!(hard.stderr.contains("[forge] state lock"), "{}", hard.stderr);
    assert!(started.elapsed() < Duration::from_secs(3));
    hook.tool("s", "Ladder").assert_pass(); // default_level silent
    assert_eq!(hook.tool("s", "Soft").kind(), "ask"); // default_level soft_block
    assert!(!hook.state_path().exists(), "nothing saved without the lock");
    drop(lock.take());
    hook.tool("s", "Ladder").checked();
    assert_eq!(hook.counter("s", "ladder"), 1, "counting resumes once the lock is free");
}

/// Holds the state lock in a helper process until the returned guard is dropped.
fn hold_lock(path: &std::path::Path) -> KillOnDrop {
    let mut holder = Command::new(env!("CARGO_BIN_EXE_lock-holder"))
        .arg(path)
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn lock-holder");
    let mut line = String::new();
    BufReader::new(holder.stdout.take().expect("stdout")).read_line(&mut line).expect("read");
    assert_eq!(line.trim(), "locked");
    KillOnDrop(holder)
}

/// Kills (SIGKILL) and reaps the lock holder when dropped.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn spec_7_7_corrupt_state_is_moved_aside_and_replaced() {
    let hook = Hook::conformance("corrupt");
    std::fs::create_dir_all(hook.root.join("runtime")).expect("runtime dir");
    std::fs::write(hook.state_path(), "{\"schema_version\": \"1\", \"sessions\": {\"s\": {\"coun").expect("write");
    let run = hook.tool("s", "Ladder");
    assert_eq!(run.message(), "Ladder: Climb the ladder slowly. (violation 1/3)");
    assert!(run.stderr.starts_with("[forge] "), "{}", run.stderr);
    assert!(run.stderr.contains("corrupt"), "{}", run.stderr);
    assert_eq!(hook.counter("s", "ladder"), 1);
    let aside: Vec<_> = std::fs::read_dir(hook.root.join("runtime"))
        .expect("list")
        .filter_map(Result::ok)
        .filter(|entry| entry.file_name().to_string_lossy().starts_with("state.json.corrupt-"))
        .collect();
    assert_eq!(aside.len(), 1);
    let kept = std::fs::read_to_string(aside[0].path()).expect("read aside");
    assert!(kept.ends_with("\"coun"), "the broken bytes are kept for inspection");
}

#[test]
fn empty_and_wrongly_shaped_state_files_are_handled() {
    for (label, content) in [("empty", ""), ("array", "[]"), ("sessions-array", r#"{"sessions": []}"#)] {
        let hook = Hook::conformance(label);
        std::fs::create_dir_all(hook.root.join("runtime")).expect("runtime dir");
        std::fs::write(hook.state_path(), content).expect("write");
        let run = hook.tool("s", "Ladder");
        assert_eq!(run.message(), "Ladder: Climb the ladder slowly. (violation 1/3)", "{label}");
        assert!(run.stderr.contains("[forge] "), "{label}: {}", run.stderr);
        assert_eq!(hook.counter("s", "ladder"), 1, "{label}");
    }
}

#[test]
fn wrongly_typed_fields_are_repaired_with_a_warning() {
    let hook = Hook::conformance("repair");
    hook.write_state(&json!({"schema_version": "1", "sessions": {"s": {
        "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
        "flags": "not a map",
        "behaviors": {"ladder": {"counter": "2", "effective_level": "mega"}, "soft": {"counter": -3}}
    }}}));
    let run = hook.tool("s", "Ladder");
    assert_eq!(hook.counter("s", "ladder"), 3, "a numeric string is read as the number");
    assert_eq!(
        hook.behavior_state("s", "ladder")["effective_level"],
        "warning",
        "unknown level reset, then recomputed for 3"
    );
    assert_eq!(hook.counter("s", "soft"), 0);
    assert_eq!(hook.state()["sessions"]["s"]["flags"], json!({}));
    assert!(run.stderr.contains("`counter` is a string"), "{}", run.stderr);
    assert!(run.stderr.contains("unknown `effective_level`"), "{}", run.stderr);
}

#[test]
fn unknown_fields_in_state_are_preserved() {
    let hook = Hook::conformance("preserve");
    hook.write_state(&json!({"schema_version": "1", "custom_top": {"k": 1}, "sessions": {"s": {
        "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z", "note": "mine",
        "behaviors": {"ladder": {"counter": 1, "effective_level": "nudge", "extra_field": true}}
    }}}));
    hook.tool("s", "Ladder").checked();
    let state = hook.state();
    assert_eq!(state["custom_top"], json!({"k": 1}));
    assert_eq!(state["sessions"]["s"]["note"], "mine");
    assert_eq!(state["sessions"]["s"]["behaviors"]["ladder"]["extra_field"], true);
    assert_eq!(state["sessions"]["s"]["created_at"], "2999-01-01T00:00:00Z");
}

#[test]
fn state_json_has_exactly_the_documented_fields() {
    let hook = Hook::conformance("fields");
    hook.tool("s", "Ladder").checked();
    let state = hook.state();
    let keys = |value: &Value| -> Vec<String> {
        let mut keys: Vec<String> = value.as_object().map(|map| map.keys().cloned().collect()).unwrap_or_default();
        keys.sort();
        keys
    };
    assert_eq!(keys(&state), ["metrics", "schema_version", "sessions", "swept_at"]);
    assert_eq!(state["swept_at"].as_str().map(str::len), Some(20), "when other sessions were last swept for the TTL");
    assert_eq!(
        state["metrics"],
        json!({"ladder": {"violations": 1, "blocks": 0, "overrides": 0}}),
        "the metrics totals of all time, committed with the state"
    );
    assert_eq!(state["schema_version"], "1");
    assert_eq!(
        keys(&state["sessions"]["s"]),
        ["behavior_overrides", "behaviors", "created_at", "flags", "last_accessed_at"]
    );
    assert_eq!(
        keys(&state["sessions"]["s"]["behaviors"]["ladder"]),
        ["counter", "effective_level", "last_violation_at", "last_violation_tool", "overrides", "pending_block"]
    );
}

#[test]
fn spec_7_9_empty_index_exits_without_touching_state() {
    let hook = Hook::empty("empty-index");
    hook.tool("s", "Anything").assert_pass();
    assert!(!hook.root.exists(), "no state access at all");
}

#[test]
fn spec_7_5_no_external_tool_is_needed() {
    let hook = Hook::conformance("no-path").env("PATH", "");
    assert_eq!(hook.tool("s", "Ladder").message(), "Ladder: Climb the ladder slowly. (violation 1/3)");
}

#[test]
fn missing_session_id_falls_back_to_a_stable_id() {
    let hook = Hook::conformance("anon");
    let payload = json!({"hook_event_name": "PreToolUse", "tool_name": "Ladder", "tool_input": {}});
    hook.run(&payload).checked();
    hook.run(&payload).checked();
    let sessions = hook.state()["sessions"].as_object().cloned().unwrap_or_default();
    assert_eq!(sessions.len(), 1);
    let (id, session) = sessions.into_iter().next().expect("one session");
    assert!(id.starts_with("anon-") && id.len() == 21, "{id}");
    assert_eq!(session["behaviors"]["ladder"]["counter"], 2, "calls from one process share the session");
}

#[test]
fn forge_root_comes_from_claude_project_dir_then_payload_cwd() {
    let hook = Hook::conformance("root-resolution");
    let project = scratch_dir("project");
    let mut command = hook.command();
    command.env_remove("FORGE_ROOT").env("CLAUDE_PROJECT_DIR", &project);
    let payload = json!({"hook_event_name": "PreToolUse", "session_id": "s", "tool_name": "Count", "tool_input": {}});
    run_command(command, payload.to_string().as_bytes()).assert_pass();
    assert!(project.join(".forge/runtime/state.json").exists());

    let cwd = scratch_dir("payload-cwd");
    let mut command = hook.command();
    command.env_remove("FORGE_ROOT");
    let payload =
        json!({"hook_event_name": "PreToolUse", "session_id": "s", "tool_name": "Count", "tool_input": {}, "cwd": cwd});
    run_command(command, payload.to_string().as_bytes()).assert_pass();
    assert!(cwd.join(".forge/runtime/state.json").exists());
}

#[test]
fn unusable_or_read_only_forge_root_still_decides_and_warns() {
    let file = scratch_dir("unusable").join("not-a-dir");
    std::fs::write(&file, "x").expect("write file");
    // A file where a folder should be, and /proc, which refuses new entries even to root: places root cannot write.
    for root in [file.join(".forge"), std::path::PathBuf::from("/proc/dotforge-read-only/.forge")] {
        let mut hook = Hook::conformance("unusable-root");
        hook.root = root.clone();
        let hard = hook.tool("s", "Hard");
        assert!(hard.is_hard_block(), "{}: {}", root.display(), hard.stdout);
        assert!(hard.stderr.contains("[forge] cannot lock"), "{}: {}", root.display(), hard.stderr);
        hook.tool("s", "Ladder").assert_pass(); // default level silent, nothing saved
    }
}

#[test]
fn state_path_that_is_a_directory_still_decides_and_warns() {
    let hook = Hook::conformance("state-dir");
    std::fs::create_dir_all(hook.state_path()).expect("make state.json a directory");
    let run = hook.tool("s", "Hard");
    assert!(run.is_hard_block());
    assert!(run.stderr.contains("[forge] "), "{}", run.stderr);
}

#[test]
fn audit_log_is_created_with_mode_0644() {
    use std::os::unix::fs::PermissionsExt;
    let hook = Hook::conformance("mode");
    assert_eq!(hook.pre_call("s", "Soft", json!({"a": 1}), "toolu_1").kind(), "ask");
    hook.post_call("s", "Soft", json!({"a": 1}), "toolu_1").assert_pass();
    let mode = std::fs::metadata(hook.root.join("audit/overrides.log")).expect("log exists").permissions().mode();
    assert_eq!(mode & 0o777 & !0o022, 0o644 & !0o022);
}
