//! Programs whose output the reader can know: filters that transform their input (`base64 -d`, `xxd -r -p`, `rev`,
//! `tr`: text decoded before it is run is read as what runs), and programs that print shell setup code meant for
//! `eval` (`ssh-agent -s`, `direnv hook bash`, `pyenv init -`): trusted, read as running nothing.

use super::entry::{Example, Expect, Language, Output, Program, Runs};
use crate::argv::Options;

/// A program that prints shell setup when one of `markers` is among its arguments (always, when empty).
const fn setup(names: &'static [&'static str], markers: &'static [&'static str]) -> Program {
    Program { output: Output::ShellSetup(markers), ..Program::named(names) }
}

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("bw", &["wrap"]),
        output: Output::Transformed,
        examples: &[
            Example("echo Z2l0IHB1c2ggLS1mb3JjZQ== | base64 -d | sh", Expect::Runs("git push --force")),
            Example("bash -c \"$(echo cm0gLXJmIC5mb3JnZQ== | base64 -d)\"", Expect::Writes(".forge")),
            Example("base64 -d secret.b64 > out.bin", Expect::Inert(".forge")),
        ],
        ..Program::named(&["base64", "gbase64"])
    },
    Program {
        options: Options::new("cglosn", &[]),
        output: Output::Transformed,
        examples: &[Example("echo 'git push -f' | xxd -p | xxd -r -p | sh", Expect::Runs("git push -f"))],
        ..Program::named(&["xxd"])
    },
    Program {
        output: Output::Transformed,
        examples: &[Example("rev <<< 'f- hsup tig' | sh", Expect::Runs("git push -f"))],
        ..Program::named(&["rev"])
    },
    Program {
        output: Output::Transformed,
        examples: &[Example("echo 'tvg chfu -s' | tr a-z n-za-m | bash", Expect::Runs("git push -f"))],
        ..Program::named(&["tr"])
    },
    // ssh-agent prints its setup, or runs the command it is given with the agent set up.
    Program {
        options: Options::new("aEPtO", &[]),
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
        examples: &[
            Example("eval \"$(ssh-agent -s)\"", Expect::Inert(".forge")),
            Example("eval `ssh-agent`", Expect::Inert(".forge")),
            Example("ssh-agent sh -c 'git push -f'", Expect::Runs("git push -f")),
            Example("ssh-agent -t 60 git push -f", Expect::Runs("git push -f")),
        ],
        ..setup(&["ssh-agent"], &[])
    },
    Program {
        examples: &[Example("eval \"$(gpg-agent --daemon)\"", Expect::Inert(".forge"))],
        ..setup(&["keychain", "dircolors", "gpg-agent"], &[])
    },
    // `direnv exec DIR CMD` runs CMD with DIR's `.envrc` loaded.
    Program {
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::Command { operands_before: 1, input_as_arguments: false }],
            ..Program::named(&["exec"])
        }])],
        examples: &[
            Example("eval \"$(direnv hook bash)\"", Expect::Inert(".forge")),
            Example("direnv exec . sh -c 'rm -rf .claude'", Expect::Writes(".claude")),
            Example("direnv exec . npm test", Expect::Inert(".forge")),
        ],
        ..setup(&["direnv"], &["hook", "export"])
    },
    setup(
        &["pyenv", "rbenv", "nodenv", "goenv", "jenv", "plenv", "starship", "zoxide", "atuin", "mcfly"],
        &["init", "virtualenv-init"],
    ),
    setup(&["pyenv-virtualenv"], &["virtualenv-init"]),
    // Homebrew evaluates a Brewfile (Ruby) for `brew bundle`; `brew ruby -e CODE` runs Ruby with its libraries.
    Program {
        options: Options::new("", &["file"]),
        runs: &[
            Runs::CodeRecipes(&["Brewfile", "--file"]),
            Runs::Subcommands(&[Program {
                options: Options::new("er", &[]),
                runs: &[Runs::InlineCode(Language::Ruby, &["e"])],
                ..Program::named(&["ruby"])
            }]),
        ],
        examples: &[
            Example(
                "printf 'system \"git\", \"push\", \"-f\"\n' > Brewfile && brew bundle",
                Expect::Runs("git push -f"),
            ),
            Example("printf 'brew \"jq\"\n' > Brewfile && brew bundle --file=Brewfile", Expect::Inert(".forge")),
            Example("brew ruby -e 'FileUtils.rm_rf(\".forge\")'", Expect::Writes(".forge")),
            Example("brew ruby -e 'puts File.read(\".env\")'", Expect::Reads(".env")),
            Example("brew ruby -e 'puts HOMEBREW_PREFIX'", Expect::Inert(".forge")),
        ],
        ..setup(&["brew"], &["shellenv"])
    },
    setup(&["opam"], &["env", "config"]),
    setup(&["fnm", "rbenv-env"], &["env", "activate"]),
    // mise and rtx print shell setup (`mise activate`), and run a command with their tools (`mise exec node@20 --
    // npm publish`, `mise x -c CMD`); their config's tasks and hooks run (`mise run TASK`): one the line wrote is read,
    // and where it sources a script, names a task file or runs a template's `exec(…)`, what runs cannot be known.
    Program {
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("cCj", &["command", "cd", "jobs"]),
                runs: &[Runs::CommandAfterDoubleDash, Runs::ScriptOption(&["c", "command"])],
                ..Program::named(&["exec", "x"])
            }]),
            Runs::ConfigCommands {
                files: &["mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", ".mise/", ".config/mise/"],
                keys: &[("[tasks.*]run", ""), ("[tasks]*", ""), ("[hooks]*", "")],
                // (An `[env]` that reaches git's config and hooks, a shell's start-up or a runtime's code loading.)
                unknown: &[
                    "_.source",
                    "_.file",
                    "exec(",
                    "file =",
                    "file=",
                    "[task_config",
                    "GIT_",
                    "HUSKY",
                    "BASH_ENV",
                    "NODE_OPTIONS",
                    "LD_PRELOAD",
                    "DYLD_",
                    "PYTHONSTARTUP",
                    "PERL5OPT",
                    "RUBYOPT",
                    "PATH",
                ],
            },
        ],
        examples: &[
            Example(
                "printf '[tasks.a]\\nrun = \"git push -f\"\\n' >> mise.toml && mise run a",
                Expect::Runs("git push -f"),
            ),
            Example("printf '[env]\\n_.source = \"x.sh\"\\n' > mise.toml && mise run a", Expect::Unknown),
            Example("printf '[env]\\nHUSKY = \"0\"\\n' > mise.toml && mise exec -- git commit -m x", Expect::Unknown),
            Example(
                "printf '[tasks.test]\\nrun = \"cargo test\"\\n' > mise.toml && mise trust && mise run test",
                Expect::Inert(".forge"),
            ),
            Example("mise exec node@20 -- npm publish", Expect::Runs("npm publish")),
            Example("mise exec node@20 -c 'git push -f'", Expect::Runs("git push -f")),
            Example("mise x -- rm -rf .forge", Expect::Writes(".forge")),
            Example("mise exec -- npm test", Expect::Inert(".forge")),
        ],
        ..setup(&["mise", "rtx"], &["env", "activate"])
    },
    setup(&["thefuck"], &["--alias"]),
    setup(&["register-python-argcomplete", "_register-python-argcomplete"], &[]),
    setup(&["rustup"], &["completion", "completions"]),
    // GitHub's and GitLab's CLIs: an alias set on the line (`gh alias set --shell NAME CMD`, `!CMD`) runs later.
    Program {
        runs: &[Runs::KeyedOperands { after: &["alias", "set"], prefix: "" }],
        examples: &[
            Example("gh alias set --shell ship 'git push -f origin main' && gh ship", Expect::Runs("git push -f")),
            Example(
                "glab alias set r '!git checkout origin/main -- src' && glab r",
                Expect::Runs("git checkout origin/main"),
            ),
            Example("gh alias set co 'pr checkout'", Expect::Inert(".forge")),
        ],
        ..setup(&["gh", "glab"], &["completion"])
    },
    // (helm's plugins, written by the line and installed, run what their `plugin.yaml` says: not read, asked.)
    Program { runs: &[Runs::UnreadRecipes(&["*/plugin.yaml"])], ..setup(&["helm"], &["completion"]) },
];
