//! Which files a command line reads and writes (for the `reads` and `writes` conditions, DSL extensions).
//!
//! Writes: output redirections; the targets of programs that delete, move, copy onto, link, truncate, create,
//! re-permission or edit in place (`rm`, `mv`, `cp`, `ln`, `truncate`, `tee`, `touch`, `chmod`, `sed -i`, `dd of=`,
//! `curl -o`, editors, git commands that overwrite work-tree files, `find -delete`/`-exec`…), and what archivers,
//! filters (`rewriters.rs`), builds (`builds.rs`: cargo's target folder, a compiler's `-o`) and dotforge's authoring
//! CLI (`authoring.rs`) write. Reads: input
//! redirections, and the path arguments of every other program except those that only look at names or metadata
//! (`ls`, `stat`, `test`, `echo`…). A program whose code is given inline (`python -c`, `node -e`, `perl -e`, a
//! heredoc fed to an interpreter) is taken to read and write every path its code names; so is a writer whose
//! targets cannot be known before it runs (`… | xargs rm`, `rm "$(cat list)"`), with every path the command line
//! names. Targets may be whole trees: deleting or moving a folder reaches everything inside it.

use crate::argv::{has_long, has_short, option_values, positionals};
use crate::command::{CommandLine, Cwd, SimpleCommand};
use crate::lexer::{RedirectKind, Word};
use crate::pattern::glob_matches;
pub use crate::target::NameGlob;
use crate::target::{as_written, ProjectRoot, Target, Writes};
use crate::unwrap::git_subcommand;
use crate::{authoring, builds, rewriters};
use std::cell::OnceCell;
use std::collections::{BTreeMap, BTreeSet};

/// Read or written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum AccessKind {
    /// The command reads the path.
    Read,
    /// The command writes, moves, truncates, deletes or re-permissions the path.
    Write,
}

/// One path a command reads or writes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Access {
    /// The path as the command names it.
    pub path: Word,
    /// Where the command runs: a relative path is relative to it.
    pub cwd: Cwd,
    /// Read or written.
    pub kind: AccessKind,
    /// Everything under the path is reached too (deleting, moving or re-permissioning a folder).
    pub tree: bool,
    /// Set for a path a tool puts under a project root it finds by itself (cargo's `target/`): the path is relative
    /// to that root rather than to `cwd`.
    pub project_root: Option<ProjectRoot>,
    /// For a tree: only the entries in it (or folders on the way to them) whose names match all of these globs are
    /// reached (`find . -name '*.pyc' -delete`); empty for the whole tree.
    pub only_named: Vec<NameGlob>,
}

/// Code whose effects cannot be read from the command line: every path-like word of its text counts as read and
/// written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opaque<'c> {
    /// Code given inline or on standard input (`python -c CODE`, a heredoc fed to an interpreter).
    Code(&'c str),
    /// A writer whose targets come from elsewhere (`… | xargs rm`, `rm "$(cat list)"`): the whole command line.
    WholeLine,
}

/// Above this many accesses, repeated ones are dropped.
const DEDUPLICATE_FROM: usize = 64;

/// Programs that look at names or metadata only: their arguments are not reads.
const NOT_READERS: &[&str] = &[
    "ls", "stat", "test", "[", "[[", "echo", "printf", "true", "false", "which", "type", "basename", "dirname",
    "realpath", "readlink", "du", "df", "wc", "file", "cd", "pushd", "popd", "pwd", "exit", "export", "unset", "set",
    "sleep", "mkdir", "command", "hash", "read",
];

/// rsync's long options that take a value (`--exclude PATTERN` as well as `--exclude=PATTERN`).
const RSYNC_VALUE_OPTIONS: &[&str] = &[
    "rsh",
    "rsync-path",
    "filter",
    "exclude",
    "include",
    "exclude-from",
    "include-from",
    "files-from",
    "temp-dir",
    "partial-dir",
    "link-dest",
    "compare-dest",
    "copy-dest",
    "backup-dir",
    "suffix",
    "chmod",
    "chown",
    "block-size",
    "max-size",
    "min-size",
    "timeout",
    "contimeout",
    "port",
    "log-file",
    "password-file",
    "bwlimit",
    "out-format",
    "remote-option",
    "usermap",
    "groupmap",
    "iconv",
    "checksum-choice",
    "compress-choice",
    "skip-compress",
];

/// Interpreters and the options that give them inline code.
const INTERPRETERS: &[(&str, &[&str])] = &[
    ("python*", &["-c"]),
    ("pypy*", &["-c"]),
    ("node", &["-e", "--eval", "-p", "--print"]),
    ("nodejs", &["-e", "--eval", "-p", "--print"]),
    ("bun", &["-e", "--eval", "-p", "--print"]),
    ("deno", &["eval"]),
    ("perl*", &["-e", "-E"]),
    ("ruby*", &["-e"]),
    ("php*", &["-r"]),
    ("lua*", &["-e"]),
    ("Rscript", &["-e"]),
    ("osascript", &["-e"]),
    ("pwsh", &["-c", "-Command"]),
];

/// Editors: they may write any file they are given.
const EDITORS: &[&str] = &["vi", "vim", "nvim", "nano", "emacs", "ed", "ex", "micro", "helix", "hx", "pico", "joe"];

/// Words of a text that look like paths (for code given inline, and writers whose targets are unknown).
fn path_like_words(text: &str) -> Vec<Word> {
    text.split(|character: char| !(character.is_alphanumeric() || "._/~-+@%:=,$".contains(character)))
        .filter(|part| !part.is_empty() && part.chars().any(|c| c.is_alphanumeric()))
        .map(|part| {
            let part = part.trim_matches(|c| c == ':' || c == '=' || c == ',');
            Word { text: part.to_owned(), tilde: part.starts_with('~'), dynamic: part.contains('$'), ..Word::default() }
        })
        .collect()
}

/// What the commands of a line tell about each other, gathered once per line (a line read crudely may hold tens of
/// thousands of commands, each of which would otherwise look at all the others).
struct LineFacts<'l> {
    line: &'l CommandLine,
    /// The groups in which `xargs` or `parallel` runs a command.
    xargs_groups: BTreeSet<usize>,
    /// How many commands of each group write what they are given.
    writers_in_group: BTreeMap<usize, usize>,
    /// The target folders the line assigns to cargo's variables, worked out when a cargo command asks.
    assigned_target_dirs: OnceCell<Vec<Word>>,
}

impl<'l> LineFacts<'l> {
    fn of(line: &'l CommandLine) -> Self {
        let mut xargs_groups = BTreeSet::new();
        let mut writers_in_group = BTreeMap::new();
        for command in &line.commands {
            let program = command.program();
            if matches!(program, "xargs" | "parallel") {
                xargs_groups.insert(command.group);
            }
            if is_writer(program) {
                *writers_in_group.entry(command.group).or_insert(0) += 1;
            }
        }
        LineFacts { line, xargs_groups, writers_in_group, assigned_target_dirs: OnceCell::new() }
    }
}

/// Every path the command line reads or writes. `full_text` is the command as sent (for unknowable targets).
pub fn accesses(line: &CommandLine, full_text: &str) -> Vec<Access> {
    let mut found = Vec::new();
    let facts = LineFacts::of(line);
    for command in &line.commands {
        let push = |found: &mut Vec<Access>, path: Word, kind: AccessKind, tree: bool| {
            if !path.text.is_empty() {
                let cwd = command.cwd.clone();
                found.push(Access { path, cwd, kind, tree, project_root: None, only_named: Vec::new() });
            }
        };
        for redirect in &command.redirects {
            match redirect.kind {
                RedirectKind::Write | RedirectKind::Append => {
                    push(&mut found, redirect.target.clone(), AccessKind::Write, false)
                }
                RedirectKind::Duplicate if !redirect.target.text.chars().all(|c| c.is_ascii_digit() || c == '-') => {
                    push(&mut found, redirect.target.clone(), AccessKind::Write, false);
                }
                RedirectKind::Read => push(&mut found, redirect.target.clone(), AccessKind::Read, false),
                _ => {}
            }
        }
        let (writes, reads, opaque) = program_accesses(command, &facts);
        for Target { path, tree, project_root, only_named } in writes {
            if !path.text.is_empty() {
                let cwd = command.cwd.clone();
                found.push(Access { path, cwd, kind: AccessKind::Write, tree, project_root, only_named });
            }
        }
        for path in reads {
            push(&mut found, path, AccessKind::Read, false);
        }
        if let Some(opaque) = opaque {
            let source = match opaque {
                Opaque::Code(code) => code,
                Opaque::WholeLine => full_text,
            };
            for path in path_like_words(source) {
                push(&mut found, path.clone(), AccessKind::Write, true);
                push(&mut found, path, AccessKind::Read, false);
            }
        }
    }
    // The same path read or written the same way by several commands counts once: a line read crudely has a command
    // at every word, whose arguments overlap. (A short list is left alone; sorting it would cost more than it saves.)
    if found.len() > DEDUPLICATE_FROM {
        let mut seen = BTreeSet::new();
        found.retain(|access| seen.insert(access.clone()));
    }
    found
}

/// Where the relative targets of `ln -s` point: relative to the folder the link lands in, not to the working
/// directory. Without `-t`, the last path names the link or the folder it goes in; both readings are kept.
fn symbolic_link_targets(paths: &[Word], target_directories: &[Word]) -> Writes {
    let (targets, folders): (&[Word], Vec<String>) = match (target_directories, paths.split_last()) {
        ([], Some((last, targets))) => {
            let parent = last.text.rsplit_once('/').map_or(".", |(parent, _)| parent);
            (targets, vec![parent.to_owned(), last.text.clone()])
        }
        ([], None) => (&[], Vec::new()),
        (directories, _) => (paths, directories.iter().map(|directory| directory.text.clone()).collect()),
    };
    let relative = targets.iter().filter(|target| !target.text.starts_with(['/', '~', '$']));
    relative
        .flat_map(|target| {
            folders.iter().map(move |folder| {
                Target::new(Word { text: format!("{folder}/{}", target.text), ..target.clone() }, false)
            })
        })
        .collect()
}

/// A command's writes (with whether they reach a tree), reads, and — for code given inline or writers with
/// unknowable targets — the text whose paths count as both.
fn program_accesses<'c>(command: &'c SimpleCommand, facts: &LineFacts<'_>) -> (Writes, Vec<Word>, Option<Opaque<'c>>) {
    let words = &command.words;
    let program = command.program();
    let all = || positionals(words, "", &[]);
    let mut writes: Writes = Vec::new();
    let mut reads: Vec<Word> = Vec::new();
    let mut opaque: Option<Opaque<'_>> = None;
    match program {
        "rm" | "unlink" | "shred" | "srm" | "trash" | "trash-put" | "rimraf" | "rmdir" | "del" => {
            writes.extend(as_written(all(), true));
        }
        "mv" => {
            writes.extend(as_written(positionals(words, "tS", &["target-directory", "suffix"]), true));
            writes.extend(as_written(option_values(words, &['t'], &["target-directory"]), true));
        }
        "cp" | "install" | "rsync" | "ditto" | "scp" => {
            // Options that take a value differ from program to program (`rsync -t` keeps times, `cp -t DIR` names
            // the destination); only cp and install have a target-directory option.
            let (short_values, long_values, target_option): (&str, &[&str], bool) = match program {
                "cp" => ("tS", &["target-directory", "suffix"], true),
                "install" => ("tSmog", &["target-directory", "suffix", "mode", "owner", "group"], true),
                "rsync" => ("efBTM", RSYNC_VALUE_OPTIONS, false),
                "scp" => ("cFiJlPSoDX", &[], false),
                _ => ("", &[], false),
            };
            let mut paths = positionals(words, short_values, long_values);
            let targets = if target_option { option_values(words, &['t'], &["target-directory"]) } else { Vec::new() };
            let destination = if targets.is_empty() { paths.pop() } else { None };
            // `cp -l`/`-s` make links to the sources instead of copies: new names through which the sources
            // themselves can be written, as with `ln`.
            let links_to_sources = program == "cp"
                && (has_short(words, 'l')
                    || has_short(words, 's')
                    || has_long(words, "link")
                    || has_long(words, "symbolic-link"));
            if links_to_sources {
                writes.extend(as_written(paths.iter().cloned(), true));
            }
            if program == "rsync" {
                // `--link-dest` hard-links the files of a folder (relative to the destination) into the copy.
                for folder in option_values(words, &[], &["link-dest"]) {
                    if let Some(destination) = destination.as_ref().filter(|_| !folder.text.starts_with(['/', '~'])) {
                        let text = format!("{}/{}", destination.text.trim_end_matches('/'), folder.text);
                        writes.push(Target::new(Word { text, ..folder.clone() }, true));
                    }
                    writes.push(Target::new(folder, true));
                }
            }
            writes.extend(as_written(destination, true));
            writes.extend(as_written(targets, true));
            // `rsync --remove-source-files` deletes what it copied.
            if program == "rsync" && has_long(words, "remove-source-files") {
                writes.extend(as_written(paths.iter().cloned(), true));
            }
            reads.extend(paths);
        }
        "ln" => {
            let paths = positionals(words, "tS", &["target-directory", "suffix"]);
            if has_short(words, 's') || has_long(words, "symbolic") {
                writes.extend(symbolic_link_targets(&paths, &option_values(words, &['t'], &["target-directory"])));
            }
            writes.extend(as_written(paths, false));
        }
        "truncate" | "tee" | "sponge" | "touch" | "mkfifo" | "mknod" | "fallocate" => {
            writes.extend(as_written(
                positionals(words, "srdtmlo", &["size", "reference", "date", "mode", "length", "offset"]),
                false,
            ));
        }
        "chmod" | "chown" | "chgrp" | "chattr" | "setfacl" | "setfattr" | "xattr" => {
            let recursive = has_short(words, 'R') || has_long(words, "recursive");
            writes.extend(as_written(all(), recursive));
        }
        "dd" => {
            for word in words.iter().skip(1) {
                if let Some(path) = word.text.strip_prefix("of=") {
                    writes.push(Target::new(Word { text: path.to_owned(), ..word.clone() }, false));
                } else if let Some(path) = word.text.strip_prefix("if=") {
                    reads.push(Word { text: path.to_owned(), ..word.clone() });
                }
            }
        }
        "sed" | "gsed"
            if words.iter().skip(1).any(|word| {
                word.text.starts_with("-i")
                    || word.text == "--in-place"
                    || (word.text.starts_with('-') && !word.text.starts_with("--") && word.text[1..].contains('i'))
            }) =>
        {
            writes.extend(as_written(positionals(words, "ef", &["expression", "file"]), false));
        }
        "curl" | "wget" => {
            writes.extend(as_written(
                option_values(words, &['o', 'O'], &["output", "output-document", "output-file"]),
                false,
            ));
            reads.extend(option_values(words, &['T', 'K'], &["upload-file", "config"]));
            if program == "wget" {
                let folders = option_values(words, &['P'], &["directory-prefix"]);
                writes.extend(as_written(folders, true));
            }
            for word in words.iter().skip(1) {
                if let Some(path) = word.text.strip_prefix('@') {
                    reads.push(Word { text: path.to_owned(), ..word.clone() }); // curl -d @file
                }
            }
        }
        "find" => {
            let roots: Vec<Word> =
                words.iter().skip(1).take_while(|word| !word.text.starts_with(['-', '(', '!'])).cloned().collect();
            // `find` is no writer: a writer of its group is another command, which `-exec` or a pipe feeds.
            let destructive = words.iter().any(|word| word.text == "-delete")
                || facts.writers_in_group.get(&command.group).is_some_and(|writers| *writers > 0);
            if destructive {
                let only_named = find_name_filter(words);
                writes.extend(
                    roots.into_iter().map(|root| Target { only_named: only_named.clone(), ..Target::new(root, true) }),
                );
            }
            for (index, word) in words.iter().enumerate() {
                if matches!(word.text.as_str(), "-fprint" | "-fprint0" | "-fprintf" | "-fls") {
                    writes.extend(as_written(words.get(index + 1).cloned(), false));
                }
            }
        }
        "git" => {
            if let Some(at) = git_subcommand(words) {
                let subcommand = words[at].text.as_str();
                let rest = &words[at..];
                let paths = positionals(rest, "eobmp", &["exclude", "source", "pathspec-from-file"]);
                // git takes any unique abbreviation of a long option (`--dry`, `--d` for `--dry-run`).
                let dry_run = rest.iter().any(|word| {
                    word.text.strip_prefix("--").is_some_and(|long| !long.is_empty() && "dry-run".starts_with(long))
                        || (word.text.starts_with('-') && !word.text.starts_with("--") && word.text.contains('n'))
                });
                let long_given = |name: &str| {
                    rest.iter().any(|word| {
                        word.text.strip_prefix("--").is_some_and(|long| long.len() >= 3 && name.starts_with(long))
                    })
                };
                let short_given = |letter: char| {
                    rest.iter().any(|word| {
                        word.text.starts_with('-') && !word.text.starts_with("--") && word.text.contains(letter)
                    })
                };
                // `git restore --staged` without `--worktree` and `git rm --cached` change the index only.
                let index_only = match subcommand {
                    "restore" => {
                        (long_given("staged") || short_given('S')) && !(long_given("worktree") || short_given('W'))
                    }
                    "rm" => long_given("cached"),
                    _ => false,
                };
                match subcommand {
                    _ if index_only => {}
                    "checkout" | "restore" | "rm" | "mv" | "stash" => {
                        // Paths after the subcommand (branch names never look like protected paths).
                        writes.extend(as_written(paths, true));
                    }
                    "clean" if dry_run => {}
                    "clean" => {
                        if paths.is_empty() {
                            writes.push(Target::new(Word { text: ".".to_owned(), ..Word::default() }, true));
                        }
                        writes.extend(as_written(paths, true));
                    }
                    "add" | "status" | "diff" | "log" | "show" | "blame" | "ls-files" | "commit" => {}
                    _ => reads.extend(paths),
                }
            }
        }
        editor if EDITORS.contains(&editor) => writes.extend(as_written(all(), false)),
        _ => {
            if let Some((more_writes, more_reads)) = rewriters::accesses(program, words) {
                writes.extend(more_writes);
                reads.extend(more_reads);
            }
            let assigned =
                || facts.assigned_target_dirs.get_or_init(|| builds::assigned_target_dirs(facts.line)).as_slice();
            writes.extend(builds::outputs(command, assigned).unwrap_or_default());
            writes.extend(authoring::outputs(command).unwrap_or_default());
            if let Some((_, options)) = INTERPRETERS.iter().find(|(name, _)| glob_matches(name, program)) {
                let code = inline_code(words, options).or_else(|| stdin_code(command));
                if let Some(code) = code {
                    opaque = Some(Opaque::Code(code));
                }
                // `perl -i`, `ruby -i`: the files are edited in place.
                let in_place = (program.starts_with("perl") || program.starts_with("ruby")) && has_short(words, 'i');
                if in_place {
                    writes.extend(as_written(positionals(words, "eEI", &[]), false));
                } else {
                    reads.extend(all());
                }
            } else if matches!(program, "awk" | "gawk" | "mawk" | "nawk") {
                if let Some(program_text) = positionals(words, "fvF", &[]).first() {
                    let code: &str = &program_text.text;
                    if code.contains('>') || code.contains("system") {
                        opaque = Some(Opaque::WholeLine);
                    }
                }
                reads.extend(all());
            } else if !NOT_READERS.contains(&program) {
                reads.extend(all());
                for word in words.iter().skip(1) {
                    if let Some((_, value)) = word.text.strip_prefix("--").and_then(|long| long.split_once('=')) {
                        reads.push(Word { text: value.to_owned(), ..word.clone() });
                    }
                }
            }
        }
    }
    // A writer whose targets come from elsewhere (xargs, substitutions, unknown variables).
    let fed_by_xargs = facts.xargs_groups.contains(&command.group) && !matches!(program, "xargs" | "parallel");
    let writes_files = is_writer(program) || rewriters::is_rewriter(program);
    if writes_files
        && (fed_by_xargs || writes.iter().any(|target| target.path.dynamic && !resolvable(&target.path.text)))
    {
        opaque = opaque.or(Some(Opaque::WholeLine));
    }
    (writes, reads, opaque)
}

/// Programs that write what they are given.
fn is_writer(program: &str) -> bool {
    matches!(
        program,
        "rm" | "unlink"
            | "shred"
            | "srm"
            | "trash"
            | "trash-put"
            | "rimraf"
            | "rmdir"
            | "del"
            | "mv"
            | "cp"
            | "install"
            | "rsync"
            | "ln"
            | "truncate"
            | "tee"
            | "sponge"
            | "touch"
            | "chmod"
            | "chown"
            | "chgrp"
            | "chattr"
            | "dd"
            | "sed"
            | "gsed"
            | "fallocate"
    ) || EDITORS.contains(&program)
}

/// A word whose only expansions are variables the hook knows (`$HOME`, `$CLAUDE_PROJECT_DIR`, `$PWD`).
fn resolvable(text: &str) -> bool {
    let known = ["$HOME", "${HOME}", "$CLAUDE_PROJECT_DIR", "${CLAUDE_PROJECT_DIR}", "$PWD", "${PWD}"];
    let rest = known.iter().fold(text.to_owned(), |text, variable| text.replace(variable, ""));
    !rest.contains('$') && !rest.contains('`')
}

/// The `-name`/`-iname` globs a `find` expression requires of every entry it acts on; empty when the expression is
/// anything else (`-o`, `!`, `-path`, `-regex`…): then the whole tree counts. `[…]` classes become `?`.
fn find_name_filter(words: &[Word]) -> Vec<NameGlob> {
    let mut names = Vec::new();
    for (index, word) in words.iter().enumerate() {
        match word.text.as_str() {
            "-o" | "-or" | "!" | "-not" | "," | "-path" | "-ipath" | "-wholename" | "-iwholename" | "-regex"
            | "-iregex" | "-lname" | "-ilname" | "-samefile" | "-inum" | "-links" => return Vec::new(),
            "-name" | "-iname" => {
                let Some(glob) = words.get(index + 1).filter(|glob| !glob.dynamic) else { return Vec::new() };
                let mut class = false;
                let mut simple = String::new();
                for character in glob.text.chars() {
                    match character {
                        '[' if !class => {
                            class = true;
                            simple.push('?');
                        }
                        ']' if class => class = false,
                        _ if class => {}
                        other => simple.push(other),
                    }
                }
                let ignore_case = word.text == "-iname";
                let glob = if ignore_case { simple.to_lowercase() } else { simple };
                names.push(NameGlob { glob, ignore_case });
            }
            _ => {}
        }
    }
    names
}

/// The inline code of an interpreter (`python -c CODE`).
fn inline_code<'w>(words: &'w [Word], options: &[&str]) -> Option<&'w str> {
    words.iter().enumerate().skip(1).find_map(|(index, word)| {
        options.iter().find_map(|option| {
            if word.text == *option {
                words.get(index + 1).map(|code| code.text.as_str())
            } else if option.len() == 2 && !option.starts_with("--") {
                word.text.strip_prefix(option).filter(|code| !code.is_empty())
            } else {
                None
            }
        })
    })
}

/// Code fed to an interpreter's input by a heredoc or here-string.
fn stdin_code(command: &SimpleCommand) -> Option<&str> {
    command.redirects.iter().find_map(|redirect| redirect.input_text.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::parse;
    use std::path::PathBuf;

    /// The words of `text` that its commands access as `kind`, in `/p`.
    fn accessed(text: &str, kind: AccessKind) -> Vec<String> {
        let line = parse(text, Some(PathBuf::from("/p")));
        accesses(&line, text).into_iter().filter(|access| access.kind == kind).map(|access| access.path.text).collect()
    }

    fn written(text: &str) -> Vec<String> {
        accessed(text, AccessKind::Write)
    }

    fn read(text: &str) -> Vec<String> {
        accessed(text, AccessKind::Read)
    }

    #[test]
    fn writers_and_redirections() {
        assert_eq!(written("echo '{}' > .forge/runtime/state.json 2>&1"), [".forge/runtime/state.json"]);
        assert_eq!(written("rm -rf .forge"), [".forge"]);
        assert_eq!(written("mv a b"), ["a", "b"]);
        assert_eq!(written("cp -r src dest"), ["dest"]);
        assert_eq!(written("truncate -s 0 .forge/audit/overrides.log"), [".forge/audit/overrides.log"]);
        assert_eq!(written("sed -i 's/a/b/' x.json"), ["s/a/b/", "x.json"]);
        assert_eq!(written("sed 's/a/b/' x.json"), Vec::<String>::new());
        assert_eq!(written("tee -a log < in"), ["log"]);
        assert_eq!(written("dd if=/dev/zero of=f bs=1"), ["f"]);
        assert_eq!(written("curl -o out.json https://x"), ["out.json"]);
        assert_eq!(written("git checkout -- .forge/audit/overrides.log"), [".forge/audit/overrides.log"]);
        assert_eq!(written("git add .forge/audit/overrides.log"), Vec::<String>::new());
        assert_eq!(written("find .forge -name x -delete"), [".forge"]);
        assert_eq!(written("find .forge -exec rm {} +"), [".forge", "{}"]);
    }

    #[test]
    fn archivers_compressors_and_filters_that_write() {
        assert_eq!(written("tar -xzf a.tgz -C out"), ["out"]);
        assert_eq!(written("tar xvf a.tar --directory=out"), ["out"]);
        assert_eq!(written("tar -czf out.tgz src"), ["out.tgz"]);
        assert_eq!(written("tar -cfout.tgz src"), ["out.tgz"]);
        assert_eq!(written("tar cvf out.tar src"), ["out.tar"]);
        assert_eq!(written("tar --create --file out.tar src"), ["out.tar"]);
        assert_eq!(written("tar -tf a.tar"), Vec::<String>::new());
        assert!(read("tar -xf a.tar -C out").contains(&"a.tar".to_owned()));
        assert_eq!(written("unzip -o a.zip -d out"), ["out"]);
        assert_eq!(written("7z x a.7z -oout"), ["out"]);
        assert_eq!(written("patch -p1 f.c < fix.diff"), ["f.c"]);
        assert_eq!(written("patch -p1 -i fix.diff"), Vec::<String>::new());
        assert_eq!(written("sort -u -o sorted.txt in.txt"), ["sorted.txt"]);
        assert_eq!(written("gzip -9 a.log b.log"), ["a.log", "b.log"]);
        assert_eq!(written("gzip -c a.log"), Vec::<String>::new());
        assert_eq!(written("zstd -k a.log"), Vec::<String>::new());
        assert_eq!(written("gawk -i inplace '{print}' a.txt"), ["a.txt"]);
        assert_eq!(written("gawk -i inplace -f prog.awk a.txt"), ["a.txt"]);
        assert_eq!(written("awk '{print}' a.txt"), Vec::<String>::new());
        assert_eq!(written("split -l 10 in.txt part-"), ["part-"]);
        assert_eq!(written("csplit -f part- in.txt '/x/'"), ["part-"]);
        assert_eq!(written("wget -P downloads https://x"), ["downloads"]);
        assert_eq!(written("cp -l a b"), ["a", "b"]);
        assert_eq!(written("rsync -t a b"), ["b"]);
        assert_eq!(written("rsync -a --link-dest=../base src/ dst/"), ["dst/../base", "../base", "dst/"]);
    }

    #[test]
    fn inline_code_and_unknown_targets_name_their_paths() {
        assert!(written("python3 -c \"open('.forge/audit/overrides.log','w').close()\"")
            .contains(&".forge/audit/overrides.log".to_owned()));
        assert!(written("node -e 'require(\"fs\").rmSync(\".forge\",{recursive:true})'").contains(&".forge".to_owned()));
        assert!(written("python3 - <<EOF\nimport shutil; shutil.rmtree('.forge')\nEOF").contains(&".forge".to_owned()));
        assert!(written("ls .forge/audit | xargs rm").contains(&".forge/audit".to_owned()));
        assert!(written("rm \"$(cat list)\" # .forge").contains(&".forge".to_owned()));
        assert!(!written("rm \"$HOME/x\"").contains(&"x".to_owned()), "known variables resolve");
    }

    #[test]
    fn readers() {
        assert_eq!(read("cat .env"), [".env"]);
        assert_eq!(read("source .env && ls .env"), [".env"]);
        assert_eq!(read("grep KEY < .env"), [".env", "KEY"]);
        assert_eq!(read("docker run --env-file=.env img"), ["run", "img", ".env"]);
        assert_eq!(read("cp .env /tmp/x"), [".env"]);
        assert_eq!(read("echo .env; ls -la .env; test -f .env"), Vec::<String>::new());
    }
}
