//! One session's entry in state.json (CONTRACT §4), converted tolerantly: fields of the wrong type are repaired
//! with a warning, unknown fields are kept and written back.

use crate::catalog::Level;
use crate::time::Timestamp;
use crate::warn::warn;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// A soft block waiting for its override: the user's approval (ask mode) or the same call again (deny mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PendingBlock {
    /// 40 hex chars of the blocked `tool_input`'s SHA-256.
    pub tool_input_hash: String,
    /// When the block was emitted.
    pub blocked_at: String,
    /// The blocked call's `tool_use_id`, when the payload had one.
    pub tool_use_id: Option<String>,
}

/// Per-behavior state inside a session.
#[derive(Clone, Debug, Default)]
pub(crate) struct BehaviorState {
    pub counter: u32,
    pub effective_level: Level,
    pub last_violation_at: Option<String>,
    pub last_violation_tool: Option<String>,
    pub pending_block: Option<PendingBlock>,
    pub overrides: Vec<Value>,
    pub extra: Map<String, Value>,
}

/// A session entry.
#[derive(Clone, Debug, Default)]
pub(crate) struct Session {
    pub created_at: String,
    pub last_accessed_at: String,
    pub flags: Map<String, Value>,
    pub behavior_overrides: Map<String, Value>,
    pub behaviors: BTreeMap<String, BehaviorState>,
    pub extra: Map<String, Value>,
}

impl Session {
    /// A fresh session created now.
    pub(crate) fn new(now: Timestamp) -> Session {
        let stamp = now.format();
        Session { created_at: stamp.clone(), last_accessed_at: stamp, ..Session::default() }
    }

    /// The session's own on/off switch for a behavior (`behavior_overrides.<id>.enabled`).
    pub(crate) fn enabled_override(&self, behavior_id: &str) -> Option<bool> {
        self.behavior_overrides.get(behavior_id)?.get("enabled")?.as_bool()
    }

    /// Converts a stored entry, repairing what has the wrong shape. `id` names the session in warnings.
    pub(crate) fn from_value(id: &str, value: Value, now: Timestamp) -> Session {
        let mut map = match value {
            Value::Object(map) => map,
            _ => {
                warn(&format!("state.json: session `{id}` is not an object; starting it afresh"));
                return Session::new(now);
            }
        };
        let mut repaired =
            |field: &str| warn(&format!("state.json: session `{id}`: `{field}` has the wrong type; reset"));
        let created_at = take_string(&mut map, "created_at").unwrap_or_else(|| now.format());
        let last_accessed_at = take_string(&mut map, "last_accessed_at").unwrap_or_else(|| now.format());
        let flags = take_object(&mut map, "flags", &mut repaired);
        let behavior_overrides = take_object(&mut map, "behavior_overrides", &mut repaired);
        let behaviors = take_object(&mut map, "behaviors", &mut repaired)
            .into_iter()
            .map(|(behavior_id, value)| {
                let state = BehaviorState::from_value(id, &behavior_id, value);
                (behavior_id, state)
            })
            .collect();
        Session { created_at, last_accessed_at, flags, behavior_overrides, behaviors, extra: map }
    }

    /// The stored form as a `Value` — the reference [`Serialize`] is held to in the tests.
    #[cfg(test)]
    pub(crate) fn to_value(&self) -> Value {
        let mut map = self.extra.clone();
        map.insert("created_at".into(), Value::String(self.created_at.clone()));
        map.insert("last_accessed_at".into(), Value::String(self.last_accessed_at.clone()));
        map.insert("flags".into(), Value::Object(self.flags.clone()));
        map.insert("behavior_overrides".into(), Value::Object(self.behavior_overrides.clone()));
        let behaviors = self.behaviors.iter().map(|(id, state)| (id.clone(), state.to_value())).collect();
        map.insert("behaviors".into(), Value::Object(behaviors));
        Value::Object(map)
    }
}

impl BehaviorState {
    fn from_value(session_id: &str, behavior_id: &str, value: Value) -> BehaviorState {
        // Spelled out only when there is something to warn about.
        let where_ = || format!("state.json: session `{session_id}`, behavior `{behavior_id}`");
        let mut map = match value {
            Value::Object(map) => map,
            _ => {
                warn(&format!("{} is not an object; reset", where_()));
                return BehaviorState::default();
            }
        };
        let counter = match map.remove("counter") {
            None | Some(Value::Null) => 0,
            Some(Value::Number(number)) if number.as_u64().is_some() => {
                number.as_u64().map_or(0, |counter| u32::try_from(counter).unwrap_or(u32::MAX))
            }
            Some(Value::String(text)) if text.trim().parse::<u32>().is_ok() => {
                warn(&format!("{}: `counter` is a string; read as a number", where_()));
                text.trim().parse().unwrap_or(0)
            }
            Some(other) => {
                warn(&format!("{}: `counter` {other} is not a count; reset to 0", where_()));
                0
            }
        };
        let effective_level = match map.remove("effective_level") {
            None | Some(Value::Null) => Level::Silent,
            Some(Value::String(name)) if Level::parse(&name).is_some() => Level::parse(&name).unwrap_or_default(),
            Some(other) => {
                warn(&format!("{}: unknown `effective_level` {other}; reset to silent", where_()));
                Level::Silent
            }
        };
        let pending_block = match map.remove("pending_block") {
            Some(Value::Object(mut pending)) => {
                match (take_string(&mut pending, "tool_input_hash"), take_string(&mut pending, "blocked_at")) {
                    (Some(tool_input_hash), Some(blocked_at)) => Some(PendingBlock {
                        tool_input_hash,
                        blocked_at,
                        tool_use_id: take_string(&mut pending, "tool_use_id"),
                    }),
                    _ => None,
                }
            }
            _ => None,
        };
        let overrides = match map.remove("overrides") {
            Some(Value::Array(items)) => items,
            None | Some(Value::Null) => Vec::new(),
            Some(_) => {
                warn(&format!("{}: `overrides` is not a list; reset", where_()));
                Vec::new()
            }
        };
        BehaviorState {
            counter,
            effective_level,
            last_violation_at: take_string(&mut map, "last_violation_at"),
            last_violation_tool: take_string(&mut map, "last_violation_tool"),
            pending_block,
            overrides,
            extra: map,
        }
    }

    #[cfg(test)]
    fn to_value(&self) -> Value {
        let optional = |text: &Option<String>| text.clone().map_or(Value::Null, Value::String);
        let mut map = self.extra.clone();
        map.insert("counter".into(), Value::from(self.counter));
        map.insert("effective_level".into(), Value::String(self.effective_level.name().to_owned()));
        map.insert("last_violation_at".into(), optional(&self.last_violation_at));
        map.insert("last_violation_tool".into(), optional(&self.last_violation_tool));
        let pending = match &self.pending_block {
            None => Value::Null,
            Some(pending) => {
                let mut entry = Map::new();
                entry.insert("tool_input_hash".into(), Value::String(pending.tool_input_hash.clone()));
                entry.insert("blocked_at".into(), Value::String(pending.blocked_at.clone()));
                if let Some(id) = &pending.tool_use_id {
                    entry.insert("tool_use_id".into(), Value::String(id.clone()));
                }
                Value::Object(entry)
            }
        };
        map.insert("pending_block".into(), pending);
        map.insert("overrides".into(), Value::Array(self.overrides.clone()));
        Value::Object(map)
    }
}

fn take_string(map: &mut Map<String, Value>, key: &str) -> Option<String> {
    match map.remove(key) {
        Some(Value::String(text)) => Some(text),
        _ => None,
    }
}

fn take_object(map: &mut Map<String, Value>, key: &str, repaired: &mut impl FnMut(&str)) -> Map<String, Value> {
    match map.remove(key) {
        Some(Value::Object(object)) => object,
        None | Some(Value::Null) => Map::new(),
        Some(_) => {
            repaired(key);
            Map::new()
        }
    }
}

/// One value of the stored form, borrowed from a [`Session`] or [`BehaviorState`].
enum Stored<'a> {
    Text(&'a str),
    OptionalText(Option<&'a str>),
    Count(u32),
    Object(&'a Map<String, Value>),
    Behaviors(&'a BTreeMap<String, BehaviorState>),
    Pending(Option<&'a PendingBlock>),
    List(&'a [Value]),
}

impl Serialize for Stored<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Stored::Text(text) => serializer.serialize_str(text),
            Stored::OptionalText(text) => text.serialize(serializer),
            Stored::Count(count) => serializer.serialize_u32(*count),
            Stored::Object(map) => map.serialize(serializer),
            Stored::Behaviors(behaviors) => behaviors.serialize(serializer),
            Stored::Pending(None) => serializer.serialize_unit(),
            Stored::Pending(Some(pending)) => {
                let mut map = serializer.serialize_map(None)?;
                map.serialize_entry("blocked_at", &pending.blocked_at)?;
                map.serialize_entry("tool_input_hash", &pending.tool_input_hash)?;
                if let Some(id) = &pending.tool_use_id {
                    map.serialize_entry("tool_use_id", id)?;
                }
                map.end()
            }
            Stored::List(items) => items.serialize(serializer),
        }
    }
}

/// Writes the documented fields (`known`, sorted by name) and the unknown ones kept from the load (`extra`) as one
/// object with its keys in order — what a `serde_json::Map` holding both would write — without copying either.
fn serialize_merged<S: Serializer>(
    serializer: S,
    known: &[(&str, Stored<'_>)],
    extra: &Map<String, Value>,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(None)?;
    // A documented field wins over an unknown one of the same name, as it would in the map.
    let mut unknown = extra.iter().filter(|(key, _)| known.iter().all(|(name, _)| *name != key.as_str())).peekable();
    for (name, value) in known {
        while let Some((key, unknown_value)) = unknown.next_if(|(key, _)| key.as_str() < *name) {
            map.serialize_entry(key, unknown_value)?;
        }
        map.serialize_entry(name, value)?;
    }
    for (key, unknown_value) in unknown {
        map.serialize_entry(key, unknown_value)?;
    }
    map.end()
}

/// The stored form: exactly the documented field names plus any unknown ones found on load.
impl Serialize for Session {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let known = [
            ("behavior_overrides", Stored::Object(&self.behavior_overrides)),
            ("behaviors", Stored::Behaviors(&self.behaviors)),
            ("created_at", Stored::Text(&self.created_at)),
            ("flags", Stored::Object(&self.flags)),
            ("last_accessed_at", Stored::Text(&self.last_accessed_at)),
        ];
        serialize_merged(serializer, &known, &self.extra)
    }
}

impl Serialize for BehaviorState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let known = [
            ("counter", Stored::Count(self.counter)),
            ("effective_level", Stored::Text(self.effective_level.name())),
            ("last_violation_at", Stored::OptionalText(self.last_violation_at.as_deref())),
            ("last_violation_tool", Stored::OptionalText(self.last_violation_tool.as_deref())),
            ("overrides", Stored::List(&self.overrides)),
            ("pending_block", Stored::Pending(self.pending_block.as_ref())),
        ];
        serialize_merged(serializer, &known, &self.extra)
    }
}

#[cfg(test)]
mod tests {
    use super::Session;
    use crate::time::Timestamp;
    use proptest::prelude::*;
    use serde_json::{json, Map, Value};

    /// Field names around the documented ones (before, between, after, equal), so unknown fields interleave.
    fn field_name() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("a"),
            Just("behaviors"),
            Just("c"),
            Just("counter"),
            Just("flags"),
            Just("g"),
            Just("overrides"),
            Just("pending_block"),
            Just("tool_use_id"),
            Just("zz"),
            Just("é"),
        ]
        .prop_map(str::to_owned)
    }

    fn field_value() -> impl Strategy<Value = Value> {
        prop_oneof![
            Just(Value::Null),
            (0u32..5).prop_map(Value::from),
            Just(json!("2026-01-01T00:00:00Z")),
            Just(json!("q\"\\\n")),
            Just(json!("warning")),
            Just(json!({"enabled": false})),
            Just(json!({"tool_input_hash": "ab", "blocked_at": "2026-01-01T00:00:00Z", "tool_use_id": "t1"})),
            Just(json!({"tool_input_hash": "ab", "blocked_at": "2026-01-01T00:00:00Z"})),
            Just(json!([{"at": "x"}, 1])),
        ]
    }

    fn object() -> impl Strategy<Value = Map<String, Value>> {
        proptest::collection::btree_map(field_name(), field_value(), 0..6).prop_map(|map| map.into_iter().collect())
    }

    /// Stored sessions of any shape: documented fields of right and wrong types, unknown fields, behaviors with
    /// the same mix.
    fn stored_session() -> impl Strategy<Value = Value> {
        (object(), proptest::collection::btree_map(field_name(), object(), 0..3)).prop_map(
            |(mut session, behaviors)| {
                let behaviors: Map<String, Value> =
                    behaviors.into_iter().map(|(id, state)| (id, Value::Object(state))).collect();
                session.insert("behaviors".into(), Value::Object(behaviors));
                Value::Object(session)
            },
        )
    }

    proptest! {
        #[test]
        fn serializing_writes_exactly_the_stored_value_form(stored in stored_session()) {
            let now = Timestamp::parse("2026-01-01T00:00:00Z").expect("time");
            let session = Session::from_value("s", stored, now);
            let written = serde_json::to_string(&session).expect("serializes");
            prop_assert_eq!(written, session.to_value().to_string());
        }
    }
}
