//! The paths a command names as what it writes: each as written, whether everything under it is reached too, and,
//! for a tool that finds its project by itself (cargo), the project root the path is relative to.

use crate::lexer::Word;

/// How a tool finds the project root its output goes under (cargo: the folder of the package's or the workspace's
/// `Cargo.toml`, where `target/` is).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ProjectRoot {
    /// Where the search starts, as written, relative to the working directory (`.` for the directory itself).
    pub start: String,
    /// The file that marks a root. Every folder from `start` up that holds one counts, as a workspace's root may sit
    /// above the package's — unless `nearest`.
    pub marker: &'static str,
    /// Only the first folder from `start` up that holds the marker: the package itself (what `cargo add` or
    /// `cargo fmt` edits), not a workspace around it.
    pub nearest: bool,
}

/// A glob on an entry's name (`find -name`, or `-iname` ignoring case: then the glob is in lower case).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct NameGlob {
    /// `*` and `?` within the name.
    pub glob: String,
    /// Letters match in either case.
    pub ignore_case: bool,
}

impl NameGlob {
    /// Whether an entry's name matches.
    pub fn matches(&self, name: &str) -> bool {
        if self.ignore_case {
            crate::pattern::glob_matches(&self.glob, &name.to_lowercase())
        } else {
            crate::pattern::glob_matches(&self.glob, name)
        }
    }
}

/// One path a command writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Target {
    /// The path as the command names it.
    pub path: Word,
    /// Everything under the path is reached too (deleting, moving or re-permissioning a folder).
    pub tree: bool,
    /// Set for a path a tool puts under a project root it finds by itself: the path is relative to that root.
    pub project_root: Option<ProjectRoot>,
    /// Of the tree, only entries whose names match all of these globs are written (`find . -name '*.pyc' -delete`).
    pub only_named: Vec<NameGlob>,
    /// Of the tree, only entries at most this many levels below the path are written (`find -maxdepth N`).
    pub max_depth: Option<u32>,
    /// What lands in the path when it is a folder that exists (`cp /etc/hosts .` writes `./hosts`); `None` when
    /// that cannot be known (the whole tree is written).
    pub lands_as: Option<Landing>,
}

/// What a command puts inside a folder it writes into, in place of the whole folder.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Landing {
    /// A copy's, move's, link's or download's sources: each lands under its own name.
    Sources(Vec<Word>),
    /// An archive extracted into the folder: its members land there, under their names in it — read from the
    /// archive when the hook runs; a folder whose archive cannot be read then is only possibly written.
    Members(Word),
    /// `git clean`: of what is under the path, only what git does not track goes, as the options say — read from
    /// the index and the ignore rules when the hook runs.
    Untracked(Clean),
}

/// Which files `git clean` removes.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Clean {
    /// Untracked folders are entered (`-d`, or a path given): with `-x`, or `-X` for an ignored one, removed whole.
    pub folders: bool,
    /// What becomes of the files the ignore rules name.
    pub ignored: IgnoredFiles,
    /// `-f` given twice: a nested repository goes too.
    pub nested: bool,
    /// `-e PATTERN`: ignore rules of the highest priority (the only ones with `-x`).
    pub excludes: Vec<String>,
}

/// Which untracked files `git clean` removes, by the ignore rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum IgnoredFiles {
    /// Only those not ignored (neither `-x` nor `-X`).
    Kept,
    /// All but those `-e` names (`-x`).
    Removed,
    /// Only the ignored ones (`-X`).
    Only,
}

/// Paths a command writes.
pub(crate) type Writes = Vec<Target>;

impl Target {
    /// A path relative to the working directory (or absolute): a single file, or a whole tree (`tree`).
    pub(crate) fn new(path: Word, tree: bool) -> Target {
        Target { path, tree, project_root: None, only_named: Vec::new(), max_depth: None, lands_as: None }
    }
}

/// `paths` as written: each a whole tree (`tree`) or a single file.
pub(crate) fn as_written(paths: impl IntoIterator<Item = Word>, tree: bool) -> Writes {
    paths.into_iter().map(|path| Target::new(path, tree)).collect()
}

/// The path `below` inside the folder a word names, keeping what the word knows (`~`, variables, quoting).
pub(crate) fn inside(folder: &Word, below: &str) -> Word {
    let text = format!("{}/{below}", folder.text.trim_end_matches('/')).trim_end_matches('/').to_owned();
    Word { text, ..folder.clone() }
}
