//! `dotforge-hook backtest` over the histories of every governed CLI: the fixtures in `tests/fixtures/histories/`
//! are what the real CLIs wrote in the real-client tiers (`tests/real_client_*.rs`, which regenerate them with
//! `DOTFORGE_BLESS_HISTORIES=1`), each a session with a force push, an erase of `.forge` and a read of `.env` that
//! the live hook blocked. Here: each CLI's format read back to the same blocks, a folder holding them all reported
//! per CLI, the same report on one thread as on several, damaged lines counted, and each CLI's history found in its
//! own place without a path.

use dotforge_conformance::hook::{run_command, scratch_dir, Run};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

const CLIS: [&str; 5] = ["codex", "gemini", "copilot", "qwen", "droid"];

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/histories")
}

fn demo_transcripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("demo/transcripts")
}

/// `backtest ARGS` with no variable of the machine's that says where a CLI keeps its history.
fn backtest(args: &[&str], env: &[(&str, &Path)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dotforge-hook"));
    command.arg("backtest").args(args);
    for key in [
        "FORGE_ROOT",
        "FORGE_HOOK_PROFILE",
        "FORGE_SOFT_BLOCK",
        "CLAUDE_PROJECT_DIR",
        "CODEX_HOME",
        "GEMINI_CLI_HOME",
        "COPILOT_HOME",
        "QWEN_HOME",
        "QWEN_RUNTIME_DIR",
    ] {
        command.env_remove(key);
    }
    for (key, value) in env {
        command.env(key, value);
    }
    run_command(command, b"")
}

fn report(path: &Path, more: &[&str]) -> Value {
    let path = path.to_str().expect("utf-8");
    let run = backtest(&[&[path, "--json"], more].concat(), &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("one JSON object")
}

/// Each behavior's blocks, by the inputs of its examples.
fn blocked(report: &Value) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for (id, behavior) in report["behaviors"].as_object().into_iter().flatten() {
        for example in behavior["examples"].as_array().into_iter().flatten() {
            let text = |key: &str| example[key].as_str().unwrap_or("").to_owned();
            found.push((id.clone(), text("input"), text("level")));
        }
    }
    found
}

/// What each fixture session did, live: a force push, `rm -rf .forge`, a read of `.env` (and, in Codex's and Gemini
/// CLI's, a rewrite of the audit trail by their file tools) — every call blocked, none ran, so no PostToolUse. The
/// events are those calls, the prompt before them and the end of the turn after.
fn assert_the_session_replays(report: &Value, cli: &str, env_read: &str, audit_rewrite: Option<&str>) {
    assert_eq!((report["files"].clone(), report["sessions"].clone()), (json!(1), json!(1)), "{cli}");
    let clis: Vec<&String> = report["clis"].as_object().expect("clis").keys().collect();
    assert_eq!(clis, [cli], "told apart by content");
    let calls = if audit_rewrite.is_some() { 4 } else { 3 };
    assert_eq!(report["events"], calls + 2, "{cli}: the prompt, {calls} calls and the end of the turn");
    assert_eq!(report["events_by_level"]["pass"], 2, "{cli}: the prompt and the end of the turn pass");
    let blocked = blocked(report);
    let has = |behavior: &str, input: &str, level: &str| {
        blocked.iter().any(|(id, text, at)| id == behavior && text.contains(input) && at == level)
    };
    assert!(has("no-destructive-git", "git push --force origin HEAD:main", "hard_block"), "{cli}: {blocked:?}");
    assert!(has("self-protection", "rm -rf .forge", "hard_block"), "{cli}: {blocked:?}");
    assert!(has("protect-secrets", env_read, "soft_block"), "{cli}: {blocked:?}");
    if let Some(path) = audit_rewrite {
        assert!(has("self-protection", path, "hard_block"), "{cli}: {blocked:?}");
    }
    assert_eq!(report["behaviors"]["no-destructive-git"]["blocks"], 1, "{cli}");
    assert_eq!(report["clis"][cli]["behaviors"]["no-destructive-git"]["blocks"], 1, "{cli}: its own part");
    assert_eq!(report["skipped"]["malformed_lines"], 0, "{cli}");
}

#[test]
fn a_real_codex_rollout_shows_the_force_push_blocked_and_its_patch_read_as_the_edit_it_is() {
    let report = report(&fixtures().join("codex"), &[]);
    assert_the_session_replays(&report, "codex", "cat .env", Some(".forge/audit/overrides.log"));
    let edits: Vec<(String, String, String)> =
        blocked(&report).into_iter().filter(|(_, input, _)| input.ends_with("overrides.log")).collect();
    let example = &report["behaviors"]["self-protection"]["examples"];
    assert!(
        example.as_array().into_iter().flatten().any(|example| example["tool"] == "Edit"),
        "apply_patch is read as the Edit of its file: {edits:?}"
    );
    assert!(report["skipped"]["other_line_types"]["codex/event_msg"].as_u64() > Some(0), "bookkeeping is counted");
}

#[test]
fn a_real_gemini_chat_shows_the_force_push_blocked_and_its_tools_in_the_catalogs_words() {
    let report = report(&fixtures().join("gemini"), &[]);
    assert_the_session_replays(&report, "gemini", "cat .env", Some("/work/project/.forge/audit/overrides.log"));
    let tools: Vec<&str> = report["behaviors"]["self-protection"]["examples"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|example| example["tool"].as_str())
        .collect();
    assert_eq!(tools, ["Bash", "Write"], "run_shell_command and write_file in the catalog's words");
    assert!(report["skipped"]["other_line_types"]["gemini/$set"].as_u64() > Some(0), "metadata updates are counted");
}

#[test]
fn a_real_copilot_session_reads_its_view_as_a_read_of_the_secret() {
    let report = report(&fixtures().join("copilot"), &[]);
    assert_the_session_replays(&report, "copilot", "/work/project/.env", None);
    let secret = &report["behaviors"]["protect-secrets"]["examples"][0];
    assert_eq!((secret["tool"].as_str(), secret["input"].as_str()), (Some("Read"), Some("/work/project/.env")));
}

#[test]
fn a_real_qwen_chat_reads_its_read_file_as_a_read_of_the_secret() {
    let report = report(&fixtures().join("qwen"), &[]);
    assert_the_session_replays(&report, "qwen", "/work/project/.env", None);
    assert_eq!(report["behaviors"]["protect-secrets"]["examples"][0]["tool"], "Read");
}

#[test]
fn a_real_droid_session_reads_its_execute_as_the_shell() {
    let report = report(&fixtures().join("droid"), &[]);
    assert_the_session_replays(&report, "droid", "/work/project/.env", None);
    assert_eq!(report["behaviors"]["no-destructive-git"]["examples"][0]["tool"], "Bash", "Execute is Bash");
}

/// Copies every file under `from` into `to`, each history file's name prefixed with `prefix` and each session id
/// of `sessions` in it made another: its first two characters replaced by `prefix`'s.
fn copy_tree(from: &Path, to: &Path, prefix: &str, sessions: &[String]) {
    for entry in std::fs::read_dir(from).expect("a folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.path().is_dir() {
            copy_tree(&entry.path(), &to.join(&name), prefix, sessions);
            continue;
        }
        std::fs::create_dir_all(to).expect("folder");
        if !name.ends_with(".jsonl") {
            std::fs::copy(entry.path(), to.join(&name)).expect("copy");
            continue;
        }
        let mut text = std::fs::read_to_string(entry.path()).expect("a history file");
        for session in sessions {
            text = text.replace(session.as_str(), &format!("{}{}", &prefix[..2], &session[2..]));
        }
        std::fs::write(to.join(format!("{prefix}{name}")), text).expect("write");
    }
}

/// The session ids of a fixture (those of its examples).
fn sessions_of(path: &Path) -> Vec<String> {
    let report = report(path, &[]);
    let mut found: Vec<String> = blocked_sessions(&report);
    found.sort();
    found.dedup();
    found
}

fn blocked_sessions(report: &Value) -> Vec<String> {
    let behaviors = report["behaviors"].as_object().into_iter().flatten();
    let examples = behaviors.flat_map(|(_, behavior)| behavior["examples"].as_array().cloned().unwrap_or_default());
    examples.filter_map(|example| example["session"].as_str().map(str::to_owned)).collect()
}

/// One folder holding every CLI's fixture and the demo's Claude Code transcripts, `copies` times over — each copy's
/// sessions with ids of their own.
fn mixed_folder(label: &str, copies: usize) -> PathBuf {
    let dir = scratch_dir(label);
    let demo_sessions: Vec<String> =
        ["5f0c2b8e-3d0a-4c1e-9a57-7c1d2e3f4a5b", "9b1e4d7a-6c2f-4e8b-8d31-0a4b5c6d7e8f"].map(str::to_owned).to_vec();
    let sessions: Vec<Vec<String>> = CLIS.iter().map(|cli| sessions_of(&fixtures().join(cli))).collect();
    for copy in 0..copies {
        let prefix = format!("x{copy}-");
        let prefix = if copy == 0 { String::new() } else { prefix };
        let own = if copy == 0 { Vec::new() } else { demo_sessions.clone() };
        for (cli, ids) in CLIS.iter().zip(&sessions) {
            let ids = if copy == 0 { Vec::new() } else { ids.clone() };
            copy_tree(&fixtures().join(cli), &dir.join(cli), &prefix, &ids);
        }
        copy_tree(&demo_transcripts(), &dir.join("claude"), &prefix, &own);
    }
    dir
}

#[test]
fn a_folder_holding_every_clis_history_is_reported_per_cli() {
    let dir = mixed_folder("backtest-mixed", 1);
    let mixed = report(&dir, &[]);
    let clis: Vec<&String> = mixed["clis"].as_object().expect("clis").keys().collect();
    assert_eq!(clis, ["claude", "codex", "copilot", "droid", "gemini", "qwen"]);
    let mut events = 0;
    for cli in CLIS {
        let alone = report(&fixtures().join(cli), &[]);
        assert_eq!(mixed["clis"][cli], alone["clis"][cli], "{cli}'s part is its report alone");
        events += alone["events"].as_u64().unwrap_or(0);
    }
    let claude = report(&demo_transcripts(), &[]);
    assert_eq!(mixed["clis"]["claude"], claude["clis"]["claude"]);
    events += claude["events"].as_u64().unwrap_or(0);
    assert_eq!(mixed["events"], events, "the totals are the sum of the parts");
    assert_eq!((mixed["files"].as_u64(), mixed["sessions"].as_u64()), (Some(7), Some(7)));
    assert_eq!(mixed["behaviors"]["no-destructive-git"]["blocks"], 6, "one force push in each of the six");
    let text = backtest(&[dir.to_str().unwrap_or_default()], &[]);
    assert!(text.stdout.contains("By CLI:\n  claude: 2 files, 2 sessions,"), "{}", text.stdout);
    assert!(
        text.stdout.contains("\n  codex: 1 file, 1 session, 6 events; fired: no-destructive-git 1,"),
        "{}",
        text.stdout
    );
}

#[test]
fn the_report_is_byte_for_byte_the_same_on_one_thread_and_on_several() {
    let dir = mixed_folder("backtest-threads", 6);
    let path = dir.to_str().unwrap_or_default();
    for format in [&["--json"][..], &[][..]] {
        let one = backtest(&[&[path, "--jobs", "1"], format].concat(), &[]);
        assert_eq!(one.code, Some(0), "{}", one.stderr);
        for jobs in ["2", "5"] {
            let several = backtest(&[&[path, "--jobs", jobs], format].concat(), &[]);
            assert_eq!(several.stdout, one.stdout, "--jobs {jobs} {format:?}");
        }
    }
    let report: Value = serde_json::from_str(&backtest(&[path, "--json"], &[]).stdout).expect("JSON");
    assert_eq!((report["sessions"].as_u64(), report["files"].as_u64()), (Some(42), Some(42)));
    let sessions = blocked_sessions(&report);
    assert!(sessions.iter().any(|session| session.starts_with('x')), "the examples come from several copies");
}

#[test]
fn damaged_and_cut_short_lines_of_every_format_are_counted_never_a_crash() {
    for cli in CLIS {
        let dir = scratch_dir(&format!("backtest-damaged-{cli}"));
        copy_tree(&fixtures().join(cli), &dir, "", &[]);
        let intact = report(&dir, &[]);
        let file = all_files(&dir).into_iter().find(|file| file.extension().is_some_and(|ext| ext == "jsonl"));
        let file = file.expect("a history file");
        let mut bytes = std::fs::read(&file).expect("read");
        let last_line = String::from_utf8_lossy(&bytes).lines().last().unwrap_or_default().to_owned();
        if !bytes.ends_with(b"\n") {
            bytes.push(b'\n');
        }
        bytes.extend_from_slice(b"not json at all\n[\"an array\"]\n\xff\xfe\xfd\n");
        bytes.extend_from_slice(&last_line.as_bytes()[..last_line.len() / 2]);
        std::fs::write(&file, bytes).expect("write");
        let damaged = report(&dir, &[]);
        let skipped = &damaged["skipped"];
        assert_eq!(skipped["malformed_lines"], 3, "{cli}: the text, the array and the cut line: {skipped}");
        assert_eq!((skipped["truncated_files"].as_u64(), skipped["not_utf8_lines"].as_u64()), (Some(1), Some(1)));
        assert_eq!(damaged["behaviors"], intact["behaviors"], "{cli}: the good lines count as before");
    }
}

/// Every file under a folder.
fn all_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                folders.push(entry.path());
            } else {
                files.push(entry.path());
            }
        }
    }
    files.sort();
    files
}

#[test]
fn without_a_path_each_clis_history_of_the_project_is_found_in_its_own_place() {
    let home = scratch_dir("backtest-homes");
    copy_tree(&fixtures().join("codex"), &home.join(".codex"), "", &[]);
    copy_tree(&fixtures().join("gemini"), &home.join(".gemini"), "", &[]);
    copy_tree(&fixtures().join("copilot"), &home.join(".copilot"), "", &[]);
    copy_tree(&fixtures().join("qwen"), &home.join(".qwen"), "", &[]);
    copy_tree(&fixtures().join("droid"), &home.join(".factory"), "", &[]);
    copy_tree(&demo_transcripts(), &home.join(".claude/projects/-work-project"), "", &[]);
    // The fixtures' project is /work/project, as the tiers' scratch project became when blessed.
    let project = Path::new("/work/project");
    let run = backtest(&["--json"], &[("HOME", &home), ("CLAUDE_PROJECT_DIR", project)]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let found: Value = serde_json::from_str(&run.stdout).expect("JSON");
    let clis: Vec<&String> = found["clis"].as_object().expect("clis").keys().collect();
    assert_eq!(clis, ["claude", "codex", "copilot", "droid", "gemini", "qwen"], "{}", run.stderr);
    // Another project has none of them; the error says where it looked.
    let elsewhere = backtest(&[], &[("HOME", &home), ("CLAUDE_PROJECT_DIR", Path::new("/work/other"))]);
    assert_eq!(elsewhere.code, Some(1));
    let places = [
        ".claude/projects/-work-other",
        ".codex/sessions",
        ".gemini/tmp/",
        ".copilot/session-state",
        ".qwen/projects/-work-other/chats",
        ".factory/sessions/-work-other",
    ];
    for place in places {
        assert!(elsewhere.stderr.contains(place), "{place}: {}", elsewhere.stderr);
    }
    // A variable that moves a CLI's home is followed.
    let moved = scratch_dir("backtest-codex-home");
    copy_tree(&fixtures().join("codex"), &moved, "", &[]);
    let run = backtest(
        &["--json"],
        &[("HOME", &scratch_dir("backtest-empty-home")), ("CLAUDE_PROJECT_DIR", project), ("CODEX_HOME", &moved)],
    );
    let found: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(
        found["clis"].as_object().map(|clis| clis.keys().cloned().collect::<Vec<_>>()),
        Some(vec!["codex".to_owned()])
    );
}
