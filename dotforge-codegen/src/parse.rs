//! Stage 1: YAML text → `serde_yaml::Value` plus a [`Locator`] for positions, with syntax errors, duplicate keys and
//! tabs reported at their line and column.

use crate::diagnostic::{Code, Diagnostic, Report, Severity, Span};
use crate::locate::Locator;
use serde_yaml::Value;

/// A parsed YAML file and everything needed to point at its parts.
#[derive(Debug)]
pub(crate) struct Document {
    pub value: Value,
    pub file: String,
    pub locator: Locator,
}

impl Document {
    /// The text of a 1-based line.
    pub(crate) fn line(&self, number: usize) -> Option<String> {
        self.locator.line(number).map(str::to_owned)
    }

    fn diagnostic(
        &self,
        severity: Severity,
        code: Code,
        span: Option<Span>,
        field: &str,
        message: String,
        help: Option<String>,
    ) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message,
            file: self.file.clone(),
            span,
            field: field.to_owned(),
            help,
            source_line: span.and_then(|span| self.line(span.line)),
        }
    }

    /// An error pointing at the value of `field` (or its key, or its nearest parent).
    pub(crate) fn value_error(&self, code: Code, field: &str, message: String, help: Option<String>) -> Diagnostic {
        self.diagnostic(Severity::Error, code, self.locator.value(field), field, message, help)
    }

    /// An error pointing at the key of `field` (or its nearest parent).
    pub(crate) fn key_error(&self, code: Code, field: &str, message: String, help: Option<String>) -> Diagnostic {
        self.diagnostic(Severity::Error, code, self.locator.key(field), field, message, help)
    }

    /// A warning pointing at the value of `field`.
    pub(crate) fn value_warning(&self, code: Code, field: &str, message: String, help: Option<String>) -> Diagnostic {
        self.diagnostic(Severity::Warning, code, self.locator.value(field), field, message, help)
    }
}

/// Parses one file; on a syntax error reports it and returns `None`.
pub(crate) fn parse(file: &str, text: &str, report: &mut Report) -> Option<Document> {
    let locator = Locator::scan(text);
    let mut document = Document { value: Value::Null, file: file.to_owned(), locator };
    let duplicates = std::mem::take(&mut document.locator.duplicates);
    for (path, span) in &duplicates {
        let key = path.rsplit('.').next().unwrap_or(path);
        report.push(document.diagnostic(
            Severity::Error,
            Code::DuplicateKey,
            Some(*span),
            path,
            format!("duplicate key `{key}`"),
            Some("each key may appear once per mapping; remove or merge the repeated one".to_owned()),
        ));
    }
    match serde_yaml::from_str::<Value>(text) {
        Ok(value) => {
            document.value = value;
            (duplicates.is_empty()).then_some(document)
        }
        Err(error) => {
            let message = error.to_string();
            if duplicates.is_empty() || !message.starts_with("duplicate entry") {
                let span =
                    error.location().map(|location| Span { line: location.line(), col: location.column(), len: 1 });
                let tab_line = span.and_then(|span| document.line(span.line)).is_some_and(|line| line.contains('\t'));
                let help = if tab_line {
                    "YAML indentation must use spaces; replace the tab characters"
                } else {
                    "fix the YAML syntax at this position"
                };
                let message = format!("invalid YAML: {}", strip_location(&message));
                report.push(document.diagnostic(
                    Severity::Error,
                    Code::InvalidYaml,
                    span,
                    "",
                    message,
                    Some(help.to_owned()),
                ));
            }
            None
        }
    }
}

/// serde_yaml appends ` at line L column C`; the diagnostic shows the position itself.
fn strip_location(message: &str) -> &str {
    match message.find(" at line ") {
        Some(position) => &message[..position],
        None => message,
    }
}
