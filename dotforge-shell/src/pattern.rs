//! The `runs` condition (a DSL extension): does the command line run a command that matches a command pattern?
//!
//! A pattern is written `PROGRAM [SUBCOMMAND…] [REQUIREMENT…]`, for example
//! `git push -f|--force|--force-with-lease|+*` or `git clean -f|--force !-n|--dry-run`, and compiled at build time
//! into a [`CommandPattern`]. A command matches when its program is one of the program names, its first positional
//! arguments are the subcommands in order, and every requirement holds anywhere among the remaining arguments:
//! a short flag `-f` also inside combined flags (`-uf`), a long flag `--force` also as `--force=…` or abbreviated
//! (`--forc`, which getopt-style parsers accept), `--name=value`, a positional argument matching a glob (`+*`),
//! `--` followed by an argument, `$NAME` (the command's environment sets `NAME`, to anything but the empty text) or
//! `$NAME=GLOB` (to a matching value), `--name=@GLOB` (the value, or the text of the file it names), `@elsewhere`
//! (the program runs where this hook is not loaded for it); `!` means none of the alternatives may hold. Options
//! declared as taking a value (`-e=`, `--exclude=`) consume the next word, which is then their value
//! (`--settings=*x*` matches `--settings '{"x":1}'`), and git's global options (`-C dir`, `-c k=v`) are skipped
//! before its subcommand. What the words alone cannot tell — whether a program is this hook, what a file holds, where
//! the hook is registered — the caller answers ([`Surroundings`]).

use crate::command::{program_name, CommandLine, Cwd, SimpleCommand, Unknown};
use crate::lexer::Word;

/// What matching needs to know beyond a command's words; the hook answers from the disk, only when a pattern asks.
pub trait Surroundings {
    /// Whether the program word runs this hook's own binary (under another name, or a copy of it).
    fn is_hook_binary(&mut self, program: &Word) -> bool;

    /// The text of the file `path` names (relative to `cwd` when relative), `None` when it cannot be read.
    fn file_text(&mut self, _path: &str, _cwd: &Cwd) -> Option<String> {
        None
    }

    /// Whether `program` (a file name: `claude`), started in `cwd`, loads this hook: the settings it reads there
    /// register it. `false` when that cannot be known.
    fn loads_this_hook(&mut self, _program: &str, _cwd: &Cwd) -> bool {
        false
    }
}

/// A closure that tells the hook binary, and knows nothing else (no file can be read, no registration found).
impl<F: FnMut(&Word) -> bool> Surroundings for F {
    fn is_hook_binary(&mut self, program: &Word) -> bool {
        self(program)
    }
}

/// A command pattern (`runs`), compiled at build time.
#[derive(Clone, Copy, Debug)]
pub struct CommandPattern {
    /// Program names (the file name of `argv[0]`); `*` is a wildcard; `{hook_binary}` is this hook's own binary.
    pub programs: &'static [&'static str],
    /// Subcommand words, each a list of alternatives, matched against the first positional arguments in order.
    pub subcommands: &'static [&'static [&'static str]],
    /// Options that take a value in the next word (`-e`, `--exclude`).
    pub value_options: &'static [&'static str],
    /// What must (or, negated, must not) appear among the remaining arguments.
    pub requirements: &'static [Requirement],
    /// `LEFT | RIGHT`: a command matching this pattern must feed its output to the matching command.
    pub fed_by: Option<&'static CommandPattern>,
}

/// One requirement: any of its tests holds (or, negated, none does).
#[derive(Clone, Copy, Debug)]
pub struct Requirement {
    /// `!`: none of the tests may hold.
    pub negated: bool,
    /// The alternatives.
    pub any_of: &'static [ArgTest],
}

/// A test on the arguments of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgTest {
    /// `-f`: the short option, alone or combined with others (`-uf`).
    Short(char),
    /// `--force`: the long option, also `--force=…` and abbreviated.
    Long(&'static str),
    /// `--prune=now`, `--settings=*disableAllHooks*`: the long option with a value matching this glob, attached or,
    /// for an option the pattern declares as taking a value, in the next word.
    LongValue(&'static str, &'static str),
    /// A positional argument matching this glob (`*`, `?`).
    Positional(&'static str),
    /// `--` followed by at least one argument.
    DoubleDash,
    /// `$NAME` / `$NAME=GLOB`: the command's environment (its own assignments, an `env NAME=…` wrapper's, variables
    /// the line exported before it) sets `NAME` to a non-empty value matching the glob (`*` for `$NAME`).
    Environment(&'static str, &'static str),
    /// `--settings=@*disableAllHooks*`: as [`ArgTest::LongValue`], or — for a value that is not inline JSON (`{…}`,
    /// `[…]`) — the text of the file the value names matches the glob, or that file cannot be read (missing, too
    /// large, written by the same line: what cannot be read is not known to be harmless).
    LongValueOrFile(&'static str, &'static str),
    /// `@elsewhere`: the program runs where this hook is not loaded for it ([`Surroundings::loads_this_hook`]).
    Elsewhere,
}

/// The arguments of a command, sorted out.
#[derive(Debug, Default)]
struct Arguments<'w> {
    /// Short option clusters without the dash (`-uf` → `uf`), each cut before a value-taking option's value.
    shorts: Vec<&'w str>,
    /// Long options without the dashes, with their attached value, in order.
    longs: Vec<(&'w str, Option<&'w str>)>,
    positionals: Vec<&'w str>,
    /// Positional arguments after `--`.
    after_double_dash: usize,
    /// The options the pattern declares to take a value (`--skip=`): one given by its whole name is that option,
    /// never an abbreviation of a longer one (`--skip=validate` is not `--skip-publish`), as getopt reads it.
    value_options: &'static [&'static str],
}

/// The placeholder program that stands for this hook's own binary (under any name).
const HOOK_BINARY: &str = "{hook_binary}";

/// Whether the program word's name matches one of `programs` (not counting `{hook_binary}`).
fn program_named(pattern: &CommandPattern, word: &Word) -> bool {
    let name = program_name(&word.text);
    pattern.programs.iter().any(|program| *program != HOOK_BINARY && glob_matches(program, name))
}

/// One argument of a command, as `pattern` reads it.
enum Argument<'w> {
    /// A short option cluster without the dash, cut before a value-taking option's value.
    Short(&'w str),
    /// A long option without the dashes, with its attached value.
    Long(&'w str, Option<&'w str>),
    /// A positional argument, and whether it comes after `--`.
    Positional(&'w str, bool),
}

/// Reads the arguments of `command` for `pattern` in order, handing each to `visit` until it returns `false`.
fn read_arguments<'w>(
    command: &'w SimpleCommand,
    pattern: &CommandPattern,
    mut visit: impl FnMut(Argument<'w>) -> bool,
) {
    let words = &command.words;
    // For a program with subcommands, the options the table knows to take a value, besides those the pattern
    // declares: its global options come before its subcommand (`git -C dir push`) and are not the subcommand's, and
    // the subcommand's own take their values (`git push -o force`). (A pattern on another program declares its own:
    // `python -m twine upload` reads `-m` as a flag followed by the module's words.)
    let (mut index, known) = command.shape().subcommand.unwrap_or((1, None));
    let mut only_positionals = false;
    while let Some(word) = words.get(index) {
        let text = word.text.as_str();
        index += 1;
        let argument = if only_positionals {
            Argument::Positional(text, true)
        } else if text == "--" {
            only_positionals = true;
            continue;
        } else if let Some(long) = text.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (long, None),
            };
            let takes_value = || {
                pattern.value_options.iter().any(|option| option.strip_prefix("--") == Some(name))
                    || known.is_some_and(|options| options.long_takes_value(name))
            };
            if value.is_none() && takes_value() {
                // The next word is the option's value (`--exclude pattern`).
                let next = words.get(index).map(|word| word.text.as_str());
                index += 1;
                Argument::Long(name, next)
            } else {
                Argument::Long(name, value)
            }
        } else if text.len() > 1 && text.starts_with('-') {
            let cluster = &text[1..];
            let value_at = cluster.char_indices().find(|(_, option)| {
                pattern.value_options.iter().any(|declared| declared.len() == 2 && declared[1..].starts_with(*option))
                    || known.is_some_and(|options| options.short_takes_value(*option))
            });
            match value_at {
                Some((at, option)) => {
                    if at + option.len_utf8() == cluster.len() {
                        index += 1; // the value is the next word
                    }
                    Argument::Short(&cluster[..at + option.len_utf8()])
                }
                None => Argument::Short(cluster),
            }
        } else {
            Argument::Positional(text, false)
        };
        if !visit(argument) {
            return;
        }
    }
}

/// Sorts the arguments of `command` for `pattern`; `None` as soon as a positional argument is not the subcommand
/// the pattern names at its place (most patterns of a program name another subcommand, so most stop early).
fn arguments<'w>(command: &'w SimpleCommand, pattern: &CommandPattern) -> Option<Arguments<'w>> {
    let mut sorted = Arguments { value_options: pattern.value_options, ..Arguments::default() };
    let mut other_subcommand = false;
    read_arguments(command, pattern, |argument| {
        match argument {
            Argument::Short(cluster) => sorted.shorts.push(cluster),
            Argument::Long(name, value) => sorted.longs.push((name, value)),
            Argument::Positional(text, after_double_dash) => {
                if let Some(alternatives) = pattern.subcommands.get(sorted.positionals.len()) {
                    if !alternatives.iter().any(|alternative| glob_matches(alternative, text)) {
                        other_subcommand = true;
                        return false;
                    }
                }
                sorted.positionals.push(text);
                sorted.after_double_dash += usize::from(after_double_dash);
            }
        }
        true
    });
    (!other_subcommand).then_some(sorted)
}

impl Arguments<'_> {
    /// Whether `given` (as typed after `--`) names the long option `name`: equal, or an abbreviation of it that is
    /// not itself the whole name of another option the pattern knows.
    fn names(&self, given: &str, name: &str) -> bool {
        long_abbreviates(given, name)
            && (given == name || !self.value_options.iter().any(|option| option.strip_prefix("--") == Some(given)))
    }

    fn has_long(&self, name: &str) -> bool {
        // The last mention wins: `--dry-run --no-dry-run` is not a dry run.
        // A flag given a false value is off: `npm publish --dry-run=false` publishes.
        let mut present = false;
        for (given, value) in &self.longs {
            if self.names(given, name) {
                present = !value.is_some_and(|value| matches!(value, "false" | "0" | "no" | "off"));
            } else if given.strip_prefix("no-").is_some_and(|negated| self.names(negated, name)) {
                present = false;
            }
        }
        present
    }

    fn holds(
        &self,
        test: &ArgTest,
        skip_positionals: usize,
        command: &SimpleCommand,
        surroundings: &mut dyn Surroundings,
    ) -> bool {
        match *test {
            ArgTest::Short(option) => self.shorts.iter().any(|cluster| cluster.contains(option)),
            ArgTest::Long(name) => self.has_long(name),
            ArgTest::LongValue(name, value) => self.longs.iter().any(|(given, given_value)| {
                self.names(given, name) && given_value.is_some_and(|given| glob_matches(value, given))
            }),
            ArgTest::Positional(glob) => {
                self.positionals.iter().skip(skip_positionals).any(|text| glob_matches(glob, text))
            }
            ArgTest::DoubleDash => self.after_double_dash > 0,
            ArgTest::Environment(name, glob) => {
                environment_value(command, name).is_some_and(|value| !value.is_empty() && glob_matches(glob, value))
            }
            ArgTest::LongValueOrFile(name, glob) => self.longs.iter().any(|(given, given_value)| {
                self.names(given, name)
                    && given_value.is_some_and(|value| value_or_file_matches(glob, value, command, surroundings))
            }),
            // (A program the reader could not know is no agent CLI on this evidence alone.)
            ArgTest::Elsewhere => {
                matches!(command.unknown, Unknown::Nothing | Unknown::Possible)
                    && !surroundings.loads_this_hook(command.program(), &command.cwd)
            }
        }
    }
}

/// [`ArgTest::LongValueOrFile`] on one value.
fn value_or_file_matches(
    glob: &str,
    value: &str,
    command: &SimpleCommand,
    surroundings: &mut dyn Surroundings,
) -> bool {
    if glob_matches(glob, value) {
        return true;
    }
    let inline = value.trim_start();
    if inline.starts_with('{') || inline.starts_with('[') {
        return false;
    }
    surroundings.file_text(value, &command.cwd).is_none_or(|text| glob_matches(glob, &text))
}

/// The value the command's environment gives `name` (the last assignment wins, as in the shell), if it sets it.
fn environment_value<'c>(command: &'c SimpleCommand, name: &str) -> Option<&'c str> {
    command.assignments.iter().rev().find_map(|word| {
        let (given, value) = word.text.split_once('=')?;
        (given == name).then_some(value)
    })
}

/// `given` (as typed after `--`) names the long option `name`: equal, or a non-empty abbreviation of it.
fn long_abbreviates(given: &str, name: &str) -> bool {
    !given.is_empty() && name.starts_with(given)
}

/// Whether one command matches the pattern.
pub fn command_matches(pattern: &CommandPattern, command: &SimpleCommand, surroundings: &mut dyn Surroundings) -> bool {
    // A command whose text is computed while the line runs may be any command; one whose program is may be any
    // program (see [`Unknown`]: only a reading that allows for it asks about such commands).
    let unknown_program = match command.unknown {
        Unknown::Nothing | Unknown::Possible => false,
        Unknown::Program => true,
        Unknown::Everything => return true,
    };
    let Some(program) = command.words.first() else { return false };
    // The name first, as it settles most commands; `{hook_binary}` last, as it may look at the file system.
    let named = unknown_program || program_named(pattern, program);
    if !named && !pattern.programs.contains(&HOOK_BINARY) {
        return false;
    }
    // An unknown program is taken for the pattern's only on the evidence of its arguments: a pattern that names
    // nothing but programs (`{hook_binary}`, `claude`) would take every `"$PYTHON" -m pytest` for them.
    if unknown_program
        && pattern.subcommands.is_empty()
        && pattern.requirements.iter().all(|requirement| requirement.negated)
    {
        return false;
    }
    let Some(sorted) = arguments(command, pattern) else { return false };
    // Each subcommand the pattern names was checked as it was read; all of them must be there.
    if sorted.positionals.len() < pattern.subcommands.len() {
        return false;
    }
    let skip = pattern.subcommands.len();
    let requirements_hold = pattern.requirements.iter().all(|requirement| {
        let any = requirement.any_of.iter().any(|test| sorted.holds(test, skip, command, surroundings));
        any != requirement.negated
    });
    requirements_hold && (named || surroundings.is_hook_binary(program))
}

/// Whether any command of the line matches (and, for `LEFT | RIGHT`, is fed by a command matching LEFT).
pub fn runs(pattern: &CommandPattern, line: &CommandLine, surroundings: &mut dyn Surroundings) -> bool {
    first_match(pattern, line, surroundings).is_some()
}

/// The index (in [`CommandLine::commands`]) of the first command that matches (and, for `LEFT | RIGHT`, is fed by a
/// command matching LEFT), if any — among every command, those the reader could not know included.
pub fn first_match(pattern: &CommandPattern, line: &CommandLine, surroundings: &mut dyn Surroundings) -> Option<usize> {
    first_match_where(pattern, line, surroundings, |_| true, true)
}

/// [`first_match`] among the commands the reader knows (`unknown: false`), or among those it could not know
/// (`unknown: true`: text or a program computed while the line runs, which may be any command). The commands that
/// feed a `LEFT | RIGHT` pattern's right side may be of either kind.
pub fn first_match_among(
    pattern: &CommandPattern,
    line: &CommandLine,
    unknown: bool,
    surroundings: &mut dyn Surroundings,
) -> Option<usize> {
    let keep = |command: &SimpleCommand| (command.unknown != Unknown::Nothing) == unknown;
    first_match_where(pattern, line, surroundings, keep, unknown)
}

/// The first command `keep` keeps that matches; the commands feeding a `LEFT | RIGHT` pattern's right side may be
/// unknown ones only when `unknown_writers`.
fn first_match_where(
    pattern: &CommandPattern,
    line: &CommandLine,
    surroundings: &mut dyn Surroundings,
    keep: impl Fn(&SimpleCommand) -> bool,
    unknown_writers: bool,
) -> Option<usize> {
    let mut matching = (0..line.commands.len())
        .filter(|&index| keep(&line.commands[index]) && command_matches(pattern, &line.commands[index], surroundings));
    match pattern.fed_by {
        None => matching.next(),
        Some(source) => {
            let readers: Vec<usize> = matching.collect();
            if readers.is_empty() {
                return None;
            }
            let writers: Vec<usize> = line
                .commands
                .iter()
                .filter(|command| unknown_writers || command.unknown == Unknown::Nothing)
                .filter(|command| command_matches(source, command, surroundings))
                .map(|command| command.group)
                .collect();
            let groups: Vec<usize> = readers.iter().map(|&index| line.commands[index].group).collect();
            if !line.any_feeds(&writers, &groups) {
                return None;
            }
            // Which reader it is, once it is known that one is (one search per reader, only after a match).
            readers.into_iter().find(|&index| line.any_feeds(&writers, &[line.commands[index].group]))
        }
    }
}

/// Shell-style glob on a whole word: `*` any run, `?` one character, everything else literal.
pub fn glob_matches(glob: &str, text: &str) -> bool {
    // Most globs are plain words (program names), and most words differ from them in the first byte already.
    if let (Some(&first), Some(&text_first)) = (glob.as_bytes().first(), text.as_bytes().first()) {
        if first != text_first && first != b'*' && first != b'?' {
            return false;
        }
    }
    // Bytes, not chars: `*` and `?` are ASCII, and no byte of another UTF-8 character equals them.
    if !glob.bytes().any(|byte| byte == b'*' || byte == b'?') {
        return glob == text;
    }
    if glob.is_ascii() && text.is_ascii() {
        return glob_matches_in(glob.as_bytes(), text.as_bytes());
    }
    let (glob, text): (Vec<char>, Vec<char>) = (glob.chars().collect(), text.chars().collect());
    glob_matches_in(&glob, &text)
}

/// [`glob_matches`] on slices of bytes (ASCII) or characters.
fn glob_matches_in<C: Copy + PartialEq + From<u8>>(glob: &[C], text: &[C]) -> bool {
    let (star, question) = (C::from(b'*'), C::from(b'?'));
    star_match(glob, text, |item| *item == star, |item, character| *item == question || item == character)
}

/// Whether `text` matches `pattern`, whose star items match any run of text items (including none) and whose other
/// items match one text item each as `matches_one` says. Iterative, with one backtrack point: linear in practice and
/// never recursive. Shared by word globs (`*`) and path globs (`**` over components).
pub fn star_match<P, T>(
    pattern: &[P],
    text: &[T],
    is_star: impl Fn(&P) -> bool,
    matches_one: impl Fn(&P, &T) -> bool,
) -> bool {
    let (mut at_pattern, mut at_text) = (0, 0);
    let mut backtrack: Option<(usize, usize)> = None;
    while at_text < text.len() {
        match pattern.get(at_pattern) {
            Some(item) if is_star(item) => {
                backtrack = Some((at_pattern, at_text));
                at_pattern += 1;
            }
            Some(item) if matches_one(item, &text[at_text]) => {
                at_pattern += 1;
                at_text += 1;
            }
            _ => match backtrack {
                Some((star, matched)) => {
                    at_pattern = star + 1;
                    at_text = matched + 1;
                    backtrack = Some((star, matched + 1));
                }
                None => return false,
            },
        }
    }
    pattern[at_pattern..].iter().all(is_star)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::parse;

    const FORCE_PUSH: CommandPattern = CommandPattern {
        programs: &["git"],
        subcommands: &[&["push"]],
        value_options: &["-o", "--push-option", "--repo", "--receive-pack", "--exec"],
        requirements: &[Requirement {
            negated: false,
            any_of: &[
                ArgTest::Short('f'),
                ArgTest::Long("force"),
                ArgTest::Long("force-with-lease"),
                ArgTest::Positional("+*"),
            ],
        }],
        fed_by: None,
    };

    const FORCED_CLEAN: CommandPattern = CommandPattern {
        programs: &["git"],
        subcommands: &[&["clean"]],
        value_options: &["-e", "--exclude"],
        requirements: &[
            Requirement { negated: false, any_of: &[ArgTest::Short('f'), ArgTest::Long("force")] },
            Requirement { negated: true, any_of: &[ArgTest::Short('n'), ArgTest::Long("dry-run")] },
        ],
        fed_by: None,
    };

    fn matches(pattern: &CommandPattern, command: &str) -> bool {
        runs(pattern, &parse(command, None), &mut |_: &Word| false)
    }

    #[test]
    fn an_option_given_by_its_whole_name_abbreviates_no_other() {
        const RELEASE: CommandPattern = CommandPattern {
            programs: &["goreleaser"],
            subcommands: &[&["release"]],
            value_options: &["--skip"],
            requirements: &[Requirement {
                negated: true,
                any_of: &[ArgTest::LongValue("skip", "*publish*"), ArgTest::Long("skip-publish")],
            }],
            fed_by: None,
        };
        assert!(matches(&RELEASE, "goreleaser release --clean --skip=validate"));
        assert!(matches(&RELEASE, "goreleaser release --skip validate"));
        assert!(!matches(&RELEASE, "goreleaser release --skip=publish,validate"));
        assert!(!matches(&RELEASE, "goreleaser release --skip-publish"));
        assert!(!matches(&RELEASE, "goreleaser release --skip-pub"), "an abbreviation of no declared option");
    }

    #[test]
    fn flags_in_any_order_combined_or_abbreviated() {
        for command in [
            "git push --force",
            "git push origin main -f",
            "git push -uf origin main",
            "git -C repo -c core.x=y push --forc origin",
            "git push --force-with-lease=main:abc",
            "git push origin +main",
            "cd x && git push -f",
            "bash -c 'git push -f'",
        ] {
            assert!(matches(&FORCE_PUSH, command), "{command}");
        }
        for command in [
            "git push -u origin main",
            "git push origin main",
            "echo git push --force",
            "git log --grep='push --force'",
            "git commit -m 'git push -f'",
            "git fetch --force",
            "git push -o force origin", // `force` is the push option's value
            "git -C push status -f",
        ] {
            assert!(!matches(&FORCE_PUSH, command), "{command}");
        }
    }

    #[test]
    fn negated_requirements_and_value_options() {
        assert!(matches(&FORCED_CLEAN, "git clean -fdx"));
        assert!(matches(&FORCED_CLEAN, "git clean --force"));
        assert!(matches(&FORCED_CLEAN, "git clean -fdx -e -n"), "`-n` is the value of -e, not a dry run");
        assert!(matches(&FORCED_CLEAN, "git clean -f --dry-run --no-dry-run"), "the last word wins");
        assert!(matches(&FORCED_CLEAN, "git clean -f --dry-run=false"), "a flag given false is off");
        assert!(!matches(&FORCED_CLEAN, "git clean -f --dry-run=true"));
        assert!(!matches(&FORCED_CLEAN, "git clean -n"));
        assert!(!matches(&FORCED_CLEAN, "git clean -fn"));
        assert!(!matches(&FORCED_CLEAN, "git clean -f --dry"));
    }

    /// Surroundings with files and a project folder of their own.
    struct Known {
        files: &'static [(&'static str, &'static str)],
        project: &'static str,
    }

    impl Surroundings for Known {
        fn is_hook_binary(&mut self, _program: &Word) -> bool {
            false
        }

        fn file_text(&mut self, path: &str, _cwd: &Cwd) -> Option<String> {
            self.files.iter().find(|(name, _)| *name == path).map(|(_, text)| (*text).to_owned())
        }

        fn loads_this_hook(&mut self, program: &str, cwd: &Cwd) -> bool {
            program == "claude" && *cwd == Cwd::Known(std::path::PathBuf::from(self.project))
        }
    }

    #[test]
    fn values_read_from_the_files_they_name_and_where_a_program_runs() {
        const SETTINGS: CommandPattern = CommandPattern {
            programs: &["claude"],
            subcommands: &[],
            value_options: &["--settings"],
            requirements: &[Requirement {
                negated: false,
                any_of: &[ArgTest::LongValueOrFile("settings", "*disableAllHooks*")],
            }],
            fed_by: None,
        };
        const ELSEWHERE: CommandPattern = CommandPattern {
            programs: &["claude"],
            subcommands: &[],
            value_options: &[],
            requirements: &[
                Requirement { negated: true, any_of: &[ArgTest::Long("version")] },
                Requirement { negated: false, any_of: &[ArgTest::Elsewhere] },
            ],
            fed_by: None,
        };
        let mut known = Known {
            files: &[("off.json", "{\"disableAllHooks\": true}"), ("team.json", "{\"model\": \"sonnet\"}")],
            project: "/p",
        };
        let mut matches = |pattern: &CommandPattern, command: &str| {
            runs(pattern, &parse(command, Some(std::path::PathBuf::from("/p"))), &mut known)
        };
        for command in [
            "claude --settings off.json -p x",
            "claude -p --settings='{\"disableAllHooks\":true}' x",
            "claude --settings missing.json -p x", // cannot be read: not known to be harmless
        ] {
            assert!(matches(&SETTINGS, command), "{command}");
        }
        for command in ["claude --settings team.json -p x", "claude --settings '{\"model\": \"off.json\"}' -p x"] {
            assert!(!matches(&SETTINGS, command), "{command}");
        }
        for command in ["cd /tmp && claude -p x", "cd sub && claude -p x", "cd \"$X\" && claude -p x"] {
            assert!(matches(&ELSEWHERE, command), "{command}");
        }
        for command in ["claude -p x", "cd /tmp && claude --version", "cd /tmp && ls"] {
            assert!(!matches(&ELSEWHERE, command), "{command}");
        }
    }

    #[test]
    fn globs() {
        assert!(glob_matches("+*", "+main"));
        assert!(!glob_matches("+*", "main"));
        assert!(glob_matches("python*", "python3.12"));
        assert!(glob_matches("a*b?c", "aXXbYc"));
        assert!(!glob_matches("a*b?c", "aXXbc"));
        assert!(glob_matches("*", ""));
        assert!(glob_matches("é*", "éa") && !glob_matches("é?", "é"), "characters, not bytes");
    }

    proptest::proptest! {
        #[test]
        fn globs_match_as_the_equivalent_regex_does(
            glob in "[a*?é€]{0,6}",
            text in "[abé€]{0,6}",
        ) {
            let translated: String = glob
                .chars()
                .map(|character| match character {
                    '*' => ".*".to_owned(),
                    '?' => ".".to_owned(),
                    other => regex::escape(&other.to_string()),
                })
                .collect();
            let regex = regex::Regex::new(&format!("^(?s:{translated})$")).expect("regex");
            proptest::prop_assert_eq!(glob_matches(&glob, &text), regex.is_match(&text), "{} {}", glob, text);
        }
    }
}
