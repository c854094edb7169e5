//! Whether an interpreter's inline code only reads the files it names (`python3 -c "print(open('x').read())"`,
//! `node -e "console.log(require('fs').readFileSync('x','utf8'))"`): then the paths it names are read, not written.
//!
//! Fail closed: code counts as reading only when it is made of nothing but names known to read or print (each part
//! of `json.load`, `console.log`), string literals without interpolations, numbers and brackets, with `open` and
//! `require` given arguments that cannot write (a read mode; the module `fs`) and `=` only in a keyword argument
//! (`encoding='utf-8'`, `indent=2`) or in `const fs = require('fs')`. A name it does not know, an operator that
//! computes a value (`+`, `%`, `*`), an object literal, an f-string's or template's interpolation — anything else —
//! and the code is taken to write every path it names, as any other inline code is. Python and JavaScript only.

use crate::code_tokens::{tokenize, Literal, Piece, Token};
use crate::programs::Language;

/// Python's names that read files, parse or print what was read, and the syntax around them.
const PYTHON_NAMES: &[&str] = &[
    "print",
    "open",
    "read",
    "readline",
    "readlines",
    "import",
    "from",
    "json",
    "load",
    "loads",
    "dumps",
    "tomllib",
    "yaml",
    "safe_load",
    "pathlib",
    "Path",
    "read_text",
    "read_bytes",
    "splitlines",
    "strip",
    "split",
    "lower",
    "upper",
    "startswith",
    "endswith",
    "keys",
    "values",
    "items",
    "get",
    "len",
    "str",
    "repr",
    "list",
    "dict",
    "sorted",
    "in",
    "not",
    "and",
    "or",
    "is",
    "if",
    "else",
    "None",
    "True",
    "False",
];

/// Python's keyword arguments that the code may give (`open(…, encoding='utf-8')`, `json.dumps(…, indent=2)`).
const PYTHON_KEYWORDS: &[&str] =
    &["encoding", "errors", "newline", "mode", "indent", "sort_keys", "ensure_ascii", "end", "sep"];

/// The modes in which `open` only reads.
const PYTHON_READ_MODES: &[&str] = &["r", "rb", "rt", "br", "tr", "U", "rU"];

/// JavaScript's names that read files, parse or print what was read, and the syntax around them.
const JAVASCRIPT_NAMES: &[&str] = &[
    "console",
    "log",
    "info",
    "error",
    "require",
    "fs",
    "readFileSync",
    "existsSync",
    "readdirSync",
    "JSON",
    "parse",
    "stringify",
    "toString",
    "split",
    "trim",
    "Object",
    "keys",
    "values",
    "length",
    "const",
    "let",
    "var",
];

/// The modules `require` may load (any other module runs code of its own).
const JAVASCRIPT_MODULES: &[&str] = &["fs", "node:fs"];

/// Whether `code`, in `language`, only reads the files it names.
pub(crate) fn only_reads(language: Language, code: &str) -> bool {
    let (names, keywords): (&[&str], &[&str]) = match language {
        Language::Python => (PYTHON_NAMES, PYTHON_KEYWORDS),
        Language::JavaScript => (JAVASCRIPT_NAMES, &[]),
        Language::Other => return crate::code_paths::unread_code_only_reads(code),
        _ => return false,
    };
    let tokens = tokenize(language, code);
    let mut depth = 0usize;
    for (at, token) in tokens.iter().enumerate() {
        let fine = match token {
            Token::Name(name) if keywords.contains(&name.as_str()) => tokens.get(at + 1) == Some(&Token::Punct('=')),
            Token::Name(name) => {
                known_name(name, names)
                    && match name.rsplit('.').next().unwrap_or("") {
                        "open" => python_open_reads(&tokens, at),
                        "require" => javascript_require_reads(&tokens, at),
                        "readFileSync" => only_text_after_first(&tokens, at),
                        _ => true,
                    }
            }
            Token::Str(literal) => plain(literal).is_some(),
            Token::Punct('(' | '[') => {
                depth += 1;
                true
            }
            Token::Punct(')' | ']') => {
                depth = depth.saturating_sub(1);
                true
            }
            Token::Punct('=') => {
                let keyword =
                    |at: usize| matches!(tokens.get(at), Some(Token::Name(name)) if keywords.contains(&name.as_str()));
                let in_call = depth > 0 && at > 0 && keyword(at - 1) && tokens.get(at + 1) != Some(&Token::Punct('='));
                in_call || (language == Language::JavaScript && declares_fs(&tokens, at))
            }
            Token::Punct(character) => {
                character.is_ascii_digit() || matches!(character, ',' | '.' | ':' | ';' | '-' | '\n')
            }
            Token::Command(_) | Token::Words(_) => false,
        };
        if !fine {
            return false;
        }
    }
    true
}

/// Each part of a name (`json.load` → `json`, `load`; `.read` after a call) is known; `open` only as itself.
fn known_name(name: &str, names: &[&str]) -> bool {
    let parts = name.strip_prefix('.').unwrap_or(name);
    (name == "open" || !parts.split('.').any(|part| part == "open"))
        && parts.split('.').all(|part| names.contains(&part))
}

/// The text of a literal without interpolations.
fn plain(literal: &Literal) -> Option<String> {
    literal
        .pieces
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => Some(text.as_str()),
            Piece::Unknown => None,
        })
        .collect()
}

/// The arguments of the call whose name is at `at`, split at top-level commas; `None` when no `(` follows.
fn call_arguments(tokens: &[Token], at: usize) -> Option<Vec<&[Token]>> {
    if tokens.get(at + 1) != Some(&Token::Punct('(')) {
        return None;
    }
    let mut arguments = Vec::new();
    let (mut depth, mut start) = (0usize, at + 2);
    for (index, token) in tokens.iter().enumerate().skip(at + 1) {
        match token {
            Token::Punct('(' | '[') => depth += 1,
            Token::Punct(')' | ']') => {
                depth -= 1;
                if depth == 0 {
                    arguments.push(&tokens[start..index]);
                    return Some(arguments);
                }
            }
            Token::Punct(',') if depth == 1 => {
                arguments.push(&tokens[start..index]);
                start = index + 1;
            }
            _ => {}
        }
    }
    None
}

/// A literal argument's text.
fn literal_text(argument: &[Token]) -> Option<String> {
    match argument {
        [Token::Str(literal)] => plain(literal),
        _ => None,
    }
}

/// `open(PATH)`, `open(PATH, 'r')`, `open(PATH, encoding='utf-8')`: every argument after the path a read mode or a
/// keyword argument other than a mode that writes.
fn python_open_reads(tokens: &[Token], at: usize) -> bool {
    let Some(arguments) = call_arguments(tokens, at) else { return false };
    arguments.iter().skip(1).all(|argument| match argument {
        [Token::Name(keyword), Token::Punct('='), value @ ..] if keyword == "mode" => {
            literal_text(value).is_some_and(|mode| PYTHON_READ_MODES.contains(&mode.as_str()))
        }
        [Token::Name(keyword), Token::Punct('='), value @ ..] => {
            keyword != "opener" && PYTHON_KEYWORDS.contains(&keyword.as_str()) && literal_text(value).is_some()
        }
        _ => literal_text(argument).is_some_and(|mode| PYTHON_READ_MODES.contains(&mode.as_str())),
    })
}

/// `require('fs')`: a module that runs no code of its own.
fn javascript_require_reads(tokens: &[Token], at: usize) -> bool {
    let Some(arguments) = call_arguments(tokens, at) else { return false };
    matches!(arguments.as_slice(), [argument] if literal_text(argument).is_some_and(|module| JAVASCRIPT_MODULES.contains(&module.as_str())))
}

/// `readFileSync(PATH)`, `readFileSync(PATH, 'utf8')`: no options object (its `flag` could be `w`).
fn only_text_after_first(tokens: &[Token], at: usize) -> bool {
    let Some(arguments) = call_arguments(tokens, at) else { return false };
    arguments.iter().skip(1).all(|argument| literal_text(argument).is_some())
}

/// `const fs = require(…)` (the `=` at `at`).
fn declares_fs(tokens: &[Token], at: usize) -> bool {
    let name = |index: Option<usize>, wanted: &[&str]| matches!(index.and_then(|index| tokens.get(index)), Some(Token::Name(name)) if wanted.contains(&name.as_str()));
    name(at.checked_sub(1), &["fs"])
        && name(at.checked_sub(2), &["const", "let", "var"])
        && name(Some(at + 1), &["require"])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_that_reads_and_prints_only_reads() {
        for code in [
            "print(open('.claude/settings.json').read())",
            "import json; print(json.dumps(json.load(open('.claude/settings.json')), indent=2))",
            "print(open('.forge/audit/overrides.log', 'r', encoding='utf-8').read()[-200:])",
            "from pathlib import Path\nprint(Path('.claude/settings.json').read_text())",
            "import tomllib; print(tomllib.load(open('Cargo.toml', 'rb'))['package'])",
            "print(len(open('x', mode='r').readlines()))",
        ] {
            assert!(only_reads(Language::Python, code), "{code}");
        }
        for code in [
            "console.log(require('fs').readFileSync('.claude/settings.json', 'utf8'))",
            "const fs = require('fs'); console.log(JSON.parse(fs.readFileSync('.claude/settings.json'))['hooks'])",
            "console.log(Object.keys(JSON.parse(require('node:fs').readFileSync('x'))))",
        ] {
            assert!(only_reads(Language::JavaScript, code), "{code}");
        }
    }

    #[test]
    fn code_that_may_write_or_run_anything_else_does_not() {
        for code in [
            "open('.claude/settings.json', 'w').write('{}')",
            "open('.claude/settings.json', 'a')",
            "open('.claude/settings.json', 'r+')",
            "open('.claude/settings.json', mode='w')",
            "open('.claude/settings.json', '%c' % 119)",
            "open('.claude/settings.json', 'qw'[1])",
            "f = open; f('.claude/settings.json', 'w')",
            "print(open('.claude/settings.json').read(), file=open('x', 'w'))",
            "import os; os.remove('.claude/settings.json')",
            "from pathlib import Path; Path('x').open('w')",
            "from pathlib import Path; Path('x').write_text('')",
            "print(f\"{__import__('os').remove('x')}\")",
            "exec(open('x').read())",
            "import json; json.dump({}, open('x', 'w'))",
            "open('x', opener=print)",
            "print((open := print))",
        ] {
            assert!(!only_reads(Language::Python, code), "{code}");
        }
        for code in [
            "require('fs').writeFileSync('.claude/settings.json', '{}')",
            "require('fs').readFileSync('.claude/settings.json', {flag: 'w+'})",
            "require('fs').readFileSync('x', {['fl' + 'ag']: 'w'})",
            "require('./evil.js')",
            "require('child_process').execSync('rm -rf .forge')",
            "const readFileSync = require('fs').rmSync",
            "console.log(`${require('fs').rmSync('x')}`)",
        ] {
            assert!(!only_reads(Language::JavaScript, code), "{code}");
        }
        assert!(!only_reads(Language::Perl, "print <STDIN>"), "other languages are not read");
    }
}
