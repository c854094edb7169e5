//! git: its global options, its subcommands' options that take a value, the aliases it runs (on its command line
//! and in its config files, [`crate::git_config`]) and the subcommands that overwrite work-tree files
//! ([`crate::access`]).

use super::entry::{Example, Expect, Logic, Program, Recipes, Runs, Subcommand, Touches};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[Program {
    // `--exec-path` takes its value attached only (`--exec-path=DIR`; alone, it prints the path).
    options: Options::new("Cc", &["git-dir", "work-tree", "namespace", "super-prefix", "config-env"]),
    subcommands: &[
        Subcommand { names: &["push"], options: Options::new("o", &["push-option", "repo", "receive-pack", "exec"]) },
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
        Subcommand { names: &["checkout"], options: Options::new("bB", &["orphan", "conflict", "pathspec-from-file"]) },
        Subcommand {
            names: &["switch"],
            options: Options::new("cC", &["create", "force-create", "orphan", "conflict"]),
        },
        Subcommand { names: &["restore"], options: Options::new("s", &["source", "pathspec-from-file", "conflict"]) },
        Subcommand { names: &["stash"], options: Options::new("m", &["message", "pathspec-from-file"]) },
        Subcommand {
            names: &["rebase"],
            options: Options::new("sXx", &["onto", "strategy", "strategy-option", "exec"]),
        },
        Subcommand { names: &["config"], options: Options::new("f", &["file", "blob", "type", "default"]) },
        // Every other subcommand: the options common to those that take paths.
        Subcommand { names: &["*"], options: Options::new("e", &["exclude", "source", "pathspec-from-file"]) },
    ],
    runs: &[Runs::InlineAliases, Runs::Recipes(Recipes::GitAliases)],
    touches: Touches::Own(Logic::Git),
    examples: &[
        Example("git -c alias.p='push -f' p", Expect::Runs("git push -f")),
        Example("git -c 'alias.x=!rm -rf .forge' x", Expect::Writes(".forge")),
        Example("git checkout -- .forge/audit/overrides.log", Expect::Writes(".forge/audit/overrides.log")),
        Example("git restore --staged .forge/audit/overrides.log", Expect::Inert(".forge/audit/overrides.log")),
        Example("git clean -fdx", Expect::Writes(".")),
        Example("git clean --dry-run", Expect::Inert(".")),
        Example("git -C repo log --oneline", Expect::Inert(".forge")),
    ],
    ..Program::named(&["git"])
}];
