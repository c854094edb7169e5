//! Container CLIs (docker, podman, nerdctl, buildah) and compose: their global options and their subcommands'
//! options that take a value, so that what a command pushes is found after them (`docker --context prod push`,
//! `docker compose -f prod.yml push`, `docker buildx build -t app --push .`). A build's `-o` stays a flag here: its
//! value (`type=registry`, `push=true`) then reads as an argument of its own, which a pattern can ask for.

use super::entry::{Example, Expect, Program, Subcommand};
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
        examples: &[
            Example("docker --context prod push app:1", Expect::Subcommand("push")),
            Example("podman --connection remote image push app:1", Expect::Subcommand("image")),
            Example("docker -H ssh://host compose -f prod.yml push", Expect::Subcommand("compose")),
            Example("docker run --env-file .env app", Expect::Reads(".env")),
        ],
        ..Program::named(&["docker", "podman", "nerdctl", "buildah"])
    },
    Program {
        options: COMPOSE_OPTIONS,
        subcommands: &[Subcommand { names: &["*"], options: COMPOSE_OPTIONS }],
        examples: &[Example("docker-compose -f prod.yml -p app push", Expect::Subcommand("push"))],
        ..Program::named(&["docker-compose", "podman-compose"])
    },
];
