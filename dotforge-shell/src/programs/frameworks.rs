//! Web frameworks' management commands and consoles: Django's `manage.py shell -c CODE`, Rails' `runner CODE`,
//! Laravel's `artisan tinker --execute=CODE` run code of their language, and each loads the project's code as it
//! starts (a management command, an initializer, a service provider), so a file of that language the line wrote is
//! read as the code it runs. Run through their interpreter (`python manage.py`, `php artisan`), they are the same
//! program ([`crate::unwrap`]).

use super::entry::{Example, Expect, Interpreter, Language, Logic, Program, Runs, Touches};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("", &["settings", "pythonpath", "verbosity"]),
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("ci", &["command", "interface"]),
                runs: &[Runs::InlineCode(Language::Python, &["c", "command"])],
                ..Program::named(&["shell"])
            }]),
            Runs::CodeRecipes(&["*.py"]),
        ],
        examples: &[
            Example(
                "python manage.py shell -c \"import shutil; shutil.rmtree('.forge')\"",
                Expect::Writes(".forge"),
            ),
            Example("./manage.py shell -c \"print(open('.env').read())\"", Expect::Reads(".env")),
            Example(
                "printf 'import os\\nos.system(\"git push -f\")\\n' > app/management/commands/tidy.py && python manage.py tidy",
                Expect::Runs("git push -f"),
            ),
            Example("python manage.py migrate", Expect::Inert(".forge")),
            Example("python manage.py shell -c 'from app.models import User; print(User.objects.count())'", Expect::Inert(".forge")),
        ],
        script: true,
        ..Program::named(&["manage.py", "django-admin"])
    },
    // `rails runner CODE` (or a file of it); `bin/rails` and `ruby bin/rails` alike.
    Program {
        options: Options::new("e", &["environment"]),
        runs: &[
            Runs::Code(Interpreter {
                language: Language::Ruby,
                code_options: &[],
                code_words: &["runner", "r"],
                no_file_options: &[],
                file_subcommands: &[],
                in_place: false,
                file_options: &[],
            }),
            Runs::CodeRecipes(&["*.rb"]),
        ],
        touches: Touches::Own(Logic::Interpreter),
        examples: &[
            Example("bin/rails runner 'system(\"git reset --hard HEAD~1\")'", Expect::Runs("git reset --hard")),
            Example("rails r 'File.write(\"src/lib.rs\", \"\")'", Expect::Writes("src/lib.rs")),
            Example(
                "printf 'system(\"git push -f origin main\")\\n' > config/initializers/zz.rb && bin/rails runner 'puts 1'",
                Expect::Runs("git push -f"),
            ),
            Example("bin/rails runner 'puts User.count'", Expect::Inert(".forge")),
            Example("bin/rails db:migrate", Expect::Inert(".forge")),
        ],
        script: true,
        ..Program::named(&["rails"])
    },
    Program {
        options: Options::new("", &["env"]),
        runs: &[
            Runs::Subcommands(&[Program {
                options: Options::new("", &["execute"]),
                runs: &[Runs::InlineCode(Language::Php, &["execute"])],
                ..Program::named(&["tinker"])
            }]),
            Runs::CodeRecipes(&["*.php"]),
        ],
        examples: &[
            Example("php artisan tinker --execute=\"shell_exec('git clean -fdx');\"", Expect::Runs("git clean -fdx")),
            Example("php artisan tinker --execute=\"unlink(base_path('.git/hooks/pre-push'));\"", Expect::Writes(".git/hooks/pre-push")),
            Example("php artisan migrate --seed", Expect::Inert(".forge")),
        ],
        script: true,
        ..Program::named(&["artisan"])
    },
    // Front-end frameworks' builds and dev servers load their config (and the modules it imports) as they start.
    Program {
        runs: &[Runs::CodeRecipes(&[
            "next.config.js", "next.config.mjs", "next.config.ts", "nuxt.config.ts", "nuxt.config.js", "astro.config.mjs",
            "astro.config.ts", "gatsby-config.js", "gatsby-config.ts", "gatsby-node.js", "svelte.config.js",
        ])],
        examples: &[
            Example(
                "printf 'require(\"fs\").rmSync(\"notes.md\", { force: true });\nmodule.exports = {};\n' > next.config.js && npx next build",
                Expect::Writes("notes.md"),
            ),
            Example("printf 'module.exports = { reactStrictMode: true };\n' > next.config.js && npx next build", Expect::Inert(".forge")),
        ],
        ..Program::named(&["next", "nuxt", "nuxi", "astro", "gatsby"])
    },
];
