//! What the reader knows about programs, in one table: each [`Program`] entry holds its names, the options that take a
//! value, its subcommands' options, how it runs code besides itself ([`Runs`]: a wrapped command, a script in an
//! option, code for an interpreter, a file it sources, recipes its files hold…), what it does to the paths it is
//! given ([`Touches`]), what it prints when that is known ([`Output`]), the npm packages that install it, and examples
//! that are tests (attack and look-alike rows, checked by `tests.rs`). The reader ([`crate::unwrap`],
//! [`crate::reader`]), the access rules ([`crate::access`], [`crate::rewriters`], [`crate::builds`]) and the command
//! patterns ([`crate::pattern`]) look programs up here; no other module matches on a program's name.
//!
//! The entries are grouped by family, one file each: `wrappers`, `shells`, `interpreters`, `file_tools`, `archivers`,
//! `git`, `builds`, `runners` (JavaScript test runners), `engines` (game engines, mobile and embedded toolchains, data
//! pipelines), `sites` (documentation and site generators), `configs` (commit, lint and release helpers' configs,
//! LLM tools), `vaults` (secret managers that run a command), `frameworks` (web frameworks' consoles and configs),
//! `supervisors` (process supervisors, Procfile runners), `native` (native build systems), `monorepos` (JavaScript
//! monorepo orchestrators), `devloops` (Kubernetes dev loops), `deploys` (deploy platforms), `generators` (scaffolding and
//! code generators), `terminals` (terminals' remote control, abduco, dtach), `texts` (searchers, viewers and
//! filters that run none of the text they are given), `containers`, `packages`, `agents`, `elsewhere`,
//! `schedulers` (job schedulers, HPC batch systems, terminal multiplexers), `printers`, `consoles`. Logic that cannot be
//! data (git's config, Makefiles, package scripts, tar's old-style options, consoles' commands) sits in the modules the
//! entry names ([`Recipes`], [`Logic`], [`Filter`]).
//!
//! **Adding a program**: add an entry to its family's file (names, options, runs, touches) with an example of each
//! thing it does and a look-alike that must stay silent; `cargo test -p dotforge-shell programs` checks the examples,
//! that no name is claimed twice, and that every reading agrees with the entry (a writer fed by `xargs` is a writer,
//! an interpreter's inline code is read for commands and for paths alike, a wrapper's command is found).

mod agents;
mod archivers;
mod builds;
mod configs;
mod consoles;
mod containers;
mod deploys;
mod devloops;
mod elsewhere;
mod engines;
mod entry;
mod environment;
mod file_tools;
mod frameworks;
mod generators;
mod git;
mod interpreters;
mod monorepos;
mod native;
mod packages;
mod printers;
mod runners;
mod schedulers;
mod shells;
mod sites;
mod supervisors;
mod terminals;
#[cfg(test)]
mod tests;
mod texts;
mod vaults;
mod wrappers;

use crate::argv::Options;
use crate::lexer::Word;
pub(crate) use entry::{
    Console, Cwd, Filter, Granting, Interpreter, Language, Logic, Output, Program, Recipes, Runs, ScriptLines, Sends,
    Touches, ANY_DISK,
};
pub(crate) use environment::loads_unknown_code;

/// The file name part of a program path (`/usr/bin/git` → `git`), without a Windows `.exe` (`git.exe` → `git`).
pub fn program_name(text: &str) -> &str {
    // A byte scan from the end: program words are short, and every pattern of every behavior asks for the name.
    let name = text.as_bytes().iter().rposition(|&byte| byte == b'/').map_or(text, |slash| &text[slash + 1..]);
    // A Windows program run from WSL keeps its `.exe` (`git.exe push -f`, `powershell.exe -c …`): the same program.
    let bytes = name.as_bytes();
    match bytes.len().checked_sub(4) {
        Some(stem) if stem > 0 && bytes[stem..].eq_ignore_ascii_case(b".exe") => &name[..stem],
        _ => name,
    }
}

/// A program word without the version a launcher picks it by (`corepack pnpm@9.4.0 …`, `yarn@stable`), when the
/// name before it is a program of the table: read where a wrapper hands on its command, not in every pattern.
pub(crate) fn unversioned(text: &str) -> Option<&str> {
    let (name, version) = text.split_once('@')?;
    (!name.is_empty() && is_version_tag(version) && lookup(name).is_some()).then_some(name)
}

/// Whether `text` is a version or a release channel (`9.4.0`, `^1`, `latest`, `stable`).
fn is_version_tag(text: &str) -> bool {
    text.starts_with(|first: char| first.is_ascii_digit() || "^~".contains(first))
        || matches!(text, "latest" | "stable" | "next" | "canary" | "beta" | "rc" | "lts")
}

/// What the table says of one command's words, worked out once per command (every `runs` pattern and the access
/// rules ask for it).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shape {
    /// The program's entry, if the table knows it.
    pub entry: Option<&'static Program>,
    /// For a program with subcommands: the index of its subcommand in the words (the words' length when there is
    /// none), and that subcommand's options that take a value, when the table knows them.
    pub subcommand: Option<(usize, Option<&'static Options>)>,
}

impl Shape {
    /// The shape of `words` (the program first).
    pub(crate) fn of(words: &[Word]) -> Shape {
        let entry = words.first().and_then(|word| lookup(&word.text));
        let subcommand = entry.filter(|entry| !entry.subcommands.is_empty()).map(|entry| {
            let at = entry.subcommand_at(words).unwrap_or(words.len());
            (at, words.get(at).and_then(|word| entry.subcommand_options(&word.text)))
        });
        Shape { entry, subcommand }
    }
}

/// What a program the table does not know is taken to do.
pub(crate) static UNKNOWN: Program = Program::named(&[]);

/// Every family's entries.
pub(crate) const FAMILIES: &[&[Program]] = &[
    wrappers::PROGRAMS,
    shells::PROGRAMS,
    interpreters::PROGRAMS,
    file_tools::PROGRAMS,
    archivers::PROGRAMS,
    git::PROGRAMS,
    builds::PROGRAMS,
    containers::PROGRAMS,
    packages::PROGRAMS,
    agents::PROGRAMS,
    elsewhere::PROGRAMS,
    schedulers::PROGRAMS,
    printers::PROGRAMS,
    consoles::PROGRAMS,
    runners::PROGRAMS,
    engines::PROGRAMS,
    sites::PROGRAMS,
    configs::PROGRAMS,
    vaults::PROGRAMS,
    frameworks::PROGRAMS,
    supervisors::PROGRAMS,
    native::PROGRAMS,
    monorepos::PROGRAMS,
    devloops::PROGRAMS,
    deploys::PROGRAMS,
    generators::PROGRAMS,
    terminals::PROGRAMS,
    texts::PROGRAMS,
];

/// The entry of a program (a name or a path to it: `/usr/bin/git`), or `None` for a program the table does not
/// know.
pub(crate) fn lookup(program: &str) -> Option<&'static Program> {
    let name = program_name(program);
    // (Only the names that start with the same byte are searched: the table's size hardly counts.)
    let (start, end) = name.as_bytes().first().map_or((0, 0), |&first| BY_FIRST_BYTE[usize::from(first)]);
    let bucket = &BY_NAME[usize::from(start)..usize::from(end)];
    match bucket.binary_search_by(|(known, _)| known.cmp(&name)) {
        Ok(at) => Some(bucket[at].1),
        Err(_) => BY_PREFIX.iter().find(|(prefix, _)| name.starts_with(prefix)).map(|(_, program)| *program),
    }
}

/// The entry of a program, or [`UNKNOWN`]'s.
pub(crate) fn of(program: &str) -> &'static Program {
    lookup(program).unwrap_or(&UNKNOWN)
}

/// The program an npm package installs (`@anthropic-ai/claude-code` → `claude`), if the table knows it.
pub(crate) fn installed_by(package: &str) -> Option<&'static str> {
    FAMILIES
        .iter()
        .flat_map(|family| family.iter())
        .find(|entry| entry.packages.contains(&package))
        .and_then(|entry| entry.names.first().copied())
}

/// The program a package's installed file runs (`…/node_modules/@anthropic-ai/claude-code/cli.js` → `claude`): a
/// path inside the folder `node_modules/PKG/` of a package the table knows.
pub(crate) fn installed_at(path: &str) -> Option<&'static str> {
    // The packages' folder, as written or as npm prints it (`"$(npm root -g)/@openai/codex/bin/codex.js"`).
    const FOLDERS: &[&str] = &["node_modules/", "npm root -g)/", "npm root)/", "npm root -g`/", "npm root`/"];
    if !FOLDERS.iter().any(|folder| path.contains(folder)) {
        return None;
    }
    let inside = |package: &str| {
        FOLDERS.iter().any(|folder| {
            path.match_indices(folder).any(|(at, _)| {
                path[at + folder.len()..].strip_prefix(package).is_some_and(|rest| rest.starts_with('/'))
            })
        })
    };
    FAMILIES
        .iter()
        .flat_map(|family| family.iter())
        .find(|entry| entry.packages.iter().any(|package| inside(package)))
        .and_then(|entry| entry.names.first().copied())
}

/// The exact names, sorted (built at compile time, so a lookup is a binary search and nothing runs at start-up).
static BY_NAME: [(&str, &Program); count_names(false)] = index(false);
/// The names ending in `*`, without it.
static BY_PREFIX: [(&str, &Program); count_names(true)] = index(true);
/// For each first byte, the range of [`BY_NAME`] whose names start with it (built at compile time).
static BY_FIRST_BYTE: [(u16, u16); 256] = first_byte_ranges(&BY_NAME);

// (The ranges are indices of `u16`: the table stays far below that many names.)
const _: () = assert!(count_names(false) < u16::MAX as usize);

const fn first_byte_ranges(names: &[(&str, &Program)]) -> [(u16, u16); 256] {
    let mut ranges = [(0u16, 0u16); 256];
    let mut at = 0;
    while at < names.len() {
        let bytes = names[at].0.as_bytes();
        if !bytes.is_empty() {
            let first = bytes[0] as usize;
            if ranges[first].1 == 0 {
                ranges[first].0 = at as u16;
            }
            ranges[first].1 = at as u16 + 1;
        }
        at += 1;
    }
    ranges
}

const fn is_prefix(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty() && bytes[bytes.len() - 1] == b'*'
}

const fn count_names(prefixes: bool) -> usize {
    let mut count = 0;
    let mut family = 0;
    while family < FAMILIES.len() {
        let mut entry = 0;
        while entry < FAMILIES[family].len() {
            let names = FAMILIES[family][entry].names;
            let mut name = 0;
            while name < names.len() {
                if is_prefix(names[name]) == prefixes {
                    count += 1;
                }
                name += 1;
            }
            entry += 1;
        }
        family += 1;
    }
    count
}

/// `a < b` as `str`'s order (bytes, lexicographically).
const fn less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut at = 0;
    while at < a.len() && at < b.len() {
        if a[at] != b[at] {
            return a[at] < b[at];
        }
        at += 1;
    }
    a.len() < b.len()
}

/// `name` without a trailing `*`.
const fn without_star(name: &'static str) -> &'static str {
    if is_prefix(name) {
        match name.as_bytes().split_last() {
            Some((_, rest)) => match std::str::from_utf8(rest) {
                Ok(text) => text,
                Err(_) => name,
            },
            None => name,
        }
    } else {
        name
    }
}

const fn index<const N: usize>(prefixes: bool) -> [(&'static str, &'static Program); N] {
    let mut found: [(&'static str, &'static Program); N] = [("", &FAMILIES[0][0]); N];
    let mut count = 0;
    let mut family = 0;
    while family < FAMILIES.len() {
        let mut entry = 0;
        while entry < FAMILIES[family].len() {
            let program: &'static Program = &FAMILIES[family][entry];
            let mut name = 0;
            while name < program.names.len() {
                if is_prefix(program.names[name]) == prefixes {
                    found[count] = (without_star(program.names[name]), program);
                    count += 1;
                }
                name += 1;
            }
            entry += 1;
        }
        family += 1;
    }
    // Insertion sort: a few hundred names, once, at compile time.
    let mut sorted = 1;
    while sorted < N {
        let mut at = sorted;
        while at > 0 && less(found[at].0, found[at - 1].0) {
            let swap = found[at];
            found[at] = found[at - 1];
            found[at - 1] = swap;
            at -= 1;
        }
        sorted += 1;
    }
    found
}

/// Every entry's names, as written, with the entry (for the tests and the README's count).
#[cfg(test)]
pub(crate) fn all_names() -> impl Iterator<Item = (&'static str, &'static Program)> {
    FAMILIES
        .iter()
        .flat_map(|family| family.iter())
        .flat_map(|program| program.names.iter().map(move |name| (*name, program)))
}

#[cfg(test)]
pub(crate) fn sorted_index() -> &'static [(&'static str, &'static Program)] {
    &BY_NAME
}
