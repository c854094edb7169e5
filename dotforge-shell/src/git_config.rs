//! git aliases defined in git's config files — the repository's (`.git/config`, also of a worktree's common
//! folder), `~/.gitconfig`, `$XDG_CONFIG_HOME/git/config` and `/etc/gitconfig` — as git itself reads them: the last
//! definition wins, the repository's over the user's over the system's; `!…` runs a shell command from the top of
//! the work tree. Only a subcommand that is not one of git's own commands is looked up (git never lets an alias
//! hide its own), so `git push` reads no file. `include` and `includeIf` are not followed.

use crate::argv::{quote, Order, Parsed};
use crate::command::Cwd;
use crate::lexer::Word;
use crate::programs::{self, Recipes};
use crate::sources::{folder, locate, FileScript, LineFiles, MAX_FOLDERS_UP};
use crate::unwrap::normalize;
use std::path::{Path, PathBuf};

/// git's own commands: an alias of the same name is never used.
const GIT_COMMANDS: &[&str] = &[
    "add",
    "am",
    "annotate",
    "apply",
    "archive",
    "bisect",
    "blame",
    "branch",
    "bundle",
    "cat-file",
    "check-attr",
    "check-ignore",
    "check-mailmap",
    "check-ref-format",
    "checkout",
    "checkout-index",
    "cherry",
    "cherry-pick",
    "citool",
    "clean",
    "clone",
    "column",
    "commit",
    "commit-graph",
    "commit-tree",
    "config",
    "count-objects",
    "credential",
    "describe",
    "diff",
    "diff-files",
    "diff-index",
    "diff-tree",
    "difftool",
    "fast-export",
    "fast-import",
    "fetch",
    "fetch-pack",
    "filter-branch",
    "fmt-merge-msg",
    "for-each-ref",
    "for-each-repo",
    "format-patch",
    "fsck",
    "gc",
    "get-tar-commit-id",
    "grep",
    "gui",
    "hash-object",
    "help",
    "hook",
    "index-pack",
    "init",
    "instaweb",
    "interpret-trailers",
    "log",
    "ls-files",
    "ls-remote",
    "ls-tree",
    "maintenance",
    "merge",
    "merge-base",
    "merge-file",
    "merge-index",
    "merge-tree",
    "mergetool",
    "mktag",
    "mktree",
    "mv",
    "name-rev",
    "notes",
    "pack-objects",
    "pack-refs",
    "prune",
    "prune-packed",
    "pull",
    "push",
    "range-diff",
    "read-tree",
    "rebase",
    "reflog",
    "remote",
    "repack",
    "replace",
    "request-pull",
    "rerere",
    "reset",
    "restore",
    "rev-list",
    "rev-parse",
    "revert",
    "rm",
    "send-email",
    "shortlog",
    "show",
    "show-branch",
    "show-ref",
    "sparse-checkout",
    "stash",
    "status",
    "stripspace",
    "submodule",
    "switch",
    "symbolic-ref",
    "tag",
    "unpack-objects",
    "update-index",
    "update-ref",
    "var",
    "verify-commit",
    "verify-pack",
    "verify-tag",
    "version",
    "whatchanged",
    "worktree",
    "write-tree",
    "backfill",
    "replay",
    "scalar",
    "filter-repo",
    "lfs",
];

/// What an alias used by `git …` runs: a shell command (`!…`, run at the top of the work tree) or a git command
/// line; nothing when the subcommand is git's own or no config file defines it.
pub(crate) fn alias(argv: &[Word], cwd: &Cwd, files: &mut LineFiles<'_>) -> Option<FileScript> {
    let program = programs::lookup(&argv.first()?.text)?;
    if !program.recipes().any(|recipes| recipes == Recipes::GitAliases) {
        return None;
    }
    let at = program.subcommand_at(argv)?;
    let name = argv[at].text.as_str();
    if argv[at].dynamic || GIT_COMMANDS.contains(&name) || name.is_empty() {
        return None;
    }
    // `git -C dir …` runs in `dir` (each `-C` relative to the one before).
    let mut dir = folder(cwd).map(Path::to_path_buf);
    for value in Parsed::of(&argv[..at], &program.options, Order::Permute).values(&['C'], &[]) {
        let base = dir.clone().map_or(Cwd::Unknown, Cwd::Known);
        dir = locate(&value.word(), &base, files.sources());
    }
    let (top, repository_configs) = match &dir {
        Some(dir) => repository(dir, files),
        None => (None, Vec::new()),
    };
    let sources = files.sources();
    let mut configs: Vec<PathBuf> = vec![PathBuf::from("/etc/gitconfig")];
    configs.extend(sources.config_home().map(|dir| dir.join("git/config")));
    configs.extend(sources.home().map(|home| home.join(".gitconfig")));
    configs.extend(repository_configs);
    let mut value = None;
    for path in configs {
        if let Some(text) = files.read(&path) {
            value = find_alias(&text, name).or(value);
        }
    }
    let value = value?;
    let rest: Vec<String> =
        argv[at + 1..].iter().map(|word| if word.dynamic { word.text.clone() } else { quote(&word.text) }).collect();
    let rest = rest.join(" ");
    let script = match value.strip_prefix('!') {
        Some(shell) => FileScript::shell(format!("{shell} {rest}"), top.or(dir)),
        None => {
            let globals: Vec<String> = argv[..at].iter().map(|word| quote(&word.text)).collect();
            FileScript::shell(format!("{} {value} {rest}", globals.join(" ")), None)
        }
    };
    Some(script.from(format!("git alias: {name}")))
}

/// The top of the work tree holding `dir`, and the config files of its repository (a worktree's own and its common
/// folder's).
fn repository(dir: &Path, files: &mut LineFiles<'_>) -> (Option<PathBuf>, Vec<PathBuf>) {
    for folder in dir.ancestors().take(MAX_FOLDERS_UP) {
        let git = folder.join(".git");
        if files.read(&git.join("HEAD")).is_some() {
            return (Some(folder.to_path_buf()), vec![git.join("config")]);
        }
        // A worktree or submodule: `.git` is a file naming the real folder.
        if let Some(pointer) = files.read(&git) {
            let Some(target) = pointer.trim().strip_prefix("gitdir:") else { continue };
            let git_dir = normalize(&folder.join(target.trim()));
            let mut configs = Vec::new();
            if let Some(common) = files.read(&git_dir.join("commondir")) {
                configs.push(normalize(&git_dir.join(common.trim()).join("config")));
            }
            configs.push(git_dir.join("config"));
            return (Some(folder.to_path_buf()), configs);
        }
    }
    (None, Vec::new())
}

/// The value of `alias.NAME` in a config file's text (the last one), with quotes and escapes removed.
fn find_alias(text: &str, name: &str) -> Option<String> {
    let mut in_alias = false;
    let mut found = None;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim();
        if let Some(section) = trimmed.strip_prefix('[') {
            let header = section.split(']').next().unwrap_or("").trim();
            in_alias = header.eq_ignore_ascii_case("alias");
            // `[alias] x = y` on one line.
            let after = section.split_once(']').map_or("", |(_, rest)| rest).trim();
            if in_alias && !after.is_empty() {
                found = entry(after, name, &mut lines).or(found);
            }
            continue;
        }
        if in_alias {
            found = entry(trimmed, name, &mut lines).or(found);
        }
    }
    found
}

/// A `key = value` line (its value continued on the next lines after a trailing `\`), if the key is `name`.
fn entry<'t>(line: &str, name: &str, more: &mut impl Iterator<Item = &'t str>) -> Option<String> {
    let (key, raw) = line.split_once('=')?;
    if !key.trim().eq_ignore_ascii_case(name) {
        return None;
    }
    let mut raw = raw.to_owned();
    while raw.ends_with('\\') && !raw.ends_with("\\\\") {
        raw.pop();
        raw.push_str(more.next().unwrap_or(""));
    }
    Some(unquote(raw.trim()))
}

/// A config value without its quotes, escapes and trailing comment.
fn unquote(raw: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    let mut chars = raw.chars();
    while let Some(character) = chars.next() {
        match character {
            '"' => quoted = !quoted,
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            },
            '#' | ';' if !quoted => break,
            other => out.push(other),
        }
    }
    out.trim_end().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::tests::{words, MemoryFiles};

    fn run(command: &str, files: &[(&str, &str)]) -> Option<FileScript> {
        let files = MemoryFiles::with(files);
        let mut line_files = LineFiles::new(&files);
        alias(&words(command), &Cwd::Known(PathBuf::from("/p/src")), &mut line_files)
    }

    #[test]
    fn aliases_come_from_the_repository_then_the_user_then_the_system() {
        let repository = [
            ("/p/.git/HEAD", "ref: refs/heads/main\n"),
            (
                "/p/.git/config",
                "[core]\n\tbare = false\n[alias]\n\tpf = push --force # force\n\tnuke = \"!rm -rf .forge\"\n",
            ),
            ("/home/u/.gitconfig", "[Alias]\n  pf = status\n  st = status\n  wipe = !git reset --hard\n"),
        ];
        let found = run("git pf origin main", &repository).map(|script| script.text);
        assert_eq!(found.as_deref(), Some("git push --force origin main"), "the repository's definition wins");
        let shell = run("git nuke", &repository);
        assert_eq!(shell.as_ref().map(|script| script.text.as_str()), Some("rm -rf .forge "));
        assert_eq!(shell.and_then(|script| script.cwd), Some(PathBuf::from("/p")), "run at the top of the work tree");
        assert_eq!(run("git wipe", &repository).map(|script| script.text).as_deref(), Some("git reset --hard "));
        assert!(run("git push -f", &repository).is_none(), "git's own command reads no alias");
        assert!(run("git unknown", &repository).is_none());
        let worktree = [
            ("/p/.git", "gitdir: /r/.git/worktrees/p\n"),
            ("/r/.git/worktrees/p/commondir", "../..\n"),
            ("/r/.git/config", "[alias]\n  pf = push -f\n"),
        ];
        assert_eq!(run("git pf", &worktree).map(|script| script.text).as_deref(), Some("git push -f "));
    }
}
