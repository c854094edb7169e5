//! The pure pipeline: sources in, validated catalog and generated source text (or every diagnostic) out. No file
//! system, no environment.

use crate::diagnostic::{Code, Diagnostic, Report, Severity};
use crate::emit::{self, Blob};
use crate::ir;
use crate::source::Sources;
use crate::validate;

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
                code: Code::Internal,
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
