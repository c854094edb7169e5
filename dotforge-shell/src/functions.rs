//! Shell functions a script defines (`NAME() { BODY; }`, `function NAME { BODY; }`), and what a call of one runs:
//! its body with the positional parameters (`$1`…, `"$@"`, `$*`, `$#`) replaced by the call's arguments, as bash
//! would expand them. So `g() { git "$@"; }; g push --force` runs `git push --force`. (The body is also read where
//! it is defined, with its parameters unknown.)

use crate::argv::quote;
use crate::lexer::matching_close;

/// The functions `text` defines, as `(name, body)`; the last definition of a name wins when calls are looked up.
pub(crate) fn defined(text: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    if !text.contains("()") && !text.contains("function") {
        return found; // most lines define none
    }
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if !text.is_char_boundary(at) {
            at += 1;
            continue;
        }
        if let Some((name, body_start)) = definition_at(text, at) {
            let (open, close) = if bytes[body_start] == b'{' { (b'{', b'}') } else { (b'(', b')') };
            // A body that never closes is a syntax error to bash: nothing after it runs, and looking on from each
            // later definition would read the rest of the text again and again.
            let Some(body_end) = matching_close(bytes, body_start + 1, open, close) else { break };
            found.push((name, text[body_start + 1..body_end].to_owned()));
            at = body_end + 1;
            continue;
        }
        at += 1;
    }
    found
}

/// A definition starting at `at` (at a word's start): its name, and where its body's `{` or `(` is.
fn definition_at(text: &str, at: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    if at > 0 && !matches!(bytes[at - 1], b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'(' | b'{') {
        return None;
    }
    let is_name = |byte: u8| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.' | b':');
    let skip_blanks = |mut at: usize| {
        while at < bytes.len() && matches!(bytes[at], b' ' | b'\t' | b'\n') {
            at += 1;
        }
        at
    };
    let mut name_start = at;
    let keyword =
        text[at..].starts_with("function") && bytes.get(at + 8).is_some_and(|byte| matches!(byte, b' ' | b'\t'));
    if keyword {
        name_start = skip_blanks(at + 8);
    }
    let mut name_end = name_start;
    while name_end < bytes.len() && is_name(bytes[name_end]) {
        name_end += 1;
    }
    if name_end == name_start {
        return None;
    }
    let mut after = skip_blanks(name_end);
    let parentheses = text[after..].starts_with("()");
    if parentheses {
        after = skip_blanks(after + 2);
    } else if !keyword {
        return None;
    }
    matches!(bytes.get(after), Some(b'{' | b'(')).then(|| (text[name_start..name_end].to_owned(), after))
}

/// The body with the positional parameters replaced by `arguments` (the call's words after the name, quotes
/// removed): outside double quotes each argument is quoted as one word, inside them escaped in place (`"$@"` stays
/// one word per argument). Single-quoted text is left as it is.
pub(crate) fn called(body: &str, arguments: &[String]) -> String {
    let mut out = String::with_capacity(body.len());
    let mut characters = body.char_indices().peekable();
    let mut in_single = false;
    let mut in_double = false;
    while let Some((at, character)) = characters.next() {
        match character {
            '\'' if !in_double => in_single = !in_single,
            '"' if !in_single => in_double = !in_double,
            '\\' if !in_single => {
                out.push(character);
                if let Some((_, next)) = characters.next() {
                    out.push(next);
                }
                continue;
            }
            '$' if !in_single => {
                if let Some((length, replacement)) = parameter(&body[at + 1..], arguments, in_double) {
                    out.push_str(&replacement);
                    for _ in 0..length {
                        characters.next();
                    }
                    continue;
                }
            }
            _ => {}
        }
        out.push(character);
    }
    out
}

/// The positional parameter at the start of `rest` (just after a `$`): how many characters it takes and what it
/// expands to.
fn parameter(rest: &str, arguments: &[String], in_double: bool) -> Option<(usize, String)> {
    let (length, name) = match rest.as_bytes() {
        [b'{', ..] => {
            let close = rest.find('}')?;
            (close + 1, &rest[1..close])
        }
        [first, ..] if first.is_ascii_digit() || matches!(first, b'@' | b'*' | b'#') => (1, &rest[..1]),
        _ => return None,
    };
    let one = |text: &str| if in_double { escaped(text) } else { quote(text) };
    let replacement = match name {
        "@" if in_double => arguments.iter().map(|argument| escaped(argument)).collect::<Vec<_>>().join("\" \""),
        "@" | "*" if !in_double => arguments.iter().map(|argument| quote(argument)).collect::<Vec<_>>().join(" "),
        "*" => escaped(&arguments.join(" ")),
        "#" => arguments.len().to_string(),
        "0" => return None,
        digits if digits.bytes().all(|byte| byte.is_ascii_digit()) => {
            let index: usize = digits.parse().ok()?;
            arguments.get(index.checked_sub(1)?).map_or_else(String::new, |argument| one(argument))
        }
        _ => return None,
    };
    Some((length, replacement))
}

/// Text as it may stand inside double quotes.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars() {
        if matches!(character, '"' | '\\' | '$' | '`') {
            out.push('\\');
        }
        out.push(character);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn definitions_in_each_spelling_are_found_with_their_bodies() {
        let found = defined("g() { git \"$@\"; }; function h { echo '}'; rm -rf \"$1\"; }; function k() (ls); g x");
        let names: Vec<&str> = found.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(names, ["g", "h", "k"]);
        assert_eq!(found[0].1, " git \"$@\"; ");
        assert_eq!(found[1].1, " echo '}'; rm -rf \"$1\"; ");
        assert_eq!(found[2].1, "ls");
        assert!(defined("git log --format='%s()'").is_empty(), "no body");
        assert!(defined("cargo build").is_empty());
        // An unclosed body ends the search (bash stops there too): what follows it defines nothing.
        assert!(defined("f() { x; g() { y; }").is_empty());
        assert_eq!(defined("g() { y; }; f() { x").len(), 1);
    }

    #[test]
    fn a_call_runs_the_body_with_its_arguments_in_place() {
        let arguments = ["push".to_owned(), "--force".to_owned(), "a b".to_owned()];
        assert_eq!(called(" git \"$@\"; ", &arguments), " git \"push\" \"--force\" \"a b\"; ");
        assert_eq!(called("git $@", &arguments), "git push --force 'a b'");
        assert_eq!(called("git $1 $2", &arguments), "git push --force");
        assert_eq!(called("git ${1} \"${2}\" $9", &arguments), "git push \"--force\" ");
        assert_eq!(called("echo \"$*\" $#", &arguments), "echo \"push --force a b\" 3");
        assert_eq!(called("echo '$1' $0 $HOME", &arguments), "echo '$1' $0 $HOME", "single quotes, $0, others");
        assert_eq!(called("echo \"$1\"", &["a\"b$c".to_owned()]), "echo \"a\\\"b\\$c\"");
        assert_eq!(called("echo ${00} ${x}", &arguments), "echo ${00} ${x}", "not a positional parameter");
    }
}
