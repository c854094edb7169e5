//! `dotforge-bench`: whole-process latency of hook binaries against a floor binary, measured in one run.
//!
//! Build and run with `scripts/bench` (or `cargo build --release -p dotforge -p dotforge-bench` and then
//! `target/release/dotforge-bench [--runs N] [--sessions N] [--hook PATH] [--repository]`; a `--sessions` run leaves
//! out the rows of a 10,000-file git repository unless `--repository` asks for them). Every invocation is a real process:
//! spawn, payload on stdin, wait. Besides the floor (reads stdin, exits), the write-floor binary does the least a
//! contract-following hook must do when state changes, so each payload is reported against both. Wall time is
//! measured per invocation (median and p95); CPU time is the children's user+system time from `/proc/self/stat`,
//! averaged per invocation (clock-tick resolution, so only the mean is meaningful).
#![forbid(unsafe_code)]

use serde_json::{json, Value};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

/// The realistic mix of payloads of issue #7, a Bash command that no behavior reacts to (issue #15), two commands
/// that run files the hook reads first (issue #24): a script and a Makefile target, in `project`, and a Bash call's
/// output screened after it ran (issue #32).
fn payloads(project: &Path) -> Vec<(&'static str, Value)> {
    let pre = |tool: &str, input: Value| json!({"hook_event_name": "PreToolUse", "session_id": "bench", "tool_name": tool, "tool_input": input, "cwd": "/repo"});
    let in_project = |command: &str| {
        json!({"hook_event_name": "PreToolUse", "session_id": "bench", "tool_name": "Bash",
            "tool_input": {"command": command}, "cwd": project})
    };
    vec![
        ("Bash git push", pre("Bash", json!({"command": "git push origin main"}))),
        ("Bash ls", pre("Bash", json!({"command": "ls -la"}))),
        ("Bash cargo build", pre("Bash", json!({"command": "cargo build --release 2>&1 | tail -5"}))),
        ("Write .ts", pre("Write", json!({"file_path": "/repo/src/app.ts", "content": "export const x = 1;\n"}))),
        ("Read", pre("Read", json!({"file_path": "/repo/src/main.rs"}))),
        (
            "UserPromptSubmit",
            json!({"hook_event_name": "UserPromptSubmit", "session_id": "bench", "prompt": "please add a test"}),
        ),
        ("Bash bash script.sh", in_project("bash script.sh")),
        ("Bash make test", in_project("make test")),
        // Issue #32: a Bash call's output (1 KB of `git log --stat`) screened for secrets after it ran.
        (
            "PostToolUse Bash 1 KB",
            json!({"hook_event_name": "PostToolUse", "session_id": "bench", "tool_name": "Bash",
            "tool_input": {"command": "git log --stat"}, "cwd": project, "tool_use_id": "toolu_bench",
            "tool_response": {"stdout": log_output(1024), "stderr": "", "interrupted": false, "isImage": false,
                "noOutputExpected": false}}),
        ),
        // Issue #35: a PostToolUse that changes state (a test run sets verify-before-done's flag), in the project the
        // hook is installed in, so the files governance depends on are checked after the call.
        (
            "PostToolUse Bash npm test (state)",
            json!({"hook_event_name": "PostToolUse", "session_id": "bench", "tool_name": "Bash",
            "tool_input": {"command": "npm test"}, "cwd": project, "tool_use_id": "toolu_test",
            "tool_response": {"stdout": "3 passing\n", "stderr": "", "interrupted": false, "isImage": false,
                "noOutputExpected": false}}),
        ),
    ]
}

/// `size` bytes of `git log --stat`-like text (commit hashes, paths, integrity strings: no secret).
fn log_output(size: usize) -> String {
    let line =
        "commit 3f2a9c1e8b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39  src/app.ts | 12 ++++++------ integrity sha512-v2kDEe57\n";
    line.repeat(size / line.len() + 1)[..size].to_owned()
}

/// A project with a deploy script of a realistic size and a Makefile whose `test` target builds first.
fn write_project(project: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(project)?;
    let script =
        "#!/usr/bin/env bash\n# Build, test and package the app.\nset -euo pipefail\ncd \"$(dirname \"$0\")\"\n\
                  VERSION=$(git describe --tags --always)\necho \"building $VERSION\"\nnpm ci\nnpm run lint\n\
                  npm run build\nnpm test -- --coverage\nmkdir -p dist\ntar czf \"dist/app-$VERSION.tgz\" build\n\
                  sha256sum \"dist/app-$VERSION.tgz\" > dist/SHA256SUMS\ngit tag -a \"v$VERSION\" -m release || true\n\
                  echo done\n";
    std::fs::write(project.join("script.sh"), script)?;
    let makefile = "CC ?= cc\nCFLAGS := -O2 -Wall\nSRC := $(wildcard src/*.c)\n\n.PHONY: all build test lint clean\n\n\
                    all: build\n\nbuild: lint\n\t$(CC) $(CFLAGS) -o app $(SRC)\n\nlint:\n\t@clang-format --dry-run src/*.c\n\n\
                    test: build\n\t./app --self-test\n\tpytest -q tests/\n\nclean:\n\trm -rf app build\n";
    std::fs::write(project.join("Makefile"), makefile)
}

struct Samples {
    wall_ns: Vec<u128>,
    cpu_ticks: u64,
    runs: u64,
    /// Wall times per payload, in the order of [`payloads`].
    per_payload: Vec<Vec<u128>>,
}

impl Samples {
    fn new(payloads: usize) -> Samples {
        Samples { wall_ns: Vec::new(), cpu_ticks: 0, runs: 0, per_payload: vec![Vec::new(); payloads] }
    }

    fn percentile(&self, fraction: f64) -> f64 {
        percentile(&self.wall_ns, fraction)
    }
    fn cpu_ms(&self) -> f64 {
        let ticks_per_second = 100.0; // USER_HZ on Linux
        self.cpu_ticks as f64 / ticks_per_second * 1000.0 / self.runs.max(1) as f64
    }
}

/// The `fraction` percentile of nanosecond samples, in milliseconds.
fn percentile(samples: &[u128], fraction: f64) -> f64 {
    let mut sorted = samples.to_vec();
    sorted.sort_unstable();
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() - 1) as f64 * fraction).round() as usize;
    sorted[index] as f64 / 1e6
}

/// Children's user + system time so far, in clock ticks (fields 16 and 17 of /proc/self/stat).
fn children_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // after ")" the fields start at #3 (state); cutime is #16 and cstime #17.
    let field = |number: usize| fields.get(number - 3).and_then(|text| text.parse::<u64>().ok()).unwrap_or(0);
    field(16) + field(17)
}

fn run_once(binary: &Path, payload: &[u8], forge_root: &Path) -> u128 {
    let started = Instant::now();
    let child = Command::new(binary)
        .env("FORGE_ROOT", forge_root)
        .env_remove("FORGE_HOOK_PROFILE")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    let Ok(mut child) = child else { return 0 };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(payload);
    }
    let _ = child.wait();
    started.elapsed().as_nanos()
}

/// Runs `binaries` interleaved in blocks, `runs` times over every payload, each binary with its own `.forge` of
/// `roots` (the write-floor replaces state.json as it likes; a hook would take that for a tamper).
fn measure(binaries: &[&Path], runs: usize, roots: &[PathBuf], project: &Path) -> Vec<Samples> {
    let payloads: Vec<Vec<u8>> =
        payloads(project).into_iter().map(|(_, value)| value.to_string().into_bytes()).collect();
    measure_payloads(binaries, runs, roots, &payloads)
}

/// [`measure`] over the given payloads.
fn measure_payloads(binaries: &[&Path], runs: usize, roots: &[PathBuf], payloads: &[Vec<u8>]) -> Vec<Samples> {
    let mut samples: Vec<Samples> = binaries.iter().map(|_| Samples::new(payloads.len())).collect();
    const BLOCK: usize = 10;
    for _ in 0..runs.div_ceil(BLOCK) {
        for (index, payload) in payloads.iter().enumerate() {
            for ((binary, sample), forge_root) in binaries.iter().zip(samples.iter_mut()).zip(roots) {
                let before = children_ticks();
                for _ in 0..BLOCK {
                    let wall = run_once(binary, payload, forge_root);
                    sample.wall_ns.push(wall);
                    sample.per_payload[index].push(wall);
                }
                sample.cpu_ticks += children_ticks() - before;
                sample.runs += BLOCK as u64;
            }
        }
    }
    samples
}

/// Issue #34: a git repository of `total` files (100 to a folder), `in_src` of them under `src/`, the rest under
/// `lib/`, committed, its index refreshed a second later (so that no entry is racily clean, as in a repository worked
/// in for a while); with `changed`, one file of `src/` edited afterwards.
fn write_repository(dir: &Path, total: usize, in_src: usize, changed: bool) -> std::io::Result<()> {
    let _ = std::fs::remove_dir_all(dir);
    for index in 0..total {
        let top = if index < in_src { "src" } else { "lib" };
        let folder = dir.join(top).join(format!("d{:03}", index / 100));
        if index % 100 == 0 {
            std::fs::create_dir_all(&folder)?;
        }
        let text = format!("pub fn f{index}() -> usize {{ {index} }}\n");
        std::fs::write(folder.join(format!("f{:02}.rs", index % 100)), text)?;
    }
    std::fs::write(dir.join(".gitignore"), "target/\n")?;
    let git = |args: &[&str]| -> std::io::Result<()> {
        let status = Command::new("git")
            .args(["-c", "user.name=bench", "-c", "user.email=bench@example.com", "-c", "commit.gpgsign=false"])
            .args(args)
            .current_dir(dir)
            .stdout(Stdio::null())
            .status()?;
        if status.success() {
            Ok(())
        } else {
            Err(std::io::Error::other(format!("git {args:?} failed")))
        }
    };
    git(&["init", "-q"])?;
    git(&["add", "-A"])?;
    git(&["commit", "-qm", "bench"])?;
    std::thread::sleep(std::time::Duration::from_millis(1100));
    git(&["update-index", "-q", "--really-refresh"])?;
    if changed {
        let last = dir.join("src").join(format!("d{:03}", in_src.saturating_sub(1) / 100)).join("f00.rs");
        std::fs::write(last, "pub fn edited() {}\n")?;
    }
    Ok(())
}

/// Issue #34: `rm -rf src` in a repository of 10,000 files, with no local change (the hook compares every file of
/// `src/` with git's index and stays silent) and with one (it asks, and so writes state), `src/` holding 1,000 or all
/// of them; and `rm -rf target`, ignored. Reported against the floor and the write-floor.
fn repository_rows(binaries: &[&Path; 3], runs: usize, root: &Path, hook_label: &str) {
    let base = root.with_file_name("repositories");
    let cases = [("1,000 in src", 1_000), ("10,000 in src", 10_000)];
    let mut payloads = Vec::new();
    let mut names = Vec::new();
    for (label, in_src) in cases {
        for changed in [false, true] {
            let dir = base.join(format!("{in_src}-{changed}"));
            if let Err(error) = write_repository(&dir, 10_000, in_src, changed) {
                eprintln!("error: cannot make the repository to delete from (git is needed): {error}");
                return;
            }
            let what = if changed { "one file changed, asks" } else { "no local change" };
            names.push(format!("  rm -rf src ({label}, {what})"));
            payloads.push(json!({"hook_event_name": "PreToolUse", "session_id": "bench", "tool_name": "Bash",
                "tool_input": {"command": "rm -rf src"}, "cwd": dir}));
        }
    }
    let dir = base.join(format!("{}-false", cases[0].1));
    let _ = std::fs::create_dir_all(dir.join("target/debug"));
    let _ = std::fs::write(dir.join("target/debug/app"), "a build");
    names.push("  rm -rf target (ignored)".to_owned());
    payloads.push(json!({"hook_event_name": "PreToolUse", "session_id": "bench", "tool_name": "Bash",
        "tool_input": {"command": "rm -rf target"}, "cwd": dir}));
    let payloads: Vec<Vec<u8>> = payloads.iter().map(|value| value.to_string().into_bytes()).collect();
    reset_root(root, 0);
    let roots: Vec<PathBuf> = binaries.iter().map(|_| root.to_path_buf()).collect();
    let samples = measure_payloads(binaries, runs, &roots, &payloads);
    println!();
    println!("repository of 10,000 files ({hook_label} against the floor and the write-floor):");
    for (index, name) in names.iter().enumerate() {
        let median = |sample: &Samples| percentile(&sample.per_payload[index], 0.5);
        let (floor, write_floor, hook) = (median(&samples[0]), median(&samples[1]), median(&samples[2]));
        println!("{name:<58} {hook:>8.3} ms {:>7.2}× floor {:>6.2}× write-floor", hook / floor, hook / write_floor);
    }
    let _ = std::fs::remove_dir_all(&base);
}

/// Copies of the binaries in `dir`, each written in one piece: every binary is then timed from the page cache the
/// way a program is after it was first read from disk. The file a linker just wrote sits in the page cache as it was
/// written, in small pieces, until the cache lets it go; started from there, the 4 MB hook paid about 5% more per
/// event than a copy of itself (BENCHMARKS.md, step 14), and how much depended on when it was last built.
fn copied_into<const N: usize>(dir: &Path, binaries: [(&str, &PathBuf); N]) -> std::io::Result<[PathBuf; N]> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir)?;
    let mut copies: [PathBuf; N] = std::array::from_fn(|_| PathBuf::new());
    for (copy, (name, binary)) in copies.iter_mut().zip(binaries) {
        *copy = dir.join(name);
        std::fs::write(&*copy, std::fs::read(binary)?)?;
        std::fs::set_permissions(&*copy, std::fs::Permissions::from_mode(0o755))?;
    }
    Ok(copies)
}

/// A state.json with `count` live sessions, each with a few behaviors and flags.
fn state_with_sessions(count: usize) -> String {
    let mut sessions = serde_json::Map::new();
    for index in 0..count {
        sessions.insert(
            format!("session-{index:05}-0123456789abcdef"),
            json!({
                "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
                "flags": {"search_context_ready": {"set_at": "2999-01-01T00:00:00Z"}},
                "behavior_overrides": {},
                "behaviors": {
                    "search-first": {"counter": 3, "effective_level": "warning", "last_violation_at": "2999-01-01T00:00:00Z",
                                     "last_violation_tool": "Write", "pending_block": null, "overrides": []},
                    "verify-before-done": {"counter": 1, "effective_level": "nudge", "last_violation_at": "2999-01-01T00:00:00Z",
                                           "last_violation_tool": "Bash", "pending_block": null, "overrides": []}
                }
            }),
        );
    }
    json!({"schema_version": "1", "sessions": sessions}).to_string()
}

fn reset_root(root: &Path, sessions: usize) {
    let _ = std::fs::remove_dir_all(root);
    let runtime = root.join("runtime");
    let _ = std::fs::create_dir_all(&runtime);
    if sessions > 0 {
        let _ = std::fs::write(runtime.join("state.json"), state_with_sessions(sessions));
    }
}

/// `.forge` folders for `binaries` (one each, beside `root`), each with `sessions` other sessions; the hooks among
/// them installed in `project` with their `.forge` there (`install --settings`), as a person installs one, so that
/// they check the files governance depends on after each call (issue #35). A build from before that check installs
/// without a record and checks nothing.
fn reset_roots(root: &Path, binaries: &[(&str, &Path)], sessions: usize, project: &Path) -> Vec<PathBuf> {
    let settings = project.join(".claude/settings.json");
    let _ = std::fs::remove_file(&settings);
    binaries
        .iter()
        .map(|(name, binary)| {
            let forge_root = root.with_file_name(format!("forge-{name}"));
            reset_root(&forge_root, sessions);
            if !matches!(*name, "floor" | "write-floor") {
                let installed = Command::new(binary)
                    .args(["install", "--settings"])
                    .arg(&settings)
                    .env("FORGE_ROOT", &forge_root)
                    .current_dir(project)
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .status();
                if !installed.is_ok_and(|status| status.success()) {
                    eprintln!("warning: {} install failed; it is timed without the tamper check", binary.display());
                }
            }
            forge_root
        })
        .collect()
}

fn machine() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .unwrap_or_default()
        .lines()
        .find(|line| line.starts_with("model name"))
        .and_then(|line| line.split_once(':'))
        .map_or_else(|| "unknown CPU".to_owned(), |(_, name)| name.trim().to_owned());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    format!("{cpu}, {cores} cores, Linux {}", kernel.trim())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value_of = |flag: &str| args.iter().position(|arg| arg == flag).and_then(|position| args.get(position + 1));
    let runs = value_of("--runs").and_then(|n| n.parse().ok()).unwrap_or(100);
    // `--sessions 1` measures one state size only and skips the catalog-size rows (for quick comparisons).
    let only_sessions: Option<usize> = value_of("--sessions").and_then(|n| n.parse().ok());
    let dir: PathBuf =
        std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf)).unwrap_or_default();
    let floor = dir.join("floor");
    let write_floor = dir.join("write-floor");
    // `--hook PATH` measures another build of the hook (a hook project's binary, another profile) in its place.
    let hook = value_of("--hook").map_or_else(|| dir.join("dotforge-hook"), PathBuf::from);
    // The curated catalog has 15 behaviors; another hook is named by its path.
    let hook_label =
        value_of("--hook").map_or_else(|| "dotforge-hook (15)".to_owned(), |path| format!("--hook {path}"));
    let hook50 = dir.join("hook50");
    for binary in [&floor, &write_floor, &hook, &hook50] {
        if !binary.exists() {
            eprintln!(
                "error: {} is missing; run `cargo build --release -p dotforge -p dotforge-bench` first",
                binary.display()
            );
            std::process::exit(1);
        }
    }
    let root = std::env::temp_dir().join(format!("dotforge-bench-{}", std::process::id())).join(".forge");
    let [floor, write_floor, hook, hook50] = match copied_into(
        &root.with_file_name("bin"),
        [("floor", &floor), ("write-floor", &write_floor), ("hook", &hook), ("hook50", &hook50)],
    ) {
        Ok(copies) => copies,
        Err(error) => {
            eprintln!("error: cannot copy the binaries to time: {error}");
            std::process::exit(1);
        }
    };
    let project = root.with_file_name("project");
    if let Err(error) = write_project(&project) {
        eprintln!("error: cannot write the project the script and Makefile payloads run in: {error}");
        std::process::exit(1);
    }
    println!("machine: {}", machine());
    println!(
        "each row: {runs} runs × {} payloads, whole processes, FORGE_ROOT in {}, binaries copied there first",
        payloads(&project).len(),
        std::env::temp_dir().display()
    );
    println!();
    println!("{:<34} {:>12} {:>10} {:>10} {:>10}", "scenario / binary", "median ms", "p95 ms", "cpu ms", "ratio");
    let row = |label: &str, samples: &Samples, base: Option<&Samples>| {
        let ratio = base.map_or_else(
            || "1.00×".to_owned(),
            |base| format!("{:.2}×", samples.percentile(0.5) / base.percentile(0.5)),
        );
        println!(
            "{label:<34} {:>12.3} {:>10.3} {:>10.3} {:>10}",
            samples.percentile(0.5),
            samples.percentile(0.95),
            samples.cpu_ms(),
            ratio
        );
    };
    let state_sizes: Vec<usize> = only_sessions.map_or_else(|| vec![1, 100, 1000], |sessions| vec![sessions]);
    for sessions in state_sizes {
        let binaries = [("floor", floor.as_path()), ("write-floor", write_floor.as_path()), ("hook", hook.as_path())];
        let roots = reset_roots(&root, &binaries, sessions.saturating_sub(1), &project);
        let samples = measure(&[&floor, &write_floor, &hook], runs, &roots, &project);
        row(&format!("{sessions} session(s): floor"), &samples[0], None);
        row(&format!("{sessions} session(s): write-floor"), &samples[1], Some(&samples[0]));
        row(&format!("{sessions} session(s): {hook_label}"), &samples[2], Some(&samples[0]));
        for (index, (name, _)) in payloads(&project).iter().enumerate() {
            let median = |sample: &Samples| percentile(&sample.per_payload[index], 0.5);
            let (floor, write_floor, hook) = (median(&samples[0]), median(&samples[1]), median(&samples[2]));
            println!(
                "{:<34} {hook:>12.3} {:>10} {:>10} {:>9.2}×   {:.2}× write-floor",
                format!("  {name}"),
                "",
                "",
                hook / floor,
                hook / write_floor
            );
        }
    }
    if args.iter().any(|arg| arg == "--repository") || only_sessions.is_none() {
        repository_rows(&[&floor, &write_floor, &hook], runs, &root, &hook_label);
    }
    if only_sessions.is_none() {
        let binaries = [("floor", floor.as_path()), ("hook", hook.as_path()), ("hook50", hook50.as_path())];
        let roots = reset_roots(&root, &binaries, 0, &project);
        let samples = measure(&[&floor, &hook, &hook50], runs, &roots, &project);
        row("catalog size: floor", &samples[0], None);
        row(&format!("catalog size: {hook_label}"), &samples[1], Some(&samples[0]));
        row("catalog size: hook50 (50)", &samples[2], Some(&samples[0]));
        println!(
            "{:<34} {:>45}",
            "50 behaviors vs the hook",
            format!("{:.2}×", samples[2].percentile(0.5) / samples[1].percentile(0.5))
        );
    }
    if let Some(parent) = root.parent() {
        let _ = std::fs::remove_dir_all(parent);
    }
}
