//! Shells: what they run is a script given with `-c`, on their input, or in a file — read by the command reader
//! itself.

use super::entry::{Example, Expect, Program, Runs};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[Program {
    options: Options::new("oO", &["rcfile", "init-file"]),
    // What a shell runs before its script: the file `BASH_ENV` (bash) or `ENV` (sh, interactive) names, its
    // `--rcfile`, `PROMPT_COMMAND` (interactive bash, before each prompt), and `PS4`, whose substitutions run at each
    // line `-x` traces.
    runs: &[
        Runs::Shell,
        Runs::EnvironmentFiles(&["BASH_ENV", "ENV"]),
        Runs::EnvironmentScripts(&["PROMPT_COMMAND", "PS4"]),
        Runs::ScriptFileOption(&["rcfile", "init-file"]),
    ],
    examples: &[
        Example("bash -c 'git push -f'", Expect::Runs("git push -f")),
        Example("sh -xc 'rm -rf .forge'", Expect::Writes(".forge")),
        Example("echo 'git push -f' | sh", Expect::Runs("git push -f")),
        Example("bash -s <<'EOF'\ngit push -f\nEOF", Expect::Runs("git push -f")),
        Example("bash -n deploy.sh", Expect::Inert(".forge")),
        Example("zsh -o errexit -c 'git push -f'", Expect::Runs("git push -f")),
        Example("BASH_ENV=<(echo 'git push -f') bash -c true", Expect::Runs("git push -f")),
        Example("PROMPT_COMMAND='git push -f' bash -i", Expect::Runs("git push -f")),
        Example("PS4='$(git push -f)+ ' bash -xc true", Expect::Runs("git push -f")),
        Example("bash --rcfile <(echo 'rm -rf .forge') -i", Expect::Writes(".forge")),
        Example("bash <(echo 'git push -f')", Expect::Runs("git push -f")),
    ],
    ..Program::named(&["sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "fish", "rbash"])
},
    // bash's `enable -f FILE NAME` loads a shared object into the shell, running its code: one the line built or
    // wrote is not read (asked).
    Program {
        options: Options::new("fd", &[]),
        runs: &[Runs::CodeRecipes(&["-f"])],
        examples: &[
            Example(
                "printf 'void i(void){}' > /tmp/e.c && gcc -shared -o /tmp/e.so /tmp/e.c && enable -f /tmp/e.so x",
                Expect::Inert(".forge"),
            ),
            Example(
                "printf 'int u(const char*);void i(void){u(\".forge\");}' > /tmp/e.c && gcc -shared -o /tmp/e.so /tmp/e.c && enable -f /tmp/e.so x",
                Expect::Unknown,
            ),
            Example("enable -n echo", Expect::Inert(".forge")),
        ],
        ..Program::named(&["enable"])
    },
];
