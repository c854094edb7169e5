//! The authoring CLI on temporary copies of behavior folders.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("read dir").filter_map(Result::ok) {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

/// A copy of the curated catalog in a fresh folder.
fn catalog(label: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    copy_dir(&workspace().join("behaviors"), &dir.join("behaviors"));
    dir
}

fn dotforge(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotforge")).current_dir(dir).args(args).output().expect("run dotforge")
}

fn out(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn err(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn check_accepts_the_catalog_and_reports_every_error_of_a_broken_one() {
    let dir = catalog("check");
    let ok = dotforge(&dir, &["check"]);
    assert_eq!(ok.status.code(), Some(0), "{}", err(&ok));
    let index = std::fs::read_to_string(dir.join("behaviors/index.yaml")).expect("index");
    let behaviors = index.lines().filter(|line| line.trim_start().starts_with("- id:")).count();
    let scenarios: usize = std::fs::read_dir(dir.join("behaviors"))
        .expect("behaviors")
        .flatten()
        .filter_map(|entry| std::fs::read_dir(entry.path().join("tests")).ok())
        .map(|files| files.flatten().filter(|file| file.path().extension().is_some_and(|ext| ext == "yaml")).count())
        .sum();
    assert_eq!(out(&ok).trim(), format!("behaviors: {behaviors} behaviors, {scenarios} scenarios, no problems"));
    let file = dir.join("behaviors/search-first/behavior.yaml");
    let text = std::fs::read_to_string(&file).expect("read");
    std::fs::write(
        &file,
        text.replace("  enforcement:", "  enforcment:").replace("on_absent: violate", "on_absent: fail"),
    )
    .expect("write");
    let broken = dotforge(&dir, &["check", "behaviors"]);
    assert_eq!(broken.status.code(), Some(1));
    let stderr = err(&broken);
    assert!(
        stderr.contains("error[unknown-key]: unknown key `enforcment`\n  --> behaviors/search-first/behavior.yaml:"),
        "{stderr}"
    );
    assert!(stderr.contains("= help: did you mean `enforcement`?"), "{stderr}");
    assert!(stderr.contains("error[unknown-value]: unknown on absent `fail`"), "{stderr}");
    assert!(stderr.ends_with("error: behaviors has 3 errors\n"), "{stderr}");
}

#[test]
fn off_and_on_for_the_project_edit_the_index_keeping_comments() {
    let dir = catalog("switch");
    let index = dir.join("behaviors/index.yaml");
    let off = dotforge(&dir, &["off", "search-first", "--project"]);
    assert_eq!(off.status.code(), Some(0), "{}", err(&off));
    assert!(out(&off).contains("rebuild the hook"), "{}", out(&off));
    let text = std::fs::read_to_string(&index).expect("read");
    assert!(text.contains("  - id: search-first\n    enabled: false\n"), "{text}");
    assert!(text.contains("enabled: false  # opinionated, opt-in"), "comments survive: {text}");
    assert!(text
        .starts_with("# yaml-language-server: $schema=../schemas/index.schema.json\n# The curated dotforge catalog."));
    assert_eq!(dotforge(&dir, &["on", "objection-format", "--project"]).status.code(), Some(0));
    let text = std::fs::read_to_string(&index).expect("read");
    assert!(text.contains("  - id: objection-format\n    enabled: true  # opinionated, opt-in"), "{text}");
    let unknown = dotforge(&dir, &["on", "nope", "--project"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(err(&unknown).contains("`nope` is not listed in index.yaml"));
    assert_eq!(dotforge(&dir, &["on", "search-first"]).status.code(), Some(2), "--project is required");
}

#[test]
fn strict_and_relaxed_rescale_escalation_keeping_comments() {
    let dir = catalog("tune");
    let file = dir.join("behaviors/search-first/behavior.yaml");
    let original = std::fs::read_to_string(&file).expect("read");
    let strict = dotforge(&dir, &["strict", "search-first"]);
    assert_eq!(strict.status.code(), Some(0), "{}", err(&strict));
    assert!(out(&strict).contains("escalation after 1 → 1, 3 → 1, 5 → 2"), "{}", out(&strict));
    let text = std::fs::read_to_string(&file).expect("read");
    assert!(
        text.contains("    # 1. Searching sets the flag — no violation, no counter: reading files, a search command in Bash (read as a"),
        "comments survive"
    );
    assert!(
        text.contains(
            "      - after: 1\n        level: nudge\n      - after: 1\n        level: warning\n      - after: 2\n"
        ),
        "{text}"
    );
    let relaxed = dotforge(&dir, &["relaxed", "verify-before-done"]);
    assert_eq!(relaxed.status.code(), Some(0), "{}", err(&relaxed));
    let text = std::fs::read_to_string(dir.join("behaviors/verify-before-done/behavior.yaml")).expect("read");
    assert!(
        text.contains(
            "      - after: 2\n        level: nudge\n      - after: 4\n        level: warning\n      - after: 6\n"
        ),
        "{text}"
    );
    let none = dotforge(&dir, &["strict", "no-destructive-git"]);
    assert_eq!(none.status.code(), Some(1));
    assert!(err(&none).contains("no escalation steps"), "{}", err(&none));
    assert_ne!(original, std::fs::read_to_string(&file).expect("read"));
}

#[test]
fn the_committed_schemas_are_what_the_generator_prints() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-schemas-{}", std::process::id()));
    let written = dotforge(workspace(), &["schema", "--write", dir.to_str().unwrap_or_default()]);
    assert_eq!(written.status.code(), Some(0));
    for name in ["behavior.schema.json", "index.schema.json", "scenario.schema.json"] {
        let fresh = std::fs::read_to_string(dir.join(name)).expect("written");
        let committed = std::fs::read_to_string(workspace().join("schemas").join(name)).unwrap_or_default();
        assert_eq!(
            committed, fresh,
            "schemas/{name} is stale: run `cargo run -p dotforge-cli -- schema --write schemas`"
        );
    }
    let printed: serde_json::Value = serde_json::from_slice(&dotforge(workspace(), &["schema"]).stdout).expect("json");
    assert_eq!(printed["behavior"]["title"], "dotforge behavior.yaml (schema v1)");
}

#[test]
fn catalog_files_point_editors_at_the_schemas() {
    let root = workspace().join("behaviors");
    let mut files = vec![(root.join("index.yaml"), "../schemas/index.schema.json")];
    for entry in std::fs::read_dir(&root).expect("read").filter_map(Result::ok).filter(|entry| entry.path().is_dir()) {
        files.push((entry.path().join("behavior.yaml"), "../../schemas/behavior.schema.json"));
        for test in std::fs::read_dir(entry.path().join("tests")).expect("tests").filter_map(Result::ok) {
            files.push((test.path(), "../../../schemas/scenario.schema.json"));
        }
    }
    for (file, schema) in files {
        let text = std::fs::read_to_string(&file).expect("read");
        assert!(text.starts_with(&format!("# yaml-language-server: $schema={schema}\n")), "{}", file.display());
        assert!(file.parent().unwrap_or(&root).join(schema).exists(), "{schema} from {}", file.display());
    }
}
