//! In-place edits of behavior files that keep comments and formatting: only the characters of the edited value
//! change. Used by the `dotforge` authoring CLI (`on|off --project`, `strict|relaxed`).

use crate::diagnostic::Span;
use crate::locate::Locator;
use serde_yaml::Value;

/// Byte offset of a 1-based line and column (in characters) in `text`.
fn offset(text: &str, span: Span) -> Option<usize> {
    let line_start =
        if span.line == 1 { 0 } else { text.match_indices('\n').nth(span.line - 2).map(|(index, _)| index + 1)? };
    let line = &text[line_start..];
    let column = line.char_indices().nth(span.col - 1).map_or(line.len(), |(index, _)| index);
    Some(line_start + column)
}

/// Replaces the scalar value at `path` (which must be written on the key's line) with `replacement`.
fn replace_value(text: &str, locator: &Locator, path: &str, replacement: &str) -> Result<String, String> {
    let span = locator.exact_value(path).ok_or_else(|| format!("cannot find `{path}` in the file"))?;
    let start = offset(text, span).ok_or_else(|| format!("cannot find `{path}` in the file"))?;
    let old: String = text[start..].chars().take(span.len).collect();
    let end = start + old.len();
    Ok(format!("{}{replacement}{}", &text[..start], &text[end..]))
}

/// Sets `enabled` of the index entry `id`, inserting `enabled:` under the entry when it has none.
pub fn set_index_enabled(text: &str, id: &str, enabled: bool) -> Result<String, String> {
    let value: Value = serde_yaml::from_str(text).map_err(|error| format!("index.yaml does not parse: {error}"))?;
    let entries = value["behaviors"].as_sequence().ok_or("index.yaml has no `behaviors` list")?;
    let position = entries
        .iter()
        .position(|entry| entry["id"].as_str() == Some(id))
        .ok_or_else(|| format!("`{id}` is not listed in index.yaml"))?;
    let locator = Locator::scan(text);
    let word = if enabled { "true" } else { "false" };
    let path = format!("behaviors[{position}].enabled");
    if entries[position].get("enabled").is_some() {
        return replace_value(text, &locator, &path, word);
    }
    let id_key = locator
        .exact_key(&format!("behaviors[{position}].id"))
        .ok_or("the entry is not in block style; edit it by hand")?;
    let line_end = text.match_indices('\n').nth(id_key.line - 1).map_or(text.len(), |(index, _)| index);
    let indent = " ".repeat(id_key.col - 1);
    Ok(format!("{}\n{indent}enabled: {word}{}", &text[..line_end], &text[line_end..]))
}

/// Rewrites every `policy.enforcement.escalation[].after` with `scale(after)`.
pub fn scale_escalation(text: &str, scale: impl Fn(u64) -> u64) -> Result<(String, Vec<(u64, u64)>), String> {
    let value: Value = serde_yaml::from_str(text).map_err(|error| format!("behavior.yaml does not parse: {error}"))?;
    let steps = value["policy"]["enforcement"]["escalation"].as_sequence().cloned().unwrap_or_default();
    if steps.is_empty() {
        return Err("this behavior has no escalation steps to change".to_owned());
    }
    let mut edited = text.to_owned();
    let mut changes = Vec::new();
    for (index, step) in steps.iter().enumerate() {
        let after =
            step["after"].as_u64().ok_or_else(|| format!("escalation step {index} has no whole-number `after`"))?;
        let scaled = scale(after);
        let locator = Locator::scan(&edited);
        edited = replace_value(
            &edited,
            &locator,
            &format!("policy.enforcement.escalation[{index}].after"),
            &scaled.to_string(),
        )?;
        changes.push((after, scaled));
    }
    Ok((edited, changes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggles_and_inserts_enabled_keeping_comments() {
        let index =
            "# order matters\nschema_version: \"1\"\nbehaviors:\n  - id: a\n    enabled: true  # keep me\n  - id: b\n";
        assert_eq!(
            set_index_enabled(index, "a", false).as_deref(),
            Ok("# order matters\nschema_version: \"1\"\nbehaviors:\n  - id: a\n    enabled: false  # keep me\n  - id: b\n")
        );
        assert_eq!(
            set_index_enabled(index, "b", false).as_deref(),
            Ok("# order matters\nschema_version: \"1\"\nbehaviors:\n  - id: a\n    enabled: true  # keep me\n  - id: b\n    enabled: false\n")
        );
        assert!(set_index_enabled(index, "zzz", true).is_err());
    }

    #[test]
    fn scales_block_and_flow_escalation_steps() {
        let text = "policy:\n  enforcement:\n    escalation:\n      - after: 3   # third\n        level: nudge\n      - { after: 10, level: warning }\n";
        let (edited, changes) = scale_escalation(text, |after| (after / 2).max(1)).expect("edits");
        assert_eq!(edited, "policy:\n  enforcement:\n    escalation:\n      - after: 1   # third\n        level: nudge\n      - { after: 5, level: warning }\n");
        assert_eq!(changes, vec![(3, 1), (10, 5)]);
    }
}
