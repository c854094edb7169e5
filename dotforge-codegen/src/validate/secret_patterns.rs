//! `secret_patterns` (DSL extension): the formats of secrets a behavior adds to output screening. Each entry names
//! its `kind` (what the marker that replaces a match says) and its `regex`, which must compile in the `regex` crate
//! (linear time: no look-around, no backreferences) and must not match empty text (it would match everywhere).

use super::checker::{item, join, kind_of, Checker};
use super::trigger::regex_help;
use crate::diagnostic::Code;
use crate::schema::SECRET_PATTERN_KEYS;
use serde_yaml::{Mapping, Value};

/// Longest `kind`, in characters: it is shown inside every marker.
const KIND_MAX_CHARS: usize = 60;

/// The validated `(kind, regex)` pairs of `secret_patterns` (empty when absent or wrong; errors are reported).
pub(super) fn secret_patterns(checker: &mut Checker<'_>, map: &Mapping) -> Vec<(String, String)> {
    let path = "secret_patterns";
    let items: &[Value] = match Checker::get(map, path) {
        None => return Vec::new(),
        Some(Value::Sequence(items)) => items,
        Some(other) => {
            checker.error(
                Code::WrongType,
                path,
                format!("`{path}` must be a list, found {}", kind_of(other)),
                "write one `- kind: …` / `regex: …` entry per format",
            );
            return Vec::new();
        }
    };
    let mut patterns = Vec::new();
    for (index, value) in items.iter().enumerate() {
        let entry_path = item(path, index);
        let Some(entry) = checker.mapping(value, &entry_path, SECRET_PATTERN_KEYS) else { continue };
        let kind = checker.req_string(entry, &entry_path, "kind", "Acme deploy token");
        let regex = checker.req_string(entry, &entry_path, "regex", "acme_[A-Za-z0-9]{32}");
        let kind = kind.filter(|kind| kind_is_valid(checker, &join(&entry_path, "kind"), kind));
        let regex = regex.filter(|regex| regex_is_valid(checker, &join(&entry_path, "regex"), regex));
        if let (Some(kind), Some(regex)) = (kind, regex) {
            patterns.push((kind, regex));
        }
    }
    patterns
}

/// Whether `screens_output` and `secret_patterns` agree: patterns turn the screening on, so an explicit
/// `screens_output: false` beside them is a contradiction.
pub(super) fn screens_output(checker: &mut Checker<'_>, declared: Option<bool>, patterns: &[(String, String)]) -> bool {
    if declared == Some(false) && !patterns.is_empty() {
        checker.error(
            Code::SecretPattern,
            "screens_output",
            "`screens_output: false` beside `secret_patterns`: the patterns would never be searched",
            "remove `screens_output: false` (secret patterns turn the screening on) or remove the patterns",
        );
    }
    declared.unwrap_or(!patterns.is_empty())
}

fn kind_is_valid(checker: &mut Checker<'_>, path: &str, kind: &str) -> bool {
    let problem = if kind.trim().is_empty() {
        Some(format!("`{path}` is empty"))
    } else if kind.contains(['\n', '\r']) {
        Some(format!("`{path}` spans several lines"))
    } else if kind.chars().count() > KIND_MAX_CHARS {
        Some(format!("`{path}` has {} characters; at most {KIND_MAX_CHARS}", kind.chars().count()))
    } else {
        None
    };
    if let Some(message) = &problem {
        checker.error(
            Code::SecretPattern,
            path,
            message.clone(),
            "name the secret's kind in a few words on one line: it is shown in the marker that replaces it",
        );
    }
    problem.is_none()
}

fn regex_is_valid(checker: &mut Checker<'_>, path: &str, pattern: &str) -> bool {
    if let Err(error) = regex::Regex::new(pattern) {
        checker.error(Code::Regex, path, format!("regex `{pattern}` does not compile"), regex_help(pattern, &error));
        return false;
    }
    let matches_empty = regex_syntax::parse(pattern).map_or(true, |hir| hir.properties().minimum_len() == Some(0));
    if matches_empty {
        checker.error(
            Code::SecretPattern,
            path,
            format!("regex `{pattern}` can match empty text"),
            "a secret has at least one character: use `+` or `{n,}` instead of `*`, and no empty alternative",
        );
        return false;
    }
    true
}
