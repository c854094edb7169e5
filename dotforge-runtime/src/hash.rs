//! Hashes: the override fingerprint of a `tool_input` and the fallback session id (CONTRACT §5), a cheap digest of
//! things computed on every event, and the hasher of the tables a backtest keeps in memory ([`Tables`]).

use serde_json::Value;

/// The hasher of in-memory tables whose keys no one chooses to collide (a backtest's own memos): FxHash, a word at
/// a time, where the standard SipHash costs a few instructions a byte.
pub(crate) type Tables = rustc_hash::FxBuildHasher;

/// First 40 hex chars of the SHA-256 of the canonical JSON of `tool_input` (keys sorted, no whitespace).
pub(crate) fn tool_input_hash(tool_input: &Value) -> String {
    let mut canonical = Vec::with_capacity(256);
    write_canonical(tool_input, &mut canonical);
    let mut hex = sha256_hex(&canonical);
    hex.truncate(40);
    hex
}

/// 64-bit FNV-1a, each part followed by a NUL: a cheap digest for telling apart things the hook computes on every
/// event (which catalog runs, where the tamper check looks from), not for anything an adversary picks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fnv(u64);

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    /// Adds one part.
    pub(crate) fn part(mut self, bytes: &[u8]) -> Fnv {
        for byte in bytes.iter().chain(&[0]) {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        self
    }

    /// The digest, as 16 hex digits.
    pub(crate) fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// Lowercase hex SHA-256 of `bytes`.
pub(crate) fn sha256_hex(bytes: &[u8]) -> String {
    let digest = hmac_sha256::Hash::hash(bytes);
    let mut hex = String::with_capacity(64);
    for byte in digest.iter() {
        hex.push(char::from_digit(u32::from(byte >> 4), 16).unwrap_or('0'));
        hex.push(char::from_digit(u32::from(byte & 0xf), 16).unwrap_or('0'));
    }
    hex
}

/// Canonical JSON: object keys sorted by their UTF-8 bytes, no whitespace, serde_json's escaping and numbers.
pub(crate) fn write_canonical(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => {
            // serde_json's map keeps its keys sorted, unless some crate of the build turns on its `preserve_order`.
            let mut members: Vec<(&String, &Value)> = map.iter().collect();
            if !members.is_sorted_by_key(|(key, _)| *key) {
                members.sort_by_key(|(key, _)| *key);
            }
            out.push(b'{');
            for (position, (key, item)) in members.into_iter().enumerate() {
                if position > 0 {
                    out.push(b',');
                }
                write_scalar(key, out);
                out.push(b':');
                write_canonical(item, out);
            }
            out.push(b'}');
        }
        Value::Array(items) => {
            out.push(b'[');
            for (position, item) in items.iter().enumerate() {
                if position > 0 {
                    out.push(b',');
                }
                write_canonical(item, out);
            }
            out.push(b']');
        }
        scalar => write_scalar(scalar, out),
    }
}

/// A string, number, boolean or null as serde_json writes it (which cannot fail for these, nor for a `Vec`).
fn write_scalar(scalar: &(impl serde::Serialize + ?Sized), out: &mut Vec<u8>) {
    let _ = serde_json::to_writer(out, scalar);
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::hash::BuildHasher;

    #[test]
    fn the_quick_hash_tells_apart_keys_that_differ_in_a_byte_or_in_length() {
        let hash = |bytes: &[u8]| Tables::default().hash_one(bytes);
        let keys: [&[u8]; 7] = [b"", b"\0", b"ab", b"ab\0", b"abcdefgh", b"abcdefgh\0", b"abcdefgi"];
        for (index, key) in keys.iter().enumerate() {
            assert_eq!(hash(key), hash(key), "the same key, the same hash");
            for other in &keys[index + 1..] {
                assert_ne!(hash(key), hash(other), "{key:?} and {other:?}");
            }
        }
    }

    #[test]
    fn canonical_json_sorts_keys_and_drops_whitespace() {
        let mut text = Vec::new();
        write_canonical(&json!({"b": [1, {"z": 1, "é\n": "x \"y"}], "a": null, "": [true, -1.5]}), &mut text);
        assert_eq!(
            String::from_utf8(text).expect("UTF-8"),
            r#"{"":[true,-1.5],"a":null,"b":[1,{"z":1,"é\n":"x \"y"}]}"#
        );
    }

    #[test]
    fn hash_is_forty_hex_of_sha256() {
        // sha256("{}") = 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a
        assert_eq!(tool_input_hash(&json!({})), "44136fa355b3678a1146ad16f7e8649e94fb4fc2");
        assert_eq!(tool_input_hash(&json!({"a": 1, "b": 2})), tool_input_hash(&json!({"b": 2, "a": 1})));
    }
}
