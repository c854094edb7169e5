//! "Did you mean …?" suggestions for near misses such as `enforcment`.

/// The closest candidate within a small edit distance, if any.
pub(crate) fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let lowered = word.to_lowercase();
    if lowered.chars().count() >= 3 {
        if let Some(candidate) = candidates.iter().find(|candidate| candidate.starts_with(&lowered)) {
            return Some(candidate);
        }
    }
    let limit = (word.chars().count() / 3).clamp(1, 3);
    candidates
        .iter()
        .map(|candidate| (edit_distance(&word.to_lowercase(), candidate), *candidate))
        .filter(|(distance, _)| *distance <= limit)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// A help line: `did you mean `x`?` or the list of valid values.
pub(crate) fn help_for(word: &str, candidates: &[&str]) -> String {
    match closest(word, candidates) {
        Some(candidate) => format!("did you mean `{candidate}`?"),
        None => format!("expected one of {}", list(candidates)),
    }
}

/// `` `a`, `b` or `c` ``
pub(crate) fn list(candidates: &[&str]) -> String {
    let quoted: Vec<String> = candidates.iter().map(|candidate| format!("`{candidate}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitution.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_misses_only() {
        assert_eq!(closest("enforcment", &["policy", "enforcement", "recovery"]), Some("enforcement"));
        assert_eq!(closest("trigers", &["triggers", "enforcement"]), Some("triggers"));
        assert_eq!(closest("zzz", &["triggers", "enforcement"]), None);
        assert_eq!(closest("count", &["counter", "level"]), Some("counter"));
        assert_eq!(list(&["a", "b", "c"]), "`a`, `b` or `c`");
    }
}
