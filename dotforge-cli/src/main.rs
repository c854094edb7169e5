//! `dotforge`: the authoring CLI. It works on the YAML (the hook binaries never see it): validate a behaviors folder
//! with the build's own diagnostics, switch a behavior in `index.yaml`, make its escalation stricter or more relaxed
//! in place (comments kept), and print the JSON Schemas editors use. Exit codes: 0 success, 1 user error (invalid
//! behaviors, unknown id), 2 usage error.
#![forbid(unsafe_code)]

mod checkout;
mod dependency;
mod template;

use clap::{Parser, Subcommand};
use dependency::Dependency;
use dotforge_codegen::{edit, generate, json_schema, Severity, Sources};
use std::path::{Path, PathBuf};
use std::process::exit;

/// Author dotforge behavior files: check, switch, tune, and get their JSON Schemas.
#[derive(Parser, Debug)]
#[command(name = "dotforge", version, disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Validate a behaviors folder with the same diagnostics as the build; exit 1 on errors
    Check {
        /// The behaviors folder
        #[arg(default_value = "behaviors")]
        dir: PathBuf,
        /// Also check every tool name the catalog uses against the tools a Claude Code version offers: a JSON list,
        /// a JSON object with `tools` (and `deferred_tools`), or one name per line
        #[arg(long, value_name = "FILE")]
        client_tools: Option<PathBuf>,
    },
    /// Switch a behavior on in index.yaml (for every session; rebuild to apply)
    On(ProjectSwitch),
    /// Switch a behavior off in index.yaml (for every session; rebuild to apply)
    Off(ProjectSwitch),
    /// Halve every escalation `after` of a behavior (minimum 1), keeping the file's comments
    Strict(Tune),
    /// Double every escalation `after` of a behavior, keeping the file's comments
    Relaxed(Tune),
    /// Start a hook project: render the dotforge template (the same files as cargo-generate, offline)
    New {
        /// Project (and binary) name
        name: String,
        /// Folder to create the project in (default: the current one)
        #[arg(long, value_name = "DIR", default_value = ".")]
        path: PathBuf,
        /// Use a local dotforge checkout (path dependencies, written relative to the project; works offline)
        #[arg(long, value_name = "P", conflicts_with_all = ["dotforge_version", "dotforge_git"])]
        dotforge_path: Option<PathBuf>,
        /// Depend on dotforge from this git repository (builds on every machine that reaches it)
        #[arg(long, value_name = "URL", conflicts_with = "dotforge_version")]
        dotforge_git: Option<String>,
        /// The commit (or tag) of --dotforge-git to build
        #[arg(long, value_name = "REV", requires = "dotforge_git")]
        rev: Option<String>,
        /// Depend on this registry version of dotforge-runtime and dotforge-codegen (default: this dotforge's)
        #[arg(long, value_name = "VERSION")]
        dotforge_version: Option<String>,
    },
    /// Print the JSON Schemas of behavior.yaml, index.yaml and scenario files
    Schema {
        /// Write behavior.schema.json, index.schema.json and scenario.schema.json into this folder instead
        #[arg(long, value_name = "DIR")]
        write: Option<PathBuf>,
    },
}

#[derive(clap::Args, Debug)]
struct ProjectSwitch {
    /// The behavior id
    id: String,
    /// Change the project's index.yaml (per-session switches are `<hook> on|off ID --session S`)
    #[arg(long, required = true)]
    project: bool,
    /// The behaviors folder
    #[arg(long, default_value = "behaviors")]
    dir: PathBuf,
}

#[derive(clap::Args, Debug)]
struct Tune {
    /// The behavior id
    id: String,
    /// The behaviors folder
    #[arg(long, default_value = "behaviors")]
    dir: PathBuf,
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check { dir, client_tools: None } => check(&dir).map(|_| ()),
        Command::Check { dir, client_tools: Some(file) } => check_client_tools(&dir, &file),
        Command::On(switch) => set_enabled(&switch, true),
        Command::Off(switch) => set_enabled(&switch, false),
        Command::Strict(tune) => rescale(&tune, "stricter", |after| (after / 2).max(1)),
        Command::Relaxed(tune) => rescale(&tune, "more relaxed", |after| after.saturating_mul(2)),
        Command::Schema { write } => schema(write.as_deref()),
        Command::New { name, path, dotforge_path, dotforge_git, rev, dotforge_version } => {
            let source = Source { path: dotforge_path.as_deref(), git: dotforge_git, rev, version: dotforge_version };
            new_project(&name, &path, source)
        }
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        exit(1);
    }
}

fn display(dir: &Path) -> String {
    dir.display().to_string()
}

/// Validates; prints every diagnostic; `Err` when there are errors.
fn check(dir: &Path) -> Result<String, String> {
    let sources =
        Sources::from_dir(dir, display(dir)).map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    match generate(&sources) {
        Ok(generated) => {
            for warning in &generated.warnings {
                eprintln!("{warning}");
            }
            let scenarios: usize = generated.catalog.behaviors.iter().map(|behavior| behavior.scenarios.len()).sum();
            let warnings = match generated.warnings.len() {
                0 => "no problems".to_owned(),
                1 => "1 warning".to_owned(),
                n => format!("{n} warnings"),
            };
            let summary = format!(
                "{}: {} behaviors, {scenarios} scenarios, {warnings}",
                dir.display(),
                generated.catalog.behaviors.len()
            );
            println!("{summary}");
            Ok(summary)
        }
        Err(report) => {
            eprint!("{report}");
            let errors = report.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
            Err(format!("{} has {errors} error{}", dir.display(), if errors == 1 { "" } else { "s" }))
        }
    }
}

/// `check --client-tools FILE`: validation plus the tool names against the client's tools.
fn check_client_tools(dir: &Path, file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|error| format!("cannot read {}: {error}", file.display()))?;
    let tools =
        dotforge_codegen::parse_client_tools(&text).map_err(|problem| format!("{}: {problem}", file.display()))?;
    let sources =
        Sources::from_dir(dir, display(dir)).map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    let report = dotforge_codegen::check_client_tools(&sources, &tools);
    eprint!("{report}");
    let errors = report.diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
    if errors > 0 {
        return Err(format!("{} has {errors} error{}", dir.display(), if errors == 1 { "" } else { "s" }));
    }
    println!("{}: every tool it names is offered by the {} tools of {}", dir.display(), tools.len(), file.display());
    Ok(())
}

fn write_checked(dir: &Path, file: &Path, edited: &str) -> Result<(), String> {
    let original = std::fs::read_to_string(file).map_err(|error| format!("cannot read {}: {error}", file.display()))?;
    std::fs::write(file, edited).map_err(|error| format!("cannot write {}: {error}", file.display()))?;
    if let Err(problem) = check(dir) {
        let _ = std::fs::write(file, original);
        return Err(format!("{problem}; {} was left unchanged", file.display()));
    }
    Ok(())
}

fn set_enabled(switch: &ProjectSwitch, enabled: bool) -> Result<(), String> {
    let index = switch.dir.join("index.yaml");
    let text = std::fs::read_to_string(&index).map_err(|error| format!("cannot read {}: {error}", index.display()))?;
    let edited = edit::set_index_enabled(&text, &switch.id, enabled)?;
    write_checked(&switch.dir, &index, &edited)?;
    println!(
        "`{}` is {} in {}; rebuild the hook (cargo build --release) to apply it",
        switch.id,
        if enabled { "on" } else { "off" },
        index.display()
    );
    Ok(())
}

fn rescale(tune: &Tune, word: &str, scale: impl Fn(u64) -> u64) -> Result<(), String> {
    let file = tune.dir.join(&tune.id).join("behavior.yaml");
    let text = std::fs::read_to_string(&file).map_err(|error| format!("cannot read {}: {error}", file.display()))?;
    let (edited, changes) = edit::scale_escalation(&text, scale)?;
    write_checked(&tune.dir, &file, &edited)?;
    let steps: Vec<String> = changes.iter().map(|(from, to)| format!("{from} → {to}")).collect();
    println!(
        "`{}` is {word}: escalation after {}; rebuild the hook (cargo build --release) to apply it",
        tune.id,
        steps.join(", ")
    );
    Ok(())
}

/// Where `new` takes dotforge's crates from (the command line's choice).
struct Source<'a> {
    path: Option<&'a Path>,
    git: Option<String>,
    rev: Option<String>,
    version: Option<String>,
}

fn new_project(name: &str, parent: &Path, source: Source<'_>) -> Result<(), String> {
    let name = template::project_name(name)?;
    let target = parent.join(&name);
    let version = source.version.unwrap_or_else(|| template::DEFAULT_VERSION.to_owned());
    let dependency = match (source.path, source.git) {
        (Some(path), _) => {
            let absolute = path.canonicalize().map_err(|error| format!("cannot use {}: {error}", path.display()))?;
            if !absolute.join("dotforge-runtime/Cargo.toml").exists() {
                return Err(format!("{} is not a dotforge checkout (no dotforge-runtime/)", absolute.display()));
            }
            let parent = parent.canonicalize().map_err(|error| format!("cannot use {}: {error}", parent.display()))?;
            let written = dependency::relative_to(&absolute, &parent.join(&name));
            Dependency::Path { written, origin: checkout::origin(&absolute) }
        }
        (None, Some(url)) => Dependency::Git { url, rev: source.rev },
        (None, None) => Dependency::Registry { version: version.clone() },
    };
    let mut values = template::Values { dotforge_version: version.clone(), ..template::Values::default() };
    if let Dependency::Path { written, .. } = &dependency {
        values.dotforge_path = written.clone();
    }
    if let Some(origin) = dependency.fetched_from() {
        values.dotforge_checkout_git = origin.url.clone();
        values.dotforge_checkout_rev = origin.rev.clone();
    }
    let files = template::generate(&target, &name, &values)?;
    if let Dependency::Git { .. } = dependency {
        let manifest = target.join("Cargo.toml");
        let text = std::fs::read_to_string(&manifest)
            .map_err(|error| format!("cannot read {}: {error}", manifest.display()))?;
        let mut edited = text.clone();
        for crate_name in ["dotforge-runtime", "dotforge-codegen"] {
            let registry = format!("{crate_name} = \"{version}\"");
            edited = edited.replace(&registry, &format!("{crate_name} = {}", dependency.spec(crate_name)));
        }
        std::fs::write(&manifest, edited).map_err(|error| format!("cannot write {}: {error}", manifest.display()))?;
    }
    println!("created {} ({} files)", target.display(), files.len());
    let (chosen, warnings) = dependency.said();
    println!("{chosen}");
    for warning in warnings {
        eprintln!("warning: {warning}");
    }
    println!("next: cd {} && cargo build --release && cargo test --release", target.display());
    println!(
        "then, in the project your agent works in: {}/target/release/{name} install (see `install --help` for the other CLIs)",
        target.display()
    );
    Ok(())
}

fn schema(write: Option<&Path>) -> Result<(), String> {
    let schemas = [
        ("behavior.schema.json", json_schema::behavior_schema()),
        ("index.schema.json", json_schema::index_schema()),
        ("scenario.schema.json", json_schema::scenario_schema()),
    ];
    let Some(dir) = write else {
        let all: serde_json::Map<String, serde_json::Value> = schemas
            .into_iter()
            .map(|(name, schema)| (name.trim_end_matches(".schema.json").to_owned(), schema))
            .collect();
        println!("{}", serde_json::to_string_pretty(&all).unwrap_or_default());
        return Ok(());
    };
    std::fs::create_dir_all(dir).map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    for (name, schema) in schemas {
        let path = dir.join(name);
        let text = format!("{}\n", serde_json::to_string_pretty(&schema).unwrap_or_default());
        std::fs::write(&path, text).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}
