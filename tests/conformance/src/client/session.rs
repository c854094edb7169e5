//! Drives one `claude -p` session over its stream-json protocol: sends the user's prompt, answers the CLI's
//! permission prompts (`can_use_tool` control requests) as the user would, and collects everything it printed.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long one session may take before it is killed and the test fails.
const SESSION_TIMEOUT: Duration = Duration::from_secs(120);

/// A permission prompt the CLI put to the user.
#[derive(Clone, Debug)]
pub struct Prompt {
    pub tool_name: String,
    pub input: Value,
    pub tool_use_id: String,
    /// What the prompt shows as the reason (a hook's `permissionDecisionReason`).
    pub reason: String,
    /// `hook` when a hook asked.
    pub reason_type: String,
}

/// The user's answer to a prompt.
#[derive(Clone, Debug)]
pub enum Answer {
    Allow,
    Deny(String),
}

/// Who sits at the terminal.
pub enum User {
    /// Nobody: a headless run without a permission prompt tool; Claude Code decides alone.
    Absent,
    /// Someone who answers each prompt.
    Answers(Box<dyn FnMut(&Prompt) -> Answer + Send>),
}

impl User {
    /// Someone who answers every prompt the same way.
    pub fn always(answer: Answer) -> User {
        User::Answers(Box::new(move |_| answer.clone()))
    }
}

/// Everything a session showed.
#[derive(Debug)]
pub struct Outcome {
    /// Every JSON line the CLI printed, in order.
    pub events: Vec<Value>,
    /// The prompts the user answered.
    pub prompts: Vec<Prompt>,
    /// The CLI's stderr.
    pub stderr: String,
    /// The requests the model received (see [`super::model::ModelServer::requests`]).
    pub requests: Vec<Value>,
}

impl Outcome {
    /// The `tool_result` the model got for a call: its text and whether it was an error.
    pub fn tool_result(&self, tool_use_id: &str) -> Option<(String, bool)> {
        self.events.iter().filter(|event| event["type"] == "user").find_map(|event| {
            super::model::content_blocks(&event["message"])
                .into_iter()
                .find(|block| block["type"] == "tool_result" && block["tool_use_id"] == tool_use_id)
                .map(|block| (result_text(&block["content"]), block["is_error"].as_bool().unwrap_or(false)))
        })
    }

    /// Whether any request the model received contains `text` (in a message, reminder or tool result).
    pub fn model_saw(&self, text: &str) -> bool {
        self.requests.iter().any(|request| request["messages"].to_string().contains(&json_escaped(text)))
    }

    /// The number of requests the model received for the main agent (not subagents, not side questions).
    pub fn main_requests(&self, subagent_marker: Option<&str>) -> usize {
        self.requests
            .iter()
            .filter(|request| subagent_marker.is_none_or(|marker| !request["messages"].to_string().contains(marker)))
            .count()
    }

    /// The final `result` event.
    pub fn result(&self) -> Option<&Value> {
        self.events.iter().rev().find(|event| event["type"] == "result")
    }

    /// A one-screen account of the session for assertion messages.
    pub fn describe(&self) -> String {
        let lines: Vec<String> = self.events.iter().map(|event| truncate(&event.to_string(), 400)).collect();
        format!("events:\n{}\nstderr:\n{}", lines.join("\n"), truncate(&self.stderr, 2000))
    }
}

fn truncate(text: &str, chars: usize) -> String {
    text.chars().take(chars).collect()
}

/// `text` as it appears inside a JSON string.
fn json_escaped(text: &str) -> String {
    let quoted = Value::from(text).to_string();
    quoted[1..quoted.len() - 1].to_owned()
}

fn result_text(content: &Value) -> String {
    match content {
        Value::String(text) => text.clone(),
        Value::Array(blocks) => blocks.iter().filter_map(|block| block["text"].as_str()).collect::<Vec<_>>().join("\n"),
        other => other.to_string(),
    }
}

/// Kills the CLI if the test gives up on it.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Runs the session: `command` is the prepared `claude` invocation (without the stream flags).
pub fn drive(mut command: Command, prompt: &str, mut user: User) -> (Vec<Value>, Vec<Prompt>, String) {
    command.args(["-p", "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]);
    if matches!(user, User::Answers(_)) {
        command.args(["--permission-prompt-tool", "stdio"]);
    }
    command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = KillOnDrop(command.spawn().expect("start the claude CLI"));
    let mut stdin = child.0.stdin.take().expect("stdin");
    let stdout = child.0.stdout.take().expect("stdout");
    let mut stderr = child.0.stderr.take().expect("stderr");
    let stderr_reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let (lines, received) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    let message = json!({"type": "user", "message": {"role": "user", "content": prompt}});
    writeln!(stdin, "{message}").expect("send the prompt");
    stdin.flush().expect("flush");
    let (mut events, mut prompts) = (Vec::new(), Vec::new());
    let deadline = Instant::now() + SESSION_TIMEOUT;
    let mut stdin = Some(stdin);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(line) = received.recv_timeout(left) else { break };
        let Ok(event) = serde_json::from_str::<Value>(&line) else { continue };
        if event["type"] == "control_request" {
            let response = answer_control(&event, &mut user, &mut prompts);
            if let Some(stdin) = stdin.as_mut() {
                let _ = writeln!(stdin, "{response}").and_then(|()| stdin.flush());
            }
        }
        let done = event["type"] == "result";
        events.push(event);
        if done {
            stdin = None; // end of input: the CLI exits
        }
    }
    drop(stdin);
    let _ = child.0.wait();
    let stderr = stderr_reader.join().unwrap_or_default();
    if Instant::now() >= deadline {
        panic!("the claude session did not finish within {SESSION_TIMEOUT:?}; stderr:\n{stderr}");
    }
    (events, prompts, stderr)
}

fn answer_control(event: &Value, user: &mut User, prompts: &mut Vec<Prompt>) -> Value {
    let request = &event["request"];
    let request_id = event["request_id"].clone();
    if request["subtype"] != "can_use_tool" {
        return json!({"type": "control_response", "response": {"subtype": "error", "request_id": request_id,
            "error": "not supported by the test driver"}});
    }
    let text = |key: &str| request[key].as_str().unwrap_or_default().to_owned();
    let prompt = Prompt {
        tool_name: text("tool_name"),
        input: request["input"].clone(),
        tool_use_id: text("tool_use_id"),
        reason: text("decision_reason"),
        reason_type: text("decision_reason_type"),
    };
    let answer = match user {
        User::Answers(answer) => answer(&prompt),
        User::Absent => Answer::Deny("nobody is there".to_owned()),
    };
    prompts.push(prompt.clone());
    let response = match answer {
        Answer::Allow => json!({"behavior": "allow", "updatedInput": prompt.input}),
        Answer::Deny(message) => json!({"behavior": "deny", "message": message}),
    };
    json!({"type": "control_response", "response": {"subtype": "success", "request_id": request_id, "response": response}})
}
