//! The README's newcomer path, run as written: on a fresh clone of this checkout (its work tree as it is now), the
//! commands of "Start a hook project" and "Write a behavior" in order — generate a project, build it, run its
//! scenario tests, see the nudge, install it in another project, ask `doctor`, add a behavior — each command read
//! from the README's own code blocks, so the document cannot drift from what works. Then the project as a team gets
//! it: committed, cloned by a teammate into another folder, who puts dotforge where its `Cargo.toml` names it with
//! the commands of the project's README and builds it; and cloned once more for its CI job, whose workflow's `run`
//! steps run in order.
//!
//! Slow (release builds of a hook project in two places, one debug build of the CLI): every cargo project's
//! `target/` is a link into `target/quickstart/`, kept between runs, and each clone of dotforge keeps the file times
//! of this checkout, so a run compiles again what changed since the last one (all of it, the first time).

mod walk;

use std::path::{Path, PathBuf};
use walk::{git, keep_times_of, matches_shown, section_blocks, steps, Ran, Shell};

fn workspace() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).canonicalize().expect("workspace")
}

/// The scratch world, made afresh on every run.
fn world() -> PathBuf {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quickstart");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).expect("world");
    root.canonicalize().expect("world")
}

/// A repository holding this checkout's work tree as it is (tracked and new files, as git lists them), committed —
/// what a clone of the pushed checkout would hold.
fn upstream(shell: &Shell, at: &Path) {
    let listed = git(shell, &workspace(), &["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
    for relative in listed.stdout.split(|byte| *byte == 0).filter(|name| !name.is_empty()) {
        let relative = Path::new(std::str::from_utf8(relative).expect("UTF-8 path"));
        let from = workspace().join(relative);
        if !from.is_file() {
            continue; // deleted in the work tree
        }
        let to = at.join(relative);
        std::fs::create_dir_all(to.parent().expect("parent")).expect("mkdir");
        std::fs::copy(&from, &to).expect("copy");
    }
    git(shell, at, &["init", "--quiet"]);
    git(shell, at, &["add", "-A"]);
    git(shell, at, &["commit", "--quiet", "-m", "dotforge as it is"]);
}

/// Runs the shell blocks of a README section in order (checking the output the README shows under a command) and
/// writes the files its YAML blocks name (`# behaviors/…` on their first line) into `project`.
fn walk_section(shell: &mut Shell, readme: &str, heading: &str, project: &Path) -> Vec<Ran> {
    let mut ran = Vec::new();
    for block in section_blocks(readme, heading) {
        match block.language.as_str() {
            "sh" => {
                for step in steps(&block.text) {
                    let done = shell.run(&step.command).succeeded();
                    for shown in &step.shown {
                        assert!(
                            matches_shown(&done.stdout, shown),
                            "`{}` printed\n{}\nnot\n{shown}",
                            done.command,
                            done.stdout
                        );
                    }
                    ran.push(done);
                }
            }
            "yaml" => {
                let first = block.text.lines().next().unwrap_or_default();
                let path = first.strip_prefix("# ").filter(|path| path.starts_with("behaviors/"));
                let path = path.unwrap_or_else(|| panic!("a YAML block of `{heading}` names no file: {first}"));
                let file = project.join(path);
                std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
                std::fs::write(&file, &block.text).expect("write");
            }
            _ => {}
        }
    }
    ran
}

/// The run of the command that starts with `start`.
fn ran<'a>(runs: &'a [Ran], start: &str) -> &'a Ran {
    runs.iter().find(|run| run.command.starts_with(start)).unwrap_or_else(|| panic!("no command `{start}…` was run"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

#[test]
fn the_readme_quickstart_runs_as_written_and_its_project_builds_for_a_teammate_and_in_ci() {
    let root = world();
    let targets = workspace().join("target/quickstart");
    let mut shell = Shell::new(&root.join("dotforge"), &root.join("home"), &targets)
        .replacing("/tmp/try-dotforge", &root.join("try-dotforge"));

    // A fresh clone of this checkout, as a reader has it, and the project their agent works in (`../my-app`).
    upstream(&shell, &root.join("upstream"));
    git(&shell, &root, &["clone", "--quiet", "upstream", "dotforge"]);
    keep_times_of(&workspace(), &root.join("dotforge"));
    std::fs::create_dir_all(root.join("my-app")).expect("my-app");
    let readme = read(&root.join("dotforge/README.md"));
    let first_screen: Vec<&str> = readme.lines().take(60).collect();
    assert!(first_screen.contains(&"## Start a hook project"), "the quickstart starts within the first 60 lines");

    let project = root.join("my-hooks");
    let quickstart = walk_section(&mut shell, &readme, "## Start a hook project", &project);
    let made = ran(&quickstart, "cargo run -p dotforge-cli -- new");
    assert!(
        made.stdout.contains("depends on the dotforge checkout ../dotforge (relative to the project)")
            && made.stdout.contains("its CI job clones it there"),
        "{}",
        made.stdout
    );
    assert!(!made.stderr.contains("warning:"), "a clean, pushed clone builds anywhere: {}", made.stderr);
    let tested = ran(&quickstart, "cargo test --release");
    assert!(tested.stdout.contains("behaviors::scenario_tests::search_first::escalation ... ok"), "{}", tested.stdout);
    assert!(!project.join(".forge").exists(), "the nudge step leaves no .forge in the hook project");
    assert!(root.join("try-dotforge/.forge/runtime/state.json").is_file(), "its state went to the other project");
    let local: serde_json::Value =
        serde_json::from_str(&read(&root.join("my-app/.claude/settings.local.json"))).expect("settings JSON");
    assert!(local["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().is_some(), "{local}");
    assert!(!root.join("my-app/.claude/settings.json").exists(), "no path of this machine in the shared settings");
    let doctor = ran(&quickstart, "../my-hooks/target/release/my-hooks doctor");
    assert!(doctor.stdout.contains("governance is live"), "{}", doctor.stdout);

    let behavior = walk_section(&mut shell, &readme, "## Write a behavior", &project);
    let tested = ran(&behavior, "cargo test --release");
    assert!(
        tested.stdout.contains("behaviors::scenario_tests::no_console_log::escalation ... ok"),
        "{}",
        tested.stdout
    );

    // The author commits the project and pushes it; a teammate clones it into another folder and follows its README.
    git(&shell, &project, &["init", "--quiet"]);
    git(&shell, &project, &["add", "-A", "--", ".", ":(exclude)target"]);
    git(&shell, &project, &["commit", "--quiet", "-m", "our hooks"]);
    git(&shell, &root, &["clone", "--quiet", "--bare", "my-hooks", "my-hooks.git"]);
    teammate_builds(&mut shell, &root);
    ci_job_builds(&mut shell, &root);
}

/// A teammate's clone on another path: the project's README puts dotforge where `Cargo.toml` names it, then its
/// build and test commands run.
fn teammate_builds(shell: &mut Shell, root: &Path) {
    let elsewhere = root.join("teammate");
    std::fs::create_dir_all(&elsewhere).expect("teammate");
    git(shell, &elsewhere, &["clone", "--quiet", "../my-hooks.git", "my-hooks"]);
    let clone = elsewhere.join("my-hooks");
    let readme = read(&clone.join("README.md"));
    let blocks = section_blocks(&readme, "## Build, test, install");
    let fetch =
        blocks.iter().find(|block| block.text.contains("git clone")).expect("the README says how to get dotforge");
    let build = blocks.iter().find(|block| block.text.contains("cargo build")).expect("the README's build commands");
    shell.cwd = clone.clone();
    for step in steps(&fetch.text) {
        shell.run(&step.command).succeeded();
    }
    assert!(elsewhere.join("dotforge/dotforge-runtime/Cargo.toml").is_file(), "dotforge where Cargo.toml names it");
    keep_times_of(&workspace(), &elsewhere.join("dotforge"));
    let mut tested = None;
    for step in steps(&build.text).into_iter().filter(|step| step.command.starts_with("cargo ")) {
        tested = Some(shell.run(&step.command).succeeded());
    }
    let tested = tested.expect("cargo commands");
    assert!(tested.stdout.contains("no_console_log::escalation ... ok"), "{}", tested.stdout);
}

/// The CI job: a fresh clone in an empty folder, then every step of `.github/workflows/dotforge.yml` in order —
/// `run` steps in the clone's folder as GitHub runs them (`bash -e`: here `sh` with `set -e`), `actions/checkout`
/// being the clone, the toolchain step the one at hand, and each upload's path checked to exist.
fn ci_job_builds(shell: &mut Shell, root: &Path) {
    // The teammate's folder, emptied: the job starts from nothing but the clone, and cargo finds dotforge's crates
    // already compiled for that place (the same files, at the same path).
    let runner = root.join("teammate");
    std::fs::remove_dir_all(&runner).expect("empty the folder");
    std::fs::create_dir_all(&runner).expect("ci");
    git(shell, &runner, &["clone", "--quiet", "../my-hooks.git", "my-hooks"]);
    let job = runner.join("my-hooks");
    let workflow: serde_yaml::Value =
        serde_yaml::from_str(&read(&job.join(".github/workflows/dotforge.yml"))).expect("workflow YAML");
    let steps = workflow["jobs"]["hook"]["steps"].as_sequence().cloned().expect("the job's steps");
    let mut uploads = 0;
    for step in &steps {
        shell.cwd = job.clone();
        if let Some(script) = step["run"].as_str() {
            shell.run(&format!("set -e\n{script}")).succeeded();
            keep_times_of(&workspace(), &runner.join("dotforge"));
            continue;
        }
        let uses = step["uses"].as_str().unwrap_or_default();
        if uses.starts_with("actions/upload-artifact") {
            let path = step["with"]["path"].as_str().expect("an upload's path");
            assert!(job.join(path).exists(), "the job uploads {path}, which it did not make");
            uploads += 1;
        } else {
            assert!(
                uses.starts_with("actions/checkout") || uses.starts_with("dtolnay/rust-toolchain"),
                "a step this test does not know how to run: {step:?}"
            );
        }
    }
    assert_eq!(uploads, 2, "the binary and the plugin");
    assert!(job.join("target/plugin/.claude-plugin/plugin.json").is_file(), "the job wrote the plugin");
}
