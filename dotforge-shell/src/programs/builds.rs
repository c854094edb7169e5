//! Build tools and task runners: cargo (its target folder and its edits of the package, [`crate::builds`]), `go
//! build`, compilers and linkers (`-o`), and the task runners whose files hold what they run (`make`, `just`).

use super::entry::{Example, Expect, Logic, Program, Recipes, Runs, Subcommand, Touches};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("CZ", &["color", "config"]),
        subcommands: &[Subcommand {
            names: &["*"],
            options: Options::new(
                "pjFZ",
                &[
                    "profile",
                    "target",
                    "target-dir",
                    "manifest-path",
                    "package",
                    "jobs",
                    "features",
                    "bin",
                    "example",
                    "test",
                    "bench",
                    "message-format",
                    "config",
                    "color",
                    "root",
                    "path",
                    "git",
                    "branch",
                    "tag",
                    "rev",
                    "registry",
                    "index",
                    "exclude",
                ],
            ),
        }],
        touches: Touches::Own(Logic::Cargo),
        examples: &[
            Example("cargo build --release --target-dir .forge", Expect::Writes(".forge/release")),
            Example("cargo check", Expect::Inert(".forge")),
        ],
        ..Program::named(&["cargo"])
    },
    Program {
        examples: &[Example("go build -o .forge/x ./cmd", Expect::Writes(".forge/x"))],
        options: Options::new("o", &[]),
        touches: Touches::Own(Logic::GoBuild),
        ..Program::named(&["go"])
    },
    Program {
        options: Options::new("oIL", &["out-dir"]),
        touches: Touches::Own(Logic::Compiler),
        examples: &[
            Example("cc -o .forge/runtime/x x.c", Expect::Writes(".forge/runtime/x")),
            Example("gcc -O2 -c main.c", Expect::Inert(".forge")),
        ],
        ..Program::named(&[
            "rustc", "cc", "c++", "gcc", "g++", "clang", "clang++", "ld", "ld.lld", "ld.bfd", "ld.gold", "lld", "tcc",
        ])
    },
    Program {
        options: Options::new(
            "CfIjloWE",
            &[
                "directory",
                "file",
                "makefile",
                "include-dir",
                "jobs",
                "load-average",
                "old-file",
                "what-if",
                "new-file",
                "eval",
            ],
        ),
        runs: &[Runs::Recipes(Recipes::Makefile)],
        ..Program::named(&["make", "gmake"])
    },
    Program {
        options: Options::new(
            "fd",
            &[
                "justfile",
                "working-directory",
                "shell",
                "shell-arg",
                "dotenv-filename",
                "dotenv-path",
                "color",
                "command-color",
                "list-heading",
                "list-prefix",
                "chooser",
            ],
        ),
        runs: &[Runs::Recipes(Recipes::Justfile)],
        ..Program::named(&["just"])
    },
];
