//! Tool matchers, with Claude Code's settings rules (CONTRACT §5): empty or `*` matches every tool; only letters,
//! digits, `_`, `-`, space, `,` and `|` make a list of exact names; anything else is an unanchored regex — except a
//! list whose alternatives name MCP tools with `*` for a part (`Write|mcp__*__write_file`, DSL extension): that is
//! the list with each `*` standing for any text, anchored, so a behavior names an MCP tool whatever the user called
//! its server.

use crate::ir::Matcher;

/// Classifies a matcher string.
pub(crate) fn classify(text: &str) -> Matcher {
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed == "*" {
        return Matcher::Any;
    }
    let plain_char = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | ',' | '|');
    let plain = trimmed.chars().all(plain_char);
    let alternatives = || trimmed.split(['|', ',']).map(str::trim).filter(|name| !name.is_empty());
    let mcp_glob = |name: &str| name.starts_with("mcp__") && name.chars().all(|c| plain_char(c) || c == '*');
    if !plain && alternatives().all(|name| name.chars().all(plain_char) || mcp_glob(name)) {
        let globs: Vec<String> = alternatives().map(|name| name.replace('*', ".*")).collect();
        return Matcher::Regex(format!("^(?:{})$", globs.join("|")));
    }
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

/// A regex matcher that only asks for literal text around one `.*` — `mcp__.*` (the name holds `mcp__`),
/// `^(?:mcp__.*__write_file)$` (it starts with `mcp__` and ends with `__write_file`) — as that text, so the hook
/// answers it with `str` methods instead of loading a DFA for every event.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Literal {
    Contains(String),
    /// Starts with the first, ends with the second (which may be empty).
    Around(String, String),
}

/// The [`Literal`] form of a matcher regex, when it has one.
pub(crate) fn literal_form(pattern: &str) -> Option<Literal> {
    let plain = |text: &str| text.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'));
    if let Some(body) = pattern.strip_prefix("^(?:").and_then(|rest| rest.strip_suffix(")$")) {
        let (start, end) = body.split_once(".*")?;
        return (plain(start) && plain(end) && !start.is_empty())
            .then(|| Literal::Around(start.to_owned(), end.to_owned()));
    }
    let literal = pattern.strip_suffix(".*")?;
    (plain(literal) && !literal.is_empty()).then(|| Literal::Contains(literal.to_owned()))
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
        assert_eq!(
            classify("Write|mcp__*__write_file"),
            Matcher::Regex("^(?:Write|mcp__.*__write_file)$".into()),
            "an MCP tool of any server"
        );
        assert_eq!(classify("mcp__github__*"), Matcher::Regex("^(?:mcp__github__.*)$".into()));
        assert_eq!(classify("Write*"), Matcher::Regex("Write*".into()), "only MCP names take `*` as a glob");
    }

    #[test]
    fn literal_regexes_need_no_dfa() {
        assert_eq!(literal_form("mcp__.*"), Some(Literal::Contains("mcp__".into())));
        assert_eq!(
            literal_form("^(?:mcp__.*__write_file)$"),
            Some(Literal::Around("mcp__".into(), "__write_file".into()))
        );
        assert_eq!(literal_form("^(?:mcp__github__.*)$"), Some(Literal::Around("mcp__github__".into(), String::new())));
        for pattern in ["Notebook.*Edit", "^(?:Write|mcp__.*__x)$", "a|b.*", ".*"] {
            assert_eq!(literal_form(pattern), None, "{pattern}");
        }
    }
}
