//! The engine's first look at a call ([`FirstLook`]: every behavior that could apply, run against an empty scratch
//! state), kept by a backtest thread for the calls it replays again. What it finds depends on the event and on what
//! the behaviors' conditions see of the call — its tool, its input, the paths it names, its MCP name, the folder it
//! runs in and the agent that makes it (a prompt's or a stop's whole payload) — the catalog and the settings staying
//! the same, and no file being read in a backtest. The behaviors whose outcome depended on the session are run again
//! by the chain against the session, as always; the others' outcomes are taken from here. A history repeats its
//! calls (the same commands, the same files read), so most of its events find their look here. The table is emptied
//! when it holds [`LIMIT`] looks, so that memory stays bounded.

use crate::catalog::Catalog;
use crate::engine::{EventInput, FirstLook};
use crate::hash::Tables;
use crate::model::{Event, PathRole};
use crate::payload::Payload;
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;

/// Looks a table holds before it is emptied.
const LIMIT: usize = 4096;

/// One thread's first looks, by what they depend on.
#[derive(Debug, Default)]
pub(super) struct Looks(RefCell<HashMap<Vec<u8>, Rc<FirstLook>, Tables>>);

impl Looks {
    /// The first look at `input`'s call: a known one, or a new one taken now.
    pub(super) fn of(&self, catalog: &Catalog, input: &EventInput<'_>) -> Rc<FirstLook> {
        let key = key(input.event, input.payload);
        if let Some(known) = self.0.borrow().get(&key) {
            return Rc::clone(known);
        }
        let look = Rc::new(FirstLook::new(catalog, input));
        let mut known = self.0.borrow_mut();
        if known.len() >= LIMIT {
            known.clear();
        }
        known.insert(key, Rc::clone(&look));
        look
    }
}

/// Everything of an event that the first look reads, written so that two events have the same key exactly when
/// these are the same: the event, and on a tool event the tool's name (and MCP name), the folder, the agent, the
/// paths and the input; on another event its whole payload.
fn key(event: Event, payload: &Payload) -> Vec<u8> {
    let mut key = Vec::with_capacity(256);
    text(event.name(), &mut key);
    if !event.has_tool() {
        members(payload.fields(), &mut key);
        return key;
    }
    text(payload.tool_name(), &mut key);
    text(payload.mcp_name().unwrap_or(""), &mut key);
    text(payload.cwd().unwrap_or(""), &mut key);
    text(payload.agent_type().unwrap_or(""), &mut key);
    key.extend_from_slice(&payload.paths().len().to_le_bytes());
    for (path, role) in payload.paths() {
        text(path, &mut key);
        key.push(match role {
            PathRole::Read => b'r',
            PathRole::Write => b'w',
            PathRole::Delete => b'd',
        });
    }
    value(payload.tool_input(), &mut key);
    key
}

/// A text as its length and its bytes.
fn text(text: &str, key: &mut Vec<u8>) {
    key.extend_from_slice(&text.len().to_le_bytes());
    key.extend_from_slice(text.as_bytes());
}

/// An object's members (in the map's order: by name) as their count and each name and value.
fn members(object: &Map<String, Value>, key: &mut Vec<u8>) {
    key.extend_from_slice(&object.len().to_le_bytes());
    for (name, item) in object {
        text(name, key);
        value(item, key);
    }
}

/// A JSON value as its kind and its content.
fn value(value: &Value, key: &mut Vec<u8>) {
    match value {
        Value::Null => key.push(b'n'),
        Value::Bool(flag) => key.push(if *flag { b't' } else { b'f' }),
        Value::Number(number) => {
            key.push(b'#');
            let _ = write!(key, "{number};");
        }
        Value::String(string) => {
            key.push(b's');
            text(string, key);
        }
        Value::Array(items) => {
            key.push(b'[');
            key.extend_from_slice(&items.len().to_le_bytes());
            items.iter().for_each(|item| self::value(item, key));
        }
        Value::Object(object) => {
            key.push(b'{');
            members(object, key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn payload(value: Value) -> Payload {
        let Value::Object(root) = value else { panic!("an object") };
        Payload::from_object(root)
    }

    #[test]
    fn calls_share_a_key_exactly_when_the_first_look_sees_the_same() {
        let call = |extra: Value| {
            let mut root = json!({"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": "/p",
                "tool_input": {"command": "git push", "n": 1, "list": [true, null]}});
            if let (Some(root), Some(extra)) = (root.as_object_mut(), extra.as_object()) {
                root.extend(extra.clone());
            }
            key(Event::PreToolUse, &payload(root))
        };
        let plain = call(json!({}));
        let same =
            call(json!({"session_id": "s2", "tool_use_id": "t9", "tool_response": "ok", "permission_mode": "x"}));
        assert_eq!(plain, same, "what no condition of a tool event reads is not in the key");
        for other in [
            json!({"cwd": "/q"}),
            json!({"agent_type": "Explore"}),
            json!({"tool_name": "Read"}),
            json!({"tool_input": {"command": "git push", "n": 2, "list": [true, null]}}),
            json!({"tool_input": {"command": "git push", "n": 1, "list": [true]}}),
            json!({"tool_input": {"command": "git pus", "h": "", "n": 1, "list": [true, null]}}),
        ] {
            assert_ne!(plain, call(other.clone()), "{other}");
        }
        let input = json!({"command": "git push", "n": 1, "list": [true, null]});
        let with_paths = payload(json!({"tool_name": "Bash", "cwd": "/p", "tool_input": input}))
            .with_paths(vec![("a".to_owned(), PathRole::Read)]);
        assert_ne!(plain, key(Event::PreToolUse, &with_paths), "the paths a call names");
        let prompt =
            |session: &str| key(Event::UserPromptSubmit, &payload(json!({"prompt": "hi", "session_id": session})));
        assert_ne!(prompt("a"), prompt("b"), "a prompt's conditions see its whole payload");
    }
}
