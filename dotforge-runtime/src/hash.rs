//! Hashes: the override fingerprint of a `tool_input` and the fallback session id (CONTRACT §5).

use serde_json::Value;

/// First 40 hex chars of the SHA-256 of the canonical JSON of `tool_input` (keys sorted, no whitespace).
pub(crate) fn tool_input_hash(tool_input: &Value) -> String {
    let mut canonical = String::new();
    write_canonical(tool_input, &mut canonical);
    let mut hex = sha256_hex(canonical.as_bytes());
    hex.truncate(40);
    hex
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
pub(crate) fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (position, key) in keys.into_iter().enumerate() {
                if position > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                if let Some(item) = map.get(key.as_str()) {
                    write_canonical(item, out);
                }
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (position, item) in items.iter().enumerate() {
                if position > 0 {
                    out.push(',');
                }
                write_canonical(item, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn canonical_json_sorts_keys_and_drops_whitespace() {
        let mut text = String::new();
        write_canonical(&json!({"b": [1, {"z": 1, "a": "x y"}], "a": null}), &mut text);
        assert_eq!(text, r#"{"a":null,"b":[1,{"a":"x y","z":1}]}"#);
    }

    #[test]
    fn hash_is_forty_hex_of_sha256() {
        // sha256("{}") = 44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a
        assert_eq!(tool_input_hash(&json!({})), "44136fa355b3678a1146ad16f7e8649e94fb4fc2");
        assert_eq!(tool_input_hash(&json!({"a": 1, "b": 2})), tool_input_hash(&json!({"b": 2, "a": 1})));
    }
}
