//! Programs that run a command later, elsewhere or in another terminal: job schedulers (`at`, `batch`, `crontab`, a
//! transient systemd unit), HPC batch systems (Slurm, PBS) and Apptainer's containers, and terminal multiplexers (a
//! new tmux session or window with a command, keys sent into a pane, `screen -dm CMD`, `screen -X stuff KEYS`). What
//! they run later is read now.

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

/// Slurm's options that take a value (sbatch, srun and salloc share most).
const SLURM_OPTIONS: Options = Options::new(
    "ABCDJLMNSTWabcdeikmnopqstuwx",
    &[
        "account",
        "array",
        "chdir",
        "constraint",
        "cpus-per-task",
        "dependency",
        "error",
        "export",
        "gres",
        "input",
        "job-name",
        "mem",
        "mem-per-cpu",
        "nodes",
        "ntasks",
        "output",
        "partition",
        "qos",
        "time",
        "wrap",
        "nodelist",
        "exclude",
        "reservation",
        "mail-type",
        "mail-user",
        "comment",
        "licenses",
        "begin",
    ],
);

pub(super) const PROGRAMS: &[Program] = &[
    // HPC batch schedulers run a job script later on another machine that shares this one's files: `sbatch
    // --wrap=CMD`, `sbatch job.sh`, `qsub job.pbs`, a script on their input; `srun`/`salloc CMD` run it now.
    Program {
        options: SLURM_OPTIONS,
        runs: &[Runs::ScriptOption(&["wrap"]), Runs::InputScript { file_options: &[], lines: ScriptLines::Job }],
        examples: &[
            Example("sbatch --wrap=\"git reflog expire --expire=now --all\"", Expect::Runs("git reflog expire")),
            Example("sbatch -J x --wrap 'rm -rf .forge/runtime'", Expect::Writes(".forge/runtime")),
            Example("sbatch jobs/train.sh", Expect::Inert(".forge")),
        ],
        ..Program::named(&["sbatch"])
    },
    Program {
        options: SLURM_OPTIONS,
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
        examples: &[
            Example("srun --ntasks=1 rm -rf ../acme-web", Expect::Writes("../acme-web")),
            Example("srun -n 4 python train.py", Expect::Inert(".forge")),
        ],
        ..Program::named(&["srun", "salloc"])
    },
    Program {
        options: Options::new("ACNSWacehjlmoqpvP", &["pe"]),
        runs: &[Runs::InputScript { file_options: &[], lines: ScriptLines::Job }, Runs::CommandAfterDoubleDash],
        examples: &[
            Example("echo 'rm -rf \"$HOME\"/*' | qsub -N tidy -l walltime=00:05:00", Expect::Writes("~")),
            Example("qsub -l nodes=1 -- git push -f", Expect::Runs("git push -f")),
            Example("qsub -l walltime=1:00:00 jobs/train.pbs", Expect::Inert(".forge")),
        ],
        ..Program::named(&["qsub"])
    },
    // Apptainer (Singularity) runs a command in a container that sees this machine's home and working folder at
    // the same paths; `-B SRC:DST` mounts more, mapped back as docker's `-v` is.
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("BCeH", &["bind", "mount", "home", "env", "env-file", "pwd", "workdir", "overlay"]),
            runs: &[Runs::Container],
            ..Program::named(&["exec", "run"])
        }])],
        examples: &[
            Example(
                "apptainer exec docker://alpine/git git -C \"$PWD\" push --no-verify origin main",
                Expect::Runs("git -C"),
            ),
            Example(
                "apptainer exec -B \"$PWD/.claude\":/mnt docker://alpine sh -c 'rm -f /mnt/settings.json'",
                Expect::Writes(".claude/settings.json"),
            ),
            Example("singularity run docker://alpine/git push -f origin main", Expect::Runs("git push -f")),
            Example("apptainer exec docker://python:3.12 python -m pytest", Expect::Inert(".forge")),
        ],
        ..Program::named(&["apptainer", "singularity"])
    },
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
