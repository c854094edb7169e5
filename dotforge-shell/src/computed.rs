//! Command words computed while the line runs, and what the reader can still know of them: `${IFS}` is the blank
//! it stands for (`git${IFS}push${IFS}-f`), a program looked up by name is that program (`$(which git)`, `` `command
//! -v git` ``), a substitution of a command whose output is known is that output (`$(echo git)`, `$(printf 'gi%s'
//! t)`, decoders, shell setup printers such as `$(ssh-agent -s)`), an array assigned on the line is its elements
//! (`"${cmd[@]}"`) — as the program word and as an argument (`git push $(echo -f)`); `$SHELL` and `$BASH` as the
//! program are a shell. A program word that stays unknown
//! makes the command [`Unknown::Program`], or [`Unknown::Everything`] when the whole command is one such word (`$CMD`,
//! `eval "$X"`); an argument that stays unknown stays as written.

use crate::command::Unknown;
use crate::lexer::{matching_close, words_of, Word};

/// Arrays assigned on the line: name and elements.
pub(crate) type Arrays = Vec<(String, Vec<Word>)>;

/// `words` with `${IFS}` split and the program word resolved where it can be, and what stays unknown. `output`
/// gives what a substitution's script prints, when that can be known.
pub(crate) fn resolve(
    words: Vec<Word>,
    arrays: &Arrays,
    output: &mut dyn FnMut(&str) -> Option<String>,
) -> (Vec<Word>, Unknown) {
    let mut words = resolve_arguments(split_ifs(words), arrays, output);
    for _ in 0..4 {
        let Some(first) = words.first() else { return (words, Unknown::Nothing) };
        if !first.dynamic {
            return (words, Unknown::Nothing);
        }
        let replacement = resolved_word(first, arrays, output);
        match replacement {
            Some(replacement) => {
                words.splice(0..1, replacement);
            }
            None => {
                let alone = words.len() == 1 && is_one_expansion(&words[0].text);
                let unknown = if alone { Unknown::Everything } else { Unknown::Program };
                return (words, unknown);
            }
        }
    }
    (words, Unknown::Program)
}

/// The arguments (words after the first) that are one substitution whose output is known (with plain text around
/// it, or not), or an array assigned on the line, replaced by what they stand for (`git push $(echo -f)` pushes with
/// `-f`); the others as they are.
fn resolve_arguments(words: Vec<Word>, arrays: &Arrays, output: &mut dyn FnMut(&str) -> Option<String>) -> Vec<Word> {
    let expandable = |word: &Word| word.dynamic && (word.text.contains("$(") || array_name(&word.text).is_some());
    if !words.iter().skip(1).any(expandable) {
        return words;
    }
    let mut resolved = Vec::with_capacity(words.len());
    for (at, word) in words.into_iter().enumerate() {
        match (at > 0 && expandable(&word)).then(|| resolved_word(&word, arrays, output)).flatten() {
            Some(replacement) => resolved.extend(replacement),
            None => resolved.push(word),
        }
    }
    resolved
}

/// The value of `NAME=$(…)` when the substitution's output is known (`x=$(echo rm)`), as a plain assignment.
pub(crate) fn resolve_assignment(word: &Word, output: &mut dyn FnMut(&str) -> Option<String>) -> Option<Word> {
    if !word.assignment || !word.dynamic {
        return None;
    }
    let (name, value) = word.text.split_once('=')?;
    let inner = substitution_body(value)?;
    // (`py=$(command -v python3 || command -v python)`: the program's name, as the path it prints runs it.)
    let printed = looked_up_program(inner).map(str::to_owned).or_else(|| output(inner))?;
    Some(Word { text: format!("{name}={}", printed.trim_end_matches('\n')), dynamic: false, ..word.clone() })
}

/// An array assignment `NAME=(a b c)`: its name and elements.
pub(crate) fn array_assignment(word: &Word) -> Option<(String, Vec<Word>)> {
    let (name, value) = word.text.split_once('=')?;
    let inner = value.strip_prefix('(')?.strip_suffix(')')?;
    Some((name.to_owned(), words_of(inner)))
}

/// Words holding `${IFS}` or `$IFS` split there, as bash splits them; a part with another expansion stays computed
/// (`rm${IFS}-rf${IFS}$HOME/notes` is `rm`, `-rf` and `$HOME/notes`).
fn split_ifs(words: Vec<Word>) -> Vec<Word> {
    if !words.iter().any(|word| word.dynamic && word.text.contains("IFS")) {
        return words;
    }
    let mut out = Vec::with_capacity(words.len());
    for word in words {
        let blanked = word.text.replace("${IFS}", " ").replace("$IFS", " ");
        if !word.dynamic || blanked == word.text {
            out.push(word);
            continue;
        }
        out.extend(blanked.split_whitespace().map(|part| {
            let dynamic = part.contains(['$', '`']);
            Word { text: part.to_owned(), dynamic, ..Word::default() }
        }));
    }
    out
}

/// What a computed program word stands for, when it can be known: its words (none for a setup printer's output).
fn resolved_word(word: &Word, arrays: &Arrays, output: &mut dyn FnMut(&str) -> Option<String>) -> Option<Vec<Word>> {
    let text = word.text.as_str();
    if let Some(name) = array_name(text) {
        let (_, elements) = arrays.iter().rev().find(|(known, _)| known == name)?;
        return Some(elements.clone());
    }
    // The user's login shell and the running bash, by convention always a shell (`$SHELL -c 'CMD'`).
    if matches!(text, "$SHELL" | "${SHELL}" | "$BASH" | "${BASH}") {
        return Some(vec![Word { text: "sh".to_owned(), ..Word::default() }]);
    }
    let Some(inner) = substitution_body(text) else { return with_text_around(word, output) };
    if let Some(name) = looked_up_program(inner) {
        return Some(vec![Word { text: name.to_owned(), ..Word::default() }]);
    }
    let printed = output(inner)?;
    if word.quoted {
        let text = printed.trim_end_matches('\n').to_owned();
        return Some(if text.is_empty() { Vec::new() } else { vec![Word { text, ..Word::default() }] });
    }
    Some(printed.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }).collect())
}

/// The program a lookup prints the path of (`which git`, `command -v git`, `type -P git`), the first of several tried
/// in turn (`command -v python3 || command -v python`).
fn looked_up_program(inner: &str) -> Option<&str> {
    let first = inner.split("||").next()?;
    let lookup: Vec<&str> = first.split_whitespace().collect();
    match lookup.as_slice() {
        ["which", name] | ["command", "-v" | "-V", name] | ["type", "-P" | "-p", name] | ["whence", "-p", name] => {
            Some(name.trim_matches(['"', '\'']))
        }
        _ => None,
    }
}

/// A word of one substitution with plain text around it (`"$(printf '\x2b')main"`): what it prints, joined to that
/// text.
fn with_text_around(word: &Word, output: &mut dyn FnMut(&str) -> Option<String>) -> Option<Vec<Word>> {
    let text = word.text.as_str();
    let open = text.find("$(")?;
    let (prefix, rest) = text.split_at(open);
    let close = matching_close(rest.as_bytes(), 2, b'(', b')')?;
    let (inner, suffix) = (&rest[2..close], &rest[close + 1..]);
    let plain = |part: &str| !part.contains(['$', '`']);
    if !(plain(prefix) && plain(suffix)) || inner.starts_with('(') {
        return None;
    }
    let printed = output(inner)?;
    let printed = printed.trim_end_matches('\n');
    let mut parts: Vec<String> =
        if word.quoted { vec![printed.to_owned()] } else { printed.split_whitespace().map(str::to_owned).collect() };
    if parts.is_empty() {
        parts.push(String::new());
    }
    parts[0].insert_str(0, prefix);
    if let Some(last) = parts.last_mut() {
        last.push_str(suffix);
    }
    Some(parts.into_iter().filter(|part| !part.is_empty()).map(|text| Word { text, ..Word::default() }).collect())
}

/// `NAME` of `${NAME[@]}` or `${NAME[*]}`.
fn array_name(text: &str) -> Option<&str> {
    let inner = text.strip_prefix("${")?.strip_suffix('}')?;
    inner.strip_suffix("[@]").or_else(|| inner.strip_suffix("[*]"))
}

/// The script of a word that is exactly one command substitution (`$(…)` or `` `…` ``).
fn substitution_body(text: &str) -> Option<&str> {
    if let Some(inner) = text.strip_prefix("$(").and_then(|rest| rest.strip_suffix(')')) {
        return (!inner.starts_with('(')).then_some(inner);
    }
    let inner = text.strip_prefix('`')?.strip_suffix('`')?;
    (!inner.contains('`')).then_some(inner)
}

/// Whether a word is one expansion and nothing else (`$X`, `${X}`, `$(…)`, `` `…` ``): all of it is unknown.
fn is_one_expansion(text: &str) -> bool {
    let name = |rest: &str| !rest.is_empty() && rest.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_');
    substitution_body(text).is_some()
        || text.strip_prefix("${").is_some_and(|rest| rest.ends_with('}') && !rest[..rest.len() - 1].contains('}'))
        || text.strip_prefix('$').is_some_and(name)
}
