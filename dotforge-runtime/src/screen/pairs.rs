//! `NAME=value`, `NAME: value` and `"name": "value"` pairs whose name says secret (`API_KEY`, `db_password`,
//! `"clientSecret"`, `Authorization: Bearer …`): the value, when it looks like one — long enough, not a placeholder,
//! and not a plain word (letters and digits mixed, or long). Two forms without a separator or a secret word are read
//! too: `.netrc`'s `password VALUE`, and the `"auth"` of a container registry's `config.json` (base64 of
//! `user:password`).

use super::values::{looks_secret, name_says_secret, Found};

/// The bytes of a name (letters, digits, `_`, `-`, `.`), as a table: the scan asks for every byte of the text.
static NAME_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 256 {
        let b = byte as u8;
        table[byte] = b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.';
        byte += 1;
    }
    table
};

fn name_byte(byte: u8) -> bool {
    NAME_BYTES[usize::from(byte)]
}

/// Bytes an unquoted value is made of.
fn value_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"_-./+=~:@!%^*#$&?".contains(&byte)
}

/// Adds the value of every secret-named pair in `text` to `found`: one pass over the names (runs of name bytes),
/// each followed by `=` or `:` (after a closing quote and blanks) looked at for a secret word.
pub(super) fn find(text: &str, found: &mut Vec<Found>) {
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if !name_byte(bytes[at]) {
            at += 1;
            continue;
        }
        let start = at;
        while at < bytes.len() && name_byte(bytes[at]) {
            at += 1;
        }
        let name = &text[start..at];
        // Most names are short or followed by neither `=` nor `:`; only the others are read as words.
        if name.len() < 4 {
            continue;
        }
        let netrc = matches!(name, "password" | "passwd") && bytes.get(at) == Some(&b' ');
        let Some(value_at) = past_separator(bytes, at).or_else(|| netrc.then(|| blanks(bytes, at))) else { continue };
        let registry_auth = name == "auth" && start > 0 && bytes[start - 1] == b'"';
        if !(registry_auth || (name.len() >= 5 && name_says_secret(name))) {
            continue;
        }
        if let Some((value_start, value_end)) = value_from(bytes, value_at, name.eq_ignore_ascii_case("authorization"))
        {
            if looks_secret(&text[value_start..value_end]) {
                found.push(Found { start: value_start, end: value_end, kind: "secret value" });
                at = value_end;
            }
        }
    }
}

/// Where a name's value starts, when `=` or `:` follows it: past a closing quote, blanks, the separator and blanks.
fn past_separator(bytes: &[u8], at: usize) -> Option<usize> {
    let at = blanks(bytes, at + usize::from(matches!(bytes.get(at), Some(b'"' | b'\''))));
    matches!(bytes.get(at), Some(b'=' | b':')).then(|| blanks(bytes, at + 1))
}

/// `at` past the blanks (spaces, tabs) that start there.
fn blanks(bytes: &[u8], at: usize) -> usize {
    at + bytes[at.min(bytes.len())..].iter().take_while(|byte| **byte == b' ' || **byte == b'\t').count()
}

/// The value that starts at `at`: past an opening quote to the closing one, or through the characters of an unquoted
/// value. After `Authorization:`, past the scheme (`Bearer`).
fn value_from(bytes: &[u8], mut at: usize, authorization: bool) -> Option<(usize, usize)> {
    if authorization {
        let scheme = bytes[at.min(bytes.len())..].iter().take_while(|byte| byte.is_ascii_alphabetic()).count();
        if bytes.get(at + scheme) == Some(&b' ') {
            at = blanks(bytes, at + scheme);
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
