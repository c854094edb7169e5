//! The absolute paths a command's words stand for: `~` and the variables the hook knows expanded, globs expanded
//! against the file system as bash will do, relative paths joined to the directory the command runs in or to the
//! project root a tool finds by itself.

use super::archive;
use super::globs::{components_of, Places};
use crate::worktree;
use dotforge_shell::access::{Access, Landing};
use dotforge_shell::pattern::glob_matches;
use dotforge_shell::{normalize, Cwd, ProjectRoot, Word, GIT_TOPLEVEL};
use std::path::{Path, PathBuf};

/// The absolute paths a word stands for, in the directory `cwd`: `~` and known variables expanded, globs expanded
/// against the file system (as bash will do), relative paths joined to the directory. Empty when it cannot be known.
pub(crate) fn resolve(word: &Word, cwd: &Cwd, places: &Places, dotglob: bool) -> Vec<PathBuf> {
    let mut text = word.text.clone();
    let variables = [
        ("HOME", places.home.as_deref()),
        ("CLAUDE_PROJECT_DIR", places.project_dir.as_deref()),
        (
            "PWD",
            match cwd {
                Cwd::Known(dir) => Some(dir.as_path()),
                Cwd::Unknown => None,
            },
        ),
    ];
    let has_variables = text.contains('$');
    for (name, value) in variables.into_iter().filter(|_| has_variables) {
        if let Some(value) = value {
            let value = value.to_string_lossy();
            text = text.replace(&format!("${{{name}}}"), &value).replace(&format!("${name}"), &value);
        }
    }
    if has_variables && text.contains(GIT_TOPLEVEL) {
        match git_toplevel(cwd, places) {
            Some(top) => text = text.replace(GIT_TOPLEVEL, &top.to_string_lossy()),
            None => return Vec::new(),
        }
    }
    if text.contains('$') || text.contains('`') {
        return a_home_by_its_name(word, &text, cwd, places).into_iter().collect();
    }
    if word.tilde || text.starts_with('~') {
        match (text.strip_prefix('~'), places.home.as_deref()) {
            // `~+` is the working directory.
            (Some(rest), _) if rest.starts_with('+') && (rest.len() == 1 || rest[1..].starts_with('/')) => {
                text = format!(".{}", &rest[1..]);
            }
            (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
                text = format!("{}{rest}", home.display());
            }
            // `~NAME`: that user's home (`rm -rf ~dev` is the home when `dev` is its user).
            (Some(rest), home) => {
                let (name, below) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
                match user_home(name, home) {
                    Some(dir) => text = format!("{}{below}", dir.display()),
                    None => return Vec::new(),
                }
            }
            _ => return Vec::new(),
        }
    }
    let path = if text.starts_with('/') {
        PathBuf::from(&text)
    } else {
        match cwd {
            Cwd::Known(dir) => match &places.cwd {
                Some(base) if dir.is_relative() => base.join(dir).join(&text),
                _ => dir.join(&text),
            },
            Cwd::Unknown => return Vec::new(),
        }
    };
    let path = normalize(&path);
    if word.glob && text.contains(['*', '?', '[']) {
        let expanded = expand_on_disk(&path, dotglob);
        if !expanded.is_empty() {
            return expanded;
        }
    }
    vec![path]
}

/// The home folder of the user `name`: the running user's home when the name is theirs (`USER`, or the home's own
/// name), else the password file's entry.
fn user_home(name: &str, home: Option<&Path>) -> Option<PathBuf> {
    if name.is_empty() || !name.bytes().all(|byte| byte.is_ascii_alphanumeric() || b"._-".contains(&byte)) {
        return None;
    }
    if let Some(home) = home {
        let own = std::env::var("USER").is_ok_and(|user| user == name)
            || home.file_name().is_some_and(|folder| folder == name);
        if own {
            return Some(home.to_path_buf());
        }
    }
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.len() > 5 && fields[0] == name).then(|| PathBuf::from(fields[5]))
    })
}

/// The home, for a path that names a folder beside it by a name that cannot be known (`~/../"$USER"`,
/// `/home/$LOGNAME/`): that name may be the home's own. `None` for any other path that cannot be known.
fn a_home_by_its_name(word: &Word, text: &str, cwd: &Cwd, places: &Places) -> Option<PathBuf> {
    let home = places.home.as_deref()?;
    let (folder, name) = text.trim_end_matches('/').rsplit_once('/')?;
    let variable =
        name.strip_prefix("${").and_then(|rest| rest.strip_suffix('}')).or_else(|| name.strip_prefix('$'))?;
    if folder.contains(['$', '`']) || !variable.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_') {
        return None;
    }
    let parent = Word { text: if folder.is_empty() { "/".to_owned() } else { folder.to_owned() }, ..word.clone() };
    let beside_the_home = resolve(&parent, cwd, places, false).first() == home.parent().map(Path::to_path_buf).as_ref();
    beside_the_home.then(|| home.to_path_buf())
}

/// What `git rev-parse --show-toplevel` prints in `cwd`: the nearest folder holding `.git`, from there up.
fn git_toplevel(cwd: &Cwd, places: &Places) -> Option<PathBuf> {
    let Cwd::Known(dir) = cwd else { return None };
    let start = match &places.cwd {
        Some(base) if dir.is_relative() => base.join(dir),
        _ => dir.clone(),
    };
    start.ancestors().find(|folder| folder.join(".git").exists()).map(Path::to_path_buf)
}

/// The paths an access of a command stands for.
#[derive(Debug, Default)]
pub(crate) struct Landed {
    /// Each path, and whether everything under it is reached too.
    pub paths: Vec<(PathBuf, bool)>,
    /// The paths are folders an archive is extracted into whose members could not be read: what lands in them is
    /// not known (see [`archive`]).
    pub members_unknown: bool,
}

/// The absolute paths an access of a command stands for: its path resolved in the command's directory (see
/// [`resolve`]), or under the project roots the tool finds by itself. A copy's or move's destination that is a
/// folder that exists stands for the sources' names inside it; a folder an archive is extracted into, for the
/// archive's members there.
pub(crate) fn resolve_access(access: &Access, places: &Places, dotglob: bool) -> Landed {
    let paths = match &access.project_root {
        Some(root) => under_project_roots(&access.path.text, root, &access.cwd, places),
        None => resolve(&access.path, &access.cwd, places, dotglob),
    };
    let paths = match &access.lands_as {
        Some(Landing::Members(archive)) => return members_landing(paths, archive, &access.cwd, places),
        Some(Landing::Untracked(clean)) => {
            let home = places.home.as_deref();
            let removed = |path: PathBuf| {
                worktree::clean::removed(&path, clean, home, worktree::Limits::default()).unwrap_or(vec![(path, true)])
            };
            return Landed { paths: paths.into_iter().flat_map(removed).collect(), members_unknown: false };
        }
        Some(Landing::Sources(sources)) if !sources.is_empty() && paths.iter().any(|path| path.is_dir()) => {
            match landing_names(sources, &access.cwd, places, dotglob) {
                Some(names) => paths
                    .into_iter()
                    .flat_map(|path| match path.is_dir() {
                        true => names.iter().map(|name| path.join(name)).collect(),
                        false => vec![path],
                    })
                    .collect(),
                None => paths,
            }
        }
        _ => paths,
    };
    Landed { paths: paths.into_iter().map(|path| (path, access.tree)).collect(), members_unknown: false }
}

/// What extracting `archive` writes in `folders`: each member (and, through a link member, where it leads, with what
/// is under it); the folders themselves, whole, with `members_unknown`, when the archive cannot be read (not there
/// yet, standard input, a format or size [`archive`] does not read).
fn members_landing(folders: Vec<PathBuf>, archive: &Word, cwd: &Cwd, places: &Places) -> Landed {
    let file = (archive.text != "-").then(|| resolve(archive, cwd, places, false)).and_then(|paths| match paths[..] {
        [ref file] => Some(file.clone()),
        _ => None,
    });
    // unzip reads `NAME.zip` when `NAME` is not there.
    let members = file.and_then(|file| {
        archive::members(&file).or_else(|| {
            let zipped = PathBuf::from(format!("{}.zip", file.display()));
            (!file.exists()).then(|| archive::members(&zipped)).flatten()
        })
    });
    let Some(members) = members else {
        return Landed { paths: folders.into_iter().map(|folder| (folder, true)).collect(), members_unknown: true };
    };
    let mut paths = Vec::with_capacity(folders.len() * members.len());
    for folder in &folders {
        for member in &members {
            paths.push((normalize(&folder.join(&member.path)), false));
            if let Some(target) = &member.link_target {
                paths.push((normalize(&folder.join(target)), true));
            }
        }
    }
    Landed { paths, members_unknown: false }
}

/// The names the sources of a copy or move take inside a folder: each one's last component, its globs expanded on
/// disk as the shell expands them. `None` when a name cannot be known (a path that cannot be resolved, a glob that
/// matches nothing, the root).
fn landing_names(sources: &[Word], cwd: &Cwd, places: &Places, dotglob: bool) -> Option<Vec<std::ffi::OsString>> {
    let mut names = Vec::new();
    for source in sources {
        let paths = resolve(source, cwd, places, dotglob);
        if paths.is_empty() {
            return None;
        }
        for path in paths {
            let name = path.file_name()?;
            if name.to_string_lossy().contains(['*', '?', '[']) {
                return None; // a glob left as written: its name cannot be known
            }
            names.push(name.to_owned());
        }
    }
    Some(names)
}

/// The paths `relative` stands for under each project root found from `root.start` up (none when the start cannot
/// be known or no folder on the way holds the marker: then the tool finds no project either).
fn under_project_roots(relative: &str, root: &ProjectRoot, cwd: &Cwd, places: &Places) -> Vec<PathBuf> {
    let start = Word {
        text: root.start.clone(),
        tilde: root.start.starts_with('~'),
        dynamic: root.start.contains('$'),
        ..Word::default()
    };
    let Some(start) = resolve(&start, cwd, places, false).into_iter().next() else { return Vec::new() };
    let roots = start.ancestors().filter(|folder| folder.join(root.marker).is_file());
    roots.take(if root.nearest { 1 } else { usize::MAX }).map(|folder| normalize(&folder.join(relative))).collect()
}

/// The existing paths a glob path names (at most a few thousand), as bash expands them.
/// A glob with each `[…]` class as `?`, any one character (a superset of what bash matches): `.en[v]` is `.en?`.
fn classes_as_any(glob: &str) -> String {
    let mut out = String::with_capacity(glob.len());
    let mut rest = glob;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..open]);
        // `[]…]` and `[!]…]` hold a `]` first.
        let inside = &rest[open + 1..];
        let skip = usize::from(inside.starts_with('!') || inside.starts_with('^'));
        let first = usize::from(inside[skip..].starts_with(']'));
        match inside[skip + first..].find(']') {
            Some(close) => {
                out.push('?');
                rest = &inside[skip + first + close + 1..];
            }
            None => {
                out.push('[');
                rest = inside;
            }
        }
    }
    out.push_str(rest);
    out
}

fn expand_on_disk(path: &Path, dotglob: bool) -> Vec<PathBuf> {
    let mut found = vec![PathBuf::from("/")];
    for component in components_of(path) {
        let mut next = Vec::new();
        for base in found {
            if !component.contains(['*', '?', '[']) {
                next.push(base.join(&component));
                continue;
            }
            let Ok(entries) = std::fs::read_dir(&base) else { continue };
            for entry in entries.flatten().take(5_000) {
                let name = entry.file_name().to_string_lossy().into_owned();
                let hidden_ok = dotglob || component.starts_with('.') || !name.starts_with('.');
                if hidden_ok && glob_matches(&classes_as_any(&component), &name) {
                    next.push(base.join(name));
                }
            }
        }
        found = next;
        if found.len() > 5_000 {
            found.truncate(5_000);
        }
    }
    found.into_iter().filter(|path| path.exists()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::globs::tests::places;
    use dotforge_shell::access::AccessKind;

    #[test]
    fn a_path_under_the_project_root_is_found_from_the_directory_up() {
        let base = std::env::temp_dir().join(format!("dotforge-roots-{}", std::process::id()));
        let (workspace, package) = (base.join("ws"), base.join("ws/pkg"));
        std::fs::create_dir_all(package.join("src")).expect("folders");
        for root in [&workspace, &package] {
            std::fs::write(root.join("Cargo.toml"), "").expect("manifest");
        }
        let in_src = Cwd::Known(package.join("src"));
        let access = |start: &str, cwd: &Cwd, nearest: bool| Access {
            path: Word { text: "target/release".to_owned(), ..Word::default() },
            cwd: cwd.clone(),
            kind: AccessKind::Write,
            tree: true,
            project_root: Some(ProjectRoot { start: start.to_owned(), marker: "Cargo.toml", nearest }),
            only_named: Vec::new(),
            max_depth: None,
            lands_as: None,
            possible: false,
        };
        let resolved = |start: &str, cwd: &Cwd, nearest: bool| {
            let landed = resolve_access(&access(start, cwd, nearest), &places(), false);
            assert!(!landed.members_unknown && landed.paths.iter().all(|(_, tree)| *tree));
            landed.paths.into_iter().map(|(path, _)| path).collect::<Vec<_>>()
        };
        let both = [package.join("target/release"), workspace.join("target/release")];
        assert_eq!(resolved(".", &in_src, false), both);
        assert_eq!(resolved(".", &in_src, true), [package.join("target/release")], "the package only");
        assert_eq!(resolved("../..", &in_src, false), [workspace.join("target/release")]);
        assert_eq!(resolved(".", &Cwd::Known(base.clone()), false), Vec::<PathBuf>::new());
        assert!(resolved("$UNKNOWN", &in_src, false).is_empty());
        assert!(resolved(".", &Cwd::Unknown, false).is_empty());
        let _ = std::fs::remove_dir_all(&base);
    }

    /// The short way (`lstat`, then the folder resolved once) says what following every link says, for files,

    #[test]
    fn words_resolve_against_the_directory_home_and_variables() {
        let places = places();
        let word = |text: &str| Word {
            text: text.to_owned(),
            tilde: text.starts_with('~'),
            dynamic: text.contains('$'),
            ..Word::default()
        };
        let here = Cwd::Known(PathBuf::from("/p"));
        assert_eq!(resolve(&word(".forge/../.forge/audit"), &here, &places, false), [PathBuf::from("/p/.forge/audit")]);
        assert_eq!(resolve(&word("~+"), &here, &places, false), [PathBuf::from("/p")]);
        assert_eq!(classes_as_any(".en[v]"), ".en?");
        assert_eq!(classes_as_any("[!a]x[]y]"), "?x?");
        assert_eq!(classes_as_any("a[b"), "a[b");
        assert_eq!(resolve(&word("~+/.forge"), &here, &places, false), [PathBuf::from("/p/.forge")]);
        // What `git rev-parse --show-toplevel` prints: the nearest folder holding `.git`.
        let top = std::env::temp_dir().join(format!("dotforge-toplevel-{}", std::process::id()));
        std::fs::create_dir_all(top.join(".git")).expect("a work tree");
        std::fs::create_dir_all(top.join("src/deep")).expect("a subfolder");
        let inside = Cwd::Known(top.join("src/deep"));
        let top_word = word("$DOTFORGE_GIT_TOPLEVEL/.forge");
        assert_eq!(resolve(&top_word, &inside, &places, false), [top.join(".forge")]);
        std::fs::remove_dir_all(&top).expect("clean up");
        assert_eq!(
            resolve(&word("~/.claude/settings.json"), &here, &places, false),
            [PathBuf::from("/home/u/.claude/settings.json")]
        );
        assert_eq!(resolve(&word("$HOME/x"), &here, &places, false), [PathBuf::from("/home/u/x")]);
        assert!(resolve(&word("$OTHER/x"), &here, &places, false).is_empty());
        assert!(resolve(&word("x"), &Cwd::Unknown, &places, false).is_empty());
        // `~NAME`: the user's own home by its name; another's from the password file, or nothing.
        assert_eq!(resolve(&word("~u/x"), &here, &places, false), [PathBuf::from("/home/u/x")]);
        assert_eq!(resolve(&word("~root"), &here, &places, false), [PathBuf::from("/root")]);
        assert!(resolve(&word("~no-such-user-here/x"), &here, &places, false).is_empty());
        // A folder beside the home named by a variable may be the home itself.
        for beside in ["/home/$USER", "/home/${LOGNAME}/", "$HOME/../$USER"] {
            assert_eq!(resolve(&word(beside), &here, &places, false), [PathBuf::from("/home/u")], "{beside}");
        }
        for elsewhere in ["/opt/$USER", "/home/$USER/x", "/home/$(whoami)"] {
            assert!(resolve(&word(elsewhere), &here, &places, false).is_empty(), "{elsewhere}");
        }
    }
}
