//! `NAME=value`, `NAME: value` and `"name": "value"` pairs whose name says secret (`API_KEY`, `db_password`,
//! `"clientSecret"`, `Authorization: Bearer …`): the value, when it looks like one — long enough, not a placeholder,
//! and not a plain word (letters and digits mixed, or long).

use super::values::{looks_secret, Found, SECRET_WORDS};
use aho_corasick::AhoCorasick;
use std::sync::OnceLock;

fn automaton() -> Option<&'static AhoCorasick> {
    static AUTOMATON: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AUTOMATON.get_or_init(|| AhoCorasick::builder().ascii_case_insensitive(true).build(SECRET_WORDS).ok()).as_ref()
}

fn name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"_-.".contains(&byte)
}

/// Bytes an unquoted value is made of.
fn value_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"_-./+=~:@!%^*#$&?".contains(&byte)
}

/// Adds the value of every secret-named pair in `text` to `found`.
pub(super) fn find(text: &str, found: &mut Vec<Found>) {
    let Some(automaton) = automaton() else { return };
    let bytes = text.as_bytes();
    let mut after = 0;
    for hit in automaton.find_iter(text) {
        if hit.start() < after {
            continue;
        }
        // The whole name around the word.
        let name_start = bytes[..hit.start()].iter().rposition(|&byte| !name_byte(byte)).map_or(0, |at| at + 1);
        let name_end = hit.end() + bytes[hit.end()..].iter().take_while(|&&byte| name_byte(byte)).count();
        let name = &text[name_start..name_end];
        if let Some((start, end)) = value_after(bytes, name_end, name.eq_ignore_ascii_case("authorization")) {
            if looks_secret(&text[start..end]) {
                found.push(Found { start, end, kind: "secret value" });
                after = end;
            }
        }
    }
}

/// The value after a name: past a closing quote, blanks, `=` or `:`, blanks and an opening quote; to the closing
/// quote, or through the characters of an unquoted value. After `Authorization:`, past the scheme (`Bearer`).
fn value_after(bytes: &[u8], mut at: usize, authorization: bool) -> Option<(usize, usize)> {
    if matches!(bytes.get(at), Some(b'"' | b'\'')) {
        at += 1;
    }
    let blanks = |at: usize| {
        at + bytes[at.min(bytes.len())..].iter().take_while(|byte| **byte == b' ' || **byte == b'\t').count()
    };
    at = blanks(at);
    if !matches!(bytes.get(at), Some(b'=' | b':')) {
        return None;
    }
    at = blanks(at + 1);
    if authorization {
        let scheme = bytes[at.min(bytes.len())..].iter().take_while(|byte| byte.is_ascii_alphabetic()).count();
        if bytes.get(at + scheme) == Some(&b' ') {
            at = blanks(at + scheme);
        }
    }
    match bytes.get(at) {
        Some(&quote @ (b'"' | b'\'')) => {
            let start = at + 1;
            let length = bytes[start..].iter().take_while(|&&byte| byte != quote && byte != b'\n').count();
            Some((start, start + length))
        }
        Some(_) => {
            let length = bytes[at..].iter().take_while(|&&byte| value_byte(byte)).count();
            (length > 0).then_some((at, at + length))
        }
        None => None,
    }
}
