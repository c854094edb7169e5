//! Build-time DFAs for trigger regexes: a dense DFA, minimized and serialized little-endian, that the hook binary
//! deserializes in microseconds instead of compiling the regex (hundreds of microseconds) on every run.
//!
//! Unicode `\b` is built in the DFA's ASCII-only heuristic mode: on non-ASCII text the DFA stops and the runtime
//! falls back to the `regex` crate, so results are always those of `regex::Regex::is_match`. A pattern whose DFA
//! would be too large simply gets none.
//!
//! State acceleration is off: it would search with memchr, whose first use asks the processor for its features —
//! about 45 µs per hook run in a virtual machine, where each CPUID traps — to skip ahead in haystacks (a path, a
//! command) far too short to gain it back.

use regex_automata::dfa::dense;

/// Largest serialized DFA kept, in bytes.
const MAX_DFA_BYTES: usize = 1 << 20;

/// Serialized little-endian dense DFA for `pattern`, or `None` when it cannot be built within the limits.
pub(crate) fn build(pattern: &str) -> Option<Vec<u8>> {
    let config = dense::Config::new()
        .unicode_word_boundary(true)
        .minimize(true)
        .accelerate(false)
        .dfa_size_limit(Some(MAX_DFA_BYTES))
        .determinize_size_limit(Some(8 * MAX_DFA_BYTES));
    let dfa = dense::Builder::new().configure(config).build(pattern).ok()?;
    let (bytes, padding) = dfa.to_bytes_little_endian();
    let bytes = bytes[padding..].to_vec();
    (bytes.len() <= MAX_DFA_BYTES).then_some(bytes)
}

#[cfg(test)]
mod tests {
    use super::build;
    use regex_automata::dfa::{dense, Automaton};
    use regex_automata::Input;

    #[test]
    fn serialized_dfas_agree_with_the_regex_crate() {
        let cases = [
            (r"\bgit\b[^|;&\n]*\bpush\b", ["git push", "gitpush", "a git  push b", "git status && push"]),
            (r"(?i)^\s*(no\b|stop\b)", ["No, wait", "  stop", "nothing", "stopwatch"]),
            (r"\.(py|ts)$", ["a.py", "a.pyc", "b.ts", "ts"]),
        ];
        for (pattern, haystacks) in cases {
            let bytes = build(pattern).expect("builds");
            let mut buffer = vec![0u8; bytes.len() + 3];
            let offset = buffer.as_ptr().align_offset(4);
            buffer[offset..offset + bytes.len()].copy_from_slice(&bytes);
            let (dfa, _) = dense::DFA::from_bytes(&buffer[offset..offset + bytes.len()]).expect("deserializes");
            let regex = regex::Regex::new(pattern).expect("compiles");
            for haystack in haystacks {
                let found = dfa.try_search_fwd(&Input::new(haystack).earliest(true)).map(|m| m.is_some());
                assert_eq!(found.ok(), Some(regex.is_match(haystack)), "{pattern} on {haystack}");
            }
        }
    }

    #[test]
    fn patterns_without_a_dfa_get_none() {
        assert!(build(r"(?<!x)a").is_none());
    }
}
