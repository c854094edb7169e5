//! Typed access to a YAML value tree that records a diagnostic for every missing key, wrong type, unknown key or
//! unknown enum value, and carries on so that all problems are reported at once.

use crate::diagnostic::{Code, Diagnostic, Report};
use crate::parse::Document;
use crate::suggest::{help_for, list};
use serde_yaml::{Mapping, Value};

/// `parent.key`, or `key` at the root.
pub(crate) fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_owned()
    } else {
        format!("{parent}.{key}")
    }
}

/// `parent[index]`.
pub(crate) fn item(parent: &str, index: usize) -> String {
    format!("{parent}[{index}]")
}

/// "a string", "a number", … for type errors.
pub(crate) fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Sequence(_) => "a list",
        Value::Mapping(_) => "a mapping",
        Value::Tagged(_) => "a tagged value",
    }
}

/// Checks one YAML document, collecting diagnostics.
pub(crate) struct Checker<'d> {
    pub doc: &'d Document,
    pub report: &'d mut Report,
    /// The tools of the Claude Code the catalog is checked against (`dotforge check --client-tools`), if any.
    pub client_tools: Option<&'d [String]>,
}

impl<'d> Checker<'d> {
    /// Records a diagnostic.
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.report.push(diagnostic);
    }

    /// An error at the value of `path`.
    pub(crate) fn error(&mut self, code: Code, path: &str, message: impl Into<String>, help: impl Into<String>) {
        let diagnostic = self.doc.value_error(code, path, message.into(), Some(help.into()));
        self.push(diagnostic);
    }

    /// A warning at the value of `path`.
    pub(crate) fn warning(&mut self, code: Code, path: &str, message: impl Into<String>, help: impl Into<String>) {
        let diagnostic = self.doc.value_warning(code, path, message.into(), Some(help.into()));
        self.push(diagnostic);
    }

    /// `value` must be a mapping whose keys are all in `allowed`; unknown keys get a "did you mean".
    pub(crate) fn mapping<'v>(&mut self, value: &'v Value, path: &str, allowed: &[&str]) -> Option<&'v Mapping> {
        let Value::Mapping(map) = value else {
            let what = if path.is_empty() { "the file".to_owned() } else { format!("`{path}`") };
            self.error(
                Code::WrongType,
                path,
                format!("{what} must be a mapping, found {}", kind_of(value)),
                format!("expected keys: {}", list(allowed)),
            );
            return None;
        };
        for key in map.keys() {
            match key.as_str() {
                Some(name) if allowed.contains(&name) => {}
                Some(name) => {
                    let field = join(path, name);
                    let diagnostic = self.doc.key_error(
                        Code::UnknownKey,
                        &field,
                        format!("unknown key `{name}`"),
                        Some(help_for(name, allowed)),
                    );
                    self.push(diagnostic);
                }
                None => self.error(
                    Code::WrongType,
                    path,
                    format!("keys must be strings, found {}", kind_of(key)),
                    "quote the key",
                ),
            }
        }
        Some(map)
    }

    /// A key's value; a YAML `null` counts as absent.
    pub(crate) fn get<'v>(map: &'v Mapping, key: &str) -> Option<&'v Value> {
        map.get(key).filter(|value| !value.is_null())
    }

    /// Reports a missing required key at its parent.
    pub(crate) fn missing(&mut self, parent: &str, key: &str, example: &str) {
        let field = join(parent, key);
        let diagnostic = self.doc.key_error(
            Code::MissingKey,
            parent,
            format!("missing required key `{key}`"),
            Some(format!("add `{key}: {example}`")),
        );
        self.push(Diagnostic { field, ..diagnostic });
    }

    /// A required string.
    pub(crate) fn req_string(&mut self, map: &Mapping, parent: &str, key: &str, example: &str) -> Option<String> {
        match Checker::get(map, key) {
            None => {
                self.missing(parent, key, example);
                None
            }
            Some(value) => self.string_value(value, &join(parent, key)),
        }
    }

    /// An optional string.
    pub(crate) fn opt_string(&mut self, map: &Mapping, parent: &str, key: &str) -> Option<String> {
        Checker::get(map, key).and_then(|value| self.string_value(value, &join(parent, key)))
    }

    /// `value` must be a string.
    pub(crate) fn string_value(&mut self, value: &Value, path: &str) -> Option<String> {
        match value {
            Value::String(text) => Some(text.clone()),
            other => {
                self.error(
                    Code::WrongType,
                    path,
                    format!("`{path}` must be a string, found {}", kind_of(other)),
                    "put the value in quotes",
                );
                None
            }
        }
    }

    /// An optional boolean.
    pub(crate) fn opt_bool(&mut self, map: &Mapping, parent: &str, key: &str) -> Option<bool> {
        let path = join(parent, key);
        match Checker::get(map, key)? {
            Value::Bool(flag) => Some(*flag),
            other => {
                self.error(
                    Code::WrongType,
                    &path,
                    format!("`{path}` must be `true` or `false`, found {}", kind_of(other)),
                    "write `true` or `false` without quotes",
                );
                None
            }
        }
    }

    /// A required enum value; unknown values get a "did you mean".
    pub(crate) fn req_enum(
        &mut self,
        map: &Mapping,
        parent: &str,
        key: &str,
        variants: &[&'static str],
    ) -> Option<&'static str> {
        match Checker::get(map, key) {
            None => {
                self.missing(parent, key, variants.first().copied().unwrap_or(""));
                None
            }
            Some(value) => self.enum_value(value, &join(parent, key), key, variants),
        }
    }

    /// An optional enum value.
    pub(crate) fn opt_enum(
        &mut self,
        map: &Mapping,
        parent: &str,
        key: &str,
        variants: &[&'static str],
    ) -> Option<&'static str> {
        let value = Checker::get(map, key)?;
        self.enum_value(value, &join(parent, key), key, variants)
    }

    /// `value` must be one of `variants`.
    pub(crate) fn enum_value(
        &mut self,
        value: &Value,
        path: &str,
        what: &str,
        variants: &[&'static str],
    ) -> Option<&'static str> {
        let text = match value {
            Value::String(text) => text.as_str(),
            other => {
                self.error(
                    Code::WrongType,
                    path,
                    format!("`{path}` must be one of {}, found {}", list(variants), kind_of(other)),
                    "use one of the listed names",
                );
                return None;
            }
        };
        match variants.iter().find(|variant| **variant == text) {
            Some(variant) => Some(*variant),
            None => {
                self.error(
                    Code::UnknownValue,
                    path,
                    format!("unknown {} `{text}`", what.replace('_', " ")),
                    help_for(text, variants),
                );
                None
            }
        }
    }

    /// An optional list of strings.
    pub(crate) fn opt_string_list(&mut self, map: &Mapping, parent: &str, key: &str) -> Vec<String> {
        let path = join(parent, key);
        let Some(value) = Checker::get(map, key) else { return Vec::new() };
        let Value::Sequence(items) = value else {
            self.error(
                Code::WrongType,
                &path,
                format!("`{path}` must be a list of strings, found {}", kind_of(value)),
                "write `[a, b]` or one `- item` per line",
            );
            return Vec::new();
        };
        items.iter().enumerate().filter_map(|(index, value)| self.string_value(value, &item(&path, index))).collect()
    }

    /// A required list.
    pub(crate) fn req_list<'v>(
        &mut self,
        map: &'v Mapping,
        parent: &str,
        key: &str,
        example: &str,
    ) -> Option<&'v [Value]> {
        let path = join(parent, key);
        match Checker::get(map, key) {
            None => {
                self.missing(parent, key, example);
                None
            }
            Some(Value::Sequence(items)) => Some(items),
            Some(other) => {
                self.error(
                    Code::WrongType,
                    &path,
                    format!("`{path}` must be a list, found {}", kind_of(other)),
                    "write one `- item` per line",
                );
                None
            }
        }
    }
}
