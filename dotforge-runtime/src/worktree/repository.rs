//! Which git repository a path is in, as git finds it: the nearest folder above (or at) the path that holds `.git`
//! — a folder, or a file `gitdir: PATH` (a linked worktree or a submodule's checkout, whose git folder lives
//! elsewhere; `commondir` in it names the folder shared with the main worktree). Also what the repository's config
//! says that changes how its files are compared: the object format (SHA-1, or SHA-256) and `core.excludesFile`.

use std::path::{Path, PathBuf};

/// A repository a path is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Repository {
    /// The top of the work tree.
    pub work_tree: PathBuf,
    /// The git folder of this work tree (its `index`).
    pub git_dir: PathBuf,
    /// The folder shared by all worktrees (`config`, `info/exclude`).
    pub common_dir: PathBuf,
    /// `.git` is a folder in the work tree (deleting the work tree deletes the history), not a file pointing
    /// elsewhere.
    pub owns_history: bool,
}

/// Where a path stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// In the work tree of this repository.
    Repository(Repository),
    /// Inside a git folder itself (`.git/…`): not work.
    InGitDir,
    /// In no repository.
    Outside,
    /// A `.git` that cannot be followed (a broken `gitdir:` file).
    Unreadable(&'static str),
}

/// The repository `path` (absolute, normalized) is in, looking at `path` itself and the folders above it.
pub(crate) fn discover(path: &Path) -> Found {
    if path.components().any(|component| component.as_os_str() == ".git") {
        return Found::InGitDir;
    }
    for folder in path.ancestors() {
        let dot_git = folder.join(".git");
        let Ok(meta) = std::fs::symlink_metadata(&dot_git) else { continue };
        return if meta.is_dir() {
            if !dot_git.join("HEAD").exists() {
                continue; // not a git folder (a folder named .git that git would not use either)
            }
            let common_dir = common_dir_of(&dot_git);
            Found::Repository(Repository {
                work_tree: folder.to_path_buf(),
                git_dir: dot_git,
                common_dir,
                owns_history: true,
            })
        } else {
            match linked_git_dir(&dot_git) {
                Some(git_dir) => Found::Repository(Repository {
                    work_tree: folder.to_path_buf(),
                    common_dir: common_dir_of(&git_dir),
                    git_dir,
                    owns_history: false,
                }),
                None => Found::Unreadable("a .git file that names no git folder"),
            }
        };
    }
    Found::Outside
}

/// The git folder a `.git` file names (`gitdir: PATH`, relative to the file's folder).
fn linked_git_dir(dot_git: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(dot_git).ok()?;
    let named = text.lines().next()?.strip_prefix("gitdir:")?.trim();
    if named.is_empty() {
        return None;
    }
    let git_dir = dot_git.parent()?.join(named);
    git_dir.join("HEAD").exists().then_some(git_dir)
}

/// The common folder of a git folder: `commondir` names it (relative to the git folder), else the git folder itself.
fn common_dir_of(git_dir: &Path) -> PathBuf {
    match std::fs::read_to_string(git_dir.join("commondir")) {
        Ok(text) if !text.trim().is_empty() => git_dir.join(text.trim()),
        _ => git_dir.to_path_buf(),
    }
}

/// The value of `key` (lower case, e.g. `objectformat`) in `section` of a git config text, the last one winning;
/// `include`s are not followed.
pub(crate) fn config_value(text: &str, section: &str, key: &str) -> Option<String> {
    let mut in_section = false;
    let mut found = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(header) = line.strip_prefix('[') {
            let name = header.split([']', ' ', '"']).next().unwrap_or("");
            in_section = name.eq_ignore_ascii_case(section);
            continue;
        }
        if !in_section {
            continue;
        }
        let (name, value) = line.split_once('=').unwrap_or((line, "true"));
        if name.trim().eq_ignore_ascii_case(key) {
            let value = value.split([';', '#']).next().unwrap_or("").trim();
            found = Some(value.trim_matches('"').to_owned());
        }
    }
    found
}

/// The length of the repository's object ids: 32 for `extensions.objectFormat = sha256`, else 20.
pub(crate) fn object_id_len(repository: &Repository) -> usize {
    let config = std::fs::read_to_string(repository.common_dir.join("config")).unwrap_or_default();
    match config_value(&config, "extensions", "objectformat") {
        Some(format) if format.eq_ignore_ascii_case("sha256") => 32,
        _ => 20,
    }
}

/// The user's excludes file: `core.excludesFile` of the repository's, the user's or the XDG config (the last one
/// read wins, as git reads them system → user → repository), else `$XDG_CONFIG_HOME/git/ignore`.
pub(crate) fn excludes_file(repository: &Repository, home: Option<&Path>) -> Option<PathBuf> {
    let xdg = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| home.map(|home| home.join(".config")));
    let configs = [
        xdg.as_ref().map(|dir| dir.join("git/config")),
        home.map(|home| home.join(".gitconfig")),
        Some(repository.common_dir.join("config")),
    ];
    let mut named = None;
    for config in configs.into_iter().flatten() {
        if let Ok(text) = std::fs::read_to_string(&config) {
            if let Some(value) = config_value(&text, "core", "excludesfile") {
                named = Some(value);
            }
        }
    }
    match named {
        Some(value) => match (value.strip_prefix("~/"), home) {
            (Some(rest), Some(home)) => Some(home.join(rest)),
            (Some(_), None) => None,
            (None, _) => Some(PathBuf::from(value)),
        },
        None => xdg.map(|dir| dir.join("git/ignore")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worktree::test_repos::{git, scratch_repository};

    #[test]
    fn the_nearest_git_folder_or_file_is_the_repository() {
        let dir = scratch_repository("repository-find");
        std::fs::create_dir_all(dir.join("src/deep")).expect("folders");
        let Found::Repository(found) = discover(&dir.join("src/deep/missing.rs")) else { panic!("not found") };
        assert_eq!(found.work_tree, dir);
        assert!(found.owns_history);
        assert_eq!(discover(&dir.join(".git/index.lock")), Found::InGitDir);
        // A linked worktree: `.git` is a file, the index lives in the main repository's git folder.
        std::fs::write(dir.join("f"), "x").expect("a file");
        git(&dir, &["add", "f"]);
        git(&dir, &["commit", "-qm", "first"]);
        let linked = dir.with_file_name(format!("{}-linked", dir.file_name().expect("a name").to_string_lossy()));
        git(&dir, &["worktree", "add", "-q", linked.to_str().expect("utf-8"), "-b", "linked"]);
        let Found::Repository(found) = discover(&linked.join("f")) else { panic!("not found") };
        assert_eq!(found.work_tree, linked);
        assert!(!found.owns_history);
        assert!(found.git_dir.join("index").is_file());
        assert_eq!(std::fs::canonicalize(&found.common_dir).ok(), std::fs::canonicalize(dir.join(".git")).ok());
        std::fs::write(linked.join(".git"), "gitdir: /nowhere/at/all\n").expect("write");
        assert!(matches!(discover(&linked.join("f")), Found::Unreadable(_)));
        let _ = std::fs::remove_dir_all(&linked);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn config_values_are_read_as_git_reads_them() {
        let text = "[core]\n\tbare = false\n[extensions]\n\tobjectFormat = sha256 ; comment\n[Core]\n\texcludesFile = \"~/.ignore\"\n";
        assert_eq!(config_value(text, "extensions", "objectformat").as_deref(), Some("sha256"));
        assert_eq!(config_value(text, "core", "excludesfile").as_deref(), Some("~/.ignore"));
        assert_eq!(config_value(text, "core", "missing"), None);
    }
}
