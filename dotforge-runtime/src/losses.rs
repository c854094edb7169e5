//! What a tool call destroys that git could not bring back (`loses_work`, a DSL extension), and what it creates
//! (which this session may then delete freely). The paths come from the shell reader's [`dotforge_shell::losses`]
//! (a command line) or from the call's own record (`paths` deleted by a file tool); git's index and ignore rules are
//! read ([`crate::worktree`]) only when the call destroys a path that exists, and only once per event for the same
//! created paths.

use crate::paths::{self, Candidate, PathGlobs, Places};
use crate::worktree::repository::{self, Found};
use crate::worktree::{Destroyed, Limits, Scanner, Unsaved, Why};
use dotforge_shell::access::NameGlob;
use dotforge_shell::losses::{Effects, Reach};
use dotforge_shell::Word;
use std::cell::{OnceCell, RefCell};
use std::path::{Path, PathBuf};

/// At most this many paths a call creates are remembered (a command naming hundreds is not worth the state).
const MAX_CREATED_PER_CALL: usize = 32;

/// One path destroyed, resolved.
#[derive(Clone, Debug)]
pub(crate) struct DestroyedPath {
    pub path: PathBuf,
    pub tree: bool,
    pub only_named: Vec<NameGlob>,
    pub tracked_only: bool,
}

/// One scan: the globs it was for (their address), the created paths it excused, what it found.
type Scan = (usize, Vec<String>, Option<Unsaved>);

/// The per-event memory of losses and creations.
#[derive(Debug, Default)]
pub(crate) struct Losses {
    /// What the command line destroys and creates, read once.
    effects: OnceCell<Effects>,
    /// Each scan done.
    scans: RefCell<Vec<Scan>>,
    /// The finding of the last scan that found something, for the block message.
    shown: RefCell<Option<String>>,
    created: OnceCell<Vec<String>>,
}

impl Losses {
    /// What the command line destroys and creates.
    pub(crate) fn effects(&self, read: impl FnOnce() -> Effects) -> &Effects {
        self.effects.get_or_init(read)
    }

    /// The first path among `destroyed` (those the globs match) whose content git could not bring back and that is
    /// not among `created`; remembered per globs and created paths.
    pub(crate) fn first_unsaved(
        &self,
        destroyed: &[DestroyedPath],
        globs: &PathGlobs,
        places: &Places,
        created: &[String],
    ) -> Option<Unsaved> {
        let key = globs.include.as_ptr() as usize;
        if let Some((_, _, found)) =
            self.scans.borrow().iter().find(|(globs, excused, _)| *globs == key && excused.as_slice() == created)
        {
            if let Some(found) = found {
                *self.shown.borrow_mut() = Some(describe(found, places));
            }
            return found.clone();
        }
        let compiled = globs.compile(places);
        let created_paths: Vec<PathBuf> = created.iter().map(PathBuf::from).collect();
        let is_created = |path: &Path| created_paths.iter().any(|made| path.starts_with(made));
        let mut scanner = Scanner::new(Limits::default(), places.home.clone());
        let found = destroyed
            .iter()
            .filter(|destroyed| compiled.matches(&Candidate::new(&destroyed.path), destroyed.tree))
            .find_map(|destroyed| {
                let target = Destroyed {
                    path: &destroyed.path,
                    tree: destroyed.tree,
                    only_named: &destroyed.only_named,
                    tracked_only: destroyed.tracked_only,
                };
                scanner.first_unsaved(&target, &is_created)
            });
        if let Some(found) = &found {
            *self.shown.borrow_mut() = Some(describe(found, places));
        }
        self.scans.borrow_mut().push((key, created.to_vec(), found.clone()));
        found
    }

    /// The last finding, in words (`Would lose src/lib.rs (changed since it was staged)`); forgets it.
    pub(crate) fn take_shown(&self) -> Option<String> {
        self.shown.borrow_mut().take()
    }

    /// The paths the call creates, worked out once.
    pub(crate) fn created(&self, find: impl FnOnce() -> Vec<String>) -> &[String] {
        self.created.get_or_init(find)
    }
}

/// The start of the message line that names what would be lost.
pub(crate) const SHOWN_PREFIX: &str = "Would lose ";

/// A finding in words, its path relative to the project when inside it.
fn describe(found: &Unsaved, places: &Places) -> String {
    let why = match &found.why {
        Why::Changed => "changed since it was last staged or committed".to_owned(),
        Why::Untracked => "not tracked by git, not ignored".to_owned(),
        Why::NotStaged => "added with intent only; its content was never staged".to_owned(),
        Why::Conflicted => "in a merge conflict".to_owned(),
        Why::History => "a repository's history".to_owned(),
        Why::TooManyToCheck => "more files than the hook checks; not all could be looked at".to_owned(),
        Why::Unreadable(reason) => format!("the repository cannot be read: {reason}"),
    };
    let shown = places.project_dir.as_deref().and_then(|project| found.path.strip_prefix(project).ok());
    let shown = shown.filter(|relative| !relative.as_os_str().is_empty()).unwrap_or(&found.path);
    format!("{SHOWN_PREFIX}{} ({why})", shown.display())
}

/// The absolute paths a reach stands for: for a destination that is an existing folder, the entry inside it named
/// after each source (a whole tree when the source is a folder).
fn resolve_reach(reach: &Reach, places: &Places, dotglob: bool) -> Vec<(PathBuf, bool)> {
    let mut found = Vec::new();
    for path in paths::resolve(&reach.path, &reach.cwd, places, dotglob) {
        let into_folder = !reach.sources.is_empty() && std::fs::metadata(&path).is_ok_and(|meta| meta.is_dir());
        if !into_folder {
            found.push((path, reach.tree));
            continue;
        }
        for source in &reach.sources {
            let name = source.text.trim_end_matches('/').rsplit('/').next().unwrap_or("");
            if name.is_empty() || name == "." || name == ".." {
                found.push((path.clone(), true)); // the contents of a folder land in it: all of it is reached
                continue;
            }
            let source_is_folder = paths::resolve(source, &reach.cwd, places, dotglob)
                .first()
                .is_some_and(|source| std::fs::metadata(source).is_ok_and(|meta| meta.is_dir()));
            found.push((path.join(name), source_is_folder));
        }
    }
    found
}

/// The paths a command line destroys, resolved.
pub(crate) fn destroyed_by_command(effects: &Effects, places: &Places, dotglob: bool) -> Vec<DestroyedPath> {
    effects
        .losses
        .iter()
        .flat_map(|reach| {
            resolve_reach(reach, places, dotglob).into_iter().map(|(path, tree)| DestroyedPath {
                path,
                tree,
                only_named: reach.only_named.clone(),
                tracked_only: reach.tracked_only,
            })
        })
        .collect()
}

/// The paths a command line creates that do not exist yet (at most [`MAX_CREATED_PER_CALL`]).
pub(crate) fn missing_creations(effects: &Effects, places: &Places, dotglob: bool) -> Vec<String> {
    let resolved = effects.creations.iter().flat_map(|reach| {
        resolve_reach(reach, places, dotglob).into_iter().map(|(path, _)| (path, reach.makes_repository))
    });
    missing(resolved)
}

/// Those of `paths` that do not exist yet and lie in a git work tree — or become a repository themselves (the flag:
/// `git clone`, `git init DIR`) — at most [`MAX_CREATED_PER_CALL`], as text: outside a repository nothing is ever
/// asked about, so nothing there needs remembering (and the call then costs no state write).
pub(crate) fn missing(paths: impl Iterator<Item = (PathBuf, bool)>) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for (path, makes_repository) in paths {
        if found.len() >= MAX_CREATED_PER_CALL {
            break;
        }
        let gone =
            matches!(std::fs::symlink_metadata(&path), Err(error) if error.kind() == std::io::ErrorKind::NotFound);
        let text = path.to_string_lossy().into_owned();
        let kept = makes_repository || matches!(repository::discover(&path), Found::Repository(_));
        if gone && !found.contains(&text) && kept {
            found.push(text);
        }
    }
    found
}

/// A path of a file tool's record as a word to resolve.
pub(crate) fn word_of(path: &str) -> Word {
    Word { text: path.to_owned(), tilde: path.starts_with('~'), ..Word::default() }
}
