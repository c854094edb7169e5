//! Package managers running a package's scripts: `npm run X` (also `run-script`), `npm test|start|stop|restart`,
//! `npm install|ci` in the package (its own lifecycle scripts), `pnpm X`, `yarn X`, `bun run X` — each with the
//! `preX` and `postX` scripts around it — read from the `package.json` of the package the command runs in (the
//! nearest one up from its folder, or `--prefix DIR`). Arguments after the script name are appended, as the package
//! manager does.

use crate::argv::quote;
use crate::command::{program_name, Cwd};
use crate::lexer::Word;
use crate::programs::{self, Recipes};
use crate::sources::{folder, locate, FileScript, LineFiles};
use std::path::Path;

/// Subcommands of each package manager that are its own, not a script's name.
const PNPM_COMMANDS: &[&str] = &[
    "add",
    "install",
    "i",
    "update",
    "up",
    "remove",
    "rm",
    "link",
    "unlink",
    "import",
    "rebuild",
    "prune",
    "fetch",
    "patch",
    "patch-commit",
    "audit",
    "list",
    "ls",
    "outdated",
    "why",
    "exec",
    "dlx",
    "create",
    "publish",
    "pack",
    "store",
    "env",
    "config",
    "init",
    "setup",
    "server",
    "deploy",
    "licenses",
    "root",
    "bin",
    "help",
    "dedupe",
];
const YARN_COMMANDS: &[&str] = &[
    "add",
    "install",
    "remove",
    "upgrade",
    "up",
    "why",
    "info",
    "init",
    "link",
    "unlink",
    "pack",
    "publish",
    "cache",
    "config",
    "global",
    "dlx",
    "exec",
    "workspaces",
    "workspace",
    "bin",
    "set",
    "plugin",
    "npm",
    "constraints",
    "dedupe",
    "explain",
    "patch",
    "rebuild",
    "node",
    "help",
    "version",
    "audit",
    "outdated",
    "list",
    "login",
    "logout",
];
/// bun's own commands (`bun test` is bun's test runner, not the `test` script).
const BUN_COMMANDS: &[&str] = &[
    "test", "install", "i", "add", "a", "remove", "rm", "update", "link", "unlink", "pm", "build", "init", "create",
    "x", "upgrade", "repl", "exec", "publish", "outdated", "patch", "audit", "info", "why", "help",
];
/// The lifecycle scripts `npm install` (with no package named) runs for the package itself.
const INSTALL_SCRIPTS: &[&str] =
    &["preinstall", "install", "postinstall", "prepublish", "preprepare", "prepare", "postprepare"];

/// What a package manager command asks for.
enum Asked {
    /// A script by name, with the arguments after it.
    Script(String, Vec<Word>),
    /// `npm install` in the package: its lifecycle scripts.
    Install,
}

/// The scripts a package manager command runs, or nothing for another program or a package without them.
pub(crate) fn scripts(argv: &[Word], cwd: &Cwd, files: &mut LineFiles<'_>) -> Vec<FileScript> {
    let Some(first) = argv.first() else { return Vec::new() };
    let entry = programs::lookup(&first.text);
    if !entry.is_some_and(|entry| entry.recipes().any(|recipes| recipes == Recipes::PackageScripts)) {
        return Vec::new();
    }
    let program = program_name(&first.text);
    let mut prefix: Option<Word> = None;
    let mut positional: Vec<&Word> = Vec::new();
    let mut index = 1;
    while let Some(word) = argv.get(index) {
        let text = word.text.as_str();
        index += 1;
        if !positional.is_empty() {
            positional.push(word);
            continue;
        }
        match text {
            "--prefix" | "-C" | "--dir" | "--cwd" => {
                prefix = argv.get(index).cloned();
                index += 1;
            }
            _ if text.starts_with("--prefix=") || text.starts_with("--dir=") || text.starts_with("--cwd=") => {
                let value = text.split_once('=').map_or("", |(_, value)| value);
                prefix = Some(Word { text: value.to_owned(), ..word.clone() });
            }
            // `-w NAME` and other options with a value: the value is not the subcommand.
            "-w" | "--workspace" | "--filter" | "-F" | "--loglevel" | "--registry" => index += 1,
            _ if text.starts_with('-') => {}
            _ => positional.push(word),
        }
    }
    let Some(asked) = asked(program, &positional) else { return Vec::new() };
    let start = folder(cwd).map(Path::to_path_buf);
    let start = match &prefix {
        Some(prefix) => locate(prefix, &start.map_or(Cwd::Unknown, Cwd::Known), files.sources()),
        None => start,
    };
    let Some(start) = start else { return Vec::new() };
    let Some((package_dir, text)) = files.find_up(&start, &["package.json"]) else { return Vec::new() };
    let Ok(package) = serde_json::from_str::<serde_json::Value>(&text) else { return Vec::new() };
    let Some(scripts) = package.get("scripts").and_then(serde_json::Value::as_object) else { return Vec::new() };
    let script = |name: &str| scripts.get(name).and_then(serde_json::Value::as_str).map(str::to_owned);
    let at = |name: &str| {
        let origin = format!("package.json: {name}");
        script(name).map(|text| FileScript::shell(text, Some(package_dir.clone())).from(origin))
    };
    match asked {
        Asked::Install => INSTALL_SCRIPTS.iter().filter_map(|name| at(name)).collect(),
        Asked::Script(name, arguments) => {
            let Some(body) = script(&name) else { return Vec::new() };
            let appended: Vec<String> = arguments
                .iter()
                .filter(|word| word.text != "--")
                .map(|word| if word.dynamic { word.text.clone() } else { quote(&word.text) })
                .collect();
            let body = if appended.is_empty() { body } else { format!("{body} {}", appended.join(" ")) };
            let mut out: Vec<FileScript> = at(&format!("pre{name}")).into_iter().collect();
            out.push(FileScript::shell(body, Some(package_dir.clone())).from(format!("package.json: {name}")));
            out.extend(at(&format!("post{name}")));
            out
        }
    }
}

/// The script a package manager's positional arguments ask for.
fn asked(program: &str, positional: &[&Word]) -> Option<Asked> {
    let subcommand = positional.first().map(|word| word.text.as_str());
    let named = |at: usize| {
        positional
            .get(at)
            .map(|name| Asked::Script(name.text.clone(), positional[at + 1..].iter().map(|w| (*w).clone()).collect()))
    };
    match (program, subcommand) {
        ("npm", Some("run" | "run-script" | "rum" | "urn")) | ("pnpm" | "yarn" | "bun", Some("run")) => named(1),
        ("npm" | "pnpm" | "yarn", Some("test" | "t" | "tst" | "start" | "stop" | "restart")) => {
            let name = match subcommand {
                Some("t" | "tst") => "test",
                Some(other) => other,
                None => return None,
            };
            Some(Asked::Script(name.to_owned(), positional[1..].iter().map(|w| (*w).clone()).collect()))
        }
        ("npm" | "pnpm", Some("install" | "i" | "ci" | "install-clean" | "isntall")) if positional.len() == 1 => {
            Some(Asked::Install)
        }
        ("yarn", None) | ("yarn", Some("install")) if positional.len() <= 1 => Some(Asked::Install),
        ("pnpm", Some(name)) if !PNPM_COMMANDS.contains(&name) => named(0),
        ("yarn", Some(name)) if !YARN_COMMANDS.contains(&name) => named(0),
        ("bun", Some(name)) if !BUN_COMMANDS.contains(&name) && !name.contains(['.', '/']) => named(0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::tests::{words, MemoryFiles};
    use std::path::PathBuf;

    const PACKAGE: &str = r#"{"scripts": {"test": "vitest run", "predeploy": "npm test",
        "deploy": "git push --force origin HEAD:main", "postdeploy": "echo done", "postinstall": "node setup.js"}}"#;

    fn run(command: &str) -> (Vec<String>, Option<PathBuf>) {
        let files = MemoryFiles::with(&[("/p/package.json", PACKAGE)]);
        let mut line_files = LineFiles::new(&files);
        let found = scripts(&words(command), &Cwd::Known(PathBuf::from("/p/src/deep")), &mut line_files);
        let dir = found.first().and_then(|script| script.cwd.clone());
        (found.iter().map(|script| script.text.clone()).collect(), dir)
    }

    #[test]
    fn scripts_run_with_their_pre_and_post_scripts_in_the_package_folder() {
        let (deploy, dir) = run("npm run deploy");
        assert_eq!(deploy, ["npm test", "git push --force origin HEAD:main", "echo done"]);
        assert_eq!(dir, Some(PathBuf::from("/p")), "the nearest package.json up from the command's folder");
        assert_eq!(run("npm test -- --watch").0, ["vitest run --watch"]);
        assert_eq!(run("pnpm deploy").0, Vec::<String>::new(), "pnpm's own deploy command");
        assert_eq!(run("yarn deploy").0[1], "git push --force origin HEAD:main");
        assert_eq!(run("bun run deploy").0[1], "git push --force origin HEAD:main");
        assert!(run("bun test").0.is_empty(), "bun's test runner");
        assert_eq!(run("npm install").0, ["node setup.js"]);
        assert!(run("npm install left-pad").0.is_empty(), "another package's scripts are not this package's");
        assert!(run("npm run missing").0.is_empty());
    }
}
