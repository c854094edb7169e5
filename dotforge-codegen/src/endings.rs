//! Trigger regexes that only ask how a text ends — `\.(py|ts|rs)$`, the usual file-extension check — found at build
//! time, so that the hook answers them with `str::ends_with` instead of loading a DFA.
//!
//! A pattern qualifies when it is a concatenation whose last piece is `$` (the end of the text: no `m` flag) and whose
//! other pieces denote a finite set of strings that `regex-syntax`'s literal extractor lists exactly, with no
//! look-around among them (`\b` would constrain the text before the ending). Then a text matches exactly when it ends
//! with one of those strings.

use regex_syntax::hir::literal::Extractor;
use regex_syntax::hir::{Hir, HirKind, Look};

/// Most endings kept: beyond this, a DFA answers faster than one `ends_with` per ending.
const MAX_ENDINGS: usize = 32;

/// The endings that decide `pattern` on their own, or `None` when it asks more than how a text ends.
pub(crate) fn exact_endings(pattern: &str) -> Option<Vec<String>> {
    let hir = regex_syntax::parse(pattern).ok()?;
    let hir = without_captures(&hir);
    let HirKind::Concat(pieces) = hir.kind() else { return None };
    let (last, body) = pieces.split_last()?;
    if !matches!(last.kind(), HirKind::Look(Look::End)) || body.iter().any(has_look) {
        return None;
    }
    let sequence = Extractor::new().extract(&Hir::concat(body.to_vec()));
    if !sequence.is_exact() {
        return None;
    }
    let literals = sequence.literals()?;
    if literals.is_empty() || literals.len() > MAX_ENDINGS {
        return None;
    }
    literals.iter().map(|literal| String::from_utf8(literal.as_bytes().to_vec()).ok()).collect()
}

/// The pattern without the capture groups that wrap it whole.
fn without_captures(hir: &Hir) -> &Hir {
    match hir.kind() {
        HirKind::Capture(capture) => without_captures(&capture.sub),
        _ => hir,
    }
}

/// Whether a look-around assertion (`^`, `$`, `\b`, …) appears anywhere in `hir`.
fn has_look(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Look(_) => true,
        HirKind::Empty | HirKind::Literal(_) | HirKind::Class(_) => false,
        HirKind::Repetition(repetition) => has_look(&repetition.sub),
        HirKind::Capture(capture) => has_look(&capture.sub),
        HirKind::Concat(pieces) | HirKind::Alternation(pieces) => pieces.iter().any(has_look),
    }
}

#[cfg(test)]
mod tests {
    use super::exact_endings;

    #[test]
    fn file_extension_checks_are_endings_and_anything_more_is_not() {
        assert_eq!(exact_endings(r"\.(py|ts)$"), Some(vec![".py".to_owned(), ".ts".to_owned()]));
        assert_eq!(exact_endings(r"(\.rs)$"), Some(vec![".rs".to_owned()]));
        assert_eq!(exact_endings(r"(?i)\.PY$").map(|endings| endings.len()), Some(4), "case variants");
        for pattern in
            [r"\.(py|ts)", r"(?m)\.py$", r"a+$", r"\bfoo$", r"^\.py$", r"[a-z]\.py$", r"\.py\z|x", r"x|\.py$"]
        {
            assert_eq!(exact_endings(pattern), None, "{pattern}");
        }
        assert_eq!(exact_endings(r"(?<!x)a$"), None, "does not parse");
    }

    #[test]
    fn ending_with_one_of_them_is_exactly_a_match() {
        let patterns = [
            r"\.(py|ts|js|tsx|jsx|swift|go|rs|java|kt|rb|php|cs)$",
            r"(?i)\.(md|txt)$",
            r"(\.lock|-lock\.json)$",
            r"é\.ü$",
            r"(a|ab|abc)$",
        ];
        let pieces =
            ["a", "b", "c", ".", "py", "ts", "tsx", "md", "MD", "Txt", "lock", "-lock", "json", "é", "ü", "\n", "/"];
        for pattern in patterns {
            let regex = regex::Regex::new(pattern).expect("compiles");
            let endings = exact_endings(pattern).unwrap_or_else(|| panic!("{pattern} is decided by its endings"));
            let mut matched = 0;
            for haystack in crate::random_texts::random_texts(0x9e37_79b9_7f4a_7c15, &pieces, 6, 20_000) {
                let by_endings = endings.iter().any(|ending| haystack.ends_with(ending.as_str()));
                assert_eq!(by_endings, regex.is_match(&haystack), "{pattern} on {haystack:?}");
                matched += usize::from(by_endings);
            }
            assert!(matched > 0, "{pattern}: no haystack matched, the test proves nothing");
        }
    }
}
