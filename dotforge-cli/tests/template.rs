//! The template project: rendered by `dotforge new` (and by cargo-generate when it is installed, which must give the
//! same files), then built, tested, installed and run as a user would, and rebuilt after a behavior changes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn workspace() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).canonicalize().expect("workspace")
}

fn scratch(label: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("template-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    dir
}

fn text(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// Every file under `dir` (but `.git` and `target`), by relative path.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for entry in std::fs::read_dir(dir).expect("read dir").filter_map(Result::ok) {
            let path = entry.path();
            let name = entry.file_name();
            if name == ".git" || name == "target" {
                continue;
            }
            if path.is_dir() {
                walk(&path, base, out);
            } else {
                let relative = path.strip_prefix(base).expect("relative").to_string_lossy().replace('\\', "/");
                out.insert(relative, std::fs::read(&path).expect("read"));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn dotforge_new(parent: &Path, extra: &[&str]) -> Output {
    dotforge_new_named(parent, "my-hooks", extra)
}

fn dotforge_new_named(parent: &Path, name: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dotforge"))
        .current_dir(parent)
        .args(["new", name])
        .args(extra)
        .output()
        .expect("dotforge new")
}

#[test]
fn the_template_renders_without_leftover_placeholders_and_with_a_valid_workflow() {
    let parent = scratch("render");
    let workspace = workspace();
    let output = dotforge_new(&parent, &["--dotforge-path", workspace.to_str().unwrap_or_default()]);
    assert!(output.status.success(), "{}", text(&output));
    let project = parent.join("my-hooks");
    let files = tree(&project);
    for (path, bytes) in &files {
        let content = String::from_utf8_lossy(bytes);
        let content = content.replace("${{", ""); // a workflow expression, kept by `{% raw %}`
        assert!(!content.contains("{{") && !content.contains("{%"), "{path} has a leftover placeholder");
    }
    assert!(!files.contains_key("cargo-generate.toml"));
    let cargo = String::from_utf8_lossy(&files["Cargo.toml"]).into_owned();
    assert!(cargo.contains("name = \"my-hooks\""), "{cargo}");
    // The checkout named relative to the project, so it builds wherever the two sit side by side.
    let written = cargo
        .lines()
        .find_map(|line| line.strip_prefix("dotforge-runtime = { path = \"")?.strip_suffix("/dotforge-runtime\" }"))
        .unwrap_or_else(|| panic!("a path dependency: {cargo}"));
    assert!(Path::new(written).is_relative(), "{written}");
    assert!(project.join(written).join("dotforge-runtime/Cargo.toml").is_file(), "{written} resolves from the project");
    assert!(text(&output).contains("relative to the project"), "new says which it chose: {}", text(&output));
    // From a git repository, pinned: a teammate and CI build it wherever the URL is reachable.
    let git = scratch("render-git");
    let output = dotforge_new(&git, &["--dotforge-git", "https://example.com/dotforge.git", "--rev", "v0.1.0"]);
    assert!(output.status.success(), "{}", text(&output));
    let cargo_git = std::fs::read_to_string(git.join("my-hooks/Cargo.toml")).expect("Cargo.toml");
    assert!(
        cargo_git.contains("dotforge-runtime = { git = \"https://example.com/dotforge.git\", rev = \"v0.1.0\" }")
            && cargo_git
                .contains("dotforge-codegen = { git = \"https://example.com/dotforge.git\", rev = \"v0.1.0\" }"),
        "{cargo_git}"
    );
    assert_eq!(String::from_utf8_lossy(&files[".gitignore"]), "target/\n.forge/runtime/\n");
    let build_rs = String::from_utf8_lossy(&files["build.rs"]).into_owned();
    assert_eq!(build_rs.lines().count(), 4, "a four-line build.rs: {build_rs}");
    assert!(build_rs.contains("dotforge_codegen::compile(\"behaviors\");"), "{build_rs}");
    assert!(build_rs.contains("dotforge_codegen::link_for_fast_start();"), "{build_rs}");

    let workflow: serde_yaml::Value =
        serde_yaml::from_slice(&files[".github/workflows/dotforge.yml"]).expect("valid YAML");
    let paths = &workflow["on"]["push"]["paths"];
    assert!(paths.as_sequence().is_some_and(|paths| paths.iter().any(|path| path.as_str() == Some("behaviors/**"))));
    let job = &workflow["jobs"]["hook"];
    assert_eq!(job["runs-on"].as_str(), Some("${{ matrix.os }}"));
    let systems: Vec<&str> = job["strategy"]["matrix"]["include"]
        .as_sequence()
        .into_iter()
        .flatten()
        .filter_map(|entry| entry["os"].as_str())
        .collect();
    assert_eq!(systems, ["ubuntu-latest", "macos-latest"], "built and tested on Linux and macOS");
    let steps = job["steps"].as_sequence().cloned().unwrap_or_default();
    let runs: Vec<&str> = steps.iter().filter_map(|step| step["run"].as_str()).collect();
    assert!(runs.contains(&"cargo build --release") && runs.contains(&"cargo test --release"), "{runs:?}");
    assert!(runs.contains(&"target/release/my-hooks plugin target/plugin"), "{runs:?}");
    let uploads: Vec<serde_yaml::Value> = steps
        .iter()
        .filter(|step| step["uses"].as_str().is_some_and(|uses| uses.starts_with("actions/upload-artifact")))
        .map(|step| step["with"]["path"].clone())
        .collect();
    assert_eq!(uploads, [serde_yaml::Value::from("target/release/my-hooks"), serde_yaml::Value::from("target/plugin")]);

    let registry = scratch("render-registry");
    let made = dotforge_new(&registry, &[]);
    assert!(made.status.success());
    assert!(String::from_utf8_lossy(&made.stderr).contains("warning: the build fails where crates.io has no dotforge"));
    let cargo = std::fs::read_to_string(registry.join("my-hooks/Cargo.toml")).expect("Cargo.toml");
    let version = env!("CARGO_PKG_VERSION");
    assert!(cargo.contains(&format!("dotforge-runtime = \"{version}\"")), "registry versions by default: {cargo}");
    assert!(cargo.contains(&format!("dotforge-codegen = \"{version}\"")), "{cargo}");
    let again = dotforge_new(&registry, &[]);
    assert_eq!(again.status.code(), Some(1), "an existing project is never overwritten");
}

fn git(dir: &Path, args: &[&str]) -> Output {
    let output = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=dev", "-c", "user.email=dev@example.com", "-c", "init.defaultBranch=main"])
        .args(args)
        .output()
        .expect("git");
    assert!(output.status.success(), "git {args:?}: {}", text(&output));
    output
}

/// A checkout cloned from a repository (an SSH remote, its commit not on any remote branch here): the project names
/// it relative to itself, and its README and CI job clone the remote (over HTTPS) at that commit to the same place;
/// `new` warns that the commit must be pushed first.
#[test]
fn a_checkout_with_a_remote_is_cloned_where_the_manifest_names_it() {
    let parent = scratch("origin");
    let checkout = parent.join("tools/dotforge");
    std::fs::create_dir_all(checkout.join("dotforge-runtime")).expect("checkout");
    std::fs::write(checkout.join("dotforge-runtime/Cargo.toml"), "[package]\n").expect("manifest");
    git(&checkout, &["init", "--quiet"]);
    git(&checkout, &["add", "-A"]);
    git(&checkout, &["commit", "--quiet", "-m", "dotforge"]);
    git(&checkout, &["remote", "add", "origin", "git@github.com:team/dotforge.git"]);
    let rev = String::from_utf8_lossy(&git(&checkout, &["rev-parse", "HEAD"]).stdout).trim().to_owned();
    let output = dotforge_new(&parent, &["--dotforge-path", "tools/dotforge"]);
    assert!(output.status.success(), "{}", text(&output));
    let said = text(&output);
    assert!(said.contains("depends on the dotforge checkout ../tools/dotforge (relative to the project)"), "{said}");
    assert!(said.contains(&format!("warning: commit {rev} is on no remote branch of the checkout: push it")), "{said}");
    let project = parent.join("my-hooks");
    let clone = [
        "git clone --quiet 'https://github.com/team/dotforge.git' '../tools/dotforge'".to_owned(),
        format!("git -C '../tools/dotforge' checkout --quiet --detach {rev}"),
    ];
    let readme = std::fs::read_to_string(project.join("README.md")).expect("README");
    assert!(readme.contains(&clone.join("\n")), "{readme}");
    let workflow: serde_yaml::Value = serde_yaml::from_str(
        &std::fs::read_to_string(project.join(".github/workflows/dotforge.yml")).expect("workflow"),
    )
    .expect("valid YAML");
    let steps = workflow["jobs"]["hook"]["steps"].as_sequence().cloned().unwrap_or_default();
    let runs: Vec<&str> = steps.iter().filter_map(|step| step["run"].as_str()).collect();
    assert_eq!(runs.first().copied(), Some(format!("{}\n", clone.join("\n")).as_str()), "cloned before the build");
    assert_eq!(steps[0]["uses"].as_str(), Some("actions/checkout@v4"));
}

#[test]
fn the_template_catalog_is_the_curated_core_catalog() {
    let root = workspace();
    let template = tree(&root.join("template-project/behaviors"));
    for (path, bytes) in &template {
        if path == "index.yaml" {
            continue;
        }
        let curated = std::fs::read(root.join("behaviors").join(path)).unwrap_or_default();
        assert_eq!(&curated, bytes, "template-project/behaviors/{path} differs from behaviors/{path}");
    }
    for (path, bytes) in tree(&root.join("template-project/schemas")) {
        assert_eq!(std::fs::read(root.join("schemas").join(&path)).unwrap_or_default(), bytes, "schemas/{path}");
    }
    // The demo `simulate` replays is the repository's, the agent trying to switch off this hook by its own name.
    let demo = std::fs::read_to_string(root.join("template-project/demo/session.jsonl")).expect("the template's demo");
    let ours = std::fs::read_to_string(root.join("demo/session.jsonl")).expect("demo/session.jsonl");
    assert!(demo.contains("\"{{project-name}} off no-destructive-git"), "{demo}");
    assert_eq!(ours, demo.replace("{{project-name}}", "dotforge-hook"));
}

#[test]
fn cargo_generate_renders_the_same_files_when_installed() {
    let installed =
        Command::new("cargo").args(["generate", "--version"]).output().is_ok_and(|output| output.status.success());
    if !installed {
        assert!(std::env::var_os("DOTFORGE_CI").is_none(), "cargo-generate must be installed in CI (.ci/run does it)");
        eprintln!("cargo-generate is not installed here; .ci/run installs it, so CI runs this comparison");
        return;
    }
    let workspace = workspace();
    let ours = scratch("ours");
    assert!(dotforge_new(&ours, &["--dotforge-path", workspace.to_str().unwrap_or_default()]).status.success());
    // The path `dotforge new` wrote (relative to the project), given to cargo-generate as it is.
    let manifest = std::fs::read_to_string(ours.join("my-hooks/Cargo.toml")).expect("Cargo.toml");
    let written = manifest
        .lines()
        .find_map(|line| line.strip_prefix("dotforge-runtime = { path = \"")?.strip_suffix("/dotforge-runtime\" }"))
        .expect("a path dependency")
        .to_owned();
    // And where the checkout came from (its git remote and commit), when `dotforge new` found them.
    let workflow = std::fs::read_to_string(ours.join("my-hooks/.github/workflows/dotforge.yml")).expect("workflow");
    let quoted = |line: &str, prefix: &str| Some(line.trim().strip_prefix(prefix)?.split('\'').next()?.to_owned());
    let url = workflow.lines().find_map(|line| quoted(line, "git clone --quiet '")).unwrap_or_default();
    let rev = workflow.lines().find_map(|line| line.split("checkout --quiet --detach ").nth(1)).unwrap_or_default();
    let theirs = scratch("cargo-generate");
    let mut generate = Command::new("cargo");
    generate.current_dir(&theirs).args(["generate", "--path"]).arg(workspace.join("template-project"));
    generate.args(["--name", "my-hooks", "--vcs", "none", "--silent", "-d"]).arg(format!("dotforge_path={written}"));
    if !url.is_empty() {
        generate.arg("-d").arg(format!("dotforge_checkout_git={url}"));
        generate.arg("-d").arg(format!("dotforge_checkout_rev={}", rev.trim()));
    }
    let output = generate.output().expect("cargo generate");
    assert!(output.status.success(), "{}", text(&output));
    let ours = tree(&ours.join("my-hooks"));
    let theirs = tree(&theirs.join("my-hooks"));
    assert_eq!(ours.keys().collect::<Vec<_>>(), theirs.keys().collect::<Vec<_>>());
    for (path, bytes) in &ours {
        assert_eq!(String::from_utf8_lossy(bytes), String::from_utf8_lossy(&theirs[path]), "{path}");
    }
}

fn cargo(project: &Path, args: &[&str]) -> Output {
    cargo_into("template-project", project, args)
}

/// Runs cargo in `project` with the target folder `target/<target>` of this workspace (kept between runs).
fn cargo_into(target: &str, project: &Path, args: &[&str]) -> Output {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .current_dir(project)
        .args(args)
        .env("CARGO_TARGET_DIR", workspace().join("target").join(target))
        .env_remove("DOTFORGE_BEHAVIORS_DIR")
        .output()
        .expect("cargo")
}

fn hook(project: &Path, payload: &str) -> String {
    hook_of(&workspace().join("target/template-project/release/my-hooks"), project, payload)
}

fn hook_of(binary: &Path, project: &Path, payload: &str) -> String {
    let mut child = Command::new(binary)
        .current_dir(project)
        .env("FORGE_ROOT", project.join(".forge"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the hook");
    use std::io::Write;
    child.stdin.take().expect("stdin").write_all(payload.as_bytes()).expect("payload");
    String::from_utf8_lossy(&child.wait_with_output().expect("wait").stdout).into_owned()
}

const FORCE_PUSH: &str =
    r#"{"hook_event_name":"PreToolUse","session_id":"t","tool_name":"Bash","tool_input":{"command":"git push -f"}}"#;

#[test]
fn a_generated_project_builds_tests_installs_runs_and_follows_behavior_edits() {
    let parent = scratch("build");
    let workspace = workspace();
    assert!(dotforge_new(&parent, &["--dotforge-path", workspace.to_str().unwrap_or_default()]).status.success());
    let project = parent.join("my-hooks");
    std::fs::copy(workspace.join("Cargo.lock"), project.join("Cargo.lock")).expect("pin the lockfile for --offline");

    let build = cargo(&project, &["build", "--release", "--offline"]);
    assert!(build.status.success(), "{}", text(&build));
    let test = cargo(&project, &["test", "--release", "--offline"]);
    let output = text(&test);
    assert!(test.status.success(), "{output}");
    assert!(output.contains("behaviors::scenario_tests::search_first::escalation ... ok"), "{output}");

    let binary = workspace.join("target/template-project/release/my-hooks");
    // `simulate` replays the demo session built in: the README's demo, through the project's core catalog.
    let demo = Command::new(&binary).current_dir(&project).arg("simulate").output().expect("simulate");
    let readme = std::fs::read_to_string(workspace.join("README.md")).expect("README");
    let table = String::from_utf8_lossy(&demo.stdout);
    assert!(demo.status.success() && readme.contains(table.trim_end()), "{}\n{table}", text(&demo));
    let install = Command::new(&binary).current_dir(&project).args(["install", "--dry-run"]).output().expect("install");
    assert!(install.status.success(), "{}", text(&install));
    let settings: serde_json::Value = serde_json::from_slice(&install.stdout).expect("settings JSON");
    assert!(settings["hooks"]["PreToolUse"][0]["hooks"][0]["command"].as_str().is_some());

    // The build compiled in where it was made from: changing the behaviors or the sources is asked about, what the
    // build writes and the rest of the machine are not.
    let write = |path: PathBuf| {
        let payload = serde_json::json!({"hook_event_name": "PreToolUse", "session_id": "w", "tool_name": "Write",
            "cwd": project, "tool_input": {"file_path": path, "content": "x"}});
        hook(&project, &payload.to_string())
    };
    for source in ["behaviors/no-publish/behavior.yaml", "src/main.rs", "Cargo.toml", ".cargo/config.toml"] {
        let output = write(project.join(source));
        assert!(output.contains("\"ask\"") && output.contains("[protect-hook-sources]"), "{source}: {output}");
    }
    for elsewhere in [project.join("target/notes.txt"), parent.join("app/src/main.rs")] {
        assert!(!write(elsewhere.clone()).contains("protect-hook-sources"), "{}", elsewhere.display());
    }

    assert!(hook(&project, FORCE_PUSH)
        .contains("Force pushes, remote deletion, discarding work, forced cleans, dropping stashes and rewriting history are permanently blocked."));
    let behavior = project.join("behaviors/no-destructive-git/behavior.yaml");
    let edited = std::fs::read_to_string(&behavior)
        .expect("read")
        .replace("are permanently blocked.\"", "are not allowed in this repository.\"");
    std::fs::write(&behavior, edited).expect("edit");
    let rebuild = cargo(&project, &["build", "--release", "--offline"]);
    assert!(rebuild.status.success(), "{}", text(&rebuild));
    assert!(
        hook(&project, FORCE_PUSH).contains("are not allowed in this repository."),
        "the rebuilt binary follows the edit"
    );
}

/// What a registry would serve: `cargo package` of dotforge-shell, dotforge-runtime and dotforge-codegen, unpacked
/// and wired into a project generated with the default (registry) dependencies by a `[patch.crates-io]` section.
/// The project builds from exactly what the packages hold, and its hook blocks a force push.
#[test]
fn a_project_built_from_the_packaged_crates_blocks_a_force_push() {
    let workspace = workspace();
    let packaged = workspace.join("target/packaged");
    let crates = ["dotforge-shell", "dotforge-runtime", "dotforge-codegen"];
    let mut package = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    package.current_dir(&workspace).args(["package", "--offline", "--no-verify", "--allow-dirty", "--target-dir"]);
    package.arg(&packaged);
    for name in crates {
        package.args(["-p", name]);
    }
    let output = package.output().expect("cargo package");
    assert!(output.status.success(), "{}", text(&output));
    let parent = scratch("packaged");
    let unpacked = parent.join("crates");
    std::fs::create_dir_all(&unpacked).expect("crates folder");
    let version = env!("CARGO_PKG_VERSION");
    for name in crates {
        let file = packaged.join(format!("package/{name}-{version}.crate"));
        let untar = Command::new("tar").arg("xzf").arg(&file).arg("-C").arg(&unpacked).output().expect("tar");
        assert!(untar.status.success(), "{}: {}", file.display(), text(&untar));
    }
    // Its own name, so it can share the other build test's target folder (and its compiled dependencies).
    assert!(dotforge_new_named(&parent, "packaged-hooks", &[]).status.success());
    let project = parent.join("packaged-hooks");
    let manifest = project.join("Cargo.toml");
    let mut cargo_toml = std::fs::read_to_string(&manifest).expect("Cargo.toml");
    assert!(cargo_toml.contains(&format!("dotforge-runtime = \"{version}\"")), "{cargo_toml}");
    cargo_toml.push_str("\n[patch.crates-io]\n");
    for name in crates {
        cargo_toml
            .push_str(&format!("{name} = {{ path = \"{}\" }}\n", unpacked.join(format!("{name}-{version}")).display()));
    }
    std::fs::write(&manifest, cargo_toml).expect("patch the registry");
    std::fs::copy(workspace.join("Cargo.lock"), project.join("Cargo.lock")).expect("pin the lockfile for --offline");
    let build = cargo_into("template-project", &project, &["build", "--release", "--offline"]);
    assert!(build.status.success(), "{}", text(&build));
    let binary = workspace.join("target/template-project/release/packaged-hooks");
    let verdict = hook_of(&binary, &project, FORCE_PUSH);
    assert!(
        verdict.contains("\"permissionDecision\":\"deny\"") && verdict.contains("[no-destructive-git]"),
        "{verdict}"
    );
}
