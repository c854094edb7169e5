//! The Copilot CLI tier: runs the real GitHub Copilot CLI (the pinned npm package `@github/copilot`) headless in a
//! scratch project, with a HOME of its own in whose `~/.copilot/hooks/` the hook binary's own `install --harness
//! copilot --user` registered it, offline against the scripted chat-completions model ([`crate::chat`]).

use crate::chat::{server, Scratch, Step, Transcript};
use crate::npm::{Pinned, VersionCheck};
use crate::target::{clean_command, target_dir};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The pinned Copilot CLI.
pub const COPILOT: Pinned = Pinned {
    package: "@github/copilot",
    version: "1.0.102",
    folder: "copilot-cli",
    bin: "copilot",
    override_var: "DOTFORGE_COPILOT",
    postinstall: None,
    version_check: VersionCheck::Flag,
};

/// The `copilot` binary at the pinned version, installed on first use; fails the test saying what is missing.
pub fn copilot() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    COPILOT.installed(&FOUND)
}

/// What one run showed.
#[derive(Debug)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub transcript: Transcript,
    /// Copilot's own log of the run (`~/.copilot/logs/`), where it reports hooks that failed or timed out.
    pub log: String,
}

impl Outcome {
    /// Asserts Copilot CLI logged no hook of ours that failed, timed out, was skipped or wrote to stderr (its log's
    /// words for these, as measured in 1.0.102).
    pub fn assert_no_hook_failed(&self) {
        const SIGNS: [&str; 6] =
            ["execution failed", "timed out", "hook errored", "will be skipped", "invalid matcher", "hook warning"];
        let failed: Vec<&str> = self
            .log
            .lines()
            .filter(|line| {
                let lower = line.to_lowercase();
                SIGNS.iter().any(|sign| lower.contains(sign))
            })
            .collect();
        assert!(failed.is_empty(), "Copilot CLI reported hook failures: {failed:?}\nstdout:\n{}", self.stdout);
    }
}

/// Runs `copilot -p PROMPT` once in `scratch`, the model taking `steps`.
pub fn run(scratch: &Scratch, steps: Vec<Step>, prompt: &str) -> Outcome {
    let model = server(steps);
    let mut command = clean_command(&copilot(), &scratch.dir);
    command
        .env("HOME", &scratch.home)
        // Its JavaScript, unpacked once for every test rather than into each scratch HOME.
        .env("COPILOT_PKG_CACHE_HOME", target_dir().join("copilot-cli/cache"))
        .env("COPILOT_OFFLINE", "true")
        .env("COPILOT_PROVIDER_BASE_URL", format!("{}/v1", model.url))
        .env("COPILOT_PROVIDER_API_KEY", "offline")
        .env("COPILOT_MODEL", "gpt-4.1")
        .env("COPILOT_AUTO_UPDATE", "false")
        .env("NO_COLOR", "1")
        .args(["-p", prompt, "--allow-all-tools", "--no-auto-update", "--disable-client-telemetry"]);
    let output = command.output().expect("run copilot");
    crate::target::assert_no_tamper_report(&scratch.forge());
    Outcome {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        transcript: Transcript { requests: model.requests() },
        log: logs(&scratch.home.join(".copilot/logs")),
    }
}

/// Every log file in `folder`, joined.
fn logs(folder: &Path) -> String {
    let Ok(entries) = std::fs::read_dir(folder) else { return String::new() };
    entries.filter_map(Result::ok).filter_map(|entry| std::fs::read_to_string(entry.path()).ok()).collect()
}
