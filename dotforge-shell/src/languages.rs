//! The interpreters a command may hand code to: which program speaks which language, the options that give it code
//! inline, and which language a script file is written in (its `#!` line, else its extension).

use crate::command::program_name;

/// A language whose code [`crate::code`] reads for the commands it runs, or the shell's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Language {
    /// sh, bash, zsh and the other shells: read by the command reader itself.
    Shell,
    Python,
    JavaScript,
    Perl,
    Ruby,
    Php,
    /// Code this crate does not read (Lua, R, AppleScript, PowerShell): only its paths count, as before.
    Other,
}

/// An interpreter: the program names (globs), its language, and the options whose value is code.
pub(crate) struct Interpreter {
    pub names: &'static [&'static str],
    pub language: Language,
    pub code_options: &'static [&'static str],
    /// Options that take a value that is not code (`python -W error`, `node -r module`).
    pub value_options: &'static [&'static str],
    /// Options after which no script file follows (`python -m module`).
    pub no_file_options: &'static [&'static str],
}

/// Every interpreter the reader knows.
pub(crate) const INTERPRETERS: &[Interpreter] = &[
    Interpreter {
        names: &["python*", "pypy*"],
        language: Language::Python,
        code_options: &["-c"],
        value_options: &["-W", "-X", "-Q"],
        no_file_options: &["-m"],
    },
    Interpreter {
        names: &["node", "nodejs", "tsx", "ts-node"],
        language: Language::JavaScript,
        code_options: &["-e", "--eval", "-p", "--print"],
        value_options: &["-r", "--require", "--import", "--loader", "--experimental-loader", "--input-type", "-C"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["bun"],
        language: Language::JavaScript,
        code_options: &["-e", "--eval", "-p", "--print"],
        value_options: &["-r", "--preload", "--cwd", "--config", "-c"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["deno"],
        language: Language::JavaScript,
        code_options: &["eval"],
        value_options: &["--config", "-c", "--import-map", "--location", "--seed", "--v8-flags"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["perl*"],
        language: Language::Perl,
        code_options: &["-e", "-E"],
        value_options: &["-I", "-M", "-m"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["ruby*"],
        language: Language::Ruby,
        code_options: &["-e"],
        value_options: &["-I", "-r", "-C", "-E"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["php*"],
        language: Language::Php,
        code_options: &["-r"],
        value_options: &["-c", "-d", "-z"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["lua*"],
        language: Language::Other,
        code_options: &["-e"],
        value_options: &["-l"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["Rscript"],
        language: Language::Other,
        code_options: &["-e"],
        value_options: &[],
        no_file_options: &[],
    },
    Interpreter {
        names: &["osascript"],
        language: Language::Other,
        code_options: &["-e"],
        value_options: &["-l"],
        no_file_options: &[],
    },
    Interpreter {
        names: &["pwsh"],
        language: Language::Other,
        code_options: &["-c", "-Command"],
        value_options: &[],
        no_file_options: &[],
    },
];

/// Shells whose `-c` argument, input or script file is a shell script.
pub(crate) const SHELLS: &[&str] =
    &["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "fish", "rbash"];

/// The interpreter a program name (`python3.12`, `/usr/bin/node`) runs, if it is one. A name ending in `*` stands
/// for every name it starts.
pub(crate) fn interpreter(program: &str) -> Option<&'static Interpreter> {
    let name = program_name(program);
    let named = |known: &&str| match known.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => *known == name,
    };
    INTERPRETERS.iter().find(|interpreter| interpreter.names.iter().any(named))
}

/// The language of a program that runs scripts: a shell or an interpreter.
pub(crate) fn language_of_program(program: &str) -> Option<Language> {
    if SHELLS.contains(&program_name(program)) {
        return Some(Language::Shell);
    }
    interpreter(program).map(|interpreter| interpreter.language)
}

/// The language a script file is written in: its `#!` line (`#!/bin/sh`, `#!/usr/bin/env -S python3 -u`), else its
/// extension, else the shell's (bash runs a file without `#!` as a shell script).
pub(crate) fn language_of_file(path: &str, text: &str) -> Language {
    if let Some(shebang) = text.strip_prefix("#!") {
        let line = shebang.lines().next().unwrap_or("");
        let mut words = line.split_whitespace();
        let mut program = words.next().unwrap_or("");
        if program_name(program) == "env" {
            program = words.find(|word| !word.starts_with('-') && !word.contains('=')).unwrap_or("");
        }
        if let Some(language) = language_of_program(program) {
            return language;
        }
    }
    let extension = path.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension {
        "py" | "pyw" => Language::Python,
        "js" | "mjs" | "cjs" | "ts" | "mts" | "cts" => Language::JavaScript,
        "pl" | "pm" => Language::Perl,
        "rb" => Language::Ruby,
        "php" => Language::Php,
        _ => Language::Shell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_read_in_the_language_its_first_line_or_name_says() {
        assert_eq!(language_of_file("x", "#!/usr/bin/env python3\nprint(1)"), Language::Python);
        assert_eq!(language_of_file("x", "#!/usr/bin/env -S node --no-warnings\n"), Language::JavaScript);
        assert_eq!(language_of_file("x.py", "#!/bin/bash\n"), Language::Shell, "the #! line wins");
        assert_eq!(language_of_file("deploy.rb", "puts 1"), Language::Ruby);
        assert_eq!(language_of_file("deploy", "git push"), Language::Shell);
        assert_eq!(interpreter("/usr/bin/python3.12").map(|found| found.language), Some(Language::Python));
        assert!(interpreter("pythonic-tool").is_some_and(|found| found.language == Language::Python));
        assert!(interpreter("git").is_none());
    }
}
