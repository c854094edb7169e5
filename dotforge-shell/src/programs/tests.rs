//! The table's tests: each entry's examples, no name claimed twice, and readings derived from each entry's facts —
//! every place that reads a program (the reader, the access rules) must agree with its entry.

use super::entry::{Expect, Language, Program, Runs, ScriptLines, Touches};
use super::{all_names, sorted_index, BY_PREFIX, FAMILIES};
use crate::access::{accesses, AccessKind};
use crate::command::{CommandLine, Cwd, Unknown};
use crate::lexer::Word;
use crate::reader::parse;
use crate::unwrap::normalize;
use std::path::{Path, PathBuf};

/// The project the examples run in.
const PROJECT: &str = "/p";

fn read(command: &str) -> CommandLine {
    parse(command, Some(PathBuf::from(PROJECT)))
}

/// Whether a command whose words start with `prefix` (space-separated) runs.
fn runs(line: &CommandLine, prefix: &str) -> bool {
    let wanted: Vec<&str> = prefix.split(' ').collect();
    // (The program by its name, as the catalog's patterns name it: `claude.exe` is `claude`.)
    let same = |at: usize, word: &Word, want: &str| {
        if at == 0 {
            super::program_name(&word.text) == want
        } else {
            word.text == want
        }
    };
    line.commands.iter().any(|command| {
        command.words.len() >= wanted.len()
            && command.words.iter().zip(&wanted).enumerate().all(|(at, (word, want))| same(at, word, want))
    })
}

/// Where an access's path is, resolved against its working directory.
fn resolved(path: &str, cwd: &Cwd) -> PathBuf {
    match cwd {
        // A relative working directory is relative to the project (`env -C dir`).
        Cwd::Known(dir) => normalize(&Path::new(PROJECT).join(dir).join(path)),
        Cwd::Unknown => normalize(Path::new(path)),
    }
}

/// Whether `path` (relative to the project) is accessed as `kind`: named itself, or inside a tree written or read
/// whole.
fn accessed(line: &CommandLine, command: &str, kind: AccessKind, path: &str) -> bool {
    let wanted = normalize(&Path::new(PROJECT).join(path));
    accesses(line, command).iter().filter(|access| access.kind == kind).any(|access| {
        let at = resolved(&access.path.text, &access.cwd);
        at == wanted || (access.tree && wanted.starts_with(&at))
    })
}

fn shows(command: &str, expect: Expect) -> bool {
    let line = read(command);
    match expect {
        Expect::Runs(prefix) => runs(&line, prefix),
        Expect::Writes(path) => accessed(&line, command, AccessKind::Write, path),
        Expect::Reads(path) => accessed(&line, command, AccessKind::Read, path),
        Expect::Inert(path) => {
            !accessed(&line, command, AccessKind::Write, path)
                && !line.commands.iter().any(|found| found.unknown == Unknown::Everything)
        }
        Expect::Unknown => line.commands.iter().any(|found| found.unknown == Unknown::Everything),
        Expect::Subcommand(word) => line.commands.first().is_some_and(|first| {
            let words = &first.words;
            let at = super::Shape::of(words).subcommand.map(|(at, _)| at);
            at.and_then(|at| words.get(at)).is_some_and(|found| found.text == word)
        }),
    }
}

fn programs() -> impl Iterator<Item = &'static Program> {
    FAMILIES.iter().flat_map(|family| family.iter())
}

/// A name of the entry to write a command with (`python*` → `python`).
fn spellings(program: &Program) -> impl Iterator<Item = &'static str> + '_ {
    program.names.iter().map(|name| name.trim_end_matches('*'))
}

#[test]
fn every_example_shows_what_it_says() {
    let mut failures = Vec::new();
    for program in programs() {
        for example in program.examples {
            if !shows(example.0, example.1) {
                failures.push(format!("{:?}: {:?}", example.0, example.1));
            }
        }
    }
    assert!(failures.is_empty(), "examples that do not hold:\n{}", failures.join("\n"));
}

#[test]
fn no_name_is_claimed_twice_and_every_name_is_found() {
    let index = sorted_index();
    for pair in index.windows(2) {
        assert!(pair[0].0 < pair[1].0, "`{}` is claimed twice (or the index is not sorted)", pair[1].0);
    }
    for (prefix, _) in BY_PREFIX.iter() {
        assert!(!index.iter().any(|(name, _)| name.starts_with(prefix)), "`{prefix}*` hides an exact name");
    }
    for (name, program) in all_names() {
        let spelled = name.trim_end_matches('*');
        let found = super::lookup(&format!("/usr/bin/{spelled}")).expect("every name is found");
        assert!(std::ptr::eq(found, program), "`{name}` finds another entry");
    }
    assert!(super::lookup("no-such-program").is_none());
}

#[test]
fn every_interpreters_inline_code_is_read_for_commands_and_for_paths() {
    for program in programs() {
        let Some(interpreter) = program.runs.iter().find_map(|runs| match runs {
            Runs::Code(interpreter) => Some(interpreter),
            _ => None,
        }) else {
            continue;
        };
        let code = match interpreter.language {
            Language::Python => "import os; os.system('git push -f .forge/runtime')",
            Language::JavaScript => "require('child_process').execSync('git push -f .forge/runtime')",
            Language::Perl | Language::Ruby => "system(\"git push -f .forge/runtime\")",
            Language::Php => "system(\"git push -f .forge/runtime\");",
            Language::PowerShell => "Remove-Item .forge/runtime",
            Language::Shell | Language::Other => "x(\".forge/runtime\")",
        };
        let quoted = format!("'{}'", code.replace('\'', "'\\''"));
        let options = interpreter.code_options.iter().map(|option| {
            if option.len() == 1 {
                format!("-{option}")
            } else {
                format!("--{option}")
            }
        });
        for option in options.chain(interpreter.code_words.iter().map(|word| (*word).to_owned())) {
            for name in spellings(program) {
                let command = format!("{name} {option} {quoted}");
                assert!(shows(&command, Expect::Writes(".forge/runtime")), "{command}: its paths");
                if !matches!(interpreter.language, Language::Shell | Language::Other) {
                    assert!(shows(&command, Expect::Runs("git push -f")), "{command}: its commands");
                }
            }
        }
    }
}

#[test]
fn every_writer_fed_by_xargs_or_given_a_path_writes_it() {
    for program in programs().filter(|program| program.touches.may_write_what_it_is_given()) {
        for name in spellings(program) {
            let command = format!("ls .forge/runtime | xargs {name}");
            assert!(shows(&command, Expect::Writes(".forge/runtime")), "{command}");
        }
    }
    let direct = |touches| {
        matches!(
            touches,
            Touches::Deletes | Touches::Creates | Touches::Edits | Touches::Permissions(_) | Touches::Moves
        )
    };
    for program in programs().filter(|program| direct(program.touches)) {
        for name in spellings(program) {
            let command = format!("{name} .forge/runtime/state.json");
            assert!(shows(&command, Expect::Writes(".forge/runtime/state.json")), "{command}");
        }
    }
    for program in programs().filter(|program| matches!(program.touches, Touches::Copies | Touches::CopiesOrLinks)) {
        for name in spellings(program) {
            let command = format!("{name} x .forge/runtime/state.json");
            assert!(shows(&command, Expect::Writes(".forge/runtime/state.json")), "{command}");
        }
    }
}

#[test]
fn what_looks_at_names_only_reads_and_writes_nothing() {
    for program in programs().filter(|program| program.touches == Touches::Names) {
        for name in spellings(program) {
            let command = format!("{name} .env");
            let line = read(&command);
            assert!(!accessed(&line, &command, AccessKind::Read, ".env"), "{command} reads");
            assert!(!accessed(&line, &command, AccessKind::Write, ".env"), "{command} writes");
        }
    }
}

#[test]
fn every_road_to_a_command_the_table_names_is_followed() {
    for program in programs() {
        for runs in program.runs {
            for name in spellings(program) {
                let command = match runs {
                    Runs::Command { operands_before, .. } => {
                        format!("{name} {}git push -f", "5 ".repeat(*operands_before))
                    }
                    Runs::Shell => format!("{name} -c 'git push -f'"),
                    Runs::ScriptOption(options) | Runs::PackageProgram { script_options: options, .. }
                        if !options.is_empty() =>
                    {
                        let option = options[0];
                        let dash = if option.len() == 1 { "-" } else { "--" };
                        let subcommand = match runs {
                            Runs::PackageProgram { subcommands, .. } => {
                                subcommands.first().map_or(String::new(), |s| format!("{s} "))
                            }
                            _ => String::new(),
                        };
                        format!("{name} {subcommand}{dash}{option} 'git push -f' x")
                    }
                    Runs::PackageProgram { subcommands, .. } => {
                        let subcommand = subcommands.first().map_or(String::new(), |s| format!("{s} "));
                        format!("{name} {subcommand}git push -f")
                    }
                    Runs::OperandsAsScript | Runs::ArgumentsAsScript => format!("{name} 'git push -f'"),
                    Runs::ExecOptions(options) => format!("{name} . {} git push -f ';'", options[0]),
                    Runs::InlineAliases => format!("{name} -c alias.p='push -f' p"),
                    Runs::EnvironmentAliases(prefix) => format!("{prefix}P='push -f' {name} p"),
                    Runs::OperandsAfter(skip) => format!("{name} {}'git push -f'", "h ".repeat(*skip)),
                    Runs::Keys => format!("{name} -X stuff 'git push -f' Enter"),
                    Runs::ShellOnInput(options) => {
                        let option = options.first().map_or(String::new(), |option| {
                            format!(" {}{option}", if option.len() == 1 { "-" } else { "--" })
                        });
                        format!("echo 'git push -f' | {name}{option}")
                    }
                    Runs::EnvironmentScripts(names) => format!("{}='git push -f' {name}", names[0]),
                    Runs::EnvironmentFiles(names) => format!("{}=<(echo 'git push -f') {name}", names[0]),
                    Runs::ScriptFileOption(options) => format!("{name} --{} <(echo 'git push -f')", options[0]),
                    Runs::ScriptsAfter(separator) => format!("{name} {separator} 'git push -f'"),
                    Runs::CommandAfterDoubleDash => format!("{name} x -- git push -f"),
                    Runs::PrefixedOperands(prefixes) => format!("{name} - '{}git push -f'", prefixes[0]),
                    Runs::BoundActions(option) => format!("{name} --{option} 'start:execute(git push -f)'"),
                    Runs::KeyedOperands { after, prefix } => {
                        format!("{name} {} {prefix}x='git push -f'", after.join(" "))
                    }
                    Runs::KeyedScriptOption(option, keys) => {
                        let dash = if option.len() == 1 { "-" } else { "--" };
                        format!("{name} {dash}{option} {}='git push -f' x", keys[0])
                    }
                    Runs::InputScript { lines: ScriptLines::Crontab, .. } => {
                        format!("echo '@reboot git push -f' | {name} -")
                    }
                    Runs::InputScript { .. } => format!("echo 'git push -f' | {name}"),
                    _ => continue,
                };
                let expected = if matches!(runs, Runs::InlineAliases | Runs::EnvironmentAliases(_)) {
                    format!("{name} push -f")
                } else {
                    "git push -f".to_owned()
                };
                assert!(runs_any(&command, &expected), "{command} runs {expected}");
            }
        }
    }
    for program in programs() {
        for package in program.packages {
            let command = format!("npx {package}@latest --help");
            assert!(runs_any(&command, &format!("{} --help", program.names[0])), "{command}");
        }
    }
}

fn runs_any(command: &str, prefix: &str) -> bool {
    runs(&read(command), prefix)
}

/// What an interpreter's command gives it, as [`crate::languages::given`] reads it.
fn given_by(command: &str) -> String {
    let line = read(command);
    let words = &line.commands[0].words;
    let program = super::lookup(&words[0].text).expect("an interpreter");
    format!("{:?}", crate::languages::given(words, program, program.interpreter().expect("an interpreter")))
}

#[test]
fn an_interpreter_is_given_code_inline_a_file_or_its_input() {
    assert_eq!(given_by("python3 -c 'print(1)'"), "Code(\"print(1)\")");
    assert_eq!(given_by("python3 -W error '-cprint(2)'"), "Code(\"print(2)\")");
    assert!(given_by("python3 -W error x.py -c y").starts_with("File("), "the script's own arguments");
    assert_eq!(given_by("python3 -m pytest"), "Module");
    assert_eq!(given_by("node --eval=1+1"), "Code(\"1+1\")");
    assert_eq!(given_by("deno eval 'Deno.exit()'"), "Code(\"Deno.exit()\")");
    assert!(given_by("deno run -A x.ts").contains("x.ts"));
    assert_eq!(given_by("python3 -"), "Input");
    assert_eq!(given_by("node"), "Input");
}

#[test]
fn every_option_that_names_a_recipe_file_takes_a_value_and_every_written_one_is_read() {
    for program in programs() {
        for module_option in program.code_recipes().filter_map(|name| name.strip_prefix('%')) {
            let takes = match module_option.len() {
                1 => module_option.chars().all(|letter| program.options.short_takes_value(letter)),
                _ => program.options.long_takes_value(module_option),
            };
            assert!(takes, "{:?}: {module_option} names Python modules but takes no value", program.names);
        }
        let named = program.unread_recipes().chain(program.code_recipes()).filter(|name| name.starts_with('-'));
        for named_option in named {
            // (`-D:KEY`: the option `-D`, its value `KEY=FILE`.)
            let (option, key) = named_option.split_once(':').map_or((named_option, None), |(o, k)| (o, Some(k)));
            let takes = match option.strip_prefix("--") {
                Some(long) => program.options.long_takes_value(long),
                None => {
                    option.len() == 2 && option[1..].chars().all(|letter| program.options.short_takes_value(letter))
                }
            };
            assert!(takes, "{:?}: {option} names a recipe file but takes no value", program.names);
            // A file the line writes and names with the option is what runs: unknown, or read as its code.
            let written = format!(
                "printf 'import os\\nos.system(\"git push -f\")\\n' > /tmp/x.py && {} {}",
                spellings(program).next().expect("a name"),
                key.map_or_else(|| format!("{option} /tmp/x.py"), |key| format!("{option}{key}=/tmp/x.py"))
            );
            let line = read(&written);
            let unknown = line.commands.iter().any(|found| found.unknown == Unknown::Everything);
            assert!(unknown || runs(&line, "git push -f"), "{written}: neither asked nor read");
        }
        // A config whose keys hold commands, named by an option: the option takes a value, and each key is read.
        for (files, keys, _) in program.config_commands() {
            for option in files.iter().filter_map(|name| name.strip_prefix("--")) {
                assert!(program.options.long_takes_value(option), "{:?}: --{option} takes no value", program.names);
                for (key, _) in keys.iter().filter(|(key, prefix)| !key.starts_with('<') && prefix.is_empty()) {
                    // (`*`: any key, a Procfile's process name; `KEY(`: a call; `[TABLE]`: a TOML table's keys.)
                    let line = match key.strip_prefix('[').and_then(|spec| spec.split_once(']')) {
                        Some((table, "")) => format!("[{}]\\nx = \"git push -f\"", table.replace('*', "x")),
                        Some((table, name)) => format!("[{}]\\n{name} = \"git push -f\"", table.replace('*', "x")),
                        None if key.ends_with('(') => format!("{key}\"git push -f\")"),
                        None if *key == "*" => "web: git push -f".to_owned(),
                        None => format!("{key}: git push -f"),
                    };
                    let written = format!(
                        "printf '{line}\\n' > /tmp/x.yml && {} --{option} /tmp/x.yml",
                        spellings(program).next().expect("a name")
                    );
                    assert!(runs(&read(&written), "git push -f"), "{written}: not read");
                }
            }
        }
    }
}
