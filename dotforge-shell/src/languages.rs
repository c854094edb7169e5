//! Which language a script is written in (the program that runs it, its `#!` line, else its extension), and the code
//! an interpreter's command gives it inline — one reading for the commands the code runs ([`crate::unwrap`]) and for
//! the paths it names ([`crate::access`]), from the interpreter's entry in [`crate::programs`].

use crate::argv::{quote, Arg, Order, Parsed, Value};
use crate::lexer::Word;
use crate::programs::{self, Interpreter, Language, Program, Runs};
use crate::windows;
use std::borrow::Cow;

/// The language of a program that runs scripts: a shell or an interpreter.
pub(crate) fn language_of_program(program: &str) -> Option<Language> {
    let entry = programs::lookup(program)?;
    if entry.is_shell() {
        return Some(Language::Shell);
    }
    entry.interpreter().map(|interpreter| interpreter.language)
}

/// The language a script file is written in: its `#!` line (`#!/bin/sh`, `#!/usr/bin/env -S python3 -u`), else its
/// name (`Brewfile`) or extension (one of a language not read is [`Language::Other`]), else the shell's (bash runs a
/// file without `#!` as a shell script).
pub(crate) fn language_of_file(path: &str, text: &str) -> Language {
    if let Some(shebang) = text.strip_prefix("#!") {
        let line = shebang.lines().next().unwrap_or("");
        let mut words = line.split_whitespace();
        let mut program = words.next().unwrap_or("");
        // `#!/usr/bin/env [NAME=value…] PROGRAM`: the program env runs.
        let env = programs::lookup(program)
            .is_some_and(|entry| entry.runs.iter().any(|runs| matches!(runs, Runs::Assignments)));
        if env {
            program = words.find(|word| !word.starts_with('-') && !word.contains('=')).unwrap_or("");
        }
        if let Some(language) = language_of_program(program) {
            return language;
        }
    }
    // Ruby files named for what they hold (`Brewfile`, `Gemfile`, `Vagrantfile`…).
    let name = path.rsplit('/').next().unwrap_or(path);
    if matches!(
        name,
        "Brewfile"
            | "Gemfile"
            | "Vagrantfile"
            | "Podfile"
            | "Fastfile"
            | "Dangerfile"
            | "Guardfile"
            | "Rakefile"
            | "rakefile"
    ) {
        return Language::Ruby;
    }
    // Build files of languages not read, named for what they hold.
    if matches!(name, "SConstruct" | "Sconstruct" | "sconstruct" | "SConscript") {
        return Language::Python;
    }
    if matches!(name, "rebar.config" | "Jenkinsfile" | "Snakefile" | "nextflow.config") {
        return Language::Other;
    }
    let extension = path.rsplit_once('.').map_or("", |(_, extension)| extension);
    match extension {
        "py" | "pyw" => Language::Python,
        "js" | "mjs" | "cjs" | "ts" | "mts" | "cts" => Language::JavaScript,
        "pl" | "pm" => Language::Perl,
        "rb" => Language::Ruby,
        "php" => Language::Php,
        "ps1" | "psm1" => Language::PowerShell,
        // Languages whose code is not read (Lua, R, Go, Rust, Haskell, Scheme, Julia, CMake, Tcl, GDScript; the JVM's,
        // the BEAM's, Nextflow's and other build languages; XML build files).
        "lua" | "r" | "R" | "go" | "rs" | "hs" | "scm" | "jl" | "cmake" | "tcl" | "gd" | "kts" | "kt" | "gradle"
        | "groovy" | "java" | "scala" | "sbt" | "sc" | "clj" | "cljs" | "cljc" | "edn" | "ex" | "exs" | "erl"
        | "nf" | "smk" | "zig" | "dart" | "swift" | "nim" | "cr" | "ml" | "xml" => Language::Other,
        _ => Language::Shell,
    }
}

/// What an interpreter's command gives it to run.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Given<'w> {
    /// Code inline (`python -c CODE`, `deno eval CODE`; `pwsh -c` takes every word after it).
    Code(Cow<'w, str>),
    /// A script file (`python deploy.py`, `deno run x.ts`).
    File(&'w Word),
    /// Code on its input (`python3 -`, `… | node`), or nothing at all.
    Input,
    /// A module or nothing that runs code the line names (`python -m pytest`).
    Module,
}

/// What `words` (an interpreter's command: `program` is its entry) give it to run.
pub(crate) fn given<'w>(words: &'w [Word], program: &Program, interpreter: &Interpreter) -> Given<'w> {
    if interpreter.language == Language::PowerShell {
        return match windows::powershell_given(words) {
            windows::PowerShellGiven::Code(code) => Given::Code(Cow::Owned(code)),
            windows::PowerShellGiven::File(word) => Given::File(word),
            windows::PowerShellGiven::Input => Given::Input,
        };
    }
    let parsed = Parsed::of(words, &program.options, Order::UntilOperand(|_| false));
    // Options that give code (`-c CODE`, `--eval=CODE`), also after the script's name is impossible: the first
    // operand ends the interpreter's options.
    let options = &interpreter.code_options;
    for arg in &parsed.args {
        let code = match *arg {
            Arg::Short(letter, value) if options.iter().any(|name| name.len() == 1 && name.starts_with(letter)) => {
                value
            }
            Arg::Long(name, value) if options.contains(&name) => value,
            _ => continue,
        };
        // `node -pe CODE`: `-p` and `-e` in one cluster; the code is the word after the cluster.
        if let Some(Value::Attached(word, _)) =
            code.filter(|value| value.text().len() == 1 && options.contains(&value.text()))
        {
            let after =
                words.iter().position(|candidate| std::ptr::eq(candidate, word)).and_then(|at| words.get(at + 1));
            return Given::Code(Cow::Borrowed(after.map_or("", |word| word.text.as_str())));
        }
        return Given::Code(Cow::Borrowed(code.map_or("", |value| value.text())));
    }
    // Words getopt does not read (`pwsh -Command CODE`, `deno eval CODE`).
    let upto = (parsed.rest + 1).min(words.len());
    if let Some(at) = (1..upto).find(|&at| interpreter.code_words.contains(&words[at].text.as_str())) {
        return Given::Code(Cow::Borrowed(words.get(at + 1).map_or("", |code| code.text.as_str())));
    }
    let no_file = parsed.args.iter().any(|arg| match *arg {
        Arg::Short(letter, _) => {
            interpreter.no_file_options.iter().any(|name| name.len() == 1 && name.starts_with(letter))
        }
        Arg::Long(name, _) => interpreter.no_file_options.contains(&name),
        Arg::Operand(_) => false,
    });
    if no_file {
        return Given::Module;
    }
    let mut at = parsed.rest;
    if words.get(at).is_some_and(|word| interpreter.file_subcommands.contains(&word.text.as_str())) {
        // `deno run -A x.ts`: the subcommand's options, then the file.
        at += Parsed::of(&words[at..], &program.options, Order::UntilOperand(|_| false)).rest;
    }
    match words.get(at) {
        Some(word) if word.text != "-" => Given::File(word),
        _ => Given::Input,
    }
}

/// The command line that gives `code` to an interpreter of `language` inline, for code the line itself wrote into a
/// file and then runs (`printf 'import shutil…' > /tmp/c.py && python3 /tmp/c.py`): the agent's own code, read for
/// the paths it names and what it runs as `python3 -c` is. `None` for shell scripts (read as scripts already) and
/// code no interpreter entry reads.
pub(crate) fn inline_command(language: Language, code: &str) -> Option<String> {
    let program = match language {
        Language::Python => "python3 -c",
        Language::JavaScript => "node -e",
        Language::Perl => "perl -e",
        Language::Ruby => "ruby -e",
        Language::Php => "php -r",
        Language::PowerShell => "pwsh -c",
        Language::Shell | Language::Other => return None,
    };
    Some(format!("{program} {}", quote(code)))
}

/// The code an interpreter's command gives it inline, if any (`words` start with the program).
/// For PowerShell, only its statements that are no commands: the others are read as the commands they amount to.
pub(crate) fn inline_code(words: &[Word]) -> Option<Cow<'_, str>> {
    let program = programs::lookup(&words.first()?.text)?;
    let interpreter = program.interpreter()?;
    match given(words, program, interpreter) {
        Given::Code(code) if interpreter.language == Language::PowerShell => {
            Some(Cow::Owned(windows::powershell(&code).unread))
        }
        Given::Code(code) => Some(code),
        _ => None,
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
        assert_eq!(language_of_file("/tmp/x/Brewfile", "brew \"jq\""), Language::Ruby);
        assert_eq!(language_of_file("filter.lua", "os.exit()"), Language::Other);
        assert_eq!(language_of_file("tools.go", "package main"), Language::Other);
        assert_eq!(language_of_program("/usr/bin/python3.12"), Some(Language::Python));
        assert_eq!(language_of_program("pythonic-tool"), Some(Language::Python));
        assert_eq!(language_of_program("git"), None);
    }
}
