//! Package managers and runners: the scripts of `package.json` they run ([`crate::package_scripts`]), and the
//! program of a package they run (`npx PKG`, `npm exec PKG`, `pnpm dlx PKG`, Python's `uvx PKG` and `pipx run PKG`),
//! its command given with `-c` too.

use super::entry::{Example, Expect, Program, Recipes, Runs};
use crate::argv::Options;

/// The options of `npx` and of `npm exec` that take a value.
const EXEC_OPTIONS: Options = Options::new("pc", &["package", "call"]);

/// pnpm's and yarn's: a package's program after `dlx` or `exec`, and the scripts of `package.json`.
const DLX_AND_SCRIPTS: &[Runs] = &[
    Runs::PackageProgram { subcommands: &["dlx", "exec"], options: EXEC_OPTIONS, script_options: &["c", "call"] },
    Runs::Recipes(Recipes::PackageScripts),
];

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: EXEC_OPTIONS,
        runs: &[Runs::PackageProgram { subcommands: &[], options: EXEC_OPTIONS, script_options: &["c", "call"] }],
        examples: &[
            Example("npx rimraf .forge", Expect::Writes(".forge")),
            Example("npx -c 'git push -f'", Expect::Runs("git push -f")),
            Example("npx @openai/codex exec x", Expect::Runs("codex exec x")),
            Example("npx prettier --check .", Expect::Inert(".forge")),
        ],
        ..Program::named(&["npx", "pnpx"])
    },
    Program {
        options: Options::new("p", &["package"]),
        runs: &[Runs::PackageProgram {
            subcommands: &[],
            options: Options::new("p", &["package"]),
            script_options: &[],
        }],
        ..Program::named(&["bunx"])
    },
    Program {
        options: Options::new("wC", &["prefix", "workspace", "loglevel", "registry"]),
        runs: &[
            Runs::PackageProgram { subcommands: &["exec", "x"], options: EXEC_OPTIONS, script_options: &["c", "call"] },
            Runs::Recipes(Recipes::PackageScripts),
        ],
        examples: &[Example("npm exec -- rimraf .forge", Expect::Writes(".forge"))],
        ..Program::named(&["npm"])
    },
    Program {
        options: Options::new("CF", &["dir", "filter", "workspace"]),
        runs: DLX_AND_SCRIPTS,
        examples: &[Example("pnpm dlx rimraf .forge", Expect::Writes(".forge"))],
        ..Program::named(&["pnpm"])
    },
    Program { options: Options::new("", &["cwd"]), runs: DLX_AND_SCRIPTS, ..Program::named(&["yarn"]) },
    // Python's: `uvx [--from PKG] PROGRAM ARGS` (uv's `uv tool run`), `pipx run [--spec PKG] PROGRAM ARGS`.
    Program {
        options: UVX_OPTIONS,
        runs: &[Runs::PackageProgram { subcommands: &[], options: UVX_OPTIONS, script_options: &[] }],
        examples: &[
            Example("uvx --from aider-chat aider --yes-always", Expect::Runs("aider --yes-always")),
            Example("uvx ruff check .", Expect::Inert(".forge")),
        ],
        ..Program::named(&["uvx"])
    },
    Program {
        options: Options::new("", &["spec", "python", "index-url", "pip-args"]),
        runs: &[Runs::PackageProgram {
            subcommands: &["run"],
            options: Options::new("", &["spec", "python", "index-url", "pip-args"]),
            script_options: &[],
        }],
        examples: &[Example("pipx run --spec aider-chat aider --message x", Expect::Runs("aider --message x"))],
        ..Program::named(&["pipx"])
    },
];

/// `uvx`'s options that take a value.
const UVX_OPTIONS: Options =
    Options::new("wp", &["from", "with", "with-editable", "with-requirements", "python", "index", "index-url"]);
