//! Commit, lint and release helpers whose configuration is code, and LLM tools that run code they are given: a
//! config of JavaScript the line wrote (`dangerfile.js`, `commitlint.config.cjs`, `lint-staged.config.cjs`,
//! Renovate's `config.js`, a release config) is read as the code it runs; the commands of Overcommit's and promptfoo's
//! YAML are read ([`Runs::ConfigCommands`]); a config in a format not read (`.releaserc.json`, `.lintstagedrc`) asks
//! when the line wrote it; the Python files they load (`llm --functions FILE`, promptfoo's providers) are read as
//! Python.

use super::entry::{Example, Expect, Language, Program, Runs};
use super::runners::JAVASCRIPT_FILES;
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        runs: &[Runs::CodeRecipes(JAVASCRIPT_FILES)],
        examples: &[
            Example(
                "printf 'require(\"fs\").rmSync(\".forge\", {recursive: true})\n' > dangerfile.js && danger local",
                Expect::Writes(".forge"),
            ),
            Example("commitlint --from origin/main --to HEAD", Expect::Inert(".forge")),
        ],
        ..Program::named(&["danger", "commitlint", "renovate"])
    },
    Program {
        options: Options::new("c", &["config"]),
        runs: &[
            Runs::CodeRecipes(JAVASCRIPT_FILES),
            Runs::UnreadRecipes(&[
                ".lintstagedrc",
                ".lintstagedrc.json",
                ".lintstagedrc.yaml",
                ".lintstagedrc.yml",
                "-c",
                "--config",
            ]),
        ],
        examples: &[
            Example("printf '{\"*\": \"rm -rf src\"}' > .lintstagedrc && lint-staged", Expect::Unknown),
            Example(
                "printf 'require(\"fs\").truncateSync(\"src/main.rs\", 0)\n' > lint-staged.config.cjs && lint-staged",
                Expect::Writes("src/main.rs"),
            ),
        ],
        ..Program::named(&["lint-staged"])
    },
    // semantic-release and release-it run the commands of their plugins' settings (`@semantic-release/exec`'s
    // `verifyConditionsCmd`, release-it's `hooks`), even in a dry run.
    Program {
        runs: &[
            Runs::CodeRecipes(JAVASCRIPT_FILES),
            Runs::UnreadRecipes(&[
                ".releaserc",
                ".releaserc.json",
                ".releaserc.yaml",
                ".releaserc.yml",
                ".release-it.json",
                ".release-it.yaml",
                ".release-it.yml",
                ".release-it.toml",
            ]),
        ],
        examples: &[
            Example(
                "printf '{\"plugins\":[[\"@semantic-release/exec\",{\"verifyConditionsCmd\":\"x\"}]]}' > .releaserc.json \
                 && semantic-release --dry-run",
                Expect::Unknown,
            ),
            Example("semantic-release --dry-run --no-ci", Expect::Inert(".forge")),
        ],
        ..Program::named(&["semantic-release", "release-it"])
    },
    Program {
        runs: &[Runs::ConfigCommands {
            files: &[".overcommit.yml"],
            keys: &[("command", "")],
            unknown: &["plugin_directory", "require:"],
        }],
        examples: &[
            Example(
                "printf 'PreCommit:\n  S:\n    command: [\"git\", \"push\", \"-f\"]\n' > .overcommit.yml && overcommit --run",
                Expect::Runs("git push -f"),
            ),
            Example("overcommit --run", Expect::Inert(".forge")),
        ],
        ..Program::named(&["overcommit"])
    },
    // promptfoo runs its config's `exec:` providers and the Python and JavaScript of its providers and assertions.
    Program {
        options: Options::new("c", &["config", "output", "prompts", "providers", "tests", "vars"]),
        runs: &[
            Runs::CodeRecipes(&["*.py", "*.js", "*.cjs", "*.mjs", "*.ts"]),
            Runs::ConfigCommands {
                files: &["promptfooconfig.yaml", "promptfooconfig.yml", "-c", "--config"],
                keys: &[("exec", "")],
                unknown: &["python", "javascript", "id: \"exec", "id: 'exec", "id: exec", "type: script"],
            },
            Runs::UnreadRecipes(&["promptfooconfig.json"]),
        ],
        examples: &[
            Example(
                "printf 'providers:\n  - \"exec: git push -f\"\n' > promptfooconfig.yaml && promptfoo eval",
                Expect::Runs("git push -f"),
            ),
            Example("printf 'tests:\n  - assert:\n    - type: python\n' > promptfooconfig.yaml && promptfoo eval", Expect::Unknown),
            Example("printf 'providers:\n  - openai:gpt-4o-mini\n' > promptfooconfig.yaml && promptfoo eval", Expect::Inert(".forge")),
            Example("promptfoo eval -c evals/promptfooconfig.yaml --no-cache", Expect::Inert(".forge")),
        ],
        ..Program::named(&["promptfoo"])
    },
    // Simon Willison's `llm` calls the Python functions it is given (`--functions CODE` or a file of them).
    Program {
        // (Its fragments and attachments, `-f FILE`, `-a FILE`, are read: left as operands.)
        options: Options::new("msotT", &["model", "system", "template", "option", "functions", "tool"]),
        runs: &[
            Runs::InlineCode(Language::Python, &["functions"]),
            Runs::UnreadCode(&["functions"]),
            Runs::CodeRecipes(&["--functions"]),
        ],
        examples: &[
            Example(
                "printf 'import shutil\nshutil.rmtree(\".forge\")\n' > t.py && llm --functions t.py 'go'",
                Expect::Writes(".forge"),
            ),
            Example("llm --functions 'import shutil; shutil.rmtree(\".forge\")' 'go'", Expect::Writes(".forge")),
            Example("llm --functions 'import shutil\ndef wipe(p): shutil.rmtree(p)' 'wipe ~'", Expect::Unknown),
            Example("llm --functions 'def add(a, b): return a + b' 'add 2 and 3'", Expect::Inert(".forge")),
            Example("git diff --staged | llm -s 'Write a commit message'", Expect::Inert(".forge")),
            Example("llm -f .env 'Which settings look wrong?'", Expect::Reads(".env")),
        ],
        ..Program::named(&["llm"])
    },
];
