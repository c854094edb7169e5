//! A scripted stand-in for OpenAI's chat-completions API (`POST …/chat/completions`, streamed as server-sent events
//! or answered whole), which Copilot CLI, Qwen Code, Droid and Kilo Code all speak when pointed at a local model:
//! each request that offers tools gets the next step of the script not yet taken (counted from the tool calls in its
//! messages) — one tool call, or a final text. Requests that offer no tools (titles, summaries) get a short text and
//! are not recorded.

use crate::http::{Request, Response, ScriptedServer};
use crate::target::tmp_dir;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// A scratch project (a git repository with one commit) and a HOME of its own, for one run of an agent CLI.
#[derive(Debug)]
pub struct Scratch {
    pub dir: PathBuf,
    pub home: PathBuf,
}

impl Scratch {
    /// Fresh folders under the target's `tmp/`, named after the CLI and the test.
    pub fn new(cli: &str, label: &str) -> Scratch {
        let root =
            tmp_dir().join(format!("{cli}-{label}-{}-{}", std::process::id(), NEXT.fetch_add(1, Ordering::SeqCst)));
        let _ = std::fs::remove_dir_all(&root);
        let (dir, home) = (root.join("project"), root.join("home"));
        for folder in [&dir, &home] {
            std::fs::create_dir_all(folder).expect("create scratch folders");
        }
        crate::codex::git(&dir, &["init", "-q"]);
        crate::codex::git(&dir, &["commit", "-q", "--allow-empty", "-m", "start"]);
        Scratch { dir, home }
    }

    /// Runs the hook binary's `install` with `args` in the project, HOME being the scratch home; fails the test
    /// when it fails.
    pub fn install(&self, hook: &Path, args: &[&str]) {
        let installed = Command::new(hook)
            .current_dir(&self.dir)
            .env("HOME", &self.home)
            .arg("install")
            .args(args)
            .output()
            .expect("run the hook's install");
        assert!(
            installed.status.success(),
            "install {args:?} failed: {}{}",
            String::from_utf8_lossy(&installed.stdout),
            String::from_utf8_lossy(&installed.stderr)
        );
    }

    pub fn forge(&self) -> PathBuf {
        self.dir.join(".forge")
    }

    /// A bare remote beside the project that holds its first commit as `main`, with the project's own history
    /// rewritten since (so only a force push would replace the remote's). Returns the remote.
    pub fn rewritten_remote(&self) -> PathBuf {
        let root = self.dir.parent().expect("scratch root");
        let remote = root.join("remote.git");
        let git = crate::codex::git;
        git(root, &["init", "-q", "--bare", remote.to_str().expect("utf-8")]);
        git(&self.dir, &["remote", "add", "origin", remote.to_str().expect("utf-8")]);
        git(&self.dir, &["push", "-q", "origin", "HEAD:main"]);
        git(&self.dir, &["commit", "-q", "--amend", "--allow-empty", "-m", "rewritten"]);
        remote
    }

    /// The project's `.forge/audit/overrides.log`, holding `kept`.
    pub fn audit_log(&self) -> PathBuf {
        let audit = self.forge().join("audit/overrides.log");
        std::fs::create_dir_all(audit.parent().expect("audit folder")).expect("forge");
        std::fs::write(&audit, "kept\n").expect("audit log");
        audit
    }

    /// The project's `.env`, whose value is [`SECRET_VALUE`].
    pub fn secret_env(&self) {
        std::fs::write(self.dir.join(".env"), format!("API_TOKEN={SECRET_VALUE}\n")).expect(".env");
    }

    /// `notes.txt`: deploy notes, then a private key block whose body holds [`KEY_BODY`].
    pub fn key_in_notes(&self) {
        let key = format!("-----BEGIN OPENSSH PRIVATE KEY-----\n{KEY_BODY}AAAAAAAAABAAAAMwAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n");
        std::fs::write(self.dir.join("notes.txt"), format!("deploy notes\n{key}")).expect("notes");
    }
}

/// The value of the secret in [`Scratch::secret_env`]'s `.env`, which must reach no model.
pub const SECRET_VALUE: &str = "secret-value-4711";

/// The start of the private key's body in [`Scratch::key_in_notes`], which must reach no model.
pub const KEY_BODY: &str = "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ";

/// The subject of the newest commit of `main` in `remote`.
pub fn remote_subject(remote: &Path) -> String {
    crate::codex::git(remote, &["log", "--format=%s", "-1", "main"]).trim().to_owned()
}

/// One step the scripted model takes.
#[derive(Clone, Debug)]
pub enum Step {
    /// A call of one of the CLI's tools, with its arguments (a string is sent as it is: a custom tool's raw input,
    /// such as Droid's `ApplyPatch` patch).
    Call(String, Value),
    /// A final message: the turn ends.
    Say(String),
}

/// A call of the tool `name` with `args`.
pub fn call(name: &str, args: Value) -> Step {
    Step::Call(name.to_owned(), args)
}

/// The model server for `steps`.
pub fn server(steps: Vec<Step>) -> ScriptedServer {
    ScriptedServer::start(move |request| answer(&steps, request))
}

/// What the model was sent during one run.
#[derive(Debug, Default)]
pub struct Transcript {
    /// Every request that offered tools, in order.
    pub requests: Vec<Value>,
}

impl Transcript {
    /// The tools offered in the first request: `(name, argument keys)`, sorted by name.
    pub fn tools(&self) -> Vec<String> {
        let first = self.requests.first().cloned().unwrap_or(Value::Null);
        let mut names: Vec<String> = first["tools"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|tool| tool["function"]["name"].as_str().map(str::to_owned))
            .collect();
        names.sort();
        names
    }

    /// What each tool call returned to the model, in order (the `tool` messages of the last request).
    pub fn tool_results(&self) -> Vec<String> {
        let last = self.requests.last().cloned().unwrap_or(Value::Null);
        last["messages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|message| message["role"] == "tool")
            .map(|message| content_text(&message["content"]))
            .collect()
    }

    /// Everything the model was sent, as text.
    pub fn model_saw(&self) -> String {
        self.requests.iter().map(Value::to_string).collect::<Vec<_>>().join("\n")
    }
}

/// A message's content as text: a string, or the text of its parts.
fn content_text(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(parts) => parts.iter().filter_map(|part| part["text"].as_str()).collect::<Vec<_>>().join("\n"),
        other => other.to_string(),
    }
}

/// The number of tool calls the model already made in this request's conversation.
fn calls_taken(body: &Value) -> usize {
    body["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|message| message["role"] == "assistant")
        .map(|message| message["tool_calls"].as_array().map_or(0, Vec::len))
        .sum()
}

fn answer(steps: &[Step], request: &Request<'_>) -> Response {
    let completes = request.method == "POST" && request.path.contains("chat/completions");
    if !completes {
        // Model lists and other side requests: the one model, as JSON.
        let models = json!({"object": "list", "data": [{"id": "gpt-4.1", "object": "model", "owned_by": "scripted"}]});
        return Response { content_type: "application/json", body: models.to_string(), record: false };
    }
    let offers_tools = request.body["tools"].as_array().is_some_and(|tools| !tools.is_empty());
    let step = if offers_tools {
        let calls: Vec<&Step> = steps.iter().filter(|step| matches!(step, Step::Call(..))).collect();
        match calls.get(calls_taken(request.body)) {
            Some(step) => (*step).clone(),
            None => {
                steps.iter().find(|step| matches!(step, Step::Say(_))).cloned().unwrap_or(Step::Say("done".to_owned()))
            }
        }
    } else {
        Step::Say("ok".to_owned())
    };
    let number = calls_taken(request.body);
    let stream = request.body["stream"] == true;
    Response {
        content_type: if stream { "text/event-stream" } else { "application/json" },
        body: if stream { streamed(&step, number) } else { whole(&step, number) },
        record: offers_tools,
    }
}

/// A call's `arguments` text: the JSON of its arguments, or a string as it is.
fn arguments(args: &Value) -> String {
    match args {
        Value::String(raw) => raw.clone(),
        other => other.to_string(),
    }
}

/// The step as one chat completion.
fn whole(step: &Step, number: usize) -> String {
    let (message, finish) = match step {
        Step::Call(name, args) => (
            json!({"role": "assistant", "content": null, "tool_calls": [{"id": format!("call_{number}"), "type": "function",
                "function": {"name": name, "arguments": arguments(args)}}]}),
            "tool_calls",
        ),
        Step::Say(text) => (json!({"role": "assistant", "content": text}), "stop"),
    };
    json!({"id": format!("chatcmpl-{number}"), "object": "chat.completion", "created": 1_700_000_000, "model": "gpt-4.1",
        "choices": [{"index": 0, "message": message, "finish_reason": finish}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11}})
    .to_string()
}

/// The step as server-sent chunks: the delta, the finish, the usage, `[DONE]`.
fn streamed(step: &Step, number: usize) -> String {
    let chunk = |delta: Value, finish: Value| {
        json!({"id": format!("chatcmpl-{number}"), "object": "chat.completion.chunk", "created": 1_700_000_000,
            "model": "gpt-4.1", "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
    };
    let (delta, finish) = match step {
        Step::Call(name, args) => (
            json!({"role": "assistant", "content": null, "tool_calls": [{"index": 0, "id": format!("call_{number}"),
                "type": "function", "function": {"name": name, "arguments": arguments(args)}}]}),
            "tool_calls",
        ),
        Step::Say(text) => (json!({"role": "assistant", "content": text}), "stop"),
    };
    let usage = json!({"id": format!("chatcmpl-{number}"), "object": "chat.completion.chunk", "created": 1_700_000_000,
        "model": "gpt-4.1", "choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11}});
    let events = [chunk(delta, Value::Null), chunk(json!({}), json!(finish)), usage];
    let mut body: String = events.iter().map(|event| format!("data: {event}\n\n")).collect();
    body.push_str("data: [DONE]\n\n");
    body
}
