//! The commands text-processing programs' scripts run: awk's `system("CMD")`, `"CMD" | getline` and `print … |
//! "CMD"`, sed's `e CMD` command and `s/…/…/e` flag (whose replacement runs), and sqlite3's dot-commands. What runs is given as shell
//! scripts; text printed into a pipe to a shell cannot be known before it runs ([`FilterRuns::unknown`]).

use crate::argv::{quote, Order, Parsed};
use crate::lexer::Word;
use crate::programs::{Filter, Program};

/// What a filter's script runs.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct FilterRuns {
    /// Shell scripts it runs.
    pub scripts: Vec<String>,
    /// It feeds text it computes to a shell (`print | "sh"`): what runs cannot be known.
    pub unknown: bool,
}

/// The script texts of a filter's command: its `-e`/`--expression`/`--source` values, else its first operand
/// (unless a `-f` file gives the script).
fn script_texts<'w>(argv: &'w [Word], program: &Program, filter: Filter) -> Vec<&'w str> {
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    let (letters, longs): (&[char], &[&str]) = match filter {
        Filter::Awk => (&['e'], &["source"]),
        Filter::Sed => (&['e'], &["expression"]),
        Filter::Sqlite => return sqlite_texts(argv, program),
    };
    let mut texts: Vec<&str> = parsed.values(letters, longs).iter().map(|value| value.text()).collect();
    if texts.is_empty() && parsed.values(&['f'], &["file"]).is_empty() {
        texts.extend(parsed.operands().next().map(|word| word.text.as_str()));
    }
    texts
}

/// `sqlite3 [OPTIONS] DATABASE [SQL…]`: the `-cmd` values and every operand after the database. Its options take one
/// dash or two (`-cmd`, `--cmd`); those its entry lists take a value.
fn sqlite_texts<'w>(argv: &'w [Word], program: &Program) -> Vec<&'w str> {
    let mut texts = Vec::new();
    let mut database_seen = false;
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        match text.strip_prefix("--").or_else(|| text.strip_prefix('-')) {
            Some(name) if !name.is_empty() => {
                if program.options.long.contains(&name) {
                    let value = words.next();
                    if name == "cmd" {
                        texts.extend(value.map(|value| value.text.as_str()));
                    }
                }
            }
            _ if !database_seen => database_seen = true,
            _ => texts.push(text),
        }
    }
    texts
}

/// What the filter command `argv` (its program's entry: `program`) runs; `stdin`, the text fed to it when the line
/// knows it (sqlite3 reads its commands there too).
pub(crate) fn runs(argv: &[Word], program: &Program, filter: Filter, stdin: Option<&str>) -> FilterRuns {
    let mut found = FilterRuns::default();
    for text in script_texts(argv, program, filter) {
        match filter {
            Filter::Awk => awk(text, &mut found),
            Filter::Sed => sed(text, &mut found),
            Filter::Sqlite => sqlite(text, &mut found),
        }
    }
    if let (Filter::Sqlite, Some(text)) = (filter, stdin) {
        sqlite(text, &mut found);
    }
    found
}

/// sqlite3's dot-commands in `text` (each on a line of its own): `.shell CMD` and `.system CMD` run CMD; `.output
/// FILE`, `.once FILE`, `.save FILE` and `.backup FILE` write FILE (read as a shell redirection to it), and
/// `.output |CMD` or `.once |CMD` run CMD.
fn sqlite(text: &str, found: &mut FilterRuns) {
    for line in text.lines().map(str::trim_start) {
        let Some(rest) = line.strip_prefix('.') else { continue };
        let (command, argument) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let argument = argument.trim();
        match command {
            "shell" | "system" => found.scripts.push(argument.to_owned()),
            "output" | "once" | "save" | "backup" => {
                // Options (`--bom`, `-x`) come first; a `|` starts a command.
                let operands = argument.split_whitespace().skip_while(|word| word.starts_with('-'));
                let rest = operands.collect::<Vec<_>>().join(" ");
                if let Some(piped) = rest.strip_prefix('|') {
                    found.scripts.push(piped.trim().to_owned());
                } else if let Some(target) = rest.split_whitespace().last() {
                    found.scripts.push(format!(": > {}", quote(target.trim_matches(['"', '\'']))));
                }
            }
            _ => {}
        }
    }
}

/// The string literals of an awk program, each with the text before and after it (trimmed).
fn awk_strings(text: &str) -> Vec<(&str, String, &str)> {
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] != b'"' {
            at += 1;
            continue;
        }
        let start = at;
        let mut literal = String::new();
        at += 1;
        while at < bytes.len() && bytes[at] != b'"' {
            if bytes[at] == b'\\' && at + 1 < bytes.len() {
                literal.push(match bytes[at + 1] {
                    b'n' => '\n',
                    b't' => '\t',
                    other => other as char,
                });
                at += 2;
                continue;
            }
            let character = text[at..].chars().next().unwrap_or(' ');
            literal.push(character);
            at += character.len_utf8();
        }
        let end = (at + 1).min(bytes.len());
        found.push((text[..start].trim_end(), literal, text[end..].trim_start()));
        at = end;
    }
    found
}

fn awk(text: &str, found: &mut FilterRuns) {
    for (before, literal, after) in awk_strings(text) {
        let called = before.ends_with("system(") || before.ends_with("system (");
        let read_from = after.starts_with('|') && after[1..].trim_start().starts_with("getline");
        let printed_into = before.ends_with('|') && !before.ends_with("||");
        if called || read_from {
            found.scripts.push(literal);
        } else if printed_into {
            // `print X | "CMD"`: CMD runs; a shell there runs what is printed, which is computed.
            let program = literal.split_whitespace().next().unwrap_or("");
            if crate::programs::lookup(program).is_some_and(Program::is_shell) {
                found.unknown = true;
            }
            found.scripts.push(literal);
        }
    }
}

/// sed's commands in a script: `e CMD` (the rest of the line, or of the `-e` value), and `s/RE/REPLACEMENT/FLAGS`
/// with an `e` flag (the replacement is what runs, once substituted — its literal text is the best reading).
fn sed(text: &str, found: &mut FilterRuns) {
    for line in text.split(['\n', ';']) {
        let line = line.trim_start();
        // An address before the command (`1e CMD`, `$e`, `/x/e`): digits, `$`, `,`, a `/…/` regex.
        let command = skip_address(line);
        if let Some(rest) = command.strip_prefix('e') {
            if rest.is_empty() || rest.starts_with([' ', '\t']) {
                let script = rest.trim();
                // `e` alone runs the pattern space: text the script computes.
                if script.is_empty() {
                    found.unknown = true;
                } else {
                    found.scripts.push(script.to_owned());
                }
            }
            continue;
        }
        if let Some(rest) = command.strip_prefix('s') {
            if let Some((replacement, flags)) = substitution(rest) {
                if flags.contains('e') {
                    found.scripts.push(replacement);
                }
            }
        }
    }
}

fn skip_address(line: &str) -> &str {
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == '$' || c == ',' || c == '!');
        if let Some(regex) = trimmed.strip_prefix('/') {
            match regex.find('/') {
                Some(end) => rest = &regex[end + 1..],
                None => return "",
            }
            continue;
        }
        return trimmed.trim_start();
    }
}

/// `/RE/REPLACEMENT/FLAGS` (any delimiter): the replacement and the flags.
fn substitution(rest: &str) -> Option<(String, &str)> {
    let delimiter = rest.chars().next()?;
    if delimiter.is_alphanumeric() || delimiter.is_whitespace() {
        return None;
    }
    let body = &rest[delimiter.len_utf8()..];
    let mut parts = body.splitn(3, delimiter);
    let (_, replacement, flags) = (parts.next()?, parts.next()?, parts.next()?);
    let flags = flags.split(|c: char| c.is_whitespace() || c == '}').next().unwrap_or("");
    Some((replacement.to_owned(), flags))
}
