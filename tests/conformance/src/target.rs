//! Where cargo put things: the workspace's target folder (found from the running test binary, so that every package
//! of the workspace finds the same one) and the binaries built beside the tests.

use std::path::{Path, PathBuf};

/// The folder of the running test binary's profile (`target/debug`): the test binary sits in its `deps/`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("the running test binary's path");
    let folder = exe.parent().unwrap_or(Path::new("."));
    let folder = if folder.file_name().is_some_and(|name| name == "deps") { folder.parent() } else { Some(folder) };
    folder.unwrap_or(Path::new(".")).to_path_buf()
}

/// The workspace's target folder: the first folder above the profile that cargo marked as its own (`CACHEDIR.TAG`).
pub fn target_dir() -> PathBuf {
    let profile = profile_dir();
    let found = profile.ancestors().find(|folder| folder.join("CACHEDIR.TAG").is_file());
    found.map_or_else(|| profile.parent().unwrap_or(&profile).to_path_buf(), Path::to_path_buf)
}

/// A binary of the workspace that cargo built for the running tests (in the profile folder).
pub fn binary(name: &str) -> PathBuf {
    let path = profile_dir().join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.is_file(), "{} is not built; the tests of the package that builds `{name}` run it", path.display());
    path
}

/// The target folder's `tmp/` (what cargo names `CARGO_TARGET_TMPDIR` for integration tests).
pub fn tmp_dir() -> PathBuf {
    target_dir().join("tmp")
}
