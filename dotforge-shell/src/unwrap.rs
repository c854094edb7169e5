//! What a command runs besides itself: the command behind a wrapper (`env`, `sudo`, `nice`, `timeout`, `xargs`,
//! `find -exec`, `npx`, …), the script behind `sh -c`, `eval`, `su -c`, text fed to a shell's input, a git alias
//! defined with `-c alias.NAME=…`, the commands in an interpreter's inline code or input ([`crate::code`]), and the
//! script files a command runs (`bash FILE`, `source FILE`, `python FILE`, `./FILE`) for the reader to read; and
//! where `cd`/`pushd` take the commands that follow.

use crate::code;
use crate::command::{program_name, Cwd};
use crate::languages::{interpreter, Language, SHELLS};
use crate::lexer::Word;
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

/// How a wrapper's options are read: short options and long options that take a value, and how many positional
/// arguments come before the wrapped command.
struct Wrapper {
    names: &'static [&'static str],
    short_values: &'static str,
    long_values: &'static [&'static str],
    positionals_before: usize,
}

const WRAPPERS: &[Wrapper] = &[
    Wrapper {
        names: &["env"],
        short_values: "uCS",
        long_values: &["unset", "chdir", "split-string"],
        positionals_before: 0,
    },
    Wrapper {
        names: &["sudo"],
        short_values: "ugpCDrtUhT",
        long_values: &[
            "user",
            "group",
            "prompt",
            "close-from",
            "chdir",
            "role",
            "type",
            "other-user",
            "host",
            "command-timeout",
        ],
        positionals_before: 0,
    },
    Wrapper { names: &["doas"], short_values: "uC", long_values: &[], positionals_before: 0 },
    Wrapper { names: &["nice"], short_values: "n", long_values: &["adjustment"], positionals_before: 0 },
    Wrapper {
        names: &["ionice"],
        short_values: "cnpPu",
        long_values: &["class", "classdata", "pid", "pgid", "uid"],
        positionals_before: 0,
    },
    Wrapper {
        names: &["stdbuf"],
        short_values: "ioe",
        long_values: &["input", "output", "error"],
        positionals_before: 0,
    },
    Wrapper { names: &["timeout"], short_values: "sk", long_values: &["signal", "kill-after"], positionals_before: 1 },
    Wrapper { names: &["chroot"], short_values: "", long_values: &["userspec", "groups"], positionals_before: 1 },
    Wrapper {
        names: &["xargs"],
        short_values: "ILnPsdEa",
        long_values: &[
            "arg-file",
            "delimiter",
            "max-args",
            "max-procs",
            "max-chars",
            "max-lines",
            "eof",
            "process-slot-var",
        ],
        positionals_before: 0,
    },
    // GNU parallel: `parallel rm ::: a b` runs `rm a`, `rm b` (the `:::` stays among the arguments, harmlessly).
    Wrapper {
        names: &["parallel"],
        short_values: "jaIdENnLSCP",
        long_values: &[
            "jobs",
            "arg-file",
            "delimiter",
            "max-args",
            "max-lines",
            "results",
            "colsep",
            "sshlogin",
            "tmpdir",
            "workdir",
        ],
        positionals_before: 0,
    },
    Wrapper { names: &["time"], short_values: "fo", long_values: &["format", "output"], positionals_before: 0 },
    Wrapper { names: &["exec"], short_values: "a", long_values: &[], positionals_before: 0 },
    Wrapper {
        names: &["command", "builtin", "nohup", "setsid", "unbuffer", "busybox", "caffeinate", "catchsegv", "sg"],
        short_values: "",
        long_values: &[],
        positionals_before: 0,
    },
    Wrapper {
        names: &["flock"],
        short_values: "wEc",
        long_values: &["timeout", "conflict-exit-code", "command"],
        positionals_before: 1,
    },
];

/// Runners of a package's program (`npx PKG ARGS`): their options that take a value.
const PACKAGE_RUNNERS: &[(&str, &str, &[&str])] =
    &[("npx", "pc", &["package", "call"]), ("pnpx", "pc", &["package", "call"]), ("bunx", "p", &["package"])];

/// The program a package installs, for the packages of the agent CLIs (`@anthropic-ai/claude-code` → `claude`);
/// for others, the package's name without scope and version.
fn package_program(spec: &str) -> String {
    let unversioned = match spec.strip_prefix('@') {
        Some(scoped) => scoped.split_once('@').map_or(spec, |(name, _)| &spec[..name.len() + 1]),
        None => spec.split('@').next().unwrap_or(spec),
    };
    match unversioned {
        "@anthropic-ai/claude-code" => "claude".to_owned(),
        "@openai/codex" => "codex".to_owned(),
        "@google/gemini-cli" => "gemini".to_owned(),
        other => other.rsplit('/').next().unwrap_or(other).to_owned(),
    }
}

/// The index of the first positional argument of `args` (the first is the program), skipping options as `short_values`
/// and `long_values` say; also returns the values of the options it read.
fn skip_options<'w>(args: &'w [Word], short_values: &str, long_values: &[&str]) -> (usize, Vec<(String, &'w str)>) {
    let mut values = Vec::new();
    let mut index = 1;
    while let Some(word) = args.get(index) {
        let text = word.text.as_str();
        if text == "--" {
            return (index + 1, values);
        }
        if let Some(long) = text.strip_prefix("--") {
            match long.split_once('=') {
                Some((name, value)) => values.push((name.to_owned(), value)),
                None if long_values.contains(&long) => {
                    values.push((long.to_owned(), args.get(index + 1).map_or("", |value| value.text.as_str())));
                    index += 1;
                }
                None => {}
            }
        } else if text.len() > 1 && text.starts_with('-') && !text[1..].starts_with(|c: char| c.is_ascii_digit()) {
            for (offset, option) in text.char_indices().skip(1) {
                if short_values.contains(option) {
                    let attached = &text[offset + option.len_utf8()..];
                    if attached.is_empty() {
                        values.push((option.to_string(), args.get(index + 1).map_or("", |value| value.text.as_str())));
                        index += 1;
                    } else {
                        values.push((option.to_string(), attached));
                    }
                    break;
                }
            }
        } else if text.len() > 1 && text.starts_with('-') {
            // `nice -5`, `-10`: a number given as an option.
        } else if word.assignment && args[0].text.ends_with("env") {
            // `env NAME=value cmd`
        } else {
            return (index, values);
        }
        index += 1;
    }
    (index, values)
}

/// Looks through one written command: wrappers, nested scripts, git aliases, `find -exec`, interpreters and the
/// script files it runs. `stdin` is the text fed to its input, when known (a heredoc, a here-string, a file, the
/// output of `echo`/`printf`/`cat` piped to it).
pub(super) fn look_through(words: &[Word], stdin: Option<&str>) -> Derived {
    let mut derived = Derived::default();
    let mut argv: Vec<Word> = words.to_vec();
    let mut cwd: Option<PathBuf> = None;
    let mut assignments: Vec<Word> = Vec::new();
    for _ in 0..16 {
        let Some(first) = argv.first() else { break };
        let program = program_name(&first.text).to_owned();
        if let Some(argv_after) = package_runner(&argv) {
            argv = argv_after;
            derived.commands.push(DerivedCommand {
                words: argv.clone(),
                cwd: cwd.clone(),
                assignments: assignments.clone(),
            });
            continue;
        }
        if let Some(wrapper) = WRAPPERS.iter().find(|wrapper| wrapper.names.contains(&program.as_str())) {
            let (start, values) = skip_options(&argv, wrapper.short_values, wrapper.long_values);
            if program == "env" {
                assignments.extend(argv[1..start.min(argv.len())].iter().filter(|word| word.assignment).cloned());
            }
            for (name, value) in &values {
                match (program.as_str(), name.as_str()) {
                    ("env", "S" | "split-string") | ("flock", "c" | "command") => {
                        derived.scripts.push((*value).to_owned())
                    }
                    ("env", "C" | "chdir") => cwd = Some(PathBuf::from(value)),
                    _ => {}
                }
            }
            let start = start + wrapper.positionals_before;
            if start >= argv.len() {
                break;
            }
            argv = argv[start..].to_vec();
            derived.commands.push(DerivedCommand {
                words: argv.clone(),
                cwd: cwd.clone(),
                assignments: assignments.clone(),
            });
            continue;
        }
        match program.as_str() {
            shell if SHELLS.contains(&shell) => shell_script(&argv, stdin, &mut derived),
            "source" | "." => derived
                .files
                .extend(argv.get(1).map(|path| ScriptFile { path: path.clone(), language: Some(Language::Shell) })),
            "eval" => {
                let text: Vec<&str> = argv[1..].iter().map(|word| word.text.as_str()).collect();
                derived.scripts.push(text.join(" "));
            }
            "su" | "runuser" | "script" => {
                let (_, values) = skip_options(&argv, "cusgG", &["command", "shell", "group", "supp-group"]);
                for (name, value) in values {
                    if name == "c" || name == "command" {
                        derived.scripts.push(value.to_owned());
                    }
                }
            }
            "watch" => {
                let (start, _) = skip_options(&argv, "nq", &["interval", "equexit"]);
                let text: Vec<&str> = argv.get(start..).unwrap_or(&[]).iter().map(|word| word.text.as_str()).collect();
                derived.scripts.push(text.join(" "));
            }
            "find" => find_exec(&argv, &mut derived),
            "git" => git_alias(&argv, &mut derived),
            _ if interpreter(&program).is_some() => interpreted(&argv, stdin, &mut derived),
            // A path to a program (`./deploy.sh`, `scripts/release`): a script file when it is text.
            _ if first.text.contains('/') && !first.dynamic => {
                derived.files.push(ScriptFile { path: first.clone(), language: None });
            }
            _ => {}
        }
        break;
    }
    derived
}

/// `npx [OPTIONS] PKG ARGS…` (also `pnpx`, `bunx`, `npm exec|x`, `pnpm dlx|exec`, `yarn dlx|exec`): the program the
/// package installs and its arguments (`npx -p PKG PROGRAM ARGS…` names the program itself).
fn package_runner(argv: &[Word]) -> Option<Vec<Word>> {
    let program = program_name(&argv.first()?.text);
    let (short_values, long_values, first): (&str, &[&str], usize) =
        match (program, argv.get(1).map(|word| word.text.as_str())) {
            (name, _) if PACKAGE_RUNNERS.iter().any(|(runner, _, _)| *runner == name) => {
                let (_, shorts, longs) = PACKAGE_RUNNERS.iter().find(|(runner, _, _)| *runner == name)?;
                (shorts, longs, 0)
            }
            ("npm", Some("exec" | "x")) | ("pnpm", Some("dlx" | "exec")) | ("yarn", Some("dlx" | "exec")) => {
                ("pc", &["package", "call"][..], 1)
            }
            _ => return None,
        };
    let rest = &argv[first..];
    let (start, values) = skip_options(rest, short_values, long_values);
    let named_package = values.iter().any(|(name, _)| name == "p" || name == "package");
    let command = rest.get(start..).filter(|command| !command.is_empty())?;
    let mut words = command.to_vec();
    if !named_package {
        words[0] = Word { text: package_program(&words[0].text), ..words[0].clone() };
    }
    Some(words)
}

/// An interpreter's command: its inline code (`python -c`, `node -e`), code on its input (`python3 - <<EOF`,
/// `… | node`), or its script file (`python deploy.py`).
fn interpreted(argv: &[Word], stdin: Option<&str>, derived: &mut Derived) {
    let Some(found) = interpreter(&argv[0].text) else { return };
    let language = found.language;
    let mut index = 1;
    while let Some(word) = argv.get(index) {
        let text = word.text.as_str();
        if let Some(code) = found.code_options.iter().find_map(|option| {
            if text == *option {
                Some(argv.get(index + 1).map_or("", |code| code.text.as_str()))
            } else if option.len() == 2 && !option.starts_with("--") && text.len() > 2 && text.starts_with(option) {
                Some(&text[2..])
            } else {
                None
            }
        }) {
            derived.scripts.extend(code::commands_in(language, code));
            return;
        }
        if found.no_file_options.iter().any(|option| text.starts_with(option)) {
            return;
        }
        if found.value_options.contains(&text) {
            index += 2;
            continue;
        }
        if text == "-" || text == "--" {
            break;
        }
        if text.starts_with('-') && text.len() > 1 {
            index += 1;
            continue;
        }
        // `deno run FILE`, `bun run FILE`: the subcommand comes first.
        if matches!(text, "run") && matches!(program_name(&argv[0].text), "deno" | "bun") {
            index += 1;
            continue;
        }
        derived.files.push(ScriptFile { path: word.clone(), language: Some(language) });
        return;
    }
    if let Some(code) = stdin {
        derived.scripts.extend(code::commands_in(language, code));
    }
}

/// `sh -c SCRIPT`, a shell reading its script from its input, or a shell running a script file.
fn shell_script(argv: &[Word], stdin: Option<&str>, derived: &mut Derived) {
    let mut with_c = false;
    let mut reads_stdin = false;
    let mut index = 1;
    while let Some(word) = argv.get(index) {
        let text = word.text.as_str();
        if text == "--" || text == "-" {
            index += 1;
            break;
        }
        if matches!(text, "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file") {
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

/// `find … -exec CMD … ;` (also `-execdir`, `-ok`, `-okdir`, ended by `;` or `+`).
fn find_exec(argv: &[Word], derived: &mut Derived) {
    let mut index = 1;
    while index < argv.len() {
        if matches!(argv[index].text.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
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

/// git's global options that take a separate value (`git -C dir status`).
pub(crate) const GIT_GLOBAL_VALUE_OPTIONS: &[&str] =
    &["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--exec-path"];

/// The index of git's subcommand in `argv` (after the global options), if any.
pub(crate) fn git_subcommand(argv: &[Word]) -> Option<usize> {
    let mut index = 1;
    while let Some(word) = argv.get(index) {
        let text = word.text.as_str();
        if GIT_GLOBAL_VALUE_OPTIONS.contains(&text) && text != "--exec-path" {
            index += 2;
        } else if text.starts_with('-') {
            index += 1;
        } else {
            return Some(index);
        }
    }
    None
}

/// `git -c alias.NAME=VALUE … NAME args`: the alias runs a shell command (`!…`) or a git command.
fn git_alias(argv: &[Word], derived: &mut Derived) {
    let Some(subcommand) = git_subcommand(argv) else { return };
    let mut index = 1;
    while index < subcommand {
        let value = match argv[index].text.as_str() {
            "-c" => argv.get(index + 1).map(|word| word.text.as_str()),
            text => text.strip_prefix("-c").filter(|rest| !rest.is_empty()),
        };
        if let Some((name, body)) =
            value.and_then(|value| value.strip_prefix("alias.")).and_then(|rest| rest.split_once('='))
        {
            if name.eq_ignore_ascii_case(&argv[subcommand].text) {
                let rest: Vec<&str> = argv[subcommand + 1..].iter().map(|word| word.text.as_str()).collect();
                match body.strip_prefix('!') {
                    Some(shell) => derived.scripts.push(format!("{shell} {}", rest.join(" "))),
                    None => {
                        let mut words: Vec<Word> = vec![argv[0].clone()];
                        words.extend(
                            body.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }),
                        );
                        words.extend(argv[subcommand + 1..].iter().cloned());
                        derived.commands.push(DerivedCommand { words, cwd: None, assignments: Vec::new() });
                    }
                }
            }
        }
        index += if argv[index].text == "-c" { 2 } else { 1 };
    }
}

/// Where `cd`, `pushd` or `popd` take the commands after them; `None` for any other command.
pub(super) fn change_directory(words: &[Word], cwd: &Cwd) -> Option<Cwd> {
    let program = program_name(&words.first()?.text);
    if program == "popd" {
        return Some(Cwd::Unknown);
    }
    if program != "cd" && program != "pushd" {
        return None;
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
