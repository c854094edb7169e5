//! What a command runs besides itself: the command behind a wrapper (`env`, `sudo`, `nice`, `timeout`, `xargs`,
//! `find -exec`, `npx`, …), the script behind `sh -c`, `eval`, `su -c`, text fed to a shell's input, a git alias
//! defined with `-c alias.NAME=…`, the commands in an interpreter's inline code or input ([`crate::code`]), and the
//! script files a command runs (`bash FILE`, `source FILE`, `python FILE`, `./FILE`) for the reader to read; and
//! where `cd`/`pushd` take the commands that follow.

use crate::argv::{Order, Parsed};
use crate::code;
use crate::command::Cwd;
use crate::languages::{self, Given};
use crate::lexer::Word;
use crate::programs::{self, Interpreter, Language, Program, Runs};
use std::path::{Component, Path, PathBuf};

/// Commands and scripts found behind a written command.
#[derive(Debug, Default)]
pub(super) struct Derived {
    pub commands: Vec<DerivedCommand>,
    /// Script texts it runs, to be read as commands in turn.
    pub scripts: Vec<String>,
    /// Script files it runs, to be read (when they can be) and then read as commands.
    pub files: Vec<ScriptFile>,
}

/// A command run by a wrapper.
#[derive(Debug)]
pub(super) struct DerivedCommand {
    pub words: Vec<Word>,
    /// A directory the wrapper moved to (`env -C DIR`), if any.
    pub cwd: Option<PathBuf>,
    /// `NAME=value` the wrappers put in its environment (`env NAME=value cmd`).
    pub assignments: Vec<Word>,
}

/// A script file a command runs.
#[derive(Debug)]
pub(super) struct ScriptFile {
    pub path: Word,
    /// The language the command reads it in (`python FILE`), or `None` when the file says (`./FILE`).
    pub language: Option<Language>,
}

/// The program a package installs: the table's for the packages it knows (`@anthropic-ai/claude-code` → `claude`);
/// for others, the package's name without scope and version.
fn package_program(spec: &str) -> String {
    let unversioned = match spec.strip_prefix('@') {
        Some(scoped) => scoped.split_once('@').map_or(spec, |(name, _)| &spec[..name.len() + 1]),
        None => spec.split('@').next().unwrap_or(spec),
    };
    match programs::installed_by(unversioned) {
        Some(program) => program.to_owned(),
        None => unversioned.rsplit('/').next().unwrap_or(unversioned).to_owned(),
    }
}

/// Looks through one written command: wrappers, nested scripts, git aliases, `find -exec`, interpreters and the
/// script files it runs, as the program table says. `stdin` is the text fed to its input, when known (a heredoc, a
/// here-string, a file, the output of `echo`/`printf`/`cat` piped to it).
pub(super) fn look_through(words: &[Word], stdin: Option<&str>) -> Derived {
    let mut derived = Derived::default();
    let mut argv: Vec<Word> = words.to_vec();
    let mut cwd: Option<PathBuf> = None;
    let mut assignments: Vec<Word> = Vec::new();
    for _ in 0..16 {
        let Some(first) = argv.first() else { break };
        let program = programs::lookup(&first.text);
        let installed = installed_program(&argv, program);
        let Some(program) = program.filter(|_| installed.is_none()) else {
            if let Some(next) = installed {
                argv = next;
                derived.commands.push(DerivedCommand {
                    words: argv.clone(),
                    cwd: cwd.clone(),
                    assignments: assignments.clone(),
                });
                continue;
            }
            // A path to a program (`./deploy.sh`, `scripts/release`): a script file when it is text.
            if first.text.contains('/') && !first.dynamic {
                derived.files.push(ScriptFile { path: first.clone(), language: None });
            }
            break;
        };
        let next = package_program_of(&argv, program, &mut derived)
            .or_else(|| wrapped(&argv, program, &mut derived, &mut cwd, &mut assignments));
        if let Some(next) = next {
            argv = next;
            derived.commands.push(DerivedCommand {
                words: argv.clone(),
                cwd: cwd.clone(),
                assignments: assignments.clone(),
            });
            continue;
        }
        for runs in program.runs {
            match runs {
                Runs::Shell => shell_script(&argv, program, stdin, &mut derived),
                Runs::SourcedFile => derived
                    .files
                    .extend(argv.get(1).map(|path| ScriptFile { path: path.clone(), language: Some(Language::Shell) })),
                Runs::ArgumentsAsScript => derived.scripts.push(joined(&argv[1..])),
                Runs::OperandsAsScript => {
                    let start = Parsed::of(&argv, &program.options, Order::UntilOperand(|_| false)).rest;
                    derived.scripts.push(joined(&argv[start..]));
                }
                // A wrapper's script options were read with its command (`wrapped`).
                Runs::ScriptOption(names) if !is_wrapper(program) => {
                    derived.scripts.extend(script_values(&argv, program, names))
                }
                Runs::ExecOptions(options) => find_exec(&argv, options, &mut derived),
                Runs::InlineAliases => git_alias(&argv, program, &mut derived),
                Runs::Code(interpreter) => interpreted(&argv, program, interpreter, stdin, &mut derived),
                Runs::Command { .. }
                | Runs::ScriptOption(_)
                | Runs::DirectoryOption(_)
                | Runs::Assignments
                | Runs::PackageProgram { .. }
                | Runs::Recipes(_) => {}
            }
        }
        break;
    }
    derived
}

/// Words joined by spaces, as a shell script.
fn joined(words: &[Word]) -> String {
    words.iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" ")
}

/// Whether the program runs a command given after its options.
fn is_wrapper(program: &Program) -> bool {
    program.runs.iter().any(|runs| matches!(runs, Runs::Command { .. }))
}

/// The values of the options `names` (letters or long names), `argv` read as `program`'s options say, in GNU's
/// order (`su USER -c CMD`).
fn script_values(argv: &[Word], program: &Program, names: &[&str]) -> Vec<String> {
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    let (letters, longs) = split_names(names);
    parsed.values(&letters, &longs).iter().map(|value| value.text().to_owned()).collect()
}

/// Option names as the parser asks for them: the one-letter ones as letters, the others as long names.
fn split_names<'n>(names: &[&'n str]) -> (Vec<char>, Vec<&'n str>) {
    let letters = names.iter().filter(|name| name.chars().count() == 1).filter_map(|name| name.chars().next());
    (letters.collect(), names.iter().copied().filter(|name| name.chars().count() > 1).collect())
}

/// A wrapper's command (`env A=1 -C dir CMD`, `timeout 5 CMD`): the words of the command it runs, with the scripts,
/// directory and environment its options give; `None` for a program that wraps nothing or has no command.
fn wrapped(
    argv: &[Word],
    program: &Program,
    derived: &mut Derived,
    cwd: &mut Option<PathBuf>,
    assignments: &mut Vec<Word>,
) -> Option<Vec<Word>> {
    let before = program.runs.iter().find_map(|runs| match runs {
        Runs::Command { operands_before, .. } => Some(*operands_before),
        _ => None,
    })?;
    let takes_assignments = program.runs.iter().any(|runs| matches!(runs, Runs::Assignments));
    let order =
        if takes_assignments { Order::UntilOperand(|word| word.assignment) } else { Order::UntilOperand(|_| false) };
    // Options come before the command and between the operands it skips (`flock FILE -c CMD`).
    let mut parses = vec![Parsed::of(argv, &program.options, order)];
    for _ in 0..before {
        let operand = parses.last().map_or(argv.len(), |parsed| parsed.rest);
        if operand >= argv.len() {
            break;
        }
        let parsed = Parsed::of(&argv[operand..], &program.options, order);
        parses.push(Parsed { rest: operand + parsed.rest, args: parsed.args });
    }
    if takes_assignments {
        let end = parses[0].rest.min(argv.len());
        assignments.extend(argv[1..end].iter().filter(|word| word.assignment).cloned());
    }
    for runs in program.runs {
        let (letters, longs) = match runs {
            Runs::ScriptOption(names) | Runs::DirectoryOption(names) => split_names(names),
            _ => continue,
        };
        let values: Vec<&str> =
            parses.iter().flat_map(|parsed| parsed.values(&letters, &longs)).map(|value| value.text()).collect();
        match runs {
            Runs::ScriptOption(_) => derived.scripts.extend(values.iter().map(|value| (*value).to_owned())),
            _ => *cwd = values.last().map(PathBuf::from).or(cwd.take()),
        }
    }
    let mut start = if parses.len() == before + 1 { parses[before].rest } else { argv.len() };
    // `env - CMD`: a lone `-` is `-i` (an empty environment), not the command.
    if takes_assignments && argv.get(start).is_some_and(|word| word.text == "-") {
        start += 1;
        while argv.get(start).is_some_and(|word| word.assignment) {
            start += 1;
        }
    }
    (start < argv.len()).then(|| argv[start..].to_vec())
}

/// `npx [OPTIONS] PKG ARGS…` (also `npm exec|x`, `pnpm dlx|exec`, …, as the table says): the program the package
/// installs and its arguments (`npx -p PKG PROGRAM ARGS…` names the program itself); a `-c CMD` is a script.
fn package_program_of(argv: &[Word], program: &Program, derived: &mut Derived) -> Option<Vec<Word>> {
    let (first, options, script_options) = program.runs.iter().find_map(|runs| match runs {
        Runs::PackageProgram { subcommands, options, script_options } => {
            let first = if subcommands.is_empty() {
                0
            } else {
                let subcommand = argv.get(1)?;
                if !subcommands.contains(&subcommand.text.as_str()) {
                    return None;
                }
                1
            };
            Some((first, options, *script_options))
        }
        _ => None,
    })?;
    let rest = &argv[first..];
    let parsed = Parsed::of(rest, options, Order::UntilOperand(|_| false));
    let (letters, longs) = split_names(script_options);
    derived.scripts.extend(parsed.values(&letters, &longs).iter().map(|value| value.text().to_owned()));
    let named_package = !parsed.values(&['p'], &["package"]).is_empty();
    let command = rest.get(parsed.rest..).filter(|command| !command.is_empty())?;
    let mut words = command.to_vec();
    if !named_package {
        words[0] = Word { text: package_program(&words[0].text), ..words[0].clone() };
    }
    Some(words)
}

/// A package's program run by its installed file, directly or by an interpreter (`…/node_modules/@anthropic-ai/
/// claude-code/bin/claude.exe ARGS`, `node …/node_modules/@openai/codex/bin/codex.js ARGS`): the program the table
/// names for the package ([`programs::installed_at`]), with the arguments after the file.
fn installed_program(argv: &[Word], program: Option<&'static Program>) -> Option<Vec<Word>> {
    let at = match program {
        None => 0,
        Some(program) => match languages::given(argv, program, program.interpreter()?) {
            Given::File(file) => argv.iter().position(|word| std::ptr::eq(word, file))?,
            _ => return None,
        },
    };
    let file = argv.get(at).filter(|file| !file.dynamic)?;
    let name = programs::installed_at(&file.text)?;
    let mut words = vec![Word { text: name.to_owned(), ..file.clone() }];
    words.extend(argv[at + 1..].iter().cloned());
    Some(words)
}

/// An interpreter's command: its inline code (`python -c`, `node -e`), code on its input (`python3 - <<EOF`,
/// `… | node`), or its script file (`python deploy.py`).
fn interpreted(
    argv: &[Word],
    program: &Program,
    interpreter: &Interpreter,
    stdin: Option<&str>,
    derived: &mut Derived,
) {
    let language = interpreter.language;
    match languages::given(argv, program, interpreter) {
        Given::Code(code) => derived.scripts.extend(code::commands_in(language, code)),
        Given::File(word) => derived.files.push(ScriptFile { path: word.clone(), language: Some(language) }),
        Given::Input => {
            if let Some(code) = stdin {
                derived.scripts.extend(code::commands_in(language, code));
            }
        }
        Given::Module => {}
    }
}

/// `sh -c SCRIPT`, a shell reading its script from its input, or a shell running a script file.
fn shell_script(argv: &[Word], program: &Program, stdin: Option<&str>, derived: &mut Derived) {
    let mut with_c = false;
    let mut reads_stdin = false;
    let mut index = 1;
    while let Some(word) = argv.get(index) {
        let text = word.text.as_str();
        if text == "--" || text == "-" {
            index += 1;
            break;
        }
        // `-o NAME`, `+O NAME`, `--rcfile FILE`: options with a value (`+` turns a shell option off).
        let short_value = text.len() == 2
            && (text.starts_with('-') || text.starts_with('+'))
            && text[1..].chars().next().is_some_and(|letter| program.options.short_takes_value(letter));
        if short_value || text.strip_prefix("--").is_some_and(|long| program.options.long_takes_value(long)) {
            index += 2;
            continue;
        }
        if (text.starts_with('-') || text.starts_with('+')) && text.len() > 1 {
            if !text.starts_with("--") {
                with_c |= text.contains('c');
                reads_stdin |= text.contains('s');
                // `-n` (noexec): the shell only checks the script's syntax.
                if text.starts_with('-') && text.contains('n') {
                    return;
                }
            } else if text == "--command" {
                with_c = true;
            }
            index += 1;
            continue;
        }
        break;
    }
    match argv.get(index) {
        Some(script) if with_c => derived.scripts.push(script.text.clone()),
        Some(file) if !reads_stdin => {
            derived.files.push(ScriptFile { path: file.clone(), language: Some(Language::Shell) });
        }
        None if !with_c => reads_stdin = true,
        _ => {}
    }
    if reads_stdin {
        derived.scripts.extend(stdin.map(str::to_owned));
    }
}

/// `find … -exec CMD … ;` (the options the table names, ended by `;` or `+`).
fn find_exec(argv: &[Word], options: &[&str], derived: &mut Derived) {
    let mut index = 1;
    while index < argv.len() {
        if options.contains(&argv[index].text.as_str()) {
            let start = index + 1;
            let end = argv[start..]
                .iter()
                .position(|word| word.text == ";" || word.text == "+")
                .map_or(argv.len(), |at| start + at);
            if end > start {
                let words = argv[start..end].to_vec();
                derived.commands.push(DerivedCommand { words, cwd: None, assignments: Vec::new() });
            }
            index = end;
        }
        index += 1;
    }
}

/// `git -c alias.NAME=VALUE … NAME args`: the alias runs a shell command (`!…`) or a git command.
fn git_alias(argv: &[Word], program: &Program, derived: &mut Derived) {
    let Some(subcommand) = program.subcommand_at(argv) else { return };
    let parsed = Parsed::of(&argv[..subcommand], &program.options, Order::Permute);
    for value in parsed.values(&['c'], &[]) {
        let Some((name, body)) = value.text().strip_prefix("alias.").and_then(|rest| rest.split_once('=')) else {
            continue;
        };
        if !name.eq_ignore_ascii_case(&argv[subcommand].text) {
            continue;
        }
        let rest: Vec<&str> = argv[subcommand + 1..].iter().map(|word| word.text.as_str()).collect();
        match body.strip_prefix('!') {
            Some(shell) => derived.scripts.push(format!("{shell} {}", rest.join(" "))),
            None => {
                let mut words: Vec<Word> = vec![argv[0].clone()];
                words.extend(body.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }));
                words.extend(argv[subcommand + 1..].iter().cloned());
                derived.commands.push(DerivedCommand { words, cwd: None, assignments: Vec::new() });
            }
        }
    }
}

/// Where `cd`, `pushd` or `popd` take the commands after them; `None` for any other command.
pub(super) fn change_directory(words: &[Word], cwd: &Cwd) -> Option<Cwd> {
    match programs::lookup(&words.first()?.text)?.cwd {
        programs::Cwd::Stays => return None,
        programs::Cwd::Unknown => return Some(Cwd::Unknown),
        programs::Cwd::Operand => {}
    }
    let target = words[1..].iter().find(|word| !(word.text.starts_with('-') && word.text.len() > 1));
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let destination = match target {
        None => home,
        Some(word) if word.dynamic || word.glob || word.text == "-" => None,
        Some(word) if word.tilde => {
            let rest = word.text.strip_prefix('~').unwrap_or(&word.text);
            match rest.strip_prefix('/') {
                Some(rest) => home.map(|home| home.join(rest)),
                None if rest.is_empty() => home,
                None => None, // ~user
            }
        }
        Some(word) => match cwd {
            Cwd::Known(base) => Some(base.join(&word.text)),
            Cwd::Unknown if word.text.starts_with('/') => Some(PathBuf::from(&word.text)),
            Cwd::Unknown => None,
        },
    };
    Some(destination.map_or(Cwd::Unknown, |path| Cwd::Known(normalize(&path))))
}

/// `path` with `.` and `..` resolved lexically (no file system access).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}
