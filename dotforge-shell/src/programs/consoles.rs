//! Database and debugger consoles, and expect: programs whose own commands run shell commands or write files (read by
//! [`crate::consoles`]). Their options that take a value are listed there too, as they take one dash or two.
//! (PowerShell's commands are read the same way, from its entry among the interpreters.)

use super::entry::{Console, Example, Expect, Filter, Language, Program, Runs};
use crate::argv::Options;

const fn console(names: &'static [&'static str], runs: &'static [Runs], examples: &'static [Example]) -> Program {
    Program { runs, examples, ..Program::named(names) }
}

pub(super) const PROGRAMS: &[Program] = &[
    console(
        &["sqlite3"],
        &[Runs::FilterScript(Filter::Console(Console::Sqlite))],
        &[
            Example("sqlite3 app.db '.shell git push -f'", Expect::Runs("git push -f")),
            Example("sqlite3 app.db -cmd '.system rm -rf .forge' 'select 1'", Expect::Writes(".forge")),
            Example(
                "sqlite3 app.db '.output .forge/runtime/state.json' 'select 1'",
                Expect::Writes(".forge/runtime/state.json"),
            ),
            Example("sqlite3 app.db <<< '.once |git push -f'", Expect::Runs("git push -f")),
            Example("sqlite3 app.db 'select * from users' '.output out.csv'", Expect::Inert(".forge")),
            Example(
                "sqlite3 :memory: \"select writefile('.claude/settings.json', '{}')\"",
                Expect::Writes(".claude/settings.json"),
            ),
            Example("sqlite3 :memory: \"select readfile('.env')\"", Expect::Reads(".env")),
        ],
    ),
    console(
        &["duckdb"],
        &[Runs::FilterScript(Filter::Console(Console::Duckdb))],
        &[
            Example("duckdb -c \"select content from read_text('~/.ssh/id_rsa')\"", Expect::Reads("~/.ssh/id_rsa")),
            Example("duckdb -c \"COPY (SELECT 1) TO 'src/main.rs' (FORMAT csv)\"", Expect::Writes("src/main.rs")),
            Example("duckdb dev.db '.shell git push -f'", Expect::Runs("git push -f")),
            Example("duckdb -c \"select * from read_csv('data/x.csv')\"", Expect::Inert(".forge")),
        ],
    ),
    Program {
        // (A script file the line wrote, `psql -f FILE`, is not read: asked.)
        options: Options::new("cdfhpUo", &["command", "dbname", "file", "host", "port", "username", "output"]),
        runs: &[Runs::FilterScript(Filter::Console(Console::Psql)), Runs::UnreadRecipes(&["-f", "--file"])],
        examples: &[
            Example("printf '\\\\! git reset --hard' > /tmp/x.sql && psql -f /tmp/x.sql", Expect::Unknown),
            Example("psql -c \"\\\\copy t from '.env'\"", Expect::Reads(".env")),
            Example("psql -c '\\! git push -f'", Expect::Runs("git push -f")),
            Example("psql app <<< '\\o |rm -rf .forge'", Expect::Writes(".forge")),
            Example("psql -d app -c 'select count(*) from users'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["psql"])
    },
    console(
        &["mysql", "mariadb"],
        &[Runs::FilterScript(Filter::Console(Console::Mysql))],
        &[
            Example("mysql -e 'system git push -f'", Expect::Runs("git push -f")),
            Example("mysql -u root -e 'show databases'", Expect::Inert(".forge")),
        ],
    ),
    // MongoDB's shell runs JavaScript with Node's modules (`--eval CODE`, `-f FILE`).
    Program {
        options: Options::new(
            "uphf",
            &["eval", "host", "port", "username", "password", "authenticationDatabase", "file"],
        ),
        runs: &[Runs::InlineCode(Language::JavaScript, &["eval"]), Runs::CodeRecipes(&["-f", "--file"])],
        examples: &[
            Example(
                "mongosh --nodb --eval 'require(\"fs\").rmSync(\".forge\", {recursive: true})'",
                Expect::Writes(".forge"),
            ),
            Example("mongosh app --eval 'db.users.countDocuments()'", Expect::Inert(".forge")),
        ],
        ..Program::named(&["mongosh", "mongo"])
    },
    console(
        &["gdb"],
        &[Runs::FilterScript(Filter::Console(Console::Gdb))],
        &[
            Example("gdb -batch -ex 'shell git push -f'", Expect::Runs("git push -f")),
            Example("gdb -batch -ex run -ex bt ./app", Expect::Inert(".forge")),
        ],
    ),
    console(
        &["expect"],
        &[Runs::FilterScript(Filter::Console(Console::Expect))],
        &[
            Example("expect -c 'spawn git push -f; expect eof'", Expect::Runs("git push -f")),
            Example("expect -c 'spawn ssh host; expect \"$ \"; send \"ls\\r\"'", Expect::Inert(".forge")),
        ],
    ),
];
