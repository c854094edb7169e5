//! Tolerant decoding of a hook payload in the catalog's vocabulary (Claude Code's; other agent CLIs' payloads are
//! translated first, by `crate::harness`): anything that is not what we expect is treated as absent.

use crate::model::{Event, PathRole};
use serde_json::{Map, Value};

/// A hook payload: a JSON object read from stdin, and — once an adapter has read it — the paths its call names.
#[derive(Debug)]
pub(crate) struct Payload {
    root: Map<String, Value>,
    paths: Vec<(String, PathRole)>,
    /// For an MCP tool read as a built-in one (`write_file` as Write): its name in the catalog's words
    /// (`mcp__<server>__<tool>`), which matchers may name too.
    mcp_name: Option<String>,
}

impl Payload {
    /// Parses a payload; `None` when the bytes are not a JSON object.
    pub(crate) fn parse(bytes: &[u8]) -> Option<Payload> {
        match serde_json::from_slice::<Value>(bytes) {
            Ok(Value::Object(root)) => Some(Payload { root, paths: Vec::new(), mcp_name: None }),
            _ => None,
        }
    }

    /// A payload built in memory (backtests build them from transcripts).
    pub(crate) fn from_object(root: Map<String, Value>) -> Payload {
        Payload { root, paths: Vec::new(), mcp_name: None }
    }

    /// The payload of an MCP call, with the tool's name in the catalog's words.
    pub(crate) fn with_mcp_name(self, name: String) -> Payload {
        Payload { mcp_name: Some(name), ..self }
    }

    /// The MCP tool's name in the catalog's words, for an MCP call.
    pub(crate) fn mcp_name(&self) -> Option<&str> {
        self.mcp_name.as_deref()
    }

    /// The payload with the paths its call names, each with what the call does to it (the adapter's reading).
    pub(crate) fn with_paths(self, paths: Vec<(String, PathRole)>) -> Payload {
        Payload { paths, ..self }
    }

    /// The paths the call names, as the adapter read them.
    pub(crate) fn paths(&self) -> &[(String, PathRole)] {
        &self.paths
    }

    /// The payload's members, for an adapter that rewrites them into the catalog's vocabulary.
    pub(crate) fn into_object(self) -> Map<String, Value> {
        self.root
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.root.get(key).and_then(Value::as_str)
    }

    /// `hook_event_name` as sent, or `""`.
    pub(crate) fn event_name(&self) -> &str {
        self.text("hook_event_name").unwrap_or("")
    }

    /// Whether the payload has a member `key`.
    pub(crate) fn has(&self, key: &str) -> bool {
        self.root.contains_key(key)
    }

    /// The event, when it is one of the four handled ones.
    pub(crate) fn event(&self) -> Option<Event> {
        self.text("hook_event_name").and_then(Event::parse)
    }

    /// `session_id`, when it is a non-empty string.
    pub(crate) fn session_id(&self) -> Option<&str> {
        self.text("session_id").filter(|id| !id.is_empty())
    }

    /// `tool_name`, or `""`.
    pub(crate) fn tool_name(&self) -> &str {
        self.text("tool_name").unwrap_or("")
    }

    /// The payload's top-level members.
    pub(crate) fn fields(&self) -> &Map<String, Value> {
        &self.root
    }

    /// `tool_input` as sent (any JSON type), `null` when absent.
    pub(crate) fn tool_input(&self) -> &Value {
        self.root.get("tool_input").unwrap_or(&Value::Null)
    }

    /// `tool_use_id`, when it is a non-empty string: the id Claude Code gives one tool call, the same on its
    /// PreToolUse and its PostToolUse (or PostToolUseFailure).
    pub(crate) fn tool_use_id(&self) -> Option<&str> {
        self.text("tool_use_id").filter(|id| !id.is_empty())
    }

    /// On PostToolUseFailure: `error` (empty when absent) and whether the user interrupted the call.
    pub(crate) fn failure(&self) -> (&str, bool) {
        let interrupted = self.root.get("is_interrupt").and_then(Value::as_bool).unwrap_or(false);
        (self.text("error").unwrap_or(""), interrupted)
    }

    /// `prompt` (UserPromptSubmit), or `""`.
    pub(crate) fn prompt(&self) -> &str {
        self.text("prompt").unwrap_or("")
    }

    /// `cwd`, when it is a non-empty string.
    pub(crate) fn cwd(&self) -> Option<&str> {
        self.text("cwd").filter(|cwd| !cwd.is_empty())
    }

    /// `agent_type`, when present.
    pub(crate) fn agent_type(&self) -> Option<&str> {
        self.text("agent_type")
    }

    /// `stop_hook_active: true`.
    pub(crate) fn stop_hook_active(&self) -> bool {
        self.root.get("stop_hook_active").and_then(Value::as_bool).unwrap_or(false)
    }
}
