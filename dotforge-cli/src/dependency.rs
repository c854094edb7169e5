//! Where a generated hook project gets dotforge's crates from, and whether that builds on another machine: the
//! registry (the default), a git repository (`--dotforge-git URL [--rev REV]`: builds wherever the URL is
//! reachable), or a local checkout written relative to the project (`--dotforge-path DIR`: builds wherever the
//! checkout sits at the same place next to the project).

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
    /// A checkout, as the project's manifest names it (relative to the project when it can be).
    Path {
        written: String,
    },
}

impl Dependency {
    /// The `{ … }` (or `"VERSION"`) of one crate's dependency line.
    pub fn spec(&self, crate_name: &str) -> String {
        match self {
            Dependency::Registry { version } => format!("\"{version}\""),
            Dependency::Git { url, rev: Some(rev) } => format!("{{ git = \"{url}\", rev = \"{rev}\" }}"),
            Dependency::Git { url, rev: None } => format!("{{ git = \"{url}\" }}"),
            Dependency::Path { written } => format!("{{ path = \"{written}/{crate_name}\" }}"),
        }
    }

    /// What was chosen, and whether a teammate and the generated CI job can build it, for the person to read.
    pub fn said(&self) -> (String, Option<String>) {
        match self {
            Dependency::Registry { version } => (
                format!("depends on dotforge-runtime and dotforge-codegen {version} from crates.io"),
                Some(format!(
                    "the build fails where crates.io has no dotforge {version}; --dotforge-git URL (or --dotforge-path \
                     DIR) builds from a repository or a checkout instead"
                )),
            ),
            Dependency::Git { url, rev } => (
                format!(
                    "depends on dotforge from {url}{}",
                    rev.as_ref().map(|rev| format!(" at {rev}")).unwrap_or_default()
                ),
                rev.is_none().then(|| {
                    "without --rev each machine builds whatever the repository holds when it first \
                    locks it; commit Cargo.lock, or pass --rev"
                        .to_owned()
                }),
            ),
            Dependency::Path { written } if Path::new(written).is_absolute() => (
                format!("depends on the dotforge checkout {written}"),
                Some(
                    "that path is one of this machine: a teammate and the generated CI job cannot build the project; \
                      --dotforge-git URL builds anywhere"
                        .to_owned(),
                ),
            ),
            Dependency::Path { written } => (
                format!("depends on the dotforge checkout {written} (relative to the project)"),
                Some(format!(
                    "a teammate builds it with the checkout at {written} next to the project, and the generated CI \
                     job only if the repository holds both; --dotforge-git URL builds anywhere"
                )),
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
    use super::{relative_to, Dependency};
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
        assert!(git.said().1.is_none(), "a pinned git dependency builds anywhere");
        let path = Dependency::Path { written: "../dotforge".to_owned() };
        assert_eq!(path.spec("dotforge-codegen"), "{ path = \"../dotforge/dotforge-codegen\" }");
        assert!(path.said().1.is_some_and(|warning| warning.contains("next to the project")));
        let absolute = Dependency::Path { written: "/opt/dotforge".to_owned() };
        assert!(absolute.said().1.is_some_and(|warning| warning.contains("cannot build")));
    }
}
