//! A history line read in one pass without building a JSON tree: the readers deserialize each line into small
//! structs of the members they name ([`raw_fields!`]: serde skips the others without allocating), most of them the
//! raw JSON text of the member, read leniently here — a member of an unexpected type is absent, as in `Value`
//! indexing. Only what becomes part of a payload (a tool's arguments) is parsed into a `Value`.

use serde::de::{Deserializer, Visitor};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// A field's raw JSON text, when the line has it (and it is not `null`).
pub(crate) type Raw<'a> = Option<&'a RawValue>;

/// A struct read from a JSON object in one pass: `Name<'a> { field: "key" => Type, … }`, each field the member of
/// that name read as its type ([`Raw`] for the raw text, another such struct, [`Content`], `Value`…). Other members
/// are skipped unread, a member that repeats keeps its last value, and any other JSON value reads as the struct with
/// no member (as `Value` indexing finds nothing in it).
macro_rules! raw_fields {
    ($(#[$meta:meta])* $name:ident<$lt:lifetime> { $($field:ident: $key:literal => $ty:ty),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Default)]
        pub(crate) struct $name<$lt> {
            $(pub(crate) $field: $ty,)*
        }

        impl<'de> serde::Deserialize<'de> for $name<'de> {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                /// The members read, by name.
                #[allow(non_camel_case_types)]
                enum Member {
                    $($field,)*
                }

                /// A member's name as the member it is (`None` for one not read), without allocating.
                struct Name;
                impl<'de> serde::de::DeserializeSeed<'de> for Name {
                    type Value = Option<Member>;

                    fn deserialize<D>(self, deserializer: D) -> Result<Self::Value, D::Error>
                    where
                        D: serde::Deserializer<'de>,
                    {
                        deserializer.deserialize_str(self)
                    }
                }
                impl<'de> serde::de::Visitor<'de> for Name {
                    type Value = Option<Member>;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        formatter.write_str("a member name")
                    }

                    fn visit_str<E>(self, name: &str) -> Result<Self::Value, E> {
                        Ok(match name {
                            $($key => Some(Member::$field),)*
                            _ => None,
                        })
                    }
                }

                struct Fields;
                impl<'de> serde::de::Visitor<'de> for Fields {
                    type Value = $name<'de>;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        formatter.write_str("a JSON value")
                    }

                    fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                        let mut read = $name::default();
                        while let Some(found) = map.next_key_seed(Name)? {
                            match found {
                                $(Some(Member::$field) => read.$field = map.next_value()?,)*
                                None => {
                                    map.next_value::<serde::de::IgnoredAny>()?;
                                }
                            }
                        }
                        Ok(read)
                    }

                    $crate::history::json::lenient_visits!();
                }
                deserializer.deserialize_any(Fields)
            }
        }
    };
}
pub(crate) use raw_fields;

/// The visits of a value that is not what a visitor reads: nothing is in it (`Self::Value::default()`).
macro_rules! lenient_visits {
    () => {
        fn visit_seq<S: serde::de::SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
            while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
            Ok(Default::default())
        }

        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Default::default())
        }

        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Default::default())
        }

        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }

        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }

        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Default::default())
        }

        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(Default::default())
        }
    };
}
pub(crate) use lenient_visits;

/// A message's content as the CLIs that write Claude Code's messages give it: a string, or a list of parts.
#[derive(Debug, Default)]
pub(crate) enum Content<'a, T> {
    Text(Cow<'a, str>),
    Parts(Vec<T>),
    /// Anything else (or nothing).
    #[default]
    Other,
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Content<'de, T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Parts<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for Parts<T> {
            type Value = Content<'de, T>;

            fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
                formatter.write_str("a string or a list")
            }

            fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Self::Value, E> {
                Ok(Content::Text(Cow::Borrowed(text)))
            }

            fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
                Ok(Content::Text(Cow::Owned(text.to_owned())))
            }

            fn visit_seq<S: serde::de::SeqAccess<'de>>(self, mut seq: S) -> Result<Self::Value, S::Error> {
                let mut parts = Vec::new();
                while let Some(part) = seq.next_element()? {
                    parts.push(part);
                }
                Ok(Content::Parts(parts))
            }

            fn visit_map<M: serde::de::MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                while map.next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?.is_some() {}
                Ok(Content::Other)
            }

            fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
                Ok(Content::Other)
            }

            fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
                Ok(Content::Other)
            }

            fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
                Ok(Content::Other)
            }

            fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
                Ok(Content::Other)
            }

            fn visit_unit<E>(self) -> Result<Self::Value, E> {
                Ok(Content::Other)
            }
        }
        deserializer.deserialize_any(Parts(std::marker::PhantomData))
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
    // A struct of fields reads anything; a line is an object.
    if !text.trim_start().starts_with('{') {
        return None;
    }
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

    raw_fields!(Probe<'a> { kind: "type" => Raw<'a>, other: "other" => Raw<'a>, nested: "nested" => Nested<'a> });
    raw_fields!(Nested<'a> { deep: "deep" => Raw<'a>, content: "content" => Content<'a, Nested<'a>> });

    #[test]
    fn a_line_is_an_object_of_the_shape_asked() {
        let probe: Option<Probe<'_>> = line("{\"type\":\"user\",\"skipped\":{\"deep\":[1,2]},\"other\":null}");
        assert!(probe.is_some_and(|probe| is(probe.kind, "user") && probe.other.is_none()));
        let nested: Option<Probe<'_>> = line("{\"nested\":{\"deep\":1,\"content\":[{\"deep\":2},\"x\",[3]]}}");
        let nested = nested.expect("a line").nested;
        assert_eq!(nested.deep.map(RawValue::get), Some("1"));
        let Content::Parts(parts) = nested.content else { panic!("a list of parts") };
        let deep: Vec<Option<&str>> = parts.iter().map(|part| part.deep.map(RawValue::get)).collect();
        assert_eq!(deep, [Some("2"), None, None], "a part that is no object has nothing in it");
        let text: Option<Probe<'_>> = line("{\"nested\":{\"content\":\"plain\"}}");
        assert!(matches!(text.expect("a line").nested.content, Content::Text(Cow::Borrowed("plain"))));
        let lenient: Option<Probe<'_>> = line("{\"nested\":\"not an object\",\"type\":\"x\"}");
        assert!(lenient.is_some_and(|probe| probe.nested.deep.is_none() && is(probe.kind, "x")));
        let repeated: Option<Probe<'_>> = line("{\"type\":\"a\",\"type\":\"b\"}");
        assert!(repeated.is_some_and(|probe| is(probe.kind, "b")), "the last value of a repeated member");
        assert!(line::<Probe<'_>>("[\"user\"]").is_none(), "an array is not a line");
        assert!(line::<Probe<'_>>("{\"type\":\"user\",\"sess").is_none(), "a truncated line");
        assert!(line::<Probe<'_>>("{}").is_some_and(|probe| probe.kind.is_none()));
    }
}
