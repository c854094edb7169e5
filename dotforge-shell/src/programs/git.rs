//! git: its global options, its subcommands' options that take a value, the aliases it runs (on its command line
//! and in its config files, [`crate::git_config`]) and the subcommands that overwrite work-tree files
//! ([`crate::access`]).

use super::entry::{Example, Expect, Logic, Program, Recipes, Runs, Subcommand, Touches};
use crate::argv::Options;

/// Environment variables whose value git runs as a shell command (or, for `GIT_SSH`, as a program).
const COMMAND_VARIABLES: &[&str] = &[
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_PAGER",
    "PAGER",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "EDITOR",
    "VISUAL",
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "GIT_PROXY_COMMAND",
];

/// git's subcommands that run a command of the caller's: `rebase -x CMD`, `bisect run CMD…`, `submodule foreach
/// CMD`, `filter-branch --tree-filter CMD`, `difftool -x CMD` (given the files it compares).
const RUNNING_SUBCOMMANDS: &[Program] = &[
    Program {
        options: Options::new("sXx", &["onto", "strategy", "strategy-option", "exec"]),
        runs: &[Runs::ScriptOption(&["x", "exec"])],
        ..Program::named(&["rebase"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
            ..Program::named(&["run"])
        }])],
        ..Program::named(&["bisect"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::OperandsAsScriptWith(&[("toplevel", ".")])],
            ..Program::named(&["foreach"])
        }])],
        ..Program::named(&["submodule"])
    },
    Program {
        options: Options::new(
            "d",
            &[
                "env-filter",
                "tree-filter",
                "index-filter",
                "parent-filter",
                "msg-filter",
                "commit-filter",
                "tag-name-filter",
                "subdirectory-filter",
                "original",
                "state-branch",
            ],
        ),
        runs: &[Runs::ScriptOption(&[
            "env-filter",
            "tree-filter",
            "index-filter",
            "parent-filter",
            "msg-filter",
            "commit-filter",
            "tag-name-filter",
        ])],
        ..Program::named(&["filter-branch"])
    },
    Program {
        options: Options::new("xtX", &["extcmd", "tool"]),
        runs: &[Runs::CommandOptionOnOperands(&["x", "extcmd"])],
        ..Program::named(&["difftool"])
    },
    // git-branchless runs a command on each commit (`git branchless test run -x CMD`, `test fix -x CMD`).
    Program {
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::Subcommands(&[Program {
                options: Options::new("xj", &["exec", "strategy", "jobs", "command"]),
                runs: &[Runs::ScriptOption(&["x", "exec"])],
                ..Program::named(&["run", "fix"])
            }])],
            ..Program::named(&["test"])
        }])],
        ..Program::named(&["branchless"])
    },
    // `send-email --sendmail-cmd CMD` sends through CMD; `--to-cmd`, `--cc-cmd` and `--header-cmd` run theirs on
    // each patch.
    Program {
        options: Options::new(
            "",
            &[
                "sendmail-cmd",
                "to-cmd",
                "cc-cmd",
                "header-cmd",
                "to",
                "cc",
                "bcc",
                "from",
                "subject",
                "in-reply-to",
                "smtp-server",
                "smtp-server-port",
                "smtp-user",
                "smtp-pass",
                "smtp-encryption",
                "confirm",
                "identity",
                "suppress-cc",
            ],
        ),
        runs: &[Runs::ScriptOption(&["sendmail-cmd", "to-cmd", "cc-cmd", "header-cmd"])],
        ..Program::named(&["send-email"])
    },
];

/// git-extras' commands that amount to a git command (`git delete-branch B` deletes B on the remote too, `git undo
/// --hard` resets hard, `git reset-file F` checks F out of HEAD): each `(command, the git command it runs)`.
const GIT_EXTRAS: &[(&str, &str)] = &[
    ("delete-branch", "git push origin --delete"),
    ("delete-tag", "git push origin --delete"),
    ("delete-merged-branches", "git branch -d"),
    ("delete-squashed-branches", "git branch -D"),
    ("undo", "git reset"),
    ("clear", "git clean -fdx"),
    ("clear-soft", "git reset --hard"),
    ("obliterate", "git filter-branch"),
    ("reset-file", "git checkout HEAD --"),
    ("force-clone", "rm -rf"),
];

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        // `--exec-path` takes its value attached only (`--exec-path=DIR`; alone, it prints the path).
        options: Options::new("Cc", &["git-dir", "work-tree", "namespace", "super-prefix", "config-env"]),
        subcommands: &[
            Subcommand {
                names: &["push"],
                options: Options::new("o", &["push-option", "repo", "receive-pack", "exec"]),
            },
            Subcommand { names: &["clean"], options: Options::new("e", &["exclude"]) },
            Subcommand {
                names: &["commit"],
                options: Options::new(
                    "mFCct",
                    &[
                        "message",
                        "file",
                        "reuse-message",
                        "reedit-message",
                        "author",
                        "date",
                        "cleanup",
                        "fixup",
                        "squash",
                        "trailer",
                        "template",
                        "pathspec-from-file",
                    ],
                ),
            },
            Subcommand {
                names: &["checkout"],
                options: Options::new("bB", &["orphan", "conflict", "pathspec-from-file"]),
            },
            Subcommand {
                names: &["switch"],
                options: Options::new("cC", &["create", "force-create", "orphan", "conflict"]),
            },
            Subcommand {
                names: &["restore"],
                options: Options::new("s", &["source", "pathspec-from-file", "conflict"]),
            },
            Subcommand { names: &["stash"], options: Options::new("m", &["message", "pathspec-from-file"]) },
            Subcommand {
                names: &["rebase"],
                options: Options::new("sXx", &["onto", "strategy", "strategy-option", "exec"]),
            },
            Subcommand { names: &["config"], options: Options::new("f", &["file", "blob", "type", "default"]) },
            Subcommand {
                names: &["apply"],
                options: Options::new("pC", &["include", "exclude", "directory", "whitespace", "build-fake-ancestor"]),
            },
            // Every other subcommand: the options common to those that take paths.
            Subcommand { names: &["*"], options: Options::new("e", &["exclude", "source", "pathspec-from-file"]) },
        ],
        runs: &[
            Runs::InlineAliases,
            Runs::Recipes(Recipes::GitAliases),
            Runs::ToolMode("", GIT_EXTRAS),
            Runs::GitCommandKeys,
            Runs::EnvironmentScripts(COMMAND_VARIABLES),
            Runs::Subcommands(RUNNING_SUBCOMMANDS),
        ],
        touches: Touches::Own(Logic::Git),
        examples: &[
            // A subcommand's own program in git's exec path is that git command.
            Example("/usr/lib/git-core/git-push --force origin main", Expect::Runs("git push --force")),
            Example("git -c alias.p='push -f' p", Expect::Runs("git push -f")),
            Example("git -c 'alias.x=!rm -rf .forge' x", Expect::Writes(".forge")),
            Example("git checkout -- .forge/audit/overrides.log", Expect::Writes(".forge/audit/overrides.log")),
            Example("git restore --staged .forge/audit/overrides.log", Expect::Inert(".forge/audit/overrides.log")),
            Example("git clean -fdx", Expect::Writes(".")),
            Example("git clean --dry-run", Expect::Inert(".")),
            Example("git -C repo log --oneline", Expect::Inert(".forge")),
            Example("git -c core.sshCommand='rm -rf .forge' fetch", Expect::Writes(".forge")),
            Example("git -c core.pager='git push -f' log", Expect::Runs("git push -f")),
            Example("git config core.pager 'rm -rf .forge; less'", Expect::Writes(".forge")),
            Example("git config alias.up 'push --force'", Expect::Runs("git push --force")),
            Example("GIT_SSH_COMMAND='git push -f' git fetch", Expect::Runs("git push -f")),
            Example("git send-email --sendmail-cmd='rm -rf .forge; true' --to=a@b -1", Expect::Writes(".forge")),
            Example("git send-email --to=dev@example.com --confirm=never -1", Expect::Inert(".forge")),
            Example("git branchless test run -x 'git push -f' HEAD", Expect::Runs("git push -f")),
            Example("git branchless test run -x 'cargo test' 'stack()'", Expect::Inert(".forge")),
            Example("git rebase -x 'git push --force' HEAD~3", Expect::Runs("git push --force")),
            Example("git rebase --exec 'rm -rf .forge' main", Expect::Writes(".forge")),
            Example("git bisect run sh -c 'git push -f'", Expect::Runs("git push -f")),
            Example("git submodule foreach 'git push --force'", Expect::Runs("git push --force")),
            Example("git submodule foreach --quiet 'rm -rf \"$toplevel/.forge\"'", Expect::Writes(".forge")),
            Example("git filter-branch --tree-filter 'rm -rf .forge' HEAD", Expect::Writes(".forge")),
            // The external diff command is given the files it compares: the work tree's among them.
            Example(
                "git difftool -y -x 'rm -f' HEAD -- .forge/audit/overrides.log",
                Expect::Writes(".forge/audit/overrides.log"),
            ),
            Example("git difftool --extcmd='git push -f' HEAD", Expect::Runs("git push -f")),
            Example("git difftool -y -x 'diff -u' HEAD -- .forge/audit/overrides.log", Expect::Inert(".forge")),
            Example("git -c core.pager='less -R' log", Expect::Inert(".forge")),
            Example("git config core.autocrlf false", Expect::Inert(".forge")),
            Example("git bisect start HEAD v1.0", Expect::Inert(".forge")),
            Example("git rebase -i HEAD~3", Expect::Inert(".forge")),
            Example(
                "git apply --include=.forge/audit/overrides.log fix.diff",
                Expect::Writes(".forge/audit/overrides.log"),
            ),
            Example("git apply --include .claude/settings.json fix.diff", Expect::Writes(".claude/settings.json")),
            Example("git apply fix.diff", Expect::Inert(".forge")),
            Example("git delete-branch feature/x", Expect::Runs("git push origin --delete feature/x")),
            Example("git undo --hard 2", Expect::Runs("git reset --hard 2")),
            Example("git undo", Expect::Inert(".forge")),
        ],
        ..Program::named(&["git"])
    },
    // Other front ends to git: hub is git under another name; Sapling's `sl push` pushes as git's does.
    Program {
        runs: &[Runs::SameAs("git")],
        examples: &[Example("hub push --force origin main", Expect::Runs("git push --force"))],
        ..Program::named(&["hub"])
    },
    Program {
        runs: &[Runs::ToolMode("", &[("push", "git push")])],
        examples: &[
            Example("sl push --force --to main", Expect::Runs("git push --force")),
            Example("sl status", Expect::Inert(".forge")),
        ],
        ..Program::named(&["sl"])
    },
];
