//! Regexes for triggers, cheap to start: a pattern that only asks how the text ends (`\.(py|ts)$`, found at build
//! time) is answered with `ends_with`; for the others a substring check for the literals every match must contain
//! (found at build time) rejects most inputs outright; otherwise a DFA compiled at build time is deserialized
//! (validated, zero-copy) on first use, with the `regex` crate compiled lazily as the fallback — for patterns that
//! got no DFA, for non-ASCII text around a Unicode `\b` (where the DFA gives up), and for big-endian targets.

use regex::Regex;
use regex_automata::dfa::{dense, Automaton};
use regex_automata::Input;
use std::sync::OnceLock;

pub use regex_automata::util::wire::AlignAs;

/// The 4-byte-aligned bytes of a serialized little-endian dense DFA.
pub type DfaBytes = AlignAs<[u8], u32>;

/// Texts up to this long are searched for a literal byte by byte; longer ones with the standard library's searcher.
const SHORT_TEXT: usize = 256;

/// Whether `literal` occurs in `haystack`. Most haystacks are a command or a path: for those, comparing at each
/// position costs less than setting up the standard library's two-way searcher (about 1,100 instructions each, and
/// a command meets dozens of literals).
fn contains(haystack: &str, literal: &str) -> bool {
    if haystack.len() > SHORT_TEXT {
        return haystack.contains(literal);
    }
    let text = haystack.as_bytes();
    let Some((&first, rest)) = literal.as_bytes().split_first() else { return true };
    text.iter().enumerate().any(|(at, &byte)| byte == first && text.get(at + 1..at + 1 + rest.len()) == Some(rest))
}

/// A regex pattern, matched with its precompiled DFA when there is one, else compiled on first use.
#[derive(Debug)]
pub struct LazyRegex {
    pattern: &'static str,
    /// When not empty, the pattern matches exactly the haystacks that end with one of these.
    endings: &'static [&'static str],
    /// Groups of literals: a haystack that lacks every literal of some group cannot match.
    required: &'static [&'static [&'static str]],
    dfa_bytes: Option<&'static DfaBytes>,
    dfa: OnceLock<Option<dense::DFA<&'static [u32]>>>,
    compiled: OnceLock<Option<Regex>>,
}

impl LazyRegex {
    /// A pattern without a precompiled DFA. The build has already checked that it compiles.
    pub const fn new(pattern: &'static str) -> Self {
        LazyRegex {
            pattern,
            endings: &[],
            required: &[],
            dfa_bytes: None,
            dfa: OnceLock::new(),
            compiled: OnceLock::new(),
        }
    }

    /// A pattern that matches exactly the haystacks ending with one of `endings` (not empty), as `dotforge-codegen`
    /// found it to be: no DFA and no regex is ever needed.
    pub const fn ending_with_any(pattern: &'static str, endings: &'static [&'static str]) -> Self {
        LazyRegex { pattern, endings, required: &[], dfa_bytes: None, dfa: OnceLock::new(), compiled: OnceLock::new() }
    }

    /// A pattern with the DFA that `dotforge-codegen` built and serialized for it.
    pub const fn precompiled(pattern: &'static str, dfa_bytes: &'static DfaBytes) -> Self {
        LazyRegex {
            pattern,
            endings: &[],
            required: &[],
            dfa_bytes: Some(dfa_bytes),
            dfa: OnceLock::new(),
            compiled: OnceLock::new(),
        }
    }

    /// The same regex with the literals its matches must contain: for every group, a match contains at least one of
    /// the group's literals (`dotforge-codegen` derives them from the pattern). Inputs without them are rejected
    /// without running the regex. Meant for `static` initializers, before any match has cached a DFA or regex.
    pub const fn requiring(self, required: &'static [&'static [&'static str]]) -> Self {
        let (pattern, endings, dfa_bytes) = (self.pattern, self.endings, self.dfa_bytes);
        // Nothing was cached yet (this runs at compile time); forgetting two empty cells frees nothing.
        std::mem::forget(self);
        LazyRegex { pattern, endings, required, dfa_bytes, dfa: OnceLock::new(), compiled: OnceLock::new() }
    }

    /// The pattern text.
    pub fn pattern(&self) -> &'static str {
        self.pattern
    }

    /// True when the pattern matches anywhere in `haystack` (unanchored), exactly as `regex::Regex::is_match`.
    pub fn is_match(&self, haystack: &str) -> bool {
        if !self.endings.is_empty() {
            return self.endings.iter().any(|ending| haystack.ends_with(ending));
        }
        if !self.required.iter().all(|group| group.iter().any(|literal| contains(haystack, literal))) {
            return false;
        }
        let dfa = self.dfa.get_or_init(|| {
            self.dfa_bytes.and_then(|bytes| dense::DFA::from_bytes(&bytes.bytes).ok().map(|(dfa, _)| dfa))
        });
        if let Some(dfa) = dfa {
            if let Ok(found) = dfa.try_search_fwd(&Input::new(haystack).earliest(true)) {
                return found.is_some();
            }
        }
        self.regex().is_some_and(|regex| regex.is_match(haystack))
    }

    fn regex(&self) -> Option<&Regex> {
        self.compiled
            .get_or_init(|| match Regex::new(self.pattern) {
                Ok(regex) => Some(regex),
                Err(error) => {
                    crate::warn::warn(&format!("regex `{}` does not compile: {error}", self.pattern));
                    None
                }
            })
            .as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::{contains, LazyRegex, SHORT_TEXT};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn literals_are_found_as_the_standard_library_finds_them(
            text in "[ab\u{e9}]{0,12}",
            literal in "[ab\u{e9}]{0,3}",
            padding in 0..2 * SHORT_TEXT,
        ) {
            prop_assert_eq!(contains(&text, &literal), text.contains(&literal));
            let long = format!("{}{text}", "c".repeat(padding));
            prop_assert_eq!(contains(&long, &literal), long.contains(&literal));
        }
    }

    static PUSH: LazyRegex = LazyRegex::new(r"\bgit\b[^|;&\n]*\bpush\b").requiring(&[&["push"], &["git"]]);
    /// Literals the pattern does not really need: proves the check runs before the regex.
    static STRICT: LazyRegex = LazyRegex::new("a").requiring(&[&["zz"]]);

    static SOURCE_FILE: LazyRegex = LazyRegex::ending_with_any(r"\.(py|ts)$", &[".py", ".ts"]);

    #[test]
    fn endings_decide_without_a_regex() {
        assert!(SOURCE_FILE.is_match("src/app.ts") && SOURCE_FILE.is_match(".py"));
        assert!(!SOURCE_FILE.is_match("src/app.tsx") && !SOURCE_FILE.is_match("ts") && !SOURCE_FILE.is_match(""));
        assert!(SOURCE_FILE.compiled.get().is_none() && SOURCE_FILE.dfa.get().is_none(), "no regex, no DFA loaded");
    }

    #[test]
    fn the_required_literals_gate_the_regex() {
        assert!(PUSH.is_match("cd repo && git push origin"));
        assert!(!PUSH.is_match("ls -la"), "no literal: rejected");
        assert!(!PUSH.is_match("git pull && echo push"), "literals present, regex decides: `;`-free but `&` breaks it");
        assert!(!STRICT.is_match("a"), "a haystack without `zz` is rejected before the regex runs");
        assert!(STRICT.is_match("a zz"));
    }
}
