//! Parameter expansions inside a word, read as far as they can be before the line runs: a variable the line set
//! stands for its value wherever it is (`d=.forge; rm -rf "$d/audit"`); `${NAME:?}` is `$NAME`; `${NAME:-WORD}`
//! (and `-`, `:=`, `=`) is the variable when the line set it or the hook knows it (the home, the working folder,
//! the project), and otherwise its default, which is what runs when the variable is unset; `${NAME:+WORD}` is
//! `WORD`; `$(pwd)` is `$PWD`, `$(git rev-parse --show-toplevel)` the work tree's top. What stays unknown stays as written.

use crate::lexer::Word;

/// Variables the hook resolves itself (see the runtime's path resolution), so `${HOME:-/x}` stays `$HOME`.
const KNOWN_TO_THE_HOOK: &[&str] = &["HOME", "PWD", "CLAUDE_PROJECT_DIR"];

/// What `git rev-parse --show-toplevel` prints: the work tree holding the working directory, which the hook finds
/// (see the runtime's path resolution).
pub const GIT_TOPLEVEL: &str = "$DOTFORGE_GIT_TOPLEVEL";

/// The spellings of that substitution.
const GIT_TOPLEVEL_SPELLINGS: &[&str] = &["$(git rev-parse --show-toplevel)", "`git rev-parse --show-toplevel`"];

/// A word whose only expansions are variables the hook knows (`$HOME`, `$CLAUDE_PROJECT_DIR`, `$PWD`).
pub(crate) fn resolvable(text: &str) -> bool {
    let known = ["$HOME", "${HOME}", "$CLAUDE_PROJECT_DIR", "${CLAUDE_PROJECT_DIR}", "$PWD", "${PWD}", GIT_TOPLEVEL];
    let rest = known.iter().fold(text.to_owned(), |text, variable| text.replace(variable, ""));
    !rest.contains('$') && !rest.contains('`')
}

/// The text after a substitution at the start of `text` that prints the home folder, when it is one: the user's
/// entry in the password database (`$(getent passwd "$(id -un)" | cut -d: -f6)`), `$(echo ~)`, `$(cd && pwd)`.
fn home_substitution(text: &str) -> Option<&str> {
    let inner = text.strip_prefix("$(")?;
    let end = crate::lexer::matching_close(inner.as_bytes(), 0, b'(', b')')?;
    let body: String = inner[..end].split_whitespace().collect::<Vec<_>>().join(" ");
    let passwd = (body.starts_with("getent passwd") || body.contains("/etc/passwd"))
        && (body.contains("-f6") || body.contains("-f 6") || body.contains("$6"));
    let spelled =
        matches!(body.as_str(), "echo ~" | "echo ~/" | "eval echo ~" | "cd && pwd" | "cd ~ && pwd" | "cd; pwd");
    (passwd || spelled).then(|| &inner[end + 1..])
}

/// `word` with the expansions inside it read (see the module); a word without `$` or a backquote is returned as
/// it is.
pub(crate) fn expand(word: Word, variables: &[(String, String)]) -> Word {
    if !word.dynamic || !(word.text.contains('$') || word.text.contains('`')) {
        return word;
    }
    let text = expand_text(&word.text, variables);
    if text == word.text {
        return word;
    }
    let dynamic = text.contains('$') || text.contains('`');
    Word { text, dynamic, ..word }
}

fn expand_text(text: &str, variables: &[(String, String)]) -> String {
    let value_of = |name: &str| variables.iter().rev().find(|(known, _)| known == name).map(|(_, value)| value.clone());
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(['$', '`']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if let Some(after) =
            ["$(pwd)", "`pwd`", "$(pwd -P)", "$(pwd -L)"].iter().find_map(|spelling| rest.strip_prefix(spelling))
        {
            out.push_str("$PWD");
            rest = after;
            continue;
        }
        if let Some(after) = GIT_TOPLEVEL_SPELLINGS.iter().find_map(|spelling| rest.strip_prefix(spelling)) {
            out.push_str(GIT_TOPLEVEL);
            rest = after;
            continue;
        }
        if let Some(after) = home_substitution(rest) {
            out.push_str("$HOME");
            rest = after;
            continue;
        }
        if let Some(inner) = rest.strip_prefix("${") {
            let Some(end) = inner.find('}') else { break };
            let body = &inner[..end];
            out.push_str(&braced(body, &value_of));
            rest = &inner[end + 1..];
            continue;
        }
        if let Some(name_and_more) = rest.strip_prefix('$') {
            let length = name_and_more.bytes().take_while(|byte| byte.is_ascii_alphanumeric() || *byte == b'_').count();
            let name = &name_and_more[..length];
            match (length > 0 && !name.as_bytes()[0].is_ascii_digit()).then(|| value_of(name)).flatten() {
                Some(value) => out.push_str(&value),
                None => out.push_str(&rest[..1 + length]),
            }
            rest = &name_and_more[length..];
            continue;
        }
        // A backquote that is not `pwd`: kept.
        out.push_str(&rest[..1]);
        rest = &rest[1..];
    }
    out.push_str(rest);
    out
}

/// `text` with each `${NAME<op>WORD}` replaced by its WORD, when it holds any (for the crude reading, which must
/// find whatever the full reading may make of an expansion's default): twice, the WORD set apart by blanks (its
/// words start commands: `bash -c ${X:-CMD}`) and joined to what is around it (`\c${a=* }` is the word `c*`).
pub(crate) fn defaults_in(text: &str) -> Vec<String> {
    if !text.contains("${") {
        return Vec::new();
    }
    [" ", ""].into_iter().filter_map(|blank| with_defaults(text, blank)).collect()
}

fn with_defaults(text: &str, blank: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut changed = false;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let inner = &rest[at + 2..];
        let Some(end) = inner.find('}') else {
            out.push_str(&rest[at..]);
            rest = "";
            break;
        };
        let body = &inner[..end];
        let length = body.bytes().take_while(|byte| byte.is_ascii_alphanumeric() || *byte == b'_').count();
        let operator = body[length..].trim_start_matches(':');
        match operator.chars().next() {
            Some('-' | '=' | '?' | '+') if length > 0 => {
                out.push_str(blank);
                out.push_str(&operator[1..]);
                out.push_str(blank);
                changed = true;
            }
            _ => out.push_str(&rest[at..at + 2 + end + 1]),
        }
        rest = &inner[end + 1..];
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// The inside of `${…}`, read.
fn braced(body: &str, value_of: &dyn Fn(&str) -> Option<String>) -> String {
    let length = body.bytes().take_while(|byte| byte.is_ascii_alphanumeric() || *byte == b'_').count();
    let (name, operator) = body.split_at(length);
    let as_written = || format!("${{{body}}}");
    if name.is_empty() {
        return as_written();
    }
    let variable = || value_of(name).unwrap_or_else(|| format!("${name}"));
    let known = || value_of(name).is_some() || KNOWN_TO_THE_HOOK.contains(&name);
    let (op, word) = match operator.char_indices().find(|(_, character)| !matches!(character, ':')) {
        Some((at, character)) if "-=?+".contains(character) => (&operator[..at + 1], &operator[at + 1..]),
        _ if operator.is_empty() => return variable(),
        _ => return as_written(),
    };
    match op.trim_start_matches(':') {
        "?" => variable(),
        "-" | "=" if known() => variable(),
        "-" | "=" => expand_text(word, &[]),
        "+" => expand_text(word, &[]),
        _ => as_written(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str, variables: &[(&str, &str)]) -> String {
        let variables: Vec<(String, String)> =
            variables.iter().map(|(name, value)| ((*name).to_owned(), (*value).to_owned())).collect();
        let word = Word { text: text.to_owned(), dynamic: true, ..Word::default() };
        expand(word, &variables).text
    }

    #[test]
    fn operators_read_as_what_runs() {
        assert_eq!(read("${HOME:?}/", &[]), "$HOME/");
        assert_eq!(read("${HOME:-/tmp}", &[]), "$HOME");
        assert_eq!(read("${TMPDIR:-/tmp}/myapp-test", &[]), "/tmp/myapp-test");
        assert_eq!(read("${TMPDIR:-/tmp}/x", &[("TMPDIR", "/")]), "//x");
        assert_eq!(read("${BUILD_DIR:-build}", &[]), "build");
        assert_eq!(read("${X:+--force}", &[]), "--force");
        assert_eq!(read("$(pwd)/build", &[]), "$PWD/build");
        assert_eq!(read("$(git rev-parse --show-toplevel)/.forge", &[]), "$DOTFORGE_GIT_TOPLEVEL/.forge");
        assert_eq!(read("`pwd`", &[]), "$PWD");
        assert_eq!(read("$d/audit", &[("d", ".forge")]), ".forge/audit");
        assert_eq!(read("${d}/x", &[("d", ".forge")]), ".forge/x");
        assert_eq!(read("$dx/y", &[("d", ".forge")]), "$dx/y");
        assert_eq!(read("${#X}", &[]), "${#X}");
        assert_eq!(read("$1/x", &[]), "$1/x");
    }
}
