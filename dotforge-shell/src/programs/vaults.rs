//! Secret managers and environment loaders that run a command with what they keep in its environment: `doppler run
//! -- CMD`, `op run -- CMD`, `aws-vault exec PROFILE -- CMD`, `infisical run -- CMD`, `chamber exec SERVICE -- CMD`,
//! `sops exec-env FILE 'CMD'`, `dotenv -e FILE -- CMD`, `env-cmd -f FILE CMD`, `envchain NAMESPACE CMD`. The
//! command runs as given, read as any wrapper's. (A tool not listed here that runs a program the table knows after
//! `--` is read the same way: [`crate::unwrap`].)

use super::entry::{Example, Expect, Program, Runs};
use crate::argv::Options;

/// A command after the options (and `--`).
const COMMAND: Runs = Runs::Command { operands_before: 0, input_as_arguments: false };

/// A command after one operand, a profile or a namespace (and `--`).
const COMMAND_AFTER_ONE: Runs = Runs::Command { operands_before: 1, input_as_arguments: false };

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("pc", &["project", "config", "command", "token", "scope", "mount", "mount-format"]),
            runs: &[COMMAND, Runs::ScriptOption(&["command"])],
            ..Program::named(&["run"])
        }])],
        examples: &[
            Example(
                "doppler run -- git push --force-with-lease origin main",
                Expect::Runs("git push --force-with-lease"),
            ),
            Example("doppler run -p acme -c prd --command 'rm -rf .forge'", Expect::Writes(".forge")),
            Example("doppler run -- npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["doppler"])
    },
    // 1Password's CLI (`op read` prints a secret: the catalog's protect-secrets).
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("", &["env-file", "account", "config", "session", "encoding"]),
            runs: &[COMMAND],
            ..Program::named(&["run"])
        }])],
        examples: &[
            Example("op run --env-file=.env.example -- cargo publish --no-verify", Expect::Runs("cargo publish")),
            Example("op run --env-file .env.example -- cargo test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["op"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("dt", &["duration", "region", "mfa-token", "prompt", "backend", "ec2-server"]),
            runs: &[COMMAND_AFTER_ONE],
            ..Program::named(&["exec"])
        }])],
        examples: &[
            Example("aws-vault exec prod -- git push origin --delete v1.0.0", Expect::Runs("git push origin --delete")),
            Example("aws-vault exec release docker push acme/api:1", Expect::Runs("docker push")),
            Example("aws-vault exec dev -- aws s3 ls", Expect::Inert(".forge")),
        ],
        ..Program::named(&["aws-vault"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new(
                "",
                &[
                    "env",
                    "projectId",
                    "path",
                    "token",
                    "tags",
                    "domain",
                    "command",
                    "watch-interval",
                    "project-config-dir",
                ],
            ),
            runs: &[COMMAND, Runs::ScriptOption(&["command"])],
            ..Program::named(&["run"])
        }])],
        examples: &[
            Example("infisical run --env=prod -- git filter-branch -f -- --all", Expect::Runs("git filter-branch")),
            Example("infisical run --command 'npm publish'", Expect::Runs("npm publish")),
            Example("infisical run --env=dev -- npm run dev", Expect::Inert(".forge")),
        ],
        ..Program::named(&["infisical"])
    },
    // Several services before `--` (`chamber exec app db -- CMD`), likewise teller's and berglas's options.
    Program {
        runs: &[Runs::Subcommands(&[Program { runs: &[Runs::CommandAfterDoubleDash], ..Program::named(&["exec"]) }])],
        examples: &[
            Example("chamber exec acme -- find ../acme-web -delete", Expect::Writes("../acme-web")),
            Example("berglas exec -- git push -f", Expect::Runs("git push -f")),
            Example("chamber exec acme -- npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["chamber", "berglas"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program { runs: &[Runs::CommandAfterDoubleDash], ..Program::named(&["run"]) }])],
        examples: &[
            Example(
                "teller run --reset -- node -e 'require(\"fs\").rmSync(\".forge\", {recursive: true})'",
                Expect::Writes(".forge"),
            ),
            Example("teller run -- npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["teller"])
    },
    // sops runs a script with the decrypted file's values in its environment, or given the decrypted file.
    Program {
        options: Options::new("", &["config", "input-type", "output-type", "output", "extract", "set", "kms", "pgp"]),
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("", &["user", "filename"]),
            runs: &[Runs::OperandsAfter(1)],
            ..Program::named(&["exec-env", "exec-file"])
        }])],
        examples: &[
            Example("sops exec-env secrets.enc.yaml 'sed -i d notes.md'", Expect::Writes("notes.md")),
            Example("sops exec-file secrets.enc.yaml 'git push -f origin main'", Expect::Runs("git push -f")),
            Example("sops exec-env secrets.enc.yaml 'npm test'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["sops"])
    },
    // dotenv-cli (`dotenv -e FILE -- CMD`) and dotenvx (`dotenvx run -f FILE -- CMD`).
    Program {
        options: Options::new("ev", &["env-file"]),
        runs: &[COMMAND],
        examples: &[
            Example("dotenv -e .env.example -- dd if=/dev/zero of=/dev/sda", Expect::Writes("/dev/sda")),
            Example("dotenv -e .env.example -- npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["dotenv"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("fe", &["env-file", "env", "convention"]),
            runs: &[COMMAND],
            ..Program::named(&["run"])
        }])],
        examples: &[
            Example("dotenvx run -f .env.example -- git push -f", Expect::Runs("git push -f")),
            Example("dotenvx run -- npm start", Expect::Inert(".forge")),
        ],
        ..Program::named(&["dotenvx"])
    },
    Program {
        options: Options::new("fer", &["file", "environments", "rc-file"]),
        runs: &[COMMAND],
        examples: &[
            Example(
                "env-cmd -f .env.example node -e 'require(\"fs\").unlinkSync(\"src/server.ts\")'",
                Expect::Writes("src/server.ts"),
            ),
            Example("env-cmd -f .env.example npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["env-cmd"])
    },
    Program {
        runs: &[COMMAND_AFTER_ONE],
        examples: &[
            Example("envchain aws git push -f origin main", Expect::Runs("git push -f")),
            Example("envchain aws aws s3 ls", Expect::Inert(".forge")),
        ],
        ..Program::named(&["envchain"])
    },
];
