//! What is worked out about a command or a path field, each fact the first time a condition asks, and kept by a
//! backtest across the events one thread replays ([`Memo`]): a command line read once per line and folder, with its
//! accesses, the paths they stand for and the answer of each condition asked of it (a `runs` pattern, a `reads` or
//! `writes` glob set, by the address of the catalog's static pattern), and a path field's paths and answers once per
//! path and folder. In a backtest these are functions of the command (or path) and the folder alone — no script is
//! read from disk, and the settings and the environment stay the same — and a history repeats its commands. Each
//! table is emptied when it holds [`LIMIT`] entries, so that memory stays bounded. A live hook keeps them for its one
//! event.

use crate::hash::Tables;
use crate::paths::Candidate;
use dotforge_shell::access::Access;
use dotforge_shell::CommandLine;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// Entries a table holds before it is emptied.
const LIMIT: usize = 4096;

/// The answers conditions got, by the address of what they asked with (a catalog's static pattern or glob set,
/// with a bit of their own).
#[derive(Debug, Default)]
pub(super) struct Answers<T>(RefCell<HashMap<usize, T, Tables>>);

/// Room a table of answers takes at its first answer: a Bash event asks most of the catalog's `runs` patterns (154
/// in the curated one), and growing a table one doubling at a time rehashed it seven times on each event.
const FIRST_ROOM: usize = 192;

impl<T: Copy> Answers<T> {
    /// The answer to `key`: the known one, or `work`'s.
    pub(super) fn get_or(&self, key: usize, work: impl FnOnce() -> T) -> T {
        if let Some(known) = self.0.borrow().get(&key) {
            return *known;
        }
        let answer = work();
        let mut answers = self.0.borrow_mut();
        if answers.capacity() == 0 {
            answers.reserve(FIRST_ROOM);
        }
        answers.insert(key, answer);
        answer
    }
}

/// The key of a static `thing` asked about, with a bit of the question's own.
pub(super) fn asked<T>(thing: &T, bit: bool) -> usize {
    (std::ptr::from_ref(thing) as usize) << 1 | usize::from(bit)
}

/// A command line and what is worked out from it, each part the first time a condition asks.
#[derive(Debug, Default)]
pub(super) struct CommandFacts {
    pub line: OnceCell<CommandLine>,
    pub accesses: OnceCell<Vec<Access>>,
    /// The paths each access of `accesses` stands for.
    pub access_paths: OnceCell<Vec<OnceCell<AccessPaths>>>,
    /// An archive is extracted whose members could not be read (then the call is read a second time, as for the
    /// commands the reader could not know).
    pub members_unknown: Cell<bool>,
    /// The first command each `runs` pattern matched.
    pub runs: Answers<Option<usize>>,
    /// Whether a command reads (writes) a path of each glob set.
    pub accesses_match: Answers<bool>,
}

/// The paths one access stands for, ready to match.
#[derive(Debug)]
pub(super) struct AccessPaths {
    /// Each path, and whether everything under it is reached too.
    pub candidates: Vec<(Candidate, bool)>,
    /// The paths are folders an archive whose members could not be read is extracted into: then a member in each
    /// of them (what any member would be, when the globs name everything in the folder).
    pub unknown_member: Option<Vec<Candidate>>,
}

/// The paths a path field names and whether each glob set matches them.
#[derive(Debug)]
pub(super) struct FieldFacts {
    pub paths: Rc<[Candidate]>,
    pub matches: Answers<bool>,
}

/// The facts kept by one thread of a backtest.
#[derive(Debug, Default)]
pub(crate) struct Memo {
    commands: RefCell<HashMap<String, Rc<CommandFacts>, Tables>>,
    fields: RefCell<HashMap<String, Rc<FieldFacts>, Tables>>,
}

/// The key of `text` in the folder `cwd` (as the payload gives it: the folder's places follow from it).
fn key(cwd: Option<&str>, text: &str) -> String {
    let cwd = cwd.unwrap_or_default();
    let mut key = String::with_capacity(cwd.len() + 1 + text.len());
    key.push_str(cwd);
    key.push('\0');
    key.push_str(text);
    key
}

impl Memo {
    /// The facts of `command` run in `cwd`, shared with the events before that ran it there.
    pub(super) fn command(&self, cwd: Option<&str>, command: &str) -> Rc<CommandFacts> {
        let key = key(cwd, command);
        let mut known = self.commands.borrow_mut();
        if let Some(facts) = known.get(&key) {
            return Rc::clone(facts);
        }
        if known.len() >= LIMIT {
            known.clear();
        }
        Rc::clone(known.entry(key).or_default())
    }

    /// The facts of a path field naming `path` in `cwd`: the known ones, or `resolve`'s.
    pub(super) fn field(
        &self,
        cwd: Option<&str>,
        path: &str,
        resolve: impl FnOnce() -> Rc<FieldFacts>,
    ) -> Rc<FieldFacts> {
        let key = key(cwd, path);
        if let Some(known) = self.fields.borrow().get(&key) {
            return Rc::clone(known);
        }
        let resolved = resolve();
        let mut known = self.fields.borrow_mut();
        if known.len() >= LIMIT {
            known.clear();
        }
        known.insert(key, Rc::clone(&resolved));
        resolved
    }
}
