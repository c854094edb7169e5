//! `doctor`: one test per way governance can be off or stale, and the healthy wirings reported live. Each test
//! builds a scratch project, home and managed-settings folder, so the machine's own settings play no part.

use dotforge_conformance::hook::scratch_dir;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

const HOOK: &str = env!("CARGO_BIN_EXE_dotforge-hook");

struct Scratch {
    project: PathBuf,
    home: PathBuf,
    managed: PathBuf,
    /// A stand-in `claude` that prints the proven version.
    claude: PathBuf,
}

impl Scratch {
    fn new(label: &str) -> Scratch {
        let root = scratch_dir(&format!("doctor-{label}"));
        let scratch = Scratch {
            project: root.join("project"),
            home: root.join("home"),
            managed: root.join("managed/managed-settings.json"),
            claude: root.join("claude"),
        };
        std::fs::create_dir_all(&scratch.project).expect("project");
        std::fs::create_dir_all(&scratch.home).expect("home");
        scratch.fake_claude(include_str!("conformance/claude-code-version.txt").trim());
        scratch
    }

    fn fake_claude(&self, version: &str) {
        std::fs::write(&self.claude, format!("#!/bin/sh\necho '{version} (Claude Code)'\n")).expect("fake claude");
        make_executable(&self.claude);
    }

    fn hook(&self, args: &[&str]) -> std::process::Output {
        Command::new(HOOK)
            .args(args)
            .current_dir(&self.project)
            .env("HOME", &self.home)
            .env_remove("CLAUDE_PROJECT_DIR")
            .env_remove("FORGE_ROOT")
            .output()
            .expect("run the hook")
    }

    fn install(&self, args: &[&str]) {
        let managed = self.managed.to_str().expect("UTF-8");
        let settings: &[&str] = if args.contains(&"--managed") { &["--settings", managed] } else { &[] };
        let output = self.hook(&[&["install"], args, settings].concat());
        assert!(output.status.success(), "install failed: {}", String::from_utf8_lossy(&output.stderr));
    }

    /// `doctor --json` with the stand-in `claude`: the report, and whether it exited 0.
    fn doctor(&self, args: &[&str]) -> (Value, bool) {
        let claude = self.claude.to_str().expect("UTF-8");
        let managed = self.managed.to_str().expect("UTF-8");
        let output =
            self.hook(&[&["doctor", "--json", "--claude", claude, "--managed-settings", managed], args].concat());
        let report: Value = serde_json::from_slice(&output.stdout)
            .unwrap_or_else(|_| panic!("doctor prints JSON: {}", String::from_utf8_lossy(&output.stdout)));
        assert_eq!(output.status.code() == Some(0), report["live"] == true, "exit code and verdict agree: {report}");
        (report.clone(), output.status.success())
    }

    fn write_settings(&self, path: &Path, settings: &Value) {
        std::fs::create_dir_all(path.parent().expect("folder")).expect("settings folder");
        std::fs::write(path, serde_json::to_string_pretty(settings).expect("json")).expect("write settings");
    }
}

fn make_executable(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
}

/// The findings of `check` in a report, as `(severity, message)`.
fn findings<'r>(report: &'r Value, check: &str) -> Vec<(&'r str, &'r str)> {
    report["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|finding| finding["check"] == check)
        .map(|finding| (finding["severity"].as_str().unwrap_or(""), finding["message"].as_str().unwrap_or("")))
        .collect()
}

fn severity<'r>(report: &'r Value, check: &str) -> &'r str {
    findings(report, check).first().map_or("absent", |(severity, _)| severity)
}

#[test]
fn a_project_with_the_hook_installed_is_live() {
    let scratch = Scratch::new("healthy");
    scratch.install(&[]);
    let (report, live) = scratch.doctor(&[]);
    assert!(live, "{report}");
    assert_eq!(severity(&report, "registered"), "ok");
    assert_eq!(severity(&report, "fresh"), "ok", "built from this repository's behaviors as they are: {report}");
    assert_eq!(severity(&report, "state-writable"), "ok");
    assert_eq!(severity(&report, "cli-version"), "ok");
    let managed = scratch.managed.to_str().expect("UTF-8");
    let text =
        scratch.hook(&["doctor", "--claude", scratch.claude.to_str().expect("UTF-8"), "--managed-settings", managed]);
    assert!(String::from_utf8_lossy(&text.stdout).ends_with("governance is live\n"));
}

#[test]
fn a_project_without_the_hook_is_not_live() {
    let scratch = Scratch::new("unregistered");
    let (report, live) = scratch.doctor(&[]);
    assert!(!live);
    assert_eq!(severity(&report, "not-registered"), "fail", "{report}");
}

#[test]
fn disable_all_hooks_in_a_users_settings_switches_the_projects_hook_off_but_not_a_managed_one() {
    let scratch = Scratch::new("disabled");
    // The project's shared settings (named: this binary lives outside the project, so `install` alone writes the
    // local file).
    scratch.install(&["--settings", ".claude/settings.json"]);
    scratch.write_settings(&scratch.home.join(".claude/settings.json"), &json!({"disableAllHooks": true}));
    let (report, live) = scratch.doctor(&[]);
    assert!(!live);
    let disabled = findings(&report, "hooks-disabled");
    assert!(
        disabled.iter().any(|(severity, message)| *severity == "fail" && message.contains("user settings")),
        "{report}"
    );
    // A local setting that turns it back on decides over the user's.
    let local = scratch.project.join(".claude/settings.local.json");
    scratch.write_settings(&local, &json!({"disableAllHooks": false}));
    assert!(scratch.doctor(&[]).1, "the local layer decides over the user's");
    std::fs::remove_file(&local).expect("remove local settings");
    // Registered in managed settings too: the user's switch leaves that one running (as Claude Code does).
    scratch.install(&["--managed"]);
    let managed: Value = serde_json::from_str(&std::fs::read_to_string(&scratch.managed).expect("managed settings"))
        .expect("managed settings are JSON");
    assert_eq!(
        managed["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
        format!("\"{}\"", std::fs::canonicalize(HOOK).expect("the hook").display()),
        "managed settings run the binary by its absolute path, in every project"
    );
    let (report, live) = scratch.doctor(&[]);
    assert!(live, "{report}");
    assert_eq!(severity(&report, "hooks-disabled"), "warn", "the project's registration is off, the managed one runs");
    // Managed settings that allow only managed hooks switch the project's off, and disableAllHooks there all of them.
    let uninstalled = scratch.hook(&["uninstall", "--managed", "--settings", scratch.managed.to_str().expect("UTF-8")]);
    assert!(uninstalled.status.success());
    scratch.write_settings(&scratch.managed, &json!({"allowManagedHooksOnly": true}));
    let (report, live) = scratch.doctor(&[]);
    assert!(!live);
    assert!(findings(&report, "hooks-disabled").iter().any(|(_, message)| message.contains("allowManagedHooksOnly")));
}

#[test]
fn a_binary_built_from_other_behaviors_is_stale() {
    let scratch = Scratch::new("stale");
    scratch.install(&[]);
    let behaviors = scratch.project.join("behaviors");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("behaviors");
    copy_folder(&source, &behaviors);
    let folder = behaviors.to_str().expect("UTF-8");
    assert_eq!(severity(&scratch.doctor(&["--behaviors", folder]).0, "fresh"), "ok", "a copy is the same behaviors");
    let rule = behaviors.join("no-destructive-git/behavior.yaml");
    let text = std::fs::read_to_string(&rule).expect("rule");
    std::fs::write(&rule, text.replace("hard_block", "warning")).expect("loosen the rule");
    let (report, live) = scratch.doctor(&["--behaviors", folder]);
    assert!(!live);
    assert_eq!(severity(&report, "stale"), "fail", "{report}");
    // A behavior added to the folder is a change too.
    std::fs::write(&rule, text).expect("restore");
    std::fs::create_dir_all(behaviors.join("new-rule")).expect("new behavior");
    std::fs::write(behaviors.join("new-rule/behavior.yaml"), "id: new-rule\n").expect("new behavior");
    assert_eq!(severity(&scratch.doctor(&["--behaviors", folder]).0, "stale"), "fail");
}

fn copy_folder(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("folder");
    for entry in std::fs::read_dir(from).expect("read folder") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            copy_folder(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copy");
        }
    }
}

#[test]
fn a_registration_of_a_missing_binary_or_of_another_one_is_reported() {
    let scratch = Scratch::new("missing");
    let missing = scratch.project.join("target/release/dotforge-hook");
    let other = scratch.project.join("old/dotforge-hook");
    std::fs::create_dir_all(other.parent().expect("folder")).expect("folder");
    std::fs::write(&other, "#!/bin/sh\n").expect("another binary");
    make_executable(&other);
    let entry = |command: String| json!([{"matcher": "Bash", "hooks": [{"type": "command", "command": command}]}]);
    scratch.write_settings(
        &scratch.project.join(".claude/settings.json"),
        &json!({"hooks": {
            "PreToolUse": entry("\"$CLAUDE_PROJECT_DIR\"/target/release/dotforge-hook".to_owned()),
            "PostToolUse": entry(format!("\"{}\"", other.display())),
        }}),
    );
    let (report, live) = scratch.doctor(&[]);
    assert!(!live);
    let missing_findings = findings(&report, "missing-binary");
    assert!(
        missing_findings
            .iter()
            .any(|(severity, message)| *severity == "fail" && message.contains(&missing.display().to_string())),
        "{report}"
    );
    assert_eq!(severity(&report, "other-binary"), "warn", "{report}");
    assert_eq!(severity(&report, "not-registered"), "fail");
}

#[test]
fn a_hook_registered_for_too_few_events_is_a_warning() {
    let scratch = Scratch::new("few-events");
    let entry = json!([{"matcher": "Bash", "hooks": [{"type": "command", "command": format!("\"{HOOK}\"")}]}]);
    scratch.write_settings(&scratch.project.join(".claude/settings.json"), &json!({"hooks": {"PreToolUse": entry}}));
    let (report, live) = scratch.doctor(&[]);
    assert!(live, "PreToolUse is there: {report}");
    let missing = findings(&report, "events-missing");
    assert!(
        missing.iter().any(|(severity, message)| *severity == "warn" && message.contains("PostToolUse")),
        "{report}"
    );
}

#[test]
fn invalid_settings_and_an_unwritable_state_folder_are_not_live() {
    let scratch = Scratch::new("invalid");
    scratch.install(&[]);
    std::fs::write(scratch.project.join(".claude/settings.local.json"), "{ not json").expect("broken settings");
    let (report, live) = scratch.doctor(&[]);
    assert!(!live);
    assert_eq!(severity(&report, "invalid-settings"), "fail", "{report}");
    std::fs::remove_file(scratch.project.join(".claude/settings.local.json")).expect("remove");
    let blocker = scratch.project.join("not-a-folder");
    std::fs::write(&blocker, "").expect("a file where the state folder should be");
    let (report, live) = scratch.doctor(&["--forge-root", blocker.to_str().expect("UTF-8")]);
    assert!(!live);
    assert_eq!(severity(&report, "state-unwritable"), "fail", "{report}");
}

#[test]
fn a_claude_code_version_the_tests_do_not_prove_is_a_warning() {
    let scratch = Scratch::new("version");
    scratch.install(&[]);
    scratch.fake_claude("2.0.1");
    let (report, live) = scratch.doctor(&[]);
    assert!(live, "a version outside the range does not switch governance off");
    let version = findings(&report, "cli-version");
    assert!(version.iter().any(|(severity, message)| *severity == "warn" && message.contains("2.0.1")), "{report}");
}

#[test]
fn a_plugin_folder_and_an_installed_enabled_plugin_count_as_registrations() {
    let scratch = Scratch::new("plugin");
    let plugin = scratch.home.join("plugin");
    let written = scratch.hook(&["plugin", plugin.to_str().expect("UTF-8")]);
    assert!(written.status.success(), "{}", String::from_utf8_lossy(&written.stderr));
    let (report, live) = scratch.doctor(&["--plugin-dir", plugin.to_str().expect("UTF-8")]);
    assert!(live, "the plugin's copy of the binary is this binary: {report}");
    assert!(findings(&report, "registered")[0].1.contains("plugin"), "{report}");
    // Installed the way `claude plugin install` records it, and enabled in the user's settings.
    let id = "dotforge-hook@team";
    std::fs::create_dir_all(scratch.home.join(".claude/plugins")).expect("plugins folder");
    std::fs::write(
        scratch.home.join(".claude/plugins/installed_plugins.json"),
        json!({"version": 2, "plugins": {id: [{"scope": "user", "installPath": plugin}]}}).to_string(),
    )
    .expect("installed plugins");
    assert!(!scratch.doctor(&[]).1, "installed but not enabled");
    scratch.write_settings(&scratch.home.join(".claude/settings.json"), &json!({"enabledPlugins": {id: true}}));
    let (report, live) = scratch.doctor(&[]);
    assert!(live, "{report}");
    scratch.write_settings(&scratch.project.join(".claude/settings.json"), &json!({"enabledPlugins": {id: false}}));
    assert!(!scratch.doctor(&[]).1, "the project's settings disable it over the user's");
}

#[test]
fn a_registration_that_cannot_see_mcp_tools_is_reported_and_install_upgrades_it() {
    let scratch = Scratch::new("mcp-unseen");
    scratch.install(&["--settings", ".claude/settings.json"]);
    let (report, _) = scratch.doctor(&[]);
    assert_eq!(severity(&report, "mcp-unseen"), "absent", "install registers MCP tools: {report}");
    // A registration as an older install wrote it: a list of built-in tools only.
    let path = scratch.project.join(".claude/settings.json");
    let mut settings: Value = serde_json::from_str(&std::fs::read_to_string(&path).expect("settings")).expect("json");
    for entry in settings["hooks"]["PreToolUse"].as_array_mut().expect("PreToolUse") {
        entry["matcher"] = json!("Bash|Write|Edit|Read");
    }
    scratch.write_settings(&path, &settings);
    let (report, live) = scratch.doctor(&[]);
    assert!(live, "still live for the built-in tools: {report}");
    assert_eq!(severity(&report, "mcp-unseen"), "warn", "{report}");
    scratch.install(&[]);
    let (report, _) = scratch.doctor(&[]);
    assert_eq!(severity(&report, "mcp-unseen"), "absent", "re-running install upgrades it: {report}");
}

#[test]
fn every_cli_the_hook_is_registered_for_is_reported_and_one_live_cli_keeps_governance_live() {
    let scratch = Scratch::new("other-clis");
    for harness in ["codex", "gemini", "copilot", "qwen", "droid", "kilo"] {
        scratch.install(&["--harness", harness]);
    }
    let (report, live) = scratch.doctor(&[]);
    assert!(live, "registered for six CLIs, though not for Claude Code: {report}");
    assert_eq!(severity(&report, "not-registered"), "warn", "Claude Code without the hook is worth knowing: {report}");
    let registered: Vec<&str> = findings(&report, "registered").into_iter().map(|(_, message)| message).collect();
    for title in ["Codex CLI", "Gemini CLI", "Copilot CLI", "Qwen Code", "Factory Droid", "Kilo Code"] {
        assert!(
            registered.iter().any(|message| message.starts_with(&format!("{title}: registered in "))),
            "{title}: {report}"
        );
    }
    // Copilot CLI loads a repository's hooks only in a folder the person trusted.
    assert_eq!(severity(&report, "trusted-folder-only"), "warn", "{report}");
}

#[test]
fn a_switch_in_another_clis_settings_turns_its_hook_off() {
    let scratch = Scratch::new("other-clis-off");
    scratch.install(&["--harness", "qwen", "--user"]);
    // The project's own settings switch the user's hooks off in Qwen Code.
    scratch.write_settings(&scratch.project.join(".qwen/settings.json"), &json!({"disableAllHooks": true}));
    scratch.install(&["--harness", "droid"]);
    scratch.write_settings(&scratch.home.join(".factory/settings.json"), &json!({"hooks": {"hooksDisabled": true}}));
    let (report, live) = scratch.doctor(&[]);
    assert!(!live, "{report}");
    let off: Vec<&str> = findings(&report, "hooks-disabled").into_iter().map(|(_, message)| message).collect();
    assert!(off.iter().any(|message| message.starts_with("Qwen Code: `disableAllHooks: true`")), "{report}");
    assert!(off.iter().any(|message| message.starts_with("Factory Droid: `hooks.hooksDisabled: true`")), "{report}");
}
