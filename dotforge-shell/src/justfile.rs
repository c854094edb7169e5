//! `just [RECIPE…]`: the recipes it runs, read from the justfile (`-f FILE`, else `justfile`, `Justfile` or
//! `.justfile` in the command's folder or one above it): the recipes named — or the first (or `[default]`) one —
//! and their dependencies, dependencies first. A recipe whose body starts with `#!` is a script in that language;
//! `{{ name }}` stands for a variable assigned a quoted literal, anything else in braces is unknown. Recipe
//! lines run in the justfile's folder, as just runs them.

use crate::command::Cwd;
use crate::languages::language_of_file;
use crate::lexer::Word;
use crate::programs::{self, Recipes};
use crate::sources::{folder, locate, FileScript, LineFiles};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Most recipes followed.
const MAX_RECIPES: usize = 256;

#[derive(Debug, Default)]
struct Recipe {
    name: String,
    parameters: usize,
    dependencies: Vec<String>,
    body: Vec<String>,
    default: bool,
}

/// The recipes `just …` runs, or nothing for another program, a dry run, a listing, or no justfile.
pub(crate) fn recipes(argv: &[Word], cwd: &Cwd, files: &mut LineFiles<'_>) -> Vec<FileScript> {
    let program = programs::lookup(argv.first().map_or("", |word| word.text.as_str()));
    if !program.is_some_and(|program| program.recipes().any(|recipes| recipes == Recipes::Justfile)) {
        return Vec::new();
    }
    let mut justfile: Option<Word> = None;
    let mut working_directory: Option<String> = None;
    let mut goals: Vec<String> = Vec::new();
    let mut index = 1;
    while let Some(word) = argv.get(index) {
        let text = word.text.as_str();
        index += 1;
        match text {
            "-n" | "--dry-run" | "-l" | "--list" | "--summary" | "--show" | "-s" | "--evaluate" | "--dump"
            | "--variables" | "--help" | "-h" | "--version" | "-V" | "--choose" | "--edit" | "-e" | "--fmt"
            | "--init" | "--completions" | "--groups" => return Vec::new(),
            "-f" | "--justfile" => {
                justfile = argv.get(index).cloned();
                index += 1;
            }
            "-d" | "--working-directory" => {
                working_directory = argv.get(index).map(|word| word.text.clone());
                index += 1;
            }
            "--shell" | "--shell-arg" | "--dotenv-filename" | "--dotenv-path" | "--color" | "--command-color"
            | "--list-heading" | "--list-prefix" | "--chooser" => index += 1,
            "--set" => index += 2,
            _ if text.starts_with('-') => {}
            // `NAME=VALUE` overrides a variable.
            _ if text.contains('=') => {}
            _ => goals.push(text.to_owned()),
        }
    }
    let Some(start) = folder(cwd) else { return Vec::new() };
    let found = match &justfile {
        Some(word) => locate(word, cwd, files.sources()).and_then(|path| {
            let text = files.read(&path)?;
            Some((path.parent().map(Path::to_path_buf).unwrap_or_default(), text))
        }),
        None => files.find_up(start, &["justfile", "Justfile", ".justfile"]),
    };
    let Some((mut dir, text)) = found else { return Vec::new() };
    // Recipes run in the justfile's folder, or where `--working-directory` says (relative to the command's).
    if let Some(working) = working_directory {
        dir = start.join(working);
    }
    let (recipes, variables) = parse(&text);
    // Words after a recipe that takes parameters are its arguments, not recipes.
    let mut wanted = Vec::new();
    let mut skip = 0;
    for goal in goals {
        if skip > 0 {
            skip -= 1;
            continue;
        }
        if let Some(recipe) = recipes.iter().find(|recipe| recipe.name == goal) {
            skip = recipe.parameters;
            wanted.push(goal);
        }
    }
    if wanted.is_empty() {
        let default = recipes.iter().find(|recipe| recipe.default).or_else(|| recipes.first());
        wanted.extend(default.map(|recipe| recipe.name.clone()));
    }
    let mut out = Vec::new();
    let mut visited = BTreeSet::new();
    let mut stack: Vec<(String, bool)> = wanted.into_iter().rev().map(|name| (name, false)).collect();
    while let Some((name, expanded)) = stack.pop() {
        let Some(recipe) = recipes.iter().find(|recipe| recipe.name == name) else { continue };
        if expanded {
            out.extend(body_scripts(recipe, &variables, &dir));
            continue;
        }
        if visited.len() >= MAX_RECIPES || !visited.insert(name.clone()) {
            continue;
        }
        stack.push((name, true));
        stack.extend(
            recipe.dependencies.iter().rev().filter(|dep| !visited.contains(*dep)).map(|dep| (dep.clone(), false)),
        );
    }
    out
}

/// A recipe's body: one script in the language of its `#!` line, or its lines as shell commands.
fn body_scripts(recipe: &Recipe, variables: &BTreeMap<String, String>, dir: &Path) -> Vec<FileScript> {
    let lines: Vec<String> = recipe.body.iter().map(|line| interpolate(line, variables)).collect();
    if lines.first().is_some_and(|line| line.starts_with("#!")) {
        let text = lines.join("\n");
        let language = language_of_file("", &text);
        let origin = format!("justfile: {}", recipe.name);
        return vec![FileScript { text, language, cwd: Some(dir.to_path_buf()), origin }];
    }
    lines
        .into_iter()
        .map(|line| FileScript::shell(line.trim_start_matches(['@', '-']).to_owned(), Some(dir.to_path_buf())))
        .map(|script| script.from(format!("justfile: {}", recipe.name)))
        .collect()
}

/// `{{ name }}` replaced by a known variable's value, other interpolations by `${DOTFORGE_UNKNOWN}`; `{{{{` is `{{`.
fn interpolate(line: &str, variables: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        if rest[start..].starts_with("{{{{") {
            out.push_str("{{");
            rest = &rest[start + 4..];
            continue;
        }
        let Some(end) = rest[start..].find("}}") else {
            rest = &rest[start..];
            break;
        };
        let expression = rest[start + 2..start + end].trim();
        out.push_str(variables.get(expression).map_or("${DOTFORGE_UNKNOWN}", String::as_str));
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

/// The recipes and literal variables of a justfile.
fn parse(text: &str) -> (Vec<Recipe>, BTreeMap<String, String>) {
    let mut recipes: Vec<Recipe> = Vec::new();
    let mut variables = BTreeMap::new();
    let mut in_recipe = false;
    let mut next_is_default = false;
    for line in text.lines() {
        if line.starts_with([' ', '\t']) {
            if in_recipe && !line.trim().is_empty() {
                if let Some(recipe) = recipes.last_mut() {
                    recipe.body.push(line.trim_start().to_owned());
                }
            }
            continue;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue; // a blank line inside a recipe does not end it
        }
        in_recipe = false;
        if trimmed.starts_with('#') {
            continue;
        }
        if let Some(attributes) = trimmed.strip_prefix('[') {
            next_is_default |= attributes.split([',', ']']).any(|attribute| attribute.trim() == "default");
            continue;
        }
        let first = trimmed.split_whitespace().next().unwrap_or("");
        if matches!(first, "set" | "alias" | "import" | "mod" | "export") && !trimmed.starts_with(&format!("{first}:"))
        {
            if first == "export" {
                if let Some((name, value)) = literal_assignment(trimmed.trim_start_matches("export").trim()) {
                    variables.insert(name, value);
                }
            }
            continue;
        }
        if let Some((name, value)) = literal_assignment(trimmed) {
            variables.insert(name, value);
            continue;
        }
        if let Some(recipe) = header(trimmed) {
            recipes.push(Recipe { default: std::mem::take(&mut next_is_default), ..recipe });
            in_recipe = true;
        }
    }
    (recipes, variables)
}

/// `name := 'literal'` / `name := "literal"`.
fn literal_assignment(text: &str) -> Option<(String, String)> {
    let (name, value) = text.split_once(":=")?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') {
        return None;
    }
    let value = value.trim();
    let unquoted = value
        .strip_prefix('\'')
        .and_then(|rest| rest.strip_suffix('\''))
        .or_else(|| value.strip_prefix('"').and_then(|rest| rest.strip_suffix('"')))?;
    Some((name.to_owned(), unquoted.to_owned()))
}

/// `[@]name PARAMS…: DEPENDENCIES…`.
fn header(text: &str) -> Option<Recipe> {
    let text = text.strip_prefix('@').unwrap_or(text);
    let colon = text.find(':')?;
    if text[colon..].starts_with(":=") {
        return None;
    }
    let mut words = text[..colon].split_whitespace();
    let name = words.next()?;
    if !name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-') {
        return None;
    }
    let parameters = words.filter(|word| !word.starts_with(['*', '+', '$']) || word.len() > 1).count();
    let dependencies = text[colon + 1..]
        .split_whitespace()
        .map(|word| word.trim_start_matches('(').trim_end_matches(')'))
        .filter(|word| !word.is_empty() && !word.starts_with(['\'', '"']) && *word != "&&")
        .map(str::to_owned)
        .collect();
    Some(Recipe { name: name.to_owned(), parameters, dependencies, body: Vec::new(), default: false })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::programs::Language;
    use crate::sources::tests::{words, MemoryFiles};
    use std::path::PathBuf;

    const JUSTFILE: &str = "remote := 'origin'\n\n# the default\nbuild:\n    cargo build\n\ntest: build\n    cargo test\n\ndeploy target: test\n    git push --force {{remote}} {{target}}\n\nscript:\n    #!/usr/bin/env python3\n    import os\n    os.system('rm -rf .forge')\n";

    fn run(command: &str) -> Vec<FileScript> {
        let files = MemoryFiles::with(&[("/p/justfile", JUSTFILE)]);
        let mut line_files = LineFiles::new(&files);
        recipes(&words(command), &Cwd::Known(PathBuf::from("/p/sub")), &mut line_files)
    }

    fn texts(command: &str) -> Vec<String> {
        run(command).into_iter().map(|script| script.text).collect()
    }

    #[test]
    fn recipes_and_their_dependencies_run_in_order() {
        assert_eq!(
            texts("just deploy main"),
            ["cargo build", "cargo test", "git push --force origin ${DOTFORGE_UNKNOWN}"]
        );
        assert_eq!(texts("just"), ["cargo build"]);
        assert_eq!(texts("just test"), ["cargo build", "cargo test"]);
        assert!(texts("just --list").is_empty());
        let script = run("just script");
        assert_eq!(script.len(), 1);
        assert_eq!(script[0].language, Language::Python);
        assert_eq!(script[0].cwd, Some(PathBuf::from("/p")));
    }
}
