//! Brace expansion, as bash does it before anything else: a word with an unquoted `{a,b}` or `{1..3}` is several
//! words (`mv settings.json{,.off}` moves `settings.json` to `settings.json.off`; `{git,push,-f}` runs `git push -f`).
//! The lexer marks such words ([`crate::lexer::Word::braces`]); the reader expands them here, bounded.

use crate::lexer::Word;

/// Most words one word expands to; beyond, it is kept as written.
const MAX_WORDS: usize = 256;
/// Most elements one sequence expression (`{1..9}`) gives.
const MAX_SEQUENCE: i64 = 256;

/// `words` with each word the lexer marked expanded in place.
pub(crate) fn expand_words(words: Vec<Word>) -> Vec<Word> {
    if !words.iter().any(|word| word.braces) {
        return words;
    }
    let mut out = Vec::with_capacity(words.len() + 4);
    for word in words {
        if !word.braces {
            out.push(word);
            continue;
        }
        match expand(&word.text) {
            Some(texts) => {
                out.extend(texts.into_iter().map(|text| Word { text, braces: false, ..word.clone() }));
            }
            None => out.push(Word { braces: false, ..word }),
        }
    }
    out
}

/// `text` with each blank-separated part that holds a brace expansion expanded, quotes or not (for the crude
/// reading, which must find whatever the full reading makes of one: `{git,push,-f}`); `None` when nothing expands.
pub(crate) fn expanded_text(text: &str) -> Option<String> {
    if !(text.contains('{') && text.contains('}')) {
        return None;
    }
    let mut changed = false;
    let parts: Vec<String> = text
        .split(' ')
        .map(|part| match expand(part) {
            Some(texts) => {
                changed = true;
                texts.join(" ")
            }
            None => part.to_owned(),
        })
        .collect();
    changed.then(|| parts.join(" "))
}

/// The texts `text` expands to, left to right; `None` when it has no expansion or too many.
pub(crate) fn expand(text: &str) -> Option<Vec<String>> {
    let mut found = Vec::new();
    expand_into(text, &mut found, 0)?;
    (found.len() > 1 || found.first().is_some_and(|only| only != text)).then_some(found)
}

fn expand_into(text: &str, found: &mut Vec<String>, depth: usize) -> Option<()> {
    if depth > 8 || found.len() > MAX_WORDS {
        return None;
    }
    let Some((open, close, parts)) = first_expansion(text) else {
        found.push(text.to_owned());
        return Some(());
    };
    let (prefix, suffix) = (&text[..open], &text[close + 1..]);
    for part in parts {
        expand_into(&format!("{prefix}{part}{suffix}"), found, depth + 1)?;
        if found.len() > MAX_WORDS {
            return None;
        }
    }
    Some(())
}

/// The first `{…}` that expands: its bounds and its parts (the alternatives, or the sequence's elements).
fn first_expansion(text: &str) -> Option<(usize, usize, Vec<String>)> {
    let bytes = text.as_bytes();
    let mut search = 0;
    while let Some(offset) = text[search..].find('{') {
        let open = search + offset;
        search = open + 1;
        // `${…}` is a parameter, not a brace expansion.
        if open > 0 && bytes[open - 1] == b'$' {
            continue;
        }
        let Some(close) = matching_close(bytes, open) else { continue };
        let inside = &text[open + 1..close];
        let commas = top_level_commas(inside);
        if !commas.is_empty() {
            let mut parts = Vec::with_capacity(commas.len() + 1);
            let mut start = 0;
            for comma in commas {
                parts.push(inside[start..comma].to_owned());
                start = comma + 1;
            }
            parts.push(inside[start..].to_owned());
            return Some((open, close, parts));
        }
        if let Some(parts) = sequence(inside) {
            return Some((open, close, parts));
        }
    }
    None
}

/// The `}` closing the `{` at `open`, nested braces counted.
fn matching_close(bytes: &[u8], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (at, &byte) in bytes.iter().enumerate().skip(open) {
        match byte {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(at);
                }
            }
            _ => {}
        }
    }
    None
}

/// The byte offsets of the commas outside nested braces.
fn top_level_commas(inside: &str) -> Vec<usize> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    for (at, byte) in inside.bytes().enumerate() {
        match byte {
            b'{' => depth += 1,
            b'}' => depth = depth.saturating_sub(1),
            b',' if depth == 0 => commas.push(at),
            _ => {}
        }
    }
    commas
}

/// `1..5`, `a..e`, `1..9..2`: the sequence's elements.
fn sequence(inside: &str) -> Option<Vec<String>> {
    let mut parts = inside.split("..");
    let (first, last, step) = (parts.next()?, parts.next()?, parts.next());
    if parts.next().is_some() {
        return None;
    }
    let step = match step {
        Some(step) => step.parse::<i64>().ok()?.checked_abs()?.max(1),
        None => 1,
    };
    if let (Ok(first), Ok(last)) = (first.parse::<i64>(), last.parse::<i64>()) {
        if (last - first).abs() / step > MAX_SEQUENCE {
            return None;
        }
        let forward = first <= last;
        let mut out = Vec::new();
        let mut at = first;
        while (forward && at <= last) || (!forward && at >= last) {
            out.push(at.to_string());
            at = if forward { at + step } else { at - step };
        }
        return Some(out);
    }
    let (&[first], &[last]) = (first.as_bytes(), last.as_bytes()) else { return None };
    if !(first.is_ascii_alphabetic() && last.is_ascii_alphabetic()) {
        return None;
    }
    let range: Vec<u8> = if first <= last { (first..=last).collect() } else { (last..=first).rev().collect() };
    Some(range.into_iter().step_by(step as usize).map(|byte| (byte as char).to_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(text: &str) -> Option<Vec<String>> {
        expand(text)
    }

    #[test]
    fn alternatives_and_sequences_expand_as_bash_does() {
        assert_eq!(texts("settings.json{,.off}").unwrap(), ["settings.json", "settings.json.off"]);
        assert_eq!(texts("{git,push,-f}").unwrap(), ["git", "push", "-f"]);
        assert_eq!(texts(".{for,cla}{ge,ude}").unwrap(), [".forge", ".forude", ".clage", ".claude"]);
        assert_eq!(texts("a{b,{c,d}}e").unwrap(), ["abe", "ace", "ade"]);
        assert_eq!(texts("f{1..3}").unwrap(), ["f1", "f2", "f3"]);
        assert_eq!(texts("{c..a}").unwrap(), ["c", "b", "a"]);
        assert_eq!(texts("{0..10..5}").unwrap(), ["0", "5", "10"]);
    }

    #[test]
    fn what_is_no_expansion_stays_one_word() {
        for text in ["{}", "{x}", "${HOME}", "HEAD@{1}", "a{b", "{1..2..3..4}", "{a..zz}"] {
            assert_eq!(texts(text), None, "{text}");
        }
        assert_eq!(texts("${A:-x}{a,b}").unwrap(), ["${A:-x}a", "${A:-x}b"]);
        assert_eq!(texts("{1..100000}"), None, "too many words: kept as written");
        assert_eq!(texts("{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}"), None, "512 words: kept as written");
    }
}
