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
    /// PowerShell: its statements written as the shell commands they amount to ([`crate::windows`]).
    PowerShell,
    /// Code this crate does not read (Lua, R, AppleScript): only its paths count.
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
    /// Options whose value may be a file of code it runs (a module loaded first, `node -r ./x.js`, `ruby -r ./x.rb`;
    /// a script, `cmake -P x.cmake`): a file is read as a script of the same language.
    pub file_options: &'static [&'static str],
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
    /// `-m MODULE ARGS…` runs a module that is a program of the table, given the arguments after it (`python3 -m
    /// pre_commit uninstall` is `pre-commit uninstall`): each `(module, program)`.
    Modules(&'static [(&'static str, &'static str)]),
    /// A wrapper: the command after its options and `operands_before` more operands (`timeout 5 CMD`). With
    /// `input_as_arguments`, what it is fed on its input becomes the command's arguments (`xargs`, `parallel`).
    Command { operands_before: usize, input_as_arguments: bool },
    /// The values of these options are shell scripts (`env -S`, `flock -c`, `su -c`, `npx -c`); a value
    /// `exec=CMD` is `CMD` (`tar --checkpoint-action=exec=CMD`).
    ScriptOption(&'static [&'static str]),
    /// A command named by two options' values, the program and its arguments (Maven's `exec:exec
    /// -Dexec.executable=rm -Dexec.args='-f notes.md'`), each written as [`crate::argv::Parsed::named_values`] reads
    /// names (`D:exec.executable`).
    NamedCommand { program: &'static str, arguments: &'static str },
    /// The values of these options are arguments of a program (`cargo watch -x 'clean --target-dir .forge'` runs
    /// `cargo clean --target-dir .forge`): `(program, options)`.
    ArgumentsOption(&'static str, &'static [&'static str]),
    /// The values of these options are commands run on the files it works on, its operands given as their
    /// arguments (`git difftool -x CMD HEAD -- PATH` runs `CMD` on a copy and on `PATH`).
    CommandOptionOnOperands(&'static [&'static str]),
    /// The values of these options are shell script files (`bash --rcfile FILE`, `--init-file FILE`).
    ScriptFileOption(&'static [&'static str]),
    /// The values of these options are the folder the wrapped command runs in (`env -C`).
    DirectoryOption(&'static [&'static str]),
    /// `NAME=value` words among its options set the wrapped command's environment (`env NAME=value CMD`).
    Assignments,
    /// Its operands, joined by spaces, are a shell script (`watch CMD`).
    OperandsAsScript,
    /// Its operands, joined by spaces, are a shell script run with these variables set, each `(name, value)` (`git
    /// submodule foreach` sets `$toplevel` to the superproject's folder, where the reader takes the script to run).
    OperandsAsScriptWith(&'static [(&'static str, &'static str)]),
    /// Every word after it, joined by spaces, is a shell script, options or not (`eval`).
    ArgumentsAsScript,
    /// A shell: `-c SCRIPT`, the script on its input, or a script file.
    Shell,
    /// Its first argument is a shell script it runs in the current shell (`source FILE`, `. FILE`).
    SourcedFile,
    /// An interpreter: code in an option, on its input, or in a script file.
    Code(Interpreter),
    /// Options whose value is code of a language, in a program that is no interpreter (`pylint --init-hook CODE`,
    /// `mongosh --eval CODE`); each must be among its value-taking options.
    InlineCode(Language, &'static [&'static str]),
    /// Options whose value is code the reader cannot follow — in a language it does not read (`mix run -e CODE`,
    /// Elixir), or functions a model calls with arguments of its choosing (`llm --functions CODE`): code that may act
    /// at all (delete, write, start a process, name a secret, governance or the network) does what cannot be known,
    /// and asks.
    UnreadCode(&'static [&'static str]),
    /// Ansible's ad-hoc module and its arguments (`-m shell -a CMD`, `-m file -a 'path=X state=absent'`): what the
    /// module does, as [`crate::ansible`]'s table says.
    AnsibleModule,
    /// A package's program with its arguments (`npx PKG ARGS`), after one of `subcommands` (none: right away), read
    /// with `options`; `-p`/`--package` names the package and then the program follows; the values of
    /// `script_options` are shell scripts (`npx -c CMD`); with `flakes`, a package is a flake reference whose program
    /// is the attribute after `#` and takes its arguments after `--` (`nix run nixpkgs#git -- push`).
    PackageProgram {
        subcommands: &'static [&'static str],
        options: Options,
        script_options: &'static [&'static str],
        flakes: bool,
    },
    /// The commands between these options and `;` or `+` (`find -exec CMD {} ;`).
    ExecOptions(&'static [&'static str]),
    /// Aliases defined on its command line (`git -c alias.NAME=VALUE NAME`).
    InlineAliases,
    /// Aliases defined in the environment, by variables named with this prefix and the alias in capitals
    /// (`CARGO_ALIAS_SHIP='publish' cargo ship`).
    EnvironmentAliases(&'static str),
    /// What its files say it runs.
    Recipes(Recipes),
    /// Subcommands it does not know are programs found on `PATH` by this prefix and their name (`kubectl NAME` runs
    /// `kubectl-NAME`, `cargo NAME` runs `cargo-NAME`): one a folder the line put first on `PATH` holds is read.
    PathPlugins(&'static str),
    /// Files (relative to the folder it runs in) that say what it runs, which the reader does not read (a
    /// Taskfile, `tasks.py`, `.cargo/config.toml`, `build.rs`): when the line itself wrote one of them before running
    /// the program, what runs cannot be known and the command asks. Files already there were put there by the
    /// person or a reviewed commit. A name ending in `/` is any file in that folder (`.github/workflows/`); a name
    /// starting with `-` is an option whose value names such a file (`act -W FILE`), which must be among the
    /// program's value-taking options; one starting with `!` an option given as a word of its own (or, without a
    /// dash, the subcommand) with which it runs none of what the files hold (`act -l`, `dart format`); one starting
    /// with `*`, a file in any folder whose path ends so (`*.tf`, `*/Pulumi.yaml`: the tool may be pointed at another
    /// folder); `-D:KEY`, the file an option's value sets KEY to (`cmake -DCMAKE_PROJECT_INCLUDE=FILE`).
    UnreadRecipes(&'static [&'static str]),
    /// Config files (named as [`Runs::UnreadRecipes`] names them) whose commands sit under `keys` — YAML's `KEY: CMD`,
    /// XML's `KEY="CMD"` — each `(key, prefix)`: the command is the value, after the prefix with its `;`-separated
    /// items as words (MSBuild's `Delete Files="a;b"` is `rm -f a b`). One the line wrote is read now
    /// ([`crate::config_commands`]); a line holding one of `unknown` (code in a format not read, a remote repository)
    /// asks. Files already there are the project's own.
    ConfigCommands {
        files: &'static [&'static str],
        keys: &'static [(&'static str, &'static str)],
        unknown: &'static [&'static str],
    },
    /// Documents (any file the line wrote whose path ends so: `.rst`, `.adoc`) whose include lines name files it
    /// reads, relative to the document (`.. literalinclude:: ../.env`, `include::PATH[]`: [`crate::config_commands`]).
    IncludedFiles(&'static [&'static str]),
    /// Files of code in the working folder it runs as it starts (pytest's `conftest.py`, `vitest.config.ts`,
    /// `eslint.config.js`): written by the line, read as that code given inline where its language is read, as a
    /// script where it says it is shell (its `#!` line, `.sh`), asked where it is a language not read and may act
    /// (Lua, R, Go…), and where its language or text cannot be known; already there, the project's own. A name
    /// starting with `-` is an option whose value names such a file (`eslint -c FILE`, `rubocop --require FILE`); one
    /// starting with `*`, any file the line wrote whose path ends so (`*.js`: a test runner loads code from any
    /// folder); one starting with `%`, an option whose values are Python modules (comma-separated), found as
    /// `NAME.py` or `NAME/__init__.py` in the folders of the command's `PYTHONPATH` and its own (`pylint
    /// --load-plugins`, `pytest -p`). A wrapper's `*` names count for the command it runs (`conda run` sources
    /// activation scripts).
    CodeRecipes(&'static [&'static str]),
    /// Its operands after the first `skip` ones (and its options), joined by spaces, are a shell script — one run
    /// elsewhere or later is still this agent's act (`ssh HOST CMD…`, `tmux new-session CMD`, `hyperfine CMD`).
    OperandsAfter(usize),
    /// Its operands are its own commands, several in one word when separated so (`sbt '; clean ; +publishSigned'`,
    /// `sbt "runMain x.Y"`): each read as the program given that command's words.
    CommandOperands(char),
    /// Each of its operands is a shell script of its own (`concurrently "npm run build" "npm publish"`).
    OperandScripts,
    /// Its operands are keys typed into a terminal (`tmux send-keys … Enter`, `screen -X stuff TEXT`): joined, with
    /// `Enter`, `C-m` and `\n` as line ends, a shell script.
    Keys,
    /// The text on its input is a shell script that runs later, or the file one of these options names (`at now`,
    /// `batch`, `at -f FILE`); in [`ScriptLines::Crontab`] form its lines are cron entries (`crontab -`, `crontab FILE`).
    InputScript { file_options: &'static [&'static str], lines: ScriptLines },
    /// Given no command to run (no operand after its options, no script option's value), it starts a shell that reads
    /// its input as the script: always (`su`, `runuser -u USER`), or only with one of these options (`sudo -s`,
    /// `sudo -i`, `doas -s`).
    ShellOnInput(&'static [&'static str]),
    /// The values of these environment variables are shell scripts the program runs (`GIT_SSH_COMMAND`,
    /// `GIT_PAGER`, `EDITOR`).
    EnvironmentScripts(&'static [&'static str]),
    /// The values of these environment variables are files the program reads as shell scripts before anything else
    /// (`BASH_ENV`, `ENV`).
    EnvironmentFiles(&'static [&'static str]),
    /// Subcommands that run code as their own entries say: the words from the subcommand on are read as a command
    /// of the entry whose names hold it (`git rebase -x CMD`, `git bisect run CMD`, `docker run IMAGE CMD`).
    Subcommands(&'static [Program]),
    /// A container's command: after the options, the image or container operand and the command it runs there; with
    /// no command, an image named like a program the table knows runs that program (`alpine/git push -f`). Folders
    /// mounted from here (`-v SRC:DST`) map the command's paths back.
    Container,
    /// Editor commands in these options' values and in `+CMD` operands: `!CMD` and `:!CMD` run a shell command
    /// (`vim -c '!rm x'`, `less +'!rm x'`).
    EditorCommands(&'static [&'static str]),
    /// A text-processing program's script runs commands: awk's `system()`, pipes to and from commands, sed's `e`
    /// command and `s///e` flag ([`crate::filters`]).
    FilterScript(Filter),
    /// The values of this option that set a key that runs a command (`ssh -o ProxyCommand=CMD`, `-o 'LocalCommand
    /// CMD'`; keys compared without case).
    KeyedScriptOption(&'static str, &'static [&'static str]),
    /// When its first operand is this separator, each word after it is a shell script (`parallel ::: CMD…`).
    ScriptsAfter(&'static str),
    /// The values of this option bind keys or events to actions, of which `execute(CMD)`, `become(CMD)`,
    /// `reload(CMD)` and kin run CMD (`fzf --bind 'start:execute(CMD)'`).
    BoundActions(&'static str),
    /// Its operands that start with one of these prefixes (compared without case) are shell scripts after it
    /// (socat's `EXEC:CMD`, `SYSTEM:CMD`).
    PrefixedOperands(&'static [&'static str]),
    /// After these words (`pkg set`, `config`), its operands `PREFIX…=VALUE` (or `PREFIX… VALUE`) plant VALUE as a
    /// script that runs later (`npm pkg set scripts.test='git push -f'`, `composer config scripts.x CMD`): read now,
    /// as a git alias set on the line is.
    KeyedOperands { after: &'static [&'static str], prefix: &'static str },
    /// The value of one of `options` is a program it runs, given its operands after the first `operands_before` ones
    /// (`flatpak run --command=find APP ARGS…`, `start-stop-daemon --start --exec PROG -- ARGS…`), in the folder the
    /// last of `directories` names, when given (`--chdir DIR`).
    ProgramOption { options: &'static [&'static str], operands_before: usize, directories: &'static [&'static str] },
    /// The words after the first `--` are the command it runs (`kubectl exec POD -- CMD`, `lxc exec C -- CMD`).
    CommandAfterDoubleDash,
    /// Another name for this program: its words run as that program's (`hub push -f` is `git push -f`).
    SameAs(&'static str),
    /// The values of these options hold commands as JSON string lists under these keys — JSON (`{"commands":
    /// ["CMD"]}`) or the `KEY=[…]` shorthand — run on another machine, still this agent's act (`aws ssm send-command
    /// --parameters`, `aws ssm start-session --parameters`).
    JsonCommands { options: &'static [&'static str], keys: &'static [&'static str] },
    /// Another program given its words after its first `skip` operands (`nvm run 20 -e CODE` is `node -e CODE`).
    SameAsAfter { program: &'static str, skip: usize },
    /// macOS's `open`: a file a terminal runs — a `.command` or `.tool` file, or any file opened with a terminal app
    /// (`open -a Terminal x.sh`) — is a script it runs.
    OpenedScripts,
    /// After this mode option, a tool name stands for a command (`cmake -E rm -rf DIR` runs `rm -rf DIR`): each
    /// `(tool, command words)`; the tool's arguments follow the command's words. An empty option: the program's
    /// first argument is the tool (`gio trash FILE` runs `rm -rf FILE`).
    ToolMode(&'static str, &'static [(&'static str, &'static str)]),
    /// Its operands `NAME=VALUE` define names that run VALUE when used (`alias gs='git push -f'`): read now.
    Definitions,
    /// Typesetting markup in its operands (those holding a `\\`, for TeX) and on its input, whose commands run and
    /// whose inputs are read ([`crate::markup`]: `\\write18{CMD}`, `.sy CMD`, `\\verbatiminput{F}`).
    Markup(crate::markup::Markup),
    /// git's configuration keys that run commands, given with `-c KEY=VALUE` or through `git config KEY VALUE`,
    /// and its environment variables that do ([`crate::git_config`]).
    GitCommandKeys,
}

/// How the lines of a script that runs later are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ScriptLines {
    /// As shell commands (`at`).
    Shell,
    /// As cron entries: five time fields (or an `@reboot`-style word), then the command; `NAME=value` lines and
    /// comments are no commands.
    Crontab,
    /// As a batch job's shell script: the file its first operand names (`sbatch job.sh`, `qsub job.pbs`), else its
    /// input; none of its options lists jobs.
    Job,
}

/// A text-processing language whose scripts can run commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Filter {
    Awk,
    Sed,
    /// A console whose own commands reach a shell ([`crate::consoles`]).
    Console(Console),
}

/// Database and debugger consoles, and expect, whose commands can run shell commands or write files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Console {
    /// sqlite3's dot-commands: `.shell`/`.system CMD`, `.output`/`.once FILE` (or `|CMD`).
    Sqlite,
    /// DuckDB's shell: sqlite3's dot-commands, and SQL that reads and writes files (`COPY … TO 'FILE'`,
    /// `read_text('FILE')`).
    Duckdb,
    /// psql's `\! CMD`, `\o |CMD` (and `\g`, `\w`), `COPY … PROGRAM 'CMD'`.
    Psql,
    /// mysql's `system CMD` and `\! CMD`.
    Mysql,
    /// gdb's `shell CMD`, `!CMD` and `pipe … | CMD`.
    Gdb,
    /// expect's (Tcl's) `spawn CMD` and `exec CMD`.
    Expect,
    /// ed's commands on its input: `!CMD`, and `w !CMD`, `r !CMD`, `e !CMD` (the buffer piped to or from CMD).
    Ed,
    /// IPython's shell escapes in its code: `!CMD`, `%system CMD`, `%sx CMD`, `%%bash`/`%%sh`/`%%script` cells (its
    /// Python is read as the interpreter's code).
    Ipython,
    /// PowerShell's `-EncodedCommand` (base64 of UTF-16): the code it decodes to, read as `-Command` code is
    /// ([`crate::windows`]).
    PowerShell,
    /// cmd's command line after `/c` or `/k`, and the words of a Windows program cmd's reading knows (`robocopy SRC
    /// DST /MIR`): written as the shell commands with the same effect ([`crate::windows`]).
    Cmd,
}

/// What first operand of a permission tool only grants, taking nothing from the user who runs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Granting {
    /// None does (`chattr +i` locks a file however it is spelled).
    Nothing,
    /// A mode that only adds read, write or execute permissions (`chmod u+w`, `a+rX`, `+x`).
    AddedModes,
    /// The user's own ownership (`chown $USER`, `$(id -u):$(id -g)`).
    OwnOwner,
}

/// The logic of its own that a program's accesses need, in the module that reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Logic {
    /// `dd if= of=`.
    Dd,
    /// `sed -i` (and `yq -i`/`--inplace`): in place.
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
    /// The value of one of these options (`-o`/`--output FILE`) is a file replaced with what the program makes of
    /// its inputs (`sort -o`, `gpg -d -o`, `pg_dump -f`).
    OutputOption(&'static [&'static str]),
    /// `dasel put|delete -f FILE`: FILE is rewritten in place (or `-o FILE` written); `dasel -f FILE` alone reads it.
    Dasel,
    /// `split FILE PREFIX`.
    Split,
    /// `mount [--bind] SOURCE TARGET`: what was at the mount point is hidden under what is mounted there.
    Mount,
    /// A sandbox's mounts (`bwrap --tmpfs DEST`, `--ro-bind SRC DEST` with SRC other than DEST): what the command
    /// it runs would find at DEST is hidden under what is mounted there, as [`Logic::Mount`]'s.
    Sandbox,
    /// Files an option names that the program rewrites once one of `when` is among its words after the word `after`
    /// (empty: the program): a config command (`npm config set K=V --userconfig FILE`, `kubectl config
    /// set-credentials … --kubeconfig FILE`), an edit in place (`json -I -f FILE`). Without it the file is read.
    OptionWritten { after: &'static str, when: &'static [&'static str], options: &'static [&'static str] },
    /// `socat ADDRESS ADDRESS`: a `FILE:`/`OPEN:`/`GOPEN:`/`CREATE:` address is a file read and written.
    Socat,
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
    /// A file server: everything under the folder it serves (`--directory DIR`, else an operand that is no port
    /// number, else the folder it runs in) is read by whoever asks for it.
    Serves,
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
    /// Changes each operand's permissions, owner or attributes (whole trees with `-R`) — unless its first operand
    /// only grants, as [`Granting`] says.
    Permissions(Granting),
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
                        | Logic::OutputOption(_)
                        | Logic::Dasel
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
    /// Its input, transformed ([`crate::decoders`]: `base64 -d`, `xxd -r -p`, `rev`, `tr`).
    Transformed,
    /// Shell setup code to `eval` (`ssh-agent -s`, `direnv hook bash`), when one of these words is among its
    /// arguments (any arguments, when empty): trusted, read as running nothing.
    ShellSetup(&'static [&'static str]),
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
    /// It runs something the reader cannot know (the command asks).
    Unknown,
    /// The program's subcommand (after its global options and their values, a toolchain `+nightly`) is this word.
    Subcommand(&'static str),
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
    /// Whether what it reads leaves the machine.
    pub sends: Sends,
    /// Whether what it writes is a disk (`mkfs`, `wipefs`): given a name computed as it runs (a variable, a
    /// substitution, `xargs`), it may wipe any disk.
    pub wipes_disks: bool,
    /// Whether it is a script its interpreter runs by name (`python manage.py …`, `php artisan …`, `ruby bin/rails
    /// …`): that command is this program's.
    pub script: bool,
    /// Attack and look-alike rows: what its entry must make the reader and the access rules see.
    pub examples: &'static [Example],
}

/// What a disk tool given a name computed as it runs writes ([`Program::wipes_disks`], `dd of=/dev/$dev`): a disk, as
/// the catalog names disks.
pub(crate) const ANY_DISK: &str = "/dev/sda";

/// Whether what a program reads leaves the machine: a folder sent whole is searched for the files that must not
/// (`tar czf - . | curl -T - URL`, `rsync -a . host:/srv/`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sends {
    /// Nothing, or only what it names itself (`curl -d @FILE`: read as any read is).
    Nothing,
    /// Its input goes to another machine (`nc HOST PORT`, `curl -T -`, `ssh HOST CMD`): a folder archived into it
    /// goes whole.
    Input,
    /// The folders it copies go whole to another machine when its destination names one (`scp -r DIR HOST:`,
    /// `rsync -a DIR HOST:PATH`).
    Operands,
    /// What it reads, and the folders the options `folders` name, go to a hosted service (folders whole) when one of
    /// `subcommands` is among its operands (`hf upload REPO DIR`, `wandb artifact put DIR`, `kaggle datasets create
    /// -p DIR`).
    Uploads { subcommands: &'static [&'static str], folders: &'static [&'static str] },
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
            sends: Sends::Nothing,
            wipes_disks: false,
            script: false,
            examples: &[],
        }
    }

    /// What a compiler (`cc -o FILE`, `rustc --out-dir DIR`) or `go build -o FILE` writes, each with whether it is a
    /// whole folder; nothing for other programs.
    pub(crate) fn compiled_outputs(&self, words: &[Word]) -> Vec<(Word, bool)> {
        let values = |words: &[Word], short: &[char], long: &[&str], tree: bool| {
            let parsed = Parsed::of(words, &self.options, Order::Permute);
            parsed.values(short, long).iter().map(|value| (value.word(), tree)).collect::<Vec<_>>()
        };
        match self.touches {
            Touches::Own(Logic::GoBuild) if words.get(1).is_some_and(|word| word.text == "build") => {
                values(&words[1..], &['o'], &[], false)
            }
            Touches::Own(Logic::Compiler) => {
                let mut outputs = values(words, &['o'], &[], false);
                outputs.extend(values(words, &[], &["out-dir"], true));
                outputs
            }
            _ => Vec::new(),
        }
    }

    /// How it takes code, when it is an interpreter.
    pub(crate) fn interpreter(&'static self) -> Option<&'static Interpreter> {
        self.runs.iter().find_map(|runs| match runs {
            Runs::Code(interpreter) => Some(interpreter),
            _ => None,
        })
    }

    /// The entry of its subcommand `name`, when one of its subcommands runs code ([`Runs::Subcommands`]).
    pub(crate) fn subcommand_entry(&'static self, name: &str) -> Option<&'static Program> {
        self.runs.iter().find_map(|runs| match runs {
            Runs::Subcommands(entries) => entries.iter().find(|entry| entry.names.contains(&name)),
            _ => None,
        })
    }

    /// Whether it is a container engine: its `run` starts an image ([`Runs::Container`]), and its `build` makes one.
    pub(crate) fn runs_containers(&'static self) -> bool {
        self.subcommand_entry("run").is_some_and(|run| run.runs.iter().any(|runs| matches!(runs, Runs::Container)))
    }

    /// Whether it is a shell.
    pub(crate) fn is_shell(&self) -> bool {
        self.runs.iter().any(|runs| matches!(runs, Runs::Shell))
    }

    /// The prefix of the programs its unknown subcommands run ([`Runs::PathPlugins`]).
    pub(crate) fn path_plugins(&self) -> Option<&'static str> {
        self.runs.iter().find_map(|runs| match runs {
            Runs::PathPlugins(prefix) => Some(*prefix),
            _ => None,
        })
    }

    /// The files that say what it runs which the reader does not read ([`Runs::UnreadRecipes`]).
    pub(crate) fn unread_recipes(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.runs.iter().flat_map(|runs| match runs {
            Runs::UnreadRecipes(names) => names.iter().copied(),
            _ => [].iter().copied(),
        })
    }

    /// Its config files whose keys hold commands ([`Runs::ConfigCommands`]).
    pub(crate) fn config_commands(
        &self,
    ) -> impl Iterator<Item = (&'static [&'static str], &'static [(&'static str, &'static str)], &'static [&'static str])> + '_
    {
        self.runs.iter().filter_map(|runs| match runs {
            Runs::ConfigCommands { files, keys, unknown } => Some((*files, *keys, *unknown)),
            _ => None,
        })
    }

    /// The endings of the documents whose includes it reads ([`Runs::IncludedFiles`]).
    pub(crate) fn included_files(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.runs.iter().flat_map(|runs| match runs {
            Runs::IncludedFiles(endings) => endings.iter().copied(),
            _ => [].iter().copied(),
        })
    }

    /// The files of code it runs as it starts ([`Runs::CodeRecipes`]).
    pub(crate) fn code_recipes(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.runs.iter().flat_map(|runs| match runs {
            Runs::CodeRecipes(names) => names.iter().copied(),
            _ => [].iter().copied(),
        })
    }

    /// The files its command `argv` names by the options among `names` (those spelled with a dash, `-c` or
    /// `--config`, in [`Runs::UnreadRecipes`] and [`Runs::CodeRecipes`]).
    pub(crate) fn recipes_named_by_options(
        &self,
        argv: &[Word],
        names: impl Iterator<Item = &'static str>,
    ) -> Vec<Word> {
        let options: Vec<&str> =
            names.filter_map(|name| name.strip_prefix("--").or_else(|| name.strip_prefix('-'))).collect();
        if options.is_empty() {
            return Vec::new();
        }
        Parsed::of(argv, &self.options, Order::Permute).named_values(&options)
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
