//! Programs that take text, patterns and names and run none of it: searchers, viewers, column and line filters,
//! checksums, notifiers and manuals. Known so that a command line they are given as text (`grep -rn 'git push -f'
//! docs`, `notify-send 'rm -rf done'`) is not taken for one they may run, as an unknown program's is (see
//! [`crate::possible`]).

use super::entry::{Example, Expect, Program};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("efmABCdD", &["regexp", "file", "max-count", "after-context", "before-context"]),
        examples: &[
            Example("grep -rn 'git push --force' docs", Expect::Inert(".forge")),
            Example("rg -n 'rm -rf ~' scripts", Expect::Inert(".forge")),
            Example("ack 'gemini --yolo' docs", Expect::Inert(".forge")),
        ],
        ..Program::named(&[
            "grep", "egrep", "fgrep", "zgrep", "pcregrep", "ugrep", "rg", "ag", "ack", "ack-grep", "sift", "pt",
        ])
    },
    Program {
        examples: &[Example("jq -r '.scripts.release' package.json", Expect::Inert(".forge"))],
        ..Program::named(&["jq", "gojq", "jaq"])
    },
    Program {
        examples: &[
            Example("notify-send 'git push -f done'", Expect::Inert(".forge")),
            Example("logger -t deploy 'rm -rf build finished'", Expect::Inert(".forge")),
            Example("man 'git push'", Expect::Inert(".forge")),
        ],
        ..Program::named(&[
            "notify-send",
            "logger",
            "say",
            "espeak",
            "figlet",
            "toilet",
            "cowsay",
            "banner",
            "man",
            "info",
            "tldr",
            "apropos",
            "whatis",
            "whereis",
        ])
    },
    Program {
        examples: &[Example("head -n 5 'rm -rf notes.txt'", Expect::Inert(".forge"))],
        ..Program::named(&[
            "head",
            "tail",
            "uniq",
            "cut",
            "column",
            "fold",
            "fmt",
            "nl",
            "tac",
            "comm",
            "join",
            "paste",
            "diff",
            "colordiff",
            "cmp",
            "sdiff",
            "expand",
            "unexpand",
            "od",
            "hexdump",
            "strings",
            "md5sum",
            "sha1sum",
            "sha256sum",
            "sha512sum",
            "shasum",
            "b2sum",
            "cksum",
            "bat",
            "batcat",
            "glow",
            "mdcat",
            "highlight",
            "pygmentize",
            "cal",
            "seq",
            "id",
            "whoami",
            "uname",
            "tree",
            "printenv",
        ])
    },
];
