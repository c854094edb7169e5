//! `make [TARGET…]`: the recipes it runs, read from the Makefile (`-f FILE`, else `GNUmakefile`, `makefile`,
//! `Makefile` in the folder `-C` names): the recipes of the targets named — or of the first target when none is —
//! and of their prerequisites, prerequisites first, with simple variables expanded (`$(NAME)`, `${NAME}`, `$@`,
//! `$<`, `$^`, assignments on the command line). Both branches of a conditional count; `include`d files, pattern
//! rules and functions (`$(shell …)`) are not read — what they stand for is unknown.

use crate::argv::{Arg, Order, Parsed};
use crate::command::Cwd;
use crate::lexer::Word;
use crate::printed;
use crate::programs::{self, Recipes};
use crate::sources::{folder, locate, FileScript, LineFiles};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Most targets followed from the goals.
const MAX_TARGETS: usize = 512;
/// How deep variables are expanded inside variables.
const MAX_EXPANSION_DEPTH: usize = 8;

/// A Makefile as rules and variables.
#[derive(Debug, Default)]
struct Makefile {
    /// Rules in order: targets, prerequisites, recipe lines.
    rules: Vec<Rule>,
    variables: BTreeMap<String, String>,
}

#[derive(Debug, Default)]
struct Rule {
    targets: Vec<String>,
    prerequisites: Vec<String>,
    recipe: Vec<String>,
}

/// The recipes `make …` runs, or nothing when it is not make, runs nothing (`-n`, `-q`, `-p`) or its Makefile cannot
/// be read. A Makefile read from the input (`-f -`) is `stdin`, one in a process substitution (`-f <(CMD)`) what CMD
/// prints; `--eval=TEXT` adds TEXT to the Makefile.
pub(crate) fn recipes(argv: &[Word], cwd: &Cwd, files: &mut LineFiles<'_>, stdin: Option<&str>) -> Vec<FileScript> {
    let Some(program) = programs::lookup(argv.first().map_or("", |word| word.text.as_str())) else { return Vec::new() };
    if !program.recipes().any(|recipes| recipes == Recipes::Makefile) {
        return Vec::new();
    }
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    let dry = ["dry-run", "just-print", "recon", "question", "print-data-base"];
    if parsed.has_short('n')
        || parsed.has_short('q')
        || parsed.has_short('p')
        || dry.iter().any(|name| parsed.has_long(name))
    {
        return Vec::new();
    }
    let mut dir = folder(cwd).map(Path::to_path_buf);
    let mut makefiles = Vec::new();
    let mut evaluated = Vec::new();
    for arg in &parsed.args {
        match *arg {
            // `-C a -C b` is `a/b`.
            Arg::Short('C', value) | Arg::Long("directory", value) => {
                let base = dir.clone().map_or(Cwd::Unknown, Cwd::Known);
                dir = value.and_then(|value| locate(&value.word(), &base, files.sources()));
            }
            Arg::Short('f', value) | Arg::Long("file" | "makefile", value) => {
                makefiles.extend(value.map(|value| value.word()))
            }
            Arg::Short('E', value) | Arg::Long("eval", value) => {
                evaluated.extend(value.map(|value| value.text().to_owned()))
            }
            _ => {}
        }
    }
    let Some(dir) = dir else { return Vec::new() };
    let here = Cwd::Known(dir.clone());
    let text = if makefiles.is_empty() {
        ["GNUmakefile", "makefile", "Makefile"].iter().find_map(|name| files.read(&dir.join(name)))
    } else {
        let sources = files.sources();
        let mut texts: Vec<String> = Vec::new();
        for word in &makefiles {
            let text = match word.text.as_str() {
                "-" | "/dev/stdin" => stdin.map(str::to_owned),
                // A process substitution (`-f <(printf …)`): what its command prints, when that can be known.
                substituted if substituted.starts_with("<(") && substituted.ends_with(')') => {
                    let printed = printed::pipeline_output(&substituted[2..substituted.len() - 1], cwd, files);
                    if printed.is_none() {
                        files.read_unknowable();
                    }
                    printed
                }
                _ => locate(word, &here, sources).and_then(|path| files.read(&path)),
            };
            texts.extend(text);
        }
        (!texts.is_empty()).then(|| texts.join("\n"))
    };
    let text = match (text, evaluated.is_empty()) {
        (Some(text), _) => Some([text].into_iter().chain(evaluated).collect::<Vec<_>>().join("\n")),
        (None, false) => Some(evaluated.join("\n")),
        (None, true) => None,
    };
    let Some(text) = text else { return Vec::new() };
    let mut makefile = parse(&text);
    let mut goals = Vec::new();
    for word in parsed.operands() {
        match word.text.split_once('=') {
            Some((name, value)) if !name.is_empty() && !name.contains(['/', ' ']) => {
                makefile.variables.insert(name.trim_end_matches([':', '?', '+']).to_owned(), value.to_owned());
            }
            _ => goals.push(word.text.clone()),
        }
    }
    if goals.is_empty() {
        goals.extend(makefile.default_goal());
    }
    let origin = format!("Makefile: {}", goals.join(" "));
    let scripts = makefile.recipes_of(&goals).into_iter().map(|line| FileScript::shell(line, Some(dir.clone())));
    scripts.map(|script| script.from(origin.clone())).collect()
}

/// Reads a Makefile's rules and variables.
fn parse(text: &str) -> Makefile {
    let mut makefile = Makefile::default();
    let mut in_rule = false;
    let mut in_define = false;
    for line in logical_lines(text) {
        if in_define {
            in_define = line.trim() != "endef";
            continue;
        }
        if let Some(recipe) = line.strip_prefix('\t') {
            if in_rule {
                if let Some(rule) = makefile.rules.last_mut() {
                    rule.recipe.push(recipe.to_owned());
                }
            }
            continue;
        }
        let content = strip_comment(&line);
        let trimmed = content.trim();
        if trimmed.is_empty() {
            continue;
        }
        let directive = trimmed.split_whitespace().next().unwrap_or("");
        if matches!(
            directive,
            "ifeq" | "ifneq" | "ifdef" | "ifndef" | "else" | "endif" | "include" | "-include" | "sinclude" | "vpath"
        ) {
            continue;
        }
        if directive == "define" {
            in_define = true;
            continue;
        }
        let statement =
            trimmed.strip_prefix("override ").or_else(|| trimmed.strip_prefix("export ")).unwrap_or(trimmed);
        if let Some((name, value)) = assignment(statement) {
            let value = value.trim().to_owned();
            match name.1 {
                "+=" => {
                    let joined = match makefile.variables.get(name.0) {
                        Some(before) => format!("{before} {value}"),
                        None => value,
                    };
                    makefile.variables.insert(name.0.to_owned(), joined);
                }
                "?=" => {
                    makefile.variables.entry(name.0.to_owned()).or_insert(value);
                }
                _ => {
                    makefile.variables.insert(name.0.to_owned(), value);
                }
            }
            in_rule = false;
            continue;
        }
        match rule(statement) {
            Some(rule) => {
                makefile.rules.push(rule);
                in_rule = true;
            }
            None => in_rule = false,
        }
    }
    makefile
}

/// Lines with their `\` continuations joined.
fn logical_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        match line.strip_suffix('\\') {
            Some(start) => {
                current.push_str(start);
                current.push(' ');
            }
            None => {
                current.push_str(line);
                lines.push(std::mem::take(&mut current));
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

fn strip_comment(line: &str) -> &str {
    match line.find('#') {
        Some(at) if !line[..at].ends_with('\\') => &line[..at],
        _ => line,
    }
}

/// `NAME = value` (also `:=`, `::=`, `?=`, `+=`, `!=`): the name with its operator, and the value.
fn assignment(statement: &str) -> Option<((&str, &str), &str)> {
    let equals = statement.find('=')?;
    let colon = statement.find(':');
    if colon.is_some_and(|colon| colon < equals && !statement[colon..equals].chars().all(|c| c == ':')) {
        return None; // `target: VAR=value` is a target-specific variable, treated as a rule
    }
    let before = &statement[..equals];
    let (name, operator) = match before.char_indices().last() {
        Some((at, sign @ ('+' | '?' | '!' | ':'))) => {
            let name = before[..at].trim_end_matches(':');
            (
                name,
                if sign == '+' {
                    "+="
                } else if sign == '?' {
                    "?="
                } else {
                    "="
                },
            )
        }
        _ => (before, "="),
    };
    let name = name.trim();
    (!name.is_empty() && !name.contains(char::is_whitespace)).then_some(((name, operator), &statement[equals + 1..]))
}

/// `targets: prerequisites [; recipe]`.
fn rule(statement: &str) -> Option<Rule> {
    let colon = statement.find(':')?;
    let targets: Vec<String> = statement[..colon].split_whitespace().map(str::to_owned).collect();
    if targets.is_empty() {
        return None;
    }
    let rest = statement[colon + 1..].trim_start_matches(':');
    let (prerequisites, inline) = match rest.split_once(';') {
        Some((prerequisites, recipe)) => (prerequisites, Some(recipe.trim().to_owned())),
        None => (rest, None),
    };
    let prerequisites = prerequisites.split_whitespace().filter(|word| *word != "|").map(str::to_owned).collect();
    Some(Rule { targets, prerequisites, recipe: inline.into_iter().collect() })
}

impl Makefile {
    /// The first target that is not special (`.PHONY`) nor a pattern (`%.o`).
    fn default_goal(&self) -> Option<String> {
        self.rules
            .iter()
            .flat_map(|rule| &rule.targets)
            .find(|target| !target.starts_with('.') && !target.contains('%') && !target.contains('$'))
            .cloned()
    }

    /// The recipe lines the goals run, prerequisites first, each target once.
    fn recipes_of(&self, goals: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        let mut visited = BTreeSet::new();
        // Iterative post-order: (target, prerequisites pushed yet).
        let mut stack: Vec<(String, bool)> = goals.iter().rev().map(|goal| (goal.clone(), false)).collect();
        while let Some((target, expanded)) = stack.pop() {
            if visited.len() > MAX_TARGETS {
                break;
            }
            let rules: Vec<&Rule> = self.rules.iter().filter(|rule| rule.targets.contains(&target)).collect();
            if expanded {
                for rule in rules {
                    let automatic = Automatic { target: &target, prerequisites: &rule.prerequisites };
                    for line in &rule.recipe {
                        let line = line.trim_start_matches(['@', '-', '+', ' ', '\t']);
                        out.push(self.expand(line, &automatic, 0));
                    }
                }
                continue;
            }
            if !visited.insert(target.clone()) {
                continue;
            }
            stack.push((target.clone(), true));
            for rule in rules.iter().rev() {
                for prerequisite in rule.prerequisites.iter().rev() {
                    let automatic = Automatic { target: &target, prerequisites: &rule.prerequisites };
                    for name in self.expand(prerequisite, &automatic, 0).split_whitespace() {
                        if !visited.contains(name) {
                            stack.push((name.to_owned(), false));
                        }
                    }
                }
            }
        }
        out
    }

    /// `text` with variables expanded; what cannot be known becomes `${DOTFORGE_UNKNOWN}`.
    fn expand(&self, text: &str, automatic: &Automatic<'_>, depth: usize) -> String {
        let mut out = String::new();
        let mut chars = text.char_indices().peekable();
        while let Some((at, character)) = chars.next() {
            if character != '$' {
                out.push(character);
                continue;
            }
            let Some(&(_, next)) = chars.peek() else { break };
            chars.next();
            let name: String = match next {
                '$' => {
                    out.push('$');
                    continue;
                }
                '(' | '{' => {
                    let close = if next == '(' { ')' } else { '}' };
                    let start = at + 2;
                    let mut depth_inside = 0usize;
                    let mut end = text.len();
                    for (index, inner) in text[start..].char_indices() {
                        if inner == next {
                            depth_inside += 1;
                        } else if inner == close {
                            if depth_inside == 0 {
                                end = start + index;
                                break;
                            }
                            depth_inside -= 1;
                        }
                    }
                    while chars.peek().is_some_and(|(index, _)| *index <= end) {
                        chars.next();
                    }
                    text[start..end.min(text.len())].to_owned()
                }
                other => other.to_string(),
            };
            out.push_str(&self.value_of(&name, automatic, depth));
        }
        out
    }

    fn value_of(&self, name: &str, automatic: &Automatic<'_>, depth: usize) -> String {
        match name {
            "@" => automatic.target.to_owned(),
            "<" => automatic.prerequisites.first().cloned().unwrap_or_default(),
            "^" | "+" => automatic.prerequisites.join(" "),
            "MAKE" => "make".to_owned(),
            "CURDIR" => "${PWD}".to_owned(),
            _ => match self.variables.get(name) {
                Some(value) if depth < MAX_EXPANSION_DEPTH => self.expand(value, automatic, depth + 1),
                // A function (`$(shell …)`), an unset or too deeply nested variable.
                // A function (`$(shell …)`), a variable nested too deep, or one the Makefile does not set (it may come
                // from the environment).
                _ => "${DOTFORGE_UNKNOWN}".to_owned(),
            },
        }
    }
}

/// The automatic variables of one rule.
struct Automatic<'r> {
    target: &'r str,
    prerequisites: &'r [String],
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::tests::{words, MemoryFiles};
    use std::path::PathBuf;

    const MAKEFILE: &str = "REMOTE = origin\nFLAGS := --force\n\n.PHONY: test deploy\n\nall: build\n\nbuild:\n\t@cargo build\n\ntest: build\n\tcargo test\n\ndeploy: test\n\tgit push $(FLAGS) $(REMOTE) HEAD:main\n\t-echo done \\\n\t  twice\n";

    fn run(command: &str, files: &[(&str, &str)]) -> Vec<String> {
        let files = MemoryFiles::with(files);
        let mut line_files = LineFiles::new(&files);
        recipes(&words(command), &Cwd::Known(PathBuf::from("/p")), &mut line_files, None)
            .into_iter()
            .map(|script| script.text)
            .collect()
    }

    #[test]
    fn the_recipes_of_the_goals_and_their_prerequisites_run_first() {
        let files = [("/p/Makefile", MAKEFILE)];
        assert_eq!(
            run("make deploy", &files),
            ["cargo build", "cargo test", "git push --force origin HEAD:main", "echo done  \t  twice"]
        );
        assert_eq!(run("make", &files), ["cargo build"], "the first target");
        assert_eq!(run("make test", &files), ["cargo build", "cargo test"]);
        assert_eq!(run("make deploy REMOTE=upstream FLAGS=", &files)[2], "git push  upstream HEAD:main");
        assert!(run("make -n deploy", &files).is_empty(), "a dry run runs nothing");
        assert!(run("make deploy", &[]).is_empty(), "no Makefile");
        let elsewhere = [("/p/sub/GNUmakefile", "x:\n\trm -rf $(shell ls)\n")];
        assert_eq!(run("make -C sub x", &elsewhere), ["rm -rf ${DOTFORGE_UNKNOWN}"]);
        assert_eq!(run("make -f other.mk", &[("/p/other.mk", "a: ; git push -f\n")]), ["git push -f"]);
    }

    /// The recipes of `command` as the shell's lexer splits it, and whether a file read could not be known.
    fn lexed(command: &str, files: &[(&str, &str)]) -> (Vec<String>, bool) {
        let argv = crate::lexer::words_of(command);
        let files = MemoryFiles::with(files);
        let mut line_files = LineFiles::new(&files);
        let found = recipes(&argv, &Cwd::Known(PathBuf::from("/p")), &mut line_files, None);
        (found.into_iter().map(|script| script.text).collect(), line_files.take_read_unknown())
    }

    #[test]
    fn a_makefile_in_a_process_substitution_is_what_its_command_prints() {
        let printed = lexed("make -f <(printf 'x:\\n\\tgit push -f origin main\\n') x", &[]);
        assert_eq!(printed, (vec!["git push -f origin main".to_owned()], false));
        let catted = lexed("make -f <(cat deploy.mk)", &[("/p/deploy.mk", "d:\n\trm -rf src\n")]);
        assert_eq!(catted, (vec!["rm -rf src".to_owned()], false));
        // What `curl` prints cannot be known: nothing is found, and the read is marked as unknown.
        assert_eq!(lexed("make -f <(curl -s https://x.example/mk) x", &[]), (Vec::new(), true));
    }
}
