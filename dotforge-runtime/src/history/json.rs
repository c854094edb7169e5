//! A history line read without building a JSON tree: the readers deserialize each line into a small struct whose
//! members are the raw JSON text of the fields they name ([`raw_fields!`]: serde skips the others without
//! allocating), and read those leniently here — a field of an unexpected type is absent, as in `Value` indexing.
//! Only what becomes part of a payload (a tool's arguments, its output) is parsed into a `Value`.

use serde::de::{DeserializeSeed, Deserializer, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// A field's raw JSON text, when the line has it (and it is not `null`).
pub(crate) type Raw<'a> = Option<&'a RawValue>;

/// A struct of [`Raw`] fields read from a JSON object: `name { field: "key", … }`. Other members are skipped
/// unread, a member that repeats keeps its last value, and anything but an object is an error.
macro_rules! raw_fields {
    ($(#[$meta:meta])* $name:ident { $($field:ident: $key:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Default)]
        pub(crate) struct $name<'a> {
            $(pub(crate) $field: $crate::history::json::Raw<'a>,)*
        }

        impl<'de> serde::Deserialize<'de> for $name<'de> {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct Fields;
                impl<'de> serde::de::Visitor<'de> for Fields {
                    type Value = $name<'de>;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        formatter.write_str("a JSON object")
                    }

                    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                        const KEYS: &[&str] = &[$($key),*];
                        let mut read = $name::default();
                        let slots: &mut [&mut $crate::history::json::Raw<'de>] = &mut [$(&mut read.$field),*];
                        while let Some(found) = map.next_key_seed($crate::history::json::KeyIndex(KEYS))? {
                            match found.and_then(|index| slots.get_mut(index)) {
                                Some(slot) => **slot = map.next_value()?,
                                None => {
                                    map.next_value::<serde::de::IgnoredAny>()?;
                                }
                            }
                        }
                        Ok(read)
                    }
                }
                deserializer.deserialize_map(Fields)
            }
        }
    };
}
pub(crate) use raw_fields;

/// Reads an object's key as the index of the field it names among `self.0` (`None` for a key of no field), without
/// allocating.
pub(crate) struct KeyIndex(pub(crate) &'static [&'static str]);

impl<'de> DeserializeSeed<'de> for KeyIndex {
    type Value = Option<usize>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeyIndex {
    type Value = Option<usize>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a member name")
    }

    fn visit_str<E>(self, key: &str) -> Result<Self::Value, E> {
        Ok(self.0.iter().position(|name| *name == key))
    }
}

/// The text of a JSON string — borrowed from the line when it holds no escape — or `None` for anything else.
pub(crate) fn text<'a>(raw: Raw<'a>) -> Option<Cow<'a, str>> {
    let json = raw?.get();
    let inner = json.strip_prefix('"')?.strip_suffix('"')?;
    if !inner.contains('\\') {
        return Some(Cow::Borrowed(inner));
    }
    serde_json::from_str::<String>(json).ok().map(Cow::Owned)
}

/// Whether the field is the JSON string `expected` (compared without unescaping: the words compared are plain).
pub(crate) fn is(raw: Raw<'_>, expected: &str) -> bool {
    raw.is_some_and(|raw| {
        let json = raw.get();
        json.len() == expected.len() + 2
            && json.starts_with('"')
            && json.ends_with('"')
            && &json[1..=expected.len()] == expected
    })
}

/// A JSON boolean.
pub(crate) fn flag(raw: Raw<'_>) -> Option<bool> {
    match raw?.get() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// The field as a `Value` (`Value::Null` when absent), for what becomes part of a payload.
pub(crate) fn value(raw: Raw<'_>) -> Value {
    raw.and_then(|raw| serde_json::from_str(raw.get()).ok()).unwrap_or(Value::Null)
}

/// The field read as `T` (a struct of raw fields), or `None` when it is not one.
pub(crate) fn object<'a, T: Deserialize<'a>>(raw: Raw<'a>) -> Option<T> {
    serde_json::from_str(raw?.get()).ok()
}

/// The items of a JSON array (none for anything else).
pub(crate) fn items<'a>(raw: Raw<'a>) -> Vec<&'a RawValue> {
    object::<Vec<&'a RawValue>>(raw).unwrap_or_default()
}

/// A line read as `T`: `None` when it is not a JSON object (a truncated or damaged line).
pub(crate) fn line<'a, T: Deserialize<'a>>(text: &'a str) -> Option<T> {
    serde_json::from_str(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(json: &str) -> Box<RawValue> {
        RawValue::from_string(json.to_owned()).expect("raw JSON")
    }

    #[test]
    fn fields_are_read_leniently_and_borrowed_when_they_can_be() {
        let plain = raw("\"git push\"");
        assert!(matches!(text(Some(&plain)), Some(Cow::Borrowed("git push"))));
        let escaped = raw("\"say \\\"hi\\\"\\n\"");
        assert_eq!(text(Some(&escaped)).as_deref(), Some("say \"hi\"\n"));
        let number = raw("42");
        assert_eq!(text(Some(&number)), None, "a number is no text");
        assert!(is(Some(&plain), "git push") && !is(Some(&plain), "git") && !is(Some(&number), "42"));
        assert_eq!((flag(Some(&raw("true"))), flag(Some(&plain))), (Some(true), None));
        assert_eq!(value(Some(&raw("{\"a\":[1]}"))), serde_json::json!({"a": [1]}));
        assert_eq!(value(None), Value::Null);
        assert_eq!(items(Some(&raw("[1, \"x\"]"))).len(), 2);
        assert!(items(Some(&plain)).is_empty());
    }

    raw_fields!(Probe { kind: "type", other: "other" });

    #[test]
    fn a_line_is_an_object_of_the_shape_asked() {
        let probe: Option<Probe<'_>> = line("{\"type\":\"user\",\"skipped\":{\"deep\":[1,2]},\"other\":null}");
        assert!(probe.is_some_and(|probe| is(probe.kind, "user") && probe.other.is_none()));
        let repeated: Option<Probe<'_>> = line("{\"type\":\"a\",\"type\":\"b\"}");
        assert!(repeated.is_some_and(|probe| is(probe.kind, "b")), "the last value of a repeated member");
        assert!(line::<Probe<'_>>("[\"user\"]").is_none(), "an array is not a line");
        assert!(line::<Probe<'_>>("{\"type\":\"user\",\"sess").is_none(), "a truncated line");
        assert!(line::<Probe<'_>>("{}").is_some_and(|probe| probe.kind.is_none()));
    }
}
