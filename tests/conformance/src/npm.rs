//! The agent CLIs the real-client tiers drive, at their pinned versions: installed with npm under the target folder
//! on first use — once, under a lock, however many test binaries start together — or taken from an environment
//! variable that names a binary of that version. A missing npm fails the test and says what to install.

use crate::target::target_dir;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// One pinned npm package and the binary of it a test runs.
#[derive(Clone, Copy, Debug)]
pub struct Pinned {
    /// The npm package, e.g. `@anthropic-ai/claude-code`.
    pub package: &'static str,
    /// The exact version the tests prove.
    pub version: &'static str,
    /// The folder under `target/` it is installed into.
    pub folder: &'static str,
    /// The binary's name in `node_modules/.bin`, or its path under `node_modules` when it holds a `/` (a platform
    /// package installed on its own has no link in `.bin`).
    pub bin: &'static str,
    /// The environment variable that may name another copy of the binary (of the same version).
    pub override_var: &'static str,
    /// What to run in the package's folder when the binary does not start after the install (a postinstall step npm
    /// may have skipped), as a `node` script name.
    pub postinstall: Option<&'static str>,
    /// How the installed version is told.
    pub version_check: VersionCheck,
}

/// How a pinned package's installed version is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VersionCheck {
    /// `BIN --version` prints it (the agent CLIs).
    Flag,
    /// The package's `package.json` says it (a binary without `--version`, such as an MCP server, which would
    /// take the flag for an argument and wait on its input).
    PackageJson,
}

impl Pinned {
    /// [`Pinned::binary`], looked up once per test binary (in `found`); fails the test, saying what is missing, when
    /// it cannot be had.
    pub fn installed(&self, found: &'static OnceLock<Result<PathBuf, String>>) -> PathBuf {
        match found.get_or_init(|| self.binary()) {
            Ok(path) => path.clone(),
            Err(message) => panic!("{message}"),
        }
    }

    /// The binary, installing the package first when it is missing or another version. `Err` says why it cannot be
    /// had, and how to get it.
    pub fn binary(&self) -> Result<PathBuf, String> {
        if let Some(path) = std::env::var_os(self.override_var).map(PathBuf::from) {
            return self.checked(&path).map(|()| path);
        }
        let prefix = target_dir().join(self.folder);
        let path = self.bin_path(&prefix);
        if self.checked(&path).is_ok() {
            return Ok(path);
        }
        std::fs::create_dir_all(&prefix).map_err(|error| format!("cannot create {}: {error}", prefix.display()))?;
        let lock_path = target_dir().join(format!("{}.lock", self.folder));
        let mut lock = fslock::LockFile::open(&lock_path)
            .map_err(|error| format!("cannot open the install lock {}: {error}", lock_path.display()))?;
        lock.lock().map_err(|error| format!("cannot take the install lock {}: {error}", lock_path.display()))?;
        // Another test binary may have installed it while this one waited.
        if self.checked(&path).is_ok() {
            return Ok(path);
        }
        self.install(&prefix, "npm")?;
        self.checked(&path).map(|()| path)
    }

    /// Runs `npm install` of the pinned version into `prefix`, with the `npm` program named.
    fn install(&self, prefix: &Path, npm: &str) -> Result<(), String> {
        let spec = format!("{}@{}", self.package, self.version);
        let needs_npm = format!(
            "the real-client tests install {spec} with npm into {}; install Node.js and npm (any recent version), or \
             set {} to a `{}` binary of version {}",
            prefix.display(),
            self.override_var,
            self.bin,
            self.version
        );
        let found = Command::new(npm).arg("--version").output();
        if !found.is_ok_and(|output| output.status.success()) {
            return Err(format!("npm is not available: {needs_npm}"));
        }
        eprintln!("installing {spec} into {} (once)", prefix.display());
        let output = Command::new(npm)
            .args(["install", "--prefix"])
            .arg(prefix)
            .args(["--no-audit", "--no-fund", "--no-save", "--loglevel=error", &spec])
            .output()
            .map_err(|error| format!("cannot run npm: {error}; {needs_npm}"))?;
        if !output.status.success() {
            return Err(format!(
                "npm install {spec} failed:\n{}{}",
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            ));
        }
        if let Some(script) = self.postinstall {
            let path = self.bin_path(prefix);
            if self.checked(&path).is_err() {
                let package_dir = prefix.join("node_modules").join(self.package);
                let ran = Command::new("node").arg(script).current_dir(&package_dir).output();
                if !ran.as_ref().is_ok_and(|output| output.status.success()) {
                    return Err(format!("{spec}: `node {script}` in {} failed: {ran:?}", package_dir.display()));
                }
            }
        }
        Ok(())
    }

    /// Where the binary is once installed into `prefix`.
    fn bin_path(&self, prefix: &Path) -> PathBuf {
        if self.bin.contains('/') {
            prefix.join("node_modules").join(self.bin)
        } else {
            prefix.join("node_modules/.bin").join(self.bin)
        }
    }

    /// `Ok` when the binary is there and is the pinned version.
    fn checked(&self, path: &Path) -> Result<(), String> {
        if self.version_check == VersionCheck::PackageJson {
            // node_modules/.bin/BIN → node_modules/PACKAGE/package.json
            let manifest =
                path.parent().and_then(Path::parent).map(|modules| modules.join(self.package).join("package.json"));
            let text = manifest.as_ref().and_then(|manifest| std::fs::read_to_string(manifest).ok());
            let version = text
                .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
                .and_then(|value| value["version"].as_str().map(str::to_owned));
            return match version {
                Some(version) if version == self.version && path.exists() => Ok(()),
                found => Err(format!("{} is {found:?}, not {}", path.display(), self.version)),
            };
        }
        let output = Command::new(path)
            .arg("--version")
            .output()
            .map_err(|error| format!("cannot run {}: {error}", path.display()))?;
        let version = String::from_utf8_lossy(&output.stdout);
        // `1.0.102`, `v1.0.102`, `GitHub Copilot CLI 1.0.102.`
        let words = version.split(|c: char| c.is_whitespace() || c == 'v');
        if words.map(|word| word.trim_end_matches(['.', ',', ')'])).any(|word| word == self.version) {
            Ok(())
        } else {
            Err(format!("{} is version `{}`, not {}", path.display(), version.trim(), self.version))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pinned;

    #[test]
    fn without_npm_the_failure_says_what_to_install() {
        let pinned = Pinned {
            package: "left-pad",
            version: "1.3.0",
            folder: "npm-test",
            bin: "left-pad",
            override_var: "DOTFORGE_TEST_LEFT_PAD",
            postinstall: None,
            version_check: super::VersionCheck::Flag,
        };
        let prefix = crate::target::tmp_dir().join("npm-test");
        let error = pinned.install(&prefix, "npm-that-is-not-installed").expect_err("no npm, no install");
        assert!(error.contains("install Node.js and npm"), "{error}");
        assert!(error.contains("left-pad@1.3.0") && error.contains("DOTFORGE_TEST_LEFT_PAD"), "{error}");
    }
}
