//! Consoles whose own commands reach a shell or write files — sqlite3's dot-commands, psql's and mysql's shell
//! escapes, gdb's `shell`, expect's `spawn` and `exec`, ed's and IPython's `!`, PowerShell's encoded commands and
//! cmd's lines ([`crate::windows`]) — read from the commands given on the line (an option's value, the operands, known standard input) as the shell
//! scripts they run. A write is given as a redirection (`: > FILE`), which the reader takes for what it is.

use crate::argv::quote;
use crate::code::UNKNOWN_COMMAND;
use crate::lexer::Word;
use crate::programs::{self, Console};
use crate::windows;

/// The shell scripts the console command `argv` runs.
pub(crate) fn runs(argv: &[Word], console: Console, stdin: Option<&str>) -> Vec<String> {
    match console {
        // (Its `-Command` is code of its own language, which the interpreter's entry reads.)
        Console::PowerShell => {
            return encoded_commands(argv).iter().map(|code| format!("pwsh -c {}", quote(code))).collect()
        }
        Console::Cmd => return cmd_lines(argv, stdin),
        _ => {}
    }
    let mut scripts = Vec::new();
    let (database, texts) = texts(argv, console);
    // SQL that changes the database writes its file (`sqlite3 app.db "DELETE FROM events"`).
    if let Some(database) = database.filter(|name| !name.starts_with(':')) {
        if texts.iter().copied().chain(stdin).any(changes_a_database) {
            scripts.push(format!("touch {}", quote(database)));
        }
    }
    for text in texts.into_iter().chain(stdin) {
        match console {
            Console::Sqlite => sqlite(text, &mut scripts),
            Console::Duckdb => {
                sqlite(text, &mut scripts);
                copy_files(text, &mut scripts);
            }
            Console::Psql => {
                psql(text, &mut scripts);
                copy_files(text, &mut scripts);
            }
            Console::Mysql => mysql(text, &mut scripts),
            Console::Gdb => gdb(text, &mut scripts),
            Console::Expect => expect(text, &mut scripts),
            Console::Ed => ed(text, &mut scripts),
            Console::Ipython => ipython(text, &mut scripts),
            Console::PowerShell | Console::Cmd => {}
        }
    }
    scripts
}

/// What cmd runs: the command line after its `/c` or `/k` (any case), else the lines it is fed; for another Windows
/// program of cmd's reading (`robocopy`), its own words.
fn cmd_lines(argv: &[Word], stdin: Option<&str>) -> Vec<String> {
    let spelled = |word: &Word| {
        if word.text.contains(char::is_whitespace) {
            format!("\"{}\"", word.text)
        } else {
            word.text.clone()
        }
    };
    let line = if programs::program_name(&argv[0].text).eq_ignore_ascii_case("cmd") {
        let start = argv.iter().position(|word| matches!(word.text.to_ascii_lowercase().as_str(), "/c" | "/k"));
        match start {
            // (cmd takes the rest of its command line as it is, the quotes around it dropped.)
            Some(start) => argv[start + 1..].iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" "),
            None => return stdin.map(|text| windows::cmd(text).script).into_iter().collect(),
        }
    } else {
        argv.iter().map(spelled).collect::<Vec<_>>().join(" ")
    };
    vec![windows::cmd(&line).script]
}

/// PowerShell's `-EncodedCommand` values (any case, `-e`, `-ec`), decoded from base64 of UTF-16LE.
fn encoded_commands(argv: &[Word]) -> Vec<String> {
    use base64::Engine;
    let mut found = Vec::new();
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let name = word.text.trim_start_matches('-').to_ascii_lowercase();
        if !word.text.starts_with('-') || !matches!(name.as_str(), "e" | "ec" | "encodedcommand") {
            continue;
        }
        let Some(value) = words.next() else { break };
        let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(value.text.trim()) else { continue };
        let units: Vec<u16> = bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect();
        found.extend(String::from_utf16(&units).ok());
    }
    found
}

/// Whether SQL (or a sqlite3 dot-command) changes the database it runs on: a statement that writes rows, the schema
/// or the file (`INSERT`, `DELETE`, `DROP`, `VACUUM`…), or `.import`/`.restore`.
fn changes_a_database(text: &str) -> bool {
    const CHANGES: &[&str] = &[
        "insert", "update", "delete", "create", "drop", "alter", "vacuum", "replace", "truncate", ".import", ".restore",
    ];
    let lower = text.to_ascii_lowercase();
    lower
        .split(|character: char| !(character.is_ascii_alphanumeric() || character == '_' || character == '.'))
        .any(|word| CHANGES.contains(&word))
}

/// The commands a console is given on its command line: the values of its command options (one dash or two, the
/// value next or after `=`), and for sqlite3 and DuckDB every operand after the database; and that database.
fn texts(argv: &[Word], console: Console) -> (Option<&str>, Vec<&str>) {
    let (options, valued): (&[&str], &[&str]) = match console {
        Console::Sqlite => (&["cmd"], &["init", "separator", "newline", "nullvalue", "vfs", "mmap", "maxsize"]),
        Console::Duckdb => (&["c", "s", "cmd"], &["init", "separator", "newline", "nullvalue"]),
        Console::Psql => (&["c", "command"], &["d", "dbname", "h", "host", "p", "port", "U", "username", "f", "file"]),
        Console::Mysql => (&["e", "execute"], &["h", "host", "P", "port", "u", "user", "D", "database"]),
        Console::Gdb => (&["ex", "iex", "eval-command", "init-eval-command"], &["x", "ix", "p", "pid", "cd"]),
        Console::Expect => (&["c"], &["f"]),
        Console::Ed => (&[], &["p", "prompt"]),
        Console::Ipython => (&["c"], &["m", "profile", "profile-dir", "ipython-dir", "log-level", "config"]),
        Console::PowerShell | Console::Cmd => return (None, Vec::new()),
    };
    let (mut found, mut database) = (Vec::new(), None);
    let mut operands = 0;
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let text = word.text.as_str();
        let Some(option) = text.strip_prefix("--").or_else(|| text.strip_prefix('-')).filter(|name| !name.is_empty())
        else {
            operands += 1;
            if matches!(console, Console::Sqlite | Console::Duckdb) {
                match operands {
                    1 => database = Some(text),
                    _ => found.push(text),
                }
            }
            continue;
        };
        let (name, attached) = option.split_once('=').map_or((option, None), |(name, value)| (name, Some(value)));
        if options.contains(&name) {
            found.extend(attached.or_else(|| words.next().map(|value| value.text.as_str())));
        } else if valued.contains(&name) && attached.is_none() {
            words.next();
        }
    }
    (database, found)
}

/// sqlite3's dot-commands, each on a line of its own: `.shell CMD` and `.system CMD` run CMD; `.output FILE`,
/// `.once FILE`, `.save FILE` and `.backup FILE` write FILE; `.output |CMD` and `.once |CMD` run CMD.
fn sqlite(text: &str, scripts: &mut Vec<String>) {
    for line in text.lines().map(str::trim_start) {
        let Some(rest) = line.strip_prefix('.') else {
            sqlite_functions(line, scripts);
            continue;
        };
        let (command, argument) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match command {
            "shell" | "system" => scripts.push(argument.trim().to_owned()),
            "output" | "once" | "save" | "backup" => {
                // Options (`--bom`, `-x`) come first; a `|` starts a command.
                let rest = argument.split_whitespace().skip_while(|word| word.starts_with('-')).collect::<Vec<_>>();
                let rest = rest.join(" ");
                if let Some(piped) = rest.strip_prefix('|') {
                    scripts.push(piped.trim().to_owned());
                } else if let Some(target) = rest.split_whitespace().last() {
                    scripts.push(format!(": > {}", quote(target.trim_matches(['"', '\'']))));
                }
            }
            _ => {}
        }
    }
}

/// The sqlite3 shell's SQL functions that reach files and commands: `writefile(PATH, DATA)` writes PATH,
/// `readfile(PATH)` reads it, `edit(TEXT, EDITOR)` runs EDITOR; and DuckDB's readers (`read_text(PATH)`,
/// `read_csv(PATH)`…). An argument that is not a string literal is a path or command the reader cannot know.
fn sqlite_functions(sql: &str, scripts: &mut Vec<String>) {
    const FUNCTIONS: &[(&str, usize)] = &[
        ("writefile", 0),
        ("readfile", 0),
        ("edit", 1),
        ("read_text", 0),
        ("read_blob", 0),
        ("read_csv", 0),
        ("read_json", 0),
        ("read_parquet", 0),
    ];
    let lower = sql.to_ascii_lowercase();
    for &(name, argument) in FUNCTIONS {
        let mut from = 0;
        while let Some(at) = lower[from..].find(name) {
            let start = from + at;
            from = start + name.len();
            let named_alone = !lower[..start].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_');
            let Some(arguments) = sql[from..].trim_start().strip_prefix('(').filter(|_| named_alone) else { continue };
            let value = sql_arguments(arguments).into_iter().nth(argument).flatten();
            let path = || value.as_deref().map_or_else(|| UNKNOWN_COMMAND.to_owned(), path_word);
            scripts.push(match name {
                "writefile" => format!(": > {}", path()),
                // The editor is a command line of its own (`'vim -c "!rm x"'`).
                "edit" => value.clone().unwrap_or_else(|| UNKNOWN_COMMAND.to_owned()),
                _ => format!("cat {}", path()),
            });
        }
    }
}

/// The arguments of an SQL call from after its `(`: each a string literal's text (`'it''s'`), or `None` for
/// anything else, up to the closing `)`.
fn sql_arguments(text: &str) -> Vec<Option<String>> {
    let mut found = Vec::new();
    let mut characters = text.chars().peekable();
    loop {
        while characters.next_if(|c| c.is_whitespace()).is_some() {}
        let literal = if characters.next_if_eq(&'\'').is_some() {
            let mut value = String::new();
            loop {
                match characters.next() {
                    Some('\'') if characters.next_if_eq(&'\'').is_some() => value.push('\''),
                    Some('\'') => break Some(value),
                    Some(other) => value.push(other),
                    None => return found,
                }
            }
        } else {
            None
        };
        // The rest of the argument (all of it when it is no literal), to a `,` or `)` at this depth.
        let mut depth = 0;
        let mut plain = true;
        let end = loop {
            match characters.next() {
                Some('(') => depth += 1,
                Some(')') if depth == 0 => break ')',
                Some(')') => depth -= 1,
                Some(',') if depth == 0 => break ',',
                Some(c) if !c.is_whitespace() => plain = false,
                Some(_) => {}
                None => break ')',
            }
        };
        found.push(literal.filter(|_| plain));
        if end == ')' {
            return found;
        }
    }
}

/// psql's `\! CMD` (to the end of the line), its output sent to a command (`\o |CMD`, `\g |CMD`, `\w |CMD`,
/// `\copy … to program 'CMD'`), and the server's `COPY … PROGRAM 'CMD'` (the server is often this machine).
fn psql(text: &str, scripts: &mut Vec<String>) {
    for line in text.lines() {
        let mut rest = line;
        while let Some(at) = rest.find('\\') {
            let after = &rest[at + 1..];
            let (name, argument) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
            let argument = argument.split("\\\\").next().unwrap_or("").trim();
            if let Some(command) = name.strip_prefix('!') {
                let command = if command.is_empty() { argument.to_owned() } else { format!("{command} {argument}") };
                scripts.push(command.trim().to_owned());
                break;
            }
            if matches!(name, "o" | "out" | "g" | "gx" | "w" | "write") {
                if let Some(piped) = argument.strip_prefix('|') {
                    scripts.push(piped.trim().to_owned());
                }
            }
            rest = after;
        }
        quoted_after(line, "program", scripts);
    }
}

/// SQL's `COPY … TO 'FILE'`, which writes FILE, and `COPY … FROM 'FILE'`, which reads it (psql's `\copy` on this
/// machine, where its file may also be unquoted; the server's `COPY` and DuckDB's where they run, often this
/// machine too). `STDIN`, `STDOUT` and `PROGRAM 'CMD'` name no file.
fn copy_files(text: &str, scripts: &mut Vec<String>) {
    for line in text.lines() {
        let lower = line.to_ascii_lowercase();
        let Some(copy) = lower.find("copy") else { continue };
        let client = lower[..copy].ends_with('\\');
        for (keyword, command) in [(" to ", ": > "), (" from ", "cat ")] {
            let mut from = copy;
            while let Some(found) = lower[from..].find(keyword) {
                let start = from + found + keyword.len();
                from = start;
                let rest = line[start..].trim_start();
                let path = match rest.strip_prefix('\'') {
                    Some(quoted) => quoted.split('\'').next(),
                    None if client => rest.split(|c: char| c.is_whitespace() || c == ';').next(),
                    None => None,
                };
                let names_no_file = |path: &&str| {
                    path.is_empty() || ["stdin", "stdout", "program"].contains(&path.to_ascii_lowercase().as_str())
                };
                if let Some(path) = path.filter(|path| !names_no_file(path)) {
                    scripts.push(format!("{command}{}", path_word(path)));
                }
            }
        }
    }
}

/// A path a console names, as a shell word: quoted, but a leading `~/` left to name the home as the consoles take
/// it.
fn path_word(path: &str) -> String {
    match path.strip_prefix("~/") {
        Some(rest) => format!("~/{}", quote(rest)),
        None => quote(path),
    }
}

/// mysql's `system CMD` and `\! CMD` at the start of a statement.
fn mysql(text: &str, scripts: &mut Vec<String>) {
    for statement in text.split([';', '\n']).map(str::trim) {
        let command = statement.strip_prefix("\\!").or_else(|| {
            let (word, rest) = statement.split_once(char::is_whitespace)?;
            word.eq_ignore_ascii_case("system").then_some(rest)
        });
        scripts.extend(command.map(|command| command.trim().to_owned()));
    }
}

/// gdb's `shell CMD`, `!CMD` and `pipe GDB-COMMAND | CMD`.
fn gdb(text: &str, scripts: &mut Vec<String>) {
    for line in text.lines().map(str::trim) {
        if let Some(command) = line.strip_prefix('!').or_else(|| line.strip_prefix("shell ")) {
            scripts.push(command.trim().to_owned());
        } else if let Some(piped) = line.strip_prefix("pipe ").and_then(|rest| rest.split_once('|')) {
            scripts.push(piped.1.trim().to_owned());
        }
    }
}

/// ed's commands: `!CMD` runs CMD; `w !CMD`, `W !CMD`, `r !CMD` and `e !CMD` (after an address: `1,$w !CMD`) run CMD
/// with the buffer as its input or its output as the text.
fn ed(text: &str, scripts: &mut Vec<String>) {
    for line in text.lines().map(str::trim) {
        let command = line.trim_start_matches(|c: char| c.is_ascii_digit() || ",.$;+-".contains(c));
        let escaped = command.strip_prefix('!').or_else(|| {
            command.strip_prefix(['w', 'W', 'r', 'e', 'E']).and_then(|rest| rest.trim_start().strip_prefix('!'))
        });
        if let Some(script) = escaped.map(str::trim).filter(|script| !script.is_empty()) {
            scripts.push(script.to_owned());
        }
    }
}

/// IPython's shell escapes: a line (or what follows `=` in an assignment) starting `!` or `!!`, `%system CMD`,
/// `%sx CMD`, and the body of a `%%bash`, `%%sh` or `%%script SHELL` cell.
fn ipython(text: &str, scripts: &mut Vec<String>) {
    let mut cell: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(body) = cell.as_mut() {
            body.push_str(line);
            body.push('\n');
            continue;
        }
        if ["%%bash", "%%sh", "%%script"].iter().any(|magic| trimmed.starts_with(magic)) {
            cell = Some(String::new());
            continue;
        }
        let value =
            trimmed.split_once('=').filter(|(name, _)| name.trim().chars().all(|c| c.is_alphanumeric() || c == '_'));
        let statement = value.map_or(trimmed, |(_, value)| value.trim_start());
        let escaped = statement
            .strip_prefix('!')
            .map(|rest| rest.trim_start_matches('!'))
            .or_else(|| statement.strip_prefix("%system "))
            .or_else(|| statement.strip_prefix("%sx "));
        if let Some(script) = escaped.map(str::trim).filter(|script| !script.is_empty()) {
            scripts.push(script.to_owned());
        }
    }
    scripts.extend(cell.filter(|body| !body.trim().is_empty()));
}

/// expect's (Tcl's) `spawn CMD …` and `exec CMD …`, each to the end of its Tcl command (`;`, `]` or a line end).
fn expect(text: &str, scripts: &mut Vec<String>) {
    for command in text.split([';', '\n', '[', ']']).map(str::trim) {
        let Some((word, rest)) = command.split_once(char::is_whitespace) else { continue };
        if matches!(word, "spawn" | "exec") {
            // Tcl's braces group as a shell's quotes do.
            scripts.push(rest.trim().replace(['{', '}'], "'"));
        }
    }
}

/// The single-quoted text after the word `keyword` (any case), as in `PROGRAM 'gzip > x.gz'`.
fn quoted_after(line: &str, keyword: &str, scripts: &mut Vec<String>) {
    let lower = line.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find(keyword) {
        let after = line[from + at + keyword.len()..].trim_start();
        if let Some(quoted) = after.strip_prefix('\'').and_then(|rest| rest.split_once('\'')) {
            scripts.push(quoted.0.to_owned());
        }
        from += at + keyword.len();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(line: &str, console: Console) -> Vec<String> {
        runs(&crate::lexer::words_of(line), console, None)
    }

    fn ed_input(input: &str) -> Vec<String> {
        runs(&crate::lexer::words_of("ed -s"), Console::Ed, Some(input))
    }

    fn ipython_input(input: &str) -> Vec<String> {
        runs(&crate::lexer::words_of("ipython"), Console::Ipython, Some(input))
    }

    #[test]
    fn sqlite_runs_its_shell_commands_and_writes_its_outputs() {
        assert_eq!(of("sqlite3 app.db '.shell git push -f'", Console::Sqlite), ["git push -f"]);
        assert_eq!(of("sqlite3 -cmd '.system rm -rf x' app.db", Console::Sqlite), ["rm -rf x"]);
        assert_eq!(of("sqlite3 app.db '.output --bom out.csv' 'select 1'", Console::Sqlite), [": > out.csv"]);
        assert_eq!(of("sqlite3 app.db '.once | sh run.sh'", Console::Sqlite), ["sh run.sh"]);
        assert_eq!(of("sqlite3 app.db '.backup main \"b k.db\"'", Console::Sqlite), [": > k.db"]);
        assert!(of("sqlite3 app.db 'select * from t;' '.tables'", Console::Sqlite).is_empty());
        assert!(of("sqlite3 -separator , app.db", Console::Sqlite).is_empty());
    }

    #[test]
    fn sql_that_changes_a_database_writes_its_file() {
        let changes = "sqlite3 .forge/state.db 'DELETE FROM events; VACUUM;'";
        assert_eq!(of(changes, Console::Sqlite), ["touch .forge/state.db"]);
        assert_eq!(of("duckdb dev.db -c 'create table t(a int)'", Console::Duckdb), ["touch dev.db"]);
        assert!(of("sqlite3 app.db 'select updated_at, deleted from t'", Console::Sqlite).is_empty());
        assert!(of("sqlite3 :memory: 'create table t(a)'", Console::Sqlite).is_empty());
    }

    #[test]
    fn sqlite_functions_write_read_and_edit_files() {
        let write = "sqlite3 :memory: \"select writefile('.claude/settings.json','{}')\"";
        assert_eq!(of(write, Console::Sqlite), [": > .claude/settings.json"]);
        let read = "sqlite3 x.db \"SELECT ReadFile( 'it''s.env' ) AS t;\"";
        assert_eq!(of(read, Console::Sqlite), ["cat 'it'\\''s.env'"]);
        assert_eq!(of("sqlite3 x.db \"select edit(body, 'git push -f') from t\"", Console::Sqlite), ["git push -f"]);
        let computed = "sqlite3 x.db \"select writefile('.forge/' || name, data) from t\"";
        assert_eq!(of(computed, Console::Sqlite), ["${DOTFORGE_UNKNOWN}"].map(|unknown| format!(": > {unknown}")));
        // A column named like a function, and a function whose name only ends the same, are no calls.
        assert!(of("sqlite3 x.db 'select editor, my_readfile(x) from t'", Console::Sqlite).is_empty());
    }

    #[test]
    fn psql_mysql_gdb_and_expect_run_their_shell_escapes() {
        assert_eq!(of("psql -c '\\! git push -f'", Console::Psql), ["git push -f"]);
        assert_eq!(of("psql -d app --command='\\o |sh run.sh'", Console::Psql), ["sh run.sh"]);
        assert_eq!(of("psql -c \"COPY t TO PROGRAM 'rm -rf x'\"", Console::Psql), ["rm -rf x"]);
        assert!(of("psql -c 'select 1' -d app", Console::Psql).is_empty());
        assert_eq!(of("mysql -u me -e 'system git push -f'", Console::Mysql), ["git push -f"]);
        assert_eq!(of("mysql --execute='select 1; \\! rm -rf x'", Console::Mysql), ["rm -rf x"]);
        assert!(of("mysql -e 'select * from t'", Console::Mysql).is_empty());
        assert_eq!(of("gdb -batch -ex 'shell git push -f' ./app", Console::Gdb), ["git push -f"]);
        assert_eq!(of("gdb --eval-command='!rm -rf x' -ex 'pipe bt | sh'", Console::Gdb), ["rm -rf x", "sh"]);
        assert!(of("gdb -batch -ex run -ex bt ./app", Console::Gdb).is_empty());
        assert_eq!(of("ed -s x.txt", Console::Ed), Vec::<String>::new());
        assert_eq!(ed_input("!git push -f\nq\n"), ["git push -f"]);
        assert_eq!(ed_input("1,$w !sh\n,d\nw\nq\n"), ["sh"]);
        assert_eq!(ed_input("r !cat .env\n"), ["cat .env"]);
        assert!(ed_input(",s/a/b/g\nw\nq\n").is_empty());
        assert_eq!(of("ipython -c '!chmod -R 000 ~'", Console::Ipython), ["chmod -R 000 ~"]);
        assert_eq!(ipython_input("files = !ls\n%system git push -f\n"), ["ls", "git push -f"]);
        assert_eq!(ipython_input("%%bash\ngit push -f\n"), ["git push -f\n"]);
        assert!(of("ipython -c 'import os; print(os.getcwd() != 1)'", Console::Ipython).is_empty());
        assert_eq!(of("expect -c 'spawn git push -f; expect eof'", Console::Expect), ["git push -f"]);
        assert_eq!(of("expect -c 'set x [exec rm -rf x]'", Console::Expect), ["rm -rf x"]);
        // (Its `-Command` is read as the interpreter's code.)
        assert!(of("pwsh -NoProfile -Command 'git push -f'", Console::PowerShell).is_empty());
        // `git push -f` as UTF-16LE, base64.
        let encoded = "ZwBpAHQAIABwAHUAcwBoACAALQBmAA==";
        assert_eq!(of(&format!("pwsh -EncodedCommand {encoded}"), Console::PowerShell), ["pwsh -c 'git push -f'"]);
        assert!(of("pwsh -File build.ps1", Console::PowerShell).is_empty());
    }

    #[test]
    fn cmd_runs_its_command_line_and_robocopy_its_own_words() {
        assert_eq!(of("cmd.exe /c git push -f", Console::Cmd), ["git push -f"]);
        assert_eq!(of("cmd /C \"del /q src\\main.rs\"", Console::Cmd), ["rm -f src/main.rs"]);
        assert_eq!(of("robocopy.exe /tmp/empty src /MIR", Console::Cmd), ["rm -rf src; cp -r /tmp/empty src"]);
        assert!(of("cmd.exe /c dir", Console::Cmd) == [":"]);
        assert_eq!(of("cmd.exe /c \"rmdir /s /q %TEMP%\\acme-build\"", Console::Cmd), ["rm -rf /tmp/acme-build"]);
        assert_eq!(of("cmd.exe /c build.bat", Console::Cmd), ["cmd.exe < ./build.bat"], "a batch file's lines");
        assert_eq!(of("cmd.exe /c $PWD/b.cmd", Console::Cmd), ["cmd.exe < \"${PWD}\"/b.cmd"]);
    }
}
