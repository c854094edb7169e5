//! A JSON object key, borrowed from the text it is read from when it holds no escapes: how the session reader and
//! the state file's readers read member names and session ids.

use serde::de::{DeserializeSeed, Deserializer, Visitor};
use std::borrow::Cow;
use std::fmt;

/// A key, borrowed from the file when it holds no escapes.
pub(crate) struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string")
    }

    fn visit_borrowed_str<E>(self, text: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(text))
    }

    fn visit_str<E>(self, text: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text.to_owned()))
    }

    fn visit_string<E>(self, text: String) -> Result<Self::Value, E> {
        Ok(Cow::Owned(text))
    }
}
