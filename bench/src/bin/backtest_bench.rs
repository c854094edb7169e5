//! `backtest-bench`: how fast `backtest` replays a large history. Writes a synthetic history — N sessions of M tool
//! calls each, in the transcript format of Claude Code 2.1.328 (prompts, tool calls and results, turn ends, some
//! bookkeeping lines), with a realistic mix of searches, reads, writes, edits, tests, git and the odd destructive
//! command — then times `dotforge-hook backtest --json` over it, `--runs` times (under `/usr/bin/time` when there is
//! one, for the peak memory), and prints each run and the median: seconds, MB/s of history, events per second, max
//! RSS.
//!
//! Usage: `scripts/bench-backtest [--sessions N] [--calls M] [--hook PATH] [--keep DIR] [--runs R] [--jobs J]`
//! (default 1,000 sessions of 200 calls, 3 runs, the backtest's own thread count — one per core; `--jobs 1` replays
//! on one thread; `--keep` writes the history into DIR and leaves it there, for profiling).
#![forbid(unsafe_code)]

use serde_json::{json, Value};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// One tool call of the mix: tool and input, chosen by the call's number.
fn call(session: usize, index: usize) -> (&'static str, Value) {
    let file = format!("/work/project/src/module{}.ts", (session + index) % 40);
    match index % 20 {
        0 | 7 | 13 => ("Bash", json!({"command": format!("rg -n 'fn{index}' src/"), "description": "search"})),
        1 | 8 | 14 => ("Read", json!({"file_path": file})),
        2 | 9 => ("Edit", json!({"file_path": file, "old_string": "a", "new_string": "b"})),
        3 | 15 => ("Write", json!({"file_path": file, "content": "export const x = 1;\n"})),
        4 => ("Bash", json!({"command": "npm test 2>&1 | tail -20", "description": "test"})),
        5 => ("Bash", json!({"command": "git status && git diff --stat", "description": "status"})),
        6 => ("Bash", json!({"command": "cd /work/project && cargo build --release", "description": "build"})),
        10 => (
            "Bash",
            json!({"command": "git add -A && git commit -m 'step' && git push origin main", "description": "push"}),
        ),
        11 => ("Bash", json!({"command": "ls -la src/ | head -50", "description": "list"})),
        12 => ("Write", json!({"file_path": "/work/project/README.md", "content": "# notes\n"})),
        16 => ("Bash", json!({"command": "cat .env", "description": "settings"})),
        17 => ("Bash", json!({"command": "git push --force origin main", "description": "force"})),
        18 => ("Agent", json!({"description": "look", "prompt": "find the parser", "subagent_type": "Explore"})),
        _ => ("Bash", json!({"command": "python3 -m pytest -q tests/", "description": "pytest"})),
    }
}

fn line(out: &mut impl Write, value: &Value) -> std::io::Result<()> {
    writeln!(out, "{value}")
}

/// Writes one session's transcript; returns the number of hook events it stands for.
fn session(dir: &Path, number: usize, calls: usize) -> std::io::Result<()> {
    let id = format!("{number:08x}-0000-4000-8000-{number:012x}");
    let file = std::fs::File::create(dir.join(format!("{id}.jsonl")))?;
    let mut out = BufWriter::new(file);
    let base = 1_790_000_000u64 + number as u64 * 3_600;
    let at = |offset: usize| {
        let seconds = base + offset as u64;
        let days = seconds / 86_400;
        // A plain ISO timestamp without a date library: 2026-09-21 is day 20352 of the Unix epoch.
        let day_of_month = 1 + (days - 20_352) % 28;
        format!(
            "2026-10-{day_of_month:02}T{:02}:{:02}:{:02}.000Z",
            seconds % 86_400 / 3_600,
            seconds % 3_600 / 60,
            seconds % 60
        )
    };
    let common =
        |offset: usize| json!({"sessionId": id, "cwd": "/work/project", "timestamp": at(offset), "isSidechain": false});
    let with = |mut value: Value, extra: Value| {
        if let (Some(map), Some(extra)) = (value.as_object_mut(), extra.as_object()) {
            map.extend(extra.clone());
        }
        value
    };
    line(&mut out, &json!({"type": "queue-operation", "operation": "enqueue", "sessionId": id}))?;
    for index in 0..calls {
        if index % 20 == 0 {
            let prompt = json!({"type": "user", "message": {"role": "user", "content": format!("step {index}: add the next feature")}});
            line(&mut out, &with(common(index * 3), prompt))?;
            line(&mut out, &json!({"type": "attachment", "attachment": {"type": "skill_listing"}, "sessionId": id}))?;
        }
        let (tool, input) = call(number, index);
        let tool_id = format!("toolu_{number}_{index}");
        let assistant = json!({"type": "assistant", "message": {"role": "assistant", "stop_reason": "tool_use",
            "content": [{"type": "tool_use", "id": tool_id, "name": tool, "input": input}]}});
        line(&mut out, &with(common(index * 3 + 1), assistant))?;
        let failed = index % 20 == 17; // the force push is refused
        let result = json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result",
            "tool_use_id": tool_id, "content": "ok", "is_error": failed}]}});
        line(&mut out, &with(common(index * 3 + 2), result))?;
        if index % 20 == 19 {
            let done = json!({"type": "assistant", "message": {"role": "assistant", "stop_reason": "end_turn",
                "content": [{"type": "text", "text": "Done with this step."}]}});
            line(&mut out, &with(common(index * 3 + 2), done))?;
        }
    }
    out.flush()
}

/// One timed run of the backtest.
struct Run {
    seconds: f64,
    /// Its peak resident memory, when `/usr/bin/time` measured it.
    max_rss_kb: Option<u64>,
}

/// Runs `hook backtest DIR --json [--jobs J]` (under `/usr/bin/time` when there is one) and returns its time and its
/// report.
fn time_backtest(hook: &Path, dir: &Path, jobs: Option<&str>) -> (Run, Vec<u8>) {
    let timer = Path::new("/usr/bin/time");
    let mut command = if timer.is_file() {
        let mut command = Command::new(timer);
        command.args(["-f", "dotforge-bench-time %M"]).arg(hook);
        command
    } else {
        Command::new(hook)
    };
    command.arg("backtest").arg(dir).arg("--json").env_remove("FORGE_ROOT");
    if let Some(jobs) = jobs {
        command.args(["--jobs", jobs]);
    }
    let started = Instant::now();
    let output = command.output().expect("run the backtest");
    let seconds = started.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "backtest failed: {stderr}");
    let max_rss_kb = stderr
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("dotforge-bench-time "))
        .and_then(|kb| kb.trim().parse::<u64>().ok());
    (Run { seconds, max_rss_kb }, output.stdout)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut sessions, mut calls, mut hook) = (1_000usize, 200usize, PathBuf::from("target/release/dotforge-hook"));
    let mut keep: Option<PathBuf> = None;
    let (mut runs, mut jobs) = (3usize, None::<String>);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_default();
        match arg.as_str() {
            "--sessions" => sessions = value().parse().unwrap_or(sessions),
            "--calls" => calls = value().parse().unwrap_or(calls),
            "--hook" => hook = PathBuf::from(value()),
            "--keep" => keep = Some(PathBuf::from(value())),
            "--runs" => runs = value().parse().unwrap_or(runs).max(1),
            "--jobs" => jobs = Some(value()),
            other => {
                eprintln!("unknown argument `{other}`; usage: backtest-bench [--sessions N] [--calls M] [--hook PATH] [--keep DIR] [--runs R] [--jobs J]");
                std::process::exit(2);
            }
        }
    }
    let dir = keep
        .clone()
        .unwrap_or_else(|| std::env::temp_dir().join(format!("dotforge-backtest-bench-{}", std::process::id())));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let written = Instant::now();
    for number in 0..sessions {
        session(&dir, number, calls).expect("write a transcript");
    }
    let bytes: u64 = std::fs::read_dir(&dir)
        .expect("read")
        .flatten()
        .filter_map(|entry| entry.metadata().ok())
        .map(|meta| meta.len())
        .sum();
    println!(
        "history: {sessions} sessions x {calls} tool calls, {:.0} MB, written in {:.1} s",
        bytes as f64 / 1e6,
        written.elapsed().as_secs_f64()
    );
    let mb = bytes as f64 / 1e6;
    let mut measured: Vec<Run> = Vec::new();
    let mut report = Value::Null;
    for number in 1..=runs {
        let (run, output) = time_backtest(&hook, &dir, jobs.as_deref());
        report = serde_json::from_slice(&output).expect("JSON report");
        let events = report["events"].as_u64().unwrap_or(0) as f64;
        println!(
            "run {number}: {:.2} s = {:.0} MB/s of history, {:.0} events/s; max RSS {}",
            run.seconds,
            mb / run.seconds,
            events / run.seconds,
            run.max_rss_kb
                .map_or("unknown (no /usr/bin/time)".to_owned(), |kb| format!("{:.1} MB", kb as f64 / 1024.0))
        );
        measured.push(run);
    }
    if keep.is_none() {
        let _ = std::fs::remove_dir_all(&dir);
    }
    measured.sort_by(|left, right| left.seconds.total_cmp(&right.seconds));
    let median = &measured[measured.len() / 2];
    let peak = measured.iter().filter_map(|run| run.max_rss_kb).max();
    println!(
        "backtest: {} events, median of {runs}: {:.2} s = {:.0} MB/s of history; max RSS of the runs {}",
        report["events"],
        median.seconds,
        mb / median.seconds,
        peak.map_or("unknown".to_owned(), |kb| format!("{:.1} MB", kb as f64 / 1024.0))
    );
    for (id, behavior) in report["behaviors"].as_object().into_iter().flatten() {
        if behavior["violations"].as_u64().unwrap_or(0) > 0 {
            println!("  {id:<26} violations {:>7}  blocks {:>7}", behavior["violations"], behavior["blocks"]);
        }
    }
}
