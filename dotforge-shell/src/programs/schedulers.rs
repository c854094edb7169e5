//! Programs that run a command later or in another terminal: job schedulers (`at`, `batch`, `crontab`, a transient
//! systemd unit) and terminal multiplexers (a new tmux session or window with a command, keys sent into a pane,
//! `screen -dm CMD`, `screen -X stuff KEYS`). What they run later is read now.

use super::entry::{Example, Expect, Program, Runs, ScriptLines};
use crate::argv::Options;

/// tmux's subcommands that run a command, and their options that take a value.
const TMUX_RUNNING: &[Program] = &[
    Program {
        options: Options::new("cefFnstxyX", &[]),
        runs: &[Runs::OperandsAsScript],
        ..Program::named(&[
            "new-session",
            "new",
            "new-window",
            "neww",
            "split-window",
            "splitw",
            "respawn-pane",
            "respawnp",
            "respawn-window",
            "respawnw",
            "run-shell",
            "run",
            "if-shell",
            "if",
            "pipe-pane",
            "pipep",
            "display-popup",
            "popup",
        ])
    },
    Program { options: Options::new("Nt", &[]), runs: &[Runs::Keys], ..Program::named(&["send-keys", "send"]) },
];

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("qftT", &[]),
        runs: &[Runs::InputScript { file_options: &["f"], lines: ScriptLines::Shell }],
        examples: &[
            Example("echo 'git push --force' | at now", Expect::Runs("git push --force")),
            Example("at now + 1 minute <<< 'rm -rf .forge'", Expect::Writes(".forge")),
            Example("batch <<< 'git push -f'", Expect::Runs("git push -f")),
            Example("at -l", Expect::Inert(".forge")),
        ],
        ..Program::named(&["at", "batch"])
    },
    Program {
        options: Options::new("u", &[]),
        runs: &[Runs::InputScript { file_options: &[], lines: ScriptLines::Crontab }],
        examples: &[
            Example("echo '*/5 * * * * git push --force' | crontab -", Expect::Runs("git push --force")),
            Example("echo '@reboot rm -rf .forge' | crontab -", Expect::Writes(".forge")),
            Example("crontab -l", Expect::Inert(".forge")),
        ],
        ..Program::named(&["crontab"])
    },
    Program {
        options: Options::new(
            "pEuMH",
            &[
                "property",
                "setenv",
                "unit",
                "machine",
                "host",
                "uid",
                "gid",
                "nice",
                "working-directory",
                "slice",
                "description",
                "on-active",
                "on-boot",
                "on-startup",
                "on-unit-active",
                "on-unit-inactive",
                "on-calendar",
                "timer-property",
                "service-type",
            ],
        ),
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
        examples: &[Example("systemd-run --user --on-active=30 git push --force", Expect::Runs("git push --force"))],
        ..Program::named(&["systemd-run"])
    },
    Program {
        options: Options::new("cfLST", &[]),
        runs: &[Runs::ScriptOption(&["c"]), Runs::Subcommands(TMUX_RUNNING)],
        examples: &[
            Example("tmux new-session -d 'git push --force'", Expect::Runs("git push --force")),
            Example("tmux new -d -s job rm -rf .forge", Expect::Writes(".forge")),
            Example("tmux send-keys -t 0 'git push --force' Enter", Expect::Runs("git push --force")),
            Example("tmux run-shell 'git push -f'", Expect::Runs("git push -f")),
            Example("tmux split-window -h 'rm -rf .forge'", Expect::Writes(".forge")),
            Example("tmux ls", Expect::Inert(".forge")),
            Example("tmux attach -t main", Expect::Inert(".forge")),
        ],
        ..Program::named(&["tmux"])
    },
    Program {
        options: Options::new("SXpcehsTt", &[]),
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }, Runs::Keys],
        examples: &[
            Example("screen -dm bash -c 'git push --force'", Expect::Runs("git push --force")),
            Example("screen -S s -X stuff 'rm -rf .forge\\n'", Expect::Writes(".forge")),
            Example("screen -ls", Expect::Inert(".forge")),
        ],
        ..Program::named(&["screen"])
    },
];
