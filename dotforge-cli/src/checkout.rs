//! Where a local dotforge checkout came from, as git tells it: the `origin` remote and the commit checked out, so
//! that a project built against the checkout can say how a teammate and its CI job get the same one. Asked of the
//! `git` program; a checkout without git, a remote or a commit has no origin.

use std::path::Path;
use std::process::{Command, Stdio};

/// A checkout's remote and commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Origin {
    /// The URL to clone (an `user@host:path` URL becomes `https://host/path`, which a CI job can clone without a
    /// key).
    pub url: String,
    /// The commit checked out.
    pub rev: String,
    /// Whether a remote-tracking branch holds the commit (else it was not pushed, as far as this clone knows).
    pub pushed: bool,
    /// Whether the work tree differs from the commit (a clone of it lacks those changes).
    pub dirty: bool,
}

fn git(checkout: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .arg("-C")
        .arg(checkout)
        .args(args)
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    output.status.success().then(|| String::from_utf8_lossy(&output.stdout).trim().to_owned())
}

/// The origin of the checkout at `checkout`, or why there is none.
pub fn origin(checkout: &Path) -> Result<Origin, String> {
    let rev = git(checkout, &["rev-parse", "--verify", "HEAD"])
        .filter(|rev| !rev.is_empty())
        .ok_or("the checkout is not a git clone with a commit")?;
    let url = git(checkout, &["remote", "get-url", "origin"])
        .filter(|url| !url.is_empty())
        .ok_or("the checkout has no git remote `origin`")?;
    let pushed =
        git(checkout, &["branch", "--remotes", "--contains", &rev]).is_some_and(|branches| !branches.is_empty());
    let dirty =
        git(checkout, &["status", "--porcelain", "--untracked-files=no"]).is_some_and(|status| !status.is_empty());
    Ok(Origin { url: cloneable(&url), rev, pushed, dirty })
}

/// `git@github.com:owner/repo.git` → `https://github.com/owner/repo.git`; any other URL or path as it is.
fn cloneable(url: &str) -> String {
    let scp_like = !url.contains("://") && !url.starts_with('/') && !url.starts_with('.');
    match url.split_once(':') {
        Some((user_host, path)) if scp_like && user_host.len() > 1 && !user_host.contains('/') => {
            let host = user_host.rsplit('@').next().unwrap_or(user_host);
            format!("https://{host}/{}", path.trim_start_matches('/'))
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::cloneable;

    #[test]
    fn an_ssh_remote_is_cloned_over_https() {
        assert_eq!(cloneable("git@github.com:dotforge/dotforge.git"), "https://github.com/dotforge/dotforge.git");
        assert_eq!(cloneable("https://github.com/dotforge/dotforge"), "https://github.com/dotforge/dotforge");
        assert_eq!(cloneable("ssh://git@host/repo.git"), "ssh://git@host/repo.git");
        assert_eq!(cloneable("/srv/git/dotforge"), "/srv/git/dotforge");
        assert_eq!(cloneable("../dotforge"), "../dotforge");
    }
}
