//! Agent CLIs, which run whatever their model decides (self-protection governs how they may be started: with the
//! hooks that govern this project, with a person's approval, and those this hook does not govern not at all), and
//! dotforge's own authoring CLI, which edits a catalog ([`crate::authoring`]).
//!
//! Their value-taking options are read from each CLI's `--help` — the versions the real-client tiers pin (Claude Code
//! 2.1.328, Codex 0.169.0, Gemini 0.61.0, Qwen 0.24.4, Copilot 1.0.102, Droid 0.225.2, Kilo 7.7.9), opencode 1.18.33,
//! Amp 0.0.1790142911, Aider 0.86.2's `args.py` — and from the docs of Cursor's agent and goose, which are not on npm.
//! `packages` are what `npx`, `pnpm dlx`, `bunx`, `pipx run` and `uvx` install: `npx opencode-ai run` runs
//! `opencode run`. A package's installed file run by its path (`node …/node_modules/@anthropic-ai/claude-code/cli.js`,
//! `…/@ampcode/cli/bin/amp.exe`) is its program too.

use super::entry::{Example, Expect, Logic, Program, Touches};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new(
            "n",
            &[
                "add-dir",
                "agent",
                "agents",
                "allowedTools",
                "allowed-tools",
                "append-system-prompt",
                "autocompact",
                "betas",
                "debug-file",
                "disallowedTools",
                "disallowed-tools",
                "effort",
                "environment",
                "fallback-model",
                "file",
                "input-format",
                "json-schema",
                "max-budget-usd",
                "mcp-config",
                "model",
                "name",
                "output-format",
                "permission-mode",
                "permission-prompts",
                "plugin-dir",
                "plugin-url",
                "remote-control-session-name-prefix",
                "session-id",
                "setting-sources",
                "settings",
                "system-prompt",
                "system-prompt-snapshot",
                "tools",
            ],
        ),
        packages: &["@anthropic-ai/claude-code"],
        examples: &[
            Example("npx -y @anthropic-ai/claude-code@latest -p x", Expect::Runs("claude -p x")),
            Example(
                "node /usr/lib/node_modules/@anthropic-ai/claude-code/cli.js --bare -p x",
                Expect::Runs("claude --bare"),
            ),
            Example("./node_modules/@anthropic-ai/claude-code/bin/claude.exe -p x", Expect::Runs("claude -p x")),
            Example("node \"$(npm root -g)/@anthropic-ai/claude-code/cli.js\" -p x", Expect::Runs("claude -p x")),
            Example("claude --settings=team.json -p x", Expect::Reads("team.json")),
            Example("claude -p --model sonnet 'explain'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["claude"])
    },
    Program {
        options: Options::new(
            "cimpsCao",
            &[
                "config",
                "enable",
                "disable",
                "remote",
                "remote-auth-token-env",
                "image",
                "model",
                "local-provider",
                "profile",
                "sandbox",
                "cd",
                "add-dir",
                "ask-for-approval",
                "thread-source",
                "cyber-access-program",
                "output-schema",
                "color",
                "output-last-message",
            ],
        ),
        packages: &["@openai/codex"],
        examples: &[
            Example("npx @openai/codex exec --yolo x", Expect::Runs("codex exec --yolo")),
            Example("node node_modules/@openai/codex/bin/codex.js exec x", Expect::Runs("codex exec x")),
        ],
        ..Program::named(&["codex"])
    },
    Program {
        options: Options::new(
            "mpiwero",
            &[
                "model",
                "prompt",
                "prompt-interactive",
                "worktree",
                "approval-mode",
                "policy",
                "admin-policy",
                "allowed-mcp-server-names",
                "allowed-tools",
                "extensions",
                "resume",
                "session-file",
                "session-id",
                "delete-session",
                "include-directories",
                "output-format",
            ],
        ),
        packages: &["@google/gemini-cli"],
        examples: &[
            Example("npx @google/gemini-cli --yolo -p x", Expect::Runs("gemini --yolo")),
            Example("gemini --policy=./policy.toml -p x", Expect::Reads("policy.toml")),
        ],
        ..Program::named(&["gemini"])
    },
    Program {
        options: Options::new(
            "mpieor",
            &[
                "model",
                "fallback-model",
                "prompt",
                "prompt-interactive",
                "system-prompt",
                "append-system-prompt",
                "output-style",
                "approval-mode",
                "channel",
                "allowed-mcp-server-names",
                "mcp-config",
                "allowed-tools",
                "extensions",
                "include-directories",
                "add-dir",
                "openai-api-key",
                "openai-base-url",
                "input-format",
                "output-format",
                "json-file",
                "json-schema",
                "input-file",
                "resume",
                "session-id",
                "worktree",
                "max-session-turns",
                "max-wall-time",
                "max-tool-calls",
                "core-tools",
                "exclude-tools",
                "auth-type",
            ],
        ),
        packages: &["@qwen-code/qwen-code"],
        examples: &[Example("pnpm dlx @qwen-code/qwen-code --yolo x", Expect::Runs("qwen --yolo x"))],
        ..Program::named(&["qwen"])
    },
    Program {
        options: Options::new(
            "ipnC",
            &[
                "interactive",
                "prompt",
                "model",
                "reasoning-effort",
                "context",
                "agent",
                "name",
                "session-id",
                "log-dir",
                "log-level",
                "stream",
                "output-format",
                "add-dir",
                "attachment",
                "disable-mcp-server",
                "plugin-dir",
                "additional-mcp-config",
                "mode",
                "max-autopilot-continues",
                "allow-tool",
                "deny-tool",
                "available-tools",
                "excluded-tools",
                "allow-url",
                "deny-url",
                "usage-output-file",
            ],
        ),
        packages: &["@github/copilot"],
        examples: &[Example("npx @github/copilot -p x --allow-all-tools", Expect::Runs("copilot -p x"))],
        ..Program::named(&["copilot"])
    },
    Program {
        options: Options::new(
            "ofsmr",
            &[
                "settings",
                "append-system-prompt",
                "append-system-prompt-file",
                "fork",
                "cwd",
                "auto",
                "output-format",
                "input-format",
                "file",
                "session-id",
                "model",
                "reasoning-effort",
                "only-tools",
                "add-tools",
                "remove-tools",
                "tag",
            ],
        ),
        packages: &["@factory/cli"],
        examples: &[
            Example("npx @factory/cli exec --auto high x", Expect::Runs("droid exec --auto high x")),
            Example("droid exec --file=task.md", Expect::Reads("task.md")),
        ],
        ..Program::named(&["droid"])
    },
    // Kilo Code is a fork of opencode: the same options, its own names and variables.
    Program {
        options: OPENCODE_OPTIONS,
        packages: &["@kilocode/cli"],
        examples: &[Example("npx @kilocode/cli run --auto x", Expect::Runs("kilo run --auto x"))],
        ..Program::named(&["kilo", "kilocode"])
    },
    // The agent CLIs this hook does not govern (no hook of theirs runs it): opencode, Aider, Cursor's agent, Amp and
    // goose (Block's; a database migration tool has the same name and other subcommands).
    Program {
        options: OPENCODE_OPTIONS,
        packages: &["opencode-ai"],
        examples: &[
            Example("npx opencode-ai run 'push it'", Expect::Runs("opencode run")),
            Example("opencode run --file=notes.md x", Expect::Reads("notes.md")),
        ],
        ..Program::named(&["opencode"])
    },
    Program {
        options: Options::new(
            "mfc",
            &[
                "model",
                "message",
                "msg",
                "message-file",
                "file",
                "read",
                "lint-cmd",
                "test-cmd",
                "config",
                "env-file",
                "edit-format",
                "weak-model",
                "editor-model",
                "set-env",
                "api-key",
                "list-models",
                "models",
                "load",
            ],
        ),
        packages: &["aider-chat"],
        examples: &[
            Example("uvx aider-chat --message x", Expect::Runs("aider --message x")),
            Example("pipx run aider-chat --yes-always", Expect::Runs("aider --yes-always")),
            Example("aider --message-file=task.md", Expect::Reads("task.md")),
        ],
        ..Program::named(&["aider"])
    },
    Program {
        options: Options::new("", &["api-key", "model", "mode", "output-format", "workspace", "resume", "sandbox"]),
        examples: &[Example("cursor-agent -p --force 'push it'", Expect::Inert(".forge"))],
        ..Program::named(&["cursor-agent", "agent"])
    },
    Program {
        options: Options::new(
            "ml",
            &[
                "visibility",
                "settings-file",
                "log-level",
                "log-file",
                "mcp-config",
                "mode",
                "features",
                "executor",
                "runner-dir",
                "attach",
                "orb-size",
                "title",
                "label",
            ],
        ),
        packages: &["@sourcegraph/amp", "@ampcode/cli"],
        examples: &[
            Example("npx @sourcegraph/amp -x 'push it'", Expect::Runs("amp -x")),
            Example("/opt/node_modules/@ampcode/cli/bin/amp.exe --dangerously-allow-all", Expect::Runs("amp")),
        ],
        ..Program::named(&["amp"])
    },
    Program {
        options: Options::new("itn", &["instructions", "text", "system", "recipe", "params", "name", "with-extension"]),
        packages: &["goose-ai"],
        examples: &[
            Example("goose run --instructions=task.md", Expect::Reads("task.md")),
            Example("pipx run goose-ai session start", Expect::Runs("goose session")),
        ],
        ..Program::named(&["goose"])
    },
    Program {
        options: Options::new("", &["dir", "path", "write", "client-tools", "dotforge-path", "dotforge-version"]),
        touches: Touches::Own(Logic::Dotforge),
        examples: &[
            Example("dotforge off self-protection --project", Expect::Writes("behaviors/index.yaml")),
            Example("dotforge check", Expect::Inert("behaviors/index.yaml")),
        ],
        ..Program::named(&["dotforge"])
    },
];

/// opencode's options that take a value, and Kilo Code's (its fork): the TUI's and `run`'s.
const OPENCODE_OPTIONS: Options = Options::new(
    "msfpu",
    &[
        "log-level",
        "port",
        "hostname",
        "mdns-domain",
        "cors",
        "model",
        "session",
        "worktree",
        "prompt",
        "agent",
        "replay-limit",
        "command",
        "format",
        "file",
        "title",
        "attach",
        "password",
        "username",
        "dir",
        "variant",
    ],
);
