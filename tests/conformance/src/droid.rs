//! The Droid tier: runs the real Factory Droid (the pinned npm package `@factory/cli-linux-x64`, installed on its own:
//! the launcher `@factory/cli` pins a platform version the registry lacks) as `droid exec` in a scratch project whose
//! `.factory/settings.json` the hook binary's own `install --harness droid` wrote, with a HOME of its own whose
//! settings name the scripted chat-completions model ([`crate::chat`]) as a custom model, offline and air-gapped.

use crate::chat::{server, Scratch, Step, Transcript};
use crate::npm::{Pinned, VersionCheck};
use crate::target::clean_command;
use serde_json::json;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The pinned Droid.
pub const DROID: Pinned = Pinned {
    package: "@factory/cli-linux-x64",
    version: "0.225.2",
    folder: "factory-droid",
    bin: "@factory/cli-linux-x64/bin/droid",
    override_var: "DOTFORGE_DROID",
    postinstall: None,
    version_check: VersionCheck::Flag,
};

/// The `droid` binary at the pinned version, installed on first use; fails the test saying what is missing.
pub fn droid() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    DROID.installed(&FOUND)
}

/// The model a run asks for: Droid offers `Create` and `Edit` to most custom models, `ApplyPatch` to one named like
/// OpenAI's.
#[derive(Clone, Copy, Debug)]
pub enum Model {
    CreateEdit,
    ApplyPatch,
}

/// What one run showed.
#[derive(Debug)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub transcript: Transcript,
    /// Droid's own log of the run.
    pub log: String,
}

impl Outcome {
    /// Asserts Droid logged no hook that exited with an error, wrote to stderr, timed out or printed what it could not
    /// parse (its log's `[Hooks]` lines, as measured in 0.225.2).
    pub fn assert_no_hook_failed(&self) {
        let failed: Vec<&str> = self
            .log
            .lines()
            .filter(|line| line.contains("[Hooks]"))
            .filter(|line| {
                let lower = line.to_lowercase();
                let exited_badly = line.contains("\"exitCode\"") && !line.contains("\"exitCode\":0");
                let wrote_stderr = line.contains("\"stderr\"") && !line.contains("\"stderr\":\"\"");
                exited_badly
                    || wrote_stderr
                    || ["timed out", "timeout", "failed", "parse"].iter().any(|sign| lower.contains(sign))
            })
            .collect();
        assert!(failed.is_empty(), "Droid reported hook failures: {failed:?}\nstdout:\n{}", self.stdout);
    }
}

/// A scratch project in which `install --harness droid` registered the hook.
pub fn project(label: &str, hook: &str) -> Scratch {
    let scratch = Scratch::new("droid", label);
    scratch.install(std::path::Path::new(hook), &["--harness", "droid"]);
    assert!(
        scratch.dir.join(".factory/settings.json").is_file(),
        "install --harness droid writes .factory/settings.json"
    );
    scratch
}

/// Runs `droid exec --auto high` once in `scratch`, the model taking `steps`.
pub fn run(scratch: &Scratch, model: Model, steps: Vec<Step>, prompt: &str) -> Outcome {
    let stand_in = server(steps);
    let name = match model {
        Model::CreateEdit => "mock-model",
        Model::ApplyPatch => "gpt-4.1",
    };
    let custom = json!({"customModels": [{"model": name, "displayName": "Scripted", "provider": "generic-chat-completion-api",
        "baseUrl": format!("{}/v1", stand_in.url), "apiKey": "offline", "maxOutputTokens": 4096}]});
    let factory = scratch.home.join(".factory");
    std::fs::create_dir_all(&factory).expect("~/.factory");
    std::fs::write(factory.join("settings.json"), custom.to_string()).expect("user settings");
    let mut command = clean_command(&droid(), &scratch.dir);
    command
        .env("HOME", &scratch.home)
        .env("FACTORY_AIRGAP_ENABLED", "true")
        .env("FACTORY_API_BASE_URL", &stand_in.url)
        .env("FACTORY_DISABLE_KEYRING", "true")
        .env("FACTORY_DROID_AUTO_UPDATE_ENABLED", "false")
        .stdin(std::process::Stdio::null())
        .args(["exec", "--auto", "high", "-m", &format!("custom:{name}"), prompt]);
    let output = command.output().expect("run droid");
    crate::target::assert_no_tamper_report(&scratch.forge());
    Outcome {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        transcript: Transcript { requests: stand_in.requests() },
        log: std::fs::read_to_string(factory.join("logs/droid-log-single.log")).unwrap_or_default(),
    }
}
