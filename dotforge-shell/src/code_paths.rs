//! The paths a text names, for code given inline and for writers whose targets cannot be known: runs of path
//! characters, literals joined into one, and the home, the working folder and the root as code computes them and
//! destroys them whole. Shared by [`crate::access`], [`crate::losses`] and the reader (code that rewrites the files a
//! later command runs).

use crate::lexer::Word;

/// Words of a text that look like paths (for code given inline, and writers whose targets are unknown): runs of
/// path characters, the home folder as code computes it and uses whole (`rmtree(os.path.expanduser('~'))`,
/// `Path.home()`, `os.homedir()`, `Dir.home`, `$ENV{HOME}`…; not a path built from it) and the root as a string of
/// its own (`'/'`).
pub(crate) fn path_like_words(text: &str) -> Vec<Word> {
    let mut words: Vec<Word> = text
        .split(|character: char| !(character.is_alphanumeric() || "._/~-+@%:=,$".contains(character)))
        .filter(|part| !part.is_empty() && part.chars().any(|c| c.is_alphanumeric()))
        .map(|part| {
            let part = part.trim_matches(|c| c == ':' || c == '=' || c == ',');
            Word { text: part.to_owned(), tilde: part.starts_with('~'), dynamic: part.contains('$'), ..Word::default() }
        })
        .collect();
    // The home and the working folder as code computes them and deletes them whole (`rmtree(Path.home())`,
    // `rmtree(os.getcwd())`; printing them is everyday). (A string `'~'` alone is no home: only a shell expands it.)
    let lowered = text.to_lowercase();
    let deletes = DESTRUCTIVE_CODE.iter().chain(RUNS_A_PROCESS).any(|fragment| lowered.contains(fragment));
    let home = Word { text: "~".to_owned(), tilde: true, ..Word::default() };
    if deletes && HOME_IN_CODE.iter().any(|expression| names_home_itself(text, expression)) {
        words.push(home);
    }
    if quoted_alone(text, "/") {
        words.push(Word { text: "/".to_owned(), ..Word::default() });
    }
    if deletes && CWD_IN_CODE.iter().any(|expression| names_home_itself(text, expression)) {
        words.push(Word { text: ".".to_owned(), ..Word::default() });
    }
    words
}

/// Lower-case fragments of interpreter code that deletes, truncates or writes files: code holding none of them
/// names paths without destroying them (`print(open('x').read())`).
pub(crate) const DESTRUCTIVE_CODE: &[&str] = &[
    "unlink", "remove", "rmtree", "rmdir", "rm_r", "rm_f", "rmsync", "rimraf", "delete", "truncate", "write", "rename",
    "replace", "move", "copy", "shred", "erase", "'w", "\"w", "'>", "\">", "fs.rm(", "rm(",
];

/// Lower-case fragments of interpreter code that starts a process (`os.system('rm -rf ' + …)`).
const RUNS_A_PROCESS: &[&str] = &["rm -", "system", "exec", "spawn", "popen", "subprocess"];

/// How code in the languages the reader knows names the working folder.
const CWD_IN_CODE: &[&str] = &["os.getcwd()", "Path.cwd()", "process.cwd()", "Dir.pwd", "getcwd()", "Deno.cwd()"];

/// [`path_like_words`] of interpreter code: a bare `/word/` — not in quotes — is a regular expression
/// (`print if /TODO/`, `s.match(/x/)`), not the top-level folder `/word`.
pub(crate) fn path_like_words_in_code(code: &str) -> Vec<Word> {
    let mut words = path_like_words(code);
    // Literals joined (`'.'+'forge'`, `".fo" . "rge"`, `'.fo' 'rge'`) name the joined path too.
    if let Some(joined) = literals_joined(code) {
        words.extend(path_like_words(&joined));
    }
    words.retain(|word| {
        let text = word.text.as_str();
        let regex_like =
            text.len() > 2 && text.starts_with('/') && text.ends_with('/') && !text[1..text.len() - 1].contains('/');
        !regex_like || quoted_somewhere(code, text)
    });
    words
}

/// `code` with the closing quote, `+`/`.`/`..` or blanks, and opening quote between two literals taken out, when
/// it holds any: the literals then read as one (`'.'+'forge'` is `'.forge'`).
fn literals_joined(code: &str) -> Option<String> {
    let bytes = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let mut open: Option<u8> = None;
    let mut at = 0;
    let mut changed = false;
    while at < bytes.len() {
        let byte = bytes[at];
        match open {
            None if matches!(byte, b'\'' | b'"') => open = Some(byte),
            Some(_) if byte == b'\\' => {
                // An escaped character stays in the literal.
                out.push('\\');
                at += 1;
                if let Some(next) = code[at..].chars().next() {
                    out.push(next);
                    at += next.len_utf8();
                }
                continue;
            }
            Some(quote) if byte == quote => {
                let mut next = at + 1;
                while next < bytes.len() && matches!(bytes[next], b' ' | b'+' | b'.') {
                    next += 1;
                }
                if next > at + 1 && next < bytes.len() && matches!(bytes[next], b'\'' | b'"') {
                    open = Some(bytes[next]);
                    at = next + 1;
                    changed = true;
                    continue;
                }
                open = None;
            }
            _ => {}
        }
        let character = code[at..].chars().next().unwrap_or(' ');
        out.push(character);
        at += character.len_utf8();
    }
    changed.then_some(out)
}

/// Whether `part` appears in `text` right after a quote.
fn quoted_somewhere(text: &str, part: &str) -> bool {
    text.match_indices(part).any(|(at, _)| text[..at].ends_with(['\'', '"', '`']))
}

/// How code in the languages the reader knows names the home folder.
const HOME_IN_CODE: &[&str] = &[
    "expanduser('~')",
    "expanduser(\"~\")",
    "Path.home()",
    "os.homedir()",
    "homedir()",
    "Dir.home",
    "$ENV{HOME}",
    "$ENV{'HOME'}",
    "$ENV{\"HOME\"}",
    "environ['HOME']",
    "environ[\"HOME\"]",
    "getenv('HOME')",
    "getenv(\"HOME\")",
    "env.HOME",
    "ENV['HOME']",
    "ENV[\"HOME\"]",
    "home_dir()",
];

/// Whether code names the home folder itself with `expression` somewhere: what follows it ends the argument
/// (`rmtree(Path.home())`), rather than going below it (`Path.home() / 'x'`, `join(os.homedir(), 'x')`).
fn names_home_itself(text: &str, expression: &str) -> bool {
    text.match_indices(expression).any(|(at, _)| {
        let after = text[at + expression.len()..].trim_start();
        // A first argument of its own (`rmSync(os.homedir(), {…})`), unless a path is being built from it.
        let building = ["join", "resolve", "Join", "joinpath", "expanduser"].contains(&enclosing_call(&text[..at]));
        after.is_empty() || after.starts_with([')', ';', '\n', ']', '}']) || (after.starts_with(',') && !building)
    })
}

/// The name of the call whose argument list is open at the end of `before` (`os.path.join(a, ` → `join`).
fn enclosing_call(before: &str) -> &str {
    let mut depth = 0usize;
    for (at, character) in before.char_indices().rev() {
        match character {
            ')' | ']' => depth += 1,
            '(' | '[' if depth > 0 => depth -= 1,
            '(' => {
                let name = before[..at].trim_end();
                let start = name.rfind(|c: char| !(c.is_alphanumeric() || c == '_')).map_or(0, |found| found + 1);
                return &name[start..];
            }
            _ => {}
        }
    }
    ""
}

/// Whether `path` stands in `text` as a string of its own: `'/'`, `"/"`, `'~/'`.
fn quoted_alone(text: &str, path: &str) -> bool {
    ['\'', '"', '`'].iter().any(|quote| {
        text.contains(&format!("{quote}{path}{quote}")) || text.contains(&format!("{quote}{path}/{quote}"))
    })
}
