//! What a command runs besides itself: the command behind a wrapper (`env`, `sudo`, `nice`, `timeout`, `xargs`,
//! `find -exec`, …), the script behind `sh -c`, `eval`, `su -c`, a heredoc fed to a shell, a git alias defined with
//! `-c alias.NAME=…`; and where `cd`/`pushd` take the commands that follow.

use crate::command::{program_name, Cwd, Redirect};
use crate::lexer::{RedirectKind, Word};
use std::path::{Component, Path, PathBuf};

/// Commands and scripts found behind a written command.
#[derive(Debug, Default)]
pub(super) struct Derived {
    pub commands: Vec<DerivedCommand>,
    /// Script texts it runs, to be read as commands in turn.
    pub scripts: Vec<String>,
}

/// A command run by a wrapper.
#[derive(Debug)]
pub(super) struct DerivedCommand {
    pub words: Vec<Word>,
    /// A directory the wrapper moved to (`env -C DIR`), if any.
    pub cwd: Option<PathBuf>,
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

/// Shells whose `-c` argument (or input) is a script.
const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "fish", "rbash"];

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

/// Looks through one written command: wrappers, nested scripts, git aliases, `find -exec`.
pub(super) fn look_through(words: &[Word], redirects: &[Redirect]) -> Derived {
    let mut derived = Derived::default();
    let mut argv: Vec<Word> = words.to_vec();
    let mut cwd: Option<PathBuf> = None;
    for _ in 0..16 {
        let Some(first) = argv.first() else { break };
        let program = program_name(&first.text).to_owned();
        if let Some(wrapper) = WRAPPERS.iter().find(|wrapper| wrapper.names.contains(&program.as_str())) {
            let (start, values) = skip_options(&argv, wrapper.short_values, wrapper.long_values);
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
            derived.commands.push(DerivedCommand { words: argv.clone(), cwd: cwd.clone() });
            continue;
        }
        match program.as_str() {
            shell if SHELLS.contains(&shell) => shell_script(&argv, redirects, &mut derived),
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
            _ => {}
        }
        break;
    }
    derived
}

/// `sh -c SCRIPT`, or a shell reading its script from a heredoc or here-string.
fn shell_script(argv: &[Word], redirects: &[Redirect], derived: &mut Derived) {
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
        None if !with_c => reads_stdin = true,
        _ => {}
    }
    if reads_stdin {
        for redirect in redirects {
            if let (RedirectKind::HereDoc | RedirectKind::HereString, Some(text)) =
                (redirect.kind, &redirect.input_text)
            {
                derived.scripts.push(text.clone());
            }
        }
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
                derived.commands.push(DerivedCommand { words: argv[start..end].to_vec(), cwd: None });
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
                        derived.commands.push(DerivedCommand { words, cwd: None });
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
