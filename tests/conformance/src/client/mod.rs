//! The real-client tier: runs the real Claude Code CLI (the pinned npm package `@anthropic-ai/claude-code`) in a
//! scratch project whose `.claude/settings.json` was written by the hook binary's own `install`, with a scripted
//! model ([`model`]) and, when a test needs one, a scripted user at the CLI's stdio permission prompt
//! ([`session`]). Fully offline: the model is served on 127.0.0.1.
pub mod model;
pub mod session;

pub use model::{call, say, Script};
pub use session::{Answer, Outcome, User};

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use crate::npm::{Pinned, VersionCheck};
use crate::target::{clean_command, forge_state, tmp_dir};

/// The Claude Code version these tests prove (`tests/conformance/claude-code-version.txt`, with its line break).
pub const CLAUDE_CODE_VERSION: &str = include_str!("../../claude-code-version.txt");

/// The same version, as an exact pin.
const CLAUDE_CODE_PIN: &str = trim_line_end(CLAUDE_CODE_VERSION);

/// `text` without the line break at its end (at compile time).
const fn trim_line_end(text: &str) -> &str {
    match text.as_bytes() {
        [rest @ .., b'\n'] => match std::str::from_utf8(rest) {
            Ok(trimmed) => trimmed,
            Err(_) => text,
        },
        _ => text,
    }
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// The pinned Claude Code CLI.
pub const CLAUDE_CODE: Pinned = Pinned {
    package: "@anthropic-ai/claude-code",
    version: CLAUDE_CODE_PIN,
    folder: "claude-code",
    bin: "claude",
    override_var: "DOTFORGE_CLAUDE_CODE",
    // The package's postinstall puts the native binary in place; npm may skip install scripts.
    postinstall: Some("install.cjs"),
    version_check: VersionCheck::Flag,
};

/// The `claude` binary at the pinned version: `$DOTFORGE_CLAUDE_CODE`, else `target/claude-code`, installed there
/// with npm on first use. Fails the test, saying what is missing, when it cannot be had.
pub fn claude_code() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    CLAUDE_CODE.installed(&FOUND)
}

/// A scratch project with its own HOME, the hook registered by `<hook> install`, and a `.forge` of its own.
pub struct Project {
    pub dir: PathBuf,
    pub home: PathBuf,
    pub hook: PathBuf,
    env: Vec<(String, String)>,
    allowed_tools: String,
    args: Vec<String>,
    /// Whether the test makes the hook report a tamper (every other session must leave no tamper report).
    tamper_expected: bool,
}

impl Project {
    /// A fresh project in which `hook install` registered the hook binary.
    pub fn new(label: &str, hook: &str) -> Project {
        let project = Project::without_settings(label, hook);
        let settings = project.dir.join(".claude").join("settings.json");
        let installed = Command::new(hook)
            .current_dir(&project.dir)
            .args(["install", "--settings"])
            .arg(&settings)
            .output()
            .expect("run the hook's install");
        assert!(installed.status.success(), "install failed: {}", String::from_utf8_lossy(&installed.stderr));
        project
    }

    /// A fresh project with no settings of its own (the hook reaches the CLI another way: a plugin, say).
    pub fn without_settings(label: &str, hook: &str) -> Project {
        let root =
            tmp_dir().join(format!("client-{label}-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst)));
        let _ = std::fs::remove_dir_all(&root);
        let (dir, home) = (root.join("project"), root.join("home"));
        for folder in [&dir, &home] {
            std::fs::create_dir_all(folder).expect("create scratch folders");
        }
        Project {
            dir,
            home,
            hook: PathBuf::from(hook),
            env: Vec::new(),
            allowed_tools: "Bash,Write,Edit,Read".to_owned(),
            args: Vec::new(),
            tamper_expected: false,
        }
    }

    /// An environment variable for the CLI (and so for the hooks it runs).
    pub fn env(mut self, key: &str, value: &str) -> Project {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    /// More arguments for the CLI, e.g. `--permission-mode bypassPermissions`.
    pub fn arg(mut self, arg: &str) -> Project {
        self.args.push(arg.to_owned());
        self
    }

    /// A project whose test makes the hook report a tamper (issue #35); the others fail on any tamper report.
    pub fn expecting_tamper(mut self) -> Project {
        self.tamper_expected = true;
        self
    }

    /// The tools the CLI may use without asking (comma-separated). Only the hook's `ask` then raises a prompt.
    pub fn allowed_tools(mut self, tools: &str) -> Project {
        tools.clone_into(&mut self.allowed_tools);
        self
    }

    /// Runs one session: the user types `prompt`, `script` plays the model, `user` answers prompts.
    pub fn run(&self, session_id: &str, script: Script, prompt: &str, user: User) -> Outcome {
        let server = model::ModelServer::start(script);
        let mut command = clean_command(&claude_code(), &self.dir);
        command
            .env("HOME", &self.home)
            .env("ANTHROPIC_BASE_URL", &server.url)
            .env("ANTHROPIC_API_KEY", "sk-ant-offline-test")
            .env("DISABLE_TELEMETRY", "1")
            .env("DISABLE_AUTOUPDATER", "1")
            .env("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1")
            .envs(self.env.iter().map(|(key, value)| (key, value)))
            .args(["--session-id", session_id, "--allowedTools", &self.allowed_tools])
            .args(&self.args);
        let (events, prompts, stderr) = session::drive(command, prompt, user);
        if !self.tamper_expected {
            crate::target::assert_no_tamper_report(&self.forge());
        }
        Outcome { events, prompts, stderr, requests: server.requests() }
    }

    /// A fresh session id (a UUID, as Claude Code requires).
    pub fn session_id() -> String {
        format!("{:08x}-0000-4000-8000-{:012x}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst))
    }

    /// Where Claude Code keeps this project's session transcripts.
    pub fn transcripts(&self) -> PathBuf {
        let encoded: String =
            self.dir.to_string_lossy().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
        self.home.join(".claude/projects").join(encoded)
    }

    /// `<hook> backtest --json ARGS…` over this project's transcripts, as JSON.
    pub fn backtest(&self, args: &[&str]) -> Value {
        let output = Command::new(&self.hook)
            .arg("backtest")
            .arg(self.transcripts())
            .arg("--json")
            .args(args)
            .env_remove("FORGE_ROOT")
            .env_remove("FORGE_HOOK_PROFILE")
            .env_remove("FORGE_SOFT_BLOCK")
            .output()
            .expect("run backtest");
        assert!(output.status.success(), "backtest failed: {}", String::from_utf8_lossy(&output.stderr));
        serde_json::from_slice(&output.stdout).expect("backtest --json prints JSON")
    }

    pub fn forge(&self) -> PathBuf {
        self.dir.join(".forge")
    }

    /// state.json as JSON (`null` when there is none).
    pub fn state(&self) -> Value {
        forge_state(&self.forge())
    }

    pub fn behavior_state(&self, session: &str, behavior: &str) -> Value {
        self.state()["sessions"][session]["behaviors"][behavior].clone()
    }

    pub fn overrides_log(&self) -> String {
        std::fs::read_to_string(self.forge().join("audit/overrides.log")).unwrap_or_default()
    }

    /// `audit/metrics.json` after `<hook> audit` refreshed it from the totals in state.json (`null` when nothing was
    /// ever counted).
    pub fn metrics(&self) -> Value {
        let audit = Command::new(&self.hook)
            .args(["audit", "--json"])
            .env("FORGE_ROOT", self.forge())
            .output()
            .expect("run audit");
        assert!(audit.status.success(), "audit failed: {}", String::from_utf8_lossy(&audit.stderr));
        std::fs::read_to_string(self.forge().join("audit/metrics.json"))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or(Value::Null)
    }
}
