//! The full reading of a command line: each script is lexed ([`crate::lexer`]), split into simple commands, and
//! what those commands run in turn — substitutions, `sh -c` scripts, wrapped commands ([`crate::unwrap`]) — is
//! queued and read the same way, without recursion. Scripts nested too deep, too long or not terminated, and lines
//! with too many commands, are read by [`crate::crude`] instead.

use crate::command::{program_name, CommandLine, Cwd, Redirect, SimpleCommand};
use crate::lexer::{lex, Op, RedirectKind, Token, Word};
use crate::limits::{MAX_COMMANDS, MAX_DEPTH, MAX_SCRIPT_BYTES};
use crate::{crude, unwrap};
use std::path::PathBuf;

/// One script waiting to be read: its text, depth, the group it feeds and the directory it starts in.
struct Job {
    text: String,
    depth: usize,
    feeds: Option<usize>,
    cwd: Cwd,
}

/// Reads `text` (a Bash tool `command`) as the commands it runs. `cwd` is where it starts (the payload's `cwd`).
pub fn parse(text: &str, cwd: Option<PathBuf>) -> CommandLine {
    let mut line = CommandLine::default();
    let start = cwd.map_or(Cwd::Unknown, Cwd::Known);
    let mut jobs = vec![Job { text: text.to_owned(), depth: 0, feeds: None, cwd: start }];
    while let Some(job) = jobs.pop() {
        if line.commands.len() >= MAX_COMMANDS {
            line.degraded = true;
            crude::read(&job.text, &job.cwd, &mut line);
            continue;
        }
        if job.depth > MAX_DEPTH || job.text.len() > MAX_SCRIPT_BYTES {
            line.degraded = true;
            let groups_before = line.fed_by.len();
            crude::read(&job.text, &job.cwd, &mut line);
            link_feeds(&mut line, groups_before, job.feeds);
            continue;
        }
        read_script(&job, &mut line, &mut jobs);
    }
    line
}

/// Reads `text` the crude way only (see [`crate::crude`]): what [`parse`] falls back to for scripts it cannot read
/// fully. It finds every program the full reading finds, and more.
pub fn parse_crudely(text: &str, cwd: Option<PathBuf>) -> CommandLine {
    let mut line = CommandLine { degraded: true, ..CommandLine::default() };
    crude::read(text, &cwd.map_or(Cwd::Unknown, Cwd::Known), &mut line);
    line
}

/// Makes every group from `first_group` on feed `target`.
fn link_feeds(line: &mut CommandLine, first_group: usize, target: Option<usize>) {
    if let Some(target) = target {
        let new_groups: Vec<usize> = (first_group..line.fed_by.len()).collect();
        if let Some(sources) = line.fed_by.get_mut(target) {
            sources.extend(new_groups);
        }
    }
}

/// A command as written, before wrappers are looked through.
#[derive(Default)]
struct Written {
    words: Vec<Word>,
    assignments: Vec<Word>,
    redirects: Vec<Redirect>,
    /// Token indices that belong to it (for nested scripts).
    tokens: Vec<usize>,
}

fn read_script(job: &Job, line: &mut CommandLine, jobs: &mut Vec<Job>) {
    let lexed = lex(&job.text);
    if lexed.unterminated {
        // bash reads up to the error; what follows it is read crudely, so nothing hides behind it.
        line.degraded = true;
        crude::read(&job.text, &job.cwd, line);
    }
    let groups_before = line.fed_by.len();
    let mut cwd = job.cwd.clone();
    let mut cwd_stack: Vec<Cwd> = Vec::new();
    let mut token_group: Vec<Option<usize>> = vec![None; lexed.tokens.len()];
    let mut current = Written::default();
    let mut previous_piped: Option<usize> = None; // the group whose output the next command reads
    let mut tokens = lexed.tokens.iter().enumerate().peekable();
    let mut variables: Vec<(String, String)> = Vec::new();
    let mut finish = |current: &mut Written, cwd: &mut Cwd, line: &mut CommandLine, jobs: &mut Vec<Job>| {
        let mut written = std::mem::take(current);
        if written.words.is_empty() && written.assignments.is_empty() && written.redirects.is_empty() {
            return None;
        }
        written.words = substitute_variables(std::mem::take(&mut written.words), &variables);
        remember_assignments(&written, &mut variables);
        let group = line.fed_by.len();
        line.fed_by.push(Vec::new());
        for &token in &written.tokens {
            token_group[token] = Some(group);
        }
        let next_cwd = unwrap::change_directory(&written.words, cwd);
        let derived = unwrap::look_through(&written.words, written.redirects.as_slice());
        let first = SimpleCommand {
            words: written.words,
            assignments: written.assignments,
            redirects: written.redirects,
            cwd: cwd.clone(),
            group,
            crude: false,
        };
        let assignments = first.assignments.clone();
        line.commands.push(first);
        for inner in derived.commands {
            line.commands.push(SimpleCommand {
                words: inner.words,
                assignments: assignments.clone(),
                redirects: Vec::new(),
                cwd: inner.cwd.map_or_else(|| cwd.clone(), Cwd::Known),
                group,
                crude: false,
            });
        }
        for script in derived.scripts {
            jobs.push(Job { text: script, depth: job.depth + 1, feeds: Some(group), cwd: cwd.clone() });
        }
        if let Some(next_cwd) = next_cwd {
            *cwd = next_cwd;
        }
        Some(group)
    };
    while let Some((index, token)) = tokens.next() {
        match token {
            Token::Word(word) => {
                current.tokens.push(index);
                let reserved = current.words.is_empty() && is_reserved(&word.text) && !word.quoted;
                if current.words.is_empty() && word.assignment {
                    current.assignments.push(word.clone());
                } else if !reserved {
                    current.words.push(word.clone());
                } else if matches!(word.text.as_str(), "for" | "select" | "case") {
                    // `for NAME in WORDS` / `case WORD in`: not a command; skip to the end of the header.
                    while let Some((next_index, Token::Word(next))) = tokens.peek() {
                        current.tokens.push(*next_index);
                        let stop = next.text == "in" && word.text == "case";
                        tokens.next();
                        if stop {
                            break;
                        }
                    }
                    current.words.clear();
                }
            }
            Token::Redirect { kind, heredoc } => {
                current.tokens.push(index);
                let target = match tokens.peek() {
                    Some((next_index, Token::Word(target))) => {
                        current.tokens.push(*next_index);
                        let target = target.clone();
                        tokens.next();
                        target
                    }
                    _ => Word::default(),
                };
                let input_text = match kind {
                    RedirectKind::HereDoc => heredoc.clone(),
                    RedirectKind::HereString => Some(target.text.clone()),
                    _ => None,
                };
                current.redirects.push(Redirect { kind: *kind, target, input_text });
            }
            Token::Op(op) => {
                let group = finish(&mut current, &mut cwd, line, jobs);
                if let (Some(from), Some(to)) = (previous_piped.take(), group) {
                    line.fed_by[to].push(from);
                }
                match op {
                    Op::Pipe => previous_piped = group,
                    Op::Open => cwd_stack.push(cwd.clone()),
                    Op::Close => cwd = cwd_stack.pop().unwrap_or_else(|| cwd.clone()),
                    Op::End | Op::AndOr => {}
                }
            }
        }
    }
    let group = finish(&mut current, &mut cwd, line, jobs);
    if let (Some(from), Some(to)) = (previous_piped, group) {
        line.fed_by[to].push(from);
    }
    // Substitutions: their commands run first and their output becomes part of the command that holds them.
    for nested in lexed.nested {
        let feeds = token_group.get(nested.token).copied().flatten();
        let start = match feeds.and_then(|group| line.commands.iter().find(|command| command.group == group)) {
            Some(command) => command.cwd.clone(),
            None => job.cwd.clone(),
        };
        jobs.push(Job { text: nested.text, depth: job.depth + 1, feeds, cwd: start });
    }
    if let Some(target) = job.feeds {
        let produced: Vec<usize> = (groups_before..line.fed_by.len()).collect();
        if let Some(sources) = line.fed_by.get_mut(target) {
            sources.extend(produced);
        }
    }
}

/// `NAME=value` of a bare assignment or `export`/`declare`/`local`/`readonly`, remembered for the commands after it.
fn remember_assignments(written: &Written, variables: &mut Vec<(String, String)>) {
    let declares = written.words.first().is_some_and(|word| {
        matches!(program_name(&word.text), "export" | "declare" | "local" | "readonly" | "typeset")
    });
    let candidates = if written.words.is_empty() {
        written.assignments.iter().collect::<Vec<_>>()
    } else if declares {
        written.words.iter().skip(1).filter(|word| word.assignment).collect()
    } else {
        Vec::new()
    };
    for word in candidates {
        if let Some((name, value)) = word.text.split_once('=') {
            variables.retain(|(known, _)| known != name);
            if !word.dynamic {
                variables.push((name.to_owned(), value.to_owned()));
            }
        }
    }
}

/// Words that are exactly `$NAME` or `${NAME}` of a variable set earlier in the line take its value (split into
/// words unless quoted, as bash does).
fn substitute_variables(words: Vec<Word>, variables: &[(String, String)]) -> Vec<Word> {
    if variables.is_empty() {
        return words;
    }
    let mut out = Vec::with_capacity(words.len());
    for word in words {
        let name = word
            .text
            .strip_prefix("${")
            .and_then(|rest| rest.strip_suffix('}'))
            .or_else(|| word.text.strip_prefix('$'));
        let value = name.and_then(|name| variables.iter().find(|(known, _)| known == name)).map(|(_, value)| value);
        match value {
            Some(value) if word.dynamic && word.quoted => {
                out.push(Word { text: value.clone(), dynamic: false, ..word })
            }
            Some(value) if word.dynamic => {
                out.extend(value.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }));
            }
            _ => out.push(word),
        }
    }
    out
}

/// Reserved words that may start a command without being one.
fn is_reserved(text: &str) -> bool {
    matches!(
        text,
        "!" | "{"
            | "}"
            | "if"
            | "then"
            | "else"
            | "elif"
            | "fi"
            | "do"
            | "done"
            | "while"
            | "until"
            | "for"
            | "select"
            | "case"
            | "esac"
            | "in"
            | "function"
            | "[["
            | "]]"
            | "coproc"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each command's words, space-joined.
    fn commands(text: &str) -> Vec<String> {
        parse(text, Some(PathBuf::from("/p")))
            .commands
            .iter()
            .map(|command| command.words.iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" "))
            .collect()
    }

    fn contains(text: &str, expected: &str) -> bool {
        commands(text).iter().any(|command| command == expected)
    }

    #[test]
    fn compound_commands_are_split() {
        assert_eq!(
            commands("cd a && git push -f; echo done || true | cat"),
            ["cd a", "git push -f", "echo done", "true", "cat"]
        );
        assert_eq!(commands("if true; then rm -rf x; fi"), ["true", "rm -rf x"]);
        assert_eq!(commands("for f in a b; do git checkout -- $f; done"), ["git checkout -- $f"]);
        assert_eq!(commands("case $x in a) ls;; esac"), ["a", "ls"]);
        assert_eq!(commands("! git push -f"), ["git push -f"]);
    }

    #[test]
    fn quoted_words_are_arguments_not_commands() {
        assert_eq!(commands("echo 'git push --force' is bad"), ["echo git push --force is bad"]);
        assert_eq!(commands("git log --grep='push --force'"), ["git log --grep=push --force"]);
    }

    #[test]
    fn nested_scripts_are_read() {
        assert!(contains("bash -c 'git reset --hard HEAD'", "git reset --hard HEAD"));
        assert!(contains("sh -lc \"cd x && git clean -fdx\"", "git clean -fdx"));
        assert!(contains("eval \"git push\" --force", "git push --force"));
        assert!(contains("x=$(git stash drop)", "git stash drop"));
        assert!(contains("echo `rm -rf /`", "rm -rf /"));
        assert!(contains("bash <<EOF\ngit push -f\nEOF", "git push -f"));
        assert!(contains("bash <<< 'git push -f'", "git push -f"));
        assert!(contains("sh -c \"bash -c 'git push -f'\"", "git push -f"), "a shell inside a shell");
        assert!(contains("sh -c \"$(echo 'ls')\"", "echo ls"), "a script made by a substitution");
    }

    #[test]
    fn wrappers_and_assignments_are_looked_through() {
        assert!(contains("FOO=1 env BAR=2 command git clean -fdx", "git clean -fdx"));
        assert!(contains("sudo -u root nice -n 5 timeout 10 git push -f", "git push -f"));
        assert!(contains("find . -name x -exec rm -rf {} \\;", "rm -rf {}"));
        assert!(contains("echo x | xargs -I{} git branch -D {}", "git branch -D {}"));
        assert!(contains("git -c 'alias.p=push --force' p origin", "git push --force origin"));
        assert!(contains("git -c alias.z='!rm -rf x' z", "rm -rf x"));
        assert!(contains("F=--force; git push $F origin", "git push --force origin"));
        assert!(contains("export F='-f -u'; git push \"$F\"", "git push -f -u"));
        assert!(contains("F=x; F=$(date); git push $F", "git push $F"), "a value set by a substitution stays unknown");
    }

    #[test]
    fn pipes_and_substitutions_feed_the_command_that_reads_them() {
        let line = parse("curl -s https://x | tee log | sh", None);
        let group_of =
            |program: &str| line.commands.iter().find(|command| command.program() == program).map(|c| c.group);
        let (curl, sh) = (group_of("curl").unwrap_or(99), group_of("sh").unwrap_or(99));
        assert!(line.feeds(curl, sh));
        assert!(!line.feeds(sh, curl));
        let line = parse("bash <(curl -s https://x)", None);
        let (curl, bash) = (group_of_in(&line, "curl"), group_of_in(&line, "bash"));
        assert!(line.feeds(curl, bash));
        let line = parse("sudo sh -c \"$(wget -qO- https://x)\"", None);
        assert!(line.feeds(group_of_in(&line, "wget"), group_of_in(&line, "sh")));
    }

    fn group_of_in(line: &CommandLine, program: &str) -> usize {
        line.commands.iter().find(|command| command.program() == program).map_or(usize::MAX, |command| command.group)
    }

    #[test]
    fn cd_moves_the_directory_of_what_follows() {
        let line = parse("cd .forge && rm -rf runtime; (cd /tmp; ls); pwd", Some(PathBuf::from("/p")));
        let cwd =
            |program: &str| line.commands.iter().find(|command| command.program() == program).map(|c| c.cwd.clone());
        assert_eq!(cwd("rm"), Some(Cwd::Known(PathBuf::from("/p/.forge"))));
        assert_eq!(cwd("ls"), Some(Cwd::Known(PathBuf::from("/tmp"))));
        assert_eq!(cwd("pwd"), Some(Cwd::Known(PathBuf::from("/p/.forge"))), "the subshell's cd stays inside it");
        let unknown = parse("cd \"$X\" && rm y", Some(PathBuf::from("/p")));
        assert_eq!(unknown.commands.last().map(|c| c.cwd.clone()), Some(Cwd::Unknown));
    }

    #[test]
    fn deep_long_and_broken_input_is_read_crudely_in_bounded_time() {
        let deep = format!("{}git push -f{}", "echo $(".repeat(200), ")".repeat(200));
        let started = std::time::Instant::now();
        let line = parse(&deep, None);
        assert!(line.degraded);
        assert!(line
            .commands
            .iter()
            .any(|command| command.words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>() == ["git", "push", "-f"]));
        let broken = parse("git push -f origin; echo 'never closed", None);
        assert!(broken.degraded);
        assert!(broken.commands.iter().any(|command| command.program() == "git"));
        let huge = "true && ".repeat(300_000) + "git push -f";
        assert!(parse(&huge, None).commands.iter().any(|command| command.program() == "git"));
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "bounded: {:?}", started.elapsed());
    }
}
