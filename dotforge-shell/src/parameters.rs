//! Parameter expansions inside a word, read as far as they can be before the line runs: a variable the line set
//! stands for its value wherever it is (`d=.forge; rm -rf "$d/audit"`); `${NAME:?}` is `$NAME` (as written when not
//! known: whatever it is, it is not empty); `${NAME:-WORD}` (and `-`, `:=`, `=`) is the variable when the line set it
//! or the hook knows it (the home, the working folder, the project), and otherwise its default, which is what runs
//! when the variable is unset; `${NAME:+WORD}` is
//! `WORD`; `${NAME%PATTERN}` and its kin trim a known value (`${PWD%/*}` is the parent); `$(pwd)` is `$PWD`, `$(cd
//! .. && pwd)` `$PWD/..`, `$(git rev-parse --show-toplevel)` the work tree's top. What stays unknown stays as
//! written.

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

/// The text after a substitution at the start of `text` that makes a file or folder in the system's temporary folder
/// and prints its path (`$(mktemp -d)`, `$(mktemp -t build.XXXXXX)`): one not placed elsewhere by `-p DIR`,
/// `--tmpdir=DIR` or a template with a folder in it.
fn temporary_substitution(text: &str) -> Option<&str> {
    let (body, after) = leading_substitution(text)?;
    let mut words = body.split_whitespace();
    if words.next() != Some("mktemp") {
        return None;
    }
    let elsewhere =
        words.any(|word| word.starts_with("-p") || word.starts_with("--tmpdir=") || word.contains(['/', '$']));
    (!elsewhere).then_some(after)
}

/// The command of a `$(…)` at the start of `text`, and the text after it.
fn leading_substitution(text: &str) -> Option<(&str, &str)> {
    let inner = text.strip_prefix("$(")?;
    let end = crate::lexer::matching_close(inner.as_bytes(), 0, b'(', b')')?;
    Some((&inner[..end], &inner[end + 1..]))
}

/// The text after a substitution at the start of `text` that prints the home folder, when it is one: the user's
/// entry in the password database (`$(getent passwd "$(id -un)" | cut -d: -f6)`), `$(echo ~)`, `$(cd && pwd)`.
fn home_substitution(text: &str) -> Option<&str> {
    let (body, after) = leading_substitution(text)?;
    let body: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let passwd = (body.starts_with("getent passwd") || body.contains("/etc/passwd"))
        && (body.contains("-f6") || body.contains("-f 6") || body.contains("$6"));
    let spelled =
        matches!(body.as_str(), "echo ~" | "echo ~/" | "eval echo ~" | "cd && pwd" | "cd ~ && pwd" | "cd; pwd");
    (passwd || spelled).then_some(after)
}

/// A substitution at the start of `text` that prints a folder named in it: one that changes folder and prints
/// where it is (`$(cd .. && pwd)`, `$(cd src; pwd -P)`), resolves a path (`$(realpath ..)`, `$(readlink -f ..)`, as
/// Windows names it: `$(wslpath -w ..)`) or names a path's folder (`$(dirname "$PWD")`): that folder, from the
/// working one, and the text after it. The path may itself be an expansion this module reads (`$(dirname
/// "$(pwd)")`); a glob, or a variable the hook does not know, is not read.
fn folder_substitution<'t>(text: &'t str, variables: &[(String, String)]) -> Option<(String, &'t str)> {
    let (body, after) = leading_substitution(text)?;
    let words: Vec<&str> = body.split_whitespace().collect();
    let (path, parent) = match words.as_slice() {
        ["cd", folder, "&&" | ";", "pwd", printed @ ..] if plain_pwd(printed) => (*folder, false),
        ["cd", folder, "pwd", printed @ ..] if folder.ends_with(';') && plain_pwd(printed) => (*folder, false),
        ["realpath" | "readlink", options @ .., path] if options.iter().all(|option| option.starts_with('-')) => {
            let canonical =
                words[0] == "realpath" || options.iter().any(|option| matches!(*option, "-f" | "-e" | "-m"));
            (*path, !canonical)
        }
        ["dirname", path] => (*path, true),
        // The same file as Windows names it (`$(wslpath -w notes.md)`, `$(cygpath -w src)`); not a Windows path turned
        // into this system's (`-u`), which names another folder than the text does.
        ["wslpath" | "cygpath", options @ .., path]
            if options.iter().all(|option| matches!(*option, "-w" | "-m" | "-a" | "-wa" | "-aw")) =>
        {
            (*path, false)
        }
        _ => return None,
    };
    if words[0] == "readlink" && parent {
        return None; // `readlink LINK` prints where a link points, not a folder named here
    }
    let path = path.trim_end_matches(';').trim_matches(|c| c == '"' || c == '\'');
    let path = if path.contains(['$', '`']) { expand_text(path, variables) } else { path.to_owned() };
    if path.contains(['*', '?', '[']) || path == "-" || !resolvable(&path) {
        return None; // a glob, or a variable the hook does not know: as written
    }
    let absolute = match path.as_str() {
        _ if path.starts_with(['/', '$']) => path.clone(),
        "~" => "$HOME".to_owned(),
        _ if path.starts_with("~/") => format!("$HOME{}", &path[1..]),
        _ => format!("$PWD/{path}"),
    };
    let folder = if words[0] == "dirname" { format!("{}/..", absolute.trim_end_matches('/')) } else { absolute };
    Some((folder, after))
}

/// What follows `pwd` in a substitution that prints the folder: nothing, or `-P`/`-L`.
fn plain_pwd(printed: &[&str]) -> bool {
    printed.iter().all(|word| matches!(*word, "-P" | "-L"))
}

/// `word` with the expansions inside it read (see the module); a word without `$` or a backquote is returned as
/// it is.
/// The shell's parameters whose value is always a number (`$$`, `$RANDOM`, `$BASHPID`…), in both spellings.
const NUMBERS: &[&str] = &[
    "$$",
    "${$}",
    "$RANDOM",
    "${RANDOM}",
    "$BASHPID",
    "${BASHPID}",
    "$PPID",
    "${PPID}",
    "$SECONDS",
    "${SECONDS}",
    "$EPOCHSECONDS",
    "${EPOCHSECONDS}",
    "$SRANDOM",
    "${SRANDOM}",
];

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
        if let Some((folder, after)) = folder_substitution(rest, variables) {
            out.push_str(&folder);
            rest = after;
            continue;
        }
        if let Some(after) = temporary_substitution(rest) {
            out.push_str("/tmp/tmp.4242");
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
            let expanded = braced(body, &value_of);
            rest = &inner[end + 1..];
            // An unknown variable written `$NAME` keeps its braces before a character that would go on with the
            // name (`${A}b` is not `$Ab`).
            let goes_on = rest.starts_with(|character: char| character.is_ascii_alphanumeric() || character == '_');
            match expanded.strip_prefix('$').filter(|name| goes_on && *name == body) {
                Some(name) => out.push_str(&format!("${{{name}}}")),
                None => out.push_str(&expanded),
            }
            continue;
        }
        // A number the shell makes up (its process id, a random number, the seconds) in a path: some digits, which
        // name no other folder (`/tmp/scratch-$$` is a folder in `/tmp`). (Not a program's name, which no number is.)
        // (The path the number is part of, in a word that may be a script: `sh -c 'cd / && echo $$'` has none.)
        let path_so_far = out.rsplit(|c: char| c.is_whitespace() || "'\"();|&<>`".contains(c)).next().unwrap_or("");
        let in_a_path = path_so_far.contains('/');
        if let Some(after) = NUMBERS.iter().filter(|_| in_a_path).find_map(|spelling| {
            rest.strip_prefix(spelling).filter(|after| {
                spelling.ends_with('}')
                    || spelling == &"$$"
                    || !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            })
        }) {
            out.push_str("4242");
            rest = after;
            continue;
        }
        if let Some(name_and_more) = rest.strip_prefix('$') {
            // A positional parameter is one digit (`$12` is `${1}2`), known after `set -- …` (a `sh -c` script's
            // arguments are read so); a variable's name runs on.
            let length = match name_and_more.as_bytes().first() {
                Some(digit) if digit.is_ascii_digit() => 1,
                _ => name_and_more.bytes().take_while(|byte| byte.is_ascii_alphanumeric() || *byte == b'_').count(),
            };
            let name = &name_and_more[..length];
            match (length > 0).then(|| value_of(name)).flatten() {
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
    if let Some(trimmed) = trimmed(name, operator, value_of) {
        return trimmed;
    }
    let (op, word) = match operator.char_indices().find(|(_, character)| !matches!(character, ':')) {
        Some((at, character)) if "-=?+".contains(character) => (&operator[..at + 1], &operator[at + 1..]),
        _ if operator.is_empty() => return variable(),
        _ => return as_written(),
    };
    match op.trim_start_matches(':') {
        // (`${NAME:?}` of a variable not known here stays as written: whatever it is, it is not empty.)
        "?" if op == ":?" && !known() => as_written(),
        "?" => variable(),
        "-" | "=" if known() => variable(),
        "-" | "=" => expand_text(word, &[]),
        "+" => expand_text(word, &[]),
        _ => as_written(),
    }
}

/// `${NAME%PATTERN}`, `%%`, `#` and `##`: a suffix or prefix matching the pattern removed. Applied to a value the
/// line set; on a folder the hook knows (`$HOME`, `$PWD`, the project), `%/*` is its parent (`${PWD%/*}` is
/// `$PWD/..`, each further `/*` one more level up). `None` for another operator; the expansion as written when its
/// result is not known here.
fn trimmed(name: &str, operator: &str, value_of: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let (from_end, longest, pattern) = if let Some(pattern) = operator.strip_prefix("%%") {
        (true, true, pattern)
    } else if let Some(pattern) = operator.strip_prefix('%') {
        (true, false, pattern)
    } else if let Some(pattern) = operator.strip_prefix("##") {
        (false, true, pattern)
    } else {
        (false, false, operator.strip_prefix('#')?)
    };
    let as_written = || format!("${{{name}{operator}}}");
    let pattern = pattern.trim_matches(|c| c == '"' || c == '\'');
    if pattern.contains(['$', '`', '[', '\\']) {
        return Some(as_written());
    }
    if let Some(value) = value_of(name) {
        return Some(trim_glob(&value, pattern, from_end, longest).unwrap_or(value));
    }
    let levels = pattern.strip_suffix("/*").map(|rest| rest.matches("/*").count() + 1);
    let parents = levels.filter(|levels| from_end && !longest && pattern.len() == 2 * levels);
    Some(match parents {
        Some(levels) if KNOWN_TO_THE_HOOK.contains(&name) => format!("${name}{}", "/..".repeat(levels)),
        // (A folder the hook knows never ends in `/`: `${HOME%/}` is the home.)
        None if from_end && pattern == "/" && KNOWN_TO_THE_HOOK.contains(&name) => format!("${name}"),
        _ => as_written(),
    })
}

/// `value` without the shortest (or longest) suffix (or prefix) that the glob `pattern` (`*`, `?`, other characters
/// as themselves) matches; `None` when none matches.
fn trim_glob(value: &str, pattern: &str, from_end: bool, longest: bool) -> Option<String> {
    let cuts: Vec<usize> = value.char_indices().map(|(at, _)| at).chain([value.len()]).collect();
    let matching = |at: &usize| {
        let part = if from_end { &value[*at..] } else { &value[..*at] };
        glob_matches(pattern.as_bytes(), part.as_bytes())
    };
    // Shortest suffix: the last cut that matches; longest suffix: the first. For prefixes, the other way round.
    let cut = if from_end == longest {
        cuts.iter().find(|at| matching(at))
    } else {
        cuts.iter().rev().find(|at| matching(at))
    };
    cut.map(|at| if from_end { value[..*at].to_owned() } else { value[*at..].to_owned() })
}

/// Whether a glob (`*`, `?`, other bytes as themselves) matches all of `text`: one pass that returns to the last
/// star on a mismatch (at most the pattern's length times the text's).
fn glob_matches(pattern: &[u8], text: &[u8]) -> bool {
    let (mut at_pattern, mut at_text) = (0, 0);
    let mut last_star: Option<(usize, usize)> = None;
    while at_text < text.len() {
        match pattern.get(at_pattern) {
            Some(b'*') => {
                last_star = Some((at_pattern, at_text));
                at_pattern += 1;
            }
            Some(&byte) if byte == b'?' || byte == text[at_text] => {
                at_pattern += 1;
                at_text += 1;
            }
            _ => match last_star {
                Some((star, from)) => {
                    last_star = Some((star, from + 1));
                    at_pattern = star + 1;
                    at_text = from + 1;
                }
                None => return false,
            },
        }
    }
    pattern[at_pattern..].iter().all(|byte| *byte == b'*')
}

/// A path under the home or the working folder named by its variable (`$HOME/x`, `${PWD}/x`) with nothing else
/// unknown: the variable's name and the rest.
pub(crate) fn variable_location(text: &str) -> Option<(&'static str, &str)> {
    let spellings = [("HOME", "$HOME/"), ("HOME", "${HOME}/"), ("PWD", "$PWD/"), ("PWD", "${PWD}/")];
    let (name, rest) = spellings.iter().find_map(|(name, start)| Some((*name, text.strip_prefix(start)?)))?;
    (!rest.contains(['$', '`'])).then_some((name, rest))
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
    fn an_unknown_variable_keeps_its_braces_before_a_name_character() {
        assert_eq!(super::expand_text("${A}b ${A}/x ${A}", &[]), "${A}b $A/x $A");
        assert_eq!(super::expand_text("${A}b", &[("A".to_owned(), "git".to_owned())]), "gitb");
    }

    #[test]
    fn operators_read_as_what_runs() {
        assert_eq!(read("${HOME:?}/", &[]), "$HOME/");
        assert_eq!(read("${OUT:?}/", &[]), "${OUT:?}/", "never empty, whatever it is");
        assert_eq!(read("${OUT:?}/", &[("OUT", "dist")]), "dist/");
        assert_eq!(read("${OUT?}/", &[]), "$OUT/", "set, but perhaps empty");
        // A number the shell makes up is some digits in a path, and no program of a script.
        assert_eq!(read("/tmp/scratch-$$", &[]), "/tmp/scratch-4242");
        assert_eq!(read("/tmp/x-$RANDOM.log", &[]), "/tmp/x-4242.log");
        assert_eq!(read("'$(/ $$'", &[]), "'$(/ $$'");
        assert_eq!(read("cd / && echo $$", &[]), "cd / && echo $$");
        assert_eq!(read("${HOME:-/tmp}", &[]), "$HOME");
        assert_eq!(read("${TMPDIR:-/tmp}/myapp-test", &[]), "/tmp/myapp-test");
        assert_eq!(read("${TMPDIR:-/tmp}/x", &[("TMPDIR", "/")]), "//x");
        assert_eq!(read("${BUILD_DIR:-build}", &[]), "build");
        assert_eq!(read("${X:+--force}", &[]), "--force");
        assert_eq!(read("$(pwd)/build", &[]), "$PWD/build");
        assert_eq!(read("$(git rev-parse --show-toplevel)/.forge", &[]), "$DOTFORGE_GIT_TOPLEVEL/.forge");
        assert_eq!(read("`pwd`", &[]), "$PWD");
        assert_eq!(read("$(cd .. && pwd)", &[]), "$PWD/..");
        assert_eq!(read("$(cd ../.. ; pwd -P)/x", &[]), "$PWD/../../x");
        assert_eq!(read("$(cd /srv && pwd)", &[]), "/srv");
        assert_eq!(read("$(cd ..; pwd)", &[]), "$PWD/..");
        assert_eq!(read("$(cd ~/w && pwd)", &[]), "$HOME/w");
        assert_eq!(read("$(cd \"$X\" && pwd)", &[]), "$(cd \"$X\" && pwd)", "an unknown folder: as written");
        assert_eq!(read("$(cd .. && pwd && ls)", &[]), "$(cd .. && pwd && ls)");
        assert_eq!(read("$(dirname \"$(pwd)\")", &[]), "$PWD/..");
        assert_eq!(read("$(dirname \"$PWD\")/x", &[]), "$PWD/../x");
        assert_eq!(read("$(dirname $p)", &[("p", "/srv/app")]), "/srv/app/..");
        assert_eq!(read("$(realpath ..)", &[]), "$PWD/..");
        assert_eq!(read("$(wslpath -w notes.md)", &[]), "$PWD/notes.md");
        assert_eq!(read("$(wslpath -u 'C:\\x')", &[]), "$(wslpath -u 'C:\\x')", "a Windows path stays unread");
        assert_eq!(read("$(wslpath -w \"$HOME\")", &[]), "$HOME");
        assert_eq!(read("$(readlink -f ../..)", &[]), "$PWD/../..");
        assert_eq!(read("$(readlink .forge)", &[]), "$(readlink .forge)", "a link's target is not read");
        assert_eq!(read("$(dirname $X)", &[]), "$(dirname $X)");
        assert_eq!(read("$(realpath src/*)", &[]), "$(realpath src/*)");
        assert_eq!(read("$d/audit", &[("d", ".forge")]), ".forge/audit");
        assert_eq!(read("${d}/x", &[("d", ".forge")]), ".forge/x");
        assert_eq!(read("$dx/y", &[("d", ".forge")]), "$dx/y");
        assert_eq!(read("${#X}", &[]), "${#X}");
        assert_eq!(read("$1/x", &[]), "$1/x");
        // Positional parameters, known after `set -- …`: one digit each.
        assert_eq!(read("$1/x", &[("1", ".forge")]), ".forge/x");
        assert_eq!(read("$12", &[("1", "a"), ("12", "b")]), "a2");
        assert_eq!(read("${12}", &[("1", "a"), ("12", "b")]), "b");
    }

    #[test]
    fn trimming_operators_read_known_values_and_known_folders() {
        assert_eq!(read("${PWD%/*}", &[]), "$PWD/..");
        assert_eq!(read("${HOME%/}", &[]), "$HOME");
        assert_eq!(read("${HOME%/*/*}/x", &[]), "$HOME/../../x");
        assert_eq!(read("${f%.rs}.bak", &[("f", "src/main.rs")]), "src/main.bak");
        assert_eq!(read("${f%/*}", &[("f", "/home/dev/acme-api/src")]), "/home/dev/acme-api");
        assert_eq!(read("${f%%/*}", &[("f", "src/a/b")]), "src");
        assert_eq!(read("${f#*/}", &[("f", "src/a/b")]), "a/b");
        assert_eq!(read("${f##*/}", &[("f", "src/a/b")]), "b");
        assert_eq!(read("${f%.x}", &[("f", "a.rs")]), "a.rs", "no match: the value");
        // Not known here: as written.
        assert_eq!(read("${PWD%%/*}", &[]), "${PWD%%/*}");
        assert_eq!(read("${PWD#/home}", &[]), "${PWD#/home}");
        assert_eq!(read("${X%/*}", &[]), "${X%/*}");
        assert_eq!(read("${f%[0-9]}", &[("f", "a1")]), "${f%[0-9]}");
        assert!(glob_matches(b"*a*b?", b"xxaybz") && !glob_matches(b"*a*b?", b"xxayb") && glob_matches(b"**", b""));
    }
}
