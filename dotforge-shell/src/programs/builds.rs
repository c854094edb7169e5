//! Build tools and task runners: cargo (its target folder and its edits of the package, [`crate::builds`]), `go
//! build`, compilers and linkers (`-o`), the task runners whose files hold what they run (`make`, `just`), and the
//! options of Maven and Gradle (and their wrappers `./mvnw`, `./gradlew`) that take a value, so that their goals and
//! tasks are told from those values (`mvn -P release clean deploy`, `gradle build -x publish`).

use super::entry::{Example, Expect, Interpreter, Language, Logic, Program, Recipes, Runs, Subcommand, Touches};
use crate::argv::Options;

/// `cmake -E TOOL ARGS…`: its file tools, each the command it is.
const CMAKE_TOOLS: &[(&str, &str)] = &[
    ("rm", "rm"),
    ("remove", "rm -f"),
    ("remove_directory", "rm -rf"),
    ("rename", "mv"),
    ("copy", "cp"),
    ("copy_if_different", "cp"),
    ("copy_directory", "cp -r"),
    ("copy_directory_if_different", "cp -r"),
    ("create_symlink", "ln -s"),
    ("create_hardlink", "ln"),
    ("make_directory", "mkdir -p"),
    ("touch", "touch"),
    ("touch_nocreate", "touch -c"),
    ("tar", "tar"),
    ("chdir", "cd"),
    ("env", "env"),
    ("time", "time"),
];

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        // `cmake -P FILE` runs a CMake script: not read; one the line wrote is asked about when it may act.
        runs: &[
            Runs::ToolMode("-E", CMAKE_TOOLS),
            // (A `CMakeLists.txt` the line wrote may add a command to the build: `add_custom_target(… COMMAND …)`;
            // so may a script the configuration includes, a toolchain file or an initial cache.)
            Runs::UnreadRecipes(&[
                "CMakeLists.txt",
                "-D:CMAKE_PROJECT_INCLUDE",
                "-D:CMAKE_PROJECT_INCLUDE_BEFORE",
                "-D:CMAKE_PROJECT_TOP_LEVEL_INCLUDES",
                "-D:CMAKE_TOOLCHAIN_FILE",
                "-D:CMAKE_USER_MAKE_RULES_OVERRIDE",
                "-C",
            ]),
            Runs::Code(Interpreter {
                language: Language::Other,
                code_options: &[],
                code_words: &[],
                no_file_options: &[],
                file_subcommands: &[],
                in_place: false,
                file_options: &["P"],
            }),
        ],
        options: Options::new("PSBGDCUTA", &[]),
        examples: &[
            Example("cmake -E rm -rf .forge", Expect::Writes(".forge")),
            Example("cmake -E remove_directory .forge/runtime", Expect::Writes(".forge/runtime")),
            Example("cmake -E env X=1 git push -f", Expect::Runs("git push -f")),
            Example("cmake -E rm -rf build", Expect::Inert(".forge")),
            Example("cmake -S . -B build", Expect::Inert(".forge")),
            Example("printf 'file(REMOVE_RECURSE \"/srv\")\n' > /tmp/w.cmake && cmake -P /tmp/w.cmake", Expect::Unknown),
            Example("printf 'message(\"hi\")\n' > /tmp/m.cmake && cmake -P /tmp/m.cmake", Expect::Inert(".forge")),
            Example("cmake ..", Expect::Inert(".forge")),
            Example(
                "printf 'execute_process(COMMAND x)' > /tmp/p.cmake && cmake -DCMAKE_PROJECT_INCLUDE=/tmp/p.cmake -S . -B b",
                Expect::Unknown,
            ),
            Example("cmake -DCMAKE_BUILD_TYPE=Release -DCMAKE_TOOLCHAIN_FILE=cmake/arm.cmake -S . -B b", Expect::Inert(".forge")),
        ],
        ..Program::named(&["cmake"])
    },
    Program {
        options: Options::new("CZ", &["color", "config"]),
        subcommands: &[Subcommand {
            names: &["*"],
            options: Options::new(
                "pjFZ",
                &[
                    "profile",
                    "target",
                    "target-dir",
                    "manifest-path",
                    "package",
                    "jobs",
                    "features",
                    "bin",
                    "example",
                    "test",
                    "bench",
                    "message-format",
                    "config",
                    "color",
                    "root",
                    "path",
                    "git",
                    "branch",
                    "tag",
                    "rev",
                    "registry",
                    "index",
                    "exclude",
                ],
            ),
        }],
        touches: Touches::Own(Logic::Cargo),
        // What cargo runs besides rustc: a target's runner (`cargo run`, `cargo test`) and the compiler's wrappers,
        // set with `--config` or in the environment.
        runs: &[
            Runs::KeyedScriptOption(
                "config",
                &["target.*.runner", "build.rustc-wrapper", "build.rustc-workspace-wrapper", "build.rustc"],
            ),
            Runs::EnvironmentScripts(&["RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "RUSTC"]),
            Runs::EnvironmentAliases("CARGO_ALIAS_"),
            // A runner or alias in the package's config, a build script: not read, asked about when the line wrote it.
            Runs::UnreadRecipes(&[".cargo/config.toml", ".cargo/config", "build.rs", "xtask/"]),
            Runs::PathPlugins("cargo-"),
            // cargo-watch runs cargo's subcommands (`-x`) and shell commands (`-s`) as files change.
            Runs::Subcommands(&[Program {
                options: Options::new("xswid", &["exec", "shell", "watch", "ignore", "delay", "workdir", "features"]),
                runs: &[Runs::ArgumentsOption("cargo", &["x", "exec"]), Runs::ScriptOption(&["s", "shell"])],
                ..Program::named(&["watch"])
            }]),
        ],
        examples: &[
            Example(
                "cargo --config 'target.x86_64-unknown-linux-gnu.runner=\"sh -c \\\"git push -f\\\" --\"' run",
                Expect::Runs("git push -f"),
            ),
            Example("RUSTC_WRAPPER='rm -rf .forge' cargo build", Expect::Writes(".forge")),
            Example("RUSTC_WRAPPER=sccache cargo build", Expect::Inert(".forge")),
            Example("CARGO_ALIAS_SHIP='publish --allow-dirty' cargo ship", Expect::Runs("cargo publish --allow-dirty")),
            Example("CARGO_ALIAS_T='test --release' cargo build", Expect::Inert(".forge")),
            Example("cargo --config 'build.jobs=4' build", Expect::Inert(".forge")),
            Example("cargo build --release --target-dir .forge", Expect::Writes(".forge/release")),
            Example("cargo check", Expect::Inert(".forge")),
            Example("cargo watch -x 'clean --target-dir .forge'", Expect::Writes(".forge")),
            Example("cargo watch -s 'git push -f'", Expect::Runs("git push -f")),
            Example("cargo watch -x check -x test", Expect::Inert(".forge")),
            Example("printf 'git push -f' > bin/cargo-ship && PATH=./bin:$PATH cargo ship", Expect::Runs("git push -f")),
            Example(
                "mkdir -p .cargo && printf '[target.x86_64-unknown-linux-gnu]\\nrunner = \"sh -c x --\"\\n' >> .cargo/config.toml && cargo run",
                Expect::Unknown,
            ),
            Example("printf 'fn main() {}\\n' > build.rs && cargo build", Expect::Unknown),
            Example("printf 'fn main() {}\\n' > src/main.rs && cargo build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["cargo"])
    },
    Program {
        // `go run FILE.go`: Go is not read; a file the line wrote and runs is asked about (see the reader).
        runs: &[
            Runs::Code(Interpreter {
                language: Language::Other,
                code_options: &[],
                code_words: &[],
                no_file_options: &[],
                file_subcommands: &["run"],
                in_place: false,
                file_options: &[],
            }),
            // `go generate` runs the `//go:generate` commands of its packages' files (those of a file the line wrote
            // are read); `go test` and `go run .` run their code: a Go file the line wrote asks when it may act
            // (building, formatting and the module commands run none of its code).
            Runs::ConfigCommands { files: &["*.go"], keys: &[("//go:generate ", "")], unknown: &[] },
            Runs::CodeRecipes(&["*.go"]),
            Runs::UnreadRecipes(&[
                "!build", "!vet", "!fmt", "!mod", "!list", "!version", "!env", "!doc", "!clean", "!get", "!install",
                "!work", "!generate",
            ]),
        ],
        examples: &[
            Example(
                "printf 'package main\n//go:generate rm -rf ../acme-web\n' > tools.go && go generate ./...",
                Expect::Runs("rm -rf ../acme-web"),
            ),
            Example(
                "printf 'package main\n//go:generate stringer -type=Color\n' > c.go && go generate ./...",
                Expect::Inert(".forge"),
            ),
            Example("printf 'package x\nimport \"os/exec\"\n' > x_test.go && go test ./...", Expect::Unknown),
            Example("printf 'package x\nimport \"testing\"\n' > x_test.go && go test ./...", Expect::Inert(".forge")),
            Example(
                "printf 'package main\nimport \"os\"\nfunc main() { os.RemoveAll(\"x\") }\n' > main.go && go build .",
                Expect::Inert(".forge"),
            ),
            Example("printf 'package main\nfunc main() {}\n' > main.go && go build ./...", Expect::Inert(".forge")),
            Example("go generate ./...", Expect::Inert(".forge")),
            Example("go build -o .forge/x ./cmd", Expect::Writes(".forge/x")),
            Example("printf 'package main\nimport \"os/exec\"\n' > /tmp/x.go && go run /tmp/x.go", Expect::Unknown),
            Example("printf 'package main\nimport \"fmt\"\n' > /tmp/x.go && go run /tmp/x.go", Expect::Inert(".forge")),
            Example("go run ./cmd/server", Expect::Inert(".forge")),
            Example("go test ./...", Expect::Inert(".forge")),
            Example("go build ./...", Expect::Inert(".forge")),
        ],
        options: Options::new("o", &[]),
        touches: Touches::Own(Logic::GoBuild),
        ..Program::named(&["go"])
    },
    Program {
        options: Options::new("oIL", &["out-dir"]),
        touches: Touches::Own(Logic::Compiler),
        examples: &[
            Example("cc -o .forge/runtime/x x.c", Expect::Writes(".forge/runtime/x")),
            Example("gcc -O2 -c main.c", Expect::Inert(".forge")),
        ],
        ..Program::named(&[
            "rustc", "cc", "c++", "gcc", "g++", "clang", "clang++", "ld", "ld.lld", "ld.bfd", "ld.gold", "lld", "tcc",
        ])
    },
    Program {
        options: Options::new(
            "CfIjloWE",
            &[
                "directory",
                "file",
                "makefile",
                "include-dir",
                "jobs",
                "load-average",
                "old-file",
                "what-if",
                "new-file",
                "eval",
            ],
        ),
        runs: &[Runs::Recipes(Recipes::Makefile)],
        ..Program::named(&["make", "gmake"])
    },
    Program {
        options: Options::new(
            "fd",
            &[
                "justfile",
                "working-directory",
                "shell",
                "shell-arg",
                "dotenv-filename",
                "dotenv-path",
                "color",
                "command-color",
                "list-heading",
                "list-prefix",
                "chooser",
            ],
        ),
        runs: &[Runs::Recipes(Recipes::Justfile)],
        ..Program::named(&["just"])
    },
    Program {
        options: MAVEN_OPTIONS,
        subcommands: &[Subcommand { names: &["*"], options: MAVEN_OPTIONS }],
        // A build file's plugins run code (`exec-maven-plugin`); not read, asked about when the line wrote it. The
        // exec plugin's goal runs the program its properties name.
        runs: &[
            Runs::UnreadRecipes(&["pom.xml", ".mvn/maven.config", ".mvn/jvm.config"]),
            Runs::NamedCommand { program: "D:exec.executable", arguments: "D:exec.args" },
        ],
        examples: &[
            Example("mvn -q exec:exec -Dexec.executable=rm -Dexec.args='-f src/main.rs'", Expect::Writes("src/main.rs")),
            Example("mvn exec:exec -Dexec.executable=git -Dexec.args='config core.hooksPath x'", Expect::Runs("git config")),
            Example("mvn -P release -pl core clean deploy", Expect::Subcommand("clean")),
            Example("./mvnw -B -DskipTests verify", Expect::Subcommand("verify")),
            Example("cat > pom.xml <<'EOF'\n<project/>\nEOF\nmvn verify", Expect::Unknown),
        ],
        ..Program::named(&["mvn", "mvnw", "mvnd"])
    },
    Program {
        options: GRADLE_OPTIONS,
        subcommands: &[Subcommand { names: &["*"], options: GRADLE_OPTIONS }],
        examples: &[
            Example("./gradlew -p lib publish", Expect::Subcommand("publish")),
            Example("gradle -x test build", Expect::Subcommand("build")),
            Example(
                "printf '\"git push -f\".execute()' > /tmp/i.gradle && ./gradlew --init-script /tmp/i.gradle help",
                Expect::Unknown,
            ),
            Example("printf 'tasks.register(\"hi\") { doLast { println(\"hi\") } }' >> build.gradle.kts && gradle hi", Expect::Inert(".forge")),
        ],
        // A build script runs any code; Groovy and Kotlin are not read: asked about when the line wrote one that may
        // act.
        runs: &[Runs::CodeRecipes(&[
            "build.gradle",
            "build.gradle.kts",
            "settings.gradle",
            "settings.gradle.kts",
            "init.gradle",
            "*.gradle",
            "*.gradle.kts",
            "-I",
            "--init-script",
        ])],
        ..Program::named(&["gradle", "gradlew"])
    },
    // Task runners whose recipe files the reader does not read: each runs what its file says, so a file the line
    // wrote itself makes the command ask ([`Runs::UnreadRecipes`]); one already there is the project's own.
    Program {
        // (`task NAME` is also taskipy's, whose tasks sit in `pyproject.toml`.)
        runs: &[
            Runs::UnreadRecipes(&["Taskfile.yml", "Taskfile.yaml", "taskfile.yml", "taskfile.yaml", "Taskfile.dist.yml"]),
            Runs::ConfigCommands { files: &["pyproject.toml"], keys: &[("[tool.taskipy.tasks]", "")], unknown: &[] },
        ],
        examples: &[
            Example("printf '[tool.taskipy.tasks]\\nt = \"rm -f notes.md\"\\n' >> pyproject.toml && task t", Expect::Writes("notes.md")),
            Example("printf 'version: 3\\ntasks:\\n  default:\\n    cmds: [rm -rf ~/]\\n' > Taskfile.yml && task", Expect::Unknown),
            Example("task build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["task", "go-task"])
    },
    // Build and CI runners whose files say what runs: bazel's BUILD files, earthly's Earthfile, act's workflows (a name
    // ending in `/`: any file the line writes in that folder).
    Program {
        runs: &[Runs::UnreadRecipes(&[
            "BUILD",
            "BUILD.bazel",
            "WORKSPACE",
            "WORKSPACE.bazel",
            "MODULE.bazel",
            ".bazelrc",
        ])],
        examples: &[
            Example("printf 'sh_binary(name=\"w\", srcs=[\"w.sh\"])\n' >> BUILD.bazel && bazel run //:w", Expect::Unknown),
            Example("bazel test //...", Expect::Inert(".forge")),
        ],
        ..Program::named(&["bazel", "bazelisk"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&["build.zig", "build.zig.zon"])],
        examples: &[Example("printf 'pub fn build() void {}\\n' > build.zig && zig build", Expect::Unknown)],
        ..Program::named(&["zig"])
    },
    // Scala is not read: a build file or plugin the line wrote asks when it may act.
    Program {
        runs: &[Runs::CodeRecipes(&["build.sbt", "*.sbt", "*.scala"]), Runs::CommandOperands(';')],
        examples: &[
            Example("sbt \"; clean ; +publishSigned ; sonatypeBundleRelease\"", Expect::Runs("sbt +publishSigned")),
            Example("sbt \"testOnly acme.ApiSpec\" \"; compile ; test\"", Expect::Inert(".forge")),
            Example("echo 'lazy val w = taskKey[Unit](\"w\")' >> build.sbt && echo 'w := { \"rm -rf x\".! }' >> build.sbt && sbt w", Expect::Unknown),
            Example("printf 'addSbtPlugin(\"org.scalameta\" %% \"sbt-scalafmt\" %% \"2.5.2\")' > project/plugins.sbt && sbt fmt", Expect::Inert(".forge")),
            Example("sbt test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["sbt"])
    },
    // Leiningen evaluates `project.clj` (Clojure, not read), Kotlin scripts run as given, rebar3 its config's hooks.
    Program {
        runs: &[Runs::CodeRecipes(&["project.clj", "profiles.clj", "*.clj"])],
        examples: &[
            Example("printf '(defproject a \"0.1\" :clean-targets [\".forge\"])' > project.clj && lein clean", Expect::Unknown),
            Example("printf '(defproject a \"0.1\" :dependencies [])' > project.clj && lein test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["lein"])
    },
    Program {
        options: Options::new("de", &["classpath", "cp"]),
        runs: &[Runs::Code(Interpreter {
            language: Language::Other,
            code_options: &["e"],
            code_words: &[],
            no_file_options: &[],
            file_subcommands: &[],
            in_place: false,
            file_options: &[],
        })],
        touches: Touches::Own(Logic::Interpreter),
        examples: &[
            Example("printf 'java.io.File(\".claude/settings.json\").delete()' > c.main.kts && kotlin c.main.kts", Expect::Unknown),
            Example("printf 'println(\"hi\")' > hi.main.kts && kotlin hi.main.kts", Expect::Inert(".forge")),
        ],
        ..Program::named(&["kotlin", "kscript"])
    },
    Program {
        runs: &[Runs::CodeRecipes(&["rebar.config", "*.erl", "*.app.src"])],
        examples: &[
            Example("printf '{pre_hooks, [{compile, \"rm -f notes.md\"}]}.' >> rebar.config && rebar3 compile", Expect::Unknown),
            Example("printf '{deps, []}.' > rebar.config && rebar3 compile", Expect::Inert(".forge")),
        ],
        ..Program::named(&["rebar3"])
    },
    // Ant's build file: `<delete>` read as the delete it is; a task that runs or moves what is not read asks.
    Program {
        options: Options::new("fDl", &["buildfile", "file", "logfile"]),
        runs: &[Runs::ConfigCommands {
            files: &["build.xml", "-f"],
            keys: &[("<delete dir", "rm -rf"), ("<delete file", "rm -f")],
            unknown: &["<exec", "<java", "<script", "<move", "<copy", "<sshexec", "<apply", "<get", "<import", "<taskdef"],
        }],
        examples: &[
            Example(
                "printf '<project><target name=\"x\"><delete dir=\"${user.home}\"/></target></project>' > /tmp/t.xml && ant -f /tmp/t.xml",
                Expect::Writes("~"),
            ),
            Example("printf '<project><target name=\"x\"><exec executable=\"git\"/></target></project>' > build.xml && ant", Expect::Unknown),
            Example("printf '<project><target name=\"x\"><delete dir=\"build\"/></target></project>' > build.xml && ant x", Expect::Inert(".forge")),
        ],
        ..Program::named(&["ant"])
    },
    // Elixir is not read: `mix run -e CODE` asks when the code may act.
    Program {
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("er", &["eval", "require", "config"]),
                runs: &[Runs::UnreadCode(&["e", "eval"])],
                ..Program::named(&["run"])
            }]),
            Runs::UnreadRecipes(&["mix.exs", "lib/mix/tasks/"]),
        ],
        examples: &[
            Example("mkdir -p lib/mix/tasks && printf 'x' > lib/mix/tasks/w.ex && mix w", Expect::Unknown),
            Example("mix run -e 'File.rm_rf!(System.user_home!())'", Expect::Unknown),
            Example("mix run -e 'IO.puts(Application.spec(:acme, :vsn))'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["mix"])
    },
    // composer runs the scripts of `composer.json`, and one set on the line (`composer config scripts.X CMD`) when
    // it is named or is a lifecycle script (`post-install-cmd`).
    Program {
        runs: &[Runs::KeyedOperands { after: &["config"], prefix: "scripts." }, Runs::UnreadRecipes(&["composer.json"])],
        examples: &[
            Example("composer config scripts.release 'npm publish' && composer run-script release", Expect::Runs("npm publish")),
            Example("composer install", Expect::Inert(".forge")),
        ],
        ..Program::named(&["composer"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&["Earthfile"])],
        examples: &[Example("printf 'rel:\n  LOCALLY\n  RUN npm publish\n' > Earthfile && earthly +rel", Expect::Unknown)],
        ..Program::named(&["earthly"])
    },
    // CI pipelines run on this machine: the pipeline file says what runs. (`act -l` only lists the jobs.)
    Program {
        options: Options::new("WPejsCa", &["workflows", "platform", "eventpath", "job", "secret", "directory", "env"]),
        runs: &[Runs::UnreadRecipes(&[".github/workflows/", ".actrc", "-W", "--workflows", "!-l", "!--list", "!-g"])],
        examples: &[
            Example("printf 'on: push\n' > .github/workflows/x.yml && act push", Expect::Unknown),
            Example("printf 'on: push\n' > /tmp/w.yml && act push --bind -W /tmp/w.yml", Expect::Unknown),
            Example("printf 'on: push\n' > .github/workflows/x.yml && act -l", Expect::Inert(".forge")),
            Example("act -l", Expect::Inert(".forge")),
        ],
        ..Program::named(&["act"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&[".gitlab-ci.yml", ".gitlab-ci-local/", ".gitlab-ci-local-variables.yml"])],
        examples: &[Example(
            "printf 'x:\\n  script:\\n    - git push -f\\n' > .gitlab-ci.yml && gitlab-runner exec shell x",
            Expect::Unknown,
        )],
        ..Program::named(&["gitlab-runner", "gitlab-ci-local"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&[
            ".woodpecker.yml",
            ".woodpecker.yaml",
            ".woodpecker/",
            ".drone.yml",
            ".drone.star",
        ])],
        ..Program::named(&["woodpecker-cli", "woodpecker", "drone"])
    },
    Program {
        options: Options::new("c", &["config", "job"]),
        runs: &[Runs::UnreadRecipes(&[".circleci/", "-c", "--config"])],
        ..Program::named(&["circleci"])
    },
    // Concourse's `fly execute -c TASK.yml` runs the task file's command, with the folder uploaded.
    Program {
        options: Options::new("ctip", &["config", "target", "input", "input-mapping", "output", "tag"]),
        runs: &[Runs::UnreadRecipes(&["-c", "--config"])],
        examples: &[
            Example("printf 'run: {path: sh}\\n' > /tmp/t.yml && fly -t ci execute -c /tmp/t.yml", Expect::Unknown),
            Example("fly -t ci execute -c ci/test.yml", Expect::Inert(".forge")),
        ],
        ..Program::named(&["fly"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&["tasks.py", "invoke.yaml"])],
        examples: &[Example("printf 'from invoke import task\\n' > tasks.py && invoke c", Expect::Unknown)],
        ..Program::named(&["invoke", "inv"])
    },
    // poethepoet's tasks: a string or an inline table's `cmd`/`shell` is a command; a task of Python (`script`,
    // `expr`) asks.
    Program {
        runs: &[
            Runs::ConfigCommands {
                files: &["pyproject.toml", "poe_tasks.toml"],
                keys: &[
                    ("[tool.poe.tasks]", ""),
                    ("[tool.poe.tasks.*]cmd", ""),
                    ("[tool.poe.tasks.*]shell", ""),
                    ("[tool.poe.tasks.*]sequence", ""),
                    ("[tasks]", ""),
                ],
                unknown: &["script =", "expr =", "ref =", "include ="],
            },
            Runs::UnreadRecipes(&["poe_tasks.yaml", "poe_tasks.json"]),
        ],
        examples: &[
            Example("printf '[tool.poe.tasks]\\nship = \"git push -f\"\\n' >> pyproject.toml && poe ship", Expect::Runs("git push -f")),
            Example("printf '[tool.poe.tasks.x]\\nscript = \"a:b\"\\n' >> pyproject.toml && poe x", Expect::Unknown),
            Example("printf '[tool.poe.tasks]\\ntest = \"cargo test --all\"\\n' >> pyproject.toml && poe test", Expect::Inert(".forge")),
            Example("poe test", Expect::Inert(".forge")),
        ],
        ..Program::named(&["poe"])
    },
    Program {
        runs: &[Runs::ConfigCommands {
            files: &["lefthook.yml", ".lefthook.yml", "lefthook.yaml", "lefthook-local.yml"],
            keys: &[("run", "")],
            unknown: &["scripts:", "remotes:", "extends:"],
        }],
        examples: &[
            Example(
                "printf 'pre-commit:\\n  commands:\\n    r:\\n      run: npm publish\\n' > lefthook.yml && lefthook install",
                Expect::Runs("npm publish"),
            ),
            Example("printf 'pre-commit:\\n  scripts:\\n    x.sh:\\n      runner: bash\\n' > lefthook.yml && lefthook run pre-commit", Expect::Unknown),
        ],
        ..Program::named(&["lefthook"])
    },
    Program {
        options: Options::new("c", &["config", "hook-stage", "from-ref", "to-ref", "color"]),
        // A local hook's `entry` is its command; a hook from another repository runs code not read (asked).
        runs: &[Runs::ConfigCommands {
            files: &[".pre-commit-config.yaml", ".pre-commit-config.yml", "-c", "--config"],
            keys: &[("entry", "")],
            unknown: &["repo: h", "repo: g", "repo: s", "repo: f", "repo: /", "repo: .", "repo: ~", "repo: '", "repo: \""],
        }],
        examples: &[
            Example("printf 'repos:\\n- repo: local\\n  hooks:\\n  - entry: git push -f\\n' > .pre-commit-config.yaml && pre-commit run -a", Expect::Runs("git push -f")),
            Example("printf 'repos:\\n- repo: https://x.example/h\\n' > /tmp/pc.yaml && pre-commit run -c /tmp/pc.yaml -a", Expect::Unknown),
            Example("printf 'repos:\\n- repo: local\\n  hooks:\\n  - entry: cargo fmt --check\\n' > .pre-commit-config.yaml && pre-commit run -a", Expect::Inert(".forge")),
            Example("pre-commit run --all-files", Expect::Inert(".forge")),
        ],
        ..Program::named(&["pre-commit", "prek"])
    },
    // tox's `commands` (on the key's line and the indented lines after it).
    Program {
        options: Options::new("ce", &["conf", "envlist"]),
        runs: &[Runs::ConfigCommands {
            files: &["tox.ini", "tox.toml", "-c", "--conf"],
            keys: &[("commands", ""), ("commands_pre", ""), ("commands_post", "")],
            unknown: &[],
        }],
        examples: &[
            Example("printf '[testenv:x]\\ncommands = git push -f\\n' > tox.ini && tox -e x", Expect::Runs("git push -f")),
            Example("printf '[testenv]\\ncommands =\\n    pytest\\n    git push -f\\n' > tox.ini && tox", Expect::Runs("git push -f")),
            Example("printf '[testenv]\\ncommands = pytest {posargs}\\n' > tox.ini && tox", Expect::Inert(".forge")),
        ],
        ..Program::named(&["tox"])
    },
    // doit's `dodo.py`: Python, and its tasks' `actions` (command strings; a Python action asks).
    Program {
        options: Options::new("f", &["file"]),
        runs: &[
            Runs::CodeRecipes(&["dodo.py", "-f", "--file"]),
            Runs::ConfigCommands { files: &["dodo.py", "-f", "--file"], keys: &[("actions", "")], unknown: &[] },
        ],
        examples: &[
            Example("printf 'def task_t():\\n    return {\"actions\": [\"git clean -fdx\"]}\\n' > dodo.py && doit t", Expect::Runs("git clean -fdx")),
            Example("printf 'def task_t():\\n    return {\"actions\": [\"pytest -q\"]}\\n' > dodo.py && doit t", Expect::Inert(".forge")),
        ],
        ..Program::named(&["doit"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&["noxfile.py"])],
        ..Program::named(&["nox"])
    },
    // A Rakefile is Ruby, read as the code it runs.
    Program {
        runs: &[Runs::CodeRecipes(&["Rakefile", "rakefile", "Rakefile.rb", "*.rake"])],
        examples: &[
            Example("printf 'task :x do\n  sh \"git push -f\"\nend\n' > Rakefile && rake x", Expect::Runs("git push -f")),
            Example("printf 'task :x do\n  puts 1\nend\n' > Rakefile && rake x", Expect::Inert(".forge")),
        ],
        ..Program::named(&["rake"])
    },
    Program {
        // Test collection imports `conftest.py` (and plugins it names) before any test runs.
        options: Options::new("pkmco", &["rootdir", "confcutdir", "basetemp", "override-ini", "config-file"]),
        runs: &[Runs::CodeRecipes(&["conftest.py", "tests/conftest.py", "test/conftest.py", "%p"])],
        examples: &[
            Example(
                "mkdir -p /tmp/plg && printf 'import shutil\\nshutil.rmtree(\".forge\")\\n' > /tmp/plg/acme.py && PYTHONPATH=/tmp/plg pytest -p acme -q",
                Expect::Writes(".forge"),
            ),
            Example("pytest -p no:cacheprovider -p xdist -q -k smoke", Expect::Inert(".forge")),
            Example("printf 'import os\\n' > conftest.py && pytest -q", Expect::Inert(".forge")),
            Example("printf 'import shutil\\nshutil.rmtree(\".forge\")\\n' > conftest.py && pytest -q", Expect::Writes(".forge")),
            Example("pytest -q tests/", Expect::Inert(".forge")),
        ],
        ..Program::named(&["pytest", "py.test"])
    },
    Program {
        options: Options::new("cfo", &["config", "format", "output-file", "ext", "rulesdir", "parser", "plugin"]),
        runs: &[Runs::CodeRecipes(&[
            "eslint.config.js",
            "eslint.config.mjs",
            "eslint.config.cjs",
            "eslint.config.ts",
            ".eslintrc.js",
            ".eslintrc.cjs",
            "-c",
            "--config",
            // (A formatter given by its path is a module eslint loads: `-f ./fmt.cjs`.)
            "-f",
            "--format",
        ])],
        examples: &[
            Example(
                "printf 'module.exports = () => require(\"fs\").rmSync(\".forge\")\\n' > /tmp/f.cjs && eslint -f /tmp/f.cjs src",
                Expect::Writes(".forge"),
            ),
            Example("eslint -f stylish src && eslint --format json -o report.json src", Expect::Inert(".forge")),
            Example(
                "printf 'require(\"fs\").rmSync(\".forge\")\\n' > /tmp/l.cjs && eslint -c /tmp/l.cjs src",
                Expect::Writes(".forge"),
            ),
            Example("eslint -c eslint.config.js src", Expect::Inert(".forge")),
        ],
        ..Program::named(&["eslint"])
    },
    Program {
        options: Options::new("c", &["config", "mode", "entry", "env"]),
        runs: &[Runs::CodeRecipes(&[
            "webpack.config.js",
            "webpack.config.ts",
            "webpack.config.mjs",
            "webpack.config.cjs",
            "-c",
            "--config",
        ])],
        ..Program::named(&["webpack", "webpack-cli"])
    },
    // Formatters', linters' and compilers' config files that are code (and plugins named on the line).
    Program {
        options: Options::new("", &["config", "plugin", "ignore-path", "log-level", "cache-location", "parser"]),
        runs: &[Runs::CodeRecipes(&[
            ".prettierrc.js",
            ".prettierrc.cjs",
            ".prettierrc.mjs",
            "prettier.config.js",
            "prettier.config.cjs",
            "prettier.config.mjs",
            "--config",
            "--plugin",
        ])],
        examples: &[
            Example(
                "printf 'require(\"fs\").rmSync(\".forge\")\\n' > .prettierrc.cjs && prettier -c .",
                Expect::Writes(".forge"),
            ),
            Example("prettier --write src/new.ts", Expect::Inert(".forge")),
        ],
        ..Program::named(&["prettier"])
    },
    Program {
        options: Options::new("", &["config", "config-basedir", "custom-syntax", "formatter", "output-file"]),
        runs: &[Runs::CodeRecipes(&[
            "stylelint.config.js",
            "stylelint.config.cjs",
            "stylelint.config.mjs",
            ".stylelintrc.js",
            ".stylelintrc.cjs",
            ".stylelintrc.mjs",
            "--config",
        ])],
        ..Program::named(&["stylelint"])
    },
    Program {
        options: Options::new("do", &["config-file", "out-file", "out-dir", "extensions", "presets", "plugins"]),
        runs: &[Runs::CodeRecipes(&[
            "babel.config.js",
            "babel.config.cjs",
            "babel.config.mjs",
            ".babelrc.js",
            ".babelrc.cjs",
            ".babelrc.mjs",
            "--config-file",
        ])],
        ..Program::named(&["babel"])
    },
    Program {
        runs: &[Runs::CodeRecipes(&[
            "postcss.config.js",
            "postcss.config.cjs",
            "postcss.config.mjs",
            ".postcssrc.js",
            ".postcssrc.cjs",
            ".postcssrc.mjs",
        ])],
        ..Program::named(&["postcss"])
    },
    // Migration tools whose settings are code: knex's knexfile, sequelize's `.sequelizerc`, alembic's env.py.
    Program {
        options: Options::new("", &["knexfile", "cwd", "env", "migrations-directory"]),
        runs: &[Runs::CodeRecipes(&["knexfile.js", "knexfile.cjs", "knexfile.mjs", "knexfile.ts", "--knexfile"])],
        examples: &[Example(
            "printf 'require(\"child_process\").execSync(\"git push -f\")\\n' > knexfile.js && knex migrate:latest",
            Expect::Runs("git push -f"),
        )],
        ..Program::named(&["knex"])
    },
    Program {
        runs: &[Runs::CodeRecipes(&[".sequelizerc"])],
        ..Program::named(&["sequelize", "sequelize-cli"])
    },
    Program {
        options: Options::new("cn", &["config", "name", "x"]),
        runs: &[Runs::CodeRecipes(&["alembic/env.py", "migrations/env.py", "migration/env.py"])],
        examples: &[Example(
            "sed -i '1i import os; os.system(\"git push -f\")' migrations/env.py && alembic upgrade head",
            Expect::Unknown,
        )],
        ..Program::named(&["alembic"])
    },
    // Migration tools whose changelog or project file says what runs (Liquibase's `executeCommand`, Atlas's
    // `external_schema` programs).
    Program {
        options: Options::new("", &["changelog-file", "changeLogFile", "defaults-file", "url", "username", "password"]),
        runs: &[Runs::UnreadRecipes(&[
            "liquibase.properties",
            "--changelog-file",
            "--changeLogFile",
            "--defaults-file",
        ])],
        examples: &[Example(
            "printf '<databaseChangeLog/>' > c.xml && liquibase --changelog-file=c.xml update",
            Expect::Unknown,
        )],
        ..Program::named(&["liquibase"])
    },
    Program {
        options: Options::new("c", &["config", "env", "url", "dev-url"]),
        runs: &[Runs::UnreadRecipes(&["atlas.hcl", "-c", "--config"])],
        ..Program::named(&["atlas"])
    },
    // Infrastructure tools and notebooks whose files the line wrote, wherever the tool is pointed (`terraform
    // -chdir=DIR`, `helm plugin install DIR`, `papermill NB`): what runs (a provisioner's command, an external
    // program, a plugin, a notebook's cells) is not read.
    Program {
        runs: &[Runs::UnreadRecipes(&["*.tf", "*.tf.json", "*.tofu"])],
        examples: &[
            Example(
                "mkdir -p /tmp/t && printf 'resource \"null_resource\" \"x\" {}' > /tmp/t/main.tf && terraform -chdir=/tmp/t apply -auto-approve",
                Expect::Unknown,
            ),
            Example("terraform plan", Expect::Inert(".forge")),
        ],
        ..Program::named(&["terraform", "tofu"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&["*/Pulumi.yaml", "*/Pulumi.yml", "Pulumi.yaml"])],
        ..Program::named(&["pulumi"])
    },
    // Notebooks run cell by cell (not read: asked when the line wrote one); Jupyter's config files are Python it runs
    // as it starts.
    Program {
        runs: &[
            Runs::UnreadRecipes(&["*.ipynb"]),
            Runs::CodeRecipes(&[
                "~/.jupyter/jupyter_config.py",
                "~/.jupyter/jupyter_nbconvert_config.py",
                "~/.jupyter/jupyter_server_config.py",
                "~/.jupyter/jupyter_notebook_config.py",
                "jupyter_config.py",
                "jupyter_nbconvert_config.py",
            ]),
        ],
        examples: &[
            Example("printf '{}' > x.ipynb && jupyter execute x.ipynb", Expect::Unknown),
            Example(
                "printf 'import shutil\\nshutil.rmtree(\".forge\")\\n' > jupyter_nbconvert_config.py && jupyter nbconvert --to html r.ipynb",
                Expect::Writes(".forge"),
            ),
            Example("jupyter nbconvert --to html report.ipynb", Expect::Inert(".forge")),
        ],
        ..Program::named(&["jupyter", "papermill", "nbclient", "voila"])
    },
    // jupytext turns a script into a notebook, and runs it with `--execute`: a Python script the line wrote is read
    // as the code it runs.
    Program {
        options: Options::new("o", &["to", "output", "from", "set-formats", "pipe", "check", "kernel"]),
        runs: &[Runs::UnreadRecipes(&["*.ipynb"]), Runs::CodeRecipes(&["*.py"])],
        examples: &[
            Example(
                "printf 'import subprocess\\nsubprocess.run([\"git\", \"push\", \"-f\"])\\n' > s.py && jupytext --to ipynb --execute s.py",
                Expect::Runs("git push -f"),
            ),
            Example("jupytext --to ipynb notes.py && jupytext --sync notebooks/*.ipynb", Expect::Inert(".forge")),
        ],
        ..Program::named(&["jupytext"])
    },
    // Markdown and spelling linters whose config files are JavaScript they load.
    Program {
        options: Options::new("", &["config"]),
        runs: &[Runs::CodeRecipes(&[
            ".markdownlint-cli2.cjs",
            ".markdownlint-cli2.mjs",
            ".markdownlint.cjs",
            ".markdownlint.mjs",
            ".markdownlint.js",
            "--config",
        ])],
        examples: &[
            Example(
                "printf 'require(\"child_process\").execSync(\"git push -f\")\\n' > .markdownlint-cli2.cjs && markdownlint-cli2 '**/*.md'",
                Expect::Runs("git push -f"),
            ),
            Example("markdownlint-cli2 '**/*.md' '#node_modules'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["markdownlint-cli2", "markdownlint"])
    },
    Program {
        options: Options::new("c", &["config", "locale", "language-id"]),
        runs: &[Runs::CodeRecipes(&[
            "cspell.config.js",
            "cspell.config.cjs",
            "cspell.config.mjs",
            "cspell.config.ts",
            "-c",
            "--config",
        ])],
        examples: &[
            Example(
                "printf 'require(\"child_process\").execSync(\"git push -f\")\\n' > cspell.config.cjs && cspell 'src/**/*.ts'",
                Expect::Runs("git push -f"),
            ),
            Example("cspell --no-progress 'src/**/*.ts' && cspell -c cspell.json README.md", Expect::Inert(".forge")),
        ],
        ..Program::named(&["cspell"])
    },
    Program {
        runs: &[Runs::UnreadRecipes(&["*.yml", "*.yaml"])],
        ..Program::named(&["ansible-playbook"])
    },
    Program {
        options: Options::new(
            "maicuefMlt",
            &["module-name", "args", "inventory", "connection", "user", "extra-vars", "limit", "forks", "timeout"],
        ),
        runs: &[Runs::AnsibleModule],
        examples: &[
            Example("ansible localhost -c local -m shell -a 'git reset --hard chdir=/p'", Expect::Runs("git reset --hard")),
            Example("ansible localhost -m file -a 'path=.husky state=absent'", Expect::Writes(".husky")),
            Example("ansible localhost -m lineinfile -a 'path=.forge/audit/overrides.log regexp=. state=absent'", Expect::Writes(".forge/audit/overrides.log")),
            Example("ansible localhost -m debug -a \"msg={{ lookup('file', '.env') }}\"", Expect::Reads(".env")),
            Example("ansible localhost -m community.general.git_config -a 'name=core.hooksPath value=/dev/null'", Expect::Runs("git config core.hooksPath")),
            Example("ansible localhost -m ping", Expect::Inert(".forge")),
            Example("ansible localhost -m debug -a \"msg={{ lookup('file', '.env.example') }}\"", Expect::Inert(".forge")),
        ],
        ..Program::named(&["ansible"])
    },
    // Linters that load code their settings name: plugins, required files, an init hook.
    Program {
        options: Options::new("", &["init-hook", "rcfile", "load-plugins", "output-format", "disable", "enable"]),
        runs: &[
            Runs::InlineCode(Language::Python, &["init-hook"]),
            Runs::UnreadRecipes(&[".pylintrc", "pylintrc", "pyproject.toml", "setup.cfg", "--rcfile"]),
            Runs::CodeRecipes(&["%load-plugins"]),
        ],
        examples: &[
            Example(
                "printf 'import shutil\\nshutil.rmtree(\".forge\")\\n' > /tmp/acme_checks.py && PYTHONPATH=/tmp pylint --load-plugins=acme_checks src",
                Expect::Writes(".forge"),
            ),
            Example("pylint --load-plugins=pylint.extensions.docparams,pylint_django src", Expect::Inert(".forge")),
            Example("pylint --init-hook='import shutil; shutil.rmtree(\".forge\")' src", Expect::Writes(".forge")),
            Example("pylint --init-hook='import sys; sys.path.append(\"src\")' src", Expect::Inert(".forge")),
        ],
        ..Program::named(&["pylint"])
    },
    Program {
        options: Options::new("", &["config", "append-config", "select", "ignore", "max-line-length", "format"]),
        runs: &[Runs::UnreadRecipes(&[".flake8", "setup.cfg", "tox.ini", "--config", "--append-config"])],
        examples: &[Example("printf '[flake8:local-plugins]\\n' > .flake8 && flake8 src", Expect::Unknown)],
        ..Program::named(&["flake8"])
    },
    // mypy imports the plugins its config names (a file by its path is read as the Python it runs; an installed
    // module is the person's), and runs `python_executable` to find packages.
    Program {
        options: Options::new("", &["config-file", "python-version", "cache-dir"]),
        runs: &[Runs::ConfigCommands {
            files: &["mypy.ini", ".mypy.ini", "setup.cfg", "pyproject.toml", "--config-file"],
            keys: &[("plugins", "python3 "), ("python_executable", "")],
            unknown: &[],
        }],
        examples: &[
            Example(
                "printf 'import shutil\\nshutil.rmtree(\".forge\")\\n' > p.py && printf '[mypy]\\nplugins = p.py\\n' > mypy.ini && mypy src",
                Expect::Writes(".forge"),
            ),
            Example("printf '[mypy]\\nplugins = pydantic.mypy\\nstrict = True\\n' > mypy.ini && mypy src", Expect::Inert(".forge")),
        ],
        ..Program::named(&["mypy"])
    },
    Program {
        options: Options::new("rcfo", &["require", "config", "format", "out", "only", "except"]),
        runs: &[Runs::CodeRecipes(&["-r", "--require"]), Runs::UnreadRecipes(&[".rubocop.yml", "-c", "--config"])],
        examples: &[
            Example("printf 'system(\"git push -f\")\\n' > /tmp/r.rb && rubocop --require /tmp/r.rb", Expect::Runs("git push -f")),
            Example("rubocop --require rubocop-rails app", Expect::Inert(".forge")),
        ],
        ..Program::named(&["rubocop"])
    },
    // Dagger runs a command in its session (`dagger run CMD`).
    Program {
        runs: &[Runs::Subcommands(&[Program {
            runs: &[Runs::Command { operands_before: 0, input_as_arguments: false }],
            ..Program::named(&["run"])
        }])],
        examples: &[
            Example("dagger run npm publish", Expect::Runs("npm publish")),
            Example("dagger run go run ./ci", Expect::Inert(".forge")),
        ],
        ..Program::named(&["dagger"])
    },
    // .NET's build runs a project's targets (MSBuild XML): `Exec` commands, `Delete` and `RemoveDir` read, other file
    // tasks and inline tasks not (asked); `dotnet run` and `dotnet test` run C# the line may have written (not read).
    Program {
        runs: &[
            Runs::ConfigCommands {
                files: &["*.proj", "*.csproj", "*.fsproj", "*.vbproj", "*.targets", "*.props", "Directory.Build.rsp"],
                keys: &[("Command", ""), ("<Delete Files", "rm -f"), ("<RemoveDir Directories", "rm -rf")],
                unknown: &[
                    "<UsingTask", "<Copy", "<Move", "<Touch", "<WriteLinesToFile", "<DownloadFile", "<Unzip", "<ZipDirectory",
                    "<Import", "$([",
                ],
            },
            Runs::UnreadRecipes(&[
                "*.cs", "*.fs", "*.vb", "!build", "!clean", "!restore", "!add", "!remove", "!new", "!format", "!pack",
                "!nuget", "!tool", "!msbuild", "!publish", "!list", "!sln",
            ]),
        ],
        examples: &[
            Example(
                "printf '<Project><Target Name=\"T\"><Exec Command=\"git update-ref -d refs/heads/main\" /></Target></Project>\\n' > t.proj && dotnet msbuild t.proj -t:T",
                Expect::Runs("git update-ref -d refs/heads/main"),
            ),
            Example(
                "printf '<Project><Target Name=\"C\"><Delete Files=\"src/main.rs;src/lib.rs\" /></Target></Project>\\n' > c.proj && msbuild c.proj -t:C",
                Expect::Writes("src/lib.rs"),
            ),
            Example(
                "printf '<Project><Target Name=\"H\"><Exec Command=\"echo ok\" /></Target></Project>\\n' > h.proj && dotnet msbuild h.proj",
                Expect::Inert(".forge"),
            ),
            Example("dotnet build -c Release tools/Acme.Tools.csproj", Expect::Inert(".forge")),
        ],
        ..Program::named(&["dotnet", "msbuild", "MSBuild"])
    },
];

/// Maven's options that take a value (`-pl`, `-rf`, `-gs` are read as a flag and a value-taking letter).
const MAVEN_OPTIONS: Options = Options::new(
    "DPfsTtlb",
    &[
        "define",
        "activate-profiles",
        "file",
        "settings",
        "global-settings",
        "threads",
        "toolchains",
        "global-toolchains",
        "log-file",
        "builder",
        "projects",
        "resume-from",
        "color",
    ],
);

/// Gradle's options that take a value.
const GRADLE_OPTIONS: Options = Options::new(
    "bcDgIpPxFM",
    &[
        "build-file",
        "settings-file",
        "system-prop",
        "gradle-user-home",
        "init-script",
        "project-dir",
        "project-prop",
        "exclude-task",
        "include-build",
        "console",
        "warning-mode",
        "max-workers",
        "priority",
        "project-cache-dir",
        "dependency-verification",
        "write-verification-metadata",
    ],
);
