//! The build-script entry points: [`compile`], the one-liner, and [`Config`], the builder. They read the behaviors
//! folder, run the pipeline ([`crate::pipeline`]), write the generated file only when it changed, and print cargo's
//! directives.

use crate::diagnostic::{Diagnostic, Report};
use crate::env_vars::{BEHAVIORS_DIR_VAR, COMPILED_BEHAVIORS_DIR_VAR, COMPILED_FINGERPRINT_VAR};
use crate::fingerprint::fingerprint;
use crate::pipeline::{generate_with, Options};
use crate::source::Sources;
use std::path::{Path, PathBuf};

/// Build-script configuration.
#[derive(Clone, Debug)]
pub struct Config {
    behaviors_dir: PathBuf,
    out_dir: Option<PathBuf>,
    file_name: String,
    honor_env: bool,
    cargo_directives: bool,
    precompile_regexes: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config::new()
    }
}

/// What [`Config::compile`] did.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The file that holds the generated code.
    pub path: PathBuf,
    /// Whether the file was (re)written; `false` when its content was already identical.
    pub written: bool,
    /// Warnings found.
    pub warnings: Vec<Diagnostic>,
    /// Every file read, for `rerun-if-changed`.
    pub inputs: Vec<PathBuf>,
}

/// Why [`Config::compile`] failed.
#[derive(Debug)]
pub enum Error {
    /// The catalog is invalid; the report lists every problem.
    Invalid(Report),
    /// A file or folder could not be read or written.
    Io(String),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Invalid(report) => write!(f, "{report}"),
            Error::Io(message) => write!(f, "error: {message}"),
        }
    }
}

impl std::error::Error for Error {}

impl Config {
    /// Defaults: `behaviors/` next to `Cargo.toml`, `$OUT_DIR/behaviors.rs`, `$DOTFORGE_BEHAVIORS_DIR` honoured,
    /// cargo directives printed.
    pub fn new() -> Config {
        Config {
            behaviors_dir: PathBuf::from("behaviors"),
            out_dir: None,
            file_name: "behaviors.rs".to_owned(),
            honor_env: true,
            cargo_directives: true,
            precompile_regexes: true,
        }
    }

    /// The behaviors folder, relative to the package (`CARGO_MANIFEST_DIR`) or absolute.
    pub fn behaviors_dir(mut self, dir: impl Into<PathBuf>) -> Config {
        self.behaviors_dir = dir.into();
        self
    }

    /// Where to write (default `$OUT_DIR`).
    pub fn out_dir(mut self, dir: impl Into<PathBuf>) -> Config {
        self.out_dir = Some(dir.into());
        self
    }

    /// The generated file's name (default `behaviors.rs`).
    pub fn file_name(mut self, name: impl Into<String>) -> Config {
        self.file_name = name.into();
        self
    }

    /// Whether `$DOTFORGE_BEHAVIORS_DIR` replaces the configured folder (default true).
    pub fn honor_env(mut self, honor: bool) -> Config {
        self.honor_env = honor;
        self
    }

    /// Whether to build regex DFAs at build time (default true); see [`Options::precompile_regexes`].
    pub fn precompile_regexes(mut self, precompile: bool) -> Config {
        self.precompile_regexes = precompile;
        self
    }

    /// Whether to print `cargo:` directives (default true; turn off outside build scripts).
    pub fn cargo_directives(mut self, print: bool) -> Config {
        self.cargo_directives = print;
        self
    }

    fn resolve_dir(&self) -> PathBuf {
        let configured = match std::env::var(BEHAVIORS_DIR_VAR) {
            Ok(dir) if self.honor_env && !dir.trim().is_empty() => PathBuf::from(dir),
            _ => self.behaviors_dir.clone(),
        };
        if configured.is_absolute() {
            return configured;
        }
        match std::env::var_os("CARGO_MANIFEST_DIR") {
            Some(manifest) => Path::new(&manifest).join(configured),
            None => configured,
        }
    }

    /// Reads, validates and generates; writes the file only when its content changed. Writes nothing on error.
    pub fn compile(&self) -> Result<Compiled, Error> {
        if self.cargo_directives && self.honor_env {
            println!("cargo:rerun-if-env-changed={BEHAVIORS_DIR_VAR}");
        }
        let dir = self.resolve_dir();
        if self.cargo_directives {
            println!("cargo:rerun-if-changed={}", dir.display());
            let absolute = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone());
            println!("cargo:rustc-env={COMPILED_BEHAVIORS_DIR_VAR}={}", absolute.display());
            if let Ok(fingerprint) = fingerprint(&dir) {
                println!("cargo:rustc-env={COMPILED_FINGERPRINT_VAR}={fingerprint}");
            }
        }
        let display = display_path(&dir);
        let sources = Sources::from_dir(&dir, display.clone())
            .map_err(|error| Error::Io(format!("cannot read the behaviors folder {display}: {error}")))?;
        let stem = self.file_name.strip_suffix(".rs").unwrap_or(&self.file_name);
        let options = Options { precompile_regexes: self.precompile_regexes, dfa_dir: format!("{stem}.dfa") };
        // On errors, only the folder's line precedes the diagnostics in cargo's output (a build script that failed
        // runs again anyway); the files' lines come once the catalog compiled.
        let generated = generate_with(&sources, &options).map_err(Error::Invalid)?;
        if self.cargo_directives {
            for path in sources.read_paths() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        let out_dir = match &self.out_dir {
            Some(dir) => dir.clone(),
            None => PathBuf::from(std::env::var_os("OUT_DIR").ok_or_else(|| {
                Error::Io("OUT_DIR is not set; call this from a build script or set Config::out_dir".to_owned())
            })?),
        };
        for blob in &generated.blobs {
            let blob_path = out_dir.join(&blob.file);
            write_if_changed(&blob_path, &blob.bytes)
                .map_err(|error| Error::Io(format!("cannot write {}: {error}", blob_path.display())))?;
        }
        let path = out_dir.join(&self.file_name);
        let written = write_if_changed(&path, generated.code.as_bytes())
            .map_err(|error| Error::Io(format!("cannot write {}: {error}", path.display())))?;
        if self.cargo_directives {
            for warning in &generated.warnings {
                println!("cargo:warning={}", warning.one_line());
            }
        }
        Ok(Compiled { path, written, warnings: generated.warnings, inputs: sources.read_paths().to_vec() })
    }
}

/// The folder as shown in diagnostics: relative to the current directory when inside it.
fn display_path(dir: &Path) -> String {
    let current = std::env::current_dir().ok();
    let shown = current.as_deref().and_then(|current| dir.strip_prefix(current).ok()).unwrap_or(dir);
    shown.display().to_string()
}

/// Writes `contents` unless the file already holds exactly that. Returns whether it wrote.
pub fn write_if_changed(path: &Path, contents: &[u8]) -> std::io::Result<bool> {
    if std::fs::read(path).is_ok_and(|existing| existing == contents) {
        return Ok(false);
    }
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    std::fs::write(path, contents)?;
    Ok(true)
}

/// The build-script one-liner: compiles `dir` (or `$DOTFORGE_BEHAVIORS_DIR`) into `$OUT_DIR/behaviors.rs`.
///
/// On failure, prints every diagnostic to stderr (cargo shows it) and exits the build script with status 1.
pub fn compile(dir: impl AsRef<Path>) {
    if let Err(error) = Config::new().behaviors_dir(dir.as_ref()).compile() {
        eprintln!("{error}");
        std::process::exit(1);
    }
}
