//! Terminal multiplexers and terminals' remote control beyond tmux and screen: kitty's `kitten @ launch CMD` and
//! `send-text KEYS`, WezTerm's `cli spawn -- CMD` and `cli send-text KEYS`, zellij's `run -- CMD` and `action
//! write-chars KEYS`, byobu (tmux's front end), abduco and dtach sessions, and tmuxinator's and tmuxp's session
//! files (their hooks). What they run, now or typed in, is this agent's act.

use super::entry::{Example, Expect, Program, Runs};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    // (`kitten @ CMD`: kitty's remote control.)
    Program {
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::Subcommands(&[
                Program {
                    options: Options::new(
                        "",
                        &["type", "cwd", "title", "match", "window-title", "tab-title", "env", "os-window-title"],
                    ),
                    runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
                    ..Program::named(&["launch"])
                },
                Program {
                    options: Options::new("m", &["match", "match-tab", "from-file", "stdin"]),
                    runs: &[Runs::Keys],
                    ..Program::named(&["send-text"])
                },
            ])],
            ..Program::named(&["@"])
        }])],
        examples: &[
            Example("kitten @ launch --type=background git push -f", Expect::Runs("git push -f")),
            Example("kitten @ send-text --match recent:0 'rm -rf .forge\\r'", Expect::Writes(".forge")),
            Example("kitten @ launch --type=tab npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["kitten"])
    },
    Program {
        options: Options::new("e", &["config-file", "config", "class", "workspace"]),
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::Subcommands(&[
                Program {
                    options: Options::new("", &["cwd", "pane-id", "domain-name", "workspace", "window-id"]),
                    runs: &[Runs::CommandAfterDoubleDash],
                    ..Program::named(&["spawn", "split-pane"])
                },
                Program { options: Options::new("", &["pane-id"]), runs: &[Runs::Keys], ..Program::named(&["send-text"]) },
            ])],
            ..Program::named(&["cli"])
        }])],
        examples: &[
            Example("wezterm cli send-text --no-paste $'git stash drop\\r'", Expect::Runs("git stash drop")),
            Example("wezterm cli spawn -- git push -f", Expect::Runs("git push -f")),
            Example("wezterm cli spawn -- npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["wezterm"])
    },
    Program {
        options: Options::new("lsc", &["layout", "session", "config", "config-dir"]),
        runs: &[
            Runs::Subcommands(&[
                Program {
                    options: Options::new("nc", &["name", "cwd", "direction"]),
                    runs: &[Runs::CommandAfterDoubleDash, Runs::Command { operands_before: 0, input_as_arguments: false }],
                    ..Program::named(&["run"])
                },
                Program {
                    runs: &[Runs::Subcommands(&[Program { runs: &[Runs::Keys], ..Program::named(&["write-chars"]) }])],
                    ..Program::named(&["action"])
                },
            ]),
            // (A layout's panes run commands: KDL, not read.)
            Runs::UnreadRecipes(&["*.kdl", "-l", "--layout"]),
        ],
        examples: &[
            Example("zellij action write-chars 'rm -rf ~/' && zellij action write 13", Expect::Writes("~")),
            Example("zellij run -- git push -f", Expect::Runs("git push -f")),
            Example("printf 'layout { pane command=\"perl\" }' > /tmp/l.kdl && zellij --layout /tmp/l.kdl", Expect::Unknown),
            Example("zellij run -- npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["zellij"])
    },
    // abduco's and dtach's sessions run their command after the session's name or socket.
    Program {
        options: Options::new("e", &[]),
        runs: &[Runs::Command { operands_before: 1, input_as_arguments: false }],
        examples: &[
            Example("dtach -n /tmp/s.sock sh -c 'rm -rf ../acme-web'", Expect::Writes("../acme-web")),
            Example("abduco -n wipe dd if=/dev/zero of=/dev/sda", Expect::Writes("/dev/sda")),
            Example("abduco -n tests npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["abduco", "dtach"])
    },
    Program { runs: &[Runs::SameAs("tmux")], ..Program::named(&["byobu", "byobu-tmux"]) },
    Program {
        runs: &[Runs::ConfigCommands {
            files: &["*.yml", "*.yaml", "-p"],
            keys: &[
                ("on_project_start", ""),
                ("on_project_first_start", ""),
                ("on_project_restart", ""),
                ("on_project_exit", ""),
                ("on_project_stop", ""),
                ("pre_window", ""),
                ("pre", ""),
                ("before_script", ""),
                ("shell_command_before", ""),
            ],
            unknown: &[],
        }],
        options: Options::new("np", &["name", "project-config"]),
        examples: &[
            Example("printf 'name: a\\non_project_start: git push -f\\n' > .tmuxinator.yml && tmuxinator start -p .tmuxinator.yml", Expect::Runs("git push -f")),
            Example("tmuxinator start api", Expect::Inert(".forge")),
        ],
        ..Program::named(&["tmuxinator", "mux", "tmuxp"])
    },
];
