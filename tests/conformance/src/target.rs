//! Where cargo put things: the workspace's target folder (found from the running test binary, so that every package
//! of the workspace finds the same one) and the binaries built beside the tests; and what the real-client tiers share
//! about the scratch projects they run an agent CLI in.

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

/// `program` to run in `dir` with an environment of nothing but `PATH`, `LANG` and `TERM` (and what the caller adds):
/// an agent CLI run by a real-client test sees no setting of the machine's.
pub fn clean_command(program: &Path, dir: &Path) -> std::process::Command {
    let mut command = std::process::Command::new(program);
    command.current_dir(dir).env_clear();
    for key in ["PATH", "LANG", "TERM"] {
        if let Some(value) = std::env::var_os(key) {
            command.env(key, value);
        }
    }
    command
}

/// The hook's `state.json` in the `.forge` folder `forge`, as JSON (`null` when there is none or it does not parse).
pub fn forge_state(forge: &Path) -> serde_json::Value {
    std::fs::read_to_string(forge.join("runtime/state.json"))
        .ok()
        .and_then(|text| serde_json::from_str(&text).ok())
        .unwrap_or(serde_json::Value::Null)
}

/// Fails the test when the hook reported a tamper in the `.forge` folder `forge` (`audit/tamper.log` exists): a
/// session of a real CLI — its own writes, the person's settings — is no tamper (issue #35, "no false alarm").
pub fn assert_no_tamper_report(forge: &Path) {
    let log = forge.join("audit/tamper.log");
    if let Ok(text) = std::fs::read_to_string(&log) {
        panic!("the hook reported a tamper in {}:\n{text}", log.display());
    }
}
