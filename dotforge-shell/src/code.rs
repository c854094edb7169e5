//! Interpreter code read for the commands it runs: calls of the functions that start a program or a shell —
//! `os.system`, `subprocess.*`, `os.exec*`/`spawn*`, `pty.spawn`, `child_process.exec*`/`spawn*`/`execFile*`,
//! `Bun.spawn`/`Bun.$`, `system`/`exec`, backticks, `qx`/`%x`, `shell_exec`/`passthru`/`proc_open`… — whose
//! arguments are literal text, in string form (`os.system('git push -f')`: a shell command line) or list form
//! (`['git', 'push', '-f']`: a program and its arguments). Names assigned a literal stand for it
//! (`cmd = 'git push -f'; os.system(cmd)`), literals joined with `+`/`.` are one, and code given to `eval`/`exec`
//! is read as code in turn. A literal that is only printed (`print('rm -rf /')`) runs nothing.
//!
//! Each command found comes back as a shell command line for the reader, with the parts that cannot be known
//! (interpolations, variables) as `${DOTFORGE_UNKNOWN}`, so nothing unknown matches a pattern's requirement.

use crate::code_tokens::{tokenize, Literal, Piece, Token};
use crate::programs::Language;
use crate::{git_libraries, windows};
use std::collections::HashMap;

/// How a function runs what it is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Runs {
    /// A string is a shell command line; a list is a program and its arguments (`os.system`, `exec` in node).
    Shell,
    /// A program and its arguments — as a list, or as several strings — or, as one string, a command line
    /// (`subprocess.run`, `spawn`, Perl's `system`).
    Program,
    /// Like [`Runs::Program`], but a list holds `argv[0]` after the program (`os.execvp(file, [file, …])`), and
    /// several strings too (`os.execlp(file, file, …)`).
    ProgramThenArgv,
    /// Code in the same language (`eval`, `exec` in Python).
    Code,
}

/// The functions of a language that run something, by the last part of their name.
fn runs(language: Language, function: &str) -> Option<Runs> {
    let found = match language {
        Language::Python => match function {
            "system" | "popen" | "getoutput" | "getstatusoutput" | "create_subprocess_shell" | "Popen4" => Runs::Shell,
            "run"
            | "call"
            | "check_call"
            | "check_output"
            | "Popen"
            | "spawn"
            | "create_subprocess_exec"
            | "posix_spawn"
            | "posix_spawnp" => Runs::Program,
            "execv" | "execve" | "execvp" | "execvpe" | "execl" | "execle" | "execlp" | "execlpe" | "spawnv"
            | "spawnve" | "spawnvp" | "spawnvpe" | "spawnl" | "spawnle" | "spawnlp" | "spawnlpe" => {
                Runs::ProgramThenArgv
            }
            "exec" | "eval" | "compile" => Runs::Code,
            _ => return None,
        },
        Language::JavaScript => match function {
            "exec" | "execSync" | "execaCommand" | "execaCommandSync" | "$" => Runs::Shell,
            "spawn" | "spawnSync" | "execFile" | "execFileSync" | "execa" | "execaSync" | "execaNode" | "Command" => {
                Runs::Program
            }
            "eval" | "Function" | "runInThisContext" | "runInNewContext" | "runInContext" => Runs::Code,
            _ => return None,
        },
        Language::Perl => match function {
            "readpipe" => Runs::Shell,
            "system" | "exec" => Runs::Program,
            "eval" => Runs::Code,
            _ => return None,
        },
        Language::Ruby => match function {
            // (`sh`: Rake's, and FileUtils'.)
            "system" | "exec" | "spawn" | "popen" | "capture2" | "capture2e" | "capture3" | "popen2" | "popen2e"
            | "popen3" | "pipeline" | "pipeline_r" | "pipeline_w" | "sh" => Runs::Program,
            "eval" | "instance_eval" | "class_eval" | "module_eval" => Runs::Code,
            _ => return None,
        },
        Language::Php => match function {
            "shell_exec" | "exec" | "system" | "passthru" | "popen" | "proc_open" => Runs::Shell,
            "pcntl_exec" => Runs::Program,
            "eval" => Runs::Code,
            _ => return None,
        },
        Language::Shell | Language::PowerShell | Language::Other => return None,
    };
    Some(found)
}

/// Keyword arguments whose value is a shell command line, in any language read (`bash_command=` of Airflow's
/// `BashOperator`).
const SHELL_KEYWORDS: &[&str] = &["bash_command"];

/// Whether the language calls functions without parentheses (`system "ls"`, `exec 'git', 'push'`).
fn calls_without_parentheses(language: Language) -> bool {
    matches!(language, Language::Perl | Language::Ruby)
}

/// How deep code given to `eval` is followed.
const MAX_CODE_DEPTH: usize = 4;
/// Most tokens one call's arguments are read from.
const MAX_ARGUMENT_TOKENS: usize = 4_096;

/// A call's argument, as far as it can be known.
#[derive(Clone, Debug)]
enum Argument {
    /// Literal text (with unknown pieces).
    Literal(Literal),
    /// A list of arguments (`['git', 'push']`, `qw(git push)`).
    List(Vec<Option<Literal>>),
    /// `name=value` / `{shell: true}`: an option of the call, not a command.
    Keyword,
    /// Anything else.
    Unknown,
}

/// The shell command lines `code` runs (code from a file on disk: what cannot be known is left out).
pub(crate) fn commands_in(language: Language, code: &str) -> Vec<String> {
    if language == Language::PowerShell {
        return vec![windows::powershell(code).script];
    }
    let mut found = git_libraries::commands(code);
    read(language, code, Source::File, 0, &mut found);
    found
}

/// The shell command lines inline code runs (`python -c CODE`, code on an interpreter's input): the agent wrote it
/// for this call, so a call that surely runs a command or code which cannot be known (`os.system(sys.argv[1])`,
/// `exec(base64.b64decode(…))`) runs `${DOTFORGE_UNKNOWN}` — a command the reader cannot know, which asks.
pub(crate) fn commands_in_inline(language: Language, code: &str) -> Vec<String> {
    // PowerShell's statements are written as the commands they amount to; those that are no commands (.NET calls)
    // are read as code of a language not read is.
    if language == Language::PowerShell {
        let translation = windows::powershell(code);
        let mut found = vec![translation.script];
        found.extend(commands_in_inline(Language::Other, &translation.unread));
        return found;
    }
    // Git driven through a library is the git command it amounts to.
    let mut found = git_libraries::commands(code);
    // Code of a language not read (Lua, R, Tcl, Emacs Lisp, AppleScript) that starts a process runs what cannot be
    // known here.
    if language == Language::Other {
        // Julia's command literals given to a call (`run(`git log`)`): the command they spell, when they
        // interpolate nothing.
        let (literals, computed) = julia_commands(code);
        found.extend(literals);
        let acts = computed || STARTS_A_PROCESS.iter().chain(DELETES).any(|call| code.contains(call));
        found.extend(acts.then(|| UNKNOWN_COMMAND.to_owned()));
        return found;
    }
    // `eval` handed over as a function runs whatever it is given (`fetch(url).then(r => r.text()).then(eval)`); a
    // module loaded by a computed name may be the one that runs processes (`require('child_' + 'process')`).
    if ["(eval)", ", eval)"].iter().any(|passed| code.contains(passed)) || loads_a_computed_module(language, code) {
        found.push(UNKNOWN_COMMAND.to_owned());
    }
    read(language, code, Source::Inline, 0, &mut found);
    found
}

/// Whether code loads a module whose name is computed, not written as one string: JavaScript's `require(…)` and
/// `import(…)`, Python's `__import__(…)` and `import_module(…)` given anything but a plain literal (`require(m)`,
/// `require('child_' + 'process')`, `` require(`${x}`) ``).
fn loads_a_computed_module(language: Language, code: &str) -> bool {
    let loaders: &[&str] = match language {
        Language::JavaScript => &["require(", "import("],
        Language::Python => &["__import__(", "import_module("],
        _ => return false,
    };
    loaders.iter().any(|loader| {
        code.match_indices(loader).any(|(at, _)| {
            // A name that only ends like a loader (`myrequire(`) is not one.
            let before = code[..at].chars().next_back();
            if before.is_some_and(|character| character.is_alphanumeric() || character == '_' || character == '$') {
                return false;
            }
            let arguments = &code[at + loader.len()..];
            !plain_literal_argument(arguments.trim_start()) && !only_a_property_read(arguments)
        })
    })
}

/// Whether the result of a call whose arguments start `arguments` (just after its `(`) is only read as a property
/// (`require(path.resolve('package.json')).version`): no module that runs a process is used that way.
fn only_a_property_read(arguments: &str) -> bool {
    let mut depth = 1;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (at, character) in arguments.char_indices() {
        match quote {
            Some(_) if escaped => escaped = false,
            Some(_) if character == '\\' => escaped = true,
            Some(open) if character == open => quote = None,
            Some(_) => {}
            None => match character {
                '\'' | '"' | '`' => quote = Some(character),
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        let after = &arguments[at + 1..];
                        let Some(member) = after.strip_prefix('.') else { return false };
                        let name_end = member
                            .find(|character: char| !(character.is_alphanumeric() || character == '_'))
                            .unwrap_or(member.len());
                        return name_end > 0 && !member[name_end..].trim_start().starts_with(['(', '[', '.']);
                    }
                }
                _ => {}
            },
        }
    }
    false
}

/// Whether `rest` (what follows a call's `(`) is one string literal and the call's end: `'fs')`, `"os")`.
fn plain_literal_argument(rest: &str) -> bool {
    let Some(quote) = rest.chars().next().filter(|character| matches!(character, '\'' | '"' | '`')) else {
        return false;
    };
    let body = &rest[1..];
    let Some(end) = body.find(quote) else { return false };
    let literal = &body[..end];
    let after = body[end + 1..].trim_start();
    let computed = literal.contains('\\') || (quote == '`' && literal.contains("${"));
    !computed && after.starts_with([')', ','])
}

/// Where code comes from, which decides what a call of unknown arguments stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Source {
    /// A script file: build and test scripts compute their commands everywhere; an unknown one is left out.
    File,
    /// Code written on the command line: an unknown command is a command the reader cannot know.
    Inline,
}

/// How the languages that are not read start a process: Lua, R, Tcl, Emacs Lisp, AppleScript, PowerShell.
const STARTS_A_PROCESS: &[&str] = &[
    "os.execute",
    "io.popen",
    "system(",
    "system2(",
    "shell(",
    "pipe(",
    "exec ",
    "exec(",
    "open \"|",
    "shell-command",
    "call-process",
    "start-process",
    "make-process",
    "process-lines",
    "start-file-process",
    "(system",
    "clojure.java.shell",
    "do shell script",
    "Start-Process",
    "Invoke-Expression",
    "iex ",
    "ProcessBuilder",
    "spawnShell",
    "spawnProcess",
    "executeShell",
    ".execute()",
    "getRuntime",
    "\".!",
    "builtins.exec",
    "os:cmd",
    "Sys.command",
    "Unix.system",
    "Process.run",
    "Process.new",
];

/// Julia's command literals passed to a call, `(`CMD`)` (`run`, `pipeline`, `read`, `success`…): each command, and
/// whether any interpolates a value (`$x`), which makes what runs unknown.
fn julia_commands(code: &str) -> (Vec<String>, bool) {
    let (mut commands, mut computed) = (Vec::new(), false);
    let mut rest = code;
    while let Some(at) = rest.find("(`") {
        let body = &rest[at + 2..];
        let Some(end) = body.find('`') else { break };
        let command = &body[..end];
        if command.contains('$') {
            computed = true;
        } else {
            commands.push(command.to_owned());
        }
        rest = &body[end + 1..];
    }
    (commands, computed)
}

/// How the languages that are not read delete files and folders (Emacs Lisp, Lua, R, Tcl): where, when the path
/// is computed (`(expand-file-name "../x")`), cannot be known here.
const DELETES: &[&str] = &[
    "delete-directory",
    "delete-file",
    "os.remove",
    "file.remove",
    "unlink(",
    "file delete",
    "recursive=true",
    "rmdir(",
    "rm(\"",
    "del_dir",
    "File.delete",
    "Files.delete",
    "deleteRecursively",
    "removeItem",
    "removeFile",
    "remove_file",
    "remove_dir",
    "Sys.remove",
    "FileUtils.rm",
];

/// The command line that stands for a command the reader cannot know.
pub(crate) const UNKNOWN_COMMAND: &str = "${DOTFORGE_UNKNOWN}";

/// The commands `code` runs in any of the languages read (for text whose language is not known).
pub(crate) fn commands_in_any_language(code: &str) -> Vec<String> {
    let languages = [Language::Python, Language::JavaScript, Language::Perl, Language::Ruby, Language::Php];
    languages.into_iter().flat_map(|language| commands_in(language, code)).collect()
}

fn read(language: Language, code: &str, source: Source, depth: usize, found: &mut Vec<String>) {
    let tokens = tokenize(language, code);
    let mut names: HashMap<String, Argument> = HashMap::new();
    // Functions that run commands under another name (`const {execSync: x} = require('child_process')`).
    let mut aliases: HashMap<&str, &str> = HashMap::new();
    for (at, token) in tokens.iter().enumerate() {
        match token {
            Token::Command(literal) => found.push(script(literal)),
            Token::Name(name)
                if language == Language::JavaScript
                    && tokens.get(at + 1) == Some(&Token::Punct(':'))
                    && runs(language, name).is_some() =>
            {
                if let Some(Token::Name(alias)) = tokens.get(at + 2) {
                    aliases.insert(alias.as_str(), name.as_str());
                }
            }
            Token::Name(name) => {
                let name = aliases.get(name.as_str()).copied().unwrap_or(name.as_str());
                // `cmd = 'git push'` (not `==`, `=>`): the name stands for the literal from here on.
                if tokens.get(at + 1) == Some(&Token::Punct('='))
                    && !matches!(tokens.get(at + 2), Some(Token::Punct('=' | '>' | '~')))
                {
                    let (argument, _) = expression(&tokens, at + 2, &names, language);
                    // A keyword argument that is a shell command (Airflow's `BashOperator(bash_command=CMD)`).
                    if let (true, Argument::Literal(literal)) = (SHELL_KEYWORDS.contains(&name), &argument) {
                        found.push(script(literal));
                    }
                    names.insert(name.trim_start_matches('.').to_owned(), argument);
                    continue;
                }
                let function = name.rsplit('.').next().unwrap_or(name);
                let Some(kind) = runs(language, function) else { continue };
                // A template tag (`` $`git push` ``, `` Bun.$`…` ``) takes the template that follows.
                if function == "$" {
                    if let Some(Token::Str(literal)) = tokens.get(at + 1) {
                        found.push(script(literal));
                    }
                    continue;
                }
                let arguments = call_arguments(&tokens, at + 1, &names, language);
                let surely_runs = source == Source::Inline && surely_runs(language, name);
                run(kind, language, &arguments, (source, surely_runs), depth, found);
            }
            _ => {}
        }
    }
}

/// What a call of a function of kind `kind` with these arguments runs.
/// `(source, surely_runs)`: with inline code and a function that surely runs what it is given, arguments that
/// cannot be known run [`UNKNOWN_COMMAND`].
fn run(
    kind: Runs,
    language: Language,
    arguments: &[Argument],
    (source, surely_runs): (Source, bool),
    depth: usize,
    found: &mut Vec<String>,
) {
    let arguments: Vec<&Argument> =
        arguments.iter().filter(|argument| !matches!(argument, Argument::Keyword)).collect();
    if kind == Runs::Code {
        match arguments.first() {
            Some(Argument::Literal(literal)) => {
                if depth < MAX_CODE_DEPTH {
                    read(language, &plain_text(literal), source, depth + 1, found);
                }
                // Code partly computed (`exec('import os;' + x)`, `exec(__import__('base64').b64decode(…))`).
                if surely_runs && literal.pieces.iter().any(|piece| matches!(piece, Piece::Unknown)) {
                    found.push(UNKNOWN_COMMAND.to_owned());
                }
            }
            Some(Argument::Unknown) if surely_runs => found.push(UNKNOWN_COMMAND.to_owned()),
            _ => {}
        }
        return;
    }
    // Leading arguments that are not commands: a spawn mode (`os.P_WAIT`), an environment (`{"A" => "1"}`).
    let start = if kind == Runs::Shell {
        0
    } else {
        arguments.iter().position(|argument| !matches!(argument, Argument::Unknown)).unwrap_or(arguments.len())
    };
    let all_arguments_unknown = &arguments[..start];
    let arguments = &arguments[start..];
    let drop_argv0 = usize::from(kind == Runs::ProgramThenArgv);
    match arguments {
        [Argument::List(items), ..] => found.push(command_line(items)),
        [Argument::Literal(program), Argument::List(items), ..] if kind != Runs::Shell => {
            let mut argv = vec![Some(program.clone())];
            argv.extend(items.iter().skip(drop_argv0).cloned());
            found.push(command_line(&argv));
        }
        [Argument::Literal(only)] => found.push(script(only)),
        [Argument::Literal(first), ..] if kind == Runs::Shell => found.push(script(first)),
        [Argument::Literal(program), rest @ ..] => {
            let mut argv = vec![Some(program.clone())];
            let literals = rest.iter().map(|argument| match argument {
                Argument::Literal(literal) => Some(literal.clone()),
                _ => None,
            });
            argv.extend(literals.skip(drop_argv0));
            found.push(command_line(&argv));
        }
        [] if surely_runs && !all_arguments_unknown.is_empty() => found.push(UNKNOWN_COMMAND.to_owned()),
        [Argument::Unknown, ..] if surely_runs => found.push(UNKNOWN_COMMAND.to_owned()),
        _ => {}
    }
}

/// Whether a call of `name` (dotted as written) surely runs a command or code — not a method that shares the last
/// part of its name (`asyncio.run`, `re.compile`, a regex's `exec`, `app.run()`).
fn surely_runs(language: Language, name: &str) -> bool {
    let (module, function) = name.rsplit_once('.').unwrap_or(("", name));
    let module = module.rsplit('.').next().unwrap_or(module);
    match language {
        Language::Python => match function {
            "system"
            | "popen"
            | "getoutput"
            | "getstatusoutput"
            | "check_output"
            | "check_call"
            | "Popen"
            | "create_subprocess_shell"
            | "create_subprocess_exec"
            | "exec"
            | "eval" => true,
            "run" | "call" => module == "subprocess" || module == "sp",
            _ => module == "os" && (function.starts_with("exec") || function.starts_with("spawn")),
        },
        Language::JavaScript => match function {
            "execSync" | "spawn" | "spawnSync" | "execFile" | "execFileSync" | "eval" | "Function" => true,
            "exec" => matches!(module, "child_process" | "cp" | "childProcess"),
            _ => false,
        },
        Language::Perl => matches!(function, "system" | "exec" | "readpipe" | "eval"),
        Language::Ruby => {
            matches!(function, "system" | "exec" | "spawn" | "eval" | "popen" | "capture2" | "capture3" | "sh")
        }
        Language::Php => {
            matches!(function, "shell_exec" | "exec" | "system" | "passthru" | "popen" | "proc_open" | "eval")
        }
        Language::Shell | Language::PowerShell | Language::Other => false,
    }
}

/// The arguments of the call whose name ends before `at`: in parentheses, or (Perl, Ruby) up to the end of the
/// statement.
fn call_arguments(tokens: &[Token], at: usize, names: &HashMap<String, Argument>, language: Language) -> Vec<Argument> {
    let (start, parenthesized) = match tokens.get(at) {
        Some(Token::Punct('(')) => (at + 1, true),
        Some(Token::Str(_) | Token::Words(_) | Token::Name(_) | Token::Punct('['))
            if calls_without_parentheses(language) =>
        {
            (at, false)
        }
        _ => return Vec::new(),
    };
    let mut arguments = Vec::new();
    let mut at = start;
    loop {
        let (argument, end) = expression(tokens, at, names, language);
        arguments.push(argument);
        at = end;
        match tokens.get(at) {
            Some(Token::Punct(',')) if at - start < MAX_ARGUMENT_TOKENS => at += 1,
            Some(Token::Punct(')')) if parenthesized => break,
            _ => break,
        }
    }
    arguments
}

/// One argument expression from `at` to the next `,` or closing bracket at its own depth (or, outside brackets, the
/// end of the statement); returns it and where it ends.
fn expression(
    tokens: &[Token],
    start: usize,
    names: &HashMap<String, Argument>,
    language: Language,
) -> (Argument, usize) {
    let mut at = start;
    let mut depth = 0usize;
    let mut parts: Vec<&Token> = Vec::new();
    while let Some(token) = tokens.get(at) {
        if at - start > MAX_ARGUMENT_TOKENS {
            break;
        }
        match token {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']' | '}') if depth == 0 => break,
            Token::Punct(')' | ']' | '}') => depth -= 1,
            Token::Punct(',' | ';') if depth == 0 => break,
            Token::Punct('\n') if depth == 0 && !parts.is_empty() => break,
            Token::Punct('\n') if depth == 0 => {
                at += 1;
                continue;
            }
            _ => {}
        }
        parts.push(token);
        at += 1;
    }
    (classify(&parts, names, language), at)
}

/// What an argument expression's tokens are.
fn classify(parts: &[&Token], names: &HashMap<String, Argument>, language: Language) -> Argument {
    let meaningful: Vec<&Token> = parts.iter().copied().filter(|token| **token != Token::Punct('\n')).collect();
    match meaningful.as_slice() {
        [] => Argument::Unknown,
        [Token::Words(words)] => Argument::List(words.iter().map(|word| Some(Literal::text(word))).collect()),
        [Token::Punct('['), .., Token::Punct(']')] => list(&meaningful[1..meaningful.len() - 1], names, language),
        // Perl's lists are in parentheses: `system(("git", "push"))` is rare, `exec { 'git' } …` rarer.
        [Token::Name(_), Token::Punct('='), ..] | [Token::Name(_), Token::Punct(':'), ..] => Argument::Keyword,
        [Token::Str(_), Token::Punct('=' | ':'), Token::Punct('>'), ..] => Argument::Keyword,
        // An options object: its `args: [...]` is a program's arguments (`new Deno.Command('git', {args: [...]})`).
        [Token::Punct('{'), ..] => {
            match meaningful.iter().position(|token| **token == Token::Name("args".to_owned())) {
                Some(at) if meaningful.get(at + 1) == Some(&&Token::Punct(':')) => {
                    let (items, _) = expression(&owned(&meaningful[at + 2..]), 0, names, language);
                    match items {
                        list @ Argument::List(_) => list,
                        _ => Argument::Keyword,
                    }
                }
                _ => Argument::Keyword,
            }
        }
        _ => literal_expression(&meaningful, names),
    }
}

/// Tokens as an owned list (to read a part of an expression again).
fn owned(tokens: &[&Token]) -> Vec<Token> {
    tokens.iter().map(|token| (*token).clone()).collect()
}

/// The items of a list literal.
fn list(items: &[&Token], names: &HashMap<String, Argument>, language: Language) -> Argument {
    let mut out = Vec::new();
    let mut current: Vec<&Token> = Vec::new();
    let mut depth = 0usize;
    for token in items.iter().copied().chain(std::iter::once(&Token::Punct(','))) {
        match token {
            Token::Punct('(' | '[' | '{') => depth += 1,
            Token::Punct(')' | ']' | '}') => depth = depth.saturating_sub(1),
            Token::Punct(',') if depth == 0 => {
                if !current.is_empty() {
                    out.push(match classify(&current, names, language) {
                        Argument::Literal(literal) => Some(literal),
                        _ => None,
                    });
                }
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(token);
    }
    Argument::List(out)
}

/// Literals (and names standing for literals) joined by `+`, `.` or nothing; what else follows makes an unknown
/// word at the end (`'git push %s' % x`, `"a b".split()`). `Unknown` when it starts with nothing known.
fn literal_expression(parts: &[&Token], names: &HashMap<String, Argument>) -> Argument {
    let mut literal = Literal::default();
    let mut known = false;
    let mut at = 0;
    while let Some(token) = parts.get(at) {
        let operand = match token {
            Token::Str(text) => Some(text.clone()),
            Token::Name(name) => match names.get(name.as_str()) {
                Some(Argument::Literal(text)) => Some(text.clone()),
                Some(list @ Argument::List(_)) if parts.len() == 1 => return list.clone(),
                // A call wrapping a literal (`shlex.split('…')`, `str('…')`): the literal stands for it — unless
                // the call decodes it (`base64.b64decode('…')`, `atob('…')`): then it is not the text that runs.
                _ => match (parts.get(at + 1), parts.get(at + 2)) {
                    (Some(Token::Punct('(')), Some(Token::Str(text))) if !known && !decodes(name) => {
                        at += 2;
                        if parts.get(at + 1) == Some(&&Token::Punct(')')) {
                            at += 1;
                        }
                        Some(text.clone())
                    }
                    _ => None,
                },
            },
            Token::Punct('+' | '.') if known => {
                at += 1;
                continue;
            }
            _ => None,
        };
        match operand {
            Some(text) => {
                literal.extend(text);
                known = true;
            }
            None if known => {
                // Whatever follows is not known; it is its own word, so what is known stays recognizable.
                literal.push_text(' ');
                literal.pieces.push(Piece::Unknown);
                return Argument::Literal(literal);
            }
            None => return Argument::Unknown,
        }
        at += 1;
    }
    if known {
        Argument::Literal(literal)
    } else {
        Argument::Unknown
    }
}

/// Whether a function named `name` decodes or unpacks text, so that its literal argument is not what it returns.
fn decodes(name: &str) -> bool {
    let function = name.rsplit('.').next().unwrap_or(name);
    matches!(
        function,
        "b64decode"
            | "b32decode"
            | "b16decode"
            | "a85decode"
            | "b85decode"
            | "urlsafe_b64decode"
            | "decodebytes"
            | "unhexlify"
            | "a2b_base64"
            | "a2b_hex"
            | "fromhex"
            | "atob"
            | "from"
            | "decode64"
            | "decode_base64"
            | "decompress"
            | "unpack"
            | "unpack1"
            | "reverse"
            | "reversed"
            | "rot13"
            | "fromCharCode"
            | "chr"
    )
}

/// The text of a literal with unknown pieces left out (for code read as code).
fn plain_text(literal: &Literal) -> String {
    literal
        .pieces
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => text.as_str(),
            Piece::Unknown => "",
        })
        .collect()
}

/// A string run as a shell command line, unknown pieces as `${DOTFORGE_UNKNOWN}`.
fn script(literal: &Literal) -> String {
    literal
        .pieces
        .iter()
        .map(|piece| match piece {
            Piece::Text(text) => text.as_str(),
            Piece::Unknown => "${DOTFORGE_UNKNOWN}",
        })
        .collect()
}

/// A program and its arguments as a shell command line: each word quoted, unknown words and pieces as
/// `"${DOTFORGE_UNKNOWN}"`.
fn command_line(argv: &[Option<Literal>]) -> String {
    let words: Vec<String> = argv
        .iter()
        .map(|word| match word {
            None => "\"${DOTFORGE_UNKNOWN}\"".to_owned(),
            Some(literal) => literal
                .pieces
                .iter()
                .map(|piece| match piece {
                    Piece::Text(text) => format!("'{}'", text.replace('\'', "'\\''")),
                    Piece::Unknown => "\"${DOTFORGE_UNKNOWN}\"".to_owned(),
                })
                .collect::<String>(),
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn python(code: &str) -> Vec<String> {
        commands_in(Language::Python, code)
    }

    #[test]
    fn inline_code_that_surely_runs_what_cannot_be_known_runs_an_unknown_command() {
        let inline = |language, code| commands_in_inline(language, code);
        for (language, code) in [
            (Language::Python, "import os,sys; os.system(sys.argv[1])"),
            (Language::Python, "import os,base64; os.system(base64.b64decode('Z2l0IHB1c2ggLWY=').decode())"),
            (Language::Python, "exec(__import__('base64').b64decode('aW1wb3J0IG9z'))"),
            (Language::Python, "import subprocess; subprocess.run(cmd, shell=True)"),
            (Language::JavaScript, "require('child_process').execSync(process.argv[1])"),
            (Language::JavaScript, "eval(Buffer.from(s, 'base64').toString())"),
            (Language::Perl, "system($ARGV[0])"),
            (Language::Ruby, "system(ARGV[0])"),
            (Language::Php, "shell_exec($argv[1]);"),
            (Language::JavaScript, "const m = 'child_' + 'process'; require(m)['exec' + 'Sync']('git push -f')"),
            (Language::JavaScript, "require('child_' + 'process').execSync('id')"),
            (Language::JavaScript, "import(`${'child'}_process`).then(m => m.execSync('id'))"),
            (Language::Python, "__import__('o' + 's').system('git push -f')"),
            (Language::Python, "import importlib; importlib.import_module(name).system('x')"),
        ] {
            assert!(inline(language, code).iter().any(|line| line == UNKNOWN_COMMAND), "{code}");
            assert!(!commands_in(language, code).iter().any(|line| line == UNKNOWN_COMMAND), "a file: {code}");
        }
        for (language, code) in [
            (Language::Python, "import asyncio; asyncio.run(main())"),
            (Language::Python, "import re,sys; print(re.compile(sys.argv[1]).match('x'))"),
            (Language::Python, "app.run(debug=True)"),
            (Language::Python, "import subprocess; subprocess.run(['git', 'status'])"),
            (Language::JavaScript, "console.log(/a/.exec(process.argv[1]))"),
            (Language::JavaScript, "const fs = require('fs'); console.log(fs.readFileSync(\"a\", 'utf8'))"),
            (Language::JavaScript, "import('node:fs').then(fs => console.log(fs.existsSync('x')))"),
            (Language::JavaScript, "const x = myrequire(name); console.log(x)"),
            (Language::Python, "import importlib; print(importlib.import_module('json').dumps({}))"),
            (Language::Python, "print(__import__('json').dumps([1]))"),
            (Language::JavaScript, "console.log(require(require('path').resolve('package.json')).version)"),
            (Language::JavaScript, "console.log(require(process.cwd() + '/package.json').name)"),
        ] {
            assert!(!inline(language, code).iter().any(|line| line == UNKNOWN_COMMAND), "{code}");
        }
    }

    #[test]
    fn python_runs_strings_lists_and_names() {
        assert_eq!(
            python("import os; os.system('git push --force origin HEAD:main')"),
            ["git push --force origin HEAD:main"]
        );
        assert_eq!(python("import subprocess\nsubprocess.run(['git', 'push', '-f'])"), ["'git' 'push' '-f'"]);
        assert_eq!(python("os.execvp('git', ['git', 'push', '-f'])"), ["'git' 'push' '-f'"]);
        assert_eq!(python("os.execlp('git', 'git', 'push', '-f')"), ["'git' 'push' '-f'"]);
        assert_eq!(python("os.spawnlp(os.P_WAIT, 'rm', 'rm', '-rf', '.forge')"), ["'rm' '-rf' '.forge'"]);
        assert_eq!(python("cmd = 'git reset --hard'\nsubprocess.call(cmd, shell=True)"), ["git reset --hard"]);
        assert_eq!(python("__import__('os').system('rm -rf x')"), ["rm -rf x"]);
        assert_eq!(python("subprocess.run(shlex.split('git push -f'))"), ["git push -f"]);
        assert_eq!(python("os.system('git push ' + '--force')"), ["git push --force"]);
        assert_eq!(python("os.system(f'git push {remote} --force')"), ["git push ${DOTFORGE_UNKNOWN} --force"]);
        assert_eq!(python("subprocess.run(['git', 'push', flag])"), ["'git' 'push' \"${DOTFORGE_UNKNOWN}\""]);
        assert_eq!(python("exec(\"import os; os.system('git push -f')\")"), ["git push -f"]);
        assert_eq!(python("import pty; pty.spawn(['bash', '-c', 'git push -f'])"), ["'bash' '-c' 'git push -f'"]);
    }

    #[test]
    fn printed_text_and_comments_run_nothing() {
        assert!(python("print('git push --force')").is_empty());
        assert!(python("# os.system('rm -rf /')\nx = 1").is_empty());
        assert!(python("asyncio.run(main())").is_empty());
        assert!(commands_in(Language::JavaScript, "console.log('rm -rf /')").is_empty());
        assert!(commands_in(Language::Ruby, "puts 'git push -f'").is_empty());
    }

    #[test]
    fn javascript_perl_ruby_and_php() {
        let js = |code| commands_in(Language::JavaScript, code);
        assert_eq!(js("require('child_process').execSync('git push -f')"), ["git push -f"]);
        // Under another name, and with text computed as it runs (asked).
        assert_eq!(js("const {execSync: x} = require('child_process'); x('git push -f')"), ["git push -f"]);
        assert_eq!(
            commands_in_inline(
                Language::JavaScript,
                "const {execSync: x} = require('child_process'); x('git update-ref refs/heads/main ' + c)"
            ),
            ["git update-ref refs/heads/main  ${DOTFORGE_UNKNOWN}"]
        );
        assert_eq!(
            js("const {spawn} = require('child_process'); spawn('git', ['push', '--force'])"),
            ["'git' 'push' '--force'"]
        );
        assert_eq!(js("Bun.spawn(['rm', '-rf', '.forge'])"), ["'rm' '-rf' '.forge'"]);
        assert_eq!(js("await Bun.$`git push -f`"), ["git push -f"]);
        assert_eq!(js("execFileSync('git', ['push', '-f'], {stdio: 'inherit'})"), ["'git' 'push' '-f'"]);
        assert_eq!(js("new Deno.Command('git', {args: ['push', '-f']}).outputSync()"), ["'git' 'push' '-f'"]);
        let perl = |code| commands_in(Language::Perl, code);
        assert_eq!(perl("system('git push -f')"), ["git push -f"]);
        assert_eq!(perl("system 'git', 'push', '-f';"), ["'git' 'push' '-f'"]);
        assert_eq!(perl("my $x = `git push -f`; print qx{rm -rf x};"), ["git push -f", "rm -rf x"]);
        assert_eq!(perl("exec qw(git push -f)"), ["'git' 'push' '-f'"]);
        let ruby = |code| commands_in(Language::Ruby, code);
        assert_eq!(ruby("system('git', 'push', '-f')"), ["'git' 'push' '-f'"]);
        assert_eq!(ruby("%x(git push -f); `rm -rf x`"), ["git push -f", "rm -rf x"]);
        assert_eq!(ruby("Open3.capture2('git push -f')"), ["git push -f"]);
        // An interpolation of a plain string is its text; anything else is unknown.
        assert_eq!(ruby("`git reset --ha#{\"rd\"}`"), ["git reset --hard"]);
        assert_eq!(ruby("`git push #{remote} -f`"), ["git push ${DOTFORGE_UNKNOWN} -f"]);
        assert_eq!(ruby("system({'A' => '1'}, 'git push -f')"), ["git push -f"]);
        let php = |code| commands_in(Language::Php, code);
        assert_eq!(php("shell_exec('git push -f'); echo `rm -rf x`;"), ["git push -f", "rm -rf x"]);
        assert_eq!(php("passthru(\"git push $remote -f\");"), ["git push ${DOTFORGE_UNKNOWN} -f"]);
    }
}
