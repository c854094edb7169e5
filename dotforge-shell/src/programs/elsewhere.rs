//! Programs that run a command on another machine or in a container: ssh (the command after the host, and its
//! `ProxyCommand`/`LocalCommand` options), container engines (`docker run IMAGE CMD`, `docker exec C CMD`, compose's
//! `run` and `exec`, read by [`crate::containers`]) and cluster and VM front ends (`kubectl exec POD -- CMD`). What
//! runs there is still this agent's act.

use super::entry::{Example, Expect, Output, Program, Runs};
use crate::argv::Options;

/// ssh's options that set a command (compared without case).
pub(super) const SSH_COMMAND_KEYS: &[&str] = &["ProxyCommand", "LocalCommand", "KnownHostsCommand", "RemoteCommand"];

/// `docker run`'s (and podman's, nerdctl's) options that take a value.
const RUN_OPTIONS: Options = Options::new(
    "aehlmpuvwc",
    &[
        "add-host",
        "attach",
        "blkio-weight",
        "cap-add",
        "cap-drop",
        "cgroup-parent",
        "cgroupns",
        "cidfile",
        "cpu-shares",
        "cpus",
        "cpuset-cpus",
        "detach-keys",
        "device",
        "dns",
        "entrypoint",
        "env",
        "env-file",
        "expose",
        "gpus",
        "group-add",
        "health-cmd",
        "hostname",
        "ip",
        "ipc",
        "label",
        "label-file",
        "link",
        "log-driver",
        "log-opt",
        "mac-address",
        "memory",
        "memory-swap",
        "mount",
        "name",
        "net",
        "network",
        "pid",
        "platform",
        "publish",
        "pull",
        "restart",
        "runtime",
        "security-opt",
        "shm-size",
        "stop-signal",
        "stop-timeout",
        "storage-opt",
        "sysctl",
        "tmpfs",
        "ulimit",
        "user",
        "userns",
        "uts",
        "volume",
        "volumes-from",
        "workdir",
    ],
);

/// `docker exec`'s options that take a value.
const EXEC_OPTIONS: Options = Options::new("euw", &["env", "env-file", "user", "workdir", "detach-keys"]);

/// `run IMAGE CMD` (and `create`, which `start` runs later).
const RUN: Program = Program { options: RUN_OPTIONS, runs: &[Runs::Container], ..Program::named(&["run", "create"]) };
/// `exec CONTAINER CMD`.
const EXEC: Program = Program { options: EXEC_OPTIONS, runs: &[Runs::Container], ..Program::named(&["exec"]) };
/// The container subcommands that run a command.
const RUN_AND_EXEC: &[Program] = &[RUN, EXEC];

/// compose's `run SERVICE CMD` and `exec SERVICE CMD` (a service is no image: its program is not guessed).
const COMPOSE: &[Program] = &[
    Program {
        options: Options::new(
            "elpuvw",
            &["entrypoint", "env", "label", "name", "publish", "user", "volume", "workdir"],
        ),
        runs: &[Runs::Container],
        ..Program::named(&["exec"])
    },
    Program {
        options: Options::new(
            "elpuvw",
            &["entrypoint", "env", "label", "name", "publish", "user", "volume", "workdir"],
        ),
        runs: &[Runs::Container],
        ..Program::named(&["run"])
    },
];

/// compose's own options before its subcommand.
const COMPOSE_OPTIONS: Options =
    Options::new("fp", &["file", "project-name", "profile", "env-file", "project-directory", "ansi", "progress"]);

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("BbcDEeFIiJLlmOoPpQRSWw", &[]),
        runs: &[Runs::OperandsAfter(1), Runs::KeyedScriptOption("o", SSH_COMMAND_KEYS)],
        examples: &[
            Example("ssh host 'git push --force'", Expect::Runs("git push --force")),
            Example("ssh -p 2222 user@host git push -f", Expect::Runs("git push -f")),
            Example("ssh -o ProxyCommand='git push -f' host", Expect::Runs("git push -f")),
            Example("ssh -o 'LocalCommand git push -f' -o PermitLocalCommand=yes host", Expect::Runs("git push -f")),
            Example("ssh -i ~/.ssh/key host uptime", Expect::Inert(".forge")),
            Example("ssh -T git@github.com", Expect::Inert(".forge")),
        ],
        ..Program::named(&["ssh", "autossh", "mosh"])
    },
    Program {
        options: Options::new("BbcDFiJlPRSo", &[]),
        runs: &[Runs::KeyedScriptOption("o", SSH_COMMAND_KEYS), Runs::ScriptOption(&["S", "D"])],
        examples: &[Example("sftp -o ProxyCommand='rm -rf .forge' host", Expect::Writes(".forge"))],
        ..Program::named(&["sftp"])
    },
    Program {
        options: Options::new("cHlD", &["config", "context", "host", "log-level", "tlscacert", "tlscert", "tlskey"]),
        runs: &[Runs::Subcommands(&[
            RUN,
            EXEC,
            Program { runs: &[Runs::Subcommands(RUN_AND_EXEC)], ..Program::named(&["container"]) },
            Program { options: COMPOSE_OPTIONS, runs: &[Runs::Subcommands(COMPOSE)], ..Program::named(&["compose"]) },
        ])],
        examples: &[
            Example("docker run --rm -v $PWD:/w -w /w alpine/git push --force", Expect::Runs("git push --force")),
            Example("docker run -v $PWD:/w alpine rm -rf /w/.forge", Expect::Writes(".forge")),
            Example("podman run -v .:/w alpine sh -c 'rm -rf /w/.forge'", Expect::Writes(".forge")),
            Example("docker exec web git push -f", Expect::Runs("git push -f")),
            Example("docker compose run --rm app git push -f", Expect::Runs("git push -f")),
            Example("docker container run alpine git push -f", Expect::Runs("git push -f")),
            Example("docker run --rm -p 8080:80 nginx", Expect::Inert(".forge")),
            Example("docker ps -a", Expect::Inert(".forge")),
        ],
        ..Program::named(&["docker", "podman", "nerdctl", "finch"])
    },
    Program {
        options: COMPOSE_OPTIONS,
        runs: &[Runs::Subcommands(COMPOSE)],
        examples: &[Example("docker-compose exec app git push -f", Expect::Runs("git push -f"))],
        ..Program::named(&["docker-compose", "podman-compose"])
    },
    Program {
        options: Options::new("nscl", &["namespace", "context", "cluster", "kubeconfig", "container", "selector"]),
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("cf", &["container", "filename", "pod-running-timeout"]),
            runs: &[Runs::CommandAfterDoubleDash],
            ..Program::named(&["exec", "run", "debug", "attach"])
        }])],
        examples: &[
            Example("kubectl exec -it pod -- git push --force", Expect::Runs("git push --force")),
            Example("kubectl -n prod exec pod -c app -- sh -c 'rm -rf .forge'", Expect::Writes(".forge")),
            Example("kubectl get pods -- x", Expect::Inert(".forge")),
        ],
        // `kubectl completion bash` prints shell setup.
        output: Output::ShellSetup(&["completion"]),
        ..Program::named(&["kubectl", "oc"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("", &["env", "cwd", "user", "group", "project"]),
            runs: &[Runs::CommandAfterDoubleDash],
            ..Program::named(&["exec", "shell"])
        }])],
        examples: &[Example("lxc exec box -- git push -f", Expect::Runs("git push -f"))],
        ..Program::named(&["lxc", "incus", "multipass"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("c", &["command"]),
            runs: &[Runs::ScriptOption(&["c", "command"])],
            ..Program::named(&["ssh"])
        }])],
        examples: &[Example("vagrant ssh -c 'git push -f'", Expect::Runs("git push -f"))],
        ..Program::named(&["vagrant"])
    },
];
