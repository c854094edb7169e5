//! Stage 2: validation. Reads index.yaml and every listed behavior.yaml, applies every rule of SCHEMA §6 plus the
//! stricter checks dotforge adds, and builds the [`ir::Catalog`] only when no error was found.

mod behavior;
mod checker;
mod client_tools;
mod scenario;
mod secret_patterns;
mod trigger;

use crate::diagnostic::{Code, Diagnostic, Report, Severity};
use crate::ir;
use crate::parse::{parse, Document};
use crate::schema::{INDEX_ENTRY_KEYS, INDEX_KEYS};
use crate::source::Sources;
use crate::suggest::closest;
use checker::{item, join, Checker};
use std::collections::BTreeSet;

pub(crate) use behavior::is_kebab_id;

/// One entry of index.yaml.
struct IndexEntry {
    id: String,
    enabled: Option<bool>,
    path: String,
}

fn file_diagnostic(code: Code, severity: Severity, file: String, message: String, help: &str) -> Diagnostic {
    Diagnostic {
        severity,
        code,
        message,
        file,
        span: None,
        field: String::new(),
        help: Some(help.to_owned()),
        source_line: None,
    }
}

/// Validates the whole catalog. Returns the IR only when the report has no error. With `client_tools`, also reports
/// every tool name the catalog uses that this client does not offer.
pub(crate) fn catalog(sources: &Sources, report: &mut Report, client_tools: Option<&[String]>) -> Option<ir::Catalog> {
    for (path, reason) in sources.unreadable() {
        report.push(file_diagnostic(
            Code::Unreadable,
            Severity::Error,
            sources.display(path),
            format!("cannot read this file: {reason}"),
            "save it as UTF-8 text",
        ));
    }
    let Some(index_text) = sources.file("index.yaml") else {
        if !sources.is_unreadable("index.yaml") {
            report.push(file_diagnostic(
                Code::MissingIndex,
                Severity::Error,
                sources.display("index.yaml"),
                "missing index.yaml".to_owned(),
                "create it with `schema_version: \"1\"` and a `behaviors:` list of `- id: …` entries",
            ));
        }
        return None;
    };
    let index_doc = parse(&sources.display("index.yaml"), index_text, report)?;
    let entries = index(&index_doc, report)?;
    let mut behaviors = Vec::new();
    let mut seen = BTreeSet::new();
    for entry in &entries {
        if !seen.insert(entry.id.clone()) {
            let diagnostic = index_doc.value_error(
                Code::IndexDuplicate,
                &join(&entry.path, "id"),
                format!("behavior `{}` is listed twice", entry.id),
                Some("ids must be unique; remove the repeated entry".to_owned()),
            );
            report.push(diagnostic);
            continue;
        }
        let relative = format!("{}/behavior.yaml", entry.id);
        let Some(text) = sources.file(&relative) else {
            if sources.is_unreadable(&relative) {
                continue;
            }
            let dirs: Vec<&str> = sources.dirs().collect();
            let help = match closest(&entry.id, &dirs) {
                Some(dir) => format!("did you mean `{dir}`?"),
                None => format!("create {} or remove this entry", sources.display(&relative)),
            };
            let diagnostic = index_doc.value_error(
                Code::IndexWithoutFile,
                &join(&entry.path, "id"),
                format!("no behavior file {} for index entry `{}`", sources.display(&relative), entry.id),
                Some(help),
            );
            report.push(diagnostic);
            continue;
        };
        let Some(doc) = parse(&sources.display(&relative), text, report) else { continue };
        let mut checker = Checker { doc: &doc, report, client_tools };
        let behavior = behavior::behavior(&mut checker, &entry.id, entry.enabled);
        let scenarios = scenarios(sources, &entry.id, report);
        if let Some(mut behavior) = behavior {
            behavior.scenarios = scenarios;
            behaviors.push(behavior);
        }
    }
    for dir in sources.dirs() {
        if !entries.iter().any(|entry| entry.id == dir) {
            report.push(file_diagnostic(
                Code::FolderNotListed,
                Severity::Warning,
                sources.display(&format!("{dir}/")),
                format!("behavior folder `{dir}/` is not listed in index.yaml and is not compiled"),
                &format!("add `- id: {dir}` (with `enabled: false` to keep it off) or remove the folder"),
            ));
        }
    }
    (!report.has_errors()).then_some(ir::Catalog { behaviors })
}

/// Validates every `<id>/tests/*.yaml`, in file-name order.
fn scenarios(sources: &Sources, id: &str, report: &mut Report) -> Vec<ir::Scenario> {
    let prefix = format!("{id}/tests/");
    let mut scenarios = Vec::new();
    let mut names = BTreeSet::new();
    for (relative, text) in sources.files().filter(|(path, _)| path.starts_with(&prefix)) {
        let Some(doc) = parse(&sources.display(relative), text, report) else { continue };
        let file_name = &relative[prefix.len()..];
        let stem = file_name.trim_end_matches(".yaml").trim_end_matches(".yml");
        let mut checker = Checker { doc: &doc, report, client_tools: None };
        if let Some(scenario) = scenario::scenario(&mut checker, relative, stem) {
            if !names.insert(scenario.test_name.clone()) {
                let diagnostic = doc.value_error(
                    Code::ScenarioNameClash,
                    "",
                    format!("scenario file name `{file_name}` gives the same test name as another file"),
                    Some("rename one of the files".to_owned()),
                );
                report.push(diagnostic);
                continue;
            }
            scenarios.push(scenario);
        }
    }
    scenarios
}

fn index(doc: &Document, report: &mut Report) -> Option<Vec<IndexEntry>> {
    let mut checker = Checker { doc, report, client_tools: None };
    let map = checker.mapping(&doc.value, "", INDEX_KEYS)?;
    behavior::schema_version(&mut checker, map);
    let items = checker.req_list(map, "", "behaviors", "[ { id: search-first } ]")?;
    let mut entries = Vec::new();
    for (index, value) in items.iter().enumerate() {
        let path = item("behaviors", index);
        let Some(entry) = checker.mapping(value, &path, INDEX_ENTRY_KEYS) else { continue };
        let id = checker.req_string(entry, &path, "id", "search-first");
        let enabled = checker.opt_bool(entry, &path, "enabled");
        let Some(id) = id else { continue };
        if !is_kebab_id(&id) {
            checker.error(
                Code::IdNotKebab,
                &join(&path, "id"),
                format!("id `{id}` is not kebab-case"),
                "use lowercase letters, digits and inner hyphens, matching `[a-z][a-z0-9-]*[a-z0-9]`",
            );
            continue;
        }
        entries.push(IndexEntry { id, enabled, path });
    }
    Some(entries)
}
