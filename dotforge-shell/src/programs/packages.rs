//! Package managers and runners: the scripts of `package.json` they run ([`crate::package_scripts`]), and the
//! program of a package they run (`npx PKG`, `npm exec PKG`, `pnpm dlx PKG`), its command given with `-c` too.

use super::entry::{Example, Expect, Output, Program, Recipes, Runs};
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
        output: Output::ShellSetup(&["completion"]),
        ..Program::named(&["npm"])
    },
    Program {
        options: Options::new("CF", &["dir", "filter", "workspace"]),
        runs: DLX_AND_SCRIPTS,
        examples: &[Example("pnpm dlx rimraf .forge", Expect::Writes(".forge"))],
        ..Program::named(&["pnpm"])
    },
    Program { options: Options::new("", &["cwd"]), runs: DLX_AND_SCRIPTS, ..Program::named(&["yarn"]) },
];
