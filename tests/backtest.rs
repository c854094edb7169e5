//! `dotforge-hook backtest`: the curated catalog over the transcripts in `demo/transcripts/` (recorded by the real
//! Claude Code CLI, see `tests/real_client_catalog.rs`), the filters, errors, damaged input, the default folder, and
//! the live `.forge` left byte for byte as it was.

use dotforge_conformance::hook::{run_command, scratch_dir, Run};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const CLEAN: &str = "5f0c2b8e-3d0a-4c1e-9a57-7c1d2e3f4a5b";
const CARELESS: &str = "9b1e4d7a-6c2f-4e8b-8d31-0a4b5c6d7e8f";

fn demo_transcripts() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("demo/transcripts")
}

fn backtest(args: &[&str], env: &[(&str, &Path)]) -> Run {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dotforge-hook"));
    command.arg("backtest").args(args);
    for key in ["FORGE_ROOT", "FORGE_HOOK_PROFILE", "FORGE_SOFT_BLOCK", "CLAUDE_PROJECT_DIR"] {
        command.env_remove(key);
    }
    for (key, value) in env {
        command.env(key, value);
    }
    run_command(command, b"")
}

fn json_report(args: &[&str]) -> Value {
    let run = backtest(&[args, &["--json"]].concat(), &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    serde_json::from_str(&run.stdout).expect("one JSON object")
}

#[test]
fn the_demo_transcripts_backtest_to_the_counts_worked_out_by_hand() {
    let demo = demo_transcripts();
    let report = json_report(&[demo.to_str().unwrap_or_default()]);
    assert_eq!((report["files"].clone(), report["sessions"].clone()), (json!(2), json!(2)));
    // The careless session, by hand from the catalog: two blind writes (search-first nudges 1 and 2), `cat .env`
    // (protect-secrets asks), the force push (no-destructive-git, which cuts the chain before verify-before-done),
    // a push without tests (verify-before-done nudges). The realistic session: nothing.
    let expected = json!({
        "search-first": {"nudge": 2}, "protect-secrets": {"soft_block": 1},
        "no-destructive-git": {"hard_block": 1}, "verify-before-done": {"nudge": 1},
    });
    for (id, behavior) in report["behaviors"].as_object().into_iter().flatten() {
        let levels = expected.get(id).cloned().unwrap_or(json!({}));
        assert_eq!(behavior["by_level"], levels, "{id}");
        let sessions = if levels == json!({}) { 0 } else { 1 };
        assert_eq!(behavior["sessions"], sessions, "{id}");
    }
    assert_eq!(report["behaviors"]["no-destructive-git"]["blocks"], 1);
    assert_eq!(report["behaviors"]["search-first"]["examples"][0]["session"], CARELESS);
    assert_eq!(report["behaviors"]["search-first"]["examples"][0]["input"], "/work/demo/src/eval.ts");
    assert_eq!(report["events_by_level"]["hard_block"], 1);
    assert!(report["skipped"]["other_line_types"]["attachment"].as_u64() > Some(0), "bookkeeping lines are counted");
    let clean = json_report(&[demo.to_str().unwrap_or_default(), "--session", CLEAN]);
    assert_eq!(clean["sessions"], 1);
    assert_eq!(clean["events_by_level"]["pass"], clean["events"], "no false alarm on the realistic session");
}

#[test]
fn since_narrows_by_transcript_time_and_bad_input_is_a_clear_error() {
    let demo = demo_transcripts();
    let demo = demo.to_str().unwrap_or_default();
    assert_eq!(json_report(&[demo, "--since", "2099-01-01"])["events"], 0);
    assert_eq!(json_report(&[demo, "--since", "2026-01-01T00:00:00Z"])["sessions"], 2);
    let bad_date = backtest(&[demo, "--since", "yesterday"], &[]);
    assert_eq!(bad_date.code, Some(1));
    assert!(bad_date.stderr.contains("--since `yesterday` is not YYYY-MM-DD"), "{}", bad_date.stderr);
    let missing = backtest(&["/no/such/transcripts"], &[]);
    assert_eq!(missing.code, Some(1));
    assert!(missing.stderr.contains("cannot read /no/such/transcripts"), "{}", missing.stderr);
    assert_eq!(backtest(&["--bogus"], &[]).code, Some(2));
}

#[test]
fn damaged_transcripts_are_skipped_and_counted_never_a_crash() {
    let dir = scratch_dir("backtest-damaged");
    let good = std::fs::read_to_string(demo_transcripts().join(format!("{CARELESS}.jsonl"))).expect("demo");
    let mut damaged = good.clone().into_bytes();
    damaged.extend_from_slice(
        b"not json at all\n\xff\xfe\xfd\n{\"type\":\"brand-new-type\"}\n{\"type\":\"assistant\",\"sess",
    );
    std::fs::write(dir.join("damaged.jsonl"), damaged).expect("write");
    std::fs::write(dir.join("empty.jsonl"), b"").expect("write");
    let run = backtest(&[dir.to_str().unwrap_or_default(), "--json"], &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).expect("JSON");
    assert_eq!(report["skipped"]["malformed_lines"], 2);
    assert_eq!(report["skipped"]["truncated_files"], 1);
    assert_eq!(report["skipped"]["not_utf8_lines"], 1);
    assert_eq!(report["skipped"]["other_line_types"]["brand-new-type"], 1);
    assert_eq!(report["behaviors"]["search-first"]["violations"], 2, "the good lines still count");
    let text = backtest(&[dir.to_str().unwrap_or_default()], &[]);
    assert!(text.stdout.contains("2 malformed (1 truncated files), 1 not UTF-8"), "{}", text.stdout);
}

/// Every file under `dir`, with its bytes.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            if entry.path().is_dir() {
                stack.push(entry.path());
            } else {
                files.insert(entry.path(), std::fs::read(entry.path()).unwrap_or_default());
            }
        }
    }
    files
}

#[test]
fn without_a_path_it_reads_this_projects_folder_and_leaves_the_live_forge_byte_for_byte_unchanged() {
    let root = scratch_dir("backtest-default");
    let (home, project) = (root.join("home"), root.join("my.project"));
    let folder = home
        .join(".claude/projects")
        .join(project.to_string_lossy().replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    std::fs::create_dir_all(&folder).expect("folder");
    std::fs::copy(demo_transcripts().join(format!("{CARELESS}.jsonl")), folder.join("s.jsonl")).expect("copy");
    let forge = project.join(".forge");
    for (file, text) in [
        ("runtime/state.json", "{\"schema_version\":\"1\",\"sessions\":{}}"),
        ("audit/overrides.log", "2026-01-01T00:00:00Z|s|b|Write|x|5|\n"),
        ("audit/metrics.json", "{}"),
    ] {
        std::fs::create_dir_all(forge.join(file).parent().expect("parent")).expect("dir");
        std::fs::write(forge.join(file), text).expect("write");
    }
    let before = tree(&forge);
    let run = backtest(&[], &[("HOME", &home), ("CLAUDE_PROJECT_DIR", &project), ("FORGE_ROOT", &forge)]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.starts_with("Backtest of 1 transcript file: 1 session,"), "{}", run.stdout);
    assert_eq!(tree(&forge), before, "the live .forge is untouched");
    let elsewhere = backtest(&[], &[("HOME", &home), ("CLAUDE_PROJECT_DIR", &root.join("other"))]);
    assert_eq!(elsewhere.code, Some(1));
    assert!(elsewhere.stderr.contains("no Claude Code transcripts for"), "{}", elsewhere.stderr);
}

#[test]
fn the_examples_line_up_whatever_the_length_of_a_behavior_name() {
    let run = backtest(&["demo/transcripts"], &[]);
    let rows: Vec<&str> = run
        .stdout
        .lines()
        .skip_while(|line| !line.starts_with("Examples"))
        .skip(1)
        .take_while(|line| !line.is_empty())
        .collect();
    let ids: Vec<&str> = rows.iter().filter_map(|row| row.split_whitespace().next()).collect();
    assert!(
        ids.contains(&"no-destructive-git") && ids.contains(&"search-first"),
        "names of different lengths: {rows:?}"
    );
    for column in ["2026-11-30T", "session ", "Bash  ", "nudge: "] {
        let starts: Vec<usize> = rows.iter().filter_map(|row| row.find(column)).collect();
        assert!(
            starts.len() >= 2 && starts.windows(2).all(|pair| pair[0] == pair[1]),
            "`{column}` misaligned:\n{}",
            rows.join("\n")
        );
    }
    let tools: Vec<usize> = rows.iter().filter_map(|row| row.find(" Bash ").or_else(|| row.find(" Write "))).collect();
    assert!(tools.len() == rows.len() && tools.windows(2).all(|pair| pair[0] == pair[1]), "{}", rows.join("\n"));
}

#[test]
fn the_backtest_document_shows_the_demo_backtest_as_it_is() {
    let run = backtest(&["demo/transcripts"], &[]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let document =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/backtest.md")).expect("docs/backtest.md");
    assert!(
        document.contains(run.stdout.trim_end()),
        "docs/backtest.md's report is stale; paste the output of `cargo run --release -- backtest demo/transcripts`"
    );
}
