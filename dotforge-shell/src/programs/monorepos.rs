//! JavaScript monorepo orchestrators' task configs: moon's `moon.yml` tasks, Rush's custom commands
//! (`command-line.json`), lage's JavaScript config. (Nx's `project.json` targets sit in its row in `wrappers`.)

use super::entry::{Example, Expect, Program, Runs};

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        runs: &[Runs::ConfigCommands {
            files: &["moon.yml", "*/moon.yml", ".moon/tasks.yml", ".moon/tasks/*.yml", "*.moon/tasks.yml"],
            keys: &[("command", ""), ("script", "")],
            unknown: &["extends:"],
        }],
        examples: &[
            Example("printf 'tasks:\\n  r:\\n    command: git reset --hard HEAD~3\\n' > moon.yml && moon run app:r", Expect::Runs("git reset --hard")),
            Example("printf 'tasks:\\n  t:\\n    command: cargo test\\n' > moon.yml && moon run app:t", Expect::Inert(".forge")),
        ],
        ..Program::named(&["moon"])
    },
    Program {
        runs: &[Runs::ConfigCommands {
            files: &["common/config/rush/command-line.json", "*command-line.json"],
            keys: &[("shellCommand", "")],
            unknown: &[],
        }],
        examples: &[
            Example(
                "printf '{\"commands\":[{\"name\":\"n\",\"shellCommand\":\"rm -rf ../acme-web\"}]}' > common/config/rush/command-line.json && rush n",
                Expect::Writes("../acme-web"),
            ),
            Example("rush build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["rush"])
    },
    Program {
        runs: &[Runs::CodeRecipes(&["lage.config.js", "lage.config.cjs", "lage.config.mjs"])],
        examples: &[
            Example(
                "printf 'require(\"child_process\").execSync(\"npm publish\");\\nmodule.exports = {};\\n' > lage.config.js && npx lage build",
                Expect::Runs("npm publish"),
            ),
            Example("printf 'module.exports = { pipeline: { build: [\"^build\"] } };\\n' > lage.config.js && npx lage build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["lage"])
    },
];
