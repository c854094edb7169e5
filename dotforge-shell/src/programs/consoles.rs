//! Database and debugger consoles, and expect: programs whose own commands run shell commands or write files (read by
//! [`crate::consoles`]). Their options that take a value are listed there too, as they take one dash or two.
//! (PowerShell's commands are read the same way, from its entry among the interpreters.)

use super::entry::{Console, Example, Expect, Filter, Program, Runs};

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
        &["psql"],
        &[Runs::FilterScript(Filter::Console(Console::Psql))],
        &[
            Example("psql -c '\\! git push -f'", Expect::Runs("git push -f")),
            Example("psql app <<< '\\o |rm -rf .forge'", Expect::Writes(".forge")),
            Example("psql -d app -c 'select count(*) from users'", Expect::Inert(".forge")),
        ],
    ),
    console(
        &["mysql", "mariadb"],
        &[Runs::FilterScript(Filter::Console(Console::Mysql))],
        &[
            Example("mysql -e 'system git push -f'", Expect::Runs("git push -f")),
            Example("mysql -u root -e 'show databases'", Expect::Inert(".forge")),
        ],
    ),
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
