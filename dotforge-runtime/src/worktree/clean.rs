//! What `git clean` removes under a path, as git decides it: the files the index does not hold, those the ignore
//! rules name kept (neither `-x` nor `-X`), removed too (`-x`: only `-e` patterns keep a file) or the only ones removed
//! (`-X`); an untracked folder entered only with `-d` or a path given, and removed whole with `-x` (or, ignored, with
//! `-X`); a nested repository only with `-f` twice. So `git clean -fd` in a project whose `.forge/runtime` is ignored
//! and whose audit trail is committed removes neither.
//!
//! Bounded as the `loses_work` walk is: past [`Limits::entries`] entries the answer is not known.

use super::ignore::{IgnoreFile, Verdict};
use super::index::Index;
use super::repository::{self, Found};
use super::scan::{ignored_by, push_rules, rules_down_to, Limits, Loaded, RuleStack};
use dotforge_shell::access::{Clean, IgnoredFiles};
use std::path::{Path, PathBuf};

/// The paths `git clean` would remove under `start` (absolute, normalized), each with whether it goes whole; `None`
/// when that cannot be known within the limits (an index this reader does not follow, too many entries).
pub(crate) fn removed(
    start: &Path,
    clean: &Clean,
    home: Option<&Path>,
    limits: Limits,
) -> Option<Vec<(PathBuf, bool)>> {
    let Ok(meta) = std::fs::symlink_metadata(start) else { return Some(Vec::new()) }; // nothing there
    let repository = match repository::discover(start) {
        Found::Repository(repository) => repository,
        // git refuses to clean outside a work tree.
        Found::Outside | Found::InGitDir => return Some(Vec::new()),
        Found::Unreadable(_) => return None,
    };
    let loaded = Loaded::read(repository, home);
    let index = loaded.index.as_ref().ok()?;
    let work_tree = loaded.repository.work_tree.clone();
    let relative = start.strip_prefix(&work_tree).ok()?.to_string_lossy().into_owned().into_bytes();
    let excludes = IgnoreFile::parse(clean.excludes.join("\n").as_bytes(), b"");
    let mut walk = Walk { clean, index, loaded: &loaded, excludes, found: Vec::new(), entries_left: limits.entries };
    // The rules in force at the start, and whether a folder above it is ignored (then so is all below it).
    let (mut rules, ignored_above) =
        rules_down_to(&work_tree, &relative, &|rules, folder| walk.ignored(rules, folder, true));
    walk.visit(start, &relative, meta.is_dir(), ignored_above, &mut rules)?;
    Some(walk.found)
}

struct Walk<'w> {
    clean: &'w Clean,
    index: &'w Index,
    loaded: &'w Loaded,
    excludes: IgnoreFile,
    found: Vec<(PathBuf, bool)>,
    entries_left: usize,
}

impl Walk<'_> {
    /// Whether the ignore rules name a path: `-e` patterns first, then (unless `-x`) the standard rules.
    fn ignored(&self, rules: &RuleStack, path: &[u8], is_folder: bool) -> bool {
        match self.excludes.verdict(path, is_folder) {
            Verdict::Ignored => true,
            Verdict::Included => false,
            Verdict::Unmatched if self.clean.ignored == IgnoredFiles::Removed => false,
            Verdict::Unmatched => ignored_by(rules, &self.loaded.global_rules, path, is_folder),
        }
    }

    /// One entry: kept, removed (whole, for a folder), or entered.
    fn visit(
        &mut self,
        path: &Path,
        relative: &[u8],
        is_folder: bool,
        ignored_above: bool,
        rules: &mut RuleStack,
    ) -> Option<()> {
        if self.entries_left == 0 {
            return None;
        }
        self.entries_left -= 1;
        let tracked_below = relative.is_empty() || !self.index.under(relative).is_empty();
        if !self.index.find(relative).is_empty() && !tracked_below {
            return Some(()); // a tracked file, or a submodule's checkout
        }
        // An ignored folder's files are ignored too, tracked folder or not (git cannot re-include below it).
        let ignored = ignored_above || (!relative.is_empty() && self.ignored(rules, relative, is_folder));
        if is_folder && tracked_below {
            return self.enter(path, relative, ignored, rules);
        }
        let mode = self.clean.ignored;
        if !is_folder {
            if ignored == (mode == IgnoredFiles::Only) {
                self.found.push((path.to_path_buf(), false));
            }
            return Some(());
        }
        if path.join(".git").exists() {
            // Another repository: its history goes only when asked twice.
            if self.clean.nested && self.clean.folders && ignored == (mode == IgnoredFiles::Only) {
                self.found.push((path.to_path_buf(), true));
            }
            return Some(());
        }
        match (mode, ignored) {
            (IgnoredFiles::Kept, false) if self.clean.folders => self.enter(path, relative, false, rules)?,
            (IgnoredFiles::Removed, false) | (IgnoredFiles::Only, true) if self.clean.folders => {
                self.found.push((path.to_path_buf(), true));
            }
            (IgnoredFiles::Only, false) => self.enter(path, relative, false, rules)?,
            _ => {}
        }
        Some(())
    }

    /// A folder's entries, each visited (`ignored`: the folder is).
    fn enter(&mut self, path: &Path, relative: &[u8], ignored: bool, rules: &mut RuleStack) -> Option<()> {
        let listing = std::fs::read_dir(path).ok()?;
        let pushed = push_rules(rules, path, relative);
        let mut outcome = Some(());
        for entry in listing.flatten() {
            let name = entry.file_name();
            if name == ".git" {
                continue;
            }
            let name = name.as_encoded_bytes();
            let child = if relative.is_empty() { name.to_vec() } else { [relative, b"/", name].concat() };
            let is_folder = entry.file_type().is_ok_and(|kind| kind.is_dir());
            outcome = self.visit(&entry.path(), &child, is_folder, ignored, rules);
            if outcome.is_none() {
                break;
            }
        }
        if pushed {
            rules.pop();
        }
        outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worktree::test_repos::{git, scratch_repository};

    /// A repository whose `git clean -n` output, with each set of options below, was read from git 2.x and written
    /// down as the expected answers: tracked `t/a`; untracked `t/new`, `topnew`, `u/f`, `u/sub/s`; ignored `t/x.log`, `top.log`, `u/k.log`,
    /// `ign/z`; a nested repository `nested/`.
    fn repository(name: &str) -> PathBuf {
        let dir = scratch_repository(name);
        std::fs::write(dir.join(".gitignore"), "ign/\n*.log\n").expect("ignore");
        std::fs::create_dir_all(dir.join("t")).expect("t");
        std::fs::write(dir.join("t/a"), "a").expect("t/a");
        git(&dir, &["add", "-A"]);
        git(&dir, &["commit", "-qm", "first"]);
        for path in ["t/new", "topnew", "u/f", "u/sub/s", "t/x.log", "top.log", "u/k.log", "ign/z", "nested/n"] {
            let file = dir.join(path);
            std::fs::create_dir_all(file.parent().expect("a folder")).expect("folders");
            std::fs::write(file, "x").expect("a file");
        }
        git(&dir.join("nested"), &["init", "-q"]);
        dir
    }

    fn clean(flags: &str, excludes: &[&str]) -> Clean {
        let ignored = if flags.contains('x') {
            IgnoredFiles::Removed
        } else if flags.contains('X') {
            IgnoredFiles::Only
        } else {
            IgnoredFiles::Kept
        };
        let excludes = excludes.iter().map(|pattern| (*pattern).to_owned()).collect();
        Clean { folders: flags.contains('d'), ignored, nested: flags.matches('f').count() > 1, excludes }
    }

    fn shown(dir: &Path, start: &str, clean: &Clean) -> Vec<String> {
        let found = removed(&dir.join(start), clean, None, Limits::default()).expect("known");
        let mut shown: Vec<String> = found
            .iter()
            .map(|(path, whole)| {
                let relative = path.strip_prefix(dir).expect("inside").display().to_string();
                if *whole {
                    format!("{relative}/")
                } else {
                    relative
                }
            })
            .collect();
        shown.sort();
        shown
    }

    #[test]
    fn git_clean_removes_what_git_says_it_would() {
        let dir = repository("clean");
        assert_eq!(shown(&dir, "", &clean("f", &[])), ["t/new", "topnew"]);
        // -d enters untracked folders and keeps what is ignored in them.
        assert_eq!(shown(&dir, "", &clean("fd", &[])), ["t/new", "topnew", "u/f", "u/sub/s"]);
        assert_eq!(shown(&dir, "", &clean("fX", &[])), ["t/x.log", "top.log", "u/k.log"]);
        assert_eq!(shown(&dir, "", &clean("fdX", &[])), ["ign/", "t/x.log", "top.log", "u/k.log"]);
        assert_eq!(shown(&dir, "", &clean("fx", &[])), ["t/new", "t/x.log", "top.log", "topnew"]);
        assert_eq!(shown(&dir, "", &clean("fdx", &[])), ["ign/", "t/new", "t/x.log", "top.log", "topnew", "u/"]);
        assert_eq!(shown(&dir, "", &clean("fdx", &["ign"])), ["t/new", "t/x.log", "top.log", "topnew", "u/"]);
        assert_eq!(
            shown(&dir, "", &clean("ffdx", &[])),
            ["ign/", "nested/", "t/new", "t/x.log", "top.log", "topnew", "u/"]
        );
        // From a folder (the working directory, or a path given), only what is under it.
        assert_eq!(shown(&dir, "t", &clean("fdx", &[])), ["t/new", "t/x.log"]);
        assert_eq!(shown(&dir, "ign", &Clean { folders: true, ..clean("fX", &[]) }), ["ign/"]);
        assert_eq!(shown(&dir, "ign", &Clean { folders: true, ..clean("f", &[]) }), Vec::<String>::new());
        assert_eq!(shown(&dir, "t/a", &clean("fdx", &[])), Vec::<String>::new(), "a tracked file stays");
        // A pattern that names a tracked folder keeps what is untracked in it.
        assert_eq!(shown(&dir, "", &clean("fdx", &["t"])), ["ign/", "top.log", "topnew", "u/"]);
        std::fs::write(dir.join(".gitignore"), "ign/\n*.log\nt/\n").expect("ignore");
        assert_eq!(shown(&dir, "", &clean("fd", &[])), ["topnew", "u/f", "u/sub/s"], "t/ ignored");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn past_the_limits_what_git_clean_removes_is_not_known() {
        let dir = repository("clean-limits");
        assert_eq!(removed(&dir, &clean("fd", &[]), None, Limits { entries: 3, hashed_bytes: 0 }), None);
        let outside = std::env::temp_dir().join(format!("dotforge-clean-outside-{}", std::process::id()));
        std::fs::create_dir_all(&outside).expect("a folder");
        assert_eq!(removed(&outside, &clean("fdx", &[]), None, Limits::default()), Some(Vec::new()), "git refuses");
        let _ = std::fs::remove_dir_all(&dir);
        let _ = std::fs::remove_dir_all(&outside);
    }
}
