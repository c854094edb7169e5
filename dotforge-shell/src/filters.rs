//! The commands text-processing programs' scripts run: awk's `system("CMD")`, `"CMD" | getline` and `print … |
//! "CMD"`, sed's `e CMD` command and `s/…/…/e` flag (whose replacement runs); and, through [`crate::consoles`], the
//! shell escapes of database and debugger consoles. What runs is given as shell
//! scripts; text printed into a pipe to a shell cannot be known before it runs ([`FilterRuns::unknown`]).

use crate::argv::{quote, Order, Parsed};
use crate::consoles;
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
        Filter::Console(_) => return Vec::new(),
    };
    let mut texts: Vec<&str> = parsed.values(letters, longs).iter().map(|value| value.text()).collect();
    if texts.is_empty() && parsed.values(&['f'], &["file"]).is_empty() {
        texts.extend(parsed.operands().next().map(|word| word.text.as_str()));
    }
    texts
}

/// What the filter command `argv` (its program's entry: `program`) runs; `stdin`, the text fed to it when the line
/// knows it (sqlite3 reads its commands there too).
pub(crate) fn runs(argv: &[Word], program: &Program, filter: Filter, stdin: Option<&str>) -> FilterRuns {
    let mut found = FilterRuns::default();
    if let Filter::Console(console) = filter {
        found.scripts = consoles::runs(argv, console, stdin);
        return found;
    }
    for text in script_texts(argv, program, filter) {
        match filter {
            Filter::Awk => awk(text, &mut found),
            Filter::Sed => sed(text, &mut found),
            Filter::Console(_) => {}
        }
    }
    found
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

/// The files an awk program's `print`/`printf` statements write with `>` (truncating them first: `BEGIN { printf
/// "" > "notes.md" }`); `>>` appends and keeps them.
pub(crate) fn awk_truncated_files(text: &str) -> Vec<String> {
    awk_strings(text)
        .into_iter()
        .filter(|(before, _, _)| {
            let Some(redirected) = before.strip_suffix('>') else { return false };
            // In a print statement (`print x > "f"`), not a comparison in a pattern (`$1 > "m"`).
            let statement = redirected.rsplit([';', '{', '}']).next().unwrap_or("");
            !redirected.ends_with('>') && statement.trim_start().starts_with("print")
        })
        .map(|(_, literal, _)| literal)
        .collect()
}

/// sed's commands in a script: `e CMD` (the rest of the line, or of the `-e` value), `w FILE` and `r FILE` (written
/// as the commands that write and read FILE), and `s/RE/REPLACEMENT/FLAGS`
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
        // `w FILE` writes (truncates first) FILE, `r FILE` reads it into the output.
        if let Some(rest) = command.strip_prefix(['w', 'W', 'r', 'R']) {
            let file = rest.trim();
            if rest.starts_with([' ', '\t']) && !file.is_empty() && !file.starts_with("/dev/std") {
                let writes = command.starts_with(['w', 'W']);
                found.scripts.push(format!("{} {}", if writes { ": >" } else { "cat" }, quote(file)));
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

#[cfg(test)]
mod tests {
    #[test]
    fn awk_print_redirections_truncate_their_files() {
        assert_eq!(super::awk_truncated_files("BEGIN { printf \"\" > \"notes.md\" }"), ["notes.md"]);
        assert_eq!(super::awk_truncated_files("{ print $0 > \"/tmp/out\"; print > \"b\" }"), ["/tmp/out", "b"]);
        assert!(super::awk_truncated_files("{ print >> \"log\" }").is_empty());
        assert!(super::awk_truncated_files("$1 > \"m\" { print }").is_empty());
    }
}
