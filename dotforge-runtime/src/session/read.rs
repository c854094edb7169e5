//! Reads a stored session straight from its JSON text, with no `serde_json::Value` for the whole entry: the session
//! object and its behaviors are visited member by member, and each member's value is handed to the repairs of
//! [`Session::set_member`] and [`BehaviorState::set_member`]. Member names are borrowed from the text where they
//! hold no escapes. A member that appears twice counts once, with its last value, as in any JSON object read into a
//! map.

use super::key::Key;
use super::{BehaviorState, Session};
use crate::time::Timestamp;
use crate::warn::warn;
use serde::de::value::SeqAccessDeserializer;
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt;

impl Session {
    /// Reads a stored entry from its JSON text, member by member, repairing what has the wrong shape. `id` names the
    /// session in warnings; an error means the text is not JSON.
    pub(crate) fn read(id: &str, text: &str, now: Timestamp) -> serde_json::Result<Session> {
        read_session(id, text, now)
    }
}

/// Reads one session entry (see [`Session::read`]).
fn read_session(id: &str, text: &str, now: Timestamp) -> serde_json::Result<Session> {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let shape = ObjectOr(SessionMembers { id, now }).deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(match shape {
        Shape::Object(session) => session,
        Shape::Other(_) => {
            warn(&format!("state.json: session `{id}` is not an object; starting it afresh"));
            Session::new(now)
        }
    })
}

/// What to make of the members of an object.
trait Members<'de> {
    type Value;

    fn read<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error>;
}

/// A value that should be an object: what its members made, or the value as it was when it is not one.
enum Shape<T> {
    Object(T),
    Other(Value),
}

/// Reads a value that should be an object with `M`; a value of any other type is read as a `Value`.
struct ObjectOr<M>(M);

impl<'de, M: Members<'de>> DeserializeSeed<'de> for ObjectOr<M> {
    type Value = Shape<M::Value>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de, M: Members<'de>> Visitor<'de> for ObjectOr<M> {
    type Value = Shape<M::Value>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("any JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        self.0.read(map).map(Shape::Object)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        Value::deserialize(SeqAccessDeserializer::new(seq)).map(Shape::Other)
    }

    fn visit_bool<E>(self, value: bool) -> Result<Self::Value, E> {
        Ok(Shape::Other(Value::Bool(value)))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Self::Value, E> {
        Ok(Shape::Other(Value::from(value)))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Self::Value, E> {
        Ok(Shape::Other(Value::from(value)))
    }

    fn visit_f64<E>(self, value: f64) -> Result<Self::Value, E> {
        Ok(Shape::Other(Value::from(value)))
    }

    fn visit_str<E>(self, value: &str) -> Result<Self::Value, E> {
        Ok(Shape::Other(Value::from(value)))
    }

    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Shape::Other(Value::Null))
    }
}

/// The members of a session.
struct SessionMembers<'a> {
    id: &'a str,
    now: Timestamp,
}

impl<'de> Members<'de> for SessionMembers<'_> {
    type Value = Session;

    fn read<A: MapAccess<'de>>(self, mut map: A) -> Result<Session, A::Error> {
        let mut session = Session::new(self.now);
        while let Some(key) = map.next_key_seed(Key)? {
            if key != "behaviors" {
                session.set_member(self.id, key, map.next_value()?, self.now);
                continue;
            }
            session.behaviors = match map.next_value_seed(ObjectOr(Behaviors { session_id: self.id }))? {
                Shape::Object(behaviors) => behaviors,
                Shape::Other(Value::Null) => BTreeMap::new(),
                Shape::Other(_) => {
                    warn(&format!("state.json: session `{}`: `behaviors` has the wrong type; reset", self.id));
                    BTreeMap::new()
                }
            };
        }
        Ok(session)
    }
}

/// The `behaviors` object of a session.
struct Behaviors<'a> {
    session_id: &'a str,
}

impl<'de> Members<'de> for Behaviors<'_> {
    type Value = BTreeMap<String, BehaviorState>;

    fn read<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut behaviors = BTreeMap::new();
        while let Some(behavior_id) = map.next_key::<String>()? {
            let where_ = || format!("state.json: session `{}`, behavior `{behavior_id}`", self.session_id);
            let state = match map.next_value_seed(ObjectOr(BehaviorMembers { where_: &where_ }))? {
                Shape::Object(state) => state,
                Shape::Other(_) => {
                    warn(&format!("{} is not an object; reset", where_()));
                    BehaviorState::default()
                }
            };
            behaviors.insert(behavior_id, state);
        }
        Ok(behaviors)
    }
}

/// The members of one behavior's state; `where_` names it in warnings.
struct BehaviorMembers<'a> {
    where_: &'a dyn Fn() -> String,
}

impl<'de> Members<'de> for BehaviorMembers<'_> {
    type Value = BehaviorState;

    fn read<A: MapAccess<'de>>(self, mut map: A) -> Result<BehaviorState, A::Error> {
        let mut state = BehaviorState::default();
        while let Some(key) = map.next_key_seed(Key)? {
            state.set_member(key, map.next_value()?, self.where_);
        }
        Ok(state)
    }
}

#[cfg(test)]
mod tests {
    use crate::session::Session;
    use crate::time::Timestamp;

    fn now() -> Timestamp {
        Timestamp::parse("2026-01-01T00:00:00Z").expect("time")
    }

    #[test]
    fn a_member_given_twice_counts_with_its_last_value() {
        let text = r#"{"created_at":"a","created_at":"b","behaviors":{"x":{"counter":1,"counter":2}},
            "behaviors":{"y":{"counter":3}}}"#;
        let session = Session::read("s", text, now()).expect("reads");
        assert_eq!(session.created_at, "b");
        assert_eq!(session.behaviors.keys().collect::<Vec<_>>(), ["y"]);
        assert_eq!(session.behaviors["y"].counter, 3);
    }

    #[test]
    fn text_that_is_not_json_is_an_error_and_other_shapes_start_afresh() {
        assert!(Session::read("s", r#"{"created_at":"a""#, now()).is_err());
        assert!(Session::read("s", r#"{"created_at":"a"} x"#, now()).is_err());
        for text in ["[1,{\"a\":2}]", "7", "-7", "1.5", "\"x\"", "null", "true"] {
            let session = Session::read("s", text, now()).expect("reads");
            assert_eq!(session.created_at, "2026-01-01T00:00:00Z", "{text}");
            assert!(session.behaviors.is_empty() && session.extra.is_empty(), "{text}");
        }
    }

    #[test]
    fn escaped_member_names_are_read_as_the_names_they_spell() {
        let text = r#"{"cre\u0061ted_at":"a","behaviors":{"b\"x":{"c\u006funter":4,"\u00e9":1}}}"#;
        let session = Session::read("s", text, now()).expect("reads");
        assert_eq!(session.created_at, "a");
        assert_eq!(session.behaviors["b\"x"].counter, 4);
        assert_eq!(session.behaviors["b\"x"].extra["é"], 1);
    }
}
