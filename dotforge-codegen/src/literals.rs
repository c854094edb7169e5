//! Required literals of a trigger regex: short strings that every match must contain, found at build time so the
//! hook can reject most inputs with a substring search before it loads a DFA or compiles a regex.
//!
//! The result is a list of groups; a haystack can match only when it contains at least one literal of every group.
//! Each group is the finite prefix-literal set (from `regex-syntax`'s extractor) of the first pieces of one tail of
//! the pattern's top-level concatenation: every match of that tail starts with one of its literals, and the tail's
//! match is a substring of the whole match, so the whole match contains one of them.

use regex_syntax::hir::literal::Extractor;
use regex_syntax::hir::{Hir, HirKind};

/// Most groups kept per pattern (the ones with the longest shortest literal).
const MAX_GROUPS: usize = 3;
/// Largest group kept: beyond this, scanning for every literal costs more than it saves.
const MAX_LITERALS_PER_GROUP: usize = 32;
/// Tails tried: those starting at the first pieces of the top-level concatenation.
const MAX_TAILS: usize = 64;
/// Pieces of a tail handed to the extractor.
const MAX_TAIL_PIECES: usize = 8;

/// The required-literal groups of `pattern` (empty when nothing useful is required or the pattern does not parse).
pub(crate) fn required_groups(pattern: &str) -> Vec<Vec<String>> {
    let Ok(hir) = regex_syntax::parse(pattern) else { return Vec::new() };
    groups_of(&hir)
}

/// The required-literal groups of one (sub)pattern, strongest first.
fn groups_of(hir: &Hir) -> Vec<Vec<String>> {
    let hir = top_level(hir);
    if let HirKind::Alternation(branches) = hir.kind() {
        return alternation_group(branches).into_iter().collect();
    }
    let tails: Vec<Hir> = match hir.kind() {
        // The first pieces of a tail stand for the tail: its matches start with theirs. Bounding both the number of
        // tails and their length keeps long patterns linear.
        HirKind::Concat(pieces) => (0..pieces.len().min(MAX_TAILS))
            .map(|start| Hir::concat(pieces[start..(start + MAX_TAIL_PIECES).min(pieces.len())].to_vec()))
            .collect(),
        _ => vec![hir.clone()],
    };
    let mut groups: Vec<Vec<String>> = tails.iter().filter_map(prefix_group).collect();
    groups.sort_by(|left, right| shortest(right).cmp(&shortest(left)).then_with(|| left.len().cmp(&right.len())));
    groups.dedup();
    // Drop a group that another one implies: when every literal of a kept group contains one of its literals.
    let mut kept: Vec<Vec<String>> = Vec::new();
    for group in groups {
        if !kept.iter().any(|stronger| implies(stronger, &group)) {
            kept.push(group);
        }
    }
    kept.truncate(MAX_GROUPS);
    kept
}

/// One group for a top-level alternation: every match is a match of some branch, so it contains a literal of that
/// branch's strongest group; the union of those groups is required (when every branch has one and it stays small).
fn alternation_group(branches: &[Hir]) -> Option<Vec<String>> {
    let mut union = Vec::new();
    for branch in branches {
        union.extend(groups_of(branch).into_iter().next()?);
    }
    let all = union.clone();
    union.retain(|literal| !all.iter().any(|other| other.len() < literal.len() && literal.contains(other.as_str())));
    union.sort();
    union.dedup();
    (union.len() <= MAX_LITERALS_PER_GROUP).then_some(union)
}

/// True when a haystack containing a literal of `stronger` always contains a literal of `weaker`.
fn implies(stronger: &[String], weaker: &[String]) -> bool {
    stronger.iter().all(|literal| weaker.iter().any(|other| literal.contains(other.as_str())))
}

/// The pattern without the capture groups that wrap it whole.
fn top_level(hir: &Hir) -> &Hir {
    match hir.kind() {
        HirKind::Capture(capture) => top_level(&capture.sub),
        _ => hir,
    }
}

/// The literals one of which starts every match of `tail`, when that set is finite, small, free of the empty
/// string, and made of whole UTF-8 strings.
fn prefix_group(tail: &Hir) -> Option<Vec<String>> {
    // With the limit, the extractor shortens literals rather than multiply them past it.
    let seq = Extractor::new().limit_total(MAX_LITERALS_PER_GROUP).extract(tail);
    let literals = seq.literals()?;
    if literals.is_empty() || literals.len() > MAX_LITERALS_PER_GROUP {
        return None;
    }
    let mut group = Vec::with_capacity(literals.len());
    for literal in literals {
        let text = std::str::from_utf8(literal.as_bytes()).ok()?;
        if text.is_empty() {
            return None;
        }
        group.push(text.to_owned());
    }
    // A literal that contains another one of the group adds nothing: the shorter one is found whenever it is.
    let all = group.clone();
    group.retain(|literal| !all.iter().any(|other| other != literal && literal.contains(other.as_str())));
    group.sort();
    group.dedup();
    Some(group)
}

fn shortest(group: &[String]) -> usize {
    group.iter().map(String::len).min().unwrap_or(0)
}

/// True when `haystack` contains a literal of every group (what the runtime checks before matching).
#[cfg(test)]
pub(crate) fn may_match(groups: &[Vec<String>], haystack: &str) -> bool {
    groups.iter().all(|group| group.iter().any(|literal| haystack.contains(literal.as_str())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn groups(pattern: &str) -> Vec<Vec<&str>> {
        let found = required_groups(pattern);
        // Leak for easy comparison in assertions.
        found.into_iter().map(|group| group.into_iter().map(|text| &*text.leak()).collect()).collect()
    }

    #[test]
    fn the_curated_patterns_get_the_expected_groups() {
        assert_eq!(
            groups(r"\bgit\b[^|;&\n]*\breset\b[^|;&\n]*\s--hard\b"),
            [vec!["--hard"], vec!["reset"], vec!["git"]]
        );
        assert_eq!(groups(r"\bgit\b[^|;&\n]*\bpush\b"), [vec!["push"], vec!["git"]]);
        assert_eq!(
            groups(r"\.(py|ts|rs)$"),
            [vec![".py", ".rs", ".ts"]],
            "one group for the alternation after the literal dot"
        );
        assert_eq!(groups(r"[a-z]+"), Vec::<Vec<&str>>::new(), "too many possible prefixes");
        let folded = groups(r"(?i)^\s*(no\b|stop\b)");
        assert_eq!(folded.len(), 1, "the tail after \\s* is required");
        assert!(folded[0].contains(&"Stop") && folded[0].contains(&"\u{17f}top"), "Unicode case folding: {folded:?}");
        assert_eq!(groups(r"(?i)git"), [vec!["GIT", "GIt", "GiT", "Git", "gIT", "gIt", "giT", "git"]]);
        assert_eq!(groups(r"a|"), Vec::<Vec<&str>>::new(), "the empty match needs nothing");
        assert_eq!(
            groups(
                r#"(^|[\s;&|(])-c\s*['"]?core\.hooks[Pp]ath=|(^|[\s;&|(])(HUSKY=0|HUSKY_SKIP_HOOKS=(1|true)|LEFTHOOK=0)\s"#
            ),
            [vec![
                "HUSKY=0",
                "HUSKY_SKIP_HOOKS=1",
                "HUSKY_SKIP_HOOKS=true",
                "LEFTHOOK=0",
                "core.hooksPath=",
                "core.hookspath="
            ]],
            "a top-level alternation requires one literal of some branch"
        );
        assert_eq!(groups(r"\bpush\b|[a-z]+"), Vec::<Vec<&str>>::new(), "a branch without literals needs nothing");
        assert_eq!(groups(r"(?<!x)a"), Vec::<Vec<&str>>::new(), "does not parse");
    }

    #[test]
    fn a_haystack_without_the_literals_never_matches() {
        let patterns = [
            r"\bgit\b[^|;&\n]*\bpush\b[^|;&\n]*(\s--force(-with-lease|-if-includes)?\b|\s-[a-zA-Z]*f[a-zA-Z]*\b|\s\+[^\s-])",
            r"\bgit\b[^|;&\n]*\bclean\b[^|;&\n]*\s(-[a-zA-Z]*f[a-zA-Z]*|--force)\b",
            r"\b(pytest|py\.test|tox|cargo\s+(test|build)|(npm|yarn)\s+(run\s+)?(test|build)|go\s+(test|vet))\b",
            r"\.(py|ts|js|tsx|jsx)$",
            r"(?i)rm\s+-rf",
            r"[a-c]x[d-f]",
            r"é+ü",
            r"(ab|cd)+ef?",
            r"\bpush\b|\s-f\b|re(set|base)",
        ];
        let alphabet: Vec<String> =
            "gitpushresetclean -f+a.bcdexyzrmRFwhéüjsvo\n|;".chars().map(String::from).collect();
        let alphabet: Vec<&str> = alphabet.iter().map(String::as_str).collect();
        for pattern in patterns {
            let regex = regex::Regex::new(pattern).expect("compiles");
            let groups = required_groups(pattern);
            assert!(!groups.is_empty(), "{pattern} has required literals");
            let mut rejected = 0;
            for haystack in crate::random_texts::random_texts(0x2545_f491_4f6c_dd1d, &alphabet, 24, 20_000) {
                if !may_match(&groups, &haystack) {
                    rejected += 1;
                    assert!(!regex.is_match(&haystack), "{pattern} matches {haystack:?} without its literals");
                }
            }
            assert!(rejected > 0, "{pattern}: the prefilter rejected nothing");
        }
    }

    #[test]
    fn long_patterns_are_handled_in_bounded_work() {
        let pattern: String = (0..5_000).map(|index| format!("w{index}[0-9]")).collect();
        let found = required_groups(&pattern);
        assert!(!found.is_empty() && found.len() <= MAX_GROUPS, "{found:?}");
        assert!(may_match(&found, &(0..5_000).map(|index| format!("w{index}7")).collect::<String>()));
    }

    #[test]
    fn matching_haystacks_always_pass() {
        let cases = [
            (r"\bgit\b[^|;&\n]*\bpush\b", "cd x && git  push origin"),
            (r"\.(py|ts)$", "/src/a.ts"),
            (r"(?i)git", "GiT status"),
            (r"é+ü", "ééü"),
        ];
        for (pattern, haystack) in cases {
            assert!(regex::Regex::new(pattern).expect("compiles").is_match(haystack));
            assert!(may_match(&required_groups(pattern), haystack), "{pattern} on {haystack}");
        }
    }
}
