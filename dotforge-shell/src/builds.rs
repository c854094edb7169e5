//! Build tools, which write what they build where they choose: cargo into the profile's folder of the `target/` beside
//! the `Cargo.toml` it finds from its working directory up (or of `--target-dir`, `CARGO_TARGET_DIR`), `cargo clean`
//! deletes that folder or all of `target/`, and `cargo install` writes its `bin` folder; compilers and linkers write
//! their `-o` file. A hook project's binary is built there, so `cargo build --release` in the project writes the hook
//! binary, as `cp` onto it would.
//!
//! cargo's subcommands that edit the package write beside its `Cargo.toml`: `add` and `remove` the manifest and the
//! lock file, `update` the lock file, `fmt` and `fix` (also `clippy --fix`) the sources — what the next build of a
//! hook project makes the hook from.
//!
//! A target folder named only in cargo's configuration files (`build.target-dir` in `.cargo/config.toml`) is not
//! read; SECURITY.md lists it under "Out of reach".

use crate::argv::{Options, Order, Parsed, Value};
use crate::command::{CommandLine, SimpleCommand};
use crate::lexer::Word;
use crate::programs::{Logic, Program};
use crate::target::{inside, ProjectRoot, Target, Writes};

/// cargo's subcommands (and their aliases) that put binaries into the profile's folder.
const CARGO_BUILDS: &[&str] = &["build", "b", "run", "r", "test", "t", "bench", "rustc"];

/// cargo's subcommands that edit the package, with the files and the folders they write beside its `Cargo.toml`.
const CARGO_EDITS: &[(&str, &[&str], &[&str])] = &[
    ("add", &["Cargo.toml", "Cargo.lock"], &[]),
    ("remove", &["Cargo.toml", "Cargo.lock"], &[]),
    ("rm", &["Cargo.toml", "Cargo.lock"], &[]),
    ("update", &["Cargo.lock"], &[]),
    ("generate-lockfile", &["Cargo.lock"], &[]),
    ("fmt", &["build.rs"], SOURCE_FOLDERS),
    ("fix", &["build.rs"], SOURCE_FOLDERS),
];

/// The folders of a package's sources, by cargo's conventions.
const SOURCE_FOLDERS: &[&str] = &["src", "tests", "benches", "examples"];

/// The environment variables that name cargo's target folder.
const TARGET_DIR_VARIABLES: &[&str] = &["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"];

/// What a build command writes (`logic` and `entry` from the program table). `assigned` gives the target folders the
/// command line assigns to cargo's variables (see [`assigned_target_dirs`]), asked for only by cargo commands.
pub(crate) fn outputs<'a>(
    logic: Logic,
    command: &SimpleCommand,
    entry: &'static Program,
    assigned: impl FnOnce() -> &'a [Word],
) -> Option<Writes> {
    let words = &command.words;
    match logic {
        Logic::Cargo => cargo_outputs(words, entry, assigned()),
        Logic::GoBuild if words.get(1).is_some_and(|word| word.text == "build") => Some(compiled(entry, words)),
        Logic::Compiler => Some(compiled(entry, words)),
        _ => None,
    }
}

/// What a compiler or `go build` writes (`-o FILE`, `--out-dir DIR`).
fn compiled(entry: &'static Program, words: &[Word]) -> Writes {
    entry.compiled_outputs(words).into_iter().map(|(path, tree)| Target::new(path, tree)).collect()
}

/// The folders a cargo command builds into, as whole trees, or `None` when it builds nothing there.
fn cargo_outputs(words: &[Word], cargo: &'static Program, assigned: &[Word]) -> Option<Writes> {
    // What follows `--` goes to the program or the tests.
    let end = words.iter().position(|word| word.text == "--").unwrap_or(words.len());
    let words_before = &words[..end];
    let at = cargo.subcommand_at(words_before)?;
    let subcommand = words_before[at].text.as_str();
    let global = Parsed::of(&words_before[..at], &cargo.options, Order::Permute);
    let mut start = global.values(&['C'], &[]).last().map_or(".".to_owned(), |value| value.text().to_owned());
    // From the subcommand on, read with the subcommand's options.
    let rest = &words_before[at..];
    let options = cargo.subcommand_options(subcommand).copied().unwrap_or(Options::NONE);
    let parsed = Parsed::of(rest, &options, Order::Permute);
    let values = |long: &str| parsed.values(&[], &[long]).iter().map(Value::word).collect::<Vec<_>>();
    let has_long = |long: &str| parsed.has_long(long);
    if let Some(manifest) = values("manifest-path").last() {
        start = manifest.text.rsplit_once('/').map_or(".", |(folder, _)| folder).to_owned();
    }
    // `cargo fmt --check` (also after `--`) only reads.
    let checks_only = subcommand == "fmt" && words.iter().any(|word| word.text == "--check");
    let edit = match subcommand {
        "clippy" if has_long("fix") => Some("fix"),
        "fmt" if checks_only => None,
        other => Some(other),
    };
    if let Some((_, files, folders)) = CARGO_EDITS.iter().find(|(name, ..)| Some(*name) == edit) {
        // The package's own files, and the lock file of the workspace it may belong to.
        let (lock, package): (Vec<&str>, Vec<&str>) = files.iter().partition(|file| **file == "Cargo.lock");
        let mut writes = in_project_root(package.into_iter(), false, &start, true);
        writes.extend(in_project_root(folders.iter().copied(), true, &start, true));
        writes.extend(in_project_root(lock.into_iter(), false, &start, false));
        return Some(writes);
    }
    if subcommand == "install" {
        // It builds in a temporary folder unless told where (`--debug` builds the dev profile).
        let profile = if has_long("debug") { "debug" } else { "release" };
        let mut writes = install_folders(&values("root"));
        writes.extend(under(&values("target-dir"), &[profile.to_owned()]));
        return Some(writes);
    }
    let clean = subcommand == "clean";
    if !clean && !CARGO_BUILDS.contains(&subcommand) {
        return None;
    }
    let release = has_long("release") || parsed.has_short('r');
    let profile = match values("profile").last().map(|word| word.text.as_str()) {
        Some("dev" | "test") => Some("debug".to_owned()),
        Some("release" | "bench") => Some("release".to_owned()),
        Some(name) => Some(name.to_owned()),
        None if release || subcommand == "bench" => Some("release".to_owned()),
        // `cargo clean --doc` deletes the documentation only; without a profile, the whole target folder goes.
        None if clean && has_long("doc") => Some("doc".to_owned()),
        None if clean => None,
        None => Some("debug".to_owned()),
    };
    let triples = values("target");
    let below: Vec<String> = match (profile, triples.is_empty()) {
        (Some(profile), true) => vec![profile],
        (Some(profile), false) => triples.iter().map(|triple| format!("{}/{profile}", triple.text)).collect(),
        (None, true) => vec![String::new()],
        (None, false) => triples.iter().map(|triple| triple.text.clone()).collect(),
    };
    let mut folders = values("target-dir");
    if folders.is_empty() {
        // Named elsewhere, the target folder may or may not apply (an `export` earlier, a variable the shell unsets):
        // the project's own `target/` counts as well.
        folders.extend(named_target_folders(words_before, cargo, assigned));
        let in_target: Vec<String> =
            below.iter().map(|below| format!("target/{below}").trim_end_matches('/').to_owned()).collect();
        let mut writes = in_project_root(in_target.iter().map(String::as_str), true, &start, false);
        writes.extend(under(&folders, &below));
        return Some(writes);
    }
    Some(under(&folders, &below))
}

/// `paths` beside each `Cargo.toml` found from `start` up (only the first: `nearest`), each a whole tree (`tree`) or
/// a single file.
fn in_project_root<'a>(paths: impl Iterator<Item = &'a str>, tree: bool, start: &str, nearest: bool) -> Writes {
    let root = ProjectRoot { start: start.to_owned(), marker: "Cargo.toml", nearest };
    paths
        .map(|text| Target {
            path: Word { text: text.to_owned(), ..Word::default() },
            tree,
            project_root: Some(root.clone()),
            only_named: Vec::new(),
            max_depth: None,
            lands_as: None,
        })
        .collect()
}

/// `below` under each folder, as whole trees.
fn under(folders: &[Word], below: &[String]) -> Writes {
    folders.iter().flat_map(|folder| below.iter().map(move |below| Target::new(inside(folder, below), true))).collect()
}

/// The target folders a command line assigns to cargo's variables (`CARGO_TARGET_DIR=…`, assigned before a command
/// or exported), from every command of the line: the value may reach a cargo command later on it.
pub(crate) fn assigned_target_dirs(line: &CommandLine) -> Vec<Word> {
    let words = line.commands.iter().flat_map(|command| command.assignments.iter().chain(&command.words));
    let mut found: Vec<Word> = Vec::new();
    for word in words {
        let value =
            TARGET_DIR_VARIABLES.iter().find_map(|variable| word.text.strip_prefix(variable)?.strip_prefix('='));
        // An assignment reaches every command after it, so each one holds it again.
        if let Some(value) = value.filter(|value| !found.iter().any(|known| known.text == *value)) {
            found.push(Word { text: value.to_owned(), ..word.clone() });
        }
    }
    found
}

/// Target folders named by `CARGO_TARGET_DIR` (in the hook's environment or assigned on the command line:
/// `assigned`) or by `--config build.target-dir=…` among cargo's `words`.
fn named_target_folders(words: &[Word], cargo: &'static Program, assigned: &[Word]) -> Vec<Word> {
    let mut folders = Vec::new();
    for variable in TARGET_DIR_VARIABLES {
        if let Some(value) = std::env::var_os(variable) {
            let text = value.to_string_lossy().into_owned();
            folders.push(Word { tilde: text.starts_with('~'), text, ..Word::default() });
        }
    }
    folders.extend(assigned.iter().cloned());
    let options = Options { long: &["config"], ..cargo.options };
    for setting in Parsed::of(words, &options, Order::Permute).values(&[], &["config"]).iter().map(Value::word) {
        if let Some((key, value)) = setting.text.split_once('=') {
            if key.trim() == "build.target-dir" {
                let text = value.trim().trim_matches(['"', '\'']).to_owned();
                folders.push(Word { tilde: text.starts_with('~'), text, ..setting.clone() });
            }
        }
    }
    folders
}

/// The `bin` folders `cargo install` may write: `--root`'s, else those of `CARGO_INSTALL_ROOT`, `CARGO_HOME` and
/// `~/.cargo`.
fn install_folders(roots: &[Word]) -> Writes {
    let mut folders: Vec<Word> = roots.last().cloned().into_iter().collect();
    if folders.is_empty() {
        for variable in ["CARGO_INSTALL_ROOT", "CARGO_HOME"] {
            if let Some(value) = std::env::var_os(variable) {
                folders.push(Word { text: value.to_string_lossy().into_owned(), ..Word::default() });
            }
        }
        folders.push(Word { text: "~/.cargo".to_owned(), tilde: true, ..Word::default() });
    }
    under(&folders, &["bin".to_owned()])
}

#[cfg(test)]
mod tests {
    use super::{assigned_target_dirs, outputs as outputs_with};
    use crate::command::SimpleCommand;
    use crate::lexer::Word;
    use crate::programs::{self, Touches};
    use crate::reader::parse;
    use crate::target::Writes;

    /// What `command` writes, as its table entry says.
    fn outputs<'a>(command: &SimpleCommand, assigned: impl FnOnce() -> &'a [Word]) -> Option<Writes> {
        let entry = programs::of(command.program());
        match entry.touches {
            Touches::Own(logic) => outputs_with(logic, command, entry, assigned),
            _ => None,
        }
    }

    /// `(path, whole tree, project-root search start)` of every output the command line names, the hook's own
    /// environment left out.
    fn outputs_of(command: &str) -> Vec<(String, bool, Option<String>)> {
        let line = parse(command, None);
        let assigned = assigned_target_dirs(&line);
        let named_by_environment = |text: &str| {
            super::TARGET_DIR_VARIABLES
                .iter()
                .chain(&["CARGO_INSTALL_ROOT", "CARGO_HOME"])
                .filter_map(std::env::var_os)
                .any(|value| text.starts_with(&*value.to_string_lossy()))
        };
        line.commands
            .iter()
            .filter_map(|command| outputs(command, || assigned.as_slice()))
            .flatten()
            .filter(|target| !named_by_environment(&target.path.text))
            .map(|target| (target.path.text, target.tree, target.project_root.map(|root| root.start)))
            .collect()
    }

    /// Of every output in a project root: its path and whether only the nearest root counts.
    fn nearest_of(command: &str) -> Vec<(String, bool)> {
        let line = parse(command, None);
        let assigned = assigned_target_dirs(&line);
        let outputs = line.commands.iter().filter_map(|command| outputs(command, || assigned.as_slice())).flatten();
        outputs.filter_map(|target| Some((target.path.text, target.project_root?.nearest))).collect()
    }

    fn in_project(below: &str, start: &str) -> (String, bool, Option<String>) {
        (below.to_owned(), true, Some(start.to_owned()))
    }

    #[test]
    fn cargo_builds_into_the_profile_folder_of_the_project_it_finds() {
        assert_eq!(outputs_of("cargo build"), [in_project("target/debug", ".")]);
        for release in [
            "cargo build --release",
            "cargo b -r",
            "cargo build -qr",
            "cargo +nightly --locked build --release",
            "cargo --color never run --release -- -x",
            "cargo test --profile release",
            "cargo build --profile=bench",
            "cargo bench",
        ] {
            assert_eq!(outputs_of(release), [in_project("target/release", ".")], "{release}");
        }
        assert_eq!(outputs_of("cargo build --profile ci"), [in_project("target/ci", ".")]);
        assert_eq!(outputs_of("cargo build -rj4"), [in_project("target/release", ".")]);
        assert_eq!(outputs_of("cargo build -pr"), [in_project("target/debug", ".")], "`-p r`: a package named r");
        assert_eq!(outputs_of("cargo run -- --release"), [in_project("target/debug", ".")]);
        assert_eq!(
            outputs_of("cargo build -r --target aarch64-unknown-linux-gnu --target wasm32-unknown-unknown"),
            [
                in_project("target/aarch64-unknown-linux-gnu/release", "."),
                in_project("target/wasm32-unknown-unknown/release", ".")
            ]
        );
        assert_eq!(
            outputs_of("cargo build -r --manifest-path hook/Cargo.toml"),
            [in_project("target/release", "hook")]
        );
        assert_eq!(outputs_of("cargo -C /p build"), [in_project("target/debug", "/p")]);
    }

    #[test]
    fn a_named_target_folder_replaces_or_joins_the_projects() {
        assert_eq!(outputs_of("cargo build -r --target-dir /t/"), [("/t/release".to_owned(), true, None)]);
        let assigned = [in_project("target/release", "."), ("/t/release".to_owned(), true, None)];
        assert_eq!(outputs_of("CARGO_TARGET_DIR=/t cargo build -r"), assigned);
        assert_eq!(outputs_of("export CARGO_BUILD_TARGET_DIR=/t; cargo build -r"), assigned);
        assert_eq!(outputs_of("cargo build -r --config 'build.target-dir=\"/t\"'"), assigned);
    }

    #[test]
    fn checks_build_nothing_clean_deletes_and_install_writes_its_bin_folder() {
        for command in ["cargo check --release", "cargo clippy -r", "cargo doc", "cargo --version", "cargo"] {
            assert_eq!(outputs_of(command), [], "{command}");
        }
        assert_eq!(outputs_of("cargo install --root /opt/tools ripgrep"), [("/opt/tools/bin".to_owned(), true, None)]);
        assert_eq!(
            outputs_of("cargo install --path . --root /r --target-dir /t"),
            [("/r/bin".to_owned(), true, None), ("/t/release".to_owned(), true, None)]
        );
        assert!(outputs_of("cargo install ripgrep").contains(&("~/.cargo/bin".to_owned(), true, None)));
    }

    #[test]
    fn cargo_commands_that_edit_the_package_write_beside_its_manifest() {
        let file = |path: &str, start: &str| (path.to_owned(), false, Some(start.to_owned()));
        let manifest_and_lock = [file("Cargo.toml", "."), file("Cargo.lock", ".")];
        assert_eq!(outputs_of("cargo add serde --features derive"), manifest_and_lock);
        assert_eq!(outputs_of("cargo remove serde"), manifest_and_lock);
        assert_eq!(outputs_of("cargo update -p serde"), [file("Cargo.lock", ".")]);
        assert_eq!(outputs_of("cargo add --manifest-path hook/Cargo.toml x")[0], file("Cargo.toml", "hook"));
        let sources: Vec<_> = std::iter::once(file("build.rs", "."))
            .chain(["src", "tests", "benches", "examples"].map(|folder| in_project(folder, ".")))
            .collect();
        assert_eq!(outputs_of("cargo fmt"), sources);
        assert_eq!(outputs_of("cargo fix --allow-dirty"), sources);
        assert_eq!(outputs_of("cargo clippy --fix"), sources);
        let package_then_workspace = [("Cargo.toml".to_owned(), true), ("Cargo.lock".to_owned(), false)];
        assert_eq!(nearest_of("cargo add serde"), package_then_workspace, "the lock file is the workspace's");
        assert!(nearest_of("cargo fmt").iter().all(|(_, nearest)| *nearest), "the package's own sources");
        assert!(nearest_of("cargo build -r").iter().all(|(_, nearest)| !nearest), "target/ is the workspace's");
        assert_eq!(outputs_of("cargo fmt --check"), []);
        assert_eq!(outputs_of("cargo fmt --all -- --check"), []);
    }

    #[test]
    fn compilers_write_their_output_option() {
        assert_eq!(outputs_of("cc -o build/app main.c"), [("build/app".to_owned(), false, None)]);
        assert_eq!(outputs_of("gcc -obuild/app main.c -O2"), [("build/app".to_owned(), false, None)]);
        assert_eq!(outputs_of("rustc --out-dir out main.rs"), [("out".to_owned(), true, None)]);
        assert_eq!(outputs_of("go build -o bin/app ./cmd/app"), [("bin/app".to_owned(), false, None)]);
        assert_eq!(outputs_of("go test ./..."), []);
        assert_eq!(outputs_of("ls -o x"), []);
    }
}
