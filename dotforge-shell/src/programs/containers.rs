//! Container CLIs (docker, podman, nerdctl, buildah) and compose: their global options and their subcommands'
//! options that take a value, so that what a command pushes is found after them (`docker --context prod push`,
//! `docker compose -f prod.yml push`, `docker buildx build -t app --push .`), and the command a container runs
//! (`docker run IMAGE CMD`, `docker exec C CMD`, compose's `run` and `exec`, read by [`crate::containers`]): still
//! this agent's act. A build's `-o` stays a flag here: its value (`type=registry`, `push=true`) then reads as an
//! argument of its own, which a pattern can ask for.

use super::entry::{Example, Expect, Program, Runs, Subcommand};
use crate::argv::Options;

/// The options of `build`, `buildx` (and its `build`, `bake`), `image` and `builder` that take a value.
const BUILD_OPTIONS: Options = Options::new(
    "ft",
    &[
        "file",
        "tag",
        "build-arg",
        "target",
        "platform",
        "label",
        "builder",
        "network",
        "secret",
        "ssh",
        "cache-from",
        "cache-to",
        "progress",
        "iidfile",
        "metadata-file",
        "output",
        "set",
        "annotation",
        "attest",
    ],
);

/// The options of compose (before and after its subcommand) that take a value.
const COMPOSE_OPTIONS: Options = Options::new(
    "fp",
    &["file", "project-name", "profile", "env-file", "project-directory", "ansi", "progress", "parallel"],
);

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

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new(
            "Hclna",
            &[
                "host",
                "context",
                "config",
                "log-level",
                "tlscacert",
                "tlscert",
                "tlskey",
                "url",
                "connection",
                "identity",
                "root",
                "runroot",
                "storage-driver",
                "namespace",
                "address",
                "cgroup-manager",
            ],
        ),
        subcommands: &[
            Subcommand { names: &["build", "buildx", "builder", "image"], options: BUILD_OPTIONS },
            Subcommand { names: &["compose"], options: COMPOSE_OPTIONS },
            Subcommand { names: &["*"], options: Options::NONE },
        ],
        runs: &[
            Runs::Subcommands(&[
                RUN,
                EXEC,
                Program { runs: &[Runs::Subcommands(RUN_AND_EXEC)], ..Program::named(&["container"]) },
                Program {
                    options: COMPOSE_OPTIONS,
                    runs: &[Runs::Subcommands(COMPOSE)],
                    ..Program::named(&["compose"])
                },
            ]),
            // A compose file the line wrote gives its services the `env_file` it names (`.env` read).
            Runs::ConfigCommands {
                files: &["compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml", "*.yaml", "*.yml"],
                keys: &[("env_file", "cat")],
                unknown: &[],
            },
        ],
        examples: &[
            Example(
                "printf 'services:\\n  d:\\n    image: alpine\\n    env_file: .env\\n' > c.yaml && docker compose -f c.yaml run d",
                Expect::Reads(".env"),
            ),
            Example("docker --context prod push app:1", Expect::Subcommand("push")),
            Example("podman --connection remote image push app:1", Expect::Subcommand("image")),
            Example("docker -H ssh://host compose -f prod.yml push", Expect::Subcommand("compose")),
            Example("docker run --env-file .env app", Expect::Reads(".env")),
            Example("docker run --rm -v $PWD:/w -w /w alpine/git push --force", Expect::Runs("git push --force")),
            Example("docker run -v $PWD:/w alpine rm -rf /w/.forge", Expect::Writes(".forge")),
            Example("podman run -v .:/w alpine sh -c 'rm -rf /w/.forge'", Expect::Writes(".forge")),
            Example("docker exec web git push -f", Expect::Runs("git push -f")),
            Example("docker compose run --rm app git push -f", Expect::Runs("git push -f")),
            Example("docker container run alpine git push -f", Expect::Runs("git push -f")),
            Example("docker run --rm -p 8080:80 nginx", Expect::Inert(".forge")),
            Example(
                "printf 'FROM alpine\\nCMD [\"rm\", \"-rf\", \"/app/.forge\"]\\n' > D.x && docker build -f D.x -t x . && docker run -v \"$PWD\":/app x",
                Expect::Writes(".forge"),
            ),
            Example(
                "printf 'FROM alpine\\nENTRYPOINT [\"git\"]\\nCMD [\"push\", \"-f\"]\\n' > D.y && docker build -f D.y -t y:1 . && docker run y:1",
                Expect::Runs("git push -f"),
            ),
            Example(
                "printf 'FROM alpine\\nCMD git push -f\\n' > D.z && docker image build -t z -f D.z . && docker container run z",
                Expect::Runs("git push -f"),
            ),
            // The base image's entrypoint runs the command when the Dockerfile sets none (a stage named earlier
            // followed to its base).
            Example(
                "printf 'FROM alpine/git:2.45\nCMD [\"push\", \"-f\"]\n' > D.w && docker build -f D.w -t w . && docker run w",
                Expect::Runs("git push -f"),
            ),
            Example(
                "printf 'FROM alpine/git AS tools\nFROM tools\n' > D.v && docker build -f D.v -t v . && docker run v push -f",
                Expect::Runs("git push -f"),
            ),
            Example(
                "printf 'FROM node:20\nCMD rm -rf /app/.forge\n' > D.u && docker build -f D.u -t u . && docker run -v \"$PWD\":/app u",
                Expect::Writes(".forge"),
            ),
            Example(
                "printf 'FROM alpine/git\nENTRYPOINT [\"sh\"]\n' > D.t && docker build -f D.t -t t . && docker run t push -f",
                Expect::Inert(".forge"),
            ),
            Example("docker build -t app . && docker run -p 3000:3000 app", Expect::Inert(".forge")),
            Example("docker ps -a", Expect::Inert(".forge")),
        ],
        ..Program::named(&["docker", "podman", "nerdctl", "buildah", "finch"])
    },
    Program {
        options: COMPOSE_OPTIONS,
        subcommands: &[Subcommand { names: &["*"], options: COMPOSE_OPTIONS }],
        runs: &[Runs::Subcommands(COMPOSE)],
        examples: &[
            Example("docker-compose -f prod.yml -p app push", Expect::Subcommand("push")),
            Example("docker-compose exec app git push -f", Expect::Runs("git push -f")),
        ],
        ..Program::named(&["docker-compose", "podman-compose"])
    },
];
