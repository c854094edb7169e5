//! YAML values → JSON text, for the `tool_input` of scenario steps (the binary parses it with serde_json). The
//! structure is written here, in the YAML's own key order; strings are escaped by serde_json.

use serde_yaml::Value;

/// Converts a YAML value to compact JSON; errors on what JSON cannot hold (non-string keys, tags, NaN).
pub(crate) fn to_json(value: &Value) -> Result<String, String> {
    let mut out = String::new();
    write(value, &mut out)?;
    Ok(out)
}

fn write(value: &Value, out: &mut String) -> Result<(), String> {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(flag) => out.push_str(if *flag { "true" } else { "false" }),
        Value::Number(number) => {
            if number.as_f64().is_some_and(|float| !float.is_finite()) {
                return Err(format!("`{number}` has no JSON form"));
            }
            out.push_str(&number.to_string());
        }
        Value::String(text) => string(text, out),
        Value::Sequence(items) => {
            out.push('[');
            for (position, item) in items.iter().enumerate() {
                if position > 0 {
                    out.push(',');
                }
                write(item, out)?;
            }
            out.push(']');
        }
        Value::Mapping(map) => {
            out.push('{');
            for (position, (key, item)) in map.iter().enumerate() {
                let Some(key) = key.as_str() else { return Err("mapping keys must be strings".to_owned()) };
                if position > 0 {
                    out.push(',');
                }
                string(key, out);
                out.push(':');
                write(item, out)?;
            }
            out.push('}');
        }
        Value::Tagged(tagged) => return Err(format!("tagged value `{}` has no JSON form", tagged.tag)),
    }
    Ok(())
}

/// A JSON string, escaped by serde_json.
fn string(text: &str, out: &mut String) {
    out.push_str(&serde_json::Value::from(text).to_string());
}

#[cfg(test)]
mod tests {
    use super::to_json;

    #[test]
    fn converts_yaml_to_compact_json() {
        let value: serde_yaml::Value =
            serde_yaml::from_str("a: 1\nb: [true, null, 2.5]\nc: \"q\\\"\\\\\\n\\u0001\"\n").unwrap_or_default();
        assert_eq!(to_json(&value), Ok(r#"{"a":1,"b":[true,null,2.5],"c":"q\"\\\n\u0001"}"#.to_owned()));
        let bad: serde_yaml::Value = serde_yaml::from_str("1: x\n").unwrap_or_default();
        assert!(to_json(&bad).is_err());
    }
}
