//! The Qwen Code tier: runs the real Qwen Code (the pinned npm package `@qwen-code/qwen-code`) headless in a scratch
//! project whose `.qwen/settings.json` the hook binary's own `install --harness qwen` wrote, with a HOME of its own,
//! offline against the scripted chat-completions model ([`crate::chat`]).

use crate::chat::{server, Scratch, Step, Transcript};
use crate::npm::{Pinned, VersionCheck};
use crate::target::clean_command;
use serde_json::json;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The pinned Qwen Code.
pub const QWEN: Pinned = Pinned {
    package: "@qwen-code/qwen-code",
    version: "0.24.4",
    folder: "qwen-code",
    bin: "qwen",
    override_var: "DOTFORGE_QWEN",
    postinstall: None,
    version_check: VersionCheck::Flag,
};

/// The `qwen` binary at the pinned version, installed on first use; fails the test saying what is missing.
pub fn qwen() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    let binary = QWEN.installed(&FOUND);
    // npm leaves its bundled ripgrep without the exec bit; Qwen Code then warns on every run.
    let ripgrep = binary
        .parent()
        .and_then(|bin| bin.parent())
        .map(|modules| modules.join("@qwen-code/qwen-code/vendor/ripgrep/x64-linux/rg"));
    if let Some(ripgrep) = ripgrep.filter(|path| path.is_file()) {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&ripgrep, std::fs::Permissions::from_mode(0o755));
    }
    binary
}

/// What one run showed.
#[derive(Debug)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    pub transcript: Transcript,
}

impl Outcome {
    /// Asserts Qwen Code reported no hook that failed or timed out (it says so on stderr).
    pub fn assert_no_hook_failed(&self) {
        let failed: Vec<&str> = self
            .stderr
            .lines()
            .filter(|line| {
                let lower = line.to_lowercase();
                lower.contains("hook")
                    && (lower.contains("fail") || lower.contains("error") || lower.contains("timed out"))
            })
            .collect();
        assert!(failed.is_empty(), "Qwen Code reported hook failures: {failed:?}\nstderr:\n{}", self.stderr);
    }
}

/// A scratch project in which `install --harness qwen` registered the hook, and the quiet user settings of an
/// offline run.
pub fn project(label: &str, hook: &str) -> Scratch {
    let scratch = Scratch::new("qwen", label);
    std::fs::create_dir_all(scratch.home.join(".qwen")).expect("~/.qwen");
    let quiet = json!({"general": {"disableAutoUpdate": true, "disableUpdateNag": true},
        "privacy": {"usageStatisticsEnabled": false}, "telemetry": {"enabled": false},
        "memory": {"enableManagedAutoMemory": false, "enableManagedAutoDream": false}});
    std::fs::write(scratch.home.join(".qwen/settings.json"), quiet.to_string()).expect("user settings");
    scratch.install(std::path::Path::new(hook), &["--harness", "qwen"]);
    assert!(scratch.dir.join(".qwen/settings.json").is_file(), "install --harness qwen writes .qwen/settings.json");
    scratch
}

/// Runs `qwen PROMPT --yolo` once in `scratch`, the model taking `steps`.
pub fn run(scratch: &Scratch, steps: Vec<Step>, prompt: &str) -> Outcome {
    let model = server(steps);
    let mut command = clean_command(&qwen(), &scratch.dir);
    command
        .env("HOME", &scratch.home)
        .env("OPENAI_API_KEY", "offline")
        .env("OPENAI_BASE_URL", format!("{}/v1", model.url))
        .env("OPENAI_MODEL", "gpt-4.1")
        .env("QWEN_CODE_SUPPRESS_YOLO_WARNING", "1")
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .args([prompt, "--yolo", "--auth-type", "openai", "-m", "gpt-4.1"]);
    let output = command.output().expect("run qwen");
    crate::target::assert_no_tamper_report(&scratch.forge());
    Outcome {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        transcript: Transcript { requests: model.requests() },
    }
}
