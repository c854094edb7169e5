//! The Gemini CLI tier: runs the real Gemini CLI (the pinned npm package `@google/gemini-cli`) in a scratch project
//! whose `.gemini/settings.json` the hook binary's own `install --harness gemini` wrote, with a HOME of its own,
//! against a scripted stand-in for the Gemini API on 127.0.0.1 (`streamGenerateContent` as server-sent events).

use crate::http::{Request, Response, ScriptedServer};
use crate::npm::{Pinned, VersionCheck};
use crate::target::{clean_command, forge_state, tmp_dir};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The pinned Gemini CLI.
pub const GEMINI: Pinned = Pinned {
    package: "@google/gemini-cli",
    version: "0.61.0",
    folder: "gemini-cli",
    bin: "gemini",
    override_var: "DOTFORGE_GEMINI",
    postinstall: None,
    version_check: VersionCheck::Flag,
};

/// The `gemini` binary at the pinned version, installed on first use; fails the test saying what is missing.
pub fn gemini() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    GEMINI.installed(&FOUND)
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// One step the scripted model takes.
#[derive(Clone, Debug)]
pub enum Step {
    /// A function call of one of Gemini CLI's tools, with its arguments.
    Call(String, Value),
    /// A final message: the turn ends.
    Say(String),
}

/// `run_shell_command` with this command line.
pub fn shell(command: &str) -> Step {
    Step::Call("run_shell_command".to_owned(), json!({"command": command, "description": "a scripted step"}))
}

/// A scratch project, a HOME of its own, and the hook registered in the project's `.gemini/settings.json`.
pub struct Project {
    pub dir: PathBuf,
    pub home: PathBuf,
    pub hook: PathBuf,
}

/// What one run showed.
#[derive(Debug)]
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    /// Every request that asked the model for a step, in order.
    pub requests: Vec<Value>,
}

impl Outcome {
    /// What each function call returned to the model, in order (from the last request's history).
    pub fn tool_responses(&self) -> Vec<Value> {
        let last = self.requests.last().cloned().unwrap_or(Value::Null);
        let contents = last["contents"].as_array().cloned().unwrap_or_default();
        contents
            .iter()
            .flat_map(|content| content["parts"].as_array().cloned().unwrap_or_default())
            .filter_map(|part| part.get("functionResponse").cloned())
            .collect()
    }

    /// Everything the model was sent (all requests), as text.
    pub fn model_saw(&self) -> String {
        self.requests.iter().map(Value::to_string).collect::<Vec<_>>().join("\n")
    }

    /// Asserts Gemini CLI reported no failed hook (a hook whose output it did not accept, or that it could not run).
    pub fn assert_no_hook_failed(&self) {
        let both = format!("{}\n{}", self.stdout, self.stderr);
        let failed: Vec<&str> = both
            .lines()
            .filter(|line| {
                let lower = line.to_lowercase();
                lower.contains("hook")
                    && (lower.contains("fail") || lower.contains("invalid") || lower.contains("error"))
            })
            .collect();
        assert!(
            failed.is_empty(),
            "Gemini CLI reported hook failures: {failed:?}\nstdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
    }
}

impl Project {
    /// A fresh project (a git repository) in which `hook install --harness gemini` registered the hook.
    pub fn new(label: &str, hook: &str) -> Project {
        let root =
            tmp_dir().join(format!("gemini-{label}-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst)));
        let _ = std::fs::remove_dir_all(&root);
        let (dir, home) = (root.join("project"), root.join("home"));
        for folder in [&dir, &home.join(".gemini")] {
            std::fs::create_dir_all(folder).expect("create scratch folders");
        }
        crate::codex::git(&dir, &["init", "-q"]);
        let user_settings = json!({"security": {"auth": {"selectedType": "gemini-api-key"}}});
        std::fs::write(home.join(".gemini/settings.json"), user_settings.to_string()).expect("user settings");
        let installed = Command::new(hook)
            .current_dir(&dir)
            .args(["install", "--harness", "gemini"])
            .output()
            .expect("run the hook's install");
        assert!(installed.status.success(), "install failed: {}", String::from_utf8_lossy(&installed.stderr));
        assert!(dir.join(".gemini/settings.json").is_file(), "install --harness gemini writes .gemini/settings.json");
        Project { dir, home, hook: PathBuf::from(hook) }
    }

    /// A stdio MCP server in the user's settings (`mcpServers`).
    pub fn mcp_server(self, name: &str, command: &std::path::Path, args: &[&str]) -> Project {
        let path = self.home.join(".gemini/settings.json");
        let mut settings: Value =
            std::fs::read_to_string(&path).ok().and_then(|text| serde_json::from_str(&text).ok()).unwrap_or(json!({}));
        settings["mcpServers"][name] = json!({"command": command, "args": args});
        std::fs::write(&path, settings.to_string()).expect("user settings");
        self
    }

    /// Runs `gemini -p PROMPT --yolo` once, the model taking `steps`.
    pub fn run(&self, steps: Vec<Step>, prompt: &str) -> Outcome {
        let server = ScriptedServer::start(move |request| answer(&steps, request));
        let mut command = clean_command(&gemini(), &self.dir);
        command
            .env("HOME", &self.home)
            .env("GEMINI_API_KEY", "offline")
            .env("GOOGLE_GEMINI_BASE_URL", &server.url)
            .env("GEMINI_CLI_TRUST_WORKSPACE", "true")
            .env("NO_COLOR", "1")
            .args(["-m", "gemini-2.5-pro", "-p", prompt, "--yolo"]);
        let output = command.output().expect("run gemini");
        crate::target::assert_no_tamper_report(&self.forge());
        Outcome {
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            requests: server.requests(),
        }
    }

    pub fn forge(&self) -> PathBuf {
        self.dir.join(".forge")
    }

    /// state.json as JSON (`null` when there is none).
    pub fn state(&self) -> Value {
        forge_state(&self.forge())
    }
}

/// The Gemini API's answer: the next step not yet in the request's history, as one server-sent event.
fn answer(steps: &[Step], request: &Request<'_>) -> Response {
    let generates = request.method == "POST" && request.path.contains(":streamGenerateContent");
    let offers_tools = request.body["tools"].as_array().is_some_and(|tools| !tools.is_empty());
    if !generates || !offers_tools {
        // Side requests (token counts, checks of who speaks next): a short text answer.
        let text = json!({"candidates": [{"content": {"role": "model", "parts": [{"text": "ok"}]},
            "finishReason": "STOP", "index": 0}]});
        let body = if generates { format!("data: {text}\n\n") } else { text.to_string() };
        let content_type = if generates { "text/event-stream" } else { "application/json" };
        return Response { content_type, body, record: false };
    }
    let contents = request.body["contents"].as_array().cloned().unwrap_or_default();
    let taken = contents
        .iter()
        .filter(|content| content["role"] == "model")
        .flat_map(|content| content["parts"].as_array().cloned().unwrap_or_default())
        .filter(|part| part.get("functionCall").is_some())
        .count();
    let calls: Vec<&Step> = steps.iter().filter(|step| matches!(step, Step::Call(..))).collect();
    let part = match calls.get(taken) {
        Some(Step::Call(name, args)) => json!({"functionCall": {"name": name, "args": args}}),
        _ => {
            let text = steps.iter().find_map(|step| match step {
                Step::Say(text) => Some(text.clone()),
                Step::Call(..) => None,
            });
            json!({"text": text.unwrap_or_else(|| "done".to_owned())})
        }
    };
    let data = json!({"candidates": [{"content": {"role": "model", "parts": [part]}, "finishReason": "STOP",
        "index": 0}], "usageMetadata": {"promptTokenCount": 10, "candidatesTokenCount": 1, "totalTokenCount": 11}});
    Response { content_type: "text/event-stream", body: format!("data: {data}\n\n"), record: true }
}
