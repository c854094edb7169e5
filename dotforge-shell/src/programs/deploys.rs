//! Deploy platforms' CLIs, whose configs name the commands they run before a build or a release: Vercel's
//! `buildCommand`, Netlify's `[build] command` and local plugins, Wrangler's `[build] command`, Fly's
//! `release_command`, Firebase's `predeploy` hooks, the Serverless Framework's local plugins, a Procfile for `heroku
//! local`; and their wrappers that run a command (`railway run`, `netlify dev --command`, `firebase emulators:exec`).
//! (A deploy to production is the catalog's `no-publish`.)

use super::entry::{Example, Expect, Program, Runs};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        runs: &[Runs::ConfigCommands {
            files: &["vercel.json", "--local-config", "-A"],
            keys: &[("buildCommand", ""), ("devCommand", ""), ("installCommand", ""), ("ignoreCommand", "")],
            unknown: &[],
        }],
        options: Options::new("A", &["local-config", "token", "scope", "cwd"]),
        examples: &[
            Example("printf '{\"buildCommand\": \"git clean -fdx && npm run build\"}' > vercel.json && vercel build", Expect::Runs("git clean -fdx")),
            Example("printf '{\"buildCommand\": \"npm run build\"}' > vercel.json && vercel build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["vercel", "vc"])
    },
    Program {
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("c", &["command", "port", "dir", "functions"]),
                runs: &[Runs::ScriptOption(&["c", "command"])],
                ..Program::named(&["dev"])
            }]),
            Runs::ConfigCommands { files: &["netlify.toml", "--config"], keys: &[("command", "")], unknown: &[] },
            // (A local build plugin is JavaScript.)
            Runs::CodeRecipes(&["*.js", "*.cjs", "*.mjs"]),
        ],
        options: Options::new("", &["config", "cwd", "auth", "filter"]),
        examples: &[
            Example("netlify dev --command 'rm -rf ~/notes && npm run dev'", Expect::Writes("~/notes")),
            Example("printf '[build]\\n  command = \"git checkout -f main\"\\n' > netlify.toml && netlify build", Expect::Runs("git checkout -f")),
            Example("printf '[build]\\n  command = \"npm run build\"\\n' > netlify.toml && netlify build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["netlify", "ntl"])
    },
    Program {
        options: Options::new("c", &["config", "env"]),
        runs: &[Runs::ConfigCommands {
            files: &["wrangler.toml", "wrangler.json", "wrangler.jsonc", "-c", "--config"],
            keys: &[("command", "")],
            unknown: &[],
        }],
        examples: &[
            Example("printf '[build]\\ncommand = \"rm -rf ../acme-web\"\\n' > wrangler.toml && wrangler dev", Expect::Writes("../acme-web")),
            Example("printf '[build]\\ncommand = \"npm run build\"\\n' > wrangler.toml && wrangler dev", Expect::Inert(".forge")),
        ],
        ..Program::named(&["wrangler"])
    },
    Program {
        options: Options::new("ca", &["config", "app"]),
        runs: &[Runs::ConfigCommands { files: &["fly.toml", "-c", "--config"], keys: &[("release_command", "")], unknown: &[] }],
        examples: &[
            Example("printf '[deploy]\\nrelease_command = \"git push -f origin main\"\\n' > fly.toml && flyctl deploy --local-only", Expect::Runs("git push -f")),
            Example("flyctl status", Expect::Inert(".forge")),
        ],
        // (`fly` alone is Concourse's CLI too.)
        ..Program::named(&["flyctl"])
    },
    Program {
        options: Options::new("P", &["project", "only", "config"]),
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("P", &["only", "project", "import", "export-on-exit", "ui"]),
                runs: &[Runs::OperandsAsScript],
                ..Program::named(&["emulators:exec"])
            }]),
            Runs::ConfigCommands {
                files: &["firebase.json", "--config"],
                keys: &[("predeploy", ""), ("postdeploy", "")],
                unknown: &[],
            },
        ],
        examples: &[
            Example("firebase emulators:exec --only functions 'rm -rf .forge/audit && npm test'", Expect::Writes(".forge/audit")),
            Example(
                "printf '{\"hosting\": {\"predeploy\": [\"rm -f src/main.rs\"]}}' > firebase.json && firebase hosting:channel:deploy pr-1",
                Expect::Writes("src/main.rs"),
            ),
            Example("firebase emulators:exec --only firestore 'npm test'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["firebase"])
    },
    // The Serverless Framework's local plugins (`.serverless_plugins/`) are JavaScript; scripts plugins' hooks ask.
    Program {
        runs: &[
            Runs::CodeRecipes(&["*.js", "*.cjs", "*.mjs"]),
            Runs::ConfigCommands {
                files: &["serverless.yml", "serverless.yaml", "--config", "-c"],
                keys: &[],
                unknown: &["serverless-plugin-scripts", "serverless-scriptable-plugin", "scriptHooks"],
            },
        ],
        options: Options::new("c", &["config", "stage", "region"]),
        examples: &[
            Example(
                "printf 'plugins:\\n  - serverless-plugin-scripts\\ncustom:\\n  scripts:\\n    hooks:\\n      \"package:initialize\": \"x\"\\n' > serverless.yml && npx serverless package",
                Expect::Unknown,
            ),
            Example("npx serverless print", Expect::Inert(".forge")),
        ],
        ..Program::named(&["serverless", "sls"])
    },
    Program {
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("se", &["service", "environment"]),
                runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
                ..Program::named(&["run"])
            }]),
        ],
        examples: &[
            Example("railway run rm -f notes.md", Expect::Writes("notes.md")),
            Example("railway run npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["railway"])
    },
    // `heroku local` runs a Procfile's processes.
    Program {
        runs: &[Runs::ConfigCommands { files: &["Procfile", "-f", "--procfile"], keys: &[("*", "")], unknown: &[] }],
        options: Options::new("fa", &["procfile", "app", "env"]),
        examples: &[
            Example("printf 'web: rm -rf ../acme-web\\n' > Procfile && heroku local web", Expect::Writes("../acme-web")),
            Example("printf 'web: npm start\\n' > Procfile && heroku local web", Expect::Inert(".forge")),
        ],
        ..Program::named(&["heroku"])
    },
];
