//! Tool matchers, with Claude Code's settings rules (CONTRACT §5): empty or `*` matches every tool; only letters,
//! digits, `_`, `-`, space, `,` and `|` make a list of exact names; anything else is an unanchored regex.

use crate::ir::Matcher;

/// Classifies a matcher string.
pub(crate) fn classify(text: &str) -> Matcher {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed == "*" {
        return Matcher::Any;
    }
    let plain = trimmed.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | ',' | '|'));
    if plain {
        let names: Vec<String> =
            trimmed.split(['|', ',']).map(str::trim).filter(|name| !name.is_empty()).map(str::to_owned).collect();
        if names.is_empty() {
            Matcher::Any
        } else {
            Matcher::Names(names)
        }
    } else {
        Matcher::Regex(trimmed.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn follows_claude_code_matcher_rules() {
        assert_eq!(classify(""), Matcher::Any);
        assert_eq!(classify("*"), Matcher::Any);
        assert_eq!(classify("Write|Edit"), Matcher::Names(vec!["Write".into(), "Edit".into()]));
        assert_eq!(classify("Grep, Glob"), Matcher::Names(vec!["Grep".into(), "Glob".into()]));
        assert_eq!(classify("mcp__.*"), Matcher::Regex("mcp__.*".into()));
        assert_eq!(classify("Notebook.*"), Matcher::Regex("Notebook.*".into()));
    }
}
