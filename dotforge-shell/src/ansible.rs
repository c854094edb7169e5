//! Ansible's ad-hoc commands (`ansible HOSTS -m MODULE -a ARGS`): what a module does with its arguments, written as
//! the shell commands with the same effect — one row per module in [`MODULES`]. A host other than this machine is
//! still this agent's act, and the paths a module names are read as this machine's (as `ssh HOST CMD` is).

use crate::argv::{quote, Order, Parsed};
use crate::lexer::{words_of, Word};
use crate::programs::Program;

/// What a module does.
#[derive(Clone, Copy)]
enum Module {
    /// Runs its free-form arguments as a command (`shell`, `command`, `raw`), in `chdir=DIR` when given.
    Command,
    /// Runs a script file (its first argument).
    Script,
    /// Makes, changes or (`state=absent`) deletes `path=`.
    File,
    /// Writes `dest=` (from `src=` when given).
    Copy,
    /// Edits `path=` (or `dest=`) in place.
    Edit,
    /// Reads `src=` (and sends it back).
    Read,
    /// Sets (`state=absent`: unsets) git's configuration key `name=` to `value=`, in `repo=`.
    GitConfig,
}

/// The modules and what each does; a module is named by its last part (`ansible.builtin.shell` is `shell`).
const MODULES: &[(&str, Module)] = &[
    ("shell", Module::Command),
    ("command", Module::Command),
    ("raw", Module::Command),
    ("script", Module::Script),
    ("file", Module::File),
    ("copy", Module::Copy),
    ("template", Module::Copy),
    ("get_url", Module::Copy),
    ("lineinfile", Module::Edit),
    ("blockinfile", Module::Edit),
    ("replace", Module::Edit),
    ("ini_file", Module::Edit),
    ("slurp", Module::Read),
    ("fetch", Module::Read),
    ("git_config", Module::GitConfig),
];

/// The shell scripts an ad-hoc command `argv` amounts to. A module the table does not list does what it does
/// (`ping`, `setup`, `debug`): its arguments' file lookups (`{{ lookup('file', PATH) }}`) are reads all the same.
pub(crate) fn commands(argv: &[Word], program: &Program) -> Vec<String> {
    let parsed = Parsed::of(argv, &program.options, Order::Permute);
    let module = parsed.values(&['m'], &["module-name"]).last().map_or("command", |value| value.text());
    let arguments = parsed.values(&['a'], &["args"]).last().map(|value| value.text().to_owned()).unwrap_or_default();
    let mut scripts: Vec<String> = file_lookups(&arguments).iter().map(|path| format!("cat {path}")).collect();
    let name = module.rsplit('.').next().unwrap_or(module);
    let Some(&(_, kind)) = MODULES.iter().find(|(known, _)| *known == name) else { return scripts };
    let words = words_of(&arguments);
    let value =
        |key: &str| words.iter().find_map(|word| word.text.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')));
    // (Values are left as written: the line's shell expanded them, or the reader does when it reads the script.)
    let free: Vec<&str> =
        words.iter().filter(|word| !is_parameter(&word.text)).map(|word| word.text.as_str()).collect();
    let free = free.join(" ");
    let path = value("path").or_else(|| value("dest")).or_else(|| value("name"));
    let script = match kind {
        Module::Command => match value("chdir") {
            Some(folder) => format!("cd {folder} && {free}"),
            None => free,
        },
        Module::Script => format!("sh {free}"),
        Module::File => match (path, value("state")) {
            (Some(path), Some("absent")) => format!("rm -rf {path}"),
            (Some(path), _) => format!("touch {path}"),
            (None, _) => return scripts,
        },
        Module::Copy => match (value("src"), value("dest")) {
            (Some(source), Some(destination)) => format!("cp -r {source} {destination}"),
            (None, Some(destination)) => format!(": > {destination}"),
            _ => return scripts,
        },
        Module::Edit => match path {
            Some(path) => format!("touch {path}"),
            None => return scripts,
        },
        Module::Read => match value("src") {
            Some(source) => format!("cat {source}"),
            None => return scripts,
        },
        Module::GitConfig => {
            let Some(key) = value("name") else { return scripts };
            let repository = value("repo").map(|repo| format!("-C {repo} ")).unwrap_or_default();
            match (value("state"), value("value")) {
                (Some("absent"), _) => format!("git {repository}config --unset {key}"),
                (_, Some(setting)) => format!("git {repository}config {key} {}", quote(setting)),
                _ => return scripts,
            }
        }
    };
    scripts.push(script);
    scripts
}

/// Whether an argument is a module's `key=value` parameter rather than a word of its free-form command.
fn is_parameter(text: &str) -> bool {
    const COMMAND_PARAMETERS: &[&str] = &["chdir", "creates", "removes", "executable", "stdin", "warn", "argv"];
    text.split_once('=').is_some_and(|(key, _)| COMMAND_PARAMETERS.contains(&key))
}

/// The files `{{ lookup('file', PATH) }}` reads in a module's arguments (quotes of either kind).
fn file_lookups(arguments: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = arguments;
    while let Some(at) = rest.find("lookup(") {
        rest = &rest[at + "lookup(".len()..];
        let parts: Vec<&str> = rest.split(')').next().unwrap_or("").split(',').map(str::trim).collect();
        let unquoted = |part: &str| part.trim_matches(['\'', '"']).to_owned();
        if parts.first().is_some_and(|kind| unquoted(kind) == "file") {
            found.extend(parts.get(1).map(|path| unquoted(path)));
        }
    }
    found
}
