//! Where a generated hook project gets dotforge's crates from, and whether that builds on another machine: the
//! registry (the default), a git repository (`--dotforge-git URL [--rev REV]`: builds wherever the URL is
//! reachable), or a local checkout written relative to the project (`--dotforge-path DIR`: builds wherever the
//! checkout sits at the same place next to the project).

use crate::checkout::Origin;
use std::path::{Component, Path, PathBuf};

/// The source of `dotforge-runtime` and `dotforge-codegen` in a generated `Cargo.toml`.
#[derive(Debug, PartialEq, Eq)]
pub enum Dependency {
    Registry {
        version: String,
    },
    Git {
        url: String,
        rev: Option<String>,
    },
    /// A checkout, as the project's manifest names it (relative to the project when it can be), and where the
    /// checkout came from (or why that is unknown).
    Path {
        written: String,
        origin: Result<Origin, String>,
    },
}

impl Dependency {
    /// The `{ … }` (or `"VERSION"`) of one crate's dependency line.
    pub fn spec(&self, crate_name: &str) -> String {
        match self {
            Dependency::Registry { version } => format!("\"{version}\""),
            Dependency::Git { url, rev: Some(rev) } => format!("{{ git = \"{url}\", rev = \"{rev}\" }}"),
            Dependency::Git { url, rev: None } => format!("{{ git = \"{url}\" }}"),
            Dependency::Path { written, .. } => format!("{{ path = \"{written}/{crate_name}\" }}"),
        }
    }

    /// The checkout's origin a teammate and the generated CI job clone to the path the manifest names.
    pub fn fetched_from(&self) -> Option<&Origin> {
        match self {
            Dependency::Path { written, origin: Ok(origin) } if Path::new(written).is_relative() => Some(origin),
            _ => None,
        }
    }

    /// What was chosen, and the warnings when a teammate or the generated CI job may not build it, for the person
    /// to read.
    pub fn said(&self) -> (String, Vec<String>) {
        match self {
            Dependency::Registry { version } => (
                format!("depends on dotforge-runtime and dotforge-codegen {version} from crates.io"),
                vec![format!(
                    "the build fails where crates.io has no dotforge {version}; --dotforge-path DIR (a checkout) or \
                     --dotforge-git URL builds from a checkout or a repository instead"
                )],
            ),
            Dependency::Git { url, rev } => {
                let at = rev.as_ref().map(|rev| format!(" at {rev}")).unwrap_or_default();
                let warnings = match rev {
                    Some(_) => Vec::new(),
                    None => vec!["without --rev each machine builds whatever the repository holds when it first \
                                  locks it; commit Cargo.lock, or pass --rev"
                        .to_owned()],
                };
                (format!("depends on dotforge from {url}{at}"), warnings)
            }
            Dependency::Path { written, .. } if Path::new(written).is_absolute() => (
                format!("depends on the dotforge checkout {written}"),
                vec![
                    "that path is one of this machine: a teammate and the generated CI job cannot build the project; \
                      --dotforge-git URL builds anywhere"
                        .to_owned(),
                ],
            ),
            Dependency::Path { written, origin: Ok(origin) } => {
                let mut warnings = Vec::new();
                if !origin.pushed {
                    warnings.push(format!(
                        "commit {} is on no remote branch of the checkout: push it, or the CI job and teammates \
                         cannot fetch it",
                        origin.rev
                    ));
                }
                if origin.dirty {
                    warnings.push(format!(
                        "the checkout has uncommitted changes: the CI job and teammates build {} without them",
                        origin.rev
                    ));
                }
                let chosen = format!(
                    "depends on the dotforge checkout {written} (relative to the project); a teammate puts {} at {} \
                     there (the project's README says how) and its CI job clones it there",
                    origin.url, origin.rev
                );
                (chosen, warnings)
            }
            Dependency::Path { written, origin: Err(why) } => (
                format!("depends on the dotforge checkout {written} (relative to the project)"),
                vec![format!(
                    "{why}: the generated CI job cannot fetch dotforge, and a teammate builds only with a checkout \
                     at {written} next to the project; --dotforge-git URL --rev REV builds anywhere"
                )],
            ),
        }
    }
}

/// `checkout` as the project at `project` names it: relative when both lie under one folder, else absolute. Both
/// paths are absolute; `project` need not exist yet.
pub fn relative_to(checkout: &Path, project: &Path) -> String {
    let parts = |path: &Path| -> Vec<String> {
        path.components()
            .filter_map(|component| match component {
                Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect()
    };
    let (to, from) = (parts(checkout), parts(project));
    let common = to.iter().zip(&from).take_while(|(a, b)| a == b).count();
    if common == 0 {
        return checkout.display().to_string();
    }
    let mut relative = PathBuf::new();
    for _ in common..from.len() {
        relative.push("..");
    }
    for part in &to[common..] {
        relative.push(part);
    }
    let written = relative.display().to_string();
    if written.is_empty() {
        ".".to_owned()
    } else {
        written
    }
}

#[cfg(test)]
mod tests {
    use super::{relative_to, Dependency, Origin};
    use std::path::Path;

    #[test]
    fn a_checkout_is_named_relative_to_the_project() {
        assert_eq!(relative_to(Path::new("/work/dotforge"), Path::new("/work/my-hooks")), "../dotforge");
        assert_eq!(relative_to(Path::new("/work/dotforge"), Path::new("/work/dotforge/hooks")), "..");
        assert_eq!(relative_to(Path::new("/work/a/dotforge"), Path::new("/work/b/c/my-hooks")), "../../../a/dotforge");
        assert_eq!(relative_to(Path::new("/opt/dotforge"), Path::new("/home/me/my-hooks")), "/opt/dotforge");
    }

    #[test]
    fn each_source_is_one_dependency_line_and_says_where_it_builds() {
        let git =
            Dependency::Git { url: "https://example.com/dotforge.git".to_owned(), rev: Some("abc123".to_owned()) };
        assert_eq!(git.spec("dotforge-runtime"), "{ git = \"https://example.com/dotforge.git\", rev = \"abc123\" }");
        assert!(git.said().1.is_empty(), "a pinned git dependency builds anywhere");
        let unpinned = Dependency::Git { url: "https://example.com/dotforge.git".to_owned(), rev: None };
        assert!(unpinned.said().1.iter().any(|warning| warning.contains("--rev")));
        let origin = Origin {
            url: "https://example.com/dotforge.git".to_owned(),
            rev: "abc".to_owned(),
            pushed: true,
            dirty: false,
        };
        let path = Dependency::Path { written: "../dotforge".to_owned(), origin: Ok(origin.clone()) };
        assert_eq!(path.spec("dotforge-codegen"), "{ path = \"../dotforge/dotforge-codegen\" }");
        assert_eq!(path.fetched_from(), Some(&origin));
        assert!(path.said().1.is_empty(), "a pushed, clean checkout: teammates and CI clone it");
        let unpushed = Dependency::Path {
            written: "../dotforge".to_owned(),
            origin: Ok(Origin { pushed: false, dirty: true, ..origin.clone() }),
        };
        let warnings = unpushed.said().1;
        assert!(
            warnings.len() == 2 && warnings[0].contains("push it") && warnings[1].contains("uncommitted"),
            "{warnings:?}"
        );
        let unknown = Dependency::Path { written: "../dotforge".to_owned(), origin: Err("no remote".to_owned()) };
        assert_eq!(unknown.fetched_from(), None);
        assert!(unknown.said().1.iter().any(|warning| warning.contains("CI job cannot fetch")));
        let absolute = Dependency::Path { written: "/opt/dotforge".to_owned(), origin: Ok(origin) };
        assert_eq!(absolute.fetched_from(), None, "an absolute path cannot be cloned to elsewhere");
        assert!(absolute.said().1.iter().any(|warning| warning.contains("cannot build")));
    }
}
