//! Repositories made by the real git in temporary folders, for the tests of this module's readers.

use std::path::{Path, PathBuf};

/// Runs git in `dir` and returns what it printed; panics when git is missing or fails (the tests need the real
/// git: in CI a missing git is a failure, not a skip).
pub(crate) fn git(dir: &Path, args: &[&str]) -> String {
    let output = std::process::Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env("HOME", dir)
        .env_remove("XDG_CONFIG_HOME")
        .output()
        .unwrap_or_else(|error| panic!("git {args:?} cannot run (these tests need git): {error}"));
    assert!(output.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A new, empty repository in a temporary folder of its own (`name` keeps tests apart).
pub(crate) fn scratch_repository(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dotforge-worktree-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    git(&dir, &["init", "-q", "-b", "main"]);
    git(&dir, &["config", "user.name", "Test"]);
    git(&dir, &["config", "user.email", "test@example.com"]);
    git(&dir, &["config", "core.autocrlf", "false"]);
    dir
}
