//! git's configuration keys and environment variables that run commands — `core.sshCommand`, `core.pager`,
//! `core.editor`, `core.fsmonitor`, `diff.external`, `credential.helper`, filter and diff drivers, `alias.*` … and
//! `GIT_SSH_COMMAND`, `GIT_PAGER`, `GIT_EDITOR` … — given on the command line (`git -c KEY=VALUE`), in the
//! environment, or written for later (`git config KEY VALUE`, which plants a command every later git call may run).
//! Each value comes back as a shell script for the reader.

use crate::argv::{Order, Parsed};
use crate::code::UNKNOWN_COMMAND;
use crate::lexer::Word;
use crate::programs::Program;

/// Configuration keys whose value is a command git runs through the shell (compared without case).
const COMMAND_KEYS: &[&str] = &[
    "core.sshcommand",
    "core.pager",
    "core.editor",
    "core.askpass",
    "core.fsmonitor",
    "core.gitproxy",
    "sequence.editor",
    "diff.external",
    "gpg.program",
    "gpg.openpgp.program",
    "gpg.ssh.program",
    "gpg.x509.program",
    "credential.helper",
    "uploadpack.packobjectshook",
    "sendemail.sendmailcmd",
    "sendemail.tocmd",
    "sendemail.cccmd",
    "web.browser",
    "merge.tool",
    "diff.tool",
];

/// The last part of keys with a middle part (`filter.NAME.clean`, `pager.log`, `diff.NAME.command`) whose value
/// runs.
const COMMAND_KEY_ENDS: &[&str] =
    &["clean", "smudge", "process", "command", "textconv", "driver", "cmd", "helper", "sshcommand", "program"];

/// Whether git runs the value of configuration `key` as a command (`pager.log`, `filter.lfs.smudge`,
/// `core.sshCommand`; an alias too, as `git ALIAS` runs it).
pub(crate) fn runs_value(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    if COMMAND_KEYS.contains(&key.as_str()) || key.starts_with("alias.") || key.starts_with("pager.") {
        return true;
    }
    if includes_a_file(&key) {
        return true;
    }
    let mut parts = key.split('.');
    let (Some(section), Some(last)) = (parts.next(), key.rsplit('.').next()) else { return false };
    key.matches('.').count() >= 2
        && matches!(section, "filter" | "diff" | "merge" | "credential" | "difftool" | "mergetool" | "remote")
        && COMMAND_KEY_ENDS.contains(&last)
}

/// Whether `key` (lower case) names another config file to read (`include.path`, `includeIf.COND.path`).
fn includes_a_file(key: &str) -> bool {
    key == "include.path" || (key.starts_with("includeif.") && key.ends_with(".path"))
}

/// The environment variables that name a config file git reads instead of its own (`/dev/null` reads none).
const CONFIG_FILE_VARIABLES: &[&str] = &["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"];

/// The shell script a configuration value runs: an alias's `!CMD` is `CMD`, another alias is a git command, a
/// helper's `!CMD` is `CMD`; a boolean or a number runs nothing.
pub(crate) fn script_of(key: &str, value: &str) -> Option<String> {
    let value = value.trim();
    // Another config file, whose keys may run anything: not read here.
    if includes_a_file(&key.to_ascii_lowercase()) {
        return Some(UNKNOWN_COMMAND.to_owned());
    }
    if value.is_empty() || matches!(value, "true" | "false" | "yes" | "no" | "on" | "off") {
        return None;
    }
    if value.chars().all(|character| character.is_ascii_digit()) {
        return None;
    }
    let lower = key.to_ascii_lowercase();
    match value.strip_prefix('!') {
        Some(shell) => Some(shell.to_owned()),
        None if lower.starts_with("alias.") => Some(format!("git {value}")),
        None => Some(value.to_owned()),
    }
}

/// The configuration given for one git command: its `-c KEY=VALUE` and `--config-env=KEY=VARIABLE` options before
/// the subcommand, and the
/// environment's `GIT_CONFIG_PARAMETERS` (`'KEY=VALUE' …`, as git writes it for its children) and
/// `GIT_CONFIG_COUNT` with `GIT_CONFIG_KEY_<n>` / `GIT_CONFIG_VALUE_<n>`.
pub(crate) fn inline_config(argv: &[Word], git: &Program, environment: &[&Word]) -> Vec<(String, String)> {
    // (Most git commands are given none: looked for as text first.)
    let options = argv.iter().any(|word| word.text.starts_with("-c") || word.text.starts_with("--config-env"));
    if !options && !environment.iter().any(|word| word.text.starts_with("GIT_CONFIG")) {
        return Vec::new();
    }
    let subcommand = git.subcommand_at(argv);
    let globals = Parsed::of(&argv[..subcommand.unwrap_or(argv.len())], &git.options, Order::Permute);
    let mut found: Vec<(String, String)> = globals
        .values(&['c'], &[])
        .iter()
        .filter_map(|value| value.text().split_once('=').map(|(key, value)| (key.to_owned(), value.to_owned())))
        .collect();
    let variable = |name: &str| {
        environment.iter().rev().find_map(|word| word.text.strip_prefix(name).and_then(|rest| rest.strip_prefix('=')))
    };
    // `--config-env=KEY=VARIABLE`: the value is the variable's, as the command's environment gives it; when the
    // line does not show it, no one can know it (a key that runs its value runs a command no one can name).
    for value in globals.values(&[], &["config-env"]) {
        if let Some((key, name)) = value.text().split_once('=') {
            let known = variable(name).map(|known| known.trim_matches(['\'', '"']).to_owned());
            let unknown = || if runs_value(key) { format!("!{UNKNOWN_COMMAND}") } else { format!("${name}") };
            found.push((key.to_owned(), known.unwrap_or_else(unknown)));
        }
    }
    if let Some(parameters) = variable("GIT_CONFIG_PARAMETERS") {
        // Each entry in single quotes; `'\''` stands for a quote inside one.
        let parameters = parameters.replace("'\\''", "\u{0}");
        let entries = parameters.split('\'').skip(1).step_by(2);
        found.extend(entries.filter_map(|entry| {
            let (key, value) = entry.split_once('=')?;
            Some((key.to_owned(), value.replace('\u{0}', "'")))
        }));
    }
    let count = variable("GIT_CONFIG_COUNT").and_then(|count| count.trim().parse::<usize>().ok()).unwrap_or(0);
    for index in 0..count.min(64) {
        if let (Some(key), Some(value)) =
            (variable(&format!("GIT_CONFIG_KEY_{index}")), variable(&format!("GIT_CONFIG_VALUE_{index}")))
        {
            found.push((key.to_owned(), value.to_owned()));
        }
    }
    found
}

/// The scripts the configuration given for one git command runs ([`inline_config`]), and those a `git config KEY
/// VALUE` (or `git config set KEY VALUE`) writes for later.
pub(crate) fn scripts(argv: &[Word], git: &Program, environment: &[&Word]) -> Vec<String> {
    let mut found = Vec::new();
    let subcommand = git.subcommand_at(argv);
    let config_files = environment
        .iter()
        .filter_map(|word| word.text.split_once('='))
        .filter(|(name, value)| CONFIG_FILE_VARIABLES.contains(name) && !matches!(value.trim(), "" | "/dev/null"));
    if config_files.count() > 0 {
        found.push(UNKNOWN_COMMAND.to_owned());
    }
    for (key, value) in inline_config(argv, git, environment) {
        found.extend(runs_value(&key).then(|| script_of(&key, &value)).flatten());
    }
    let Some(at) = subcommand.filter(|&at| argv[at].text == "config") else { return found };
    let operands: Vec<&str> = argv[at + 1..]
        .iter()
        .map(|word| word.text.as_str())
        .filter(|text| !text.starts_with('-'))
        .skip_while(|text| matches!(*text, "set" | "add"))
        .collect();
    if let [key, value, ..] = operands.as_slice() {
        found.extend(runs_value(key).then(|| script_of(key, value)).flatten());
    }
    found
}

/// The scripts a config file's text holds for later (`[core]\n\tpager = CMD`, `[alias]\n\tx = !CMD`): every entry
/// whose key runs its value.
pub(crate) fn scripts_in_config_text(text: &str) -> Vec<String> {
    let mut section = String::new();
    let mut found = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[').and_then(|rest| rest.split(']').next()) {
            // `[filter "lfs"]` → `filter.lfs`.
            section = header.replace(" \"", ".").replace('"', "").trim().to_owned();
            continue;
        }
        let Some((name, value)) = line.split_once('=') else { continue };
        let key = format!("{section}.{}", name.trim());
        let value = value.trim().trim_matches('"');
        if runs_value(&key) {
            found.extend(script_of(&key, value));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_run_commands_are_told_from_the_others() {
        for key in ["core.sshCommand", "core.pager", "pager.log", "filter.lfs.smudge", "diff.pdf.textconv", "alias.x"] {
            assert!(runs_value(key), "{key}");
        }
        for key in ["core.autocrlf", "user.name", "push.default", "filter.lfs.required", "diff.renames"] {
            assert!(!runs_value(key), "{key}");
        }
        assert_eq!(script_of("alias.up", "push --force").as_deref(), Some("git push --force"));
        assert_eq!(script_of("alias.x", "!rm -rf .forge").as_deref(), Some("rm -rf .forge"));
        assert_eq!(script_of("core.fsmonitor", "true"), None);
        assert_eq!(script_of("core.pager", "less -R").as_deref(), Some("less -R"));
    }

    #[test]
    fn configuration_from_the_environment_is_read_as_options_are() {
        let git = crate::programs::lookup("git").expect("git's entry");
        let words = |text: &str| -> Vec<Word> {
            text.split(' ').map(|part| Word { text: part.to_owned(), ..Word::default() }).collect()
        };
        let parameters = "GIT_CONFIG_PARAMETERS='alias.x=!rm -rf .forge' 'core.pager=less'";
        let parameters = Word { text: parameters.to_owned(), ..Word::default() };
        let environment = vec![&parameters];
        assert_eq!(
            inline_config(&words("git x"), git, &environment),
            [("alias.x".to_owned(), "!rm -rf .forge".to_owned()), ("core.pager".to_owned(), "less".to_owned())]
        );
        let counted = words("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.sshCommand GIT_CONFIG_VALUE_0=git");
        let counted: Vec<&Word> = counted.iter().collect();
        assert_eq!(scripts(&words("git fetch"), git, &counted), ["git"]);
        // Another config file: what it holds is not read here.
        let global = [Word { text: "GIT_CONFIG_GLOBAL=/tmp/gc".to_owned(), ..Word::default() }];
        assert_eq!(scripts(&words("git status"), git, &global.iter().collect::<Vec<_>>()), [UNKNOWN_COMMAND]);
        // `--config-env=KEY=VARIABLE`: the variable's value, or the variable when the line does not give it.
        let shell = [Word { text: "S=rm -rf .forge".to_owned(), ..Word::default() }];
        let shell: Vec<&Word> = shell.iter().collect();
        assert_eq!(scripts(&words("git --config-env=core.sshCommand=S push"), git, &shell), ["rm -rf .forge"]);
        assert_eq!(scripts(&words("git --config-env alias.x=P x"), git, &[]), [UNKNOWN_COMMAND]);
        assert_eq!(scripts(&words("git --config-env=core.pager=PAGER log"), git, &[]), [UNKNOWN_COMMAND]);
        assert!(scripts(&words("git --config-env=user.name=NAME commit"), git, &[]).is_empty());
        let isolated = [Word { text: "GIT_CONFIG_GLOBAL=/dev/null".to_owned(), ..Word::default() }];
        assert!(scripts(&words("git status"), git, &isolated.iter().collect::<Vec<_>>()).is_empty());
        assert_eq!(scripts(&words("git config --global include.path /tmp/x.inc"), git, &[]), [UNKNOWN_COMMAND]);
        assert_eq!(scripts_in_config_text("[include]\n\tpath = /tmp/inc\n"), [UNKNOWN_COMMAND]);
    }

    #[test]
    fn config_text_is_read_by_its_sections() {
        let text = "[core]\n\tpager = rm -rf .forge\n\tautocrlf = false\n[alias]\n\tp = push -f\n[filter \"x\"]\n\tclean = sh -c 'git push -f'\n";
        assert_eq!(scripts_in_config_text(text), ["rm -rf .forge", "git push -f", "sh -c 'git push -f'"]);
    }
}
