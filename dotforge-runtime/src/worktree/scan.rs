//! The walk behind `loses_work`: for each path a command destroys, the files under it (or the file itself) compared
//! with git's index as git compares them — stat data first, the blob's object id only when the stat data differs or
//! is too recent to trust — and the files git does not track checked against the ignore rules. The first file whose
//! content git could not bring back ends the walk: changed since it was staged, untracked and not ignored, staged
//! with intent only, in conflict, or a repository's own history (`.git` inside what is deleted).
//!
//! Bounded: at most [`Limits::entries`] files, folders and index entries looked at and [`Limits::hashed_bytes`]
//! hashed per event; past either the answer is [`Why::TooManyToCheck`] — the caller asks rather than guesses.

use super::ignore::{IgnoreFile, Verdict};
use super::index::{Entry, Index, IndexError};
use super::repository::{self, Found, Repository};
use dotforge_shell::access::NameGlob;
use std::fs::Metadata;
use std::io::Read;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// How much one event may look at.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// Files, folders and index entries.
    pub entries: usize,
    /// Bytes of file content hashed.
    pub hashed_bytes: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { entries: 100_000, hashed_bytes: 64 << 20 }
    }
}

/// Why a file's content could not be brought back by git.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Why {
    /// Tracked, and changed since it was staged.
    Changed,
    /// Neither tracked nor ignored.
    Untracked,
    /// Added with intent only (`git add -N`): its content was never staged.
    NotStaged,
    /// In a merge conflict.
    Conflicted,
    /// A repository's own git folder: its history and everything not pushed.
    History,
    /// More to look at than the limits allow.
    TooManyToCheck,
    /// The repository cannot be read (an index this reader does not follow, a broken `.git` file).
    Unreadable(&'static str),
}

/// The first file found whose loss git could not undo.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Unsaved {
    pub path: PathBuf,
    pub why: Why,
}

/// One path a command destroys, resolved.
#[derive(Clone, Debug)]
pub(crate) struct Destroyed<'a> {
    pub path: &'a Path,
    /// Everything under it too.
    pub tree: bool,
    /// Of the tree, only the entries with (or under a folder with) a name matching all of these.
    pub only_named: &'a [NameGlob],
    /// Only the files git tracks are destroyed (`git restore`, `git checkout -- PATH`): the index's entries under the
    /// path are compared, nothing else is walked.
    pub tracked_only: bool,
}

/// A repository read for the walk, shared by every path of the event inside it.
#[derive(Debug)]
pub(super) struct Loaded {
    pub(super) repository: Repository,
    pub(super) index: Result<Index, IndexError>,
    /// When the index was written (racily clean entries are hashed).
    index_mtime: (i64, i64),
    /// `info/exclude`, then the user's excludes file (lowest priority last).
    pub(super) global_rules: Vec<IgnoreFile>,
    id_len: usize,
}

impl Loaded {
    /// The repository's index and its ignore rules that do not live in the work tree.
    pub(super) fn read(repository: Repository, home: Option<&Path>) -> Loaded {
        let id_len = repository::object_id_len(&repository);
        let index_path = repository.git_dir.join("index");
        let (index, index_mtime) = match std::fs::read(&index_path) {
            Ok(bytes) => {
                let mtime = std::fs::metadata(&index_path).ok().map_or((i64::MAX, 0), |meta| mtime_of(&meta));
                (Index::parse(bytes, id_len), mtime)
            }
            // No index yet (nothing ever added): every file is untracked.
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                (Index::parse(empty_index(id_len), id_len), (i64::MAX, 0))
            }
            Err(_) => (Err(IndexError::Malformed("the index cannot be read")), (i64::MAX, 0)),
        };
        let mut global_rules = Vec::new();
        if let Ok(text) = std::fs::read(repository.common_dir.join("info/exclude")) {
            global_rules.push(IgnoreFile::parse(&text, b""));
        }
        if let Some(file) = repository::excludes_file(&repository, home) {
            if let Ok(text) = std::fs::read(file) {
                global_rules.push(IgnoreFile::parse(&text, b""));
            }
        }
        Loaded { repository, index, index_mtime, global_rules, id_len }
    }
}

/// Walks destroyed paths within the limits, reading each repository once.
#[derive(Debug)]
pub(crate) struct Scanner {
    entries_left: usize,
    bytes_left: u64,
    home: Option<PathBuf>,
    loaded: Vec<Rc<Loaded>>,
}

/// The ignore files in force at a folder: the deepest last.
pub(super) type RuleStack = Vec<Rc<IgnoreFile>>;

impl Scanner {
    pub(crate) fn new(limits: Limits, home: Option<PathBuf>) -> Scanner {
        Scanner { entries_left: limits.entries, bytes_left: limits.hashed_bytes, home, loaded: Vec::new() }
    }

    /// The first file under `destroyed` whose content git could not bring back and that `created` (this session
    /// made it) does not excuse; `None` when everything lost is ignored, unchanged, or the session's own.
    pub(crate) fn first_unsaved(
        &mut self,
        destroyed: &Destroyed<'_>,
        created: &dyn Fn(&Path) -> bool,
    ) -> Option<Unsaved> {
        let meta = std::fs::symlink_metadata(destroyed.path).ok()?; // nothing there: nothing lost
        let loaded = match repository::discover(destroyed.path) {
            Found::Repository(repository) => self.load(repository),
            Found::InGitDir if holds_history(destroyed.path) && !created(destroyed.path) => {
                return Some(Unsaved { path: destroyed.path.to_path_buf(), why: Why::History });
            }
            Found::Outside | Found::InGitDir => return None,
            Found::Unreadable(reason) => {
                return Some(Unsaved { path: destroyed.path.to_path_buf(), why: Why::Unreadable(reason) })
            }
        };
        let walk = Walk { scanner: self, loaded: &loaded, created, only_named: destroyed.only_named };
        walk.start(destroyed.path, &meta, destroyed.tree, destroyed.tracked_only)
    }

    fn load(&mut self, repository: Repository) -> Rc<Loaded> {
        if let Some(known) = self.loaded.iter().find(|loaded| loaded.repository.work_tree == repository.work_tree) {
            return Rc::clone(known);
        }
        let loaded = Rc::new(Loaded::read(repository, self.home.as_deref()));
        self.loaded.push(Rc::clone(&loaded));
        loaded
    }

    /// Counts one entry looked at; false once the limit is spent.
    fn spend_entry(&mut self) -> bool {
        if self.entries_left == 0 {
            return false;
        }
        self.entries_left -= 1;
        true
    }
}

/// The rules in force at the folder of `relative` (a path in `work_tree`), and whether a folder on the way is ignored
/// by `ignored` (then whatever git does not track below it is ignored too: the rules stop there).
pub(super) fn rules_down_to(
    work_tree: &Path,
    relative: &[u8],
    ignored: &dyn Fn(&RuleStack, &[u8]) -> bool,
) -> (RuleStack, bool) {
    let mut rules: RuleStack = Vec::new();
    push_rules(&mut rules, work_tree, b"");
    let components: Vec<&[u8]> =
        if relative.is_empty() { Vec::new() } else { relative.split(|&byte| byte == b'/').collect() };
    let mut folder: Vec<u8> = Vec::new();
    for component in components.iter().take(components.len().saturating_sub(1)) {
        folder = join(&folder, component);
        if ignored(&rules, &folder) {
            return (rules, true);
        }
        push_rules(&mut rules, &work_tree.join(String::from_utf8_lossy(&folder).as_ref()), &folder);
    }
    (rules, false)
}

/// Adds the `.gitignore` of `folder` (relative path `relative`) to the rules, when it has one.
pub(super) fn push_rules(rules: &mut RuleStack, folder: &Path, relative: &[u8]) -> bool {
    match std::fs::read(folder.join(".gitignore")) {
        Ok(text) => {
            let file = IgnoreFile::parse(&text, relative);
            if file.is_empty() {
                return false;
            }
            rules.push(Rc::new(file));
            true
        }
        Err(_) => false,
    }
}

/// Whether the rules ignore a path: the deepest file with a verdict decides, then `global` (`info/exclude` and the
/// user's excludes file).
pub(super) fn ignored_by(rules: &RuleStack, global: &[IgnoreFile], path: &[u8], is_folder: bool) -> bool {
    for file in rules.iter().rev().map(Rc::as_ref).chain(global) {
        match file.verdict(path, is_folder) {
            Verdict::Ignored => return true,
            Verdict::Included => return false,
            Verdict::Unmatched => {}
        }
    }
    false
}

/// Whether a path inside a git folder is where its history lives: the folder itself, its objects, refs, packed refs
/// or reflogs (deleting its index lock, hooks or config loses no commit).
fn holds_history(path: &Path) -> bool {
    let mut after = path.components().skip_while(|component| component.as_os_str() != ".git").skip(1);
    match after.next() {
        None => true,
        Some(first) => matches!(first.as_os_str().to_str(), Some("objects" | "refs" | "packed-refs" | "logs")),
    }
}

/// An empty index (version 2, no entries).
fn empty_index(id_len: usize) -> Vec<u8> {
    let mut bytes = b"DIRC\0\0\0\x02\0\0\0\0".to_vec();
    bytes.resize(bytes.len() + id_len, 0);
    bytes
}

fn mtime_of(meta: &Metadata) -> (i64, i64) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        (meta.mtime(), meta.mtime_nsec())
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        (i64::MAX, 0)
    }
}

/// Where a file is: its folder and name (its path is made only when needed), and its path in the work tree.
struct FilePlace<'p> {
    folder: &'p Path,
    name: &'p std::ffi::OsStr,
    relative: &'p [u8],
}

impl FilePlace<'_> {
    fn path(&self) -> PathBuf {
        self.folder.join(self.name)
    }
}

/// One destroyed path's walk.
struct Walk<'w> {
    scanner: &'w mut Scanner,
    loaded: &'w Loaded,
    created: &'w dyn Fn(&Path) -> bool,
    only_named: &'w [NameGlob],
}

/// A path's bytes relative to the work tree.
fn relative_bytes(path: &Path, work_tree: &Path) -> Option<Vec<u8>> {
    let relative = path.strip_prefix(work_tree).ok()?;
    Some(relative.to_string_lossy().into_owned().into_bytes())
}

fn join(folder: &[u8], name: &[u8]) -> Vec<u8> {
    if folder.is_empty() {
        return name.to_vec();
    }
    let mut path = Vec::with_capacity(folder.len() + 1 + name.len());
    path.extend_from_slice(folder);
    path.push(b'/');
    path.extend_from_slice(name);
    path
}

impl<'w> Walk<'w> {
    fn index(&self) -> Result<&'w Index, Why> {
        let loaded: &'w Loaded = self.loaded;
        match &loaded.index {
            Ok(index) => Ok(index),
            Err(IndexError::Malformed(reason) | IndexError::Unsupported(reason)) => Err(Why::Unreadable(reason)),
        }
    }

    fn found(&self, path: &Path, why: Why) -> Option<Unsaved> {
        Some(Unsaved { path: path.to_path_buf(), why })
    }

    /// Whether `name` is reached by the name filter (every glob matches it).
    fn named(&self, name: &[u8]) -> bool {
        let name = String::from_utf8_lossy(name);
        self.only_named.iter().all(|glob| glob.matches(&name))
    }

    fn start(mut self, path: &Path, meta: &Metadata, tree: bool, tracked_only: bool) -> Option<Unsaved> {
        let work_tree = self.loaded.repository.work_tree.clone();
        let relative = relative_bytes(path, &work_tree)?;
        if let Err(why) = self.index() {
            return self.found(path, why);
        }
        let name = relative.rsplit(|&byte| byte == b'/').next().filter(|name| !name.is_empty());
        let reached = self.only_named.is_empty() || name.is_some_and(|name| self.named(name));
        if tracked_only {
            return self.tracked_below(path, &relative, meta, tree, reached);
        }
        let (mut rules, ignored_above) =
            rules_down_to(&work_tree, &relative, &|rules, folder| self.ignored(rules, folder, true));
        if ignored_above {
            return self.tracked_below(path, &relative, meta, tree, reached);
        }
        if meta.is_dir() && tree {
            self.visit_folder(path, &relative, &mut rules, reached)
        } else if meta.is_dir() {
            None
        } else if reached {
            let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else { return None };
            let place = FilePlace { folder, name, relative: &relative };
            let everywhere = self.index().map_or(0..0, |index| 0..index.entry_count());
            self.visit_file(&place, meta, &rules, everywhere)
        } else {
            None
        }
    }

    fn push_rules(&mut self, rules: &mut RuleStack, folder: &Path, relative: &[u8]) -> bool {
        push_rules(rules, folder, relative)
    }

    fn ignored(&self, rules: &RuleStack, path: &[u8], is_folder: bool) -> bool {
        ignored_by(rules, &self.loaded.global_rules, path, is_folder)
    }

    /// Under an ignored folder only tracked files can hold work: each entry of the index there is compared.
    fn tracked_below(
        &mut self,
        path: &Path,
        relative: &[u8],
        meta: &Metadata,
        tree: bool,
        reached: bool,
    ) -> Option<Unsaved> {
        let index = match self.index() {
            Ok(index) => index,
            Err(why) => return self.found(path, why),
        };
        let work_tree = self.loaded.repository.work_tree.clone();
        let mut positions: Vec<usize> = index.find(relative).collect();
        if tree && meta.is_dir() {
            positions.extend(index.under(relative));
        }
        for position in positions {
            if !self.scanner.spend_entry() {
                return self.found(path, Why::TooManyToCheck);
            }
            let entry = index.entry(position);
            let below = entry.path.get(relative.len()..).unwrap_or(&[]);
            let named = reached || below.split(|&byte| byte == b'/').any(|name| self.named(name));
            if !named && !self.only_named.is_empty() {
                continue;
            }
            let file = work_tree.join(String::from_utf8_lossy(entry.path).as_ref());
            let Ok(meta) = std::fs::symlink_metadata(&file) else { continue };
            let (Some(folder), Some(name)) = (file.parent(), file.file_name()) else { continue };
            let place = FilePlace { folder, name, relative: entry.path };
            if let Some(why) = self.compare(&place, &entry, &meta) {
                if !(self.created)(&file) {
                    return self.found(&file, why);
                }
            }
        }
        None
    }

    /// A folder: its own repository when it holds one, its tracked files only when ignored, else each entry.
    fn visit_folder(&mut self, path: &Path, relative: &[u8], rules: &mut RuleStack, reached: bool) -> Option<Unsaved> {
        if !self.scanner.spend_entry() {
            return self.found(path, Why::TooManyToCheck);
        }
        if (self.created)(path) && (reached || self.only_named.is_empty()) {
            return None; // made by this session: all it holds came after
        }
        if !relative.is_empty() && self.ignored(rules, relative, true) {
            let meta = std::fs::symlink_metadata(path).ok()?;
            return self.tracked_below(path, relative, &meta, true, reached);
        }
        let Ok(listing) = std::fs::read_dir(path) else {
            return self.found(path, Why::Unreadable("a folder that cannot be listed"));
        };
        let mut children = Vec::new();
        for entry in listing.flatten() {
            if !self.scanner.spend_entry() {
                return self.found(path, Why::TooManyToCheck);
            }
            children.push(entry);
        }
        // A `.git` among the entries (seen in the listing, not looked up: one call fewer per folder).
        if let Some(dot_git) = children.iter().find(|child| child.file_name() == ".git") {
            let is_folder = dot_git.file_type().is_ok_and(|kind| kind.is_dir());
            if is_folder && (reached || self.only_named.is_empty()) {
                // The history itself goes: nothing but a remote can bring it back.
                return self.found(&dot_git.path(), Why::History);
            }
            if !relative.is_empty() {
                // A submodule's or another worktree's checkout: its own index says what it holds.
                let nested = Destroyed { path, tree: true, only_named: self.only_named, tracked_only: false };
                return self.scanner.first_unsaved(&nested, self.created);
            }
        }
        let pushed =
            children.iter().any(|child| child.file_name() == ".gitignore") && self.push_rules(rules, path, relative);
        // The index entries of this folder, found once: each file is then looked up among them only.
        let in_folder = match self.index() {
            Ok(index) => index.under(relative),
            Err(why) => return self.found(path, why),
        };
        let mut child_relative = relative.to_vec();
        if !child_relative.is_empty() {
            child_relative.push(b'/');
        }
        let base_len = child_relative.len();
        let mut result = None;
        for child in children {
            let name = child.file_name();
            let name_bytes = name.as_encoded_bytes();
            if relative.is_empty() && name_bytes == b".git" {
                continue;
            }
            child_relative.truncate(base_len);
            child_relative.extend_from_slice(name_bytes);
            let child_reached = reached || (!self.only_named.is_empty() && self.named(name_bytes));
            let Ok(file_type) = child.file_type() else { continue };
            let found = if file_type.is_dir() {
                let child_path = child.path();
                let child_relative = child_relative.clone();
                self.visit_folder(&child_path, &child_relative, rules, child_reached)
            } else if child_reached || self.only_named.is_empty() {
                match child.metadata() {
                    Ok(meta) => {
                        let place = FilePlace { folder: path, name: &name, relative: &child_relative };
                        self.visit_file(&place, &meta, rules, in_folder.clone())
                    }
                    Err(_) => None,
                }
            } else {
                None
            };
            if found.is_some() {
                result = found;
                break;
            }
        }
        if pushed {
            rules.pop();
        }
        result
    }

    /// A file (or a symbolic link): compared with its index entry when tracked (looked up among `candidates`, the
    /// entries of its folder), else checked against the rules.
    fn visit_file(
        &mut self,
        place: &FilePlace<'_>,
        meta: &Metadata,
        rules: &RuleStack,
        candidates: Range<usize>,
    ) -> Option<Unsaved> {
        let index = match self.index() {
            Ok(index) => index,
            Err(why) => return self.found(&place.path(), why),
        };
        let positions = index.find_among(candidates, place.relative);
        let why = if positions.is_empty() {
            if self.ignored(rules, place.relative, false) {
                return None;
            }
            Why::Untracked
        } else {
            positions.into_iter().find_map(|position| self.compare(place, &index.entry(position), meta))?
        };
        let path = place.path();
        if (self.created)(&path) {
            return None;
        }
        self.found(&path, why)
    }

    /// Whether a tracked file holds what its entry does not: `None` when unchanged.
    fn compare(&mut self, place: &FilePlace<'_>, entry: &Entry<'_>, meta: &Metadata) -> Option<Why> {
        if entry.intent_to_add {
            return Some(Why::NotStaged);
        }
        if entry.stage != 0 {
            return Some(Why::Conflicted);
        }
        if meta.is_dir() {
            return None; // a gitlink's checkout is walked as its own repository
        }
        if self.stat_matches(entry, meta) {
            return None;
        }
        let length = meta.len();
        if length > self.scanner.bytes_left {
            return Some(Why::TooManyToCheck);
        }
        self.scanner.bytes_left -= length;
        let Some(id) = blob_id(&place.path(), meta, self.loaded.id_len) else { return Some(Why::Changed) };
        (id != entry.object_id).then_some(Why::Changed)
    }

    /// git's stat comparison: what it recorded still describes the file, and the file was not written in the same
    /// instant as the index (a racily clean entry, which git hashes too).
    #[cfg(unix)]
    fn stat_matches(&self, entry: &Entry<'_>, meta: &Metadata) -> bool {
        use std::os::unix::fs::MetadataExt;
        let recorded = &entry.stat;
        let low = |value: u64| value as u32;
        let same_time = |(seconds, nanos): (u32, u32), actual_seconds: i64, actual_nanos: i64| {
            seconds == low(actual_seconds as u64) && (nanos == 0 || nanos == low(actual_nanos as u64))
        };
        let type_bits = recorded.mode & 0o170000;
        let kind_matches = match type_bits {
            0o120000 => meta.file_type().is_symlink(),
            0o100000 => meta.is_file() && (recorded.mode & 0o111 != 0) == (meta.mode() & 0o100 != 0),
            _ => false,
        };
        let (index_seconds, index_nanos) = self.loaded.index_mtime;
        let entry_seconds = i64::from(recorded.mtime.0);
        let racy = entry_seconds > index_seconds
            || (entry_seconds == index_seconds
                && (recorded.mtime.1 == 0 || i64::from(recorded.mtime.1) >= index_nanos));
        kind_matches
            && !racy
            && same_time(recorded.mtime, meta.mtime(), meta.mtime_nsec())
            && same_time(recorded.ctime, meta.ctime(), meta.ctime_nsec())
            && recorded.size == low(meta.len())
            && recorded.ino == low(meta.ino())
            && recorded.uid == meta.uid()
            && recorded.gid == meta.gid()
    }

    #[cfg(not(unix))]
    fn stat_matches(&self, _: &Entry<'_>, _: &Metadata) -> bool {
        false
    }
}

/// git's object id of a file's content as a blob (`blob <length>\0<content>`; a symbolic link's content is its
/// target), SHA-1 or SHA-256 as the repository uses.
fn blob_id(path: &Path, meta: &Metadata, id_len: usize) -> Option<Vec<u8>> {
    let content = if meta.file_type().is_symlink() {
        std::fs::read_link(path).ok()?.to_string_lossy().into_owned().into_bytes()
    } else {
        let mut content = Vec::with_capacity(meta.len() as usize);
        std::fs::File::open(path).ok()?.read_to_end(&mut content).ok()?;
        content
    };
    let header = format!("blob {}\0", content.len());
    if id_len == 32 {
        let mut hash = hmac_sha256::Hash::new();
        hash.update(header.as_bytes());
        hash.update(&content);
        Some(hash.finalize().to_vec())
    } else {
        let mut hash = sha1_smol::Sha1::new();
        hash.update(header.as_bytes());
        hash.update(&content);
        Some(hash.digest().bytes().to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worktree::test_repos::{git, scratch_repository};

    /// A repository with a committed tree, an ignored build folder and its index refreshed after the files were
    /// written (so that no entry is racily clean, as in a repository worked in for a while).
    fn committed(name: &str) -> PathBuf {
        let dir = scratch_repository(name);
        for (path, text) in [
            (".gitignore", "target/\n*.log\nnode_modules\n"),
            ("src/lib.rs", "pub fn f() {}\n"),
            ("src/nested/mod.rs", "mod x;\n"),
            ("docs/guide.md", "# guide\n"),
            ("target/keep.txt", "force-added\n"),
        ] {
            write(&dir, path, text);
        }
        git(&dir, &["add", "-A"]);
        git(&dir, &["add", "-f", "target/keep.txt"]);
        git(&dir, &["commit", "-qm", "first"]);
        std::thread::sleep(std::time::Duration::from_millis(20));
        git(&dir, &["update-index", "--really-refresh"]);
        for (path, text) in [("target/debug/app", "binary"), ("src/build.log", "log"), ("node_modules/x/i.js", "x")] {
            write(&dir, path, text);
        }
        dir
    }

    fn write(dir: &Path, path: &str, text: &str) {
        let file = dir.join(path);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("folders");
        std::fs::write(file, text).expect("a file");
    }

    fn unsaved_in(dir: &Path, path: &str, tree: bool, created: &[&str]) -> Option<(String, Why)> {
        first_unsaved_in(dir, path, tree, created, false)
    }

    /// What restoring `path` from git (its tracked files only) would lose.
    fn restore_loses(dir: &Path, path: &str) -> Option<(String, Why)> {
        first_unsaved_in(dir, path, true, &[], true)
    }

    fn first_unsaved_in(
        dir: &Path,
        path: &str,
        tree: bool,
        created: &[&str],
        tracked_only: bool,
    ) -> Option<(String, Why)> {
        let created: Vec<PathBuf> = created.iter().map(|path| dir.join(path)).collect();
        let is_created = |path: &Path| created.iter().any(|made| path.starts_with(made));
        let mut scanner = Scanner::new(Limits::default(), Some(dir.to_path_buf()));
        let destroyed = Destroyed { path: &dir.join(path), tree, only_named: &[], tracked_only };
        let found = scanner.first_unsaved(&destroyed, &is_created)?;
        let shown = found.path.strip_prefix(dir).map_or(found.path.clone(), Path::to_path_buf);
        Some((shown.display().to_string(), found.why))
    }

    #[test]
    fn committed_unchanged_and_ignored_files_hold_nothing_to_lose() {
        let dir = committed("scan-clean");
        assert_eq!(unsaved_in(&dir, "src", true, &[]), None);
        assert_eq!(unsaved_in(&dir, "target", true, &[]), None, "ignored, with a tracked file unchanged");
        assert_eq!(unsaved_in(&dir, "node_modules", true, &[]), None);
        assert_eq!(unsaved_in(&dir, "src/build.log", false, &[]), None);
        assert_eq!(unsaved_in(&dir, "missing", true, &[]), None, "nothing there");
        assert_eq!(unsaved_in(&dir, ".git/index.lock", false, &[]), None, "the git folder is not work");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn changed_untracked_and_intended_files_are_work_git_cannot_bring_back() {
        let dir = committed("scan-work");
        write(&dir, "src/nested/mod.rs", "mod y;\n");
        assert_eq!(unsaved_in(&dir, "src", true, &[]), Some(("src/nested/mod.rs".into(), Why::Changed)));
        assert_eq!(unsaved_in(&dir, "src/nested/mod.rs", false, &[]), Some(("src/nested/mod.rs".into(), Why::Changed)));
        assert_eq!(unsaved_in(&dir, "src/lib.rs", false, &[]), None);
        write(&dir, "docs/draft.md", "draft");
        assert_eq!(unsaved_in(&dir, "docs", true, &[]), Some(("docs/draft.md".into(), Why::Untracked)));
        write(&dir, "target/keep.txt", "changed in an ignored folder");
        assert_eq!(unsaved_in(&dir, "target", true, &[]), Some(("target/keep.txt".into(), Why::Changed)));
        write(&dir, "notes.txt", "n");
        git(&dir, &["add", "-N", "notes.txt"]);
        assert_eq!(unsaved_in(&dir, "notes.txt", false, &[]), Some(("notes.txt".into(), Why::NotStaged)));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn restoring_from_git_loses_only_the_changes_of_tracked_files() {
        let dir = committed("scan-restore");
        write(&dir, "docs/draft.md", "an untracked draft: a restore leaves it");
        write(&dir, "src/new.rs", "untracked too");
        assert_eq!(restore_loses(&dir, "."), None, "no tracked file changed");
        assert_eq!(restore_loses(&dir, "docs"), None);
        assert_eq!(restore_loses(&dir, "src/lib.rs"), None);
        write(&dir, "src/nested/mod.rs", "mod y;\n");
        assert_eq!(restore_loses(&dir, "."), Some(("src/nested/mod.rs".into(), Why::Changed)));
        assert_eq!(restore_loses(&dir, "src"), Some(("src/nested/mod.rs".into(), Why::Changed)));
        assert_eq!(restore_loses(&dir, "src/nested/mod.rs"), Some(("src/nested/mod.rs".into(), Why::Changed)));
        assert_eq!(restore_loses(&dir, "docs"), None);
        write(&dir, "target/keep.txt", "changed, in an ignored folder");
        assert_eq!(restore_loses(&dir, "target"), Some(("target/keep.txt".into(), Why::Changed)));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_change_that_keeps_size_and_second_is_still_found() {
        let dir = committed("scan-racy");
        // Same length, written at once: only the content (or nanoseconds) tells.
        write(&dir, "src/lib.rs", "pub fn g() {}\n");
        assert_eq!(unsaved_in(&dir, "src/lib.rs", false, &[]), Some(("src/lib.rs".into(), Why::Changed)));
        // Touched but unchanged: the stat data differs, the content does not.
        write(&dir, "docs/guide.md", "# guide\n");
        assert_eq!(unsaved_in(&dir, "docs", true, &[]), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn what_this_session_created_is_its_own_to_delete() {
        let dir = committed("scan-created");
        write(&dir, "scratch/a.txt", "a");
        write(&dir, "src/new.rs", "new");
        assert_eq!(unsaved_in(&dir, "scratch", true, &["scratch"]), None);
        assert_eq!(unsaved_in(&dir, "src", true, &["src/new.rs"]), None);
        assert_eq!(unsaved_in(&dir, "src", true, &[]), Some(("src/new.rs".into(), Why::Untracked)));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_repository_inside_what_is_deleted_is_history() {
        let dir = committed("scan-nested");
        std::fs::create_dir_all(dir.join("vendor/lib")).expect("folder");
        git(&dir.join("vendor/lib"), &["init", "-q"]);
        assert_eq!(unsaved_in(&dir, "vendor", true, &[]), Some(("vendor/lib/.git".into(), Why::History)));
        assert_eq!(unsaved_in(&dir, "", true, &[]).map(|found| found.1), Some(Why::History), "the project itself");
        assert_eq!(unsaved_in(&dir, ".git", true, &[]).map(|found| found.1), Some(Why::History), "its git folder");
        assert_eq!(unsaved_in(&dir, ".git/objects", true, &[]).map(|found| found.1), Some(Why::History));
        assert_eq!(unsaved_in(&dir, ".git/refs/heads", true, &[]).map(|found| found.1), Some(Why::History));
        assert_eq!(unsaved_in(&dir, ".git/hooks", true, &[]), None, "no commit lives in the hooks");
        assert_eq!(unsaved_in(&dir, ".git", true, &[".git"]), None, "a repository this session made");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_linked_worktree_is_read_through_its_git_file() {
        let dir = committed("scan-linked");
        let linked = dir.with_file_name(format!("{}-linked", dir.file_name().expect("a name").to_string_lossy()));
        git(&dir, &["worktree", "add", "-q", linked.to_str().expect("utf-8"), "-b", "linked"]);
        std::thread::sleep(std::time::Duration::from_millis(20));
        git(&linked, &["update-index", "--really-refresh"]);
        assert_eq!(unsaved_in(&linked, "src", true, &[]), None);
        write(&linked, "src/lib.rs", "changed in the linked worktree\n");
        assert_eq!(unsaved_in(&linked, "src", true, &[]), Some(("src/lib.rs".into(), Why::Changed)));
        let _ = std::fs::remove_dir_all(&linked);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_name_filter_reaches_only_what_it_names() {
        let dir = committed("scan-named");
        write(&dir, "src/a.rs.orig", "backup");
        write(&dir, "docs/draft.md", "draft");
        let names = [NameGlob { glob: "*.orig".into(), ignore_case: false }];
        let mut scanner = Scanner::new(Limits::default(), None);
        let root = Destroyed { path: &dir, tree: true, only_named: &names, tracked_only: false };
        let found = scanner.first_unsaved(&root, &|_| false).map(|found| found.path);
        assert_eq!(found, Some(dir.join("src/a.rs.orig")), "the untracked .orig, not docs/draft.md");
        std::fs::remove_file(dir.join("src/a.rs.orig")).expect("remove");
        assert_eq!(scanner.first_unsaved(&root, &|_| false), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn past_the_limits_the_answer_is_to_ask() {
        let dir = committed("scan-limits");
        let mut scanner = Scanner::new(Limits { entries: 3, hashed_bytes: 1 << 20 }, None);
        let destroyed = Destroyed { path: &dir.join("src"), tree: true, only_named: &[], tracked_only: false };
        assert_eq!(scanner.first_unsaved(&destroyed, &|_| false).map(|found| found.why), Some(Why::TooManyToCheck));
        write(&dir, "src/lib.rs", "pub fn changed_and_longer() {}\n");
        let mut scanner = Scanner::new(Limits { entries: 1000, hashed_bytes: 4 }, None);
        assert_eq!(scanner.first_unsaved(&destroyed, &|_| false).map(|found| found.why), Some(Why::TooManyToCheck));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn outside_any_repository_there_is_nothing_git_could_say() {
        let dir = std::env::temp_dir().join(format!("dotforge-worktree-outside-{}", std::process::id()));
        write(&dir, "a.txt", "a");
        assert_eq!(unsaved_in(&dir, "a.txt", false, &[]), None);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
