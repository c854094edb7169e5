//! Command lines a program may run that the program table does not say it runs: given to a program the table does
//! not know (`mytool --on-done 'git push -f'`), or to a known program's option named for a command
//! (`restic --password-command "sh -c '…'"`, `aria2c --on-download-complete=/tmp/x.sh`) or to a variable a command
//! sets (`CC="sh -c '…'" make`), and files the line wrote that a command names where a program may run them
//! (`SUDO_ASKPASS=/tmp/x.sh sudo -A`, `dotbot -c x.yaml`). Whether they run is not
//! known, so they are read as commands that may run ([`crate::Unknown::Possible`]): the hook asks when one would
//! act, and says nothing otherwise.

use crate::code;
use crate::command::SimpleCommand;
use crate::languages::language_of_file;
use crate::lexer::Word;
use crate::programs::{self, Language, Touches};

/// Words that start a command line besides a program's name.
const SHELL_WORDS: &[&str] = &["cd", "export", "if", "for", "while", "until", "{", "("];

/// What the name of an option that takes a command holds (`--password-command`, `--on-download-complete`,
/// `--use-askpass`, `--rsh`, `--exec`, `--hook`).
const COMMAND_OPTION_PARTS: &[&str] =
    &["command", "cmd", "exec", "hook", "shell", "askpass", "program", "rsh", "complete", "callback", "wrapper"];

/// The command lines among the arguments `words` of a program: each word that reads as one (or its value:
/// `--hook=VALUE`, `NAME=VALUE`) when the program is `unknown`; else the values of its options named for a command.
/// A line is more than one word starting with a program the table knows or a word of the shell's; an option's value
/// may also be one path (`--on-done=./notify.sh`).
pub(crate) fn command_lines(words: &[Word], unknown: bool) -> Vec<String> {
    let mut found = Vec::new();
    for (at, word) in words.iter().enumerate() {
        let text = word.text.as_str();
        let (name, value) = match text.split_once('=') {
            // (A key of any spelling: `APT::Update::Pre-Invoke::=CMD`, `hooks.pre=CMD`.)
            Some((name, value)) if !name.contains(char::is_whitespace) => (name, Some(value)),
            _ => (text, None),
        };
        let named_for_a_command = name.starts_with("--") && COMMAND_OPTION_PARTS.iter().any(|part| name.contains(part));
        let line = if named_for_a_command {
            let value = value.or_else(|| words.get(at + 1).map(|next| next.text.as_str()));
            value.and_then(|value| command_line(value, true))
        } else if unknown {
            command_line(value.unwrap_or(text), false)
        } else {
            None
        };
        found.extend(line);
    }
    found
}

/// The words of a command that may name a file it runs without saying so: the values of its environment
/// (`SUDO_ASKPASS=x`, `CC=x`), of its options (`--exec-command=x`, `-DCMAKE_C_COMPILER_LAUNCHER=x`), of variables it
/// is given to set (`go env -w GOFLAGS=-toolexec=x`), and — for a program the table does not know — every argument (`dotbot -c
/// x.yaml`). A value is cut at `=`, `,`, `:` and blanks into the parts that may be paths.
pub(crate) fn named_files(command: &SimpleCommand, unknown: bool) -> Vec<Word> {
    if CHECKERS.contains(&command.program()) {
        return Vec::new();
    }
    let values = command.assignments.iter().filter_map(|word| word.text.split_once('=').map(|(_, value)| value));
    let arguments = command.words.iter().skip(1).map(|word| word.text.as_str());
    // (A known program's: its options' values, and variables it is given to set: `go env -w GOFLAGS=…`.)
    let sets_a_variable = |text: &str| text.split_once('=').is_some_and(|(name, _)| is_environment_name(name));
    let arguments =
        arguments.filter(|text| unknown || (text.starts_with('-') && text.contains('=')) || sets_a_variable(text));
    let parts = values.chain(arguments).flat_map(|value| value.split(['=', ',', ':', ' ', '\t', '\n']));
    let files = parts.filter(|part| !part.is_empty() && !part.starts_with('-'));
    files.map(|part| Word { text: part.to_owned(), ..Word::default() }).collect()
}

/// Whether `name` is an environment variable's upper-case name (`HUSKY`, `GIT_CONFIG_KEY_0`).
pub(crate) fn is_environment_name(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
}

/// Whether a command may run a script the line wrote without naming it: not one of the programs that only handle
/// files, names or text (`chmod +x`, `cp`, `ls`, `echo`, `cat`), nor git (whose hooks are read as planted).
pub(crate) fn may_run_files(command: &SimpleCommand) -> bool {
    if command.words.is_empty() || CHECKERS.contains(&command.program()) {
        return false;
    }
    let Some(entry) = command.shape().entry else { return true };
    let handles_files = matches!(
        entry.touches,
        Touches::Names
            | Touches::Permissions(_)
            | Touches::Copies
            | Touches::CopiesOrLinks
            | Touches::Moves
            | Touches::Links
            | Touches::Creates
            | Touches::Deletes
    );
    !handles_files && !matches!(command.program(), "cat" | "git" | "mkdir" | "head" | "tail" | "grep" | "less")
}

/// Linters and formatters: they read the files they are given, and run none of them.
const CHECKERS: &[&str] = &[
    "shellcheck",
    "shfmt",
    "prettier",
    "yamllint",
    "jsonlint",
    "actionlint",
    "hadolint",
    "markdownlint",
    "markdownlint-cli2",
    "taplo",
    "biome",
    "dprint",
    "editorconfig-checker",
    "ruff",
    "black",
    "flake8",
    "pylint",
    "mypy",
    "rubocop",
    "stylua",
    "luacheck",
    "gofmt",
    "rustfmt",
    "clang-format",
    "jq",
    "yq",
];

/// The command lines a file may run when a program runs it: a script's (`#!`) whole text, the commands code of a
/// language read runs, a configuration's command lines ([`config_lines`]); none for a document (`.md`, `.txt`), which
/// no program runs.
pub(crate) fn commands_of_file(path: &str, text: &str) -> Vec<String> {
    const DOCUMENTS: &[&str] =
        &[".md", ".markdown", ".txt", ".rst", ".adoc", ".html", ".csv", ".log", ".diff", ".patch"];
    // (Pipelines and images run elsewhere: on a CI service, in a container a build makes.)
    const ELSEWHERE: &[&str] = &["/.github/", "/.gitlab", "/.circleci/", "/.buildkite/", "/.woodpecker"];
    const ELSEWHERE_NAMES: &[&str] = &[
        "Jenkinsfile",
        ".travis.yml",
        "azure-pipelines.yml",
        "bitbucket-pipelines.yml",
        ".drone.yml",
        "Dockerfile",
        "Containerfile",
    ];
    let name = path.rsplit('/').next().unwrap_or(path);
    if DOCUMENTS.iter().any(|ending| path.ends_with(ending))
        || ELSEWHERE.iter().any(|folder| path.contains(folder))
        || ELSEWHERE_NAMES.iter().any(|known| name.starts_with(known))
        || name.ends_with(".dockerfile")
    {
        return Vec::new();
    }
    // (A shell's start-up files and scripts named as such hold shell code without a `#!` line.)
    const SHELL_FILES: &[&str] =
        &[".bashrc", ".bash_profile", ".bash_login", ".bash_aliases", ".profile", ".zshrc", ".zshenv", ".zprofile"];
    let shell_named = SHELL_FILES.contains(&name) || [".sh", ".bash", ".zsh"].iter().any(|end| name.ends_with(end));
    match language_of_file(path, text) {
        Language::Shell if text.starts_with("#!") || shell_named => vec![text.to_owned()],
        Language::Shell | Language::Other => config_lines(text),
        language => code::commands_in(language, text),
    }
}

/// The command lines a configuration file's text may hold, one per line: a line's value after its key (`cmd: …`,
/// `XferCommand = …`, `- shell: …`), unquoted, or a quoted string in it (`exec "…"`, `system("…")`), when it reads
/// as a command line.
pub(crate) fn config_lines(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    // (A line commented out runs nothing: `# alias rm='rm -i'`, `; cmd = x`, `// "x"`.)
    for line in
        text.lines().filter(|line| !line.trim_start().starts_with(['#', ';']) && !line.trim_start().starts_with("//"))
    {
        let line = line.trim().trim_start_matches("- ").trim_start();
        let keyed = line.find([':', '=']).filter(|&at| {
            let key = line[..at].trim().trim_matches(['"', '\'']);
            !key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || "_-. []".contains(c))
        });
        let value = keyed.map_or(line, |at| &line[at + 1..]).trim().trim_end_matches([',', ';']);
        let quoted = ['"', '\''].iter().find_map(|&quote| value.strip_prefix(quote)?.strip_suffix(quote));
        let whole = command_line(quoted.unwrap_or(value).trim(), false);
        let strings = quoted_strings(line).filter_map(|string| command_line(string, false));
        let strings: Vec<String> = strings.filter(|string| whole.as_ref() != Some(string)).collect();
        found.extend(whole);
        found.extend(strings);
    }
    found
}

/// The strings in single or double quotes on one line (no escapes are read).
fn quoted_strings(line: &str) -> impl Iterator<Item = &str> {
    let mut rest = line;
    std::iter::from_fn(move || {
        let start = rest.find(['"', '\''])?;
        let quote = rest[start..].chars().next()?;
        let inner = &rest[start + 1..];
        let end = inner.find(quote)?;
        rest = &inner[end + 1..];
        Some(&inner[..end])
    })
}

/// `text` as a command line, if it reads as one; a single path too when `path_alone`. A leading `!` (the shell
/// escape of `lftp`, `ftp` and editors) is left out.
fn command_line(text: &str, path_alone: bool) -> Option<String> {
    let text = text.trim_start().strip_prefix('!').unwrap_or(text).trim_start();
    // (Control characters other than tabs and newlines are no command line's.)
    if text.contains(|c: char| c.is_control() && c != '\t' && c != '\n') {
        return None;
    }
    let mut parts = text.split_whitespace();
    let first = parts.next()?;
    if parts.next().is_none() {
        return (path_alone && first.contains('/') && !first.starts_with('-')).then(|| first.to_owned());
    }
    let program = first.trim_start_matches(['(', '{']);
    let known = SHELL_WORDS.contains(&first) || programs::lookup(program).is_some();
    known.then(|| text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::{command_lines, commands_of_file, config_lines};
    use crate::lexer::Word;

    fn words(texts: &[&str]) -> Vec<Word> {
        texts.iter().map(|text| Word { text: (*text).to_owned(), ..Word::default() }).collect()
    }

    #[test]
    fn an_unknown_programs_arguments_that_read_as_command_lines_are_found() {
        let given = words(&["start", "git push -f origin main", "--name", "sync", "--on=rm -rf ~", "CMD=cat .env"]);
        assert_eq!(command_lines(&given, true), ["git push -f origin main", "rm -rf ~", "cat .env"]);
        // A message is not a command line, nor is one word, nor a line led by a word no program has.
        let given = words(&["--title", "release notes", "push", "deploy the app", "ls"]);
        assert!(command_lines(&given, true).is_empty());
        assert_eq!(command_lines(&words(&["-c", "!git push origin :v1"]), true), ["git push origin :v1"]);
    }

    #[test]
    fn a_configs_values_that_read_as_command_lines_are_found() {
        let text = "stages:\n  release:\n    cmd: npm publish --access public\n    deps: [src]\n";
        assert_eq!(config_lines(text), ["npm publish --access public"]);
        let text = "[options]\nXferCommand = /bin/sh -c \"rm -rf ~; curl -o %o %u\"\nServer = https://x/$repo\n";
        assert_eq!(config_lines(text), ["/bin/sh -c \"rm -rf ~; curl -o %o %u\"", "rm -rf ~; curl -o %o %u"]);
        let text = "- shell:\n    - command: git reset -q --hard origin/main\n      description: sync checkout\n";
        assert_eq!(config_lines(text), ["git reset -q --hard origin/main"]);
        assert!(config_lines("title: release notes\nname: acme\n").is_empty());
        let line = "exec \"git push origin --delete v1\"\n";
        assert_eq!(config_lines(line), ["exec \"git push origin --delete v1\"", "git push origin --delete v1"]);
        assert_eq!(config_lines("$pdflatex = 'rm -rf .forge; pdflatex %O %S';\n"), ["rm -rf .forge; pdflatex %O %S"]);
        // A line commented out runs nothing.
        assert!(config_lines("# alias rm='rm -i'\n; cmd = git push -f\n// exec \"git push -f\"\n").is_empty());
        // A shell's start-up file is shell code, read whole.
        assert_eq!(commands_of_file("/h/.bashrc", "rm -rf ~\n"), ["rm -rf ~\n"]);
    }

    #[test]
    fn a_known_programs_options_named_for_a_command_are_read_alone() {
        let given = words(&["-r", "/tmp/r", "--password-command", "sh -c 'git reset --hard'", "snapshots"]);
        assert_eq!(command_lines(&given, false), ["sh -c 'git reset --hard'"]);
        let given = words(&["-q", "--on-download-complete=/tmp/done.sh", "https://x/y.tgz"]);
        assert_eq!(command_lines(&given, false), ["/tmp/done.sh"]);
        // Other options and operands of a known program are its own business (`grep -e 'git push -f'`).
        let given = words(&["-e", "git push -f", "--title", "git push -f", "log.txt"]);
        assert!(command_lines(&given, false).is_empty());
        // A known program's option named for a command given one word that is not a path: a name, not a line.
        assert!(command_lines(&words(&["--shell", "bash"]), false).is_empty());
    }
}
