//! Diagnostics in the style of rustc: `error: message`, `--> file:line:col`, the source line with a caret
//! underline, the field path and a help line. Every problem is collected; nothing stops at the first one.

use std::fmt;

/// A position in a source file: 1-based line and column (in characters), and the length to underline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
    /// Characters to underline (at least one is shown).
    pub len: usize,
}

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// Printed as a `cargo:warning`; the build goes on.
    Warning,
    /// Fails the build; nothing is generated.
    Error,
}

/// What kind of problem a diagnostic reports: a stable name, printed as `error[name]`, that tests and tools match
/// instead of the prose (which may be reworded). Each rule of SCHEMA §6 and of dotforge's additions has its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// A file could not be read as text.
    Unreadable,
    /// The behaviors folder has no `index.yaml`.
    MissingIndex,
    /// The YAML does not parse.
    InvalidYaml,
    /// A key appears twice in one mapping.
    DuplicateKey,
    /// A key the schema does not know.
    UnknownKey,
    /// A required key is absent.
    MissingKey,
    /// A value of the wrong YAML type.
    WrongType,
    /// A value outside its closed list (an unknown level, event, operator, profile…).
    UnknownValue,
    /// A value that must not be empty is.
    EmptyValue,
    /// `schema_version` is not the string "1".
    SchemaVersion,
    /// An id is not kebab-case.
    IdNotKebab,
    /// A behavior's id differs from its folder's name.
    IdFolderMismatch,
    /// An index entry is listed twice.
    IndexDuplicate,
    /// An index entry has no behavior file.
    IndexWithoutFile,
    /// A behavior folder the index does not list.
    FolderNotListed,
    /// A description outside SCHEMA's 1–3 sentences.
    DescriptionLength,
    /// `scope: task|project`, which act as `session` in v1.
    ScopeReserved,
    /// A behavior without triggers.
    NoTriggers,
    /// No trigger of the behavior can produce a violation.
    NeverViolates,
    /// A template that is never shown, as nothing violates.
    TemplateNeverShown,
    /// An escalation `after` that is not a whole number of at least 1.
    EscalationAfter,
    /// Escalation steps whose `after` or level decreases.
    EscalationOrder,
    /// An escalation step with the same `after` as the one before.
    EscalationRepeat,
    /// An escalation level milder than the default level.
    EscalationBelowDefault,
    /// A text over its length limit.
    TooLong,
    /// A nudge template over several lines.
    NudgeMultiline,
    /// An unknown `{variable}` in a template.
    TemplateVariable,
    /// A `metadata.version` that is not semver.
    Semver,
    /// A key or matcher that does not apply to the event.
    KeyNotForEvent,
    /// A regex that does not compile (or needs backtracking).
    Regex,
    /// An operator on a field it does not apply to.
    OperatorField,
    /// A condition value of the wrong kind for its operator.
    ValueType,
    /// A `runs` command pattern that does not read.
    CommandPattern,
    /// A `reads`/`writes` path glob that does not read.
    PathGlob,
    /// A field that is never set on the event or by the tools the matcher names.
    FieldNeverSet,
    /// A flag key on a trigger whose action does not use it.
    FlagMisplaced,
    /// A flag name that is not kebab-case or snake_case.
    FlagName,
    /// Two scenario files that give the same test name.
    ScenarioNameClash,
    /// A scenario without steps.
    ScenarioNoSteps,
    /// A scenario step's `tool_input` that JSON cannot hold.
    ScenarioToolInput,
    /// A scenario's files (`repository`, a step's `files`) that are not relative paths with text.
    ScenarioFiles,
    /// A tool the checked client does not offer (`dotforge check --client-tools`).
    ClientTool,
    /// A tool name no CLI the hook serves has: another CLI's own name, or a near miss (`Wrte`).
    UnknownTool,
    /// A matcher's MCP tool name that no MCP tool can have (`mcp__write_file`: no server part).
    McpToolName,
    /// A `metadata.legacy_tools` entry nothing names.
    LegacyToolUnused,
    /// A `secret_patterns` entry that cannot work (a regex that matches empty text, an empty kind).
    SecretPattern,
    /// A problem of the generator itself.
    Internal,
}

impl Code {
    /// The stable name, kebab-case.
    pub const fn name(self) -> &'static str {
        match self {
            Code::Unreadable => "unreadable",
            Code::MissingIndex => "missing-index",
            Code::InvalidYaml => "invalid-yaml",
            Code::DuplicateKey => "duplicate-key",
            Code::UnknownKey => "unknown-key",
            Code::MissingKey => "missing-key",
            Code::WrongType => "wrong-type",
            Code::UnknownValue => "unknown-value",
            Code::EmptyValue => "empty-value",
            Code::SchemaVersion => "schema-version",
            Code::IdNotKebab => "id-not-kebab",
            Code::IdFolderMismatch => "id-folder-mismatch",
            Code::IndexDuplicate => "index-duplicate",
            Code::IndexWithoutFile => "index-without-file",
            Code::FolderNotListed => "folder-not-listed",
            Code::DescriptionLength => "description-length",
            Code::ScopeReserved => "scope-reserved",
            Code::NoTriggers => "no-triggers",
            Code::NeverViolates => "never-violates",
            Code::TemplateNeverShown => "template-never-shown",
            Code::EscalationAfter => "escalation-after",
            Code::EscalationOrder => "escalation-order",
            Code::EscalationRepeat => "escalation-repeat",
            Code::EscalationBelowDefault => "escalation-below-default",
            Code::TooLong => "too-long",
            Code::NudgeMultiline => "nudge-multiline",
            Code::TemplateVariable => "template-variable",
            Code::Semver => "semver",
            Code::KeyNotForEvent => "key-not-for-event",
            Code::Regex => "regex",
            Code::SecretPattern => "secret-pattern",
            Code::OperatorField => "operator-field",
            Code::ValueType => "value-type",
            Code::CommandPattern => "command-pattern",
            Code::PathGlob => "path-glob",
            Code::FieldNeverSet => "field-never-set",
            Code::FlagMisplaced => "flag-misplaced",
            Code::FlagName => "flag-name",
            Code::ScenarioNameClash => "scenario-name-clash",
            Code::ScenarioNoSteps => "scenario-no-steps",
            Code::ScenarioToolInput => "scenario-tool-input",
            Code::ScenarioFiles => "scenario-files",
            Code::ClientTool => "client-tool",
            Code::UnknownTool => "unknown-tool",
            Code::McpToolName => "mcp-tool-name",
            Code::LegacyToolUnused => "legacy-tool-unused",
            Code::Internal => "internal",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One problem found in the catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What kind of problem it is.
    pub code: Code,
    /// Lowercase, no trailing period, user input in backticks.
    pub message: String,
    /// The file, as displayed (relative to the behaviors folder's parent when possible).
    pub file: String,
    /// Where in the file, when known.
    pub span: Option<Span>,
    /// The field path, e.g. `policy.triggers[1].on_absent`; empty for the whole file.
    pub field: String,
    /// How to fix it.
    pub help: Option<String>,
    /// The source line the span points at.
    pub source_line: Option<String>,
}

impl Diagnostic {
    /// The one-line form used for `cargo:warning=`: `file:line:col: warning: message (field ...; help: ...)`.
    pub fn one_line(&self) -> String {
        let mut text = format!("{}: {}[{}]: {}", self.location(), self.severity_name(), self.code, self.message);
        let mut extras = Vec::new();
        if !self.field.is_empty() {
            extras.push(format!("field `{}`", self.field));
        }
        if let Some(help) = &self.help {
            extras.push(format!("help: {help}"));
        }
        if !extras.is_empty() {
            text.push_str(&format!(" ({})", extras.join("; ")));
        }
        text
    }

    /// `file:line:col`, or just `file` when the position is unknown.
    pub fn location(&self) -> String {
        match self.span {
            Some(span) => format!("{}:{}:{}", self.file, span.line, span.col),
            None => self.file.clone(),
        }
    }

    fn severity_name(&self) -> &'static str {
        match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}[{}]: {}", self.severity_name(), self.code, self.message)?;
        let gutter = self.span.map_or(1, |span| span.line.to_string().len());
        let pad = " ".repeat(gutter);
        writeln!(f, "{pad}--> {}", self.location())?;
        if let (Some(span), Some(line)) = (self.span, &self.source_line) {
            let shown = line.replace('\t', " ");
            let marker_pad: String = shown.chars().take(span.col.saturating_sub(1)).map(|_| ' ').collect();
            writeln!(f, "{pad} |")?;
            writeln!(f, "{} | {shown}", span.line)?;
            writeln!(f, "{pad} | {marker_pad}{}", "^".repeat(span.len.max(1)))?;
        }
        if !self.field.is_empty() {
            writeln!(f, "{pad} = field: {}", self.field)?;
        }
        if let Some(help) = &self.help {
            writeln!(f, "{pad} = help: {help}")?;
        }
        Ok(())
    }
}

/// Every diagnostic of one run, in the order found (files in index order, fields in file order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// The diagnostics.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Adds one diagnostic.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|diagnostic| diagnostic.severity == Severity::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|diagnostic| diagnostic.severity == Severity::Warning)
    }

    /// True when at least one error was found.
    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for diagnostic in &self.diagnostics {
            writeln!(f, "{diagnostic}")?;
        }
        let errors = self.errors().count();
        let warnings = self.warnings().count();
        if errors > 0 {
            let plural = if errors == 1 { "" } else { "s" };
            write!(f, "error: the behavior catalog has {errors} error{plural}")?;
            if warnings > 0 {
                write!(f, " and {warnings} warning{}", if warnings == 1 { "" } else { "s" })?;
            }
            writeln!(f, "; nothing was generated")?;
        }
        Ok(())
    }
}

impl std::error::Error for Report {}
