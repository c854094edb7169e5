//! One session's entry in state.json (CONTRACT §4), converted tolerantly: fields of the wrong type are repaired
//! with a warning, unknown fields are kept and written back. [`read`] reads an entry straight from its text, with
//! the member names read by [`key`].

mod key;
mod read;

pub(crate) use key::Key;

/// The member of a session that lists the paths it created (DSL extension `loses_work`).
pub(crate) const CREATED_PATHS: &str = "created_paths";
/// At most this many created paths a session remembers; the oldest go first.
pub(crate) const MAX_CREATED_PER_SESSION: usize = 500;

use crate::model::Level;
use crate::time::Timestamp;
use crate::warn::warn;
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};
use std::borrow::Cow;
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
    /// When the person allowed the call with the hook's `allow` command (for agent CLIs that cannot ask): the same
    /// call's next PreToolUse is the override.
    pub allowed_at: Option<String>,
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

    /// The paths this session created (stored as `created_paths`, for `loses_work`), oldest first.
    pub(crate) fn created_paths(&self) -> Vec<String> {
        match self.extra.get(CREATED_PATHS) {
            Some(Value::Array(paths)) => paths.iter().filter_map(|path| path.as_str().map(str::to_owned)).collect(),
            _ => Vec::new(),
        }
    }

    /// Adds paths the session created, keeping at most the newest [`MAX_CREATED_PER_SESSION`].
    pub(crate) fn remember_created(&mut self, paths: &[String]) {
        if paths.is_empty() {
            return;
        }
        let mut known = self.created_paths();
        for path in paths {
            if !known.contains(path) {
                known.push(path.clone());
            }
        }
        let excess = known.len().saturating_sub(MAX_CREATED_PER_SESSION);
        let kept = known.into_iter().skip(excess).map(Value::String).collect();
        self.extra.insert(CREATED_PATHS.to_owned(), Value::Array(kept));
    }

    /// The session's own on/off switch for a behavior (`behavior_overrides.<id>.enabled`).
    pub(crate) fn enabled_override(&self, behavior_id: &str) -> Option<bool> {
        self.behavior_overrides.get(behavior_id)?.get("enabled")?.as_bool()
    }

    /// Sets one stored member other than `behaviors`, repairing a value of the wrong type (with a warning naming
    /// the session `id`); unknown members are kept as they are.
    pub(crate) fn set_member(&mut self, id: &str, key: Cow<'_, str>, value: Value, now: Timestamp) {
        let repaired = || warn(&format!("state.json: session `{id}`: `{key}` has the wrong type; reset"));
        match key.as_ref() {
            "created_at" => self.created_at = text(value).unwrap_or_else(|| now.format()),
            "last_accessed_at" => self.last_accessed_at = text(value).unwrap_or_else(|| now.format()),
            "flags" => self.flags = object(value, repaired),
            "behavior_overrides" => self.behavior_overrides = object(value, repaired),
            _ => {
                self.extra.insert(key.into_owned(), value);
            }
        }
    }

    /// Converts a stored entry held as a `Value` — the reference [`Session::read`] is held to in the tests.
    #[cfg(test)]
    pub(crate) fn from_value(id: &str, value: Value, now: Timestamp) -> Session {
        let Value::Object(mut map) = value else {
            warn(&format!("state.json: session `{id}` is not an object; starting it afresh"));
            return Session::new(now);
        };
        let mut session = Session::new(now);
        let behaviors = map.remove("behaviors");
        for (key, value) in map {
            session.set_member(id, Cow::Owned(key), value, now);
        }
        let repaired = || warn(&format!("state.json: session `{id}`: `behaviors` has the wrong type; reset"));
        for (behavior_id, value) in object(behaviors.unwrap_or(Value::Null), repaired) {
            let where_ = || format!("state.json: session `{id}`, behavior `{behavior_id}`");
            let state = match value {
                Value::Object(members) => {
                    let mut state = BehaviorState::default();
                    for (key, value) in members {
                        state.set_member(Cow::Owned(key), value, &where_);
                    }
                    state
                }
                _ => {
                    warn(&format!("{} is not an object; reset", where_()));
                    BehaviorState::default()
                }
            };
            session.behaviors.insert(behavior_id, state);
        }
        session
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
    /// Sets one stored member, repairing a value of the wrong type (with a warning that starts with `where_`);
    /// unknown members are kept as they are.
    pub(crate) fn set_member(&mut self, key: Cow<'_, str>, value: Value, where_: &dyn Fn() -> String) {
        match key.as_ref() {
            "counter" => {
                self.counter = match value {
                    Value::Null => 0,
                    Value::Number(number) if number.as_u64().is_some() => {
                        number.as_u64().map_or(0, |counter| u32::try_from(counter).unwrap_or(u32::MAX))
                    }
                    Value::String(text) if text.trim().parse::<u32>().is_ok() => {
                        warn(&format!("{}: `counter` is a string; read as a number", where_()));
                        text.trim().parse().unwrap_or(0)
                    }
                    other => {
                        warn(&format!("{}: `counter` {other} is not a count; reset to 0", where_()));
                        0
                    }
                }
            }
            "effective_level" => {
                self.effective_level = match value {
                    Value::Null => Level::Silent,
                    Value::String(name) if Level::parse(&name).is_some() => Level::parse(&name).unwrap_or_default(),
                    other => {
                        warn(&format!("{}: unknown `effective_level` {other}; reset to silent", where_()));
                        Level::Silent
                    }
                }
            }
            "pending_block" => self.pending_block = pending_block(value),
            "overrides" => {
                self.overrides = match value {
                    Value::Array(items) => items,
                    Value::Null => Vec::new(),
                    _ => {
                        warn(&format!("{}: `overrides` is not a list; reset", where_()));
                        Vec::new()
                    }
                }
            }
            "last_violation_at" => self.last_violation_at = text(value),
            "last_violation_tool" => self.last_violation_tool = text(value),
            _ => {
                self.extra.insert(key.into_owned(), value);
            }
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
                if let Some(at) = &pending.allowed_at {
                    entry.insert("allowed_at".into(), Value::String(at.clone()));
                }
                Value::Object(entry)
            }
        };
        map.insert("pending_block".into(), pending);
        map.insert("overrides".into(), Value::Array(self.overrides.clone()));
        Value::Object(map)
    }
}

/// A stored pending block: an object with both strings it needs, or none.
fn pending_block(value: Value) -> Option<PendingBlock> {
    let Value::Object(mut pending) = value else { return None };
    let mut take = |key: &str| text(pending.remove(key)?);
    Some(PendingBlock {
        tool_input_hash: take("tool_input_hash")?,
        blocked_at: take("blocked_at")?,
        tool_use_id: take("tool_use_id"),
        allowed_at: take("allowed_at"),
    })
}

fn text(value: Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text),
        _ => None,
    }
}

/// An object member: its members, none for `null`, and none with a call to `repaired` for any other type.
fn object(value: Value, repaired: impl FnOnce()) -> Map<String, Value> {
    match value {
        Value::Object(object) => object,
        Value::Null => Map::new(),
        _ => {
            repaired();
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
                if let Some(at) = &pending.allowed_at {
                    map.serialize_entry("allowed_at", at)?;
                }
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

    /// Stored entries of every shape, also those where the session, its `behaviors` or a behavior's state is not an
    /// object at all.
    fn stored_entry() -> impl Strategy<Value = Value> {
        let with_behaviors = |behaviors: Value| {
            object().prop_map(move |mut session| {
                session.insert("behaviors".into(), behaviors.clone());
                Value::Object(session)
            })
        };
        prop_oneof![
            4 => stored_session(),
            1 => field_value(),
            1 => field_value().prop_flat_map(with_behaviors),
            1 => (field_name(), field_value()).prop_flat_map(move |(id, state)| with_behaviors(json!({id: state}))),
        ]
    }

    proptest! {
        #[test]
        fn serializing_writes_exactly_the_stored_value_form(stored in stored_session()) {
            let now = Timestamp::parse("2026-01-01T00:00:00Z").expect("time");
            let session = Session::from_value("s", stored, now);
            let written = serde_json::to_string(&session).expect("serializes");
            prop_assert_eq!(written, session.to_value().to_string());
        }

        #[test]
        fn reading_the_text_makes_what_converting_the_value_makes(stored in stored_entry()) {
            let now = Timestamp::parse("2026-01-01T00:00:00Z").expect("time");
            let read = Session::read("s", &stored.to_string(), now).expect("reads");
            let pretty = Session::read("s", &serde_json::to_string_pretty(&stored).expect("text"), now).expect("reads");
            let converted = Session::from_value("s", stored, now);
            prop_assert_eq!(read.to_value(), converted.to_value());
            prop_assert_eq!(pretty.to_value(), converted.to_value());
        }
    }
}
