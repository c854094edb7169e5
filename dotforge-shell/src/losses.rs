//! What a command line destroys and what it brings into being (for the `loses_work` condition, a DSL extension).
//!
//! **Losses**: the paths whose present content is gone once the line has run — deleted (`rm`, `shred`, `unlink`,
//! `git rm`, `find -delete` and `find -exec rm`), truncated (`truncate`, `> file`, `tee` and `sponge` without `-a`,
//! `dd of=`) or replaced (the destination of `cp`, `mv`, `install`, `ln -f`, `rsync`; `curl -o`, `wget -O`), and the
//! paths named by interpreter code that calls a delete or write API (`shutil.rmtree`, `fs.rmSync`, `open(…, 'w')`).
//! A move's or copy's sources keep their content (it lands elsewhere), an append (`>>`) keeps it, an edit in place
//! (`sed -i`, an editor) changes it as the file tools do, and re-permissioning keeps it: none of these is a loss —
//! except the rewrites [`crate::losses_in_place`] knows leave nothing of it (`sed -i d`, `sort -o`, `patch -R`, an
//! extraction's named members, a redirection into a `read` loop's paths).
//!
//! **Creations**: the paths the line may create — a redirection's target, the operands of `touch`, `mkdir`,
//! `truncate`, `tee`, the destination of a copy, move or link, `dd of=`, a download's output. A caller that finds one
//! missing before the line runs knows the line (if it runs) made it.
//!
//! A destination names either the path itself or, when that is an existing folder, the entry inside it that has the
//! source's name: [`Reach::sources`] keeps the sources so that the caller, who can look at the disk, can tell. A
//! writer whose targets come from elsewhere (`… | xargs rm`, `rm "$(cat list)"`) loses every path-like word of the
//! line, whole trees.

use crate::access::{computed_file_name, find_name_filter, git_index_only, git_long_given, resolvable, stdin_code};
use crate::argv::{Order, Parsed, Value};
use crate::code_paths::{path_like_words, path_like_words_in_code, DESTRUCTIVE_CODE};
use crate::command::{CommandLine, Cwd, SimpleCommand};
use crate::destinations::{self, Folder};
use crate::lexer::{RedirectKind, Word};
use crate::losses_in_place;
use crate::programs::{self, Logic, Touches};
use crate::target::NameGlob;
use crate::{languages, programs::Program};
use std::borrow::Cow;
use std::collections::BTreeSet;

/// One path a command line loses or creates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    /// The path as the command names it.
    pub path: Word,
    /// Where the command runs: a relative path is relative to it.
    pub cwd: Cwd,
    /// Everything under the path is reached too (a recursive delete); otherwise the path alone (a file truncated or
    /// replaced).
    pub tree: bool,
    /// For a tree: only the entries whose names match all of these globs (`find . -name '*.orig' -delete`).
    pub only_named: Vec<NameGlob>,
    /// For a destination (copy, move, link): the sources. When the path is an existing folder, each source lands
    /// inside it under its own name, and that entry is what is reached.
    pub sources: Vec<Word>,
    /// A creation that makes a repository of its own (`git clone`, `git init DIR`): worth remembering wherever it is.
    pub makes_repository: bool,
    /// Only the files git tracks under the path are reached (`git restore PATH`, `git checkout -- PATH` write the
    /// index's or a commit's version over them and leave every other file as it is).
    pub tracked_only: bool,
}

/// What a command line destroys and creates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Effects {
    /// Paths whose present content is gone after the line runs.
    pub losses: Vec<Reach>,
    /// Paths the line may create.
    pub creations: Vec<Reach>,
}

/// Programs the table files under names and metadata that create the folders they are given.
const MAKES_FOLDERS: &[&str] = &["mkdir"];

/// Everything a command line loses and creates. `full_text` is the command as sent (for unknowable targets).
pub fn effects(line: &CommandLine, full_text: &str) -> Effects {
    let xargs_groups: BTreeSet<usize> = line
        .commands
        .iter()
        .filter(|command| command.shape().entry.is_some_and(|entry| entry.feeds_input_as_arguments()))
        .map(|command| command.group)
        .collect();
    let mut deleting_groups: BTreeSet<usize> =
        line.commands.iter().filter(|command| deletes_what_it_is_given(command)).map(|command| command.group).collect();
    deleting_groups.extend(finds_losing_what_they_find(line).into_iter().map(|index| line.commands[index].group));
    let mut effects = Effects::default();
    let mut whole_line = false;
    for command in &line.commands {
        let reach = |path: Word, tree: bool| Reach { cwd: command.cwd.clone(), ..at(path, tree) };
        for redirect in &command.redirects {
            // A descriptor (`>&2`) or a device (`> /dev/null`) holds no work.
            let target = &redirect.target.text;
            let to_file = !target.is_empty()
                && !target.chars().all(|c| c.is_ascii_digit() || c == '-')
                && !target.starts_with("/dev/");
            match redirect.kind {
                RedirectKind::Write | RedirectKind::Duplicate if to_file => {
                    effects.losses.push(reach(redirect.target.clone(), false));
                    effects.creations.push(reach(redirect.target.clone(), false));
                }
                RedirectKind::Append if to_file => effects.creations.push(reach(redirect.target.clone(), false)),
                _ => {}
            }
        }
        if losses_in_place::redirected_into_loop_paths(line, command) {
            effects.losses.push(reach(Word { text: ".".to_owned(), ..Word::default() }, true));
        }
        // A command whose output an `xargs` turns into a deleting command's arguments (`find … | xargs rm`), or a
        // substitution in them (`rm -f $(git ls-files --others)`).
        let feeds = |group: &usize| line.fed_by.get(*group).is_some_and(|from| from.contains(&command.group));
        let feeds_a_delete = xargs_groups.intersection(&deleting_groups).any(feeds)
            || deleting_groups.iter().filter(|&&group| group != command.group).any(feeds);
        let mut found = command_effects(command, &deleting_groups, feeds_a_delete);
        // A file whose name is computed after a literal start, in a known folder, is a file of that folder.
        for loss in &mut found.losses {
            if let Some(named) = loss.path.dynamic.then(|| computed_file_name(&loss.path)).flatten() {
                loss.path = named;
            }
        }
        let unknowable = found.losses.iter().any(|loss| loss.path.dynamic && !resolvable(&loss.path.text));
        let fed_by_xargs = xargs_groups.contains(&command.group)
            && !command.shape().entry.is_some_and(|entry| entry.feeds_input_as_arguments());
        if (fed_by_xargs && loses_what_it_is_given(command)) || unknowable {
            whole_line = true;
        }
        if let Some(code) = found.code {
            let mut lowered = code.to_lowercase();
            // (PHP's `file_put_contents(…, FILE_APPEND)` appends.)
            if lowered.contains("file_append") {
                lowered = lowered.replace("file_put_contents", "");
            }
            if DESTRUCTIVE_CODE.iter().any(|fragment| lowered.contains(fragment)) {
                effects.losses.extend(path_like_words_in_code(&code).into_iter().map(|path| reach(path, true)));
            }
        }
        let with_cwd = |mut found: Reach| {
            found.cwd = command.cwd.clone();
            found
        };
        effects.losses.extend(found.losses.into_iter().map(with_cwd));
        effects.creations.extend(found.creations.into_iter().map(with_cwd));
    }
    if whole_line {
        let cwd = line.commands.first().map_or(Cwd::Unknown, |command| command.cwd.clone());
        let words = path_like_words(full_text).into_iter();
        effects.losses.extend(words.map(|path| Reach { cwd: cwd.clone(), ..at(path, true) }));
    }
    effects
}

/// The `find` commands whose `-exec` (or `-execdir`, `-ok`) runs a command that loses what it is given: a loss
/// of `{}` (`-exec truncate -s0 {} +`, `-exec sh -c ': > {}' \;`, and a script's positional parameter, which holds
/// `{}`: `-exec sh -c ': > "$1"' _ {} \;`) in a command the find runs. Looked at only on a line that runs such a find.
fn finds_losing_what_they_find(line: &CommandLine) -> Vec<usize> {
    let runs_commands = |command: &SimpleCommand| {
        command.program() == "find"
            && command.words.iter().any(|word| matches!(word.text.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir"))
    };
    if !line.commands.iter().any(runs_commands) {
        return Vec::new();
    }
    // (A script's positional parameters hold `{}` by then: `sh -c ': > "$1"' _ {}` is read as `set -- {}` first.)
    let given = |path: &Word| path.text.contains("{}");
    let mut finds = Vec::new();
    for (index, command) in line.commands.iter().enumerate() {
        if runs_commands(command) {
            continue;
        }
        let redirected = command.redirects.iter().any(|redirect| {
            matches!(redirect.kind, RedirectKind::Write | RedirectKind::Duplicate) && given(&redirect.target)
        });
        let loses_given =
            redirected || command_effects(command, &BTreeSet::new(), false).losses.iter().any(|loss| given(&loss.path));
        if !loses_given {
            continue;
        }
        // The find that ran it: written before it in its group (`-exec CMD` is read as a command of the find's
        // group), or before a command up its road (the `sh -c` whose script it is).
        let mut at = Some(index);
        let mut hops = 0;
        while let Some(step) = at {
            let group = line.commands[step].group;
            let ran_by =
                (0..step).rev().find(|&find| line.commands[find].group == group && runs_commands(&line.commands[find]));
            if let Some(find) = ran_by {
                finds.push(find);
                break;
            }
            hops += 1;
            at = line.commands[step].via.as_ref().map(|via| via.command).filter(|&via| via < step && hops < 64);
        }
    }
    finds
}

/// One command's losses and creations (their `cwd` set by the caller), and its inline interpreter code.
struct CommandEffects<'c> {
    losses: Vec<Reach>,
    creations: Vec<Reach>,
    code: Option<Cow<'c, str>>,
}

/// A path reached, relative to the command's directory (set by the caller).
fn at(path: Word, tree: bool) -> Reach {
    Reach {
        path,
        cwd: Cwd::Unknown,
        tree,
        only_named: Vec::new(),
        sources: Vec::new(),
        makes_repository: false,
        tracked_only: false,
    }
}

/// Whether a command, given its paths by `xargs`, destroys them.
fn loses_what_it_is_given(command: &SimpleCommand) -> bool {
    let entry = command.shape().entry.unwrap_or(&programs::UNKNOWN);
    matches!(entry.touches, Touches::Moves | Touches::Copies | Touches::CopiesOrLinks)
        || matches!(command.program(), "truncate" | "shred")
        || deletes_what_it_is_given(command)
}

/// Whether a command deletes (or writes over) the paths it is given: a deleting program, or git's `rm`, `restore`,
/// `checkout --` (`git ls-files -m | xargs git checkout --`).
fn deletes_what_it_is_given(command: &SimpleCommand) -> bool {
    match command.shape().entry {
        Some(entry) if entry.touches == Touches::Deletes => true,
        Some(entry) if entry.touches == Touches::Own(Logic::Git) => git_overwrite(&command.words, entry).is_some(),
        _ => false,
    }
}

fn command_effects<'c>(
    command: &'c SimpleCommand,
    deleting_groups: &BTreeSet<usize>,
    feeds_a_delete: bool,
) -> CommandEffects<'c> {
    let words = &command.words;
    let entry: &'static Program = command.shape().entry.unwrap_or(&programs::UNKNOWN);
    let parsed = Parsed::of(words, &entry.options, Order::Permute);
    let operands = || parsed.operands().cloned().collect::<Vec<Word>>();
    let values = |short: &[char], long: &[&str]| parsed.values(short, long).iter().map(Value::word).collect::<Vec<_>>();
    let mut found = CommandEffects { losses: Vec::new(), creations: Vec::new(), code: None };
    let program = command.program();
    match entry.touches {
        Touches::Deletes => found.losses.extend(operands().into_iter().map(|path| at(path, true))),
        Touches::Moves | Touches::Copies | Touches::CopiesOrLinks | Touches::Links => {
            let no_clobber = parsed.has('n', "no-clobber") || parsed.has_long("update=none");
            // `ln` replaces an existing name only when forced.
            let replaces = !no_clobber && (entry.touches != Touches::Links || parsed.has('f', "force"));
            if let Some(destination) = destination(&parsed, entry.touches == Touches::Links) {
                // A move onto a device (`mv notes.md /dev/null`) keeps nothing of what it moves; one into a
                // temporary folder (`mv src /tmp/`) takes it out of the project to where it is cleared.
                if entry.touches == Touches::Moves
                    && (destination.path.text.starts_with("/dev/") || cleared_away(&destination.path.text))
                {
                    found.losses.extend(destination.sources.iter().cloned().map(|source| at(source, true)));
                }
                if replaces {
                    found.losses.push(destination.clone());
                }
                found.creations.push(destination);
            }
        }
        Touches::Own(Logic::Rsync) => {
            // rsync merges into its destination (and with `--delete…` removes what the source lacks): the whole
            // destination is reached.
            if let Some(mut destination) = destination(&parsed, false) {
                destination.tree = true;
                destination.sources.clear();
                found.losses.push(destination.clone());
                found.creations.push(destination);
            }
        }
        Touches::Creates => {
            let paths = operands();
            let appends = parsed.has('a', "append");
            let loses = match program {
                "truncate" => true,
                "tee" | "sponge" | "script" => !appends,
                "fallocate" => {
                    ['p', 'c', 'd', 'z'].into_iter().any(|letter| parsed.has_short(letter))
                        || ["punch-hole", "collapse-range", "dig-holes", "zero-range"]
                            .into_iter()
                            .any(|long| parsed.has_long(long))
                }
                _ => false,
            };
            if loses {
                found.losses.extend(paths.iter().cloned().map(|path| at(path, false)));
            }
            found.creations.extend(paths.into_iter().map(|path| at(path, false)));
        }
        Touches::Names if MAKES_FOLDERS.contains(&program) => {
            found.creations.extend(operands().into_iter().map(|path| at(path, false)));
        }
        Touches::Own(Logic::Dd) => {
            for word in words.iter().skip(1) {
                if let Some(path) = word.text.strip_prefix("of=") {
                    let path = Word { text: path.to_owned(), ..word.clone() };
                    found.losses.push(at(path.clone(), false));
                    found.creations.push(at(path, false));
                }
            }
        }
        Touches::Own(Logic::Download) => {
            for path in values(&['o'], &["output", "output-document"]).into_iter().chain(
                // wget's `-O FILE` (curl's `-O` takes no value, so it is not among the values).
                values(&['O'], &[]),
            ) {
                if path.text != "-" {
                    found.losses.push(at(path.clone(), false));
                    found.creations.push(at(path, false));
                }
            }
        }
        Touches::Own(Logic::Find) => {
            let roots: Vec<Word> =
                words.iter().skip(1).take_while(|word| !word.text.starts_with(['-', '(', '!'])).cloned().collect();
            let deletes = words.iter().any(|word| word.text == "-delete")
                || deleting_groups.contains(&command.group)
                || feeds_a_delete;
            if deletes {
                let only_named = find_name_filter(words);
                found
                    .losses
                    .extend(roots.into_iter().map(|root| Reach { only_named: only_named.clone(), ..at(root, true) }));
            }
        }
        Touches::Own(Logic::Git) => {
            found.losses.extend(git_losses(words, entry));
            // Paths git lists, fed to a delete (`git ls-files -m | xargs rm`): any file of the working folder.
            // (Only what git ignores, `ls-files --others --ignored`, is no one's work.)
            let lists_ignored = words.iter().any(|word| word.text == "--ignored" || word.text == "-i");
            let lists_paths = !lists_ignored
                && ["ls-files", "diff", "status"].iter().any(|sub| words.iter().any(|word| word.text == *sub));
            if feeds_a_delete && lists_paths {
                found.losses.push(at(Word { text: ".".to_owned(), ..Word::default() }, true));
            }
            if let Some(made) = git_makes_repository(words, entry) {
                found.creations.push(Reach { makes_repository: true, ..at(made, true) });
            }
        }
        Touches::Own(Logic::Interpreter) => {
            found.code = languages::inline_code(words).or_else(|| stdin_code(command).map(Cow::Borrowed));
        }
        // Archivers that remove what they pack (`tar --remove-files`, `zip -m`): its trees go.
        Touches::Own(logic @ (Logic::Tar | Logic::Zip))
            if parsed.has_long("remove-files") || (logic == Logic::Zip && parsed.has('m', "move")) =>
        {
            let packed = crate::rewriters::accesses(logic, words, &entry.options, &parsed).map(|(writes, _)| writes);
            let removed = packed.into_iter().flatten().filter(|target| target.tree);
            found.losses.extend(removed.map(|target| at(target.path, true)));
        }
        // A compiler's output (`cc -o FILE`, `go build -o FILE`) replaces FILE: a loss where git tracks it (a source
        // file written over), not where it is the program built last time (untracked, or ignored).
        Touches::Own(Logic::Compiler | Logic::GoBuild) => {
            for (path, tree) in entry.compiled_outputs(words) {
                if !tree && path.text != "-" && !path.text.starts_with("/dev/") {
                    found.losses.push(Reach { tracked_only: true, ..at(path.clone(), false) });
                    found.creations.push(at(path, false));
                }
            }
        }
        Touches::Own(Logic::Awk) => {
            // The program text (`-e`/`--source`, else the first operand unless it comes from `-f`).
            let mut texts = values(&['e'], &["source"]);
            if texts.is_empty() && values(&['f'], &["file"]).is_empty() {
                texts.extend(operands().into_iter().next());
            }
            let truncated = texts.iter().flat_map(|text| crate::filters::awk_truncated_files(&text.text));
            found
                .losses
                .extend(truncated.map(|path| at(Word { text: path, ..Word::default() }, false)).collect::<Vec<_>>());
        }
        _ => {}
    }
    found
        .losses
        .extend(losses_in_place::rewritten(command, entry, &parsed).into_iter().map(|(path, tree)| at(path, tree)));
    if entry.touches == Touches::Edits {
        found
            .losses
            .extend(losses_in_place::editor_emptied(command, entry, &parsed).into_iter().map(|path| at(path, false)));
    }
    found
}

/// Whether a path lies in a temporary folder the system clears (`/tmp`, `/var/tmp`, `/dev/shm`, `$TMPDIR`) or in a
/// trash folder (a folder named `trash` or `.Trash`, in any case: `~/.local/share/Trash`, `~/.trash/`).
fn cleared_away(path: &str) -> bool {
    let cleared = ["/tmp", "/var/tmp", "/dev/shm", "$TMPDIR", "${TMPDIR}"]
        .iter()
        .any(|folder| path.strip_prefix(folder).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')));
    cleared || path.split('/').any(|part| matches!(part.to_ascii_lowercase().as_str(), "trash" | ".trash"))
}

/// The destination of a copy, move or link, with its sources when they may land inside it.
fn destination(parsed: &Parsed<'_>, links: bool) -> Option<Reach> {
    let found = destinations::of(parsed, links)?;
    let sources = match found.folder {
        Folder::Never => Vec::new(),
        Folder::Always | Folder::WhenOne => found.sources.into_iter().cloned().collect(),
    };
    Some(Reach { sources, ..at(found.path, false) })
}

/// The options of `git clone` that take a value (so that `--depth 1` is not read as the URL and the folder).
const CLONE_OPTIONS: crate::argv::Options = crate::argv::Options::new(
    "bocuj",
    &[
        "depth",
        "branch",
        "origin",
        "config",
        "reference",
        "reference-if-able",
        "upload-pack",
        "template",
        "separate-git-dir",
        "shallow-since",
        "shallow-exclude",
        "jobs",
        "filter",
        "server-option",
        "bundle-uri",
        "ref-format",
    ],
);

/// The folder `git clone URL [DIR]` or `git init DIR` makes a repository of (a clone's is named after the URL).
fn git_makes_repository(words: &[Word], git: &'static Program) -> Option<Word> {
    let at = git.subcommand_at(words)?;
    let subcommand = words[at].text.as_str();
    let options = match subcommand {
        "clone" => CLONE_OPTIONS,
        _ => git.subcommand_options(subcommand).copied().unwrap_or(crate::argv::Options::NONE),
    };
    let parsed = Parsed::of(&words[at..], &options, Order::Permute);
    let operands: Vec<&Word> = parsed.operands().collect();
    match (subcommand, operands.as_slice()) {
        ("clone", [_, folder, ..]) | ("init", [folder, ..]) => Some((*folder).clone()),
        ("clone", [url]) => {
            let name = url.text.trim_end_matches('/').rsplit(['/', ':']).next()?.trim_end_matches(".git");
            (!name.is_empty()).then(|| Word { text: name.to_owned(), ..(*url).clone() })
        }
        _ => None,
    }
}

/// What git's subcommands take out of the work tree or write over: `git rm` deletes its paths (not with `--cached`,
/// `-n` or `--dry-run`); `git restore` (unless it restores the index alone) and `git checkout [TREE-ISH] [--] PATH…`
/// write the index's or a commit's version over the tracked files under their paths and leave the others. Paths read
/// from a file (`--pathspec-from-file`) are not on the line: the working folder stands for them.
fn git_losses(words: &[Word], git: &'static Program) -> Vec<Reach> {
    let Some(GitOverwrite { paths, tracked_only }) = git_overwrite(words, git) else { return Vec::new() };
    paths.into_iter().map(|path| Reach { tracked_only, ..at(path, true) }).collect()
}

/// A git command that deletes or writes over the paths it is given, with those on the line.
struct GitOverwrite {
    paths: Vec<Word>,
    /// Only the tracked files under them (a restore).
    tracked_only: bool,
}

/// Whether a git command deletes or writes over the paths it is given (`git rm`, `git restore`, `git checkout --`),
/// and which it names.
fn git_overwrite(words: &[Word], git: &'static Program) -> Option<GitOverwrite> {
    let at_subcommand = git.subcommand_at(words)?;
    let subcommand = words[at_subcommand].text.as_str();
    if !matches!(subcommand, "rm" | "restore" | "checkout") {
        return None;
    }
    let all_words = words;
    let words = &words[at_subcommand..];
    let options = git.subcommand_options(subcommand).copied().unwrap_or(crate::argv::Options::NONE);
    let parsed = Parsed::of(words, &options, Order::Permute);
    let given = |name: &str| git_long_given(&parsed, name, 3);
    if git_index_only(subcommand, &parsed) || given("dry-run") || (subcommand == "rm" && parsed.has_short('n')) {
        return None;
    }
    if subcommand == "checkout" && (parsed.has_short('b') || parsed.has_short('B') || given("orphan")) {
        return None; // a new branch is made and switched to: the work tree's changes go with it
    }
    let mut paths: Vec<Word> = match words.iter().position(|word| word.text == "--") {
        // `git checkout TREE-ISH -- PATH…`: what comes before `--` is not a path.
        Some(dashes) if subcommand == "checkout" => words[dashes + 1..].to_vec(),
        _ => parsed.operands().cloned().collect(),
    };
    if parsed.has_long("pathspec-from-file") {
        paths.push(Word { text: ".".to_owned(), ..Word::default() });
    }
    let globals = Parsed::of(&all_words[..at_subcommand], &git.options, Order::Permute);
    let folders: Vec<Word> = globals.values(&['C'], &[]).iter().map(Value::word).collect();
    let paths = paths.into_iter().map(|path| inside_folders(path, &folders)).collect();
    Some(GitOverwrite { paths, tracked_only: subcommand != "rm" })
}

/// A path named to `git -C DIR …` (each `-C` relative to the one before), as seen from where git was started.
fn inside_folders(path: Word, folders: &[Word]) -> Word {
    let mut joined = path;
    for folder in folders.iter().rev() {
        if joined.text.starts_with('/') || joined.tilde {
            break;
        }
        let text = format!("{}/{}", folder.text.trim_end_matches('/'), joined.text);
        joined = Word {
            text,
            dynamic: joined.dynamic || folder.dynamic,
            quoted: joined.quoted || folder.quoted,
            tilde: folder.tilde,
            ..joined
        };
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::parse;
    use std::path::PathBuf;

    fn of(text: &str) -> Effects {
        effects(&parse(text, Some(PathBuf::from("/p"))), text)
    }

    /// The paths lost, each with `/` after it when its whole tree goes, and `<-sources` for a destination.
    fn lost(text: &str) -> Vec<String> {
        of(text).losses.iter().map(describe).collect()
    }

    fn created(text: &str) -> Vec<String> {
        of(text).creations.iter().map(describe).collect()
    }

    fn describe(reach: &Reach) -> String {
        let mut text = reach.path.text.clone();
        if reach.tree {
            text.push('/');
        }
        if !reach.sources.is_empty() {
            let sources: Vec<&str> = reach.sources.iter().map(|word| word.text.as_str()).collect();
            text.push_str(&format!("<-{}", sources.join(",")));
        }
        for name in &reach.only_named {
            text.push_str(&format!(" -name {}", name.glob));
        }
        if reach.tracked_only {
            text.push_str(" (tracked)");
        }
        text
    }

    #[test]
    fn deletes_truncations_and_overwrites_lose_what_they_name() {
        assert_eq!(lost("rm -rf src"), ["src/"]);
        assert_eq!(lost("rm notes.md"), ["notes.md/"]);
        assert_eq!(lost("shred -u -n 3 draft.txt"), ["draft.txt/"]);
        assert_eq!(lost("truncate -s 0 notes.md"), ["notes.md"]);
        assert_eq!(lost("echo x > notes.md"), ["notes.md"]);
        assert_eq!(lost(": >| notes.md"), ["notes.md"]);
        assert_eq!(lost("cmd &> out.log"), ["out.log"]);
        assert_eq!(lost("echo x | tee notes.md"), ["notes.md"]);
        assert_eq!(lost("sort x | sponge notes.md"), ["notes.md"]);
        assert_eq!(lost("dd if=/dev/zero of=disk.img bs=1M count=1"), ["disk.img"]);
        assert_eq!(lost("curl -o page.html https://x"), ["page.html"]);
        assert_eq!(lost("wget -O page.html https://x"), ["page.html"]);
        assert_eq!(lost("git rm -r src"), ["src/"]);
        assert_eq!(lost("sudo rm -rf src"), ["src/"]);
        assert_eq!(lost("bash -c 'rm -rf src'"), ["src/"]);
    }

    #[test]
    fn a_copy_move_or_forced_link_loses_its_destination_not_its_sources() {
        assert_eq!(lost("cp other.rs main.rs"), ["main.rs<-other.rs"]);
        assert_eq!(lost("mv a.rs b.rs src"), ["src<-a.rs,b.rs"]);
        assert_eq!(lost("mv -t src a.rs"), ["src<-a.rs"]);
        assert_eq!(lost("install -m 644 x.conf etc/x.conf"), ["etc/x.conf<-x.conf"]);
        assert_eq!(lost("ln -sf ../x link"), ["link<-../x"]);
        assert_eq!(lost("ln -sf ../x/notes.md"), [".<-../x/notes.md"], "a target alone lands here, under its name");
        assert_eq!(lost("cp -T a b"), ["b"], "-T: the destination is never a folder to land in");
        assert_eq!(lost("rsync -a src/ backup/"), ["backup//"]);
        assert!(lost("mv -n a.rs b.rs").is_empty(), "no-clobber replaces nothing");
        assert!(lost("cp --no-clobber a.rs b.rs").is_empty());
        assert!(lost("ln -s ../x link").is_empty(), "ln without -f refuses to replace");
    }

    #[test]
    fn find_deletes_only_what_its_names_select() {
        assert_eq!(lost("find . -name '*.orig' -delete"), ["./ -name *.orig"]);
        assert_eq!(lost("find build -exec rm -rf {} +"), ["build/", "{}/"]);
        assert!(lost("find . -name '*.rs'").is_empty());
    }

    #[test]
    fn interpreter_code_loses_the_paths_it_names_only_when_it_deletes_or_writes() {
        assert!(lost("python3 -c \"import shutil; shutil.rmtree('src')\"").contains(&"src/".to_owned()));
        assert!(lost("node -e \"require('fs').rmSync('src', {recursive: true})\"").contains(&"src/".to_owned()));
        assert!(lost("python3 -c \"open('notes.md', 'w').write('')\"").contains(&"notes.md/".to_owned()));
        assert!(lost("python3 - <<'EOF'\nimport os\nos.remove('notes.md')\nEOF").contains(&"notes.md/".to_owned()));
        assert!(lost("python3 -c \"print(open('notes.md').read())\"").is_empty());
        assert!(lost("node -e \"console.log(require('fs').readFileSync('notes.md', 'utf8'))\"").is_empty());
    }

    #[test]
    fn writers_with_unknowable_targets_lose_every_path_the_line_names() {
        assert!(lost("git ls-files -o | xargs rm").iter().any(|path| path == "ls-files/"));
        assert!(lost("ls src | xargs rm -f").contains(&"src/".to_owned()));
        // A find or git listing paths for a delete: what it lists.
        assert!(lost("find . -name '*.rs' -print0 | xargs -0 rm -f").contains(&"./ -name *.rs".to_owned()));
        assert!(lost("git ls-files -m | xargs rm -f").contains(&"./".to_owned()));
        assert!(lost("find . -name '*.rs' | xargs wc -l").is_empty());
        assert!(lost("rm \"$(cat list)\"").contains(&"list/".to_owned()));
        assert_eq!(lost("rm -rf \"$HOME/scratch\""), ["$HOME/scratch/"], "a known variable resolves");
    }

    #[test]
    fn rewrites_that_leave_nothing_lose_what_they_rewrite() {
        assert_eq!(lost("sed -i d src/lib.rs"), ["src/lib.rs"]);
        assert_eq!(lost("sed -i '1,$d' src/main.rs"), ["src/main.rs"]);
        assert_eq!(lost("sed -i -e '/.*/d' a.rs b.rs"), ["a.rs", "b.rs"]);
        assert_eq!(lost("sort -o src/main.rs /dev/null"), ["src/main.rs/"], "a folder named so, with what it holds");
        assert_eq!(lost("restic restore latest --target src"), ["src/"]);
        assert_eq!(lost("perl -pi -e '$_=\"\"' src/lib.rs"), ["src/lib.rs"]);
        assert_eq!(lost("perl -ni -e 1 src/lib.rs"), ["src/lib.rs"]);
        // Options in any order and cluster, as sed and perl read them.
        assert_eq!(lost("sed -Ei -e d src/lib.rs"), ["src/lib.rs"]);
        assert_eq!(lost("sed --in-place --expression=d src/lib.rs"), ["src/lib.rs"]);
        assert_eq!(lost("sed -n -i '' src/lib.rs"), ["src/lib.rs"], "nothing printed under -n");
        assert_eq!(lost("perl -0777 -i -pe 's/.*//s' src/main.rs"), ["src/main.rs"]);
        assert_eq!(lost("perl -i -ne 'print if 0' src/server.ts"), ["src/server.ts"], "a print that never runs");
        assert_eq!(lost("gawk -i inplace 'END { print \"// moved\" }' src/main.rs"), ["src/main.rs"]);
        assert_eq!(lost("awk -i inplace 'BEGIN{n=0};END{print n}' a.rs b.rs"), ["a.rs", "b.rs"]);
        assert_eq!(lost("gawk -i inplace 'FNR < 1' src/main.rs src/lib.rs"), ["src/main.rs", "src/lib.rs"]);
        assert_eq!(lost("gawk -i inplace '{ next }' src/main.rs"), ["src/main.rs"]);
        assert!(lost("gawk -i inplace 'NR > 1' src/main.rs").is_empty(), "keeps every line but the first");
        assert_eq!(lost("emacs --batch notes.md --eval '(progn (erase-buffer) (save-buffer))'"), ["notes.md"]);
        assert!(lost("emacs --batch notes.md --eval '(progn (indent-region (point-min) (point-max)) (save-buffer))'")
            .is_empty());
        // A compiler's output written over a file git tracks (not the program built last time).
        assert_eq!(lost("go build -o src/main.rs /tmp/stub.go"), ["src/main.rs (tracked)"]);
        assert_eq!(lost("cc -O2 -o src/lib.rs x.c"), ["src/lib.rs (tracked)"]);
        assert!(lost("go build ./...").is_empty());
        assert_eq!(lost("git diff > /tmp/p && patch -R -p1 < /tmp/p"), ["/tmp/p", "./"]);
        assert_eq!(lost("patch -R src/main.rs fix.diff"), ["src/main.rs"]);
        assert_eq!(lost("tar -xzf /tmp/snapshot.tgz src/"), ["src//"]);
        assert_eq!(lost("tar xf /tmp/s.tar -C lib src"), ["lib/src/"]);
        assert_eq!(lost("unzip -o /tmp/s.zip 'src/*'"), ["src/*/"]);
        assert_eq!(lost("vim -es -c '%d' -c wq src/main.rs"), ["src/main.rs"]);
        assert_eq!(lost("vim -es -c '%delete _' -c 'wq' src/main.rs"), ["src/main.rs"]);
        assert_eq!(lost("tar --remove-files -cf /dev/null ../acme-web"), ["../acme-web/"]);
        assert_eq!(lost("zip -qm /tmp/a.zip notes.md src"), ["notes.md/", "src/"]);
        assert_eq!(lost("vim -es -c '1,$del' -c x src/main.rs"), ["src/main.rs"]);
        // ed's commands on its input, from a pipe whose output is known or a here-string.
        assert_eq!(lost("printf ',d\\nw\\nq\\n' | ed -s src/lib.rs"), ["src/lib.rs"]);
        assert_eq!(lost("ed -s src/lib.rs <<< $',d\\nw'"), ["src/lib.rs"]);
        assert_eq!(lost("ex -sc '%d|x' src/main.rs"), ["src/main.rs"]);
        assert_eq!(lost("mv notes.md /dev/null"), ["notes.md/", "/dev/null<-notes.md"]);
        assert_eq!(lost("mv src /tmp/"), ["src/", "/tmp/<-src"]);
        assert_eq!(lost("mv -t /var/tmp notes.md"), ["notes.md/", "/var/tmp<-notes.md"]);
        assert!(!lost("mv src/old.rs src/new.rs").contains(&"src/old.rs/".to_owned()), "a rename keeps it");
        assert_eq!(lost("mv src ~/.trash/"), ["src/", "~/.trash/<-src"]);
        let trashed = lost("mv notes.md ~/.local/share/Trash/files/");
        assert_eq!(trashed, ["notes.md/", "~/.local/share/Trash/files/<-notes.md"]);
        assert_eq!(lost("for f in src/*.rs; do : > \"$f\"; done"), ["$f", "./"]);
        assert_eq!(lost("awk 'BEGIN { printf \"\" > \"notes.md\" }'"), ["notes.md"]);
        assert!(lost("awk '{ print >> \"log\" }' notes.md").is_empty());
        // What a find's command is given: the files it finds.
        assert!(lost("find src -name '*.rs' -exec truncate -s0 {} +").contains(&"src/ -name *.rs".to_owned()));
        assert!(lost("find src -name '*.rs' -exec sh -c ': > \"$1\"' _ {} \\;").contains(&"src/ -name *.rs".to_owned()));
        assert!(lost("find src -exec sh -c ': > {}' \\;").contains(&"src/".to_owned()));
        assert!(!lost("find src -name '*.rs' -exec wc -l {} +").iter().any(|path| path.starts_with("src/")));
        assert!(!lost("find src -name '*.rs' -exec cp {} /tmp/ \\;").iter().any(|path| path.starts_with("src/")));
        let fed = lost("git diff --name-only | xargs -I{} sh -c 'git show HEAD:{} > {}'");
        assert!(fed.contains(&"./".to_owned()), "{fed:?}");
        assert!(!lost("for f in src/*.rs; do wc -l \"$f\" > \"/tmp/$f.count\"; done").contains(&"./".to_owned()));
        let restored = lost("git diff --name-only | while read -r f; do git show HEAD:\"$f\" > \"$f\"; done");
        assert_eq!(restored, ["$f", "./"]);
        // A path made from the name (`"$f.count"`) is not any file of the folder.
        assert_eq!(lost("while read -r f; do wc -l \"$f\" > \"$f.count\"; done < list"), ["$f.count"]);
        // A variable no `read` assigned is that variable's path only.
        assert_eq!(lost("tmp=$(cat name) && curl -s https://x > \"$tmp\""), ["$tmp"]);
        // A temporary file `mktemp` makes is one of the temporary folder.
        assert_eq!(lost("tmp=$(mktemp) && curl -s https://x > \"$tmp\""), ["/tmp/tmp.4242"]);
    }

    #[test]
    fn rewrites_that_keep_content_lose_nothing() {
        for text in [
            "sed -i.bak d src/lib.rs",
            "sed -i '/^$/d' src/lib.rs",
            "sed -i '1d' src/lib.rs",
            "sort -o data.csv data.csv",
            "perl -ni -e 'print unless /^#/' config.ini",
            "gawk -i inplace '{ gsub(/a/, \"b\") } 1' src/lib.rs",
            "gawk -i inplace 'BEGIN { x = 1 } { print }' src/lib.rs",
            "awk 'END { print NR }' src/lib.rs",
            "perl -pi -e 's/foo/bar/' src/lib.rs",
            "perl -i.bak -pe '$_=\"\"' src/lib.rs",
            "sed -ie d src/lib.rs",
            "sed --in-place=.orig d src/lib.rs",
            "sed -n -i p src/lib.rs",
            "sed -i -f script.sed src/lib.rs",
            "perl -ip -e '$_=\"\"' src/lib.rs",
            "patch -p1 < fix.diff",
            "vim -es -c '%s/a/b/g' -c wq src/main.rs",
            "vim -es -c '%d' -c 'q!' src/main.rs",
            "vim -es -c '%dump' -c wq src/main.rs",
            "printf '1p\\nq\\n' | ed -s src/lib.rs",
            "printf ',d\\nq\\n' | ed -s src/lib.rs",
            "tar -xzf deps.tgz",
            "tar -tzf /tmp/s.tgz src/",
        ] {
            assert!(lost(text).is_empty(), "{text}: {:?}", lost(text));
        }
    }

    #[test]
    fn restoring_files_from_git_writes_over_the_tracked_files_under_the_paths() {
        assert_eq!(lost("git restore src/main.rs"), ["src/main.rs/ (tracked)"]);
        assert_eq!(lost("git restore ."), ["./ (tracked)"]);
        assert_eq!(lost("git restore -SW -- src"), ["src/ (tracked)"]);
        assert_eq!(lost("git restore --source=HEAD~2 --worktree -- a b"), ["a/ (tracked)", "b/ (tracked)"]);
        assert_eq!(lost("git restore -s HEAD src"), ["src/ (tracked)"]);
        assert_eq!(lost("git restore --pathspec-from-file=list.txt"), ["./ (tracked)"]);
        assert_eq!(lost("git checkout -- src"), ["src/ (tracked)"]);
        assert_eq!(lost("git checkout ."), ["./ (tracked)"]);
        assert_eq!(lost("git checkout HEAD~1 -- src/lib.rs"), ["src/lib.rs/ (tracked)"]);
        assert_eq!(lost("git -C sub checkout -- ."), ["sub/./ (tracked)"]);
        assert_eq!(lost("git -C a -C b restore x"), ["a/b/x/ (tracked)"]);
        assert_eq!(lost("git -C a -C /r restore x"), ["/r/x/ (tracked)"]);
        assert_eq!(lost("git -C src rm -rf lib.rs"), ["src/lib.rs/"]);
        // Without `--` a name may be a branch or a path: a branch is no path on disk, so nothing of it is lost.
        assert_eq!(lost("git checkout main"), ["main/ (tracked)"]);
        // Fed the paths git lists: any file of the working folder.
        assert!(lost("git ls-files -m -z | xargs -0 git checkout --").contains(&"./".to_owned()));
        assert!(lost("git diff --name-only | xargs git restore").contains(&"./".to_owned()));
        for text in [
            "git restore --staged src/main.rs",
            "git restore -S .",
            "git checkout -b feature",
            "git checkout -b feature origin/feature",
            "git checkout -B main origin/main",
            "git checkout --orphan gh-pages",
            "git switch main",
        ] {
            assert!(lost(text).is_empty(), "{text}: {:?}", lost(text));
        }
    }

    #[test]
    fn appends_edits_permissions_and_reads_lose_nothing() {
        for text in [
            "echo x >> notes.md",
            "sed -i 's/a/b/' notes.md",
            "perl -pi -e 's/a/b/' notes.md",
            "chmod -R 755 src",
            "cat notes.md",
            "cargo build 2>&1 | tail -5",
            "ls > /dev/null 2>&1",
            "git rm --cached notes.md",
            "git rm -n -r src",
            "git commit -m 'rm -rf src'",
            "echo 'rm -rf src'",
            "touch notes.md",
            "mkdir -p out",
            "vim notes.md",
        ] {
            assert!(lost(text).is_empty(), "{text}: {:?}", lost(text));
        }
    }

    #[test]
    fn creations_are_what_a_line_may_bring_into_being() {
        assert_eq!(created("echo x > notes.md"), ["notes.md"]);
        assert_eq!(created("echo x >> log.txt"), ["log.txt"]);
        assert_eq!(created("touch a b"), ["a", "b"]);
        assert_eq!(created("mkdir -p out/deep"), ["out/deep"]);
        assert_eq!(created("cp a.rs b.rs"), ["b.rs<-a.rs"]);
        assert_eq!(created("ln -s ../x link"), ["link<-../x"]);
        assert!(created("rm -rf src").is_empty());
        assert_eq!(created("git clone https://github.com/o/tool.git"), ["tool/"]);
        assert_eq!(created("git clone --depth 1 git@host:o/tool.git /tmp/t"), ["/tmp/t/"]);
        assert_eq!(created("git init scratch"), ["scratch/"]);
        assert!(of("git clone https://x/y.git").creations.iter().all(|reach| reach.makes_repository));
        assert!(created("cat notes.md").is_empty());
    }
}
