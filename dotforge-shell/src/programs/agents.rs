//! Agent CLIs, which run whatever their model decides (self-protection governs how they may be started), and
//! dotforge's own authoring CLI, which edits a catalog ([`crate::authoring`]).

use super::entry::{Example, Expect, Logic, Program, Touches};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program { packages: &["@anthropic-ai/claude-code"], ..Program::named(&["claude"]) },
    Program { packages: &["@openai/codex"], ..Program::named(&["codex"]) },
    Program { packages: &["@google/gemini-cli"], ..Program::named(&["gemini"]) },
    Program { packages: &["@qwen-code/qwen-code"], ..Program::named(&["qwen"]) },
    Program { packages: &["@github/copilot"], ..Program::named(&["copilot"]) },
    Program { packages: &["@factory/cli"], ..Program::named(&["droid"]) },
    Program { packages: &["@kilocode/cli"], ..Program::named(&["kilo"]) },
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
