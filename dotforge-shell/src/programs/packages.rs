//! Package managers and runners: the scripts of `package.json` they run ([`crate::package_scripts`]), the program
//! of a package they run (`npx PKG`, `npm exec PKG`, `pnpm dlx PKG`, `uvx PKG`, `pipx run PKG`), its command given
//! with `-c` too, the command they run in a project's environment (`uv run`, `poetry run`, `bundle exec`,
//! `corepack pnpm`), and the options before the subcommand of those whose options are not their subcommands'
//! (`uv --directory pkg publish`; npm's, pnpm's and yarn's are also their subcommands', which the patterns read).

use super::entry::{Example, Expect, Logic, Output, Program, Recipes, Runs, Subcommand, Touches};
use crate::argv::Options;

/// The options of `npx` and of `npm exec` that take a value.
const EXEC_OPTIONS: Options = Options::new("pc", &["package", "call"]);

/// pnpm's and yarn's: a package's program after `dlx` or `exec`, and the scripts of `package.json`.
const DLX_AND_SCRIPTS: &[Runs] = &[
    Runs::PackageProgram {
        subcommands: &["dlx", "exec"],
        options: EXEC_OPTIONS,
        script_options: &["c", "call"],
        flakes: false,
    },
    Runs::Recipes(Recipes::PackageScripts),
    // (The settings' programs: npm's script shell, node options, onload script and init module, yarn's own release and
    // plugins, bun's preloads; pnpm's hooks are JavaScript.)
    Runs::ConfigCommands {
        files: PACKAGE_MANAGER_SETTINGS,
        keys: &[
            ("script-shell", ""),
            ("shell", ""),
            ("git", ""),
            ("node-gyp", ""),
            ("node-options", "node"),
            ("onload-script", "node"),
            ("init-module", "node"),
            ("editor", ""),
            ("yarnPath", "node"),
            ("path", "node"),
            ("yarn-path ", "node"),
            ("preload", "bun"),
        ],
        // (A yarn plugin fetched by its spec, not a file here.)
        unknown: &["spec:"],
    },
    Runs::CodeRecipes(&[".pnpmfile.cjs", "pnpmfile.js", ".pnpmfile.mjs"]),
];

/// The package managers' settings files, which can set the shell scripts run with (`script-shell`) or code node
/// loads first (`node-options=--require x.js`): written by the line, what then runs cannot be known.
const PACKAGE_MANAGER_SETTINGS: &[&str] = &[".npmrc", ".yarnrc.yml", ".yarnrc", "bunfig.toml"];

/// A program's subcommand, named after its global options (`uv --directory pkg publish`), whatever it is.
const ANY_SUBCOMMAND: &[Subcommand] = &[Subcommand { names: &["*"], options: Options::NONE }];

/// A package manager or runner whose global options (`options`) come before its subcommand.
const fn with_subcommands(names: &'static [&'static str], options: Options) -> Program {
    Program { options, subcommands: ANY_SUBCOMMAND, ..Program::named(names) }
}

pub(super) const PROGRAMS: &[Program] = &[
    // `flatpak run --command=PROG APP ARGS…` runs PROG in the app's sandbox with ARGS (and the folders
    // `--filesystem` shares: the home, with `home`).
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("", &[
                "command", "filesystem", "branch", "arch", "cwd", "runtime", "runtime-version", "env", "socket",
                "device", "share", "unshare", "persist", "talk-name", "own-name", "system-talk-name",
            ]),
            runs: &[Runs::ProgramOption { options: &["command"], operands_before: 1, directories: &["cwd"] }],
            ..Program::named(&["run"])
        }])],
        examples: &[
            Example("flatpak run --command=git org.x.App push -f", Expect::Runs("git push -f")),
            Example("flatpak run --filesystem=home --command=rm org.x.App -rf .forge", Expect::Writes(".forge")),
            Example("flatpak run org.gimp.GIMP notes.png", Expect::Inert(".forge")),
        ],
        ..Program::named(&["flatpak"])
    },
    // rpm expands the macros `--eval` is given: `%(CMD)` runs a shell command and `%{lua: …}` Lua code, neither
    // read — asked when they may act. nix-instantiate's expression likewise (`builtins.exec`).
    Program {
        options: Options::new("EDr", &["eval", "define", "root", "dbpath", "macros", "rcfile"]),
        runs: &[Runs::UnreadCode(&["E", "eval"])],
        examples: &[
            Example("rpm --eval '%{lua: os.execute(\"git update-ref -d refs/heads/main\")}'", Expect::Unknown),
            Example("rpm -E '%(rm -rf .forge)'", Expect::Unknown),
            Example("rpm --eval '%{_libdir}'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["rpm"])
    },
    Program {
        options: Options::new("EAI", &["expr", "attr", "include", "option", "arg", "argstr"]),
        runs: &[Runs::UnreadCode(&["E", "expr"])],
        examples: &[
            Example("nix-instantiate --eval -E 'builtins.exec [ \"git\" \"push\" \"-f\" ]'", Expect::Unknown),
            Example("nix-instantiate --eval -E '1 + 1'", Expect::Inert(".forge")),
            Example("nix-instantiate --eval -E 'builtins.readFile ./.env.example'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["nix-instantiate"])
    },
    Program {
        options: EXEC_OPTIONS,
        runs: &[Runs::PackageProgram {
            subcommands: &[],
            options: EXEC_OPTIONS,
            script_options: &["c", "call"],
            flakes: false,
        }],
        examples: &[
            Example("npx rimraf .forge", Expect::Writes(".forge")),
            Example("npx -c 'git push -f'", Expect::Runs("git push -f")),
            Example("npx @openai/codex exec x", Expect::Runs("codex exec x")),
            Example("npx prettier --check .", Expect::Inert(".forge")),
        ],
        ..Program::named(&["npx", "pnpx"])
    },
    Program {
        options: Options::new("p", &["package"]),
        runs: &[Runs::PackageProgram {
            subcommands: &[],
            options: Options::new("p", &["package"]),
            script_options: &[],
            flakes: false,
        }],
        ..Program::named(&["bunx"])
    },
    Program {
        options: Options::new("wC", &["prefix", "workspace", "loglevel", "registry"]),
        runs: &[
            Runs::PackageProgram {
                subcommands: &["exec", "x"],
                options: EXEC_OPTIONS,
                script_options: &["c", "call"],
                flakes: false,
            },
            Runs::Recipes(Recipes::PackageScripts),
            // A script set on the line runs when it is named, or as a lifecycle script (`npm install`).
            Runs::KeyedOperands { after: &["pkg", "set"], prefix: "scripts." },
            // Prisma's seed command, kept in package.json (`npx prisma db seed` runs it).
            Runs::KeyedOperands { after: &["pkg", "set"], prefix: "prisma.seed" },
            // The shell npm runs scripts with.
            Runs::EnvironmentFiles(&["npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL"]),
            Runs::UnreadRecipes(PACKAGE_MANAGER_SETTINGS),
        ],
        examples: &[
            Example("echo 'script-shell=/tmp/x.sh' >> .npmrc && npm test", Expect::Unknown),
            Example("npm test", Expect::Inert(".forge")),
            Example("npm exec -- rimraf .forge", Expect::Writes(".forge")),
            Example("npm pkg set scripts.postinstall='rm -rf .forge' && npm install", Expect::Writes(".forge")),
            Example("npm pkg set scripts.test='vitest run' && npm test", Expect::Inert(".forge")),
            Example("npm pkg set prisma.seed='git push -f'", Expect::Runs("git push -f")),
            Example("npm config set fund=false --userconfig=.claude/settings.json", Expect::Writes(".claude/settings.json")),
            Example("npm config get registry --userconfig=.claude/settings.json", Expect::Inert(".claude/settings.json")),
        ],
        output: Output::ShellSetup(&["completion"]),
        touches: Touches::Own(Logic::OptionWritten {
            after: "config",
            when: &["set", "delete", "edit", "fix"],
            options: &["userconfig", "globalconfig"],
        }),
        ..Program::named(&["npm"])
    },
    Program {
        options: Options::new("CF", &["dir", "filter", "workspace"]),
        runs: DLX_AND_SCRIPTS,
        examples: &[
            Example("pnpm dlx rimraf .forge", Expect::Writes(".forge")),
            Example("printf 'script-shell=./s.sh\\n' > .npmrc && printf 'git push -f\\n' > s.sh && pnpm run build", Expect::Runs("git push -f")),
            Example("printf 'require(\"fs\").rmSync(\".forge\", {recursive: true});\\n' > .pnpmfile.cjs && pnpm install", Expect::Writes(".forge")),
            Example("printf 'auto-install-peers=true\\n' > .npmrc && pnpm install", Expect::Inert(".forge")),
        ],
        ..Program::named(&["pnpm"])
    },
    Program { options: Options::new("", &["cwd"]), runs: DLX_AND_SCRIPTS, ..Program::named(&["yarn"]) },
    // `volta run --node 20 CMD` runs the command with the toolchain it names.
    Program {
        runs: &[Runs::Subcommands(&[Program {
            options: Options::new("", &["node", "npm", "pnpm", "yarn", "env"]),
            runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
            ..Program::named(&["run"])
        }])],
        examples: &[
            Example("volta run --node 20 git commit -nam wip", Expect::Runs("git commit -nam wip")),
            Example("volta run --node 20 npm test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["volta"])
    },
    // nvm (a shell function): `nvm exec VERSION CMD` runs a command with that node, `nvm run VERSION ARGS` is node.
    Program {
        runs: &[Runs::Subcommands(&[
            Program {
                options: Options::new("", &["lts"]),
                runs: &[Runs::Command { operands_before: 1, input_as_arguments: false }],
                ..Program::named(&["exec"])
            },
            Program {
                options: Options::new("", &["lts"]),
                runs: &[Runs::SameAsAfter { program: "node", skip: 1 }],
                ..Program::named(&["run"])
            },
        ])],
        examples: &[
            Example("nvm exec 20 npm publish", Expect::Runs("npm publish")),
            Example("nvm run 20 -e 'require(\"fs\").rmSync(\".forge\", {recursive: true})'", Expect::Writes(".forge")),
            Example("nvm use 20 && nvm run 20 --version", Expect::Inert(".forge")),
        ],
        ..Program::named(&["nvm"])
    },
    // `corepack pnpm publish` runs the package manager it names.
    Program {
        runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
        examples: &[
            Example("corepack pnpm publish", Expect::Runs("pnpm publish")),
            Example("corepack pnpm@9.4.0 publish --no-git-checks", Expect::Runs("pnpm publish")),
        ],
        ..Program::named(&["corepack"])
    },
    Program {
        runs: &[Runs::PackageProgram {
            subcommands: &[],
            options: Options::new(
                "pw",
                &["from", "with", "with-editable", "with-requirements", "python", "index", "index-url"],
            ),
            script_options: &[],
            flakes: false,
        }],
        examples: &[
            Example("uvx twine upload dist/*", Expect::Runs("twine upload")),
            Example("uvx --from 'twine>=5' twine upload dist/*", Expect::Runs("twine upload")),
            Example("uvx --from aider-chat aider --yes-always", Expect::Runs("aider --yes-always")),
        ],
        ..Program::named(&["uvx"])
    },
    Program {
        runs: &[Runs::PackageProgram {
            subcommands: &["run"],
            options: Options::new(
                "pw",
                &[
                    "with",
                    "with-requirements",
                    "python",
                    "package",
                    "project",
                    "directory",
                    "extra",
                    "group",
                    "env-file",
                ],
            ),
            script_options: &[],
            flakes: false,
        }],
        examples: &[
            Example("uv run twine upload dist/*", Expect::Runs("twine upload")),
            Example(
                "printf 'import shutil\nshutil.rmtree(\".forge\")\n' > t.py && uv run --with rich t.py",
                Expect::Writes(".forge"),
            ),
            Example("uv --directory pkg publish", Expect::Subcommand("publish")),
            Example("uv run pytest -x", Expect::Inert(".forge")),
        ],
        ..with_subcommands(&["uv"], Options::new("", &["directory", "project", "cache-dir", "config-file", "color"]))
    },
    Program {
        runs: &[Runs::PackageProgram {
            subcommands: &["run"],
            options: Options::new("", &["spec", "python", "pip-args", "index-url"]),
            script_options: &[],
            flakes: false,
        }],
        examples: &[
            Example("pipx run twine upload dist/*", Expect::Runs("twine upload")),
            Example("pipx run --spec aider-chat aider --message x", Expect::Runs("aider --message x")),
        ],
        ..with_subcommands(&["pipx"], Options::NONE)
    },
    // `poetry run CMD`, `hatch run CMD`, `pdm run CMD`, `rye run CMD`: the command in the project's environment, or a
    // script of the project's (hatch's, pdm's and rye's tables in `pyproject.toml`); hatch's build hook is Python.
    Program {
        runs: &[
            Runs::PackageProgram { subcommands: &["run"], options: Options::NONE, script_options: &[], flakes: false },
            Runs::ConfigCommands {
                files: &["pyproject.toml", "hatch.toml"],
                keys: &[
                    ("[tool.hatch.envs.*.scripts]", ""),
                    ("[envs.*.scripts]", ""),
                    ("[tool.pdm.scripts]", ""),
                    ("[tool.pdm.scripts.*]cmd", ""),
                    ("[tool.pdm.scripts.*]shell", ""),
                    ("[tool.rye.scripts]", ""),
                ],
                unknown: &[],
            },
            Runs::CodeRecipes(&["hatch_build.py"]),
        ],
        examples: &[
            Example(
                "printf '[tool.hatch.envs.r.scripts]\\nship = [\"hatch build\", \"hatch publish\"]\\n' >> pyproject.toml && hatch run r:ship",
                Expect::Runs("hatch publish"),
            ),
            Example("printf '[tool.pdm.scripts]\\nr = {shell = \"rm -rf .forge\"}\\n' >> pyproject.toml && pdm run r", Expect::Writes(".forge")),
            Example("printf '[tool.rye.scripts]\\ns = { cmd = [\"cat\", \".env\"] }\\n' >> pyproject.toml && rye run s", Expect::Reads(".env")),
            Example("printf '[tool.pdm.scripts]\\ntest = \"pytest -q\"\\n' >> pyproject.toml && pdm run test", Expect::Inert(".forge")),
            Example("poetry run twine upload dist/*", Expect::Runs("twine upload")),
            Example("poetry -C pkg publish", Expect::Subcommand("publish")),
            Example("hatch run git push -f", Expect::Runs("git push -f")),
        ],
        ..with_subcommands(&["poetry", "hatch", "pdm", "rye"], Options::new("CPe", &["directory", "project", "env"]))
    },
    Program {
        runs: &[Runs::PackageProgram {
            subcommands: &["exec"],
            options: Options::new("", &["gemfile"]),
            script_options: &[],
            flakes: false,
        }],
        examples: &[
            Example("bundle exec rake release", Expect::Runs("rake release")),
            Example("bundle exec rspec", Expect::Inert(".forge")),
        ],
        ..with_subcommands(&["bundle", "bundler"], Options::new("", &["gemfile"]))
    },
    // `npx @changesets/cli publish` runs `changeset publish`.
    Program {
        packages: &["@changesets/cli"],
        examples: &[Example("npx @changesets/cli publish", Expect::Runs("changeset publish"))],
        ..Program::named(&["changeset"])
    },
    // conda and its kin run a command in an environment (`conda run -n ENV CMD`), after sourcing the environment's
    // activation scripts (`etc/conda/activate.d/*.sh`): one the line wrote is read.
    Program {
        options: Options::new("np", &["name", "prefix", "cwd"]),
        runs: &[
            Runs::PackageProgram {
                subcommands: &["run"],
                options: Options::new("np", &["name", "prefix", "cwd"]),
                script_options: &[],
                flakes: false,
            },
            Runs::CodeRecipes(&["*.sh"]),
        ],
        output: Output::ShellSetup(&["shell.bash", "shell.zsh", "shell.posix", "shell.fish", "hook"]),
        examples: &[
            Example("micromamba run -n dev git push -f", Expect::Runs("git push -f")),
            Example(
                "printf 'git push -f\n' > /tmp/c/envs/d/etc/conda/activate.d/x.sh && conda run -n d cargo test",
                Expect::Runs("git push -f"),
            ),
            Example("conda run -n dev pytest -q tests/", Expect::Inert(".forge")),
        ],
        ..Program::named(&["conda", "micromamba", "mamba"])
    },
    // pixi runs its manifest's tasks (`pixi.toml`, not read: one the line wrote asks), a task added on the line
    // (`pixi task add NAME CMD`), or a command in its environment (`pixi run CMD`, `pixi exec CMD`).
    Program {
        runs: &[
            Runs::KeyedOperands { after: &["task", "add"], prefix: "" },
            Runs::PackageProgram {
                subcommands: &["run", "exec"],
                options: Options::new("e", &["environment", "manifest-path", "spec"]),
                script_options: &[],
                flakes: false,
            },
            Runs::UnreadRecipes(&["pixi.toml", "pyproject.toml", "--manifest-path"]),
        ],
        options: Options::new("", &["manifest-path"]),
        examples: &[
            Example("pixi task add ship 'cargo publish' && pixi run ship", Expect::Runs("cargo publish")),
            Example("printf '[tasks]\nx = \"git push -f\"\n' > pixi.toml && pixi run x", Expect::Unknown),
            Example("pixi run test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["pixi"])
    },
    // Guix evaluates its manifest (Scheme, not read) and runs the command after `--`.
    Program {
        options: Options::new("m", &["manifest", "file", "load"]),
        runs: &[Runs::CommandAfterDoubleDash, Runs::UnreadRecipes(&["*.scm", "-m", "--manifest"])],
        examples: &[
            Example("guix shell git -- git push -f", Expect::Runs("git push -f")),
            Example("printf '(system \"x\")' > m.scm && guix shell -m m.scm -- make", Expect::Unknown),
        ],
        ..Program::named(&["guix"])
    },
    // Home Manager builds the home from Nix files (not read) and writes the files they declare.
    Program {
        runs: &[Runs::UnreadRecipes(&["*home.nix", "*flake.nix", "*.nix"])],
        examples: &[Example(
            "printf '{ }' > /tmp/hm/home.nix && home-manager switch -f /tmp/hm/home.nix",
            Expect::Unknown,
        )],
        ..Program::named(&["home-manager"])
    },
    // vcpkg runs a port's CMake script (an overlay's `portfile.cmake`); Conan a recipe's Python (`conanfile.py`).
    Program {
        runs: &[Runs::UnreadRecipes(&["*portfile.cmake", "*.cmake"])],
        examples: &[Example(
            "printf 'execute_process()' > p/x/portfile.cmake && vcpkg install x --overlay-ports=p",
            Expect::Unknown,
        )],
        ..Program::named(&["vcpkg"])
    },
    Program {
        runs: &[Runs::CodeRecipes(&["*.py"])],
        examples: &[
            Example(
                "printf 'import shutil\nshutil.rmtree(\".forge\")\n' > conanfile.py && conan source .",
                Expect::Writes(".forge"),
            ),
            Example("conan install . --build=missing", Expect::Inert(".forge")),
        ],
        ..Program::named(&["conan"])
    },
    // pip builds a source tree by running its `setup.py`: one the line wrote is read.
    Program {
        runs: &[Runs::CodeRecipes(&["*setup.py"])],
        examples: &[
            Example(
                "printf 'import os\nos.system(\"git push -f\")\n' > /tmp/p/setup.py && pip install /tmp/p",
                Expect::Runs("git push -f"),
            ),
            Example("pip install -e .", Expect::Inert(".forge")),
        ],
        ..Program::named(&["pip", "pip3"])
    },
    // asdf runs its plugins' scripts (`~/.asdf/plugins/NAME/bin/list-all`, `install`, …): one the line wrote is read;
    // `asdf exec CMD` runs a command with its tools.
    Program {
        runs: &[
            Runs::Subcommands(&[Program {
                runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
                ..Program::named(&["exec"])
            }]),
            Runs::CodeRecipes(&[
            "*/bin/list-all",
            "*/bin/install",
            "*/bin/download",
            "*/bin/exec-env",
            "*/bin/latest-stable",
            "*/bin/uninstall",
            "*/bin/list-bin-paths",
            "*/bin/exec-path",
            "*/bin/post-plugin-add",
        ]),
        ],
        examples: &[
            Example(
                "printf '#!/bin/sh\ngit push -f\n' > /tmp/a/plugins/x/bin/list-all && asdf list all x",
                Expect::Runs("git push -f"),
            ),
            Example("asdf exec npm publish --access public", Expect::Runs("npm publish")),
            Example("asdf install nodejs 20.11.0", Expect::Inert(".forge")),
        ],
        ..Program::named(&["asdf"])
    },
];
