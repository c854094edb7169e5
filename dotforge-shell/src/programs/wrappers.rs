//! Wrappers: programs that run the command given after their options (`env`, `sudo`, `timeout`, `xargs`…), and
//! those that run a script given as text (`eval`, `watch`, `su -c`) or a file in the current shell (`source`).

use super::entry::{Cwd, Example, Expect, Logic, Program, Runs, Touches};
use crate::argv::Options;

/// A wrapper that runs the command after its options and `before` more operands.
const fn wrapper(names: &'static [&'static str], options: Options, before: usize) -> Program {
    Program {
        options,
        runs: match before {
            0 => &[Runs::Command { operands_before: 0, input_as_arguments: false }],
            _ => &[Runs::Command { operands_before: 1, input_as_arguments: false }],
        },
        ..Program::named(names)
    }
}

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("uCS", &["unset", "chdir", "split-string"]),
        runs: &[
            Runs::Command { operands_before: 0, input_as_arguments: false },
            Runs::Assignments,
            Runs::ScriptOption(&["S", "split-string"]),
            Runs::DirectoryOption(&["C", "chdir"]),
        ],
        examples: &[
            Example("env -u HOME A=1 git push -f", Expect::Runs("git push -f")),
            Example("env -S 'git push -f'", Expect::Runs("git push -f")),
            Example("env -C .forge rm -rf runtime", Expect::Writes(".forge/runtime")),
            Example("env - git push -f", Expect::Runs("git push -f")),
            Example("env | grep PATH", Expect::Inert(".forge")),
        ],
        ..Program::named(&["env"])
    },
    // WSL runs a Linux command from Windows: `wsl -e CMD ARGS` (`--exec`) as it is, `wsl CMD…` and `wsl -- CMD…`
    // through its shell.
    Program {
        options: Options::new("du", &["distribution", "user", "cd", "shell-type", "distribution-id"]),
        runs: &[Runs::OperandsAfter(0), Runs::DirectoryOption(&["cd"])],
        examples: &[
            Example("wsl.exe -e git push origin +main:main", Expect::Runs("git push origin +main:main")),
            Example("wsl -u root --exec dd if=/dev/zero of=/dev/sda", Expect::Writes("/dev/sda")),
            Example("wsl -- rm -rf .forge", Expect::Writes(".forge")),
            Example("wsl.exe -e git diff --stat", Expect::Inert(".forge")),
            Example("wsl --list --verbose", Expect::Inert(".forge")),
        ],
        ..Program::named(&["wsl"])
    },
    Program {
        runs: &[
            Runs::Command { operands_before: 0, input_as_arguments: false },
            Runs::ShellOnInput(&["s", "i", "shell", "login"]),
        ],
        examples: &[
            Example("sudo -u root git push -f", Expect::Runs("git push -f")),
            Example("sudo -s <<< 'git push -f'", Expect::Runs("git push -f")),
            Example("echo 'rm -rf .forge' | sudo -i", Expect::Writes(".forge")),
            Example("echo 'rm -rf .forge' | sudo -u me cat", Expect::Inert(".forge")),
            Example("sudo -l", Expect::Inert(".forge")),
        ],
        ..wrapper(
            &["sudo"],
            Options::new(
                "ugpCDrtUhT",
                &[
                    "user",
                    "group",
                    "prompt",
                    "close-from",
                    "chdir",
                    "role",
                    "type",
                    "other-user",
                    "host",
                    "command-timeout",
                ],
            ),
            0,
        )
    },
    Program {
        runs: &[
            Runs::Command { operands_before: 0, input_as_arguments: false },
            Runs::ShellOnInput(&["s"]),
        ],
        examples: &[Example("doas -s <<< 'git push -f'", Expect::Runs("git push -f"))],
        ..wrapper(&["doas"], Options::new("uC", &[]), 0)
    },
    // shx, ShellJS's commands for npm scripts, runs the command it names (`shx rm -rf dist`).
    Program {
        examples: &[Example("npx -y shx rm -rf .forge", Expect::Writes(".forge"))],
        ..wrapper(&["shx"], Options::NONE, 0)
    },
    Program {
        examples: &[
            Example("nice -n 5 git push -f", Expect::Runs("git push -f")),
            Example("nice -5 rm -rf .forge", Expect::Writes(".forge")),
        ],
        ..wrapper(&["nice"], Options::new("n", &["adjustment"]), 0)
    },
    wrapper(&["ionice"], Options::new("cnpPu", &["class", "classdata", "pid", "pgid", "uid"]), 0),
    wrapper(&["stdbuf"], Options::new("ioe", &["input", "output", "error"]), 0),
    Program {
        examples: &[
            Example("timeout -s KILL 5 git push -f", Expect::Runs("git push -f")),
            Example("timeout 5 make", Expect::Inert(".forge")),
        ],
        ..wrapper(&["timeout"], Options::new("sk", &["signal", "kill-after"]), 1)
    },
    wrapper(&["chroot"], Options::new("", &["userspec", "groups"]), 1),
    // bubblewrap: the command after its options, some of which take two values (`--bind SRC DEST`).
    Program {
        examples: &[
            Example("bwrap --bind / / --dev /dev git push -f", Expect::Runs("git push -f")),
            Example("bwrap --ro-bind /usr /usr --setenv A 1 --chdir /w -- git push -f", Expect::Runs("git push -f")),
            Example("bwrap --dev-bind / / --tmpfs .claude claude -p x", Expect::Writes(".claude")),
            Example("bwrap --dev-bind / / --ro-bind /dev/null .husky/pre-commit git commit", Expect::Writes(".husky/pre-commit")),
            Example("bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --bind . . make", Expect::Inert(".forge")),
            Example("bwrap --bind / / --tmpfs /srv/app/.claude claude", Expect::Writes("/srv/app/.claude")),
            Example("bwrap --bind / / --tmpfs /tmp/p/.forge make", Expect::Writes("/tmp/p/.forge")),
            Example("bwrap --bind / / --tmpfs /var/tmp --tmpfs /opt --symlink usr/lib64 /lib64 make", Expect::Inert("/opt")),
        ],
        touches: Touches::Own(Logic::Sandbox),
        ..wrapper(
            &["bwrap"],
            Options::new(
                "",
                &[
                    "args",
                    "userns",
                    "userns2",
                    "pidns",
                    "uid",
                    "gid",
                    "hostname",
                    "chdir",
                    "unsetenv",
                    "lock-file",
                    "sync-fd",
                    "remount-ro",
                    "exec-label",
                    "file-label",
                    "proc",
                    "dev",
                    "tmpfs",
                    "mqueue",
                    "dir",
                    "seccomp",
                    "add-seccomp-fd",
                    "block-fd",
                    "userns-block-fd",
                    "info-fd",
                    "json-status-fd",
                    "cap-add",
                    "cap-drop",
                    "perms",
                    "size",
                ],
            )
            .with_pairs(&[
                "bind",
                "bind-try",
                "dev-bind",
                "dev-bind-try",
                "ro-bind",
                "ro-bind-try",
                "bind-fd",
                "ro-bind-fd",
                "setenv",
                "symlink",
                "file",
                "bind-data",
                "ro-bind-data",
                "chmod",
                "overlay-src",
            ]),
            0,
        )
    },
    // fzf runs the commands its key and event bindings name, and its preview command.
    Program {
        options: Options::new("q", &["bind", "preview", "query", "delimiter", "with-nth", "nth", "height", "prompt"]),
        runs: &[Runs::BoundActions("bind"), Runs::ScriptOption(&["preview"])],
        examples: &[
            Example(": | fzf --bind 'start:execute-silent(git push -f)+abort'", Expect::Runs("git push -f")),
            Example("fzf --bind 'enter:become[rm -rf .forge]'", Expect::Writes(".forge")),
            Example("fzf --preview 'git push -f'", Expect::Runs("git push -f")),
            Example(
                "git ls-files | fzf --preview 'bat {}' --bind 'ctrl-y:execute-silent(echo {} | pbcopy)'",
                Expect::Inert(".forge"),
            ),
        ],
        ..Program::named(&["fzf", "sk"])
    },
    // Terminal emulators: the command after `-e` (or `-x`, or `--`), as words or as one command line.
    Program {
        options: Options::new("e", &["command"]),
        runs: &[Runs::ExecOptions(&["-e", "-x", "--"]), Runs::ScriptOption(&["e", "command"])],
        examples: &[
            Example("xterm -e git push -f", Expect::Runs("git push -f")),
            Example("xterm -e 'git push -f origin main'", Expect::Runs("git push -f")),
            Example("gnome-terminal -- git push -f", Expect::Runs("git push -f")),
            Example("xterm -version", Expect::Inert(".forge")),
        ],
        ..Program::named(&[
            "xterm",
            "uxterm",
            "urxvt",
            "rxvt",
            "st",
            "alacritty",
            "konsole",
            "gnome-terminal",
            "xfce4-terminal",
            "terminator",
            "tilix",
            "lxterminal",
            "mate-terminal",
            "foot",
            "kitty",
            "x-terminal-emulator",
        ])
    },
    Program {
        options: Options::new(
            "ILnPsdEa",
            &["arg-file", "delimiter", "max-args", "max-procs", "max-chars", "max-lines", "eof", "process-slot-var"],
        ),
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: true }],
        examples: &[
            Example("ls .forge | xargs -n1 rm -rf", Expect::Writes(".forge")),
            Example("echo x | xargs git push -f", Expect::Runs("git push -f")),
            Example("git ls-files | xargs wc -l", Expect::Inert(".forge")),
        ],
        ..Program::named(&["xargs"])
    },
    // GNU parallel: `parallel rm ::: a b` runs `rm a`, `rm b` (the `:::` stays among the arguments, harmlessly).
    Program {
        options: Options::new(
            "jaIdENnLSCP",
            &[
                "jobs",
                "arg-file",
                "delimiter",
                "max-args",
                "max-lines",
                "results",
                "colsep",
                "sshlogin",
                "tmpdir",
                "workdir",
            ],
        ),
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: true }, Runs::ScriptsAfter(":::")],
        examples: &[
            Example("parallel -j2 rm -rf ::: .forge", Expect::Writes(".forge")),
            Example("parallel ::: 'git push --force' 'ls'", Expect::Runs("git push --force")),
        ],
        ..Program::named(&["parallel"])
    },
    wrapper(&["time"], Options::new("fo", &["format", "output"]), 0),
    wrapper(&["exec"], Options::new("a", &[]), 0),
    Program {
        examples: &[Example("nohup git push -f &", Expect::Runs("git push -f"))],
        ..wrapper(
            &[
                "builtin",
                "nohup",
                "setsid",
                "unbuffer",
                "busybox",
                "toybox",
                "coreutils",
                "caffeinate",
                "catchsegv",
            ],
            Options::NONE,
            0,
        )
    },
    // `command -v NAME` looks a name up: its operands are not read.
    Program {
        touches: Touches::Names,
        examples: &[
            Example("command git push -f", Expect::Runs("git push -f")),
            Example("command -v git", Expect::Inert(".forge")),
        ],
        ..wrapper(&["command"], Options::NONE, 0)
    },
    Program {
        options: Options::new("wEc", &["timeout", "conflict-exit-code", "command"]),
        runs: &[Runs::Command { operands_before: 1, input_as_arguments: false }, Runs::ScriptOption(&["c", "command"])],
        examples: &[
            Example("flock /tmp/l -c 'git push -f'", Expect::Runs("git push -f")),
            Example("flock -w 5 /tmp/l git push -f", Expect::Runs("git push -f")),
        ],
        ..Program::named(&["flock"])
    },
    // `sg GROUP [-c] CMD`: the command is one script.
    Program {
        options: Options::new("c", &[]),
        runs: &[Runs::ScriptOption(&["c"]), Runs::OperandsAfter(1)],
        examples: &[
            Example("sg docker -c 'docker push ghcr.io/a/b:1'", Expect::Runs("docker push")),
            Example("sg docker 'git push -f'", Expect::Runs("git push -f")),
        ],
        ..Program::named(&["sg"])
    },
    Program {
        options: Options::new("cusgG", &["command", "shell", "group", "supp-group"]),
        runs: &[Runs::ScriptOption(&["c", "command"]), Runs::ShellOnInput(&[])],
        examples: &[
            Example("su -c 'git push -f' me", Expect::Runs("git push -f")),
            Example("echo 'git push -f' | su - root", Expect::Runs("git push -f")),
            Example("echo 'rm -rf .forge' | su -c 'cat' me", Expect::Inert(".forge")),
        ],
        ..Program::named(&["su"])
    },
    // `script` runs its command and writes the session to its file operand (`typescript` when none is given).
    Program {
        options: Options::new("cEIOBT", &["command", "echo", "log-in", "log-out", "log-io", "log-timing"]),
        runs: &[Runs::ScriptOption(&["c", "command"])],
        touches: Touches::Creates,
        examples: &[
            Example("script -q -c 'rm -rf .forge' /dev/null", Expect::Writes(".forge")),
            Example("script -qc 'cargo build' src/lib.rs", Expect::Writes("src/lib.rs")),
        ],
        ..Program::named(&["script"])
    },
    Program {
        // `-x` (exec) is a flag, `-d`/`--differences[=permanent]` takes its value attached only.
        options: Options::new("nq", &["interval", "equexit"]),
        runs: &[Runs::OperandsAsScript],
        examples: &[
            Example("watch -n 1 'git push -f'", Expect::Runs("git push -f")),
            Example("watch -x git push -f", Expect::Runs("git push -f")),
            Example("watch -d rm -rf .forge", Expect::Writes(".forge")),
        ],
        ..Program::named(&["watch"])
    },
    Program {
        runs: &[Runs::Definitions],
        touches: Touches::Names,
        examples: &[
            Example("alias gs='git push --force'; gs", Expect::Runs("git push --force")),
            Example("alias ll='ls -la'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["alias"])
    },
    Program {
        // `trap 'CMD' SIGNAL…`: CMD runs when the shell gets the signal or exits (each operand read as a script: the
        // signal names run nothing).
        runs: &[Runs::OperandsAsScript],
        examples: &[
            Example("trap 'git push -f' EXIT", Expect::Runs("git push -f")),
            Example("trap 'rm -rf \"$tmp\"' EXIT", Expect::Inert(".forge")),
        ],
        ..Program::named(&["trap"])
    },
    Program {
        runs: &[Runs::ArgumentsAsScript],
        examples: &[
            Example("eval 'git push -f'", Expect::Runs("git push -f")),
            Example("eval '-x; git push -f'", Expect::Runs("git push -f")),
        ],
        ..Program::named(&["eval"])
    },
    Program {
        runs: &[Runs::SourcedFile],
        touches: Touches::Reads,
        examples: &[
            Example("source .env", Expect::Reads(".env")),
            Example("source <(echo 'git push --force')", Expect::Runs("git push --force")),
            Example(". <(printf 'rm -rf .forge')", Expect::Writes(".forge")),
            Example("source /dev/stdin <<< 'git push --force'", Expect::Runs("git push --force")),
        ],
        ..Program::named(&["source", "."])
    },
    // Tracers, profilers, schedulers' and sandboxes' front ends: each runs the command after its options (and
    // `operands_before` operands: `chrt PRIORITY CMD`, `taskset MASK CMD`).
    Program {
        examples: &[
            Example("strace -f -e trace=file git push --force", Expect::Runs("git push --force")),
            Example("ltrace -o /tmp/t git push -f", Expect::Runs("git push -f")),
        ],
        ..wrapper(&["strace"], Options::new("abeEIoOpPsSuXU", &["trace", "output", "signal", "string-limit"]), 0)
    },
    wrapper(&["ltrace"], Options::new("aAeFlnopsuwx", &["output", "library"]), 0),
    wrapper(&["valgrind", "heaptrack", "fakeroot", "firejail", "torsocks", "tsocks"], Options::NONE, 0),
    wrapper(&["proxychains", "proxychains4"], Options::new("f", &[]), 0),
    Program {
        examples: &[Example("chrt 0 git push -f", Expect::Runs("git push -f"))],
        ..wrapper(&["chrt"], Options::new("TPD", &["sched-runtime", "sched-period", "sched-deadline"]), 1)
    },
    Program {
        examples: &[
            Example("taskset 1 git push --force", Expect::Runs("git push --force")),
            Example("taskset -c 0,1 rm -rf .forge", Expect::Writes(".forge")),
        ],
        ..wrapper(&["taskset"], Options::NONE, 1)
    },
    wrapper(&["faketime"], Options::new("fm", &[]), 1),
    wrapper(
        &["numactl"],
        Options::new("CNmpi", &["physcpubind", "cpunodebind", "membind", "preferred", "interleave"]),
        0,
    ),
    wrapper(&["prlimit"], Options::new("po", &["pid", "output"]), 0),
    wrapper(
        &["unshare"],
        Options::new("SGRw", &["setuid", "setgid", "root", "wd", "propagation", "map-user", "map-group", "setgroups"]),
        0,
    ),
    wrapper(&["nsenter"], Options::new("tSGrwe", &["target", "setuid", "setgid", "root", "wd", "env"]), 0),
    wrapper(&["xvfb-run"], Options::new("nsfpe", &["server-num", "server-args", "auth-file", "error-file"]), 0),
    wrapper(&["dbus-run-session"], Options::new("", &["config-file", "dbus-daemon"]), 0),
    wrapper(
        &["setpriv"],
        Options::new("", &["reuid", "regid", "groups", "inh-caps", "ambient-caps", "bounding-set", "securebits"]),
        0,
    ),
    wrapper(&["cgexec"], Options::new("g", &[]), 0),
    wrapper(&["pkexec"], Options::new("", &["user"]), 0),
    // PyTorch's launcher: `torchrun [OPTIONS] --no-python PROGRAM ARGS` runs PROGRAM on each worker (else a Python
    // script, which is then the command's first word).
    Program {
        examples: &[
            Example("torchrun --standalone --nproc-per-node=1 --no-python git clean -fdx", Expect::Runs("git clean -fdx")),
            Example("torchrun --nnodes 1 --nproc_per_node 8 train.py --epochs 3", Expect::Inert(".forge")),
        ],
        ..wrapper(
            &["torchrun"],
            Options::new(
                "rt",
                &[
                    "nnodes",
                    "nproc-per-node",
                    "nproc_per_node",
                    "node-rank",
                    "node_rank",
                    "master-addr",
                    "master_addr",
                    "master-port",
                    "master_port",
                    "rdzv-backend",
                    "rdzv_backend",
                    "rdzv-endpoint",
                    "rdzv_endpoint",
                    "rdzv-id",
                    "rdzv_id",
                    "rdzv-conf",
                    "rdzv_conf",
                    "max-restarts",
                    "max_restarts",
                    "monitor-interval",
                    "monitor_interval",
                    "start-method",
                    "start_method",
                    "role",
                    "log-dir",
                    "log_dir",
                    "redirects",
                    "tee",
                    "local-addr",
                    "local_addr",
                    "local-ranks-filter",
                    "logs-specs",
                ],
            ),
            0,
        )
    },
    wrapper(&["daemonize"], Options::new("acelopuE", &[]), 0),
    Program {
        options: Options::new("ugGcsw", &["user", "group", "supp-group", "command", "shell", "whitelist-environment"]),
        runs: &[
            Runs::Command { operands_before: 0, input_as_arguments: false },
            Runs::ScriptOption(&["c", "command"]),
            Runs::ShellOnInput(&[]),
        ],
        examples: &[
            Example("runuser -u me -- git push -f", Expect::Runs("git push -f")),
            Example("echo 'git push -f' | runuser -u me", Expect::Runs("git push -f")),
            Example("runuser -u me -c 'rm -rf .forge'", Expect::Writes(".forge")),
        ],
        ..Program::named(&["runuser"])
    },
    // `entr CMD` (or, with `-s`, a script) runs when files change; `hyperfine CMD…` times each script it is given,
    // with its `--prepare`, `--setup` and `--conclude` scripts.
    Program {
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }, Runs::OperandsAsScript],
        examples: &[Example("ls | entr -s 'git push -f'", Expect::Runs("git push -f"))],
        ..Program::named(&["entr"])
    },
    Program {
        options: Options::new(
            "wrmMpcsPLnSNu",
            &[
                "warmup",
                "runs",
                "min-runs",
                "max-runs",
                "prepare",
                "conclude",
                "setup",
                "parameter-scan",
                "parameter-step-size",
                "parameter-list",
                "command-name",
                "shell",
                "time-unit",
                "export-csv",
                "export-json",
                "export-markdown",
                "output",
                "input",
                "reference",
                "style",
                "sort",
            ],
        ),
        runs: &[Runs::OperandsAsScript, Runs::ScriptOption(&["p", "prepare", "c", "conclude", "s", "setup"])],
        examples: &[
            Example("hyperfine 'git push -f'", Expect::Runs("git push -f")),
            Example("hyperfine --prepare 'rm -rf .forge' 'make'", Expect::Writes(".forge")),
            Example("hyperfine 'cargo build' 'cargo build --release'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["hyperfine"])
    },
    Program {
        options: Options::new("xwei", &["exec", "watch", "ext", "ignore", "delay", "signal", "config"]),
        // nodemon.json (or `--config FILE`): the command it runs, and those of its events.
        runs: &[
            Runs::ScriptOption(&["x", "exec"]),
            Runs::ConfigCommands {
                files: &["nodemon.json", "--config"],
                keys: &[
                    ("exec", ""),
                    ("start", ""),
                    ("restart", ""),
                    ("crash", ""),
                    ("exit", ""),
                    ("config:changed", ""),
                ],
                unknown: &[],
            },
        ],
        examples: &[
            Example("nodemon --exec 'git push -f'", Expect::Runs("git push -f")),
            Example(
                "printf '{\"watch\":[\"src\"],\"exec\":\"cat .env\"}' > nodemon.json && npx nodemon",
                Expect::Reads(".env"),
            ),
            Example(
                "printf '{\"watch\":[\"src\"],\"exec\":\"npm test\"}' > nodemon.json && npx nodemon",
                Expect::Inert(".forge"),
            ),
        ],
        ..Program::named(&["nodemon"])
    },
    Program {
        options: Options::new("ewfdip", &["exts", "watch", "filter", "ignore", "delay", "postpone", "shell", "signal"]),
        runs: &[Runs::OperandsAsScript],
        examples: &[
            Example("watchexec -e rs -- git push -f", Expect::Runs("git push -f")),
            Example("watchexec 'rm -rf .forge'", Expect::Writes(".forge")),
        ],
        ..Program::named(&["watchexec"])
    },
    Program {
        touches: Touches::Names,
        cwd: Cwd::Operand,
        examples: &[Example("cd .forge && rm -rf runtime", Expect::Writes(".forge/runtime"))],
        ..Program::named(&["cd", "pushd"])
    },
    Program { touches: Touches::Names, cwd: Cwd::Unknown, ..Program::named(&["popd"]) },
    // Environment and workspace runners that run a command given after `--` or as their words: `devbox run -- CMD`,
    // `nx exec -- CMD`, `lerna exec -- CMD`, `launchctl submit -l LABEL -- CMD` (later, as a job), and nix-shell's
    // `--run`/`--command` script.
    Program {
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
            ..Program::named(&["run"])
        }])],
        examples: &[Example("devbox run -- cargo publish", Expect::Runs("cargo publish"))],
        ..Program::named(&["devbox"])
    },
    // Nx's targets run commands (`nx:run-commands`' `command` and `commands` in `project.json`), and its plugins are
    // JavaScript.
    Program {
        runs: &[
            Runs::Subcommands(&[Program { runs: &[Runs::CommandAfterDoubleDash], ..Program::named(&["exec"]) }]),
            Runs::ConfigCommands {
                files: &["project.json", "*/project.json", "nx.json"],
                keys: &[("command", ""), ("commands", "")],
                unknown: &[],
            },
            Runs::CodeRecipes(&["*.js", "*.cjs", "*.mjs", "*.ts"]),
        ],
        examples: &[
            Example(
                "printf '{\"targets\":{\"s\":{\"executor\":\"nx:run-commands\",\"options\":{\"command\":\"git push -f\"}}}}' > project.json && npx nx run a:s",
                Expect::Runs("git push -f"),
            ),
            Example("npx nx exec -- git push origin +main:main", Expect::Runs("git push origin +main:main")),
            Example("lerna exec --no-bail -- git push --force", Expect::Runs("git push --force")),
            Example("nx run-many -t build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["nx", "lerna"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program { runs: &[Runs::CommandAfterDoubleDash], ..Program::named(&["submit"]) }])],
        examples: &[
            Example("launchctl submit -l x -- /bin/sh -c 'git reset --hard'", Expect::Runs("git reset --hard")),
            Example("launchctl list", Expect::Inert(".forge")),
        ],
        ..Program::named(&["launchctl"])
    },
    Program {
        options: Options::new("pIEA", &["run", "command", "packages", "arg", "argstr", "attr", "expr", "include"]),
        // (A `shell.nix` or `default.nix` the line wrote holds a `shellHook`, not read: asked.)
        runs: &[Runs::ScriptOption(&["run", "command"]), Runs::UnreadRecipes(&["shell.nix", "default.nix", "*.nix"])],
        examples: &[
            Example(
                "printf 'mkShell { shellHook = \"git push -f\"; }' > shell.nix && nix-shell --run make",
                Expect::Unknown,
            ),
            Example("nix-shell -p git --run 'git push -f'", Expect::Runs("git push -f")),
            Example("nix-shell --run 'cargo test'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["nix-shell"])
    },
    // Nix's own command line: `nix run INSTALLABLE -- ARGS` runs the package's program (`nixpkgs#git` is git), `nix
    // shell|develop … -c CMD` runs a command inside the environment.
    Program {
        runs: &[
            Runs::PackageProgram {
                subcommands: &["run"],
                options: Options::new("Lf", &["expr", "file", "override-input", "inputs-from", "impure", "option"]),
                script_options: &[],
                flakes: true,
            },
            Runs::Subcommands(&[Program {
                runs: &[Runs::ExecOptions(&["-c", "--command"])],
                ..Program::named(&["shell", "develop"])
            }]),
            Runs::UnreadRecipes(&["flake.nix", "shell.nix", "default.nix", "*.nix"]),
        ],
        examples: &[
            Example("printf '{ }' > flake.nix && nix develop -c cargo build", Expect::Unknown),
            Example("nix run nixpkgs#git -- push -f origin main", Expect::Runs("git push -f origin main")),
            Example("nix shell nixpkgs#git -c git push --force", Expect::Runs("git push --force")),
            Example("nix develop --command bash -c 'rm -rf .forge'", Expect::Writes(".forge")),
            Example("nix run .#test", Expect::Inert(".forge")),
            Example("nix develop -c cargo test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["nix"])
    },
];
