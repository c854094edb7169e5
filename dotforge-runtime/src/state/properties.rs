//! Property tests of state.json's reader and writer: whatever the file's layout (compact, pretty or one session per
//! line, sorted or not, keys with escapes), taking one session and putting it back writes the document serde_json
//! expects, with every other session exactly once, one session per line; and any bytes are either a state document
//! or an error, never a panic.

use super::document::Document;
use super::StateDoc;
use crate::time::Timestamp;
use proptest::prelude::*;
use serde::de::Deserializer;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// Session ids drawn from an alphabet with JSON's special characters.
fn session_id() -> impl Strategy<Value = String> {
    proptest::collection::vec(prop_oneof![Just('a'), Just('b'), Just('"'), Just('\\'), Just('\n'), Just('é')], 1..5)
        .prop_map(|characters| characters.into_iter().collect())
}

fn session_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u32..1000).prop_map(|n| json!({"x": n})),
        Just(json!({"last_accessed_at": "2026-01-01T00:00:00Z", "behaviors": {"b": {"counter": 2}}})),
        Just(json!({"nested": {"deep": [1, {"k": "v"}]}})),
    ]
}

/// How a document's text is laid out.
#[derive(Clone, Copy, Debug)]
enum Layout {
    Compact,
    Pretty,
    /// One session per line, as dotforge writes it.
    Lines,
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![Just(Layout::Compact), Just(Layout::Pretty), Just(Layout::Lines)]
}

/// When the generated documents were last swept: the sweep is not due at [`now`].
const SWEPT_AT: &str = "2026-01-01T00:00:00Z";

fn now() -> Timestamp {
    Timestamp::parse("2026-01-01T00:01:00Z").expect("time")
}

/// The document's text in `layout`, sessions in id order or reversed.
fn document_text(sessions: &BTreeMap<String, Value>, layout: Layout, reversed: bool) -> String {
    let mut members: Vec<String> = sessions
        .iter()
        .map(|(id, value)| {
            let value = match layout {
                Layout::Pretty => serde_json::to_string_pretty(value),
                Layout::Compact | Layout::Lines => serde_json::to_string(value),
            };
            format!("{}:{}", Value::from(id.as_str()), value.expect("serializes"))
        })
        .collect();
    if reversed {
        members.reverse();
    }
    let (open, separator, close) = match layout {
        Layout::Compact => ("", ",", ""),
        Layout::Pretty => ("\n  ", ",\n  ", "\n"),
        Layout::Lines if members.is_empty() => ("", "", ""),
        Layout::Lines => ("\n", ",\n", "\n"),
    };
    format!(
        r#"{{"custom":[1],"schema_version":"1","swept_at":"{SWEPT_AT}","sessions":{{{open}{}{close}}}}}"#,
        members.join(separator)
    )
}

/// How many sessions the file holds, duplicates included.
fn session_count(text: &str) -> usize {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    deserializer.deserialize_map(Document { sessions_hint: 0 }).expect("parses").sessions.len()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1_000, ..ProptestConfig::default() })]

    #[test]
    fn a_session_put_back_leaves_every_other_one_as_it_was(
        sessions in proptest::collection::btree_map(session_id(), session_value(), 0..12),
        layout in layout(),
        reversed in any::<bool>(),
        taken in prop_oneof![session_id(), Just("b".to_owned())],
    ) {
        let text = document_text(&sessions, layout, reversed);
        let now = now();
        let dir = std::env::temp_dir().join(format!("dotforge-state-properties-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("state.json");
        let in_lines = matches!(layout, Layout::Lines) && !sessions.is_empty();
        prop_assert_eq!(StateDoc::parse_lines(text.as_bytes()).is_some(), in_lines, "{}", text);
        let mut doc = StateDoc::load(&path, Some(text.as_bytes()), now, &[taken.as_str()]);
        let session = doc.take_session(&taken, now, u64::MAX);
        doc.put_session(&taken, &session);
        doc.save(&path).expect("saves");
        let saved = std::fs::read_to_string(&path).expect("reads");
        let _ = std::fs::remove_dir_all(&dir);
        let mut expected: Map<String, Value> = sessions.clone().into_iter().collect();
        expected.insert(taken.clone(), session.to_value());
        let expected_count = expected.len();
        let expected = json!({"custom": [1], "schema_version": "1", "swept_at": SWEPT_AT, "sessions": expected});
        let found: Value = serde_json::from_str(&saved).expect("the saved file is JSON");
        prop_assert_eq!(found, expected);
        prop_assert_eq!(session_count(&saved), expected_count, "every session once: {}", saved);
        prop_assert!(StateDoc::parse_lines(saved.as_bytes()).is_some(), "one session per line: {}", saved);
    }

    #[test]
    fn any_bytes_are_a_document_or_an_error(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let _ = StateDoc::parse_lines(&bytes); // never panics; lines it does not read may hold anything
        let parsed = StateDoc::parse(&bytes);
        let is_state = serde_json::from_slice::<Value>(&bytes)
            .is_ok_and(|value| value.is_object() && value.get("sessions").is_none_or(Value::is_object));
        prop_assert!(parsed.is_ok() <= is_state, "only JSON objects with an object of sessions are accepted");
    }
}

#[test]
fn deep_nesting_is_read_without_recursion() {
    let depth = 100_000;
    let deep = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let text =
        format!(r#"{{"custom":{deep},"sessions":{{"s":{{"k":{deep},"last_accessed_at":"2026-01-01T00:00:00Z"}}}}}}"#);
    let mut doc = StateDoc::parse(text.as_bytes()).expect("serde_json skips raw values without recursing");
    let now = Timestamp::parse("2026-01-01T00:00:01Z").expect("time");
    assert_eq!(doc.sweep(now, 60), Some(0), "the session's time is found past the deep value");
    let session = doc.take_session("s", now, 60);
    assert!(session.behaviors.is_empty(), "a session too deep to decode starts afresh");
    let unclosed = format!("{{\"custom\":{}}}", "[".repeat(depth));
    assert!(StateDoc::parse(unclosed.as_bytes()).is_err());
}
