//! A scripted stand-in for the Anthropic Messages API on 127.0.0.1: it plays the model for the real Claude Code
//! CLI. Each conversation (the main agent, or a subagent recognized by its prompt) follows a list of turns; a turn
//! is served once the request's history does not hold it yet, so a retried request gets the same answer. Every
//! request is recorded, so a test can check what the model was shown.

use crate::http::{Request, Response, ScriptedServer};
use serde_json::{json, Value};

/// One content block the model sends.
#[derive(Clone, Debug)]
pub enum Block {
    /// Plain text.
    Text(String),
    /// A tool call; ids must be unique across the whole script.
    Tool { id: String, name: String, input: Value },
}

/// What the model answers to one request.
#[derive(Clone, Debug)]
pub struct Turn(pub Vec<Block>);

/// A turn of text only (ends the agent's turn). The text should be unique within its conversation.
pub fn say(text: &str) -> Turn {
    Turn(vec![Block::Text(text.to_owned())])
}

/// A turn with one tool call.
pub fn call(id: &str, name: &str, input: Value) -> Turn {
    Turn(vec![Block::Tool { id: id.to_owned(), name: name.to_owned(), input }])
}

impl Turn {
    /// Whether the conversation in `messages` already holds this turn.
    fn is_in(&self, messages: &[Value]) -> bool {
        self.0.iter().any(|block| {
            messages.iter().filter(|message| message["role"] == "assistant").any(|message| {
                content_blocks(message).iter().any(|seen| match block {
                    Block::Tool { id, .. } => seen["type"] == "tool_use" && seen["id"] == id.as_str(),
                    Block::Text(text) => seen["type"] == "text" && seen["text"] == text.as_str(),
                })
            })
        })
    }
}

/// The content of a message as a list of blocks (a plain string becomes one text block).
pub fn content_blocks(message: &Value) -> Vec<Value> {
    match &message["content"] {
        Value::String(text) => vec![json!({"type": "text", "text": text})],
        Value::Array(blocks) => blocks.clone(),
        _ => Vec::new(),
    }
}

/// The model's whole part: the main conversation and, per subagent, its own.
#[derive(Clone, Debug, Default)]
pub struct Script {
    main: Vec<Turn>,
    /// `(text its prompt contains, turns)`.
    agents: Vec<(String, Vec<Turn>)>,
}

impl Script {
    /// The main agent's turns, in order.
    pub fn new(main: Vec<Turn>) -> Script {
        Script { main, agents: Vec::new() }
    }

    /// A subagent's turns; its conversation is the one whose user text contains `prompt_marker`.
    pub fn agent(mut self, prompt_marker: &str, turns: Vec<Turn>) -> Script {
        self.agents.push((prompt_marker.to_owned(), turns));
        self
    }

    /// The answer to a request for the next step of an agent.
    fn answer(&self, request: &Value) -> Turn {
        let messages = request["messages"].as_array().cloned().unwrap_or_default();
        let user_text: Vec<String> = messages
            .iter()
            .filter(|message| message["role"] == "user")
            .flat_map(content_blocks)
            .filter_map(|block| block["text"].as_str().map(str::to_owned))
            .collect();
        let turns = self
            .agents
            .iter()
            .find(|(marker, _)| user_text.iter().any(|text| text.contains(marker.as_str())))
            .map_or(&self.main, |(_, turns)| turns);
        turns.iter().find(|turn| !turn.is_in(&messages)).cloned().unwrap_or_else(|| say(SCRIPT_DONE))
    }
}

/// What the stand-in says once a conversation's script is exhausted.
pub const SCRIPT_DONE: &str = "(the scripted model has nothing more to say)";

/// The running server. Dropped, it stops.
pub struct ModelServer {
    pub url: String,
    server: ScriptedServer,
}

impl ModelServer {
    /// Starts serving `script` on an ephemeral port.
    pub fn start(script: Script) -> ModelServer {
        let server = ScriptedServer::start(move |request| answer(&script, request));
        ModelServer { url: server.url.clone(), server }
    }

    /// Every request to `/v1/messages` that asked for an agent step (it offered tools), in arrival order.
    pub fn requests(&self) -> Vec<Value> {
        self.server.requests()
    }
}

/// The Messages API's answer to one request.
fn answer(script: &Script, request: &Request<'_>) -> Response {
    let body = request.body;
    if request.method == "POST" && request.path.starts_with("/v1/messages/count_tokens") {
        return Response {
            content_type: "application/json",
            body: json!({"input_tokens": 100}).to_string(),
            record: false,
        };
    }
    if request.method == "POST" && request.path.starts_with("/v1/messages") {
        // Requests without tools are the CLI's side questions (titles, summaries): answer briefly.
        let offers_tools = body["tools"].as_array().is_some_and(|tools| !tools.is_empty());
        let turn = if offers_tools { script.answer(body) } else { say("ok") };
        let model = body["model"].as_str().unwrap_or("claude");
        return Response { content_type: "text/event-stream", body: sse(&turn, model), record: offers_tools };
    }
    Response { content_type: "application/json", body: "{}".to_owned(), record: false }
}

/// The turn as a Messages API event stream.
fn sse(turn: &Turn, model: &str) -> String {
    let mut events = vec![json!({"type": "message_start", "message": {"id": "msg_scripted", "type": "message",
        "role": "assistant", "model": model, "content": [], "stop_reason": null, "stop_sequence": null,
        "usage": {"input_tokens": 10, "output_tokens": 1}}})];
    let mut stop_reason = "end_turn";
    for (index, block) in turn.0.iter().enumerate() {
        match block {
            Block::Text(text) => {
                events.push(json!({"type": "content_block_start", "index": index,
                    "content_block": {"type": "text", "text": ""}}));
                events.push(json!({"type": "content_block_delta", "index": index,
                    "delta": {"type": "text_delta", "text": text}}));
            }
            Block::Tool { id, name, input } => {
                stop_reason = "tool_use";
                events.push(json!({"type": "content_block_start", "index": index,
                    "content_block": {"type": "tool_use", "id": id, "name": name, "input": {}}}));
                events.push(json!({"type": "content_block_delta", "index": index,
                    "delta": {"type": "input_json_delta", "partial_json": input.to_string()}}));
            }
        }
        events.push(json!({"type": "content_block_stop", "index": index}));
    }
    events.push(json!({"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": null},
        "usage": {"output_tokens": 5}}));
    events.push(json!({"type": "message_stop"}));
    events.iter().map(|event| format!("event: {}\ndata: {event}\n\n", event["type"].as_str().unwrap_or(""))).collect()
}
