//! JavaScript test runners and browser automation: each loads code from files it finds or is pointed at — a config,
//! a global setup, setup files, plugins, the tests themselves — so any file of JavaScript or TypeScript the line
//! wrote before running one is read as code it runs ([`Runs::CodeRecipes`] with `*` names); the files already there
//! are the project's own. Their report and recording options write the file they name.

use super::entry::{Example, Expect, Logic, Program, Runs, Touches};
use crate::argv::Options;

/// Code a runner may load from anywhere: a config, a global setup, setup files, tests.
pub(super) const JAVASCRIPT_FILES: &[&str] = &["*.js", "*.mjs", "*.cjs", "*.ts", "*.mts", "*.cts", "*.jsx", "*.tsx"];

/// A test runner that loads any JavaScript the line wrote, whose `outputs` options write the file they name.
const fn runner(names: &'static [&'static str], options: Options, outputs: &'static [&'static str]) -> Program {
    Program {
        options,
        runs: &[Runs::CodeRecipes(JAVASCRIPT_FILES)],
        touches: Touches::Own(Logic::OutputOption(outputs)),
        ..Program::named(names)
    }
}

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        examples: &[
            Example("printf 'export default {}\n' > vitest.config.ts && vitest run", Expect::Inert(".forge")),
            Example(
                "printf \"require('fs').rmSync('.forge', {recursive: true})\n\" > vitest.config.ts && vitest run",
                Expect::Writes(".forge"),
            ),
            Example(
                "printf 'export default () => require(\"child_process\").execSync(\"git push -f\")\n' > t/setup.ts \
                 && vitest run --globalSetup ./t/setup.ts",
                Expect::Runs("git push -f"),
            ),
            Example("vitest run --reporter=json --outputFile=.forge/audit/x", Expect::Writes(".forge/audit/x")),
            Example("printf 'test(\"a\", () => {})\n' > src/a.test.ts && vitest run src", Expect::Inert(".forge")),
            Example("vitest run", Expect::Inert(".forge")),
        ],
        ..runner(
            &["vitest"],
            Options::new("crt", &["config", "root", "dir", "outputFile", "reporter", "globalSetup", "setupFiles"]),
            &["outputFile"],
        )
    },
    Program {
        examples: &[
            Example(
                "printf 'module.exports = () => require(\"fs\").rmSync(\".forge\", {recursive: true})\n' > g.js && \
                 jest --globalSetup ./g.js",
                Expect::Writes(".forge"),
            ),
            Example("jest --json --outputFile=.claude/settings.json", Expect::Writes(".claude/settings.json")),
            Example("jest --coverage src", Expect::Inert(".forge")),
        ],
        ..runner(
            &["jest"],
            Options::new("ct", &["config", "outputFile", "globalSetup", "setupFiles", "testNamePattern", "rootDir"]),
            &["outputFile"],
        )
    },
    Program {
        examples: &[
            Example(
                "printf 'module.exports = async () => { require(\"child_process\").execSync(\"git push -f\") }\n' > \
                 gs.js && playwright test",
                Expect::Runs("git push -f"),
            ),
            Example("playwright codegen -o .claude/settings.json https://x.test", Expect::Writes(".claude/settings.json")),
            Example("playwright codegen -o tests/login.spec.ts https://x.test", Expect::Inert(".forge")),
            Example("playwright test --project=chromium", Expect::Inert(".forge")),
        ],
        ..runner(
            &["playwright"],
            Options::new("cgjo", &["config", "grep", "workers", "output", "project", "reporter", "target"]),
            &["o", "output"],
        )
    },
    runner(&["mocha"], Options::new("rg", &["require", "grep", "config", "reporter", "file"]), &[]),
    Program {
        examples: &[
            Example(
                "printf 'module.exports = { e2e: { setupNodeEvents() { require(\"fs\").rmSync(\".forge\", \
                 {recursive: true}) } } }\n' > cypress.config.js && cypress run",
                Expect::Writes(".forge"),
            ),
            Example("cypress run --spec cypress/e2e/login.cy.ts", Expect::Inert(".forge")),
            // Its folders set on the command line are written (and emptied before a run).
            Example("cypress run --config screenshotsFolder=.forge,trashAssetsBeforeRuns=true", Expect::Writes(".forge")),
            Example("cypress run --config video=false,screenshotsFolder=cypress/shots", Expect::Inert(".forge")),
            // A browser given by its path is a program it starts.
            Example(
                "printf '#!/bin/sh\\nrm -rf .forge\\n' > /tmp/b && chmod +x /tmp/b && cypress run --browser /tmp/b",
                Expect::Writes(".forge"),
            ),
            Example("cypress run --browser chrome --headless", Expect::Inert(".forge")),
        ],
        runs: &[
            Runs::CodeRecipes(JAVASCRIPT_FILES),
            Runs::Subcommands(&[Program {
                options: Options::new("bCceEps", &["browser", "config-file", "config", "env", "spec"]),
                runs: &[Runs::ProgramOption { options: &["b", "browser"], operands_before: usize::MAX, directories: &[] }],
                ..Program::named(&["run", "open"])
            }]),
        ],
        ..runner(
            &["cypress"],
            Options::new("bCceEps", &["browser", "config-file", "config", "env", "spec"]),
            &["config:screenshotsFolder", "c:screenshotsFolder", "config:videosFolder", "config:downloadsFolder"],
        )
    },
    Program {
        examples: &[
            Example(
                "printf 'exports.config = { onPrepare: () => require(\"child_process\").execSync(\"git push -f\") }\n' \
                 > wdio.conf.js && wdio run wdio.conf.js",
                Expect::Runs("git push -f"),
            ),
            Example("wdio run ./wdio.conf.js --spec test/login.e2e.js", Expect::Inert(".forge")),
        ],
        ..runner(&["wdio"], Options::new("", &["spec", "suite", "exclude", "logLevel"]), &[])
    },
    Program {
        examples: &[
            Example(
                "mkdir -p .storybook && printf 'require(\"fs\").writeFileSync(\".forge/x\", \"\")\n' > \
                 .storybook/main.js && storybook build",
                Expect::Writes(".forge/x"),
            ),
            Example("storybook build -o storybook-static", Expect::Inert(".forge")),
        ],
        ..runner(
            &["storybook", "build-storybook", "start-storybook"],
            Options::new("cop", &["config-dir", "output-dir", "port"]),
            &["o", "output-dir"],
        )
    },
    // (vite runs its config, and the plugins it names, as it starts; the sources it serves or bundles are not run.)
    Program {
        runs: &[Runs::CodeRecipes(&[
            "vite.config.ts",
            "vite.config.js",
            "vite.config.mts",
            "vite.config.mjs",
            "vitest.workspace.ts",
        ])],
        examples: &[
            Example("printf \"require('fs').rmSync('.forge', {recursive: true})\n\" > vite.config.js && vite build", Expect::Writes(".forge")),
            Example("printf 'export const a = 1\n' > src/a.ts && vite build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["vite"])
    },
];
