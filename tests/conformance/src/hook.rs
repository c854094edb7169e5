//! Runs a hook binary as Claude Code would (payload on stdin, environment, a fresh `FORGE_ROOT`) and reads back
//! state.json and the audit files.

use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::target::{binary, tmp_dir};

static NEXT_ROOT: AtomicUsize = AtomicUsize::new(0);

/// A fresh, empty directory under the target's temp folder.
pub fn scratch_dir(label: &str) -> PathBuf {
    let dir = tmp_dir().join(format!("{label}-{}-{}", std::process::id(), NEXT_ROOT.fetch_add(1, Ordering::SeqCst)));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// One hook binary with its own FORGE_ROOT and environment.
pub struct Hook {
    pub bin: PathBuf,
    pub root: PathBuf,
    pub env: Vec<(String, String)>,
}

/// What one invocation printed.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

impl Hook {
    /// The conformance catalog's hook with a fresh `.forge` (for this package's own tests, which cargo builds it for).
    pub fn conformance(label: &str) -> Hook {
        Hook::with_bin(binary("conformance-hook"), label)
    }

    /// The empty catalog's hook.
    pub fn empty(label: &str) -> Hook {
        Hook::with_bin(binary("empty-hook"), label)
    }

    /// Any hook binary with a fresh `.forge` (the root package's tests use this for `dotforge-hook`).
    pub fn with_bin(bin: impl Into<PathBuf>, label: &str) -> Hook {
        let root = scratch_dir(label).join(".forge");
        Hook { bin: bin.into(), root, env: Vec::new() }
    }

    pub fn env(mut self, key: &str, value: &str) -> Hook {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.bin);
        for key in [
            "FORGE_ROOT",
            "FORGE_SESSION_TTL_SECONDS",
            "FORGE_OVERRIDE_WINDOW_SECONDS",
            "FORGE_LOCK_TIMEOUT",
            "FORGE_HOOK_PROFILE",
            "FORGE_SOFT_BLOCK",
            "CLAUDE_PROJECT_DIR",
        ] {
            command.env_remove(key);
        }
        command.env("FORGE_ROOT", &self.root);
        // As Claude Code does, the hook runs in the project: a payload without `cwd` is read relative to it.
        if let Some(project) = self.root.parent().filter(|project| project.is_dir()) {
            command.current_dir(project);
        }
        for (key, value) in &self.env {
            command.env(key, value);
        }
        command
    }

    /// Runs the hook with raw bytes on stdin.
    pub fn run_bytes(&self, input: &[u8]) -> Run {
        run_command(self.command(), input)
    }

    /// Runs the hook with a JSON payload.
    pub fn run(&self, payload: &Value) -> Run {
        self.run_bytes(payload.to_string().as_bytes())
    }

    /// A PreToolUse call.
    pub fn pre(&self, session: &str, tool: &str, tool_input: Value) -> Run {
        self.run(&json!({"hook_event_name": "PreToolUse", "session_id": session, "tool_name": tool, "tool_input": tool_input}))
    }

    /// A PreToolUse call with its `tool_use_id`, as Claude Code sends it.
    pub fn pre_call(&self, session: &str, tool: &str, tool_input: Value, id: &str) -> Run {
        self.run(&json!({"hook_event_name": "PreToolUse", "session_id": session, "tool_name": tool,
            "tool_input": tool_input, "tool_use_id": id}))
    }

    /// The PostToolUse of a call that ran (after the user allowed it, if it asked).
    pub fn post_call(&self, session: &str, tool: &str, tool_input: Value, id: &str) -> Run {
        self.run(&json!({"hook_event_name": "PostToolUse", "session_id": session, "tool_name": tool,
            "tool_input": tool_input, "tool_response": {"ok": true}, "tool_use_id": id}))
    }

    /// The PostToolUseFailure of a call that ran and failed.
    pub fn failed_call(&self, session: &str, tool: &str, tool_input: Value, id: &str, error: &str) -> Run {
        self.run(&json!({"hook_event_name": "PostToolUseFailure", "session_id": session, "tool_name": tool,
            "tool_input": tool_input, "tool_use_id": id, "error": error, "is_interrupt": false}))
    }

    /// A PreToolUse call with an empty tool_input.
    pub fn tool(&self, session: &str, tool: &str) -> Run {
        self.pre(session, tool, json!({}))
    }

    pub fn state_path(&self) -> PathBuf {
        self.root.join("runtime").join("state.json")
    }

    pub fn state(&self) -> Value {
        let text = std::fs::read_to_string(self.state_path()).expect("state.json exists");
        serde_json::from_str(&text).expect("state.json is valid JSON")
    }

    pub fn write_state(&self, state: &Value) {
        std::fs::create_dir_all(self.root.join("runtime")).expect("runtime dir");
        std::fs::write(self.state_path(), state.to_string()).expect("write state.json");
    }

    pub fn behavior_state(&self, session: &str, behavior: &str) -> Value {
        self.state()["sessions"][session]["behaviors"][behavior].clone()
    }

    /// The counter, 0 when the behavior has no entry.
    pub fn counter(&self, session: &str, behavior: &str) -> u64 {
        self.behavior_state(session, behavior)["counter"].as_u64().unwrap_or(0)
    }

    pub fn overrides_log(&self) -> String {
        std::fs::read_to_string(self.root.join("audit").join("overrides.log")).unwrap_or_default()
    }

    /// `audit/metrics.json` as `audit` leaves it: the hook refreshes that view only at its sweep, `audit` always
    /// (from the exact totals in state.json). Checks that `audit --json` reports the same counts.
    pub fn metrics(&self) -> Value {
        let mut command = self.command();
        command.args(["audit", "--json"]);
        let audit = run_command(command, b"");
        assert_eq!(audit.code, Some(0), "audit failed: {}", audit.stderr);
        let text = std::fs::read_to_string(self.root.join("audit").join("metrics.json")).expect("metrics.json exists");
        let metrics: Value = serde_json::from_str(&text).expect("metrics.json is valid JSON");
        let report: Value = serde_json::from_str(&audit.stdout).expect("audit --json prints JSON");
        for row in report["behaviors"].as_array().expect("rows") {
            let id = row["id"].as_str().expect("id");
            for key in ["violations", "blocks", "overrides"] {
                assert_eq!(
                    row[key].as_u64().unwrap_or(0),
                    metrics["behaviors"][id][key].as_u64().unwrap_or(0),
                    "audit and metrics.json agree on {id}.{key}"
                );
            }
        }
        metrics
    }
}

pub fn run_command(mut command: Command, input: &[u8]) -> Run {
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = spawn(&mut command);
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input);
    }
    let output = child.wait_with_output().expect("wait for hook");
    Run {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        code: output.status.code(),
    }
}

/// Starts `command`. A binary a test has just copied can be "busy" for a moment: another test thread that forked
/// while the copy was open for writing holds that descriptor until its child execs (ETXTBSY), so that is retried.
pub fn spawn(command: &mut Command) -> std::process::Child {
    let mut attempts = 0;
    loop {
        match command.spawn() {
            Err(error) if error.kind() == std::io::ErrorKind::ExecutableFileBusy && attempts < 100 => {
                attempts += 1;
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            result => return result.expect("spawn hook"),
        }
    }
}

/// Keys CONTRACT §6 allows at the top level and inside hookSpecificOutput.
const TOP_KEYS: &[&str] = &["systemMessage", "hookSpecificOutput", "decision", "reason"];
/// The `hookSpecificOutput` keys Claude Code accepts (`updatedToolOutput`: a PostToolUse's screened output, in the
/// tool's own shape — measured in 2.1.328).
const SPECIFIC_KEYS: &[&str] = &[
    "hookEventName",
    "permissionDecision",
    "permissionDecisionReason",
    "override_allowed",
    "additionalContext",
    "updatedToolOutput",
];

impl Run {
    /// Exit 0 and stdout empty or exactly one JSON object with only the allowed keys; returns it.
    pub fn checked(&self) -> Option<Value> {
        assert_eq!(self.code, Some(0), "hook must exit 0; stderr: {}", self.stderr);
        let text = self.stdout.trim();
        if text.is_empty() {
            return None;
        }
        assert_eq!(self.stdout.trim_end().lines().count(), 1, "one JSON line: {}", self.stdout);
        let value: Value = serde_json::from_str(text).expect("stdout is JSON");
        let object = value.as_object().expect("stdout is a JSON object");
        for key in object.keys() {
            assert!(TOP_KEYS.contains(&key.as_str()), "unexpected key {key} in {text}");
        }
        if let Some(specific) = object.get("hookSpecificOutput") {
            for key in specific.as_object().expect("hookSpecificOutput is an object").keys() {
                assert!(SPECIFIC_KEYS.contains(&key.as_str()), "unexpected key {key} in {text}");
            }
        }
        Some(value)
    }

    /// Asserts a silent pass (no output, exit 0).
    pub fn assert_pass(&self) {
        assert_eq!(self.checked(), None, "expected no output");
    }

    /// The systemMessage ("" when none).
    pub fn message(&self) -> String {
        self.checked().and_then(|value| value["systemMessage"].as_str().map(str::to_owned)).unwrap_or_default()
    }

    /// "pass", "message" (nudge/warning), "ask" (PreToolUse soft block in ask mode), "deny" (PreToolUse block)
    /// or "block" (other events).
    pub fn kind(&self) -> &'static str {
        match self.checked() {
            None => "pass",
            Some(value) if value["hookSpecificOutput"]["permissionDecision"] == "ask" => "ask",
            Some(value) if value["hookSpecificOutput"]["permissionDecision"] == "deny" => "deny",
            Some(value) if value["decision"] == "block" => "block",
            Some(_) => "message",
        }
    }

    pub fn is_hard_block(&self) -> bool {
        self.checked().is_some_and(|value| value["hookSpecificOutput"]["override_allowed"] == false)
    }
}

/// Runs `command` to its end with its output captured, started as [`spawn`] starts it (a copied binary retried while
/// it is busy).
pub fn output(command: &mut Command) -> std::process::Output {
    use std::process::Stdio;
    let child = spawn(command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()));
    child.wait_with_output().expect("wait for the command")
}
