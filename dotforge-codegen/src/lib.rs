//! `dotforge-codegen`: compiles a folder of behavior files into Rust at build time.
//!
//! The pipeline has four stages, each in its own module: [`parse`](crate::parse) (YAML text → values and source
//! positions), `validate` (every rule of SCHEMA §6, all errors collected), `ir` (the checked catalog) and `emit`
//! (IR → `quote` tokens → `syn` → `prettyplease`). Three entry points, in the style of prost-build:
//!
//! - [`compile`] — the one-liner for `build.rs`: `dotforge_codegen::compile("behaviors");`
//! - [`Config`] — a builder for custom folders and file names, returning a [`Report`] on failure;
//! - [`generate`] — pure: sources in, source text (or diagnostics) out. Tests call this.
//!
//! [`link_for_fast_start`] is the companion `build.rs` call that links the hook binary for the quickest process
//! start on Linux.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod command_pattern;
mod describe;
mod dfa;
mod diagnostic;
pub mod edit;
mod emit;
mod endings;
pub mod ir;
mod json;
pub mod json_schema;
mod link;
pub use link::link_for_fast_start;
mod literals;
mod locate;
mod matcher;
mod parse;
#[cfg(test)]
mod random_texts;
pub mod schema;
mod source;
mod suggest;
mod template;
mod validate;

pub use diagnostic::{Diagnostic, Report, Severity, Span};
pub use emit::{Blob, HEADER};
pub use source::Sources;

use std::path::{Path, PathBuf};

/// The environment variable that overrides the behaviors folder.
pub const BEHAVIORS_DIR_VAR: &str = "DOTFORGE_BEHAVIORS_DIR";

/// Set by the build script for the package it builds (`cargo:rustc-env`): the absolute behaviors folder that was
/// compiled, which the generated catalog reads with `option_env!` as `{behaviors_dir}`.
pub const COMPILED_BEHAVIORS_DIR_VAR: &str = "DOTFORGE_COMPILED_BEHAVIORS_DIR";

/// The result of a successful generation.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The formatted Rust source, starting with the `// @generated` header.
    pub code: String,
    /// Files the code includes (serialized regex DFAs), to be written next to it.
    pub blobs: Vec<Blob>,
    /// The validated catalog the code was generated from.
    pub catalog: ir::Catalog,
    /// Warnings (never errors).
    pub warnings: Vec<Diagnostic>,
}

/// How [`generate_with`] emits code.
#[derive(Clone, Debug)]
pub struct Options {
    /// Build a DFA for every regex at build time (written as [`Blob`]s next to the generated file) so the hook does
    /// not compile regexes at run time. Default true.
    pub precompile_regexes: bool,
    /// The folder, relative to the generated file, that holds the DFAs. Default `behaviors.dfa`.
    pub dfa_dir: String,
}

impl Default for Options {
    fn default() -> Self {
        Options { precompile_regexes: true, dfa_dir: "behaviors.dfa".to_owned() }
    }
}

/// Validates the sources and generates the Rust source with the default [`Options`]. Pure: no file system, no
/// environment. On any error, returns the full [`Report`] (errors and warnings) and no code.
pub fn generate(sources: &Sources) -> Result<Generated, Report> {
    generate_with(sources, &Options::default())
}

/// [`generate`] with explicit options.
pub fn generate_with(sources: &Sources, options: &Options) -> Result<Generated, Report> {
    let mut report = Report::default();
    let catalog = validate::catalog(sources, &mut report, None);
    let catalog = match catalog {
        Some(catalog) if !report.has_errors() => catalog,
        _ => return Err(report),
    };
    let label = sources.display("").trim_end_matches('/').to_owned();
    let dfa_dir = options.precompile_regexes.then_some(options.dfa_dir.as_str());
    match emit::emit(&catalog, if label.is_empty() { "behaviors" } else { &label }, dfa_dir) {
        Ok((code, blobs)) => Ok(Generated { code, blobs, catalog, warnings: report.diagnostics }),
        Err(message) => {
            report.push(Diagnostic {
                severity: Severity::Error,
                message: format!("internal error: {message}"),
                file: label,
                span: None,
                field: String::new(),
                help: Some("please report this with the behavior files attached".to_owned()),
                source_line: None,
            });
            Err(report)
        }
    }
}

/// Validates the sources as [`generate`] does and also checks every tool name the catalog uses (trigger matchers,
/// `applies_to.tools`) against the tools a Claude Code version offers; a name it never offers is an error unless
/// the behavior lists it in `metadata.legacy_tools`. Returns every diagnostic (no code is generated).
pub fn check_client_tools(sources: &Sources, client_tools: &[String]) -> Report {
    let mut report = Report::default();
    validate::catalog(sources, &mut report, Some(client_tools));
    report
}

/// Reads a client's tool list: a JSON array of names, a JSON object with `tools` (and optionally `deferred_tools`)
/// arrays — such as the `init` event of `claude -p --output-format stream-json` — or one name per line (`#`
/// comments allowed).
pub fn parse_client_tools(text: &str) -> Result<Vec<String>, String> {
    let names = |value: &serde_json::Value, key: &str| -> Result<Vec<String>, String> {
        match value {
            serde_json::Value::Array(items) => items
                .iter()
                .map(|item| {
                    item.as_str().map(str::to_owned).ok_or_else(|| format!("`{key}` holds a non-string: {item}"))
                })
                .collect(),
            serde_json::Value::Null => Ok(Vec::new()),
            other => Err(format!("`{key}` is not a list of tool names: {other}")),
        }
    };
    let tools = match serde_json::from_str::<serde_json::Value>(text) {
        Ok(value @ serde_json::Value::Array(_)) => names(&value, "the list")?,
        Ok(serde_json::Value::Object(object)) => {
            let mut tools = names(object.get("tools").unwrap_or(&serde_json::Value::Null), "tools")?;
            tools.extend(names(object.get("deferred_tools").unwrap_or(&serde_json::Value::Null), "deferred_tools")?);
            tools
        }
        Ok(_) => return Err("expected a JSON list or object of tool names".to_owned()),
        Err(_) => text
            .lines()
            .map(|line| line.split('#').next().unwrap_or("").trim())
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect(),
    };
    if tools.is_empty() {
        return Err("the tool list is empty".to_owned());
    }
    Ok(tools)
}

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
        }
        let display = display_path(&dir);
        let sources = Sources::from_dir(&dir, display.clone())
            .map_err(|error| Error::Io(format!("cannot read the behaviors folder {display}: {error}")))?;
        if self.cargo_directives {
            for path in sources.read_paths() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
        let stem = self.file_name.strip_suffix(".rs").unwrap_or(&self.file_name);
        let options = Options { precompile_regexes: self.precompile_regexes, dfa_dir: format!("{stem}.dfa") };
        let generated = generate_with(&sources, &options).map_err(Error::Invalid)?;
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
