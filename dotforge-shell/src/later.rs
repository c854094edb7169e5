//! Text that runs later or elsewhere, turned into the shell script it is: keys typed into a terminal multiplexer's
//! pane (`tmux send-keys 'git push -f' Enter`, `screen -X stuff 'cmd\n'`), cron entries (`* * * * * CMD`), and the
//! files that hold commands for later — shells' start-up files, git's hooks, cron tables, direnv's `.envrc`, git's
//! config — so that what is written into them is read as what will run.

use crate::git_commands;
use crate::languages;
use crate::programs::Language;

/// The script that keys typed into a terminal make: each argument typed as it is, key names (`Enter`, `C-m`,
/// `Space`, `Tab`) as the characters they type; `^M`, `\n` and `\r` in the text as line ends (screen's `stuff`).
pub(crate) fn typed_keys<'w>(keys: impl IntoIterator<Item = &'w str>) -> String {
    let mut script = String::new();
    for key in keys {
        match key {
            "Enter" | "C-m" | "C-M" | "KPEnter" | "C-j" | "^M" | "^J" => script.push('\n'),
            "Space" => script.push(' '),
            "Tab" | "C-i" => script.push('\t'),
            text => script.push_str(&text.replace("^M", "\n").replace("\\n", "\n").replace("\\r", "\n")),
        }
    }
    script
}

/// The commands of a cron table: each entry's command (after five time fields, or after an `@reboot`-style word);
/// comments and `NAME=value` lines are no commands.
pub(crate) fn crontab_commands(text: &str) -> String {
    let mut script = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let first = line.split_whitespace().next().unwrap_or("");
        if first.contains('=') && !first.starts_with('@') {
            continue;
        }
        let skip = if first.starts_with('@') { 1 } else { 5 };
        let mut rest = line;
        for _ in 0..skip {
            rest = rest.trim_start();
            rest = rest.find(char::is_whitespace).map_or("", |end| &rest[end..]);
        }
        // In a system table (`/etc/crontab`, `/etc/cron.d`), a user name comes before the command; reading it as a
        // command's first word keeps the command among the words read.
        script.push_str(rest.trim());
        script.push('\n');
    }
    script
}

/// What a file written at `path` holds for later, as the kind of text it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Planted {
    /// A shell script that runs later: a shell's start-up file, a git hook, `.envrc`.
    Script,
    /// A cron table.
    Crontab,
    /// git's config: the values of keys that run commands.
    GitConfig,
    /// Python code every Python started later runs first: `sitecustomize.py`, `usercustomize.py`.
    PythonStartup,
    /// A `.pth` file in a folder Python reads at start: its lines that begin with `import` run.
    PythonPathFile,
}

/// Start-up files of shells, by their name in the home folder (or anywhere, for the ones no other file is called).
const STARTUP_FILES: &[&str] = &[
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    // Sourced by the `.bashrc` Debian and Ubuntu give every user.
    ".bash_aliases",
    ".profile",
    ".zshrc",
    ".zshenv",
    ".zprofile",
    ".zlogin",
    ".zlogout",
    ".kshrc",
    ".mkshrc",
    ".envrc",
    "config.fish",
];

/// What the file at `path` (as written, `~` not expanded) holds for later, if it is one of the files that do.
pub(crate) fn planted(path: &str) -> Option<Planted> {
    let path = path.trim_end_matches('/');
    let name = path.rsplit('/').next().unwrap_or(path);
    let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
    let parent = folder.rsplit('/').next().unwrap_or(folder);
    if STARTUP_FILES.contains(&name)
        || path.starts_with("/etc/profile")
        || matches!(path, "/etc/bash.bashrc" | "/etc/bashrc" | "/etc/zshrc" | "/etc/zsh/zshrc" | "/etc/environment")
        || (parent == "profile.d" && folder.starts_with("/etc"))
        // Folders a start-up file sources whole: Fedora's `~/.bashrc.d/`, fish's `conf.d/`.
        || parent == ".bashrc.d"
        || (parent == "conf.d" && folder.ends_with("fish/conf.d"))
    {
        return Some(Planted::Script);
    }
    if (parent == "hooks" && (folder.ends_with("/.git/hooks") || folder == ".git/hooks"))
        || parent == ".husky"
        || folder.ends_with("/.husky")
        || folder == ".husky"
    {
        return Some(Planted::Script);
    }
    if path == "/etc/crontab" || folder.starts_with("/etc/cron.") || folder.starts_with("/var/spool/cron") {
        return Some(Planted::Crontab);
    }
    if path.ends_with(".git/config") || name == ".gitconfig" || path.ends_with("git/config") {
        return Some(Planted::GitConfig);
    }
    if matches!(name, "sitecustomize.py" | "usercustomize.py") {
        return Some(Planted::PythonStartup);
    }
    if name.ends_with(".pth") {
        return Some(Planted::PythonPathFile);
    }
    None
}

/// A start-up file's script and, after it, what it sets `PROMPT_COMMAND` to (bash runs that before every prompt:
/// `export PROMPT_COMMAND='git push -f'` planted in `~/.bashrc` runs the push at the next interactive shell).
fn with_prompt_commands(text: &str) -> String {
    let mut script = text.to_owned();
    for (at, _) in text.match_indices("PROMPT_COMMAND") {
        let rest = &text[at + "PROMPT_COMMAND".len()..];
        let Some(value) = rest.strip_prefix("+=").or_else(|| rest.strip_prefix('=')) else { continue };
        let command = match value.chars().next() {
            Some(quote @ ('\'' | '"')) => value[1..].split(quote).next().unwrap_or(""),
            _ => value.split([' ', '\t', '\n', ';']).next().unwrap_or(""),
        };
        if !command.trim().is_empty() {
            script.push('\n');
            script.push_str(command);
        }
    }
    script
}

/// The shell script the text written into a planted file will run.
pub(crate) fn planted_script(kind: Planted, text: &str) -> String {
    match kind {
        Planted::Script => with_prompt_commands(text),
        Planted::Crontab => crontab_commands(text),
        Planted::GitConfig => git_commands::scripts_in_config_text(text).join("\n"),
        Planted::PythonStartup => python_inline(text),
        Planted::PythonPathFile => {
            let imports: Vec<&str> =
                text.lines().filter(|line| line.starts_with("import ") || line.starts_with("import\t")).collect();
            if imports.is_empty() {
                String::new()
            } else {
                python_inline(&imports.join("\n"))
            }
        }
    }
}

/// Python code as the shell line that runs it.
fn python_inline(code: &str) -> String {
    languages::inline_command(Language::Python, code).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_typed_into_a_pane_are_a_script() {
        assert_eq!(typed_keys(["git push --force", "Enter"]), "git push --force\n");
        assert_eq!(typed_keys(["git", "Space", "push", "C-m"]), "git push\n");
        assert_eq!(typed_keys(["rm -rf .forge\\n"]), "rm -rf .forge\n");
    }

    #[test]
    fn cron_entries_are_their_commands() {
        let table = "# m h dom mon dow command\nMAILTO=me\n*/5 * * * * cd /p && git push -f\n@reboot rm -rf .forge\n";
        assert_eq!(crontab_commands(table), "cd /p && git push -f\nrm -rf .forge\n");
    }

    #[test]
    fn a_start_up_file_runs_its_prompt_command_too() {
        let planted = planted_script(Planted::Script, "export PROMPT_COMMAND='git push -f'\nalias ll='ls -l'\n");
        assert!(planted.ends_with("\ngit push -f"), "{planted}");
        assert!(planted_script(Planted::Script, "PROMPT_COMMAND+=\"history -a\"").ends_with("\nhistory -a"));
        assert_eq!(planted_script(Planted::Script, "export EDITOR=vim\n"), "export EDITOR=vim\n");
    }

    #[test]
    fn files_that_run_later_are_told_by_their_path() {
        for (path, kind) in [
            ("~/.bashrc", Planted::Script),
            ("~/.bash_aliases", Planted::Script),
            ("/home/u/.bashrc.d/10-x.sh", Planted::Script),
            ("~/.config/fish/conf.d/x.fish", Planted::Script),
            ("/home/u/.zshrc", Planted::Script),
            (".envrc", Planted::Script),
            (".git/hooks/pre-commit", Planted::Script),
            ("/p/.git/hooks/post-checkout", Planted::Script),
            (".husky/pre-push", Planted::Script),
            ("/etc/cron.d/job", Planted::Crontab),
            ("/var/spool/cron/crontabs/root", Planted::Crontab),
            (".git/config", Planted::GitConfig),
            ("~/.gitconfig", Planted::GitConfig),
            ("/tmp/sc/sitecustomize.py", Planted::PythonStartup),
            ("$d/zz_cleanup.pth", Planted::PythonPathFile),
        ] {
            assert_eq!(planted(path), Some(kind), "{path}");
        }
        for path in
            ["src/hooks/useAuth.ts", "hooks/pre-commit", "notes/bashrc.md", ".git/HEAD", "README.md", "hooks.json"]
        {
            assert_eq!(planted(path), None, "{path}");
        }
    }
}
