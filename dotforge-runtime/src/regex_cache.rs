//! Regexes compiled on first use, so an event only pays for the patterns its triggers actually reach.

use regex::Regex;
use std::sync::OnceLock;

/// A regex pattern compiled lazily on its first `is_match`.
#[derive(Debug)]
pub struct LazyRegex {
    pattern: &'static str,
    compiled: OnceLock<Option<Regex>>,
}

impl LazyRegex {
    /// Declares a pattern; nothing is compiled yet. The build has already checked that it compiles.
    pub const fn new(pattern: &'static str) -> Self {
        LazyRegex { pattern, compiled: OnceLock::new() }
    }

    /// The pattern text.
    pub fn pattern(&self) -> &'static str {
        self.pattern
    }

    /// True when the pattern matches anywhere in `haystack` (unanchored). A pattern that fails to compile
    /// (impossible after a successful build) matches nothing and warns once.
    pub fn is_match(&self, haystack: &str) -> bool {
        let compiled = self.compiled.get_or_init(|| match Regex::new(self.pattern) {
            Ok(regex) => Some(regex),
            Err(error) => {
                crate::warn::warn(&format!("regex `{}` does not compile: {error}", self.pattern));
                None
            }
        });
        compiled.as_ref().is_some_and(|regex| regex.is_match(haystack))
    }
}
