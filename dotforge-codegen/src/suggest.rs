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

/// Optimal string alignment distance: insertions, deletions, substitutions and adjacent transpositions cost 1.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in table[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (table[i - 1][j] + 1).min(table[i][j - 1] + 1).min(table[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = best;
        }
    }
    table[a.len()][b.len()]
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
        assert_eq!(closest("levle", &["level", "counter"]), Some("level"));
        assert_eq!(list(&["a", "b", "c"]), "`a`, `b` or `c`");
    }
}
