//! End to end through cargo: a hook project outside this workspace is built from its own `behaviors/`; rebuilding
//! with no change does not rerun the build script, editing one behavior does and changes what the binary does, and
//! `DOTFORGE_BEHAVIORS_DIR` pointing at a broken catalog fails the build with every diagnostic.
//!
//! The first run compiles the dependencies into `target/e2e-hook-project` (about a minute on 2 cores).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

fn project() -> PathBuf {
    project_named("e2e-hook-project", "")
}

/// A hook project in `CARGO_TARGET_TMPDIR/NAME` whose build script also runs `extra_build_step`.
fn project_named(name: &str, extra_build_step: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    let root = workspace().display().to_string().replace('\\', "/");
    write(
        &dir.join("Cargo.toml"),
        &format!(
            "[package]\nname = \"e2e-hook\"\nversion = \"0.1.0\"\nedition = \"2021\"\npublish = false\n\n[workspace]\n\n\
             [dependencies]\ndotforge-runtime = {{ path = \"{root}/dotforge-runtime\" }}\n\n\
             [build-dependencies]\ndotforge-codegen = {{ path = \"{root}/dotforge-codegen\" }}\n"
        ),
    );
    write(
        &dir.join("build.rs"),
        &format!("fn main() {{\n    dotforge_codegen::compile(\"behaviors\");\n{extra_build_step}}}\n"),
    );
    write(
        &dir.join("src/main.rs"),
        "dotforge_runtime::include_behaviors!();\n\nfn main() {\n    dotforge_runtime::main(&behaviors::CATALOG)\n}\n",
    );
    let fixture = workspace().join("dotforge-codegen/tests/fixtures/basic");
    for file in ["index.yaml", "no-destructive-git/behavior.yaml", "search-first/behavior.yaml"] {
        write(&dir.join("behaviors").join(file), &std::fs::read_to_string(fixture.join(file)).expect("fixture"));
    }
    std::fs::copy(workspace().join("Cargo.lock"), dir.join("Cargo.lock")).expect("copy Cargo.lock");
    dir
}

fn cargo_command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    command
        .current_dir(dir)
        .args(args)
        .env("CARGO_TARGET_DIR", workspace().join("target/e2e-hook-project"))
        .env_remove("DOTFORGE_BEHAVIORS_DIR");
    command
}

fn cargo(dir: &Path, args: &[&str]) -> Output {
    cargo_command(dir, args).output().expect("run cargo")
}

fn cargo_build(dir: &Path, behaviors_dir: Option<&Path>) -> Output {
    let mut command = cargo_command(dir, &["build", "-v", "--offline"]);
    if let Some(behaviors_dir) = behaviors_dir {
        command.env("DOTFORGE_BEHAVIORS_DIR", behaviors_dir);
    }
    command.output().expect("run cargo build")
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

fn build_script_ran(output: &Output) -> bool {
    text(output)
        .lines()
        .any(|line| line.contains("Running") && line.contains("e2e-hook") && line.contains("build-script-build"))
}

fn hook_output(payload: &str) -> String {
    run_hook(&workspace().join("target/e2e-hook-project/debug/e2e-hook"), payload)
}

fn run_hook(binary: &Path, payload: &str) -> String {
    let mut child = Command::new(binary)
        .env("FORGE_ROOT", Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e-hook-forge"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run the built hook");
    use std::io::Write;
    child.stdin.take().expect("stdin").write_all(payload.as_bytes()).expect("write payload");
    String::from_utf8_lossy(&child.wait_with_output().expect("wait").stdout).into_owned()
}

const FORCE_PUSH: &str = r#"{"hook_event_name":"PreToolUse","session_id":"e2e","tool_name":"Bash","tool_input":{"command":"git push --force origin main"}}"#;

#[test]
fn a_hook_project_builds_rebuilds_and_rejects_broken_catalogs() {
    let dir = project();
    let first = cargo_build(&dir, None);
    assert!(first.status.success(), "{}", text(&first));
    assert!(hook_output(FORCE_PUSH)
        .contains("Force push, hard reset, and destructive git operations are permanently blocked."));

    let again = cargo_build(&dir, None);
    assert!(again.status.success());
    assert!(!build_script_ran(&again), "no change → no build script run:\n{}", text(&again));

    let behavior = dir.join("behaviors/no-destructive-git/behavior.yaml");
    let edited = std::fs::read_to_string(&behavior).expect("read").replace(
        "destructive git operations are permanently blocked.\"",
        "destructive git operations are off limits here.\"",
    );
    std::fs::write(&behavior, edited).expect("edit");
    let rebuilt = cargo_build(&dir, None);
    assert!(rebuilt.status.success(), "{}", text(&rebuilt));
    assert!(build_script_ran(&rebuilt), "an edited behavior reruns the build script:\n{}", text(&rebuilt));
    assert!(hook_output(FORCE_PUSH).contains("destructive git operations are off limits here."));

    let broken = Path::new(env!("CARGO_TARGET_TMPDIR")).join("e2e-broken-behaviors");
    let _ = std::fs::remove_dir_all(&broken);
    write(&broken.join("index.yaml"), "schema_version: \"1\"\nbehaviors:\n  - id: broken\n  - id: missing\n");
    write(
        &broken.join("broken/behavior.yaml"),
        "schema_version: \"1\"\nid: broken\nname: Broken\ndescription: Broken on purpose.\ncategory: core\nscope: session\n\
         policy:\n  triggers:\n    - event: PreToolUse\n      action: set_flag\n  enforcment:\n    default_level: silent\n  \
         recovery:\n    hint: h\nrendering:\n  nudge_template: \"{countr}\"\n",
    );
    let failed = cargo_build(&dir, Some(&broken));
    assert!(!failed.status.success(), "a broken catalog must fail the build");
    let stderr = text(&failed);
    for needle in [
        "error[missing-key]: missing required key `matcher`",
        "broken/behavior.yaml:9:7",
        "error[missing-key]: missing required key `flag`",
        "error[unknown-key]: unknown key `enforcment`",
        "broken/behavior.yaml:11:3",
        "= help: did you mean `enforcement`?",
        "= field: policy.enforcment",
        "error[missing-key]: missing required key `enforcement`",
        "error[template-variable]: unknown template variable `{countr}`",
        "error[index-without-file]: no behavior file",
        "index.yaml:4:9",
        "error: the behavior catalog has 6 errors; nothing was generated",
    ] {
        assert!(stderr.contains(needle), "missing `{needle}` in:\n{stderr}");
    }
    // The diagnostics are not buried: before them the build script printed a handful of lines, not one per file.
    let directives = stderr.lines().filter(|line| line.contains("cargo:rerun-if-changed=")).count();
    assert!(directives <= 2, "{directives} rerun-if-changed lines before the diagnostics:\n{stderr}");

    let restored = cargo_build(&dir, None);
    assert!(
        restored.status.success(),
        "unsetting DOTFORGE_BEHAVIORS_DIR rebuilds from behaviors/:\n{}",
        text(&restored)
    );
    assert!(build_script_ran(&restored));

    // Scenarios become named tests of the hook project: a wrong expectation fails `cargo test`.
    write(
        &dir.join("behaviors/no-destructive-git/tests/force-push.yaml"),
        "name: force push\nsteps:\n  - tool: Bash\n    tool_input: { command: \"git push -f\" }\n    expect: { level: hard_block, counter: 1 }\n",
    );
    write(
        &dir.join("behaviors/no-destructive-git/tests/wrong.yaml"),
        "name: expects a nudge\nsteps:\n  - tool: Bash\n    tool_input: { command: \"git reset --hard\" }\n    expect: { level: nudge }\n",
    );
    let tested = cargo(&dir, &["test", "--offline"]);
    let output = text(&tested);
    assert!(!tested.status.success(), "a wrong scenario fails cargo test:\n{output}");
    assert!(output.contains("behaviors::scenario_tests::no_destructive_git::force_push ... ok"), "{output}");
    assert!(output.contains("behaviors::scenario_tests::no_destructive_git::wrong ... FAILED"), "{output}");
    assert!(
        output.contains(
            "no-destructive-git/tests/wrong.yaml:3: scenario `expects a nudge`, step 1: expected nudge, got hard_block"
        ),
        "{output}"
    );
}

#[test]
fn the_hook_binary_links_no_yaml_parser_and_no_code_generator() {
    let output = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .current_dir(workspace())
        .args(["tree", "-e", "normal", "-p", "dotforge", "--offline", "--prefix", "none"])
        .output()
        .expect("run cargo tree");
    assert!(output.status.success(), "{}", text(&output));
    let tree = String::from_utf8_lossy(&output.stdout);
    assert!(tree.contains("dotforge-runtime"), "{tree}");
    for banned in ["serde_yaml", "syn ", "quote ", "prettyplease", "dotforge-codegen", "proc-macro2"] {
        assert!(!tree.contains(banned), "`{banned}` is linked into the hook binary:\n{tree}");
    }
}

/// Built with the C runtime linked in (`-C target-feature=+crt-static`, BENCHMARKS.md stop 52), the fast-start link
/// settings give a static executable that runs: a fixed-address one that still names a loader crashes at once.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[test]
fn a_hook_built_with_a_static_c_runtime_is_a_static_executable_that_runs() {
    use object::{Object, ObjectKind};
    let dir = project_named("e2e-hook-static", "    dotforge_codegen::link_for_fast_start();\n");
    let target = workspace().join("target/e2e-hook-static");
    let built = cargo_command(&dir, &["build", "--offline"])
        .env("CARGO_TARGET_DIR", &target)
        .env("CARGO_ENCODED_RUSTFLAGS", "-Ctarget-feature=+crt-static")
        .output()
        .expect("run cargo build");
    assert!(built.status.success(), "{}", text(&built));
    let binary = target.join("debug/e2e-hook");
    let bytes = std::fs::read(&binary).expect("read the hook");
    let file = object::File::parse(&*bytes).expect("an ELF file");
    assert_eq!(file.kind(), ObjectKind::Executable, "a fixed-address executable");
    assert!(file.section_by_name(".interp").is_none(), "no loader named");
    assert!(run_hook(&binary, FORCE_PUSH).contains("permanently blocked"), "the static hook runs and decides");
}
