//! The session histories the real-client tiers' CLIs leave in their scratch homes: backtested by the hook binary
//! (`backtest PATH --json`), and — when `DOTFORGE_BLESS_HISTORIES=1` — copied into `tests/fixtures/histories/<cli>/`
//! in the CLI's own layout, as the fixtures `tests/backtest.rs` reads: the scratch folders' paths replaced by
//! neutral ones (the project is `/work/project`, the home `/home/dev`, this repository `/src/dotforge`, in every form
//! the CLIs write them), and the long texts of long lines (system prompts, instructions) cut short, so that the
//! fixtures are small and hold no path of the machine that made them.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The variable that makes the tiers copy the histories they produced into the fixtures.
pub const BLESS_VAR: &str = "DOTFORGE_BLESS_HISTORIES";

/// Where the fixtures are: `tests/fixtures/histories/` of this repository.
pub fn fixtures() -> PathBuf {
    repository().join("tests/fixtures/histories")
}

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("the repository")
}

/// The report of `hook backtest PATH --json`, run with no variable of the machine's that moves a CLI's home.
pub fn backtest(hook: &Path, path: &Path) -> Value {
    let mut command = Command::new(hook);
    command.arg("backtest").arg(path).arg("--json");
    for key in ["FORGE_ROOT", "FORGE_HOOK_PROFILE", "FORGE_SOFT_BLOCK", "CLAUDE_PROJECT_DIR"] {
        command.env_remove(key);
    }
    let output = command.output().expect("run the backtest");
    assert!(output.status.success(), "backtest failed: {}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

/// Asserts that the report holds `cli`'s history and that each `(behavior, input)` blocked a call whose input
/// holds `input` (among the behavior's examples).
pub fn assert_blocks(report: &Value, cli: &str, expected: &[(&str, &str)]) {
    let events = report["clis"][cli]["events"].as_u64().unwrap_or(0);
    assert!(events > 0, "no {cli} history in the report: {report}");
    for (behavior, input) in expected {
        let found = &report["behaviors"][*behavior];
        assert!(found["blocks"].as_u64().unwrap_or(0) > 0, "{behavior} blocked nothing: {report}");
        let examples = found["examples"].as_array().cloned().unwrap_or_default();
        assert!(
            examples.iter().any(|example| example["input"].as_str().is_some_and(|text| text.contains(input))
                && example["level"].as_str().is_some_and(|level| level.ends_with("block"))),
            "{behavior} did not block `{input}`: {examples:?}"
        );
        assert!(report["clis"][cli]["behaviors"][*behavior]["blocks"].as_u64() > Some(0), "{cli}'s own count");
    }
}

/// With `DOTFORGE_BLESS_HISTORIES=1`, copies the history files under `base/<part>` (for each part; `.jsonl` files,
/// Gemini CLI's `.project_root` and `projects.json`) into `tests/fixtures/histories/<cli>/<part>`, replacing what
/// was there, with the scratch folders of `project` (and its `home` beside it) made neutral.
pub fn bless(cli: &str, base: &Path, parts: &[&str], project: &Path) {
    if std::env::var_os(BLESS_VAR).is_none_or(|value| value != "1") {
        return;
    }
    let destination = fixtures().join(cli);
    let _ = std::fs::remove_dir_all(&destination);
    let root = project.parent().expect("the scratch root");
    let replacements = neutral_paths(root);
    for part in parts {
        for file in history_files(&base.join(part)) {
            let relative = file.strip_prefix(base).expect("inside the base").to_string_lossy().into_owned();
            let target = destination.join(replace_all(&relative, &replacements));
            std::fs::create_dir_all(target.parent().expect("a folder")).expect("fixture folder");
            let text = std::fs::read_to_string(&file).expect("a history file");
            let lines: Vec<String> = text.split('\n').map(|line| trimmed(&replace_all(line, &replacements))).collect();
            std::fs::write(&target, lines.join("\n")).expect("write the fixture");
        }
    }
}

/// The scratch paths of the root `root` (its `project` and `home`, and this repository) and the neutral paths
/// they become, in each form the CLIs write a folder: as it is, and as a folder name (every character but letters
/// and digits as `-`, which is also Droid's slashes as `-` for these paths).
fn neutral_paths(root: &Path) -> Vec<(String, String)> {
    let named = |path: &str| path.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect::<String>();
    let mut pairs = Vec::new();
    for (scratch, neutral) in [
        (root.join("project").display().to_string(), "/work/project".to_owned()),
        (root.join("home").display().to_string(), "/home/dev".to_owned()),
        (repository().display().to_string(), "/src/dotforge".to_owned()),
    ] {
        pairs.push((named(&scratch), named(&neutral)));
        pairs.push((scratch, neutral));
    }
    pairs
}

fn replace_all(text: &str, pairs: &[(String, String)]) -> String {
    pairs.iter().fold(text.to_owned(), |text, (from, to)| text.replace(from.as_str(), to))
}

/// Lines longer than this are rewritten with their long texts cut short.
const LONG_LINE: usize = 3000;
/// How much of a long text a rewritten line keeps.
const KEPT_TEXT: usize = 400;

/// The line as it is, or, when it is long JSON, with each long text cut short (its members in the order serde_json
/// writes them).
fn trimmed(line: &str) -> String {
    if line.len() <= LONG_LINE {
        return line.to_owned();
    }
    let Ok(mut value) = serde_json::from_str::<Value>(line) else { return line.to_owned() };
    shorten(&mut value);
    value.to_string()
}

fn shorten(value: &mut Value) {
    match value {
        Value::String(text) if text.len() > KEPT_TEXT => {
            let cut = (0..=KEPT_TEXT).rev().find(|at| text.is_char_boundary(*at)).unwrap_or(0);
            text.truncate(cut);
            text.push_str(" [trimmed]");
        }
        Value::Array(items) => items.iter_mut().for_each(shorten),
        Value::Object(members) => members.values_mut().for_each(shorten),
        _ => {}
    }
}

/// The history files under a folder: `.jsonl` files, and Gemini CLI's `.project_root` and `projects.json`.
fn history_files(path: &Path) -> Vec<PathBuf> {
    if path.is_file() {
        return vec![path.to_path_buf()];
    }
    let mut found = Vec::new();
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let entry_path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if entry_path.is_dir() {
                folders.push(entry_path);
            } else if name.ends_with(".jsonl") || name == ".project_root" {
                found.push(entry_path);
            }
        }
    }
    found.sort();
    found
}
