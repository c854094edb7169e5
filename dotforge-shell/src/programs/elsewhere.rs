//! Programs that run a command on another machine: ssh (the command after the host, and its
//! `ProxyCommand`/`LocalCommand` options) and cluster and VM front ends (`kubectl exec POD -- CMD`, `lxc exec`,
//! `vagrant ssh -c`); container engines are in `containers`. What runs there is still this agent's act.

use super::entry::{Example, Expect, Logic, Output, Program, Runs, Sends, Touches};
use crate::argv::Options;

/// ssh's options that set a command (compared without case).
pub(super) const SSH_COMMAND_KEYS: &[&str] = &["ProxyCommand", "LocalCommand", "KnownHostsCommand", "RemoteCommand"];

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
        sends: Sends::Input,
        ..Program::named(&["ssh", "autossh", "mosh"])
    },
    Program {
        options: Options::new("BbcDFiJlPRSo", &[]),
        runs: &[Runs::KeyedScriptOption("o", SSH_COMMAND_KEYS), Runs::ScriptOption(&["S", "D"])],
        examples: &[Example("sftp -o ProxyCommand='rm -rf .forge' host", Expect::Writes(".forge"))],
        ..Program::named(&["sftp"])
    },
    Program {
        options: Options::new("nscl", &["namespace", "context", "cluster", "kubeconfig", "container", "selector"]),
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("cf", &["container", "filename", "pod-running-timeout"]),
                runs: &[Runs::CommandAfterDoubleDash],
                ..Program::named(&["exec", "run", "debug", "attach"])
            }]),
            Runs::PathPlugins("kubectl-"),
            // A kubeconfig the line wrote whose user runs a credential plugin (`exec:`) runs what cannot be known.
            Runs::ConfigCommands {
                files: &["--kubeconfig", "$KUBECONFIG", "~/.kube/config"],
                keys: &[],
                unknown: &["exec:", "auth-provider:"],
            },
        ],
        examples: &[
            Example(
                "printf 'git push -f' > bin/kubectl-tidy && PATH=./bin:$PATH kubectl tidy",
                Expect::Runs("git push -f"),
            ),
            Example("kubectl exec -it pod -- git push --force", Expect::Runs("git push --force")),
            Example("kubectl -n prod exec pod -c app -- sh -c 'rm -rf .forge'", Expect::Writes(".forge")),
            Example("kubectl get pods -- x", Expect::Inert(".forge")),
            Example(
                "printf 'users:\\n- name: a\\n  user:\\n    exec:\\n      command: sh\\n' > /tmp/kc && kubectl --kubeconfig /tmp/kc get ns",
                Expect::Unknown,
            ),
            Example("printf 'clusters: []\\n' > /tmp/kc2 && kubectl --kubeconfig /tmp/kc2 get ns", Expect::Inert(".forge")),
            Example(
                "kubectl config set-credentials ci --token=x --kubeconfig=.claude/settings.json",
                Expect::Writes(".claude/settings.json"),
            ),
            Example("kubectl get pods --kubeconfig .claude/settings.json", Expect::Inert(".claude/settings.json")),
        ],
        touches: Touches::Own(Logic::OptionWritten {
            after: "config",
            when: &[
                "set",
                "unset",
                "set-credentials",
                "set-cluster",
                "set-context",
                "use-context",
                "use",
                "delete-context",
                "delete-cluster",
                "delete-user",
                "rename-context",
            ],
            options: &["kubeconfig"],
        }),
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
        // (A Vagrantfile is Ruby whose provisioners and triggers run shell: one the line wrote is not read, asked.)
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("c", &["command"]),
                runs: &[Runs::ScriptOption(&["c", "command"])],
                ..Program::named(&["ssh"])
            }]),
            Runs::UnreadRecipes(&["Vagrantfile"]),
        ],
        examples: &[
            Example("vagrant ssh -c 'git push -f'", Expect::Runs("git push -f")),
            Example("printf 'Vagrant.configure(\"2\") do |c| end\\n' > Vagrantfile && vagrant status", Expect::Unknown),
            Example("vagrant up && vagrant status", Expect::Inert(".forge")),
        ],
        ..Program::named(&["vagrant"])
    },
    // Dev containers and VMs that share the project or the home: the command runs on the same files.
    // `devcontainer exec [--workspace-folder DIR] CMD`, `limactl shell INSTANCE [--] CMD`, `colima ssh -- CMD`,
    // `distrobox enter NAME -- CMD`, `toolbox run CMD`.
    Program {
        // (Its config's lifecycle commands, `postCreateCommand` and kin, run as the container comes up: not read.)
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new(
                    "",
                    &[
                        "workspace-folder",
                        "container-id",
                        "id-label",
                        "config",
                        "remote-env",
                        "docker-path",
                        "log-level",
                    ],
                ),
                runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
                ..Program::named(&["exec"])
            }]),
            Runs::UnreadRecipes(&["*devcontainer.json", ".devcontainer/"]),
        ],
        examples: &[
            Example(
                "devcontainer exec --workspace-folder . git push --no-verify",
                Expect::Runs("git push --no-verify"),
            ),
            Example("devcontainer up --workspace-folder .", Expect::Inert(".forge")),
            Example(
                "printf '{\"postCreateCommand\": \"x\"}' > .devcontainer/devcontainer.json && devcontainer up",
                Expect::Unknown,
            ),
        ],
        ..Program::named(&["devcontainer"])
    },
    // VS Code and its kin run a workspace's tasks marked to run when the folder opens.
    Program {
        runs: &[Runs::UnreadRecipes(&["*.vscode/tasks.json", "*.code-workspace"])],
        examples: &[
            Example("printf '{\"tasks\": []}' > .vscode/tasks.json && code .", Expect::Unknown),
            Example("code src/main.rs", Expect::Inert(".forge")),
        ],
        ..Program::named(&["code", "code-insiders", "codium", "vscodium"])
    },
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("", &["workdir", "shell"]),
            runs: &[Runs::OperandsAfter(1)],
            ..Program::named(&["shell"])
        }])],
        examples: &[
            Example("limactl shell default -- rm -rf .forge", Expect::Writes(".forge")),
            Example("limactl list", Expect::Inert(".forge")),
        ],
        ..Program::named(&["limactl"])
    },
    Program {
        runs: &[Runs::Subcommands(&[
            Program { runs: &[Runs::CommandAfterDoubleDash], ..Program::named(&["ssh"]) },
            Program { runs: &[Runs::CommandAfterDoubleDash], ..Program::named(&["enter"]) },
            Program {
                runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
                ..Program::named(&["run"])
            },
        ])],
        examples: &[
            Example("colima ssh -- rm -rf .forge", Expect::Writes(".forge")),
            Example("distrobox enter dev -- git push -f", Expect::Runs("git push -f")),
            Example("toolbox run git push -f", Expect::Runs("git push -f")),
            Example("colima status", Expect::Inert(".forge")),
        ],
        ..Program::named(&["colima", "distrobox", "toolbox"])
    },
];
