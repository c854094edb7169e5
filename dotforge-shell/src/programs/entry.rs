//! What an entry of the program table says: the types of [`super`]'s table, which each family's file fills in.

use crate::argv::{Options, Order, Parsed};
use crate::lexer::Word;

/// A language whose code [`crate::code`] reads for the commands it runs, or the shell's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Language {
    /// sh, bash, zsh and the other shells: read by the command reader itself.
    Shell,
    Python,
    JavaScript,
    Perl,
    Ruby,
    Php,
    /// Code this crate does not read (Lua, R, AppleScript, PowerShell): only its paths count.
    Other,
}

/// How an interpreter takes code.
#[derive(Debug)]
pub(crate) struct Interpreter {
    pub language: Language,
    /// Options whose value is code (`-c`, `--eval`); each must be among the program's value-taking options.
    pub code_options: &'static [&'static str],
    /// Words (before the first operand, or the first operand itself) after which code follows, where getopt's
    /// reading does not fit (`deno eval CODE`, `pwsh -Command CODE`).
    pub code_words: &'static [&'static str],
    /// Options after which no script file follows (`python -m module`).
    pub no_file_options: &'static [&'static str],
    /// Subcommands after which the script file follows (`deno run FILE`, `bun run FILE`).
    pub file_subcommands: &'static [&'static str],
    /// `-i` edits the files it is given in place (`perl -i`, `ruby -i`).
    pub in_place: bool,
}

/// The files whose content says what a command runs, read by the module of the same name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Recipes {
    /// `make TARGET`: the Makefile's recipes ([`crate::make`]).
    Makefile,
    /// `npm run NAME` and kin: `package.json` scripts ([`crate::package_scripts`]).
    PackageScripts,
    /// `just RECIPE`: the justfile ([`crate::justfile`]).
    Justfile,
    /// `git NAME`: an alias from git's config files ([`crate::git_config`]).
    GitAliases,
}

/// One way a program runs code besides itself.
#[derive(Debug)]
pub(crate) enum Runs {
    /// A wrapper: the command after its options and `operands_before` more operands (`timeout 5 CMD`). With
    /// `input_as_arguments`, what it is fed on its input becomes the command's arguments (`xargs`, `parallel`).
    Command { operands_before: usize, input_as_arguments: bool },
    /// The values of these options are shell scripts (`env -S`, `flock -c`, `su -c`, `npx -c`).
    ScriptOption(&'static [&'static str]),
    /// The values of these options are the folder the wrapped command runs in (`env -C`).
    DirectoryOption(&'static [&'static str]),
    /// `NAME=value` words among its options set the wrapped command's environment (`env NAME=value CMD`).
    Assignments,
    /// Its operands, joined by spaces, are a shell script (`watch CMD`).
    OperandsAsScript,
    /// Every word after it, joined by spaces, is a shell script, options or not (`eval`).
    ArgumentsAsScript,
    /// A shell: `-c SCRIPT`, the script on its input, or a script file.
    Shell,
    /// Its first argument is a shell script it runs in the current shell (`source FILE`, `. FILE`).
    SourcedFile,
    /// An interpreter: code in an option, on its input, or in a script file.
    Code(Interpreter),
    /// A package's program with its arguments (`npx PKG ARGS`), after one of `subcommands` (none: right away), read
    /// with `options`; `-p`/`--package` names the package and then the program follows; the values of
    /// `script_options` are shell scripts (`npx -c CMD`).
    PackageProgram { subcommands: &'static [&'static str], options: Options, script_options: &'static [&'static str] },
    /// The commands between these options and `;` or `+` (`find -exec CMD {} ;`).
    ExecOptions(&'static [&'static str]),
    /// Aliases defined on its command line (`git -c alias.NAME=VALUE NAME`).
    InlineAliases,
    /// What its files say it runs.
    Recipes(Recipes),
}

/// The logic of its own that a program's accesses need, in the module that reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Logic {
    /// `dd if= of=`.
    Dd,
    /// `sed -i`: in place.
    Sed,
    /// `curl -o`, `wget -O -P`, uploads read.
    Download,
    /// `find -delete`, `-exec`, `-fprint`.
    Find,
    /// git's subcommands that overwrite work-tree files.
    Git,
    /// tar, bsdtar: extract into `-C`, create `-f`.
    Tar,
    /// `unzip -d`.
    Unzip,
    /// `zip ARCHIVE`, `-m`.
    Zip,
    /// `7z x -oDIR`, `a -sdel`.
    SevenZip,
    /// `patch FILE`, `-o`.
    Patch,
    /// `sort -o`.
    Sort,
    /// `split FILE PREFIX`.
    Split,
    /// `csplit -f PREFIX`.
    Csplit,
    /// gzip and kin replace their input.
    Compress,
    /// awk: `-i inplace`, `system()` and output redirections in its program.
    Awk,
    /// cargo's target folder, its edits of the package.
    Cargo,
    /// `go build -o`.
    GoBuild,
    /// A compiler's or linker's `-o`.
    Compiler,
    /// rsync: a copy, `--link-dest`, `--remove-source-files`.
    Rsync,
    /// dotforge's authoring CLI edits a catalog.
    Dotforge,
    /// An interpreter: inline code's paths, `-i` in place, else its operands read.
    Interpreter,
}

/// What a program does to the paths it is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Touches {
    /// Names and metadata only (`ls`, `stat`, `echo`): its operands are not reads.
    Names,
    /// Reads its operands and the values of `--name=value` options (every program the table does not know).
    Reads,
    /// Deletes each operand, with everything under it.
    Deletes,
    /// Moves each operand (and into `-t DIR`): all of them written, as trees.
    Moves,
    /// Copies its operands onto the last one (or into `-t DIR`), reading the others.
    Copies,
    /// Copies as [`Touches::Copies`], or with `-l`/`-s` makes links through which the sources can be written (`cp`).
    CopiesOrLinks,
    /// Makes links (`ln`): the link, and with `-s` what a relative target resolves to.
    Links,
    /// Creates, truncates or overwrites each operand (`touch`, `truncate`, `tee`).
    Creates,
    /// Changes each operand's permissions, owner or attributes (whole trees with `-R`).
    Permissions,
    /// An editor: may write each file it is given.
    Edits,
    /// Logic of its own.
    Own(Logic),
}

impl Touches {
    /// Whether the program writes what it is given, whatever its options (so a `find` feeding it deletes or changes
    /// what it finds).
    pub(crate) fn writes_what_it_is_given(self) -> bool {
        match self {
            Touches::Names | Touches::Reads => false,
            Touches::Own(logic) => matches!(logic, Logic::Dd | Logic::Sed | Logic::Rsync),
            _ => true,
        }
    }

    /// Whether the program may write what it is given, depending on its options (`gzip`, `sort -o`, `awk -i
    /// inplace`): fed by `xargs`, or given a path computed at run time, its targets cannot be known before it runs.
    pub(crate) fn may_write_what_it_is_given(self) -> bool {
        self.writes_what_it_is_given()
            || matches!(
                self,
                Touches::Own(
                    Logic::Tar
                        | Logic::Unzip
                        | Logic::Zip
                        | Logic::SevenZip
                        | Logic::Patch
                        | Logic::Sort
                        | Logic::Split
                        | Logic::Csplit
                        | Logic::Compress
                        | Logic::Awk
                )
            )
    }
}

/// What a program prints, when it can be known without running it (for the shell or interpreter it is piped to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Output {
    Unknown,
    /// Its arguments (`echo`).
    Arguments,
    /// Its format filled with its arguments (`printf`).
    Format,
    /// Its files or its input (`cat`).
    Files,
}

/// How a program moves the commands after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cwd {
    /// Not at all.
    Stays,
    /// Into its first operand, or the home folder without one (`cd`, `pushd`).
    Operand,
    /// Somewhere the line does not say (`popd`).
    Unknown,
}

/// A subcommand's options.
#[derive(Debug)]
pub(crate) struct Subcommand {
    pub names: &'static [&'static str],
    pub options: Options,
}

/// What an example must show (the examples are data for the table's tests).
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub(crate) enum Expect {
    /// A command whose words start with these (space-separated) runs.
    Runs(&'static str),
    /// This path is written (or deleted).
    Writes(&'static str),
    /// This path is read.
    Reads(&'static str),
    /// Nothing besides the command itself runs, and this path is not written.
    Inert(&'static str),
}

/// One example of a program's entry: a command line and what it must show.
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Example(pub &'static str, pub Expect);

/// One program (or several that behave alike).
#[cfg_attr(not(test), allow(dead_code))]
#[derive(Debug)]
pub(crate) struct Program {
    /// Its names; one ending in `*` stands for every name it starts (`python*`: `python3.12`).
    pub names: &'static [&'static str],
    /// Its options that take a value (before its subcommand, for a program with subcommands).
    pub options: Options,
    /// Its subcommands' options that take a value.
    pub subcommands: &'static [Subcommand],
    /// How it runs code besides itself.
    pub runs: &'static [Runs],
    /// What it does to the paths it is given.
    pub touches: Touches,
    /// What it prints, when known.
    pub output: Output,
    /// Where the commands after it run.
    pub cwd: Cwd,
    /// The npm or PyPI packages that install it (`npx @openai/codex` runs `codex`, `uvx aider-chat` runs `aider`), and
    /// whose installed files run it (`node …/node_modules/@openai/codex/bin/codex.js`).
    pub packages: &'static [&'static str],
    /// Attack and look-alike rows: what its entry must make the reader and the access rules see.
    pub examples: &'static [Example],
}

impl Program {
    /// An entry with nothing known but its names: it reads its operands, runs nothing.
    pub(crate) const fn named(names: &'static [&'static str]) -> Program {
        Program {
            names,
            options: Options::NONE,
            subcommands: &[],
            runs: &[],
            touches: Touches::Reads,
            output: Output::Unknown,
            cwd: Cwd::Stays,
            packages: &[],
            examples: &[],
        }
    }

    /// How it takes code, when it is an interpreter.
    pub(crate) fn interpreter(&'static self) -> Option<&'static Interpreter> {
        self.runs.iter().find_map(|runs| match runs {
            Runs::Code(interpreter) => Some(interpreter),
            _ => None,
        })
    }

    /// Whether it is a shell.
    pub(crate) fn is_shell(&self) -> bool {
        self.runs.iter().any(|runs| matches!(runs, Runs::Shell))
    }

    /// Which files say what it runs, if any.
    pub(crate) fn recipes(&self) -> impl Iterator<Item = Recipes> + '_ {
        self.runs.iter().filter_map(|runs| match runs {
            Runs::Recipes(recipes) => Some(*recipes),
            _ => None,
        })
    }

    /// Whether what it is fed becomes the arguments of a command it runs (`xargs`).
    pub(crate) fn feeds_input_as_arguments(&self) -> bool {
        self.runs.iter().any(|runs| matches!(runs, Runs::Command { input_as_arguments: true, .. }))
    }

    /// The index in `words` (the program first) of its subcommand: the first operand after its global options
    /// (`git -C dir push` → 3; a toolchain `+nightly` is an option too), if any.
    pub(crate) fn subcommand_at(&self, words: &[Word]) -> Option<usize> {
        let parsed = Parsed::of(words, &self.options, Order::UntilOperand(|word| word.text.starts_with('+')));
        (parsed.rest < words.len()).then_some(parsed.rest)
    }

    /// The options of its subcommand `name`, when the table knows them.
    pub(crate) fn subcommand_options(&'static self, name: &str) -> Option<&'static Options> {
        let exact = self.subcommands.iter().find(|entry| entry.names.contains(&name));
        exact.or_else(|| self.subcommands.iter().find(|entry| entry.names == ["*"])).map(|entry| &entry.options)
    }
}
