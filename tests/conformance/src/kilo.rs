//! The Kilo Code tier: runs the real Kilo Code CLI (the pinned npm package `@kilocode/cli-linux-x64`, installed on its
//! own) as `kilo run` in a scratch project where the hook binary's own `install --harness kilo` wrote its plugin and
//! the permission rule that leaves no tool when the plugin does not load, with a HOME of its own, offline against the
//! scripted chat-completions model ([`crate::chat`]), named in `KILO_CONFIG_CONTENT` as a provider.

use crate::chat::{server, Scratch, Step, Transcript};
use crate::npm::{Pinned, VersionCheck};
use crate::target::clean_command;
use serde_json::json;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The pinned Kilo Code CLI.
pub const KILO: Pinned = Pinned {
    package: "@kilocode/cli-linux-x64",
    version: "7.7.9",
    folder: "kilo-code",
    bin: "@kilocode/cli-linux-x64/bin/kilo",
    override_var: "DOTFORGE_KILO",
    postinstall: None,
    version_check: VersionCheck::Flag,
};

/// The `kilo` binary at the pinned version, installed on first use; fails the test saying what is missing.
pub fn kilo() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    KILO.installed(&FOUND)
}

/// What one run showed.
#[derive(Debug)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub transcript: Transcript,
}

impl Outcome {
    /// Asserts Kilo Code reported no plugin that failed to load.
    pub fn assert_plugin_loaded(&self) {
        let both = format!("{}\n{}", self.stdout, self.stderr).to_lowercase();
        assert!(!both.contains("failed to load plugin"), "a plugin failed to load:\n{both}");
    }
}

/// A scratch project in which `install --harness kilo` wrote the plugin, and the user's permission rules of an
/// unattended run (every tool allowed — what the plugin's rule must still override when the plugin is gone).
pub fn project(label: &str, hook: &str) -> Scratch {
    let scratch = Scratch::new("kilo", label);
    scratch.install(std::path::Path::new(hook), &["--harness", "kilo"]);
    assert!(scratch.dir.join(".kilo/plugin/dotforge.js").is_file(), "install --harness kilo writes the plugin");
    let user = scratch.home.join(".config/kilo");
    std::fs::create_dir_all(&user).expect("~/.config/kilo");
    let allow =
        json!({"permission": {"bash": "allow", "edit": "allow", "read": "allow", "external_directory": "allow"}});
    std::fs::write(user.join("kilo.json"), allow.to_string()).expect("user config");
    // Kilo Code installs its plugin package into a folder that holds a plugin, and waits for it, unless the folder
    // says it has it (the pinned version is not on the registry).
    let folder = scratch.dir.join(".kilo");
    std::fs::create_dir_all(folder.join("node_modules")).expect(".kilo/node_modules");
    let lock = json!({"packages": {"": {"dependencies": {"@kilocode/plugin": KILO.version}}}});
    std::fs::write(folder.join("package-lock.json"), lock.to_string()).expect("package-lock.json");
    scratch
}

/// Runs `kilo run PROMPT` once in `scratch`, the model taking `steps`.
pub fn run(scratch: &Scratch, steps: Vec<Step>, prompt: &str) -> Outcome {
    let model = server(steps);
    let config = json!({"provider": {"scripted": {"npm": "@ai-sdk/openai-compatible", "name": "Scripted",
            "options": {"baseURL": format!("{}/v1", model.url), "apiKey": "offline"},
            "models": {"gpt-4.1": {"name": "gpt-4.1", "tool_call": true}}}},
        "model": "scripted/gpt-4.1", "small_model": "scripted/gpt-4.1", "autoupdate": false, "share": "disabled"});
    let mut command = clean_command(&kilo(), &scratch.dir);
    command
        .env("HOME", &scratch.home)
        .env("PWD", &scratch.dir)
        .env("KILO_CONFIG_CONTENT", config.to_string())
        .env("KILO_DISABLE_AUTOUPDATE", "1")
        .env("KILO_DISABLE_MODELS_FETCH", "1")
        .env("KILO_DISABLE_LSP_DOWNLOAD", "1")
        .env("KILO_TELEMETRY_LEVEL", "off")
        .env("KILO_DISABLE_CODEBASE_INDEXING", "1")
        .env("KILO_DISABLE_SESSION_INGEST", "1")
        .env("KILO_DISABLE_PRESENCE", "1")
        .env("KILO_NO_DAEMON", "1")
        .stdin(std::process::Stdio::null())
        .args(["run", "-m", "scripted/gpt-4.1", prompt]);
    let output = command.output().expect("run kilo");
    crate::target::assert_no_tamper_report(&scratch.forge());
    Outcome {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        transcript: Transcript { requests: model.requests() },
    }
}
