//! Build tools and task runners: cargo (its target folder and its edits of the package, [`crate::builds`]), `go
//! build`, compilers and linkers (`-o`), and the task runners whose files hold what they run (`make`, `just`).

use super::entry::{Example, Expect, Logic, Program, Recipes, Runs, Subcommand, Touches};
use crate::argv::Options;

/// `cmake -E TOOL ARGS…`: its file tools, each the command it is.
const CMAKE_TOOLS: &[(&str, &str)] = &[
    ("rm", "rm"),
    ("remove", "rm -f"),
    ("remove_directory", "rm -rf"),
    ("rename", "mv"),
    ("copy", "cp"),
    ("copy_if_different", "cp"),
    ("copy_directory", "cp -r"),
    ("copy_directory_if_different", "cp -r"),
    ("create_symlink", "ln -s"),
    ("create_hardlink", "ln"),
    ("make_directory", "mkdir -p"),
    ("touch", "touch"),
    ("touch_nocreate", "touch -c"),
    ("tar", "tar"),
    ("chdir", "cd"),
    ("env", "env"),
    ("time", "time"),
];

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        runs: &[Runs::ToolMode("-E", CMAKE_TOOLS)],
        examples: &[
            Example("cmake -E rm -rf .forge", Expect::Writes(".forge")),
            Example("cmake -E remove_directory .forge/runtime", Expect::Writes(".forge/runtime")),
            Example("cmake -E env X=1 git push -f", Expect::Runs("git push -f")),
            Example("cmake -E rm -rf build", Expect::Inert(".forge")),
            Example("cmake -S . -B build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["cmake"])
    },
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
