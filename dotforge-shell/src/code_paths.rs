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
    // A braced variable is one word with what follows it (`${OUT}/cache` is `$OUT/cache`, whose folder cannot be
    // known — not the top-level `/cache`).
    let unbraced = unbraced_variables(text);
    let text = unbraced.as_deref().unwrap_or(text);
    let mut words: Vec<Word> = text
        .split(|character: char| !(character.is_alphanumeric() || "._/~-+@%:=,$*".contains(character)))
        .filter(|part| !part.is_empty() && part.chars().any(|c| c.is_alphanumeric()))
        .flat_map(|part| {
            let part = part.trim_matches(|c| c == ':' || c == '=' || c == ',');
            let (tilde, dynamic, glob) = (part.starts_with('~'), part.contains('$'), part.contains('*'));
            let whole = Word { text: part.to_owned(), tilde, dynamic, glob, ..Word::default() };
            // A glob names what it matches on disk, and the folders written before it (`.git/hooks/*` names
            // `.git/hooks/` even where only git's samples match).
            let pieces = part.split('*').filter(move |piece| glob && piece.chars().any(char::is_alphanumeric));
            let pieces = pieces.map(move |piece| Word { text: piece.to_owned(), tilde, dynamic, ..Word::default() });
            std::iter::once(whole).chain(pieces)
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
    // The parent folder as a string of its own (`rmSync('..')`, `path.resolve('..')`), when the code destroys.
    if deletes && quoted_alone(text, "..") {
        words.push(Word { text: "..".to_owned(), ..Word::default() });
    }
    if deletes && CWD_IN_CODE.iter().any(|expression| names_home_itself(text, expression)) {
        words.push(Word { text: ".".to_owned(), ..Word::default() });
    }
    words
}

/// `text` with each `${NAME}` written `$NAME`, when it holds any.
pub(crate) fn unbraced_variables(text: &str) -> Option<String> {
    if !text.contains("${") {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("${") {
        out.push_str(&rest[..at]);
        let inner = &rest[at + 2..];
        let length = inner.bytes().take_while(|byte| byte.is_ascii_alphanumeric() || *byte == b'_').count();
        if length > 0 && inner[length..].starts_with('}') {
            out.push('$');
            out.push_str(&inner[..length]);
            rest = &inner[length + 1..];
        } else {
            out.push_str("${");
            rest = inner;
        }
    }
    out.push_str(rest);
    Some(out)
}

/// Lower-case fragments of interpreter code that deletes, truncates or writes files: code holding none of them
/// names paths without destroying them (`print(open('x').read())`).
pub(crate) const DESTRUCTIVE_CODE: &[&str] = &[
    "unlink",
    "remove",
    "rmtree",
    "rmdir",
    "rm_r",
    "rm_f",
    "rmsync",
    "rimraf",
    "delete",
    "truncate",
    "write",
    "rename",
    "replace",
    "move",
    "copy",
    "shred",
    "erase",
    "'w'",
    "\"w\"",
    "'wb",
    "\"wb",
    "'w+",
    "\"w+",
    "'wt",
    "\"wt",
    "'>",
    "\">",
    "fs.rm(",
    "rm(",
    "put_contents",
    "open_out",
    "spit ",
    "del_dir",
];

/// Lower-case fragments of interpreter code that starts a process (`os.system('rm -rf ' + …)`).
const RUNS_A_PROCESS: &[&str] =
    &["rm -", "system", "exec", "spawn", "popen", "subprocess", "processbuilder", "getruntime", "\".!", "\".!!"];

/// Lower-case names of what governance, secrets and the network are, in code.
const SENSITIVE_IN_CODE: &[&str] =
    &[".env", "id_rsa", "id_ed25519", ".ssh", ".aws/", ".netrc", ".forge", ".claude", ".husky", ".git/", "http"];

/// Whether code of a language the reader does not read (Go, Rust, CMake…) may do what the catalog cares about:
/// delete or write, start a process, or name a secret, governance or the network. Code that does none of these
/// (`fmt.Println("hello")`) is left alone; the rest, written by the line and run, cannot be known.
pub(crate) fn unread_code_acts(code: &str) -> bool {
    let mut lowered = code.to_lowercase();
    // (A secrets file's template is no secret: `.env.example`.)
    for template in [".env.example", ".env.sample", ".env.template", ".env.dist"] {
        lowered = lowered.replace(template, "");
    }
    DESTRUCTIVE_CODE.iter().chain(RUNS_A_PROCESS).chain(SENSITIVE_IN_CODE).any(|fragment| lowered.contains(fragment))
}

/// Whether code of a language the reader does not read only reads the files it names: it calls a reading function
/// (`io.open(p):read("a")`, `readLines(p)`, `slurp`), and neither deletes, writes nor starts a process, nor opens a
/// file for appending (`io.open(p, "a")`) or sets a file's text (Groovy's `.text =`, `<<`).
pub(crate) fn unread_code_only_reads(code: &str) -> bool {
    const READS: &[&str] = &["read", "slurp", "cat(", "puts [", "contents"];
    const WRITES: &[&str] = &[
        ", \"a", ",\"a", ", 'a", ",'a", ".text =", ".text=", "<<", "output", "del_dir", "rm!", "file =", "file=",
        "save",
    ];
    let lowered = code.to_lowercase();
    READS.iter().any(|fragment| lowered.contains(fragment))
        && !DESTRUCTIVE_CODE.iter().chain(RUNS_A_PROCESS).chain(WRITES).any(|fragment| lowered.contains(fragment))
}

/// How code in the languages the reader knows names the working folder.
const CWD_IN_CODE: &[&str] =
    &["os.getcwd()", "Path.cwd()", "process.cwd()", "Dir.pwd", "getcwd()", "Deno.cwd()", "__dirname"];

/// [`path_like_words`] of interpreter code: a bare `/word/` — not in quotes — is a regular expression
/// (`print if /TODO/`, `s.match(/x/)`), not the top-level folder `/word`.
pub(crate) fn path_like_words_in_code(code: &str) -> Vec<Word> {
    let blanked = without_regex_literals(code);
    let code = blanked.as_deref().unwrap_or(code);
    let mut words = path_like_words(code);
    // Literals joined (`'.'+'forge'`, `".fo" . "rge"`, `'.fo' 'rge'`) name the joined path too, characters given
    // by their codes (`chr(46)+'forge'`) among them.
    let spelled = characters_as_literals(code);
    if let Some(joined) = literals_joined(spelled.as_deref().unwrap_or(code)) {
        words.extend(path_like_words(&joined));
    }
    words.extend(home_joined_paths(code));
    // dotenv loads the `.env` of the folder it runs in (`require('dotenv').config()`, `load_dotenv()`), unless the
    // code names the file it loads (`dotenv_values('.env.example')`: that file's path is among the words).
    let names_its_file = ["'.env", "\".env", "/.env"].iter().any(|start| code.contains(start));
    if code.contains("dotenv") && !names_its_file {
        words.push(Word { text: ".env".to_owned(), ..Word::default() });
    }
    // A path only asked whether it exists (`os.path.exists('.env')`, `fs.existsSync('.env')`) is not opened.
    words.retain(|word| !only_tested_for_existence(code, &word.text));
    words.retain(|word| {
        let text = word.text.as_str();
        let regex_like =
            text.len() > 2 && text.starts_with('/') && text.ends_with('/') && !text[1..text.len() - 1].contains('/');
        !regex_like || quoted_somewhere(code, text)
    });
    words
}

/// Whether every quoted mention of `path` in `code` is the argument of a test that it exists.
fn only_tested_for_existence(code: &str, path: &str) -> bool {
    const TESTS: &[&str] = &["exists(", "isfile(", "isdir(", "existsSync(", "file_exists(", "is_file(", "is_dir("];
    let mut mentions = Vec::new();
    for quote in ['\'', '"'] {
        mentions.extend(code.match_indices(&format!("{quote}{path}{quote}")).map(|(at, _)| at));
    }
    !mentions.is_empty() && mentions.iter().all(|&at| TESTS.iter().any(|test| code[..at].trim_end().ends_with(test)))
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

/// `code` with each character given by its code — `chr(46)` (Python, Perl, PHP), `String.fromCharCode(46, 102)`
/// (JavaScript), `46.chr` (Ruby) — written as a quoted literal instead, when it holds any: printable ASCII only,
/// and no quote or backslash.
fn characters_as_literals(code: &str) -> Option<String> {
    if !code.contains("chr") && !code.contains("fromCharCode") {
        return None;
    }
    let character = |digits: &str| {
        let value: u32 = digits.trim().parse().ok()?;
        char::from_u32(value).filter(|c| c.is_ascii_graphic() && !matches!(c, '\'' | '"' | '\\'))
    };
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    let mut changed = false;
    while !rest.is_empty() {
        let call = ["String.fromCharCode(", "chr("]
            .iter()
            .filter_map(|opening| rest.find(opening).map(|at| (at, opening.len())))
            .min();
        // Ruby's `46.chr`: digits right before `.chr`.
        let ruby = rest.find(".chr").filter(|&at| at > 0 && rest.as_bytes()[at - 1].is_ascii_digit());
        match (call, ruby) {
            (Some((at, length)), ruby) if ruby.is_none_or(|ruby| at < ruby) => {
                let named_alone = !rest[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
                let inside = &rest[at + length..];
                let codes = inside.find(')').map(|close| (&inside[..close], close));
                let text: Option<String> =
                    codes.filter(|_| named_alone).and_then(|(codes, _)| codes.split(',').map(character).collect());
                match (text, codes) {
                    (Some(text), Some((_, close))) => {
                        out.push_str(&rest[..at]);
                        out.push_str(&format!("'{text}'"));
                        rest = &inside[close + 1..];
                        changed = true;
                    }
                    _ => {
                        out.push_str(&rest[..at + length]);
                        rest = inside;
                    }
                }
            }
            (_, Some(at)) => {
                let start = rest[..at].trim_end_matches(|c: char| c.is_ascii_digit()).len();
                match character(&rest[start..at]) {
                    Some(text) => {
                        out.push_str(&rest[..start]);
                        out.push_str(&format!("'{text}'"));
                        changed = true;
                    }
                    None => out.push_str(&rest[..at + 4]),
                }
                rest = &rest[at + 4..];
            }
            _ => {
                out.push_str(rest);
                rest = "";
            }
        }
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
    "Deno.env.get('HOME')",
    "Deno.env.get(\"HOME\")",
];

/// Paths code builds from the home by joining literals to it: `getenv("HOME")."/.claude/settings.json"`,
/// `os.homedir() + '/.ssh/id_rsa'`, `path.join(os.homedir(), '.ssh', 'id_rsa')`, `Path.home() / '.aws' /
/// 'credentials'` — each as `~/…`.
fn home_joined_paths(code: &str) -> Vec<Word> {
    let mut found = joined_paths(code, HOME_IN_CODE, "~");
    // The working folder likewise (`path.join(__dirname, '..', 'web')` is `./../web`; inline code's `__dirname`
    // is the working folder).
    found.extend(joined_paths(code, CWD_IN_CODE, "."));
    found
}

/// Paths code builds by joining literals to one of `expressions`, each as `base/…`.
fn joined_paths(code: &str, expressions: &[&str], base: &str) -> Vec<Word> {
    let mut found = Vec::new();
    for expression in expressions {
        for (at, _) in code.match_indices(expression) {
            // (A comma joins only among a `join(…)` call's arguments.)
            let joiners = if enclosing_call(&code[..at]).ends_with("join") { "+./," } else { "+./" };
            let mut rest = &code[at + expression.len()..];
            let mut parts: Vec<&str> = Vec::new();
            loop {
                rest = rest.trim_start();
                let Some(joiner) = rest.chars().next().filter(|c| joiners.contains(*c)) else { break };
                rest = &rest[joiner.len_utf8()..];
                // (Lua joins with `..`.)
                if joiner == '.' {
                    rest = rest.strip_prefix('.').unwrap_or(rest);
                }
                rest = rest.trim_start();
                let Some(quote) = rest.chars().next().filter(|c| matches!(c, '\'' | '"')) else { break };
                let Some(end) = rest[1..].find(quote) else { break };
                parts.extend(rest[1..1 + end].split('/').filter(|part| !part.is_empty()));
                rest = &rest[end + 2..];
            }
            if !parts.is_empty() {
                let text = format!("{base}/{}", parts.join("/"));
                found.push(Word { text, tilde: base == "~", ..Word::default() });
            }
        }
    }
    found
}

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

/// `code` with its regular-expression literals blanked out, when it holds any: a `/…/` outside quotes whose opening
/// slash follows an operator, an opening bracket, a keyword that takes a condition, or the start (`print if /fn
/// main/`, `s.match(/a b/)`, `$x =~ /y z/`), closed on the same line. (A slash after a name or a number divides.)
fn without_regex_literals(code: &str) -> Option<String> {
    if !code.contains('/') {
        return None;
    }
    let bytes = code.as_bytes();
    let mut out = code.as_bytes().to_vec();
    let mut quote: Option<u8> = None;
    let mut changed = false;
    let mut at = 0;
    while at < bytes.len() {
        let byte = bytes[at];
        match quote {
            Some(open) => {
                if byte == b'\\' {
                    at += 1;
                } else if byte == open {
                    quote = None;
                }
            }
            None if matches!(byte, b'\'' | b'"' | b'`') => quote = Some(byte),
            None if byte == b'/' && regex_sections(&code[..at]) > 0 => {
                // Perl's `s/…/…/` and `tr/…/…/` have two sections, a pattern one; quotes inside are characters.
                let line_end = code[at + 1..].find('\n').map_or(bytes.len(), |end| at + 1 + end);
                let mut end = at;
                for _ in 0..regex_sections(&code[..at]) {
                    end += 1;
                    while end < line_end && bytes[end] != b'/' {
                        end += if bytes[end] == b'\\' { 2 } else { 1 };
                    }
                }
                if end < line_end && end > at + 1 {
                    out[at..=end].fill(b' ');
                    changed = true;
                    at = end;
                }
            }
            None => {}
        }
        at += 1;
    }
    changed.then(|| String::from_utf8_lossy(&out).into_owned())
}

/// How many `/`-ended sections a slash after `before` opens: two after Perl's `s`, `y` and `tr` (`s/a/b/`), one
/// after `m` and `qr` or where a regular expression starts rather than a division, none otherwise.
fn regex_sections(before: &str) -> usize {
    let word = before.rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_').next().unwrap_or("");
    match word {
        "s" | "y" | "tr" => 2,
        "m" | "qr" => 1,
        _ => usize::from(opens_a_regex(before)),
    }
}

/// Whether a slash after `before` starts a regular expression rather than dividing.
fn opens_a_regex(before: &str) -> bool {
    let trimmed = before.trim_end();
    let Some(last) = trimmed.chars().last() else { return true };
    if "(,=~!&|?:;{[".contains(last) {
        return true;
    }
    let word = trimmed.rsplit(|c: char| !c.is_ascii_alphanumeric() && c != '_').next().unwrap_or("");
    matches!(word, "if" | "unless" | "while" | "until" | "return" | "and" | "or" | "not" | "split" | "grep")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_braced_variable_is_one_word_with_what_follows_it() {
        let named = |text: &str| super::path_like_words(text).into_iter().map(|word| word.text).collect::<Vec<_>>();
        assert_eq!(named("rm -rf \"${OUT_DIR}/cache\""), ["rm", "-rf", "$OUT_DIR/cache"]);
        assert_eq!(named("rm -rf ${HOME}/.ssh"), ["rm", "-rf", "$HOME/.ssh"]);
        // (An expansion with an operator is read elsewhere, its default as what runs when the variable is unset.)
        assert!(named("rm -rf ${X:-/tmp}/y").contains(&"/y".to_owned()));
    }

    #[test]
    fn a_perl_substitution_names_no_path() {
        let named =
            |code: &str| super::path_like_words_in_code(code).into_iter().map(|word| word.text).collect::<Vec<_>>();
        // (Bare words stay: a path is what has a `/` or a `.` in it.)
        let no_path = |code: &str| named(code).iter().all(|word| !word.contains(['/', '.']));
        assert!(no_path(r#"s/"version": "0\.1\.0"/"version": "0.2.0"/"#));
        assert!(no_path("tr/a-z/A-Z/"));
        assert!(no_path(r#"print if m/"\/"/"#));
        assert!(named("s/x/y/; unlink '.forge/audit/overrides.log'").contains(&".forge/audit/overrides.log".to_owned()));
    }

    #[test]
    fn characters_given_by_their_codes_join_the_literals_around_them() {
        let named =
            |code: &str| super::path_like_words_in_code(code).into_iter().map(|word| word.text).collect::<Vec<_>>();
        let has = |code: &str, path: &str| named(code).iter().any(|word| word.contains(path));
        assert!(has("import shutil,os; shutil.rmtree(os.path.join('.', chr(46)+'forge'))", ".forge"));
        assert!(has("require('fs').rmSync(String.fromCharCode(46, 102) + 'orge', {recursive: true})", ".forge"));
        assert!(has("require 'fileutils'; FileUtils.rm_rf(46.chr + 'forge')", ".forge"));
        assert!(has("unlink(chr(46) . 'env')", ".env"));
        // A quote's code is left as it is; a function that only ends in `chr` is no character.
        assert_eq!(super::characters_as_literals("x = chr(39) + 'a'"), None);
        assert_eq!(super::characters_as_literals("mychr(46) + 'forge'"), None);
    }

    #[test]
    fn the_parent_and_paths_joined_to_the_working_folder_are_named() {
        let named =
            |code: &str| super::path_like_words_in_code(code).into_iter().map(|word| word.text).collect::<Vec<_>>();
        assert!(
            named("require('fs').rmSync(require('path').resolve('..'), {recursive: true})").contains(&"..".to_owned())
        );
        assert!(named("const p = require('path'); require('fs').rmSync(p.join(__dirname, '..', 'acme-web'), {})")
            .contains(&"./../acme-web".to_owned()));
        assert!(named("Deno.removeSync(Deno.env.get(\"HOME\"), {recursive: true})").contains(&"~".to_owned()));
        assert!(!named("console.log(require('path').resolve('..'))").contains(&"..".to_owned()), "only printed");
    }

    #[test]
    fn a_path_only_tested_for_existence_and_a_dotenv_file_named_are_as_written() {
        let named =
            |code: &str| super::path_like_words_in_code(code).into_iter().map(|word| word.text).collect::<Vec<_>>();
        assert!(!named("import os; print(os.path.exists('.env'))").contains(&".env".to_owned()));
        assert!(named("import os; os.path.exists('.env') and print(open('.env').read())").contains(&".env".to_owned()));
        assert!(!named("from dotenv import dotenv_values; print(dotenv_values('.env.example'))")
            .contains(&".env".to_owned()));
        assert!(named("require('dotenv').config(); console.log(process.env)").contains(&".env".to_owned()));
    }

    #[test]
    fn unread_code_that_deletes_runs_or_names_secrets_acts() {
        for code in [
            "func main() { exec.Command(\"git\", \"push\").Run() }",
            "func main() { os.RemoveAll(\".forge\") }",
            "fn main() { std::fs::remove_dir_all(std::env::var(\"HOME\").unwrap()).unwrap(); }",
            "b, _ := os.ReadFile(\".env\")",
        ] {
            assert!(super::unread_code_acts(code), "{code}");
        }
        for code in ["func main() { fmt.Println(\"hello\") }", "fn main() { println!(\"{}\", 1 + 2); }"] {
            assert!(!super::unread_code_acts(code), "{code}");
        }
    }

    use super::*;

    fn texts(code: &str) -> Vec<String> {
        path_like_words_in_code(code).into_iter().map(|word| word.text).collect()
    }

    #[test]
    fn paths_built_from_the_home_are_under_the_home() {
        for code in [
            "file_put_contents(getenv(\"HOME\") . \"/.claude/settings.json\", \"{}\");",
            "require('fs').writeFileSync(process.env.HOME + '/.claude/settings.json', '{}')",
            "fs.writeFileSync(path.join(os.homedir(), '.claude', 'settings.json'), '{}')",
            "(Path.home() / '.claude' / 'settings.json').write_text('{}')",
            "io.open(os.getenv(\"HOME\") .. \"/.claude/settings.json\", \"w\"):write(\"{}\")",
        ] {
            assert!(texts(code).contains(&"~/.claude/settings.json".to_owned()), "{code}: {:?}", texts(code));
        }
    }

    #[test]
    fn regular_expressions_are_not_paths() {
        assert!(!texts("print if /fn main/").iter().any(|word| word.starts_with('/')));
        assert!(!texts("s.match(/a b/)").iter().any(|word| word.starts_with('/')));
        assert!(texts("unlink('/etc/x')").contains(&"/etc/x".to_owned()), "a quoted path stays");
        assert!(texts("x = a / b / c").is_empty() || !texts("x = a / b / c").iter().any(|w| w == "/"));
    }
}
