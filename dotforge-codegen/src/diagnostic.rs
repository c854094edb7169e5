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

/// One problem found in the catalog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
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
        let mut text = format!("{}: {}: {}", self.location(), self.severity_name(), self.message);
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
        writeln!(f, "{}: {}", self.severity_name(), self.message)?;
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
