//! Tool output screened before the model reads it (issue 32): every secret in it is replaced by a marker that names
//! its kind and the person's recourse, and everything else stays as it is, byte for byte. A secret is a value the
//! hook knows (the project's secret files, its own environment's secret variables: [`Known`]), a well-known
//! credential format ([`formats`]), the value of a `NAME=value` / `"name": "value"` pair whose name says secret
//! ([`pairs`]), or a match of a format a behavior declares (`secret_patterns`). Placeholders (`your-key-here`,
//! `changeme`, `<…>`, `${…}`) are not secrets.
//!
//! One pass per detector over the text, each linear: the known values by one multi-pattern automaton, the formats by
//! a scan that looks at the formats whose prefix starts with the byte at a word's start, the pairs by a scan over the
//! names that a `=` or `:` follows; the declared formats, when a behavior has any, by one multi-pattern regex (linear
//! time). An output that holds none of them costs those scans and nothing else.

mod formats;
mod pairs;
mod values;

use crate::model::SecretPattern;
use crate::secret_files;
use crate::warn::warn;
use aho_corasick::AhoCorasick;
use regex_automata::meta::Regex;
use serde_json::Value;
use values::looks_secret;
pub(crate) use values::{is_placeholder, name_says_secret, name_words, Found, MIN_SECRET_LEN};

/// What the hook knows to be secrets: values, each with its kind (`.env value`, `environment variable`), and the
/// formats the active behaviors declare.
#[derive(Debug, Default)]
pub(crate) struct Known {
    values: Vec<(String, &'static str)>,
    automaton: Option<AhoCorasick>,
    declared: Option<Declared>,
}

/// The formats behaviors declare, searched together: match `i` is of kind `kinds[i]`.
#[derive(Debug)]
struct Declared {
    regex: Regex,
    kinds: Vec<&'static str>,
}

impl Known {
    /// The secrets among named values (`(name, value, kind)`: environment variables, a `.env` file's lines): the
    /// values of names that say secret, and values that look like one whatever their name (`DEBUG=true` and
    /// `PORT=3000` are not).
    pub(crate) fn from_named(named: impl IntoIterator<Item = (String, String, &'static str)>) -> Known {
        let values = named.into_iter().filter_map(|(name, value, kind)| {
            let keep = if kind == secret_files::DOTENV {
                (name_says_secret(&name) && value.len() >= MIN_SECRET_LEN) || looks_secret(&value)
            } else {
                name_says_secret(&name) && value.len() >= MIN_SECRET_LEN
            };
            keep.then_some((value, kind))
        });
        Known::new(values.collect())
    }

    /// The known values (those shorter than [`MIN_SECRET_LEN`] and placeholders are left out: too many false hits).
    pub(crate) fn new(values: Vec<(String, &'static str)>) -> Known {
        let mut values: Vec<(String, &'static str)> =
            values.into_iter().filter(|(value, _)| value.len() >= MIN_SECRET_LEN && !is_placeholder(value)).collect();
        values.sort();
        values.dedup_by(|a, b| a.0 == b.0);
        let automaton = (!values.is_empty())
            .then(|| {
                // A contiguous NFA: a few values are searched once, and building a DFA for them costs more (about
                // 150,000 instructions for a dozen) than the search it would speed up.
                AhoCorasick::builder()
                    .match_kind(aho_corasick::MatchKind::LeftmostLongest)
                    .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
                    .build(values.iter().map(|(value, _)| value))
            })
            .and_then(Result::ok);
        Known { values, automaton, declared: None }
    }

    /// The same knowledge with the formats `patterns` declare (the build checked that each compiles and never
    /// matches empty text; one that does not compile here is left out with a warning).
    pub(crate) fn with_patterns(mut self, patterns: &[SecretPattern]) -> Known {
        if patterns.is_empty() {
            return self;
        }
        let regexes: Vec<&str> = patterns.iter().map(|pattern| pattern.regex).collect();
        match Regex::new_many(&regexes) {
            Ok(regex) => {
                self.declared = Some(Declared { regex, kinds: patterns.iter().map(|pattern| pattern.kind).collect() })
            }
            Err(error) => warn(&format!("the secret patterns are not searched: {error}")),
        }
        self
    }
}

/// Every secret in `text`, sorted, overlaps merged (the wider span and the first kind kept).
pub(crate) fn find(text: &str, known: &Known) -> Vec<Found> {
    let mut found = Vec::new();
    if let Some(automaton) = &known.automaton {
        for hit in automaton.find_iter(text) {
            found.push(Found { start: hit.start(), end: hit.end(), kind: known.values[hit.pattern().as_usize()].1 });
        }
    }
    if let Some(declared) = &known.declared {
        for hit in declared.regex.find_iter(text).filter(|hit| !hit.is_empty()) {
            found.push(Found { start: hit.start(), end: hit.end(), kind: declared.kinds[hit.pattern().as_usize()] });
        }
    }
    formats::find(text, &mut found);
    pairs::find(text, &mut found);
    found.sort_by_key(|hit| (hit.start, std::cmp::Reverse(hit.end)));
    let mut merged: Vec<Found> = Vec::with_capacity(found.len());
    for hit in found {
        match merged.last_mut() {
            Some(last) if hit.start < last.end => last.end = last.end.max(hit.end),
            _ => merged.push(hit),
        }
    }
    merged
}

/// The marker a secret is replaced with.
pub(crate) fn marker(kind: &str) -> String {
    format!("[secret withheld by dotforge: {kind}; the user can read it at their own terminal]")
}

/// `text` with each secret replaced by its marker, and the kinds replaced; `None` when it holds none.
pub(crate) fn redact(text: &str, known: &Known) -> Option<(String, Vec<&'static str>)> {
    let found = find(text, known);
    if found.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut kinds = Vec::new();
    let mut at = 0;
    for hit in found {
        out.push_str(&text[at..hit.start]);
        out.push_str(&marker(hit.kind));
        kinds.push(hit.kind);
        at = hit.end;
    }
    out.push_str(&text[at..]);
    Some((out, kinds))
}

/// A tool's output (any JSON: an object with `stdout` and `stderr`, a string, a list of content blocks) with every
/// string in it redacted, in the same shape, and the kinds replaced; `None` when it holds no secret.
pub(crate) fn redact_value(value: &Value, known: &Known) -> Option<(Value, Vec<&'static str>)> {
    match value {
        Value::String(text) => redact(text, known).map(|(text, kinds)| (Value::String(text), kinds)),
        Value::Array(items) => {
            let mut kinds = Vec::new();
            let mut changed = false;
            let items: Vec<Value> = items
                .iter()
                .map(|item| match redact_value(item, known) {
                    Some((item, found)) => {
                        changed = true;
                        kinds.extend(found);
                        item
                    }
                    None => item.clone(),
                })
                .collect();
            changed.then_some((Value::Array(items), kinds))
        }
        Value::Object(members) => {
            let mut kinds = Vec::new();
            let mut changed = false;
            let members = members
                .iter()
                .map(|(key, member)| match redact_value(member, known) {
                    Some((member, found)) => {
                        changed = true;
                        kinds.extend(found);
                        (key.clone(), member)
                    }
                    None => (key.clone(), member.clone()),
                })
                .collect();
            changed.then_some((Value::Object(members), kinds))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests;
