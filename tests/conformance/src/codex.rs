//! The Codex CLI tier: runs the real Codex CLI (the pinned npm package `@openai/codex`) in a scratch project, with
//! `CODEX_HOME` of its own whose `hooks.json` the hook binary's own `install --harness codex --user` wrote, against a
//! scripted stand-in for the Responses API on 127.0.0.1. A scratch model catalog gives the model Codex's
//! `apply_patch` tool, which it offers only to models it knows.

use crate::http::{Request, Response, ScriptedServer};
use crate::npm::{Pinned, VersionCheck};
use crate::target::{clean_command, forge_state, tmp_dir};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The pinned Codex CLI.
pub const CODEX: Pinned = Pinned {
    package: "@openai/codex",
    version: "0.169.0",
    folder: "codex-cli",
    bin: "codex",
    override_var: "DOTFORGE_CODEX",
    postinstall: None,
    version_check: VersionCheck::Flag,
};

/// The `codex` binary at the pinned version, installed on first use; fails the test saying what is missing.
pub fn codex() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    CODEX.installed(&FOUND)
}

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// One step the scripted model takes.
#[derive(Clone, Debug)]
pub enum Step {
    /// `exec_command` with this command line.
    Shell(String),
    /// `apply_patch` with this patch (Codex's freeform file editor).
    Patch(String),
    /// A call of an MCP server's tool: the server's namespace (`mcp__fs`), the tool, its arguments.
    Mcp(String, String, Value),
    /// A final message: the turn ends.
    Say(String),
}

/// A scratch project with a HOME of its own, whose `.codex/` is `CODEX_HOME`, and the hook registered there.
pub struct Project {
    pub dir: PathBuf,
    pub home: PathBuf,
    pub codex_home: PathBuf,
    pub hook: PathBuf,
    env: Vec<(String, String)>,
    /// More of `config.toml` (MCP servers).
    config: String,
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
    /// What each tool call returned to the model, in order (from the last request's history).
    pub fn tool_outputs(&self) -> Vec<String> {
        let last = self.requests.last().cloned().unwrap_or(Value::Null);
        let items = last["input"].as_array().cloned().unwrap_or_default();
        items
            .iter()
            .filter(|item| matches!(item["type"].as_str(), Some("function_call_output" | "custom_tool_call_output")))
            .filter(|item| !item["call_id"].as_str().is_some_and(|id| id.starts_with(WAIT_PREFIX)))
            .map(|item| match &item["output"] {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            })
            .collect()
    }

    /// Everything the model was sent (all requests), as text.
    pub fn model_saw(&self) -> String {
        self.requests.iter().map(Value::to_string).collect::<Vec<_>>().join("\n")
    }

    /// The CLI's report of hook runs (`hook: PreToolUse Completed`, `Blocked`, `Failed`…).
    pub fn hook_reports(&self) -> Vec<String> {
        let both = format!("{}\n{}", self.stdout, self.stderr);
        both.lines().filter(|line| line.trim_start().starts_with("hook: ")).map(|line| line.trim().to_owned()).collect()
    }

    /// Asserts no hook run was reported as failed (a failed hook is one whose output Codex did not accept).
    pub fn assert_no_hook_failed(&self) {
        let failed: Vec<String> = self.hook_reports().into_iter().filter(|line| line.contains("Failed")).collect();
        assert!(
            failed.is_empty(),
            "Codex reported failed hook runs: {failed:?}\nstdout:\n{}\nstderr:\n{}",
            self.stdout,
            self.stderr
        );
    }
}

impl Project {
    /// A fresh project (a git repository) in which `hook install --harness codex --user` registered the hook.
    pub fn new(label: &str, hook: &str) -> Project {
        let root =
            tmp_dir().join(format!("codex-{label}-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst)));
        let _ = std::fs::remove_dir_all(&root);
        let (dir, home) = (root.join("project"), root.join("home"));
        let codex_home = home.join(".codex");
        for folder in [&dir, &codex_home] {
            std::fs::create_dir_all(folder).expect("create scratch folders");
        }
        git(&dir, &["init", "-q"]);
        let installed = Command::new(hook)
            .current_dir(&dir)
            .env("CODEX_HOME", &codex_home)
            .args(["install", "--harness", "codex", "--user"])
            .output()
            .expect("run the hook's install");
        assert!(installed.status.success(), "install failed: {}", String::from_utf8_lossy(&installed.stderr));
        assert!(
            codex_home.join("hooks.json").is_file(),
            "install --harness codex --user writes $CODEX_HOME/hooks.json"
        );
        std::fs::write(codex_home.join("model-catalog.json"), model_catalog().to_string()).expect("model catalog");
        Project { dir, home, codex_home, hook: PathBuf::from(hook), env: Vec::new(), config: String::new() }
    }

    /// A stdio MCP server in the user's `config.toml`, its tools approved (without that, `codex exec` refuses the
    /// calls that write before any hook decides).
    pub fn mcp_server(mut self, name: &str, command: &std::path::Path, args: &[&str]) -> Project {
        let quoted: Vec<String> = args.iter().map(|arg| json!(arg).to_string()).collect();
        self.config.push_str(&format!(
            "\n[mcp_servers.{name}]\ncommand = {}\nargs = [{}]\ndefault_tools_approval_mode = \"approve\"\n",
            json!(command.display().to_string()),
            quoted.join(", ")
        ));
        self
    }

    /// An environment variable for the CLI (and so for the hooks it runs).
    pub fn env(mut self, key: &str, value: &str) -> Project {
        self.env.push((key.to_owned(), value.to_owned()));
        self
    }

    /// Runs `codex exec PROMPT` once, the model taking `steps`.
    pub fn run(&self, steps: Vec<Step>, prompt: &str) -> Outcome {
        self.exec(steps, &[prompt])
    }

    /// Runs `codex exec resume SESSION PROMPT`: the same session goes on, the model taking the steps of `steps` that
    /// its history does not hold yet (give it the earlier run's steps first).
    pub fn resume(&self, session_id: &str, steps: Vec<Step>, prompt: &str) -> Outcome {
        self.exec(steps, &["resume", session_id, prompt])
    }

    fn exec(&self, steps: Vec<Step>, arguments: &[&str]) -> Outcome {
        let server = ScriptedServer::start(move |request| answer(&steps, request));
        let config = format!(
            "model = \"mock-codex\"\nmodel_provider = \"mock\"\nmodel_catalog_json = \"{}\"\n\n[model_providers.mock]\n\
             name = \"mock\"\nbase_url = \"{}/v1\"\nwire_api = \"responses\"\nenv_key = \"DOTFORGE_MOCK_KEY\"\n",
            self.codex_home.join("model-catalog.json").display(),
            server.url
        ) + &self.config;
        std::fs::write(self.codex_home.join("config.toml"), config).expect("write config.toml");
        let mut command = clean_command(&codex(), &self.dir);
        command
            .env("HOME", &self.home)
            .env("CODEX_HOME", &self.codex_home)
            .env("DOTFORGE_MOCK_KEY", "offline")
            .env("NO_COLOR", "1")
            .envs(self.env.iter().map(|(key, value)| (key, value)))
            .args(["exec", "--skip-git-repo-check", "--dangerously-bypass-hook-trust", "-s", "danger-full-access"])
            .args(arguments);
        let output = command.output().expect("run codex");
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

/// Runs git in `dir`, failing the test when it fails.
pub fn git(dir: &std::path::Path, args: &[&str]) -> String {
    let output = Command::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=dev", "-c", "user.email=dev@example.com"])
        .args(args)
        .output()
        .expect("run git");
    assert!(output.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A model catalog of one model, to which Codex offers its shell (`exec_command`) and `apply_patch` (freeform).
fn model_catalog() -> Value {
    json!({"models": [{
        "slug": "mock-codex", "display_name": "Mock Codex", "description": null, "supported_reasoning_levels": [],
        "shell_type": "unified_exec", "visibility": "list", "supported_in_api": true, "priority": 1,
        "availability_nux": null, "upgrade": null, "base_instructions": "You are a coding agent.",
        "model_messages": null, "supports_reasoning_summaries": false, "default_reasoning_summary": "auto",
        "support_verbosity": false, "default_verbosity": null, "apply_patch_tool_type": "freeform",
        "truncation_policy": {"mode": "bytes", "limit": 10000}, "supports_parallel_tool_calls": false,
        "supports_image_detail_original": false, "context_window": 200000, "auto_compact_token_limit": null,
        "effective_context_window_percent": 95, "experimental_supported_tools": [], "input_modalities": ["text"],
        "supports_search_tool": false
    }]})
}

/// The Responses API's answer: the next step not yet in the request's history, as an event stream.
fn answer(steps: &[Step], request: &Request<'_>) -> Response {
    if !(request.method == "POST" && request.path.ends_with("/responses")) {
        return Response { content_type: "application/json", body: json!({"data": []}).to_string(), record: false };
    }
    let input = request.body["input"].as_array().cloned().unwrap_or_default();
    let calls = input.iter().filter(|item| matches!(item["type"].as_str(), Some("function_call" | "custom_tool_call")));
    let is_wait = |item: &Value| item["call_id"].as_str().is_some_and(|id| id.starts_with(WAIT_PREFIX));
    let waited = calls.clone().filter(|item| is_wait(item)).count();
    let taken = calls.count() - waited;
    let tool_steps = steps.iter().filter(|step| !matches!(step, Step::Say(_)));
    let step = tool_steps.clone().nth(taken).cloned().unwrap_or_else(|| {
        steps.iter().find(|step| matches!(step, Step::Say(_))).cloned().unwrap_or(Step::Say("done".to_owned()))
    });
    // Codex starts MCP servers beside the session: until a server's tools are offered, a call of them is refused
    // as unsupported. The model waits a moment (a step of its own, not one of the script's) and asks again.
    let offered = |namespace: &str| request.body["tools"].to_string().contains(&format!("\"{namespace}\""));
    let step = match step {
        Step::Mcp(namespace, ..) if !offered(&namespace) && waited < MAX_WAITS => {
            return event_stream(
                &format!("{WAIT_PREFIX}{waited}"),
                json!({"type": "function_call", "id": format!("fc_wait_{waited}"), "call_id": format!("{WAIT_PREFIX}{waited}"),
                    "name": "exec_command", "arguments": json!({"cmd": "sleep 1"}).to_string()}),
            );
        }
        step => step,
    };
    let id = format!("call_{taken}");
    let item = match step {
        Step::Shell(command) => json!({"type": "function_call", "id": format!("fc_{taken}"), "call_id": id,
            "name": "exec_command", "arguments": json!({"cmd": command}).to_string()}),
        Step::Patch(patch) => json!({"type": "custom_tool_call", "id": format!("ct_{taken}"), "call_id": id,
            "name": "apply_patch", "input": patch}),
        Step::Mcp(namespace, name, arguments) => json!({"type": "function_call", "id": format!("fc_{taken}"),
            "call_id": id, "namespace": namespace, "name": name, "arguments": arguments.to_string()}),
        Step::Say(text) => json!({"type": "message", "id": format!("msg_{taken}"), "role": "assistant",
            "content": [{"type": "output_text", "text": text}]}),
    };
    event_stream(&format!("resp_{taken}"), item)
}

/// The call ids of the steps the scripted model takes to wait for an MCP server.
const WAIT_PREFIX: &str = "wait_";
/// Most such steps in one run.
const MAX_WAITS: usize = 30;

/// The Responses API's event stream of one output item.
fn event_stream(response_id: &str, item: Value) -> Response {
    let events = [
        json!({"type": "response.created", "response": {"id": response_id}}),
        json!({"type": "response.output_item.added", "output_index": 0, "item": item}),
        json!({"type": "response.output_item.done", "output_index": 0, "item": item}),
        json!({"type": "response.completed", "response": {"id": response_id, "usage": {"input_tokens": 10,
            "input_tokens_details": null, "output_tokens": 1, "output_tokens_details": null, "total_tokens": 11}}}),
    ];
    let body = events
        .iter()
        .map(|event| format!("event: {}\ndata: {event}\n\n", event["type"].as_str().unwrap_or("")))
        .collect();
    Response { content_type: "text/event-stream", body, record: true }
}
