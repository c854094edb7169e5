//! What a command runs besides itself: the command behind a wrapper (`env`, `sudo`, `nice`, `timeout`, `xargs`,
//! `find -exec`, `npx`, …), the script behind `sh -c`, `eval`, `su -c`, text fed to a shell's input, a git alias
//! defined with `-c alias.NAME=…`, the commands in an interpreter's inline code or input ([`crate::code`]), and the
//! script files a command runs (`bash FILE`, `source FILE`, `python FILE`, `./FILE`) for the reader to read; and
//! where `cd`/`pushd` take the commands that follow.

use crate::argv::{quote, split_names, Arg, Order, Parsed, Value};
use crate::command::Cwd;
use crate::languages::{self, Given};
use crate::lexer::{self, Word};
use crate::programs::{self, Interpreter, Language, Program, Runs, ScriptLines};
use crate::{ansible, code, containers, filters, git_commands, later, parameters, possible};
use std::path::{Component, Path, PathBuf};

/// Commands and scripts found behind a written command.
#[derive(Debug, Default)]
pub(super) struct Derived {
    pub commands: Vec<DerivedCommand>,
    /// Script texts it runs, to be read as commands in turn.
    pub scripts: Vec<String>,
    /// Script files it runs, to be read (when they can be) and then read as commands.
    pub files: Vec<ScriptFile>,
    /// Scripts whose output it runs as a shell script (`source <(CMD)`, `BASH_ENV=<(CMD)`).
    pub output_scripts: Vec<String>,
    /// Command lines it is given that it may run (see [`crate::Unknown::Possible`]).
    pub possible_scripts: Vec<String>,
    /// It runs text computed while it runs, which cannot be known before (`print | "sh"` in awk, `source
    /// /dev/stdin` fed by an unknown command).
    pub unknown: bool,
}

/// What a command reads on its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Input<'a> {
    /// Nothing on the line feeds it.
    Nothing,
    /// Text the line knows (a heredoc, a here-string, a file, the output of `echo`, `printf` or `cat`).
    Known(&'a str),
    /// Something feeds it whose output cannot be known before it runs (`python gen.py | sh`).
    Unknown,
}

impl<'a> Input<'a> {
    /// The text, when the line knows it.
    fn known(self) -> Option<&'a str> {
        match self {
            Input::Known(text) => Some(text),
            _ => None,
        }
    }

    /// What a program that runs its input as a script runs: the text, or — fed something unknown — unknown.
    fn run(self, derived: &mut Derived, read: impl FnOnce(&str) -> Vec<String>) {
        match self {
            Input::Known(text) => derived.scripts.extend(read(text)),
            Input::Unknown => derived.unknown = true,
            Input::Nothing => {}
        }
    }
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
    /// The arguments it is given (`./deploy.sh a b`, `bash deploy.sh a b`): a shell script's `$1`, `"$@"`…
    pub arguments: Vec<Word>,
}

/// The program a package installs: the table's for the packages it knows (`@anthropic-ai/claude-code` → `claude`);
/// for others, the package's name without scope and version. With `flakes`, the spec is a flake reference, whose
/// output (`nixpkgs#git`, `github:o/r#pkg`) is the attribute after `#`.
fn package_program(spec: &str, flakes: bool) -> String {
    let spec = match spec.rsplit_once('#') {
        Some((_, attribute)) if flakes => attribute.rsplit('.').next().unwrap_or(attribute),
        _ => spec,
    };
    let unversioned = match spec.strip_prefix('@') {
        Some(scoped) => scoped.split_once('@').map_or(spec, |(name, _)| &spec[..name.len() + 1]),
        None => spec.split('@').next().unwrap_or(spec),
    };
    match programs::installed_by(unversioned) {
        Some(program) => program.to_owned(),
        None => unversioned.rsplit('/').next().unwrap_or(unversioned).to_owned(),
    }
}

/// How many wrappers one command is looked through (`sudo env nice timeout 5 git …`).
const MAX_WRAPPERS: usize = 16;

/// How deep commands found inside commands are looked through.
const MAX_NESTING: usize = 32;

thread_local! {
    static NESTING: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One level of [`look_through`] inside another, counted while it lasts.
struct Nesting;

impl Nesting {
    fn enter() -> Nesting {
        NESTING.with(|depth| depth.set(depth.get() + 1));
        Nesting
    }

    fn depth() -> usize {
        NESTING.with(std::cell::Cell::get)
    }
}

impl Drop for Nesting {
    fn drop(&mut self) {
        NESTING.with(|depth| depth.set(depth.get().saturating_sub(1)));
    }
}

/// Looks through one written command: wrappers, nested scripts, git aliases, `find -exec`, interpreters and the
/// script files it runs, as the program table says. `stdin` is what it reads on its input (see [`Input`]);
/// `environment` holds the `NAME=value` its
/// environment gets from the line (for the variables a program runs: `GIT_SSH_COMMAND`, `BASH_ENV`).
pub(super) fn look_through(words: &[Word], stdin: Input<'_>, environment: &[Word]) -> Derived {
    // Commands inside commands (`cmake -E env cmake -E env …`, `hub hub …`) are looked through to a depth; past it,
    // what runs cannot be known — asked about, never passed, and never a crash of the hook.
    let _nesting = Nesting::enter();
    if Nesting::depth() > MAX_NESTING {
        return Derived { unknown: true, ..Derived::default() };
    }
    // A preload or a runtime's option variable loads code the line does not show (`LD_PRELOAD=x.so`).
    let loads_code = programs::loads_unknown_code(environment.iter().map(|word| word.text.as_str()));
    let mut derived = Derived { unknown: loads_code, ..Derived::default() };
    let mut argv: Vec<Word> = words.to_vec();
    let mut cwd: Option<PathBuf> = None;
    let mut assignments: Vec<Word> = Vec::new();
    // A subcommand that runs code is read as a command of its own entry (`git rebase -x`, `docker run`).
    let mut subcommand: Option<&'static Program> = None;
    for round in 0..=MAX_WRAPPERS {
        // More wrappers than this (`env env … git push -f`): what they end in is not looked at, so it is unknown.
        if round == MAX_WRAPPERS {
            derived.unknown = true;
            break;
        }
        let Some(first) = argv.first() else { break };
        // A subcommand's entry (`git rebase`), else the program's; a package's installed file run by its path is
        // that package's program (`node …/@anthropic-ai/claude-code/cli.js`).
        let entry = subcommand.take();
        let program = entry.or_else(|| programs::lookup(&first.text));
        let installed =
            if entry.is_none() { installed_program(&argv, program).or_else(|| git_program(&argv)) } else { None };
        let Some(program) = program.filter(|_| installed.is_none()) else {
            // A path to a program (`./deploy.sh`, `scripts/release`, `"$PWD/x.bat"`): a script file when it is text.
            let path =
                first.text.contains('/') && (!first.dynamic || parameters::variable_location(&first.text).is_some());
            if installed.is_none() && path {
                let arguments = argv[1..].to_vec();
                derived.files.push(ScriptFile { path: first.clone(), language: None, arguments });
            }
            // A program the table does not know with one it knows after `--` (`vaultwrap run -- git push -f`,
            // `./with-creds -- rm -rf ~`): such tools run it, so it is read as run.
            let Some(next) = installed.or_else(|| command_after_double_dash(&argv)) else {
                // Nor is it known whether it runs a command line it is given (`mytool --on-done 'git push -f'`,
                // `runner exec "rm -rf ~"`): such a line is read as possibly run, which is asked about when it acts.
                derived.possible_scripts.extend(possible::command_lines(&argv[1..], true));
                break;
            };
            argv = next;
            derived.commands.push(DerivedCommand {
                words: argv.clone(),
                cwd: cwd.clone(),
                assignments: assignments.clone(),
            });
            continue;
        };
        let variables: Vec<&Word> = environment.iter().chain(assignments.iter()).collect();
        // The one command a program runs as another program (`hub` is git, `python -m pre_commit`, `nx exec --
        // CMD`) is looked through in this loop, as a wrapper's is.
        let mut handed_on: Option<Vec<Word>> = None;
        for runs in program.runs {
            runs_code(runs, &argv, program, stdin, &variables, &mut derived, &mut handed_on);
        }
        // `parallel ::: CMD…` gives scripts, not a command.
        let scripts_only = program.runs.iter().any(|runs| match runs {
            Runs::ScriptsAfter(separator) => {
                let start = Parsed::of(&argv, &program.options, Order::UntilOperand(|_| false)).rest;
                argv.get(start).is_some_and(|word| word.text == *separator)
            }
            _ => false,
        });
        let next = package_program_of(&argv, program, &mut derived)
            .or_else(|| wrapped(&argv, program, &mut derived, &mut cwd, &mut assignments, stdin))
            .filter(|_| !scripts_only);
        let next = match (next, handed_on) {
            (Some(next), Some(other)) => {
                run_command(other, &mut derived);
                Some(next)
            }
            (next, other) => next.or(other),
        };
        if let Some(mut next) = next {
            // (`corepack pnpm@9.4.0 publish` runs pnpm.)
            if let Some(name) = next.first().and_then(|word| programs::unversioned(&word.text)) {
                next[0].text = name.to_owned();
            }
            argv = next;
            derived.commands.push(DerivedCommand {
                words: argv.clone(),
                cwd: cwd.clone(),
                assignments: assignments.clone(),
            });
            continue;
        }
        let sub = program.subcommand_at(&argv).filter(|&at| at > 0).and_then(|at| {
            let entry = program.subcommand_entry(&argv[at].text)?;
            Some((at, entry))
        });
        if let Some((at, entry)) = sub {
            argv = argv[at..].to_vec();
            subcommand = Some(entry);
            continue;
        }
        // A program the table says runs no code may still take one in an option named for a command.
        if program.runs.is_empty() {
            derived.possible_scripts.extend(possible::command_lines(&argv[1..], false));
        }
        break;
    }
    derived
}

/// The command two named options' values make, the program and its arguments (`-Dexec.executable=rm
/// -Dexec.args='-f x'`).
fn named_command(argv: &[Word], program: &Program, named: &str, arguments: &str, derived: &mut Derived) {
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    if let Some(executable) = parsed.named_values(&[named]).last() {
        let arguments = parsed.named_values(&[arguments]).last().map(|word| word.text.clone());
        derived.scripts.push(format!("{} {}", quote(&executable.text), arguments.unwrap_or_default()));
    }
}

/// `runs_program`'s commands given as the values of the options `names` (`cargo watch -x check`).
fn arguments_of(argv: &[Word], program: &Program, runs_program: &str, names: &[&str]) -> Vec<String> {
    script_values(argv, program, names).iter().map(|arguments| format!("{runs_program} {arguments}")).collect()
}

/// A program's own commands given as its operands, several in one word when separated (`sbt '; clean ; publish'`).
fn command_operands(argv: &[Word], program: &Program, separator: char, derived: &mut Derived) {
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    for operand in parsed.operands().filter(|word| word.text.contains([separator, ' ', '\t'])) {
        for command in operand.text.split(separator) {
            let words = command.split_whitespace().map(|text| Word { text: text.to_owned(), ..operand.clone() });
            let words: Vec<Word> = argv[..1].iter().cloned().chain(words).collect();
            if words.len() > 1 {
                run_command(words, derived);
            }
        }
    }
}

/// Each operand a shell script of its own (`concurrently CMD CMD`).
fn operand_scripts(argv: &[Word], program: &Program) -> Vec<String> {
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    parsed.operands().filter(|word| word.text != "--").map(|word| word.text.clone()).collect()
}

/// A batch job's script file (`sbatch job.sh`), read as shell; whether the job's script is its input instead.
fn job_script(file: Option<&Word>, derived: &mut Derived) -> bool {
    let Some(path) = file.cloned() else { return true };
    derived.files.push(ScriptFile { path, language: Some(Language::Shell), arguments: Vec::new() });
    false
}

/// The words after the first `--` of an unknown program's command, when they start with a program the table knows.
fn command_after_double_dash(argv: &[Word]) -> Option<Vec<Word>> {
    let at = argv.iter().skip(1).position(|word| word.text == "--")? + 2;
    let program = argv.get(at).filter(|word| !word.dynamic)?;
    programs::lookup(&program.text).map(|_| argv[at..].to_vec())
}

/// What one of a program's ways to run code finds in its command `argv`. The one command it runs as another
/// program goes to `handed_on` (the first such; any other is looked through apart).
fn runs_code(
    runs: &Runs,
    argv: &[Word],
    program: &'static Program,
    stdin: Input<'_>,
    environment: &[&Word],
    derived: &mut Derived,
    handed_on: &mut Option<Vec<Word>>,
) {
    let mut hand_on = |words: Vec<Word>, derived: &mut Derived| match handed_on {
        None => *handed_on = Some(words),
        Some(_) => run_command(words, derived),
    };
    match runs {
        Runs::Shell => shell_script(argv, program, stdin, derived),
        Runs::SourcedFile => sourced(argv, stdin, derived),
        Runs::ArgumentsAsScript => derived.scripts.push(joined(&argv[1..])),
        Runs::OperandsAsScript | Runs::OperandsAsScriptWith(_) => {
            let start = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false)).rest;
            let variables = match runs {
                Runs::OperandsAsScriptWith(variables) => variables,
                _ => &[][..],
            };
            let set: String = variables.iter().map(|(name, value)| format!("{name}={}; ", quote(value))).collect();
            derived.scripts.push(format!("{set}{}", joined(&argv[start..])));
        }
        Runs::OperandsAfter(skip) => {
            if let Some(start) = operand_after(argv, program, *skip).filter(|&start| start < argv.len()) {
                let script = joined(&argv[start..]);
                // A shell at the end of it reads the input as its script (`echo 'cat .env' | ssh h "cd $PWD && bash"`,
                // `ssh h 'bash -s' < deploy.sh`).
                if ends_in_a_shell_reading_input(&script) {
                    stdin.run(derived, |text| vec![text.to_owned()]);
                }
                derived.scripts.push(script);
            }
        }
        Runs::OpenedScripts => {
            const TERMINALS: &[&str] =
                &["terminal", "iterm", "iterm2", "warp", "alacritty", "kitty", "hyper", "ghostty"];
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let in_a_terminal = parsed.values(&['a'], &[]).iter().any(|app| {
                let app = app.text().trim_end_matches(".app").rsplit('/').next().unwrap_or("").to_ascii_lowercase();
                TERMINALS.contains(&app.as_str())
            });
            let runs_in_a_terminal =
                |word: &&Word| in_a_terminal || [".command", ".tool"].iter().any(|end| word.text.ends_with(end));
            for path in parsed.operands().filter(runs_in_a_terminal) {
                derived.files.push(ScriptFile { path: path.clone(), language: None, arguments: Vec::new() });
            }
        }
        Runs::SameAs(program) => {
            let mut words = vec![Word { text: (*program).to_owned(), ..argv[0].clone() }];
            words.extend(argv[1..].iter().cloned());
            hand_on(words, derived);
        }
        Runs::JsonCommands { options, keys } => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let (letters, longs) = split_names(options);
            for value in parsed.values(&letters, &longs) {
                derived.scripts.extend(json_commands(value.text(), keys));
            }
        }
        Runs::SameAsAfter { program: runs_program, skip } => {
            // (The words right after the skipped operands are the other program's, options too.)
            let start = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false)).rest + skip;
            if start <= argv.len() {
                let mut words = vec![Word { text: (*runs_program).to_owned(), ..argv[0].clone() }];
                words.extend(argv[start..].iter().cloned());
                hand_on(words, derived);
            }
        }
        Runs::Keys => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            // `screen -X CMD …`: only `stuff` types its operands (and without `-X`, screen runs a command).
            let screen_command = program.options.short_takes_value('X').then(|| parsed.values(&['X'], &[]));
            if screen_command.is_none_or(|commands| commands.iter().any(|command| command.text() == "stuff")) {
                let keys = parsed.operands().map(|word| word.text.as_str()).skip_while(|key| *key == "stuff");
                derived.scripts.push(later::typed_keys(keys));
            }
        }
        Runs::InputScript { file_options, lines } => {
            let (letters, longs) = split_names(file_options);
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let files = parsed.values(&letters, &longs);
            derived.files.extend(files.iter().map(|value| ScriptFile {
                path: value.word(),
                language: Some(Language::Shell),
                arguments: Vec::new(),
            }));
            // It reads its input unless a file gives the script or it only lists or removes jobs (`at -l`,
            // `crontab -l`); `crontab FILE` reads the file.
            let lists = ['l', 'r', 'd', 'c', 'e', 'i'].iter().any(|letter| parsed.has_short(*letter));
            let mut operands = parsed.operands();
            let reads_input = match lines {
                ScriptLines::Shell => files.is_empty() && !lists,
                ScriptLines::Crontab => !lists && operands.all(|word| word.text == "-"),
                ScriptLines::Job => job_script(operands.next(), derived),
            };
            if reads_input {
                stdin.run(derived, |text| match lines {
                    ScriptLines::Shell | ScriptLines::Job => vec![text.to_owned()],
                    ScriptLines::Crontab => vec![later::crontab_commands(text)],
                });
            }
        }
        Runs::ShellOnInput(options) => {
            let parsed = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false));
            let commanded = is_wrapper(program) && parsed.rest < argv.len();
            let scripted = program.runs.iter().any(
                |runs| matches!(runs, Runs::ScriptOption(names) if !script_values(argv, program, names).is_empty()),
            );
            let (letters, longs) = split_names(options);
            let chosen = options.is_empty()
                || letters.iter().any(|letter| parsed.has_short(*letter))
                || longs.iter().any(|long| parsed.has_long(long));
            if chosen && !commanded && !scripted {
                stdin.run(derived, |text| vec![text.to_owned()]);
            }
        }
        Runs::EnvironmentScripts(names) => {
            // (`LESSOPEN='|CMD'`, `'||CMD'`, `'-|CMD'`: the marks say how its output is read.)
            let scripts = values_of(environment, names).map(|value| value.trim_start_matches(['|', '-']).to_owned());
            derived.scripts.extend(scripts);
        }
        Runs::EnvironmentFiles(names) => {
            for value in values_of(environment, names) {
                sourced_file(value, derived);
            }
        }
        Runs::ScriptFileOption(names) => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let (letters, longs) = split_names(names);
            for value in parsed.values(&letters, &longs) {
                sourced_file(value.text(), derived);
            }
        }
        Runs::Container => {
            let image = argv.first().is_none_or(|word| word.text != "exec");
            for words in containers::commands(argv, program, image) {
                run_command(words, derived);
            }
        }
        Runs::EditorCommands(names) => editor_commands(argv, program, names, derived),
        Runs::FilterScript(filter) => {
            let known = match stdin {
                Input::Known(text) => Some(text),
                Input::Nothing | Input::Unknown => None,
            };
            let found = filters::runs(argv, program, *filter, known);
            derived.scripts.extend(found.scripts);
            derived.unknown |= found.unknown;
        }
        Runs::GitCommandKeys => derived.scripts.extend(git_commands::scripts(argv, program, environment)),
        Runs::KeyedScriptOption(option, keys) => {
            // (Most commands do not give the option: looked for as text first.)
            let spelled = if option.len() == 1 { format!("-{option}") } else { format!("--{option}") };
            if !argv.iter().any(|word| word.text.starts_with(&spelled)) {
                return;
            }
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let (letters, longs) = split_names(&[option]);
            for value in parsed.values(&letters, &longs) {
                let text = value.text().trim_start();
                let split = text.find(|character: char| character == '=' || character.is_whitespace());
                let Some((key, script)) = split.map(|at| (&text[..at], &text[at + 1..])) else { continue };
                if keys.iter().any(|known| key_matches(known, key)) {
                    let script = script.trim_start_matches(['=', ' ']);
                    // A TOML string (`--config 'build.rustc-wrapper="CMD"'`).
                    let script = match script.strip_prefix('"').and_then(|inner| inner.strip_suffix('"')) {
                        Some(inner) => inner.replace("\\\"", "\""),
                        None => script.to_owned(),
                    };
                    derived.scripts.push(script);
                }
            }
        }
        Runs::ToolMode(option, tools) => {
            // (An empty option: the tool is the program's first argument, `gio trash FILE`.)
            let at = if option.is_empty() { Some(0) } else { argv.iter().position(|word| word.text == *option) };
            if let Some(at) = at {
                let tool = argv.get(at + 1).map(|word| word.text.as_str());
                if let Some((_, command)) = tools.iter().find(|(name, _)| Some(*name) == tool) {
                    let mut words: Vec<Word> = command
                        .split_whitespace()
                        .map(|part| Word { text: part.to_owned(), ..Word::default() })
                        .collect();
                    words.extend(argv[at + 2..].iter().cloned());
                    hand_on(words, derived);
                }
            }
        }
        Runs::Definitions => {
            let definitions = argv[1..].iter().filter_map(|word| word.text.split_once('=')).map(|(_, value)| value);
            derived.scripts.extend(definitions.map(str::to_owned));
        }
        // (Each in a function of its own, which keeps this frame small: the reader nests this call to its depth
        // limit.)
        Runs::NamedCommand { program: named, arguments } => named_command(argv, program, named, arguments, derived),
        Runs::ArgumentsOption(runs_program, names) => {
            derived.scripts.extend(arguments_of(argv, program, runs_program, names));
        }
        Runs::CommandOperands(separator) => command_operands(argv, program, *separator, derived),
        Runs::OperandScripts => derived.scripts.extend(operand_scripts(argv, program)),
        &Runs::Markup(markup) => {
            // (Markup fed by a command whose output is unknown runs none of it that can be known: a page being
            // formatted, `zcat ls.1.gz | groff -man`.)
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let inline = parsed.operands().filter(|word| markup.inline(&word.text));
            for text in inline.map(|word| word.text.as_str()).chain(stdin.known()) {
                derived.scripts.extend(crate::markup::scripts(markup, text));
            }
        }
        Runs::ScriptsAfter(separator) => {
            let start = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false)).rest;
            if argv.get(start).is_some_and(|word| word.text == *separator) {
                let scripts = argv[start + 1..].iter().take_while(|word| !word.text.starts_with(":::"));
                derived.scripts.extend(scripts.map(|word| word.text.clone()));
            }
        }
        Runs::PrefixedOperands(prefixes) => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            for operand in parsed.operands() {
                let text = operand.text.as_str();
                let found = prefixes
                    .iter()
                    .find(|prefix| text.get(..prefix.len()).is_some_and(|start| start.eq_ignore_ascii_case(prefix)));
                if let Some(prefix) = found {
                    derived.scripts.push(text[prefix.len()..].to_owned());
                }
            }
        }
        Runs::BoundActions(option) => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            for value in parsed.values(&[], &[option]) {
                derived.scripts.extend(bound_commands(value.text()));
            }
        }
        Runs::KeyedOperands { after, prefix } => {
            let start = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false)).rest;
            let rest = argv.get(start..).unwrap_or_default();
            let follows =
                rest.len() > after.len() && rest.iter().zip(after.iter()).all(|(word, text)| word.text == *text);
            if follows {
                // `KEY=VALUE` (`npm pkg set scripts.x=CMD`), or the key and its value apart (`composer config
                // scripts.x CMD`); a value `!CMD` is a shell command (`glab alias set x '!CMD'`).
                let words = &rest[after.len()..];
                let script = |value: &str| value.strip_prefix('!').unwrap_or(value).to_owned();
                for (at, word) in words.iter().enumerate() {
                    match word.text.split_once('=') {
                        Some((key, value)) if key.starts_with(prefix) => derived.scripts.push(script(value)),
                        None if word.text.starts_with(prefix) => {
                            derived.scripts.extend(words.get(at + 1).map(|value| script(&value.text)));
                        }
                        _ => {}
                    }
                }
            }
        }
        Runs::Modules(modules) => {
            // The interpreter's options end at `-m MODULE` (or `-mMODULE`), and at `-c CODE`: what follows is the
            // module's (or the code's). Options before it may take values (`-W error -m pre_commit`).
            let parsed = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false));
            let first = parsed.args.iter().find(|arg| matches!(arg, Arg::Short('m' | 'c', _)));
            if let Some(Arg::Short('m', Some(value))) = first {
                let holder = match value {
                    Value::Next(word) | Value::Attached(word, _) => *word,
                };
                let rest = argv.iter().position(|word| std::ptr::eq(word, holder)).map_or(argv.len(), |at| at + 1);
                if let Some((_, program)) = modules.iter().find(|(name, _)| *name == value.text()) {
                    let mut words = vec![Word { text: (*program).to_owned(), ..Word::default() }];
                    words.extend(argv.get(rest..).unwrap_or_default().iter().cloned());
                    hand_on(words, derived);
                }
            }
        }
        Runs::ProgramOption { options, operands_before, directories } => {
            // (Its options come first; from its first operand on, the words are the operands and the program's.)
            let parsed = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false));
            let (letters, longs) = split_names(options);
            if let Some(named) = parsed.values(&letters, &longs).last() {
                let mut words = vec![named.word()];
                words.extend(argv[parsed.rest.min(argv.len())..].iter().skip(*operands_before).cloned());
                let (letters, longs) = split_names(directories);
                let cwd = parsed.values(&letters, &longs).last().map(|value| PathBuf::from(value.text()));
                run_command_in(words, cwd, derived);
            }
        }
        Runs::CommandAfterDoubleDash => {
            if let Some(at) = argv.iter().position(|word| word.text == "--").filter(|&at| at + 1 < argv.len()) {
                hand_on(argv[at + 1..].to_vec(), derived);
            }
        }
        // A wrapper's script options were read with its command (`wrapped`).
        Runs::ScriptOption(names) if !is_wrapper(program) => {
            derived.scripts.extend(script_values(argv, program, names))
        }
        Runs::ExecOptions(options) => find_exec(argv, options, derived),
        Runs::CommandOptionOnOperands(names) => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let operands: Vec<String> =
                parsed.operands().filter(|word| word.text != "--").map(|word| quote(&word.text)).collect();
            let scripts = script_values(argv, program, names).into_iter();
            derived.scripts.extend(scripts.map(|command| format!("{command} {}", operands.join(" "))));
        }
        Runs::InlineAliases => git_alias(argv, program, environment, derived),
        Runs::EnvironmentAliases(prefix) => environment_alias(argv, program, prefix, environment, derived),
        Runs::Code(interpreter) => interpreted(argv, program, interpreter, stdin, derived),
        Runs::AnsibleModule => derived.scripts.extend(ansible::commands(argv, program)),
        Runs::InlineCode(language, options) => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let (letters, longs) = split_names(options);
            // Read as the same code given to its interpreter (`python3 -c CODE`): for its paths and what it runs.
            for value in parsed.values(&letters, &longs) {
                match languages::inline_command(*language, value.text()) {
                    Some(command) => derived.scripts.push(command),
                    None => derived.scripts.extend(code::commands_in_inline(*language, value.text())),
                }
            }
        }
        // Code in a language not read (`mix run -e`), or that a model calls with arguments it chooses (`llm
        // --functions CODE`): what it does cannot be known when it may act at all.
        Runs::UnreadCode(options) => {
            let parsed = Parsed::of(argv, &program.options, Order::Permute);
            let (letters, longs) = split_names(options);
            if parsed.values(&letters, &longs).iter().any(|value| crate::code_paths::unread_code_acts(value.text())) {
                derived.unknown = true;
            }
        }
        Runs::Command { .. }
        | Runs::ScriptOption(_)
        | Runs::DirectoryOption(_)
        | Runs::Assignments
        | Runs::PackageProgram { .. }
        | Runs::Subcommands(_)
        | Runs::Recipes(_)
        | Runs::UnreadRecipes(_)
        | Runs::ConfigCommands { .. }
        | Runs::IncludedFiles(_)
        | Runs::CodeRecipes(_)
        | Runs::PathPlugins(_) => {}
    }
}

/// A command run by a program that is not a plain wrapper (a container's, `kubectl exec`'s), and what it runs in
/// turn (`docker run img sh -c 'CMD'`). Each such command is shorter than the one that runs it (a suffix of it, or
/// the program an option names and the words after its operands), so this ends.
fn run_command(words: Vec<Word>, derived: &mut Derived) {
    run_command_in(words, None, derived);
}

/// [`run_command`] in the folder `cwd`, when the program says (`start-stop-daemon --chdir DIR`).
fn run_command_in(words: Vec<Word>, cwd: Option<PathBuf>, derived: &mut Derived) {
    let inner = look_through(&words, Input::Nothing, &[]);
    derived.commands.push(DerivedCommand { words, cwd, assignments: Vec::new() });
    derived.commands.extend(inner.commands);
    derived.scripts.extend(inner.scripts);
    derived.files.extend(inner.files);
    derived.output_scripts.extend(inner.output_scripts);
    derived.unknown |= inner.unknown;
}

/// The values of the `NAME=value` words among `environment` whose name is one of `names`.
pub(crate) fn values_of<'e>(environment: &'e [&'e Word], names: &'e [&'e str]) -> impl Iterator<Item = &'e str> + 'e {
    environment.iter().filter_map(move |word| {
        let (name, value) = word.text.split_once('=')?;
        names.contains(&name).then_some(value)
    })
}

/// The index in `argv` of the first word after the options and `skip` operands (options may come between them:
/// `ssh -p 22 HOST -t CMD`), or `None` when there are not that many operands.
fn operand_after(argv: &[Word], program: &Program, skip: usize) -> Option<usize> {
    let mut at = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false)).rest;
    for _ in 0..skip {
        if at >= argv.len() {
            return None;
        }
        at += 1;
        if at < argv.len() && argv[at].text.starts_with('-') {
            at += Parsed::of(&argv[at - 1..], &program.options, Order::UntilOperand(|_| false)).rest - 1;
        }
    }
    Some(at)
}

/// A file read as a shell script before anything else (`BASH_ENV=FILE`, `--rcfile FILE`); a process substitution
/// (`<(CMD)`) there runs what `CMD` prints.
fn sourced_file(value: &str, derived: &mut Derived) {
    match value.strip_prefix("<(").and_then(|inner| inner.strip_suffix(')')) {
        Some(inner) => derived.output_scripts.push(inner.to_owned()),
        None if !value.is_empty() => derived.files.push(ScriptFile {
            path: Word { text: value.to_owned(), dynamic: value.contains('$'), ..Word::default() },
            language: Some(Language::Shell),
            arguments: Vec::new(),
        }),
        None => {}
    }
}

/// `source FILE` / `. FILE`: the file, what a process substitution prints, or the input for `/dev/stdin`.
fn sourced(argv: &[Word], stdin: Input<'_>, derived: &mut Derived) {
    let Some(path) = argv.get(1) else { return };
    if matches!(path.text.as_str(), "/dev/stdin" | "/dev/fd/0" | "/proc/self/fd/0" | "-") {
        stdin.run(derived, |text| vec![text.to_owned()]);
        return;
    }
    if path.text.starts_with("<(") {
        sourced_file(&path.text, derived);
        return;
    }
    derived.files.push(ScriptFile { path: path.clone(), language: Some(Language::Shell), arguments: Vec::new() });
}

/// An editor's or pager's commands (`vim -c CMD`, `+CMD`, `less +CMD`): a `!` runs the rest as a shell command, and
/// `system("CMD")` runs `CMD`.
fn editor_commands(argv: &[Word], program: &Program, names: &[&str], derived: &mut Derived) {
    for command in editor_command_texts(argv, program, names) {
        if let Some((_, shell)) = command.split_once('!') {
            derived.scripts.push(shell.to_owned());
        }
        // `:lua CODE`, `:py3 CODE`, `:perl CODE`, `:ruby CODE`: code of a language the editor embeds, read as that
        // language's interpreter given it inline (`nvim -c 'lua vim.fn.writefile({}, ".claude/settings.json")'`).
        let trimmed = command.trim_start_matches(':').trim_start();
        let (name, code) = trimmed.split_once(char::is_whitespace).unwrap_or((trimmed, ""));
        // Vim script's own calls (`call delete(".mcp.json")`, `call writefile([], "x")`) are code no reader here
        // follows, like Lua's: the paths they name count, as they do for `lua -e`.
        let vim_script = matches!(name, "call" | "let" | "exe" | "execute" | "eval") && code.contains('(');
        let code = code.trim();
        let language = match name {
            "py" | "py3" | "python" | "python3" | "pyx" | "pythonx" | "pydo" | "py3do" => Some(Language::Python),
            "perl" | "perldo" => Some(Language::Perl),
            "ruby" | "rubydo" => Some(Language::Ruby),
            _ => None,
        };
        let inline = match language {
            Some(language) => languages::inline_command(language, code),
            // Lua (no language of the table's own) is read as `lua -e` code: the paths it names.
            None if vim_script || matches!(name, "lua" | "luado") => Some(format!("lua -e {}", quote(code))),
            None => None,
        };
        derived.scripts.extend(inline.filter(|_| !code.is_empty()));
        // `:w FILE`, `:w! FILE`, `:saveas FILE`, `:wq FILE`: the buffer written over FILE (`ex -c 'w! notes.md'
        // /dev/null` empties it). (`:w !CMD` is a command, `:w >> FILE` appends.)
        let writes = matches!(name.trim_end_matches('!'), "w" | "write" | "sav" | "saveas" | "wq" | "x" | "xit");
        if writes && !code.is_empty() && !code.starts_with(['!', '>']) {
            derived.scripts.push(format!(": > {}", quote(code)));
        }
        // Kakoune's shell expansions (`%sh{CMD}`, with any of its delimiters) run CMD.
        derived.scripts.extend(kakoune_shell_expansions(&command));
        for quote in ['"', '\''] {
            let pattern = format!("system({quote}");
            if let Some((_, rest)) = command.split_once(pattern.as_str()) {
                derived.scripts.extend(rest.split(quote).next().map(str::to_owned));
            }
        }
    }
}

/// The bodies of Kakoune's shell expansions in `text`: `%sh{…}` (or `(…)`, `[…]`, `<…>`: nested pairs counted and
/// quotes skipped as the shell reader does, so `%sh{echo '}'; …}` is read to its real end), or any other character
/// around it (`%sh|…|`).
fn kakoune_shell_expansions(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("%sh") {
        let after = &rest[at + 3..];
        let Some(open) = after.chars().next() else { break };
        let body = &after[open.len_utf8()..];
        let pair = match open {
            '{' => Some(b'}'),
            '(' => Some(b')'),
            '[' => Some(b']'),
            '<' => Some(b'>'),
            _ => None,
        };
        let end = match pair {
            Some(close) => lexer::matching_close(body.as_bytes(), 0, open as u8, close),
            None => body.find(open),
        }
        .unwrap_or(body.len());
        found.push(body[..end].to_owned());
        rest = &body[end..];
    }
    found
}

/// The editor commands an editor's or pager's words give: the values of the options `names` (`-c CMD`, `--cmd
/// CMD`) and the `+CMD` operands, in that order.
pub(crate) fn editor_command_texts(argv: &[Word], program: &Program, names: &[&str]) -> Vec<String> {
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    let (letters, longs) = split_names(names);
    let mut commands: Vec<String> =
        parsed.values(&letters, &longs).iter().map(|value| value.text().to_owned()).collect();
    commands.extend(argv[1..].iter().filter_map(|word| word.text.strip_prefix('+')).map(str::to_owned));
    commands
}

/// Whether the last command of `script` is a shell given no script of its own (`bash`, `sh -s`, `zsh -l`): it runs
/// what it is fed.
fn ends_in_a_shell_reading_input(script: &str) -> bool {
    let last = script.rsplit(['&', ';', '|', '\n']).next().unwrap_or(script);
    let mut words = last.split_whitespace();
    let is_shell = words.next().and_then(programs::lookup).is_some_and(|program| program.is_shell());
    is_shell && words.all(|word| word.starts_with('-') && !word.contains('c'))
}

/// The commands a parameter value holds under `keys`: a JSON object's string or string list (`{"commands": ["a",
/// "b"]}`), or the shorthand `KEY=["a","b"]` / `KEY=a`.
fn json_commands(text: &str, keys: &[&str]) -> Vec<String> {
    let strings = |value: &serde_json::Value| -> Vec<String> {
        match value {
            serde_json::Value::String(text) => vec![text.clone()],
            serde_json::Value::Array(items) => {
                items.iter().filter_map(|item| item.as_str().map(str::to_owned)).collect()
            }
            _ => Vec::new(),
        }
    };
    if let Ok(serde_json::Value::Object(object)) = serde_json::from_str(text) {
        return keys.iter().filter_map(|key| object.get(*key)).flat_map(strings).collect();
    }
    let Some((key, value)) = text.split_once('=') else { return Vec::new() };
    if !keys.contains(&key.trim()) {
        return Vec::new();
    }
    match serde_json::from_str::<serde_json::Value>(value) {
        Ok(parsed) => strings(&parsed),
        Err(_) => vec![value.trim_matches(['[', ']', '\'', '"']).to_owned()],
    }
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
    let values = parsed.values(&letters, &longs);
    let mut scripts: Vec<String> = values
        .iter()
        .map(|value| value.text())
        .map(|text| text.strip_prefix("exec=").unwrap_or(text).to_owned())
        .collect();
    // A name written with its dash is a whole word, as getopt does not read it (zip's `-TT CMD`).
    let words = names.iter().filter(|name| name.starts_with('-'));
    for name in words {
        let after = argv.windows(2).filter(|pair| pair[0].text == *name).map(|pair| pair[1].text.clone());
        scripts.extend(after);
    }
    scripts
}

/// A wrapper's command (`env A=1 -C dir CMD`, `timeout 5 CMD`): the words of the command it runs, with the scripts,
/// directory and environment its options give; `None` for a program that wraps nothing or has no command.
fn wrapped(
    argv: &[Word],
    program: &Program,
    derived: &mut Derived,
    cwd: &mut Option<PathBuf>,
    assignments: &mut Vec<Word>,
    stdin: Input<'_>,
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
    let command = (start < argv.len()).then(|| argv[start..].to_vec())?;
    // A variable its options set for the command (`firejail --env=HUSKY=0`, `systemd-run --setenv=NAME=VALUE`,
    // `-E NAME=VALUE`): a word of its own before the command that sets an upper-case name.
    // (`env NAME=VALUE CMD`'s were taken above.)
    if !takes_assignments {
        assignments.extend(argv[1..start].iter().filter_map(option_assignment));
    }
    // `echo ~ | xargs rm -rf`: what it is fed, when known, becomes the command's arguments.
    match stdin {
        Input::Known(text) if program.feeds_input_as_arguments() => {
            Some(with_input_arguments(command, argv, program, Some(text)))
        }
        // Fed what cannot be known (`git ls-files -m | xargs git checkout --`): arguments no one can name.
        Input::Unknown if program.feeds_input_as_arguments() => {
            Some(with_input_arguments(command, argv, program, None))
        }
        _ => Some(command),
    }
}

/// The `NAME=VALUE` a wrapper's option word sets (`--env=HUSKY=0`, `GIT_CONFIG_COUNT=1` after `--setenv`), when
/// `NAME` is an environment variable's upper-case name.
fn option_assignment(word: &Word) -> Option<Word> {
    let text = word.text.as_str();
    let text = match text.strip_prefix('-') {
        Some(option) => option.split_once('=')?.1,
        None => text,
    };
    let (name, _) = text.split_once('=')?;
    possible::is_environment_name(name).then(|| Word { text: text.to_owned(), assignment: true, ..word.clone() })
}

/// A command of `xargs` (or `parallel`) with the words it is fed, put where `-I R` (`--replace`) says, else after
/// its arguments: the input's text (its first line for `-I`), or, when `text` is `None` (input no one can know), a
/// word whose value no one knows.
fn with_input_arguments(mut command: Vec<Word>, argv: &[Word], program: &Program, text: Option<&str>) -> Vec<Word> {
    let parsed = Parsed::of(argv, &program.options, Order::UntilOperand(|_| false));
    let marker = parsed.values(&['I'], &["replace"]).first().map(|value| value.text().to_owned());
    let (fed, unknown) = match text {
        Some(text) => (text.lines().next().unwrap_or("").trim(), false),
        None => (code::UNKNOWN_COMMAND, true),
    };
    match (marker, text) {
        (Some(marker), _) => {
            for argument in command.iter_mut().skip(1).filter(|argument| argument.text.contains(&marker)) {
                let replaced = argument.text.replace(&marker, fed);
                let tilde = argument.tilde || (fed.starts_with('~') && replaced.starts_with('~'));
                *argument = Word { text: replaced, dynamic: argument.dynamic || unknown, tilde, ..argument.clone() };
            }
        }
        (None, Some(text)) => command.extend(text.split_whitespace().take(4096).map(|part| Word {
            text: part.to_owned(),
            tilde: part.starts_with('~'),
            ..Word::default()
        })),
        (None, None) => command.push(Word { text: fed.to_owned(), dynamic: true, ..Word::default() }),
    }
    command
}

/// `npx [OPTIONS] PKG ARGS…` (also `npm exec|x`, `pnpm dlx|exec`, …, as the table says): the program the package
/// installs and its arguments (`npx -p PKG PROGRAM ARGS…` names the program itself); a `-c CMD` is a script.
fn package_program_of(argv: &[Word], program: &Program, derived: &mut Derived) -> Option<Vec<Word>> {
    let (first, options, script_options, flakes) = program.runs.iter().find_map(|runs| match runs {
        Runs::PackageProgram { subcommands, options, script_options, flakes } => {
            let first = if subcommands.is_empty() {
                0
            } else {
                let subcommand = argv.get(1)?;
                if !subcommands.contains(&subcommand.text.as_str()) {
                    return None;
                }
                1
            };
            Some((first, options, *script_options, *flakes))
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
        // (A flake's program takes its arguments after `--`: `nix run nixpkgs#git -- push`.)
        if flakes && words[0].text.contains('#') && words.get(1).is_some_and(|word| word.text == "--") {
            words.remove(1);
        }
        // (A Python file is run by Python: `uv run --with x tool.py`.)
        if words[0].text.ends_with(".py") {
            words.insert(0, Word { text: "python3".to_owned(), ..words[0].clone() });
        } else {
            words[0] = Word { text: package_program(&words[0].text, flakes), ..words[0].clone() };
        }
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
    // (The folder may be computed: the package's path says which program it is.)
    let file = argv.get(at)?;
    let name = programs::installed_at(&file.text)?;
    let mut words = vec![Word { text: name.to_owned(), dynamic: false, glob: false, ..file.clone() }];
    words.extend(argv[at + 1..].iter().cloned());
    Some(words)
}

/// A git subcommand's own program, run by its name in git's exec path (`/usr/lib/git-core/git-push --force`, or
/// `git-push` found on `PATH`): the git command it is. (A script of the project named `git-…`, run by its path, is
/// read as the script it is.)
fn git_program(argv: &[Word]) -> Option<Vec<Word>> {
    let first = argv.first().filter(|word| !word.dynamic)?;
    let in_exec_path = !first.text.contains('/') || first.text.contains("/git-core/");
    let subcommand = programs::program_name(&first.text).strip_prefix("git-").filter(|rest| !rest.is_empty())?;
    if !in_exec_path || subcommand.contains('.') || programs::lookup(&first.text).is_some() {
        return None;
    }
    let mut words =
        vec![Word { text: "git".to_owned(), ..first.clone() }, Word { text: subcommand.to_owned(), ..first.clone() }];
    words.extend(argv[1..].iter().cloned());
    Some(words)
}

/// An interpreter's command: its inline code (`python -c`, `node -e`), code on its input (`python3 - <<EOF`,
/// `… | node`), or its script file (`python deploy.py`).
fn interpreted(argv: &[Word], program: &Program, interpreter: &Interpreter, stdin: Input<'_>, derived: &mut Derived) {
    let language = interpreter.language;
    // A file given to an option that runs code (`node -r ./x.js`, `cmake -P x.cmake`): a script of the same
    // language. (A package's name, `-r dotenv/config`, is no file here.)
    if !interpreter.file_options.is_empty() {
        let parsed = Parsed::of(argv, &program.options, Order::Permute);
        let (short, long): (Vec<&str>, Vec<&str>) =
            interpreter.file_options.iter().partition(|option| option.chars().count() == 1);
        let short: Vec<char> = short.iter().filter_map(|option| option.chars().next()).collect();
        for value in parsed.values(&short, &long) {
            let path = value.word();
            let code_file = path.text.rsplit_once('.').is_some_and(|(_, extension)| {
                matches!(extension, "js" | "mjs" | "cjs" | "ts" | "mts" | "rb" | "cmake")
            });
            if path.text.starts_with(['/', '.', '~']) || code_file {
                derived.files.push(ScriptFile { path, language: Some(language), arguments: Vec::new() });
            }
        }
    }
    match languages::given(argv, program, interpreter) {
        Given::Code(code) => derived.scripts.extend(code::commands_in_inline(language, &code)),
        // A package's program named as the script (`deno run -A npm:rimraf src`): that program, with the arguments
        // after it.
        Given::File(word) if word.text.starts_with("npm:") => {
            let at = argv.iter().position(|candidate| std::ptr::eq(candidate, word)).unwrap_or(argv.len());
            let program = Word { text: package_program(&word.text["npm:".len()..], false), ..word.clone() };
            let words = std::iter::once(program).chain(argv[at + 1..].iter().cloned()).collect();
            derived.commands.push(DerivedCommand { words, cwd: None, assignments: Vec::new() });
        }
        Given::File(word) => {
            derived.files.push(ScriptFile { path: word.clone(), language: Some(language), arguments: Vec::new() });
            // A script the table knows by its name is that program (`python manage.py shell -c CODE`, `php artisan
            // tinker`, `ruby bin/rails runner CODE`).
            if programs::lookup(&word.text).is_some_and(|entry| entry.script) {
                let at = argv.iter().position(|candidate| std::ptr::eq(candidate, word)).unwrap_or(argv.len());
                run_command(argv[at..].to_vec(), derived);
            }
        }
        Given::Input => stdin.run(derived, |code| code::commands_in_inline(language, code)),
        Given::Module => {}
    }
}

/// `sh -c SCRIPT`, a shell reading its script from its input, or a shell running a script file.
fn shell_script(argv: &[Word], program: &Program, stdin: Input<'_>, derived: &mut Derived) {
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
        // The words after the script are its `$0` and positional parameters (`sh -c '"$@"' _ git push -f`).
        Some(script) if with_c && argv.len() > index + 2 && argv[index + 2..].iter().all(|word| !word.dynamic) => {
            let parameters: Vec<String> = argv[index + 2..].iter().map(|word| quote(&word.text)).collect();
            derived.scripts.push(format!("set -- {}\n{}", parameters.join(" "), script.text));
        }
        Some(script) if with_c => derived.scripts.push(script.text.clone()),
        Some(file) if !reads_stdin && file.text.starts_with("<(") => sourced_file(&file.text, derived),
        Some(file) if !reads_stdin => {
            let arguments = argv[index + 1..].to_vec();
            derived.files.push(ScriptFile { path: file.clone(), language: Some(Language::Shell), arguments });
        }
        None if !with_c => reads_stdin = true,
        _ => {}
    }
    if reads_stdin {
        stdin.run(derived, |text| vec![text.to_owned()]);
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
                run_command(argv[start..end].to_vec(), derived);
            }
            index = end;
        }
        index += 1;
    }
}

/// `git -c alias.NAME=VALUE … NAME args`: the alias runs a shell command (`!…`) or a git command.
fn git_alias(argv: &[Word], program: &Program, environment: &[&Word], derived: &mut Derived) {
    let Some(subcommand) = program.subcommand_at(argv) else { return };
    for (key, body) in git_commands::inline_config(argv, program, environment) {
        let Some(name) = key.strip_prefix("alias.") else { continue };
        if !name.eq_ignore_ascii_case(&argv[subcommand].text) {
            continue;
        }
        let rest: Vec<&str> = argv[subcommand + 1..].iter().map(|word| word.text.as_str()).collect();
        match body.strip_prefix('!') {
            Some(shell) => derived.scripts.push(format!("{shell} {}", rest.join(" "))),
            None => derived.commands.push(aliased(argv, subcommand, &body)),
        }
    }
}

/// `CARGO_ALIAS_SHIP='publish --allow-dirty' cargo ship`: an alias the environment defines runs the program with
/// the alias's words, then the call's.
fn environment_alias(argv: &[Word], program: &Program, prefix: &str, environment: &[&Word], derived: &mut Derived) {
    let Some(subcommand) = program.subcommand_at(argv) else { return };
    let called = argv[subcommand].text.to_ascii_uppercase().replace('-', "_");
    for assignment in environment {
        let Some((name, body)) = assignment.text.split_once('=') else { continue };
        if name.strip_prefix(prefix) != Some(called.as_str()) {
            continue;
        }
        derived.commands.push(aliased(argv, subcommand, body));
    }
}

/// The command an alias that is not a shell command stands for: the program, the alias's words, then the words the
/// call gave after the alias's name (at `subcommand` in `argv`).
fn aliased(argv: &[Word], subcommand: usize, body: &str) -> DerivedCommand {
    let mut words: Vec<Word> = vec![argv[0].clone()];
    words.extend(body.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }));
    words.extend(argv[subcommand + 1..].iter().cloned());
    DerivedCommand { words, cwd: None, assignments: Vec::new() }
}

/// Whether a configuration key is `known`, compared without case, a `*` part of it standing for any one part
/// (cargo's `target.*.runner`).
fn key_matches(known: &str, key: &str) -> bool {
    known.split('.').count() == key.split('.').count()
        && known.split('.').zip(key.split('.')).all(|(part, given)| part == "*" || part.eq_ignore_ascii_case(given))
}

/// The commands of the actions bound in `bindings` (`start:execute-silent(git push -f)+abort`): each action that
/// runs one, with its command between a bracket pair or two of the same mark (`execute:CMD` to the end).
fn bound_commands(bindings: &str) -> Vec<String> {
    const RUNNING: &[&str] =
        &["execute-silent", "execute-multi", "execute", "become", "reload-sync", "reload", "change-preview", "preview"];
    let mut found = Vec::new();
    let mut rest = bindings;
    // The first action, the longest name where several start at once (`execute-silent`, not `execute`).
    let first = |rest: &str| {
        let found = RUNNING.iter().filter_map(|action| rest.find(action).map(|at| (at, *action)));
        found.min_by_key(|&(at, action)| (at, std::cmp::Reverse(action.len())))
    };
    while let Some((at, action)) = first(rest) {
        let after = &rest[at + action.len()..];
        let Some(open) = after.chars().next() else { break };
        let close = match open {
            '(' => ')',
            '[' => ']',
            '{' => '}',
            '<' => '>',
            ':' => '\u{0}',
            mark if mark.is_ascii_punctuation() => mark,
            _ => {
                rest = after;
                continue;
            }
        };
        let body = &after[open.len_utf8()..];
        let end = body.find(close).unwrap_or(body.len());
        found.push(body[..end].to_owned());
        rest = &body[end..];
    }
    found
}

/// Where `cd`, `pushd` or `popd` take the commands after them; `None` for any other command.
pub(super) fn change_directory(words: &[Word], cwd: &Cwd) -> Option<Cwd> {
    // `builtin cd` and `command cd` are the shell's own `cd`, in this shell.
    let words = match words {
        [first, next, ..] if matches!(first.text.as_str(), "builtin" | "command") && !next.text.starts_with('-') => {
            &words[1..]
        }
        _ => words,
    };
    match programs::lookup(&words.first()?.text)?.cwd {
        programs::Cwd::Stays => return None,
        programs::Cwd::Unknown => return Some(Cwd::Unknown),
        programs::Cwd::Operand => {}
    }
    let target = words[1..].iter().find(|word| !(word.text.starts_with('-') && word.text.len() > 1));
    let home = std::env::var_os("HOME").map(PathBuf::from);
    // The folders the hook knows by a variable: `cd "$PWD"`, `cd "$HOME/x"`, `cd "$CLAUDE_PROJECT_DIR"`.
    let known_variable = |text: &str| -> Option<PathBuf> {
        let known = [
            (
                "$PWD",
                match cwd {
                    Cwd::Known(base) => Some(base.clone()),
                    Cwd::Unknown => None,
                },
            ),
            ("$HOME", home.clone()),
            ("$CLAUDE_PROJECT_DIR", std::env::var_os("CLAUDE_PROJECT_DIR").map(PathBuf::from)),
        ];
        let text = text.replace("${PWD}", "$PWD").replace("${HOME}", "$HOME");
        let text = text.replace("${CLAUDE_PROJECT_DIR}", "$CLAUDE_PROJECT_DIR");
        known.into_iter().find_map(|(name, value)| {
            let rest = text.strip_prefix(name)?;
            let ends_the_name = rest.is_empty() || rest.starts_with('/');
            (ends_the_name && !rest.contains(['$', '`']))
                .then(|| value.map(|value| value.join(rest.trim_start_matches('/'))))?
        })
    };
    let destination = match target {
        None => home.clone(),
        Some(word) if word.dynamic && !word.glob => known_variable(&word.text),
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
