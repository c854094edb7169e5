//! Real MCP servers for the real-client tiers, at pinned versions, installed under the target folder on first use —
//! once, under a lock, like the agent CLIs: the reference filesystem server from npm
//! (`@modelcontextprotocol/server-filesystem`) and the reference git server from PyPI (`mcp-server-git`, into a
//! virtual environment made with the machine's `python3 -m venv`). A missing npm or python3 fails the test and says
//! what to install.

use crate::npm::{Pinned, VersionCheck};
use crate::target::target_dir;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The reference filesystem server (its binary takes the folders it may touch as arguments).
pub const FILESYSTEM_SERVER: Pinned = Pinned {
    package: "@modelcontextprotocol/server-filesystem",
    version: "2026.8.31",
    folder: "mcp-filesystem",
    bin: "mcp-server-filesystem",
    override_var: "DOTFORGE_MCP_FILESYSTEM",
    postinstall: None,
    version_check: VersionCheck::PackageJson,
};

/// The reference git server's PyPI package and version.
pub const GIT_SERVER_PACKAGE: &str = "mcp-server-git";
pub const GIT_SERVER_VERSION: &str = "2026.10.19";

/// The filesystem server's binary, installed on first use.
pub fn filesystem_server() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    FILESYSTEM_SERVER.installed(&FOUND)
}

/// The git server's binary (`mcp-server-git` in its virtual environment), installed on first use.
pub fn git_server() -> PathBuf {
    static FOUND: OnceLock<Result<PathBuf, String>> = OnceLock::new();
    match FOUND.get_or_init(install_git_server) {
        Ok(path) => path.clone(),
        Err(message) => panic!("{message}"),
    }
}

/// The virtual environment's `mcp-server-git` when its installed version is the pinned one.
fn installed_git_server(venv: &Path) -> Result<PathBuf, String> {
    let binary = venv.join("bin").join(GIT_SERVER_PACKAGE);
    let python = venv.join("bin/python");
    let output = Command::new(&python)
        .args(["-c", &format!("import importlib.metadata as m; print(m.version('{GIT_SERVER_PACKAGE}'))")])
        .output()
        .map_err(|error| format!("cannot run {}: {error}", python.display()))?;
    let version = String::from_utf8_lossy(&output.stdout).trim().to_owned();
    if version == GIT_SERVER_VERSION && binary.exists() {
        Ok(binary)
    } else {
        Err(format!("{} is `{version}`, not {GIT_SERVER_VERSION}", binary.display()))
    }
}

fn install_git_server() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("DOTFORGE_MCP_GIT").map(PathBuf::from) {
        return Ok(path);
    }
    let venv = target_dir().join("mcp-git");
    if let Ok(binary) = installed_git_server(&venv) {
        return Ok(binary);
    }
    std::fs::create_dir_all(target_dir()).map_err(|error| format!("cannot create the target folder: {error}"))?;
    let lock_path = target_dir().join("mcp-git.lock");
    let mut lock = fslock::LockFile::open(&lock_path)
        .map_err(|error| format!("cannot open the install lock {}: {error}", lock_path.display()))?;
    lock.lock().map_err(|error| format!("cannot take the install lock {}: {error}", lock_path.display()))?;
    if let Ok(binary) = installed_git_server(&venv) {
        return Ok(binary); // another test binary installed it while this one waited
    }
    let spec = format!("{GIT_SERVER_PACKAGE}=={GIT_SERVER_VERSION}");
    let needs = format!(
        "the real-client MCP tests install {spec} from PyPI into {} with `python3 -m venv` and pip; install Python 3 \
         with venv, or set DOTFORGE_MCP_GIT to an `mcp-server-git` of version {GIT_SERVER_VERSION}",
        venv.display()
    );
    let _ = std::fs::remove_dir_all(&venv);
    eprintln!("installing {spec} into {} (once)", venv.display());
    let made = Command::new("python3").args(["-m", "venv"]).arg(&venv).output();
    if !made.as_ref().is_ok_and(|output| output.status.success()) {
        return Err(format!("python3 -m venv failed ({made:?}): {needs}"));
    }
    let pip = venv.join("bin/pip");
    let output = Command::new(&pip)
        .args(["install", "--quiet", "--disable-pip-version-check", &spec])
        .output()
        .map_err(|error| format!("cannot run {}: {error}; {needs}", pip.display()))?;
    if !output.status.success() {
        return Err(format!(
            "pip install {spec} failed:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ));
    }
    installed_git_server(&venv)
}
