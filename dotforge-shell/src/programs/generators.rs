//! Scaffolding and code generators that run commands or code of the template or the project: cookiecutter's hooks
//! (Python or shell), copier's `_tasks`, hygen's `sh:` front matter (and the file its `to:` writes), buf's and sqlc's
//! local plugins, projen's tasks, plop's JavaScript; and generators that write the folder they are given
//! (`openapi-generator generate -o .`).

use super::entry::{Example, Expect, Logic, Program, Runs, Touches};
use crate::argv::Options;
use crate::markup::Markup;

pub(super) const PROGRAMS: &[Program] = &[
    // chezmoi's templates run the programs their `output` calls name (`chezmoi execute-template '{{ output … }}'`).
    Program {
        runs: &[Runs::Markup(Markup::GoTemplate)],
        examples: &[
            Example("chezmoi execute-template '{{ output \"git\" \"push\" \"-f\" }}'", Expect::Runs("git push -f")),
            Example("chezmoi execute-template '{{ .chezmoi.os }}'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["chezmoi"])
    },
    Program {
        options: Options::new("oc", &["output-dir", "checkout", "directory", "config-file", "replay-file"]),
        runs: &[Runs::CodeRecipes(&[
            "*hooks/pre_gen_project.py",
            "*hooks/post_gen_project.py",
            "*hooks/pre_prompt.py",
            "*hooks/pre_gen_project.sh",
            "*hooks/post_gen_project.sh",
        ])],
        examples: &[
            Example(
                "mkdir -p /tmp/cc/hooks && printf '#!/bin/sh\\ngit push -f\\n' > /tmp/cc/hooks/pre_gen_project.sh && cookiecutter --no-input /tmp/cc",
                Expect::Runs("git push -f"),
            ),
            Example("cookiecutter --no-input gh:audreyfeldroy/cookiecutter-pypackage -o /tmp/out", Expect::Inert(".forge")),
        ],
        ..Program::named(&["cookiecutter"])
    },
    Program {
        runs: &[Runs::ConfigCommands {
            files: &["*copier.yml", "*copier.yaml"],
            keys: &[],
            unknown: &["_tasks", "_migrations", "_jinja_extensions"],
        }],
        examples: &[
            Example("mkdir -p /tmp/t && printf '_tasks:\\n  - \"git reset --hard\"\\n' > /tmp/t/copier.yml && copier copy --trust /tmp/t .", Expect::Unknown),
            Example("mkdir -p /tmp/t && printf 'name: {type: str}\\n' > /tmp/t/copier.yml && copier copy /tmp/t out", Expect::Inert(".forge")),
            Example("copier copy --overwrite --defaults gh:x/hooks .git/hooks", Expect::Writes(".git/hooks")),
        ],
        // (`copier copy TEMPLATE DEST`: the template's files are copied into DEST.)
        options: Options::new("dar", &["data", "data-file", "answers-file", "vcs-ref", "exclude", "skip"]),
        touches: Touches::Copies,
        ..Program::named(&["copier"])
    },
    Program {
        runs: &[Runs::ConfigCommands { files: &["*.ejs.t", "*.t"], keys: &[("sh", ""), ("to", "touch")], unknown: &[] }],
        examples: &[
            Example(
                "mkdir -p _templates/a/new && printf -- '---\\nto: x.txt\\nsh: git push origin --delete main\\n---\\n' > _templates/a/new/i.ejs.t && npx hygen a new",
                Expect::Runs("git push origin --delete"),
            ),
            Example(
                "mkdir -p _templates/a/r && printf -- '---\\nto: .claude/settings.json\\nforce: true\\n---\\n{}\\n' > _templates/a/r/i.ejs.t && npx hygen a r",
                Expect::Writes(".claude/settings.json"),
            ),
            Example(
                "mkdir -p _templates/c/new && printf -- '---\\nto: src/components/Button.tsx\\n---\\nx\\n' > _templates/c/new/i.ejs.t && npx hygen c new",
                Expect::Inert(".forge"),
            ),
        ],
        ..Program::named(&["hygen"])
    },
    // buf's and sqlc's local plugins are programs they run; projen's tasks are commands.
    Program {
        runs: &[Runs::ConfigCommands { files: &["buf.gen.yaml", "--template"], keys: &[("local", "")], unknown: &[] }],
        options: Options::new("", &["template", "output"]),
        examples: &[
            Example("printf 'version: v2\\nplugins:\\n  - local: [\"sh\", \"-c\", \"rm -rf ~/.ssh\"]\\n' > buf.gen.yaml && buf generate", Expect::Writes("~/.ssh")),
            Example("printf 'version: v2\\nplugins:\\n  - local: protoc-gen-go\\n' > buf.gen.yaml && buf generate", Expect::Inert(".forge")),
        ],
        ..Program::named(&["buf"])
    },
    Program {
        runs: &[Runs::ConfigCommands { files: &["sqlc.yaml", "sqlc.yml", "sqlc.json", "-f", "--file"], keys: &[("cmd", "")], unknown: &[] }],
        options: Options::new("f", &["file"]),
        examples: &[
            Example("printf 'plugins:\\n  - name: p\\n    process:\\n      cmd: git push -f\\n' > sqlc.yaml && sqlc generate", Expect::Runs("git push -f")),
            Example("sqlc generate", Expect::Inert(".forge")),
        ],
        ..Program::named(&["sqlc"])
    },
    Program {
        runs: &[
            Runs::ConfigCommands { files: &[".projen/tasks.json"], keys: &[("exec", "")], unknown: &[] },
            Runs::CodeRecipes(&[".projenrc.js", ".projenrc.ts"]),
        ],
        examples: &[
            Example("printf '{\"tasks\": {\"s\": {\"steps\": [{\"exec\": \"git push -f\"}]}}}' > .projen/tasks.json && npx projen s", Expect::Runs("git push -f")),
            Example("npx projen build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["projen"])
    },
    Program {
        runs: &[Runs::CodeRecipes(&["plopfile.js", "plopfile.cjs", "plopfile.mjs", "plopfile.ts", "--plopfile"])],
        options: Options::new("", &["plopfile", "cwd", "dest"]),
        examples: &[
            Example(
                "printf \"module.exports = (p) => { require('child_process').execSync('npm publish'); };\\n\" > plopfile.js && npx plop x",
                Expect::Runs("npm publish"),
            ),
            Example("printf 'module.exports = (plop) => {};\\n' > plopfile.js && npx plop", Expect::Inert(".forge")),
        ],
        ..Program::named(&["plop"])
    },
    // The OpenAPI generator writes the folder it is given (`-o .` overwrites the project's sources).
    Program {
        options: Options::new("igoc", &["input-spec", "generator-name", "output", "config", "template-dir"]),
        touches: Touches::Own(Logic::OutputOption(&["o", "output"])),
        examples: &[
            Example("npx @openapitools/openapi-generator-cli generate -i openapi.yaml -g rust -o .forge", Expect::Writes(".forge")),
            Example("npx @openapitools/openapi-generator-cli generate -i openapi.yaml -g rust -o gen/api", Expect::Inert(".forge")),
        ],
        ..Program::named(&["openapi-generator-cli", "openapi-generator"])
    },
];
