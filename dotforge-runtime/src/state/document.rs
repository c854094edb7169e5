//! The whole-document reader of state.json: one serde_json pass over any layout, every value checked, each
//! session's text borrowed (`RawValue`); and a session's `last_accessed_at` read without decoding the rest, for the
//! sweep.

use super::doc::{Raw, SessionEntry, StateDoc, SMALLEST_SESSION_BYTES};
use crate::session::Key;
use crate::time::Timestamp;
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::fmt;

/// The top-level object; `sessions_hint` is an upper estimate of the number of sessions.
pub(super) struct Document {
    pub sessions_hint: usize,
}

impl<'de> Visitor<'de> for Document {
    type Value = StateDoc<'de>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a state object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut doc = StateDoc::default();
        while let Some(key) = map.next_key_seed(Key)? {
            match key.as_ref() {
                "sessions" => doc.sessions = map.next_value_seed(Sessions { capacity: self.sessions_hint })?,
                "schema_version" => {
                    map.next_value::<IgnoredAny>()?;
                }
                "metrics" => doc.metrics = Some(Raw::Borrowed(map.next_value()?)),
                "watch" => doc.watch = Some(Raw::Borrowed(map.next_value()?)),
                "sealed" => doc.sealed = map.next_value::<Option<Cow<'de, str>>>()?,
                "swept_at" => {
                    doc.swept_at = map.next_value::<Option<Cow<'de, str>>>()?.and_then(|at| Timestamp::parse(&at))
                }
                _ => {
                    let value: &'de RawValue = map.next_value()?;
                    doc.extra.retain(|(kept, _)| *kept != key);
                    doc.extra.push((key, Raw::Borrowed(value)));
                }
            }
        }
        Ok(doc)
    }
}

/// The `sessions` object: each session's id and JSON text.
struct Sessions {
    capacity: usize,
}

impl<'de> DeserializeSeed<'de> for Sessions {
    type Value = Vec<SessionEntry<'de>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for Sessions {
    type Value = Vec<SessionEntry<'de>>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("an object of sessions")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut sessions = Vec::with_capacity(self.capacity);
        while let Some(id) = map.next_key_seed(Key)? {
            let raw: &'de RawValue = map.next_value()?;
            sessions.push(SessionEntry { id, raw: Raw::Borrowed(raw) });
        }
        Ok(sessions)
    }
}

/// A session's `last_accessed_at`, read without decoding the rest.
struct LastAccessed;

impl<'de> Visitor<'de> for LastAccessed {
    type Value = Option<Timestamp>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a session object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut found = None;
        while let Some(key) = map.next_key_seed(Key)? {
            if key == "last_accessed_at" {
                found = map.next_value::<Option<Cow<'de, str>>>().ok().flatten().and_then(|at| Timestamp::parse(&at));
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(found)
    }
}

pub(super) fn last_accessed_at(raw: &str) -> Option<Timestamp> {
    serde_json::Deserializer::from_str(raw).deserialize_map(LastAccessed).ok().flatten()
}

impl<'a> StateDoc<'a> {
    /// Parses the whole document, checking every value, without side effects (read-only commands use it); see
    /// [`StateDoc::load`] for the hook's handling.
    pub(crate) fn parse(bytes: &'a [u8]) -> Result<StateDoc<'a>, String> {
        let text = std::str::from_utf8(bytes).map_err(|error| format!("not UTF-8: {error}"))?;
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let document = Document { sessions_hint: text.len() / SMALLEST_SESSION_BYTES };
        let mut doc = deserializer.deserialize_map(document).map_err(|error| error.to_string())?;
        deserializer.end().map_err(|error| error.to_string())?;
        doc.source = text;
        doc.sort_sessions();
        Ok(doc)
    }
}

/// The snapshot and the seal of a file in the line layout, from its first line (`{…,"sessions":{`), the other
/// members skipped unread: what the tamper check reads on every event (`None` when the line is not such a line).
pub(super) fn head_members(first_line: &[u8]) -> Option<(Option<String>, Option<String>)> {
    let first_line = std::str::from_utf8(first_line).ok()?;
    let members = first_line.strip_suffix("\"sessions\":{")?;
    if let Some(found) = sealed_first(members) {
        return Some(found);
    }
    let top = match members.strip_suffix(',') {
        Some(members) => format!("{members}}}"),
        None if members == "{" => return Some((None, None)),
        None => return None,
    };
    let mut deserializer = serde_json::Deserializer::from_str(&top);
    let found = deserializer.deserialize_map(HeadMembers).ok()?;
    deserializer.end().ok()?;
    Some(found)
}

/// The top-level `watch` (its JSON text) and `sealed` members.
struct HeadMembers;

impl<'de> Visitor<'de> for HeadMembers {
    type Value = (Option<String>, Option<String>);

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a state object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let (mut watch, mut sealed) = (None, None);
        while let Some(key) = map.next_key_seed(Key)? {
            match key.as_ref() {
                "watch" => watch = Some(map.next_value::<&'de RawValue>()?.get().to_owned()),
                "sealed" => sealed = map.next_value::<Option<Cow<'de, str>>>()?.map(Cow::into_owned),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((watch, sealed))
    }
}

/// The snapshot and the seal of a line the hook wrote sealed, which starts with them: read without parsing the rest.
fn sealed_first(members: &str) -> Option<(Option<String>, Option<String>)> {
    let rest = members.strip_prefix(super::layout::WATCH_FIRST)?;
    let mut values = serde_json::Deserializer::from_str(rest).into_iter::<&RawValue>();
    let watch = values.next()?.ok()?;
    let after = rest.get(values.byte_offset()..)?.strip_prefix(super::layout::SEALED_NEXT)?;
    let (sealed, _) = after.split_once('"')?;
    Some((Some(watch.get().to_owned()), Some(sealed.to_owned())))
}
