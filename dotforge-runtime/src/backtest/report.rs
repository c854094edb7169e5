//! The backtest's report: the totals of the replay in JSON, and the same for a person — totals, a table of the
//! behaviors that fired, examples, and, when the history holds more than Claude Code's transcripts, each CLI's part.

use super::replay::{BehaviorTotals, Found, Totals};
use crate::catalog::Catalog;
use crate::history::lines::Skipped;
use crate::time::Timestamp;
use serde_json::{json, Value};

/// The report as JSON: the totals, each behavior of the catalog, what was skipped, and each CLI's totals.
pub(super) fn report_json(catalog: &Catalog, found: &Found) -> Value {
    let mut report = totals_json(catalog, &found.all, true);
    report["skipped"] = skipped_json(&found.skipped);
    let clis: serde_json::Map<String, Value> =
        found.by_cli.iter().map(|(cli, totals)| ((*cli).to_owned(), totals_json(catalog, totals, false))).collect();
    report["clis"] = Value::Object(clis);
    report
}

fn skipped_json(skipped: &Skipped) -> Value {
    json!({
        "malformed_lines": skipped.malformed,
        "not_utf8_lines": skipped.not_utf8,
        "truncated_files": skipped.truncated_files,
        "other_line_types": skipped.other_types,
    })
}

/// Totals as JSON: every behavior of the catalog with its examples (`whole`), or only those that fired, without.
fn totals_json(catalog: &Catalog, totals: &Totals, whole: bool) -> Value {
    let empty = BehaviorTotals::default();
    let behaviors: serde_json::Map<String, Value> = catalog
        .behaviors
        .iter()
        .map(|behavior| (behavior, totals.behaviors.get(behavior.id).unwrap_or(&empty)))
        .filter(|(_, found)| whole || found.violations + found.overrides > 0)
        .map(|(behavior, found)| {
            let examples: Vec<Value> = found
                .examples
                .iter()
                .map(|example| {
                    let mut value = json!({"session": example.session, "at": example.at, "tool": example.tool,
                        "input": example.input, "level": example.level.name(), "message": example.message});
                    if let Some(road) = &example.road {
                        value["road"] = json!(road);
                    }
                    value
                })
                .collect();
            let mut value = json!({
                "enabled": behavior.enabled,
                "sessions": found.sessions.len(),
                "violations": found.violations,
                "blocks": found.blocks,
                "overrides": found.overrides,
                "by_level": found.by_level,
            });
            if whole {
                value["examples"] = Value::Array(examples);
            }
            (behavior.id.to_owned(), value)
        })
        .collect();
    json!({
        "files": totals.files,
        "sessions": totals.sessions.len(),
        "events": totals.events,
        "from": totals.first.map(Timestamp::format),
        "to": totals.last.map(Timestamp::format),
        "events_by_level": totals.by_level,
        "behaviors": behaviors,
    })
}

fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The examples of the behaviors that fired, one aligned row each (a `reached through` line under a row whose
/// command was reached through another).
fn examples_table(fired: &[(&String, &Value)]) -> Vec<String> {
    let mut rows = Vec::new();
    let mut roads = Vec::new();
    for (id, value) in fired {
        for example in value["examples"].as_array().into_iter().flatten() {
            let text = |key: &str, chars: usize| -> String {
                example[key].as_str().unwrap_or("").chars().take(chars).collect()
            };
            let said = format!("{}: {}", text("level", 20), text("message", 90));
            let session = format!("session {}", text("session", 8));
            rows.push(vec![(*id).clone(), text("at", 40), session, text("tool", 40), text("input", 60), said]);
            roads.push(example["road"].as_str().map(|road| format!("    reached through: {road}")));
        }
    }
    let lines = crate::table::render_rows(&rows).into_iter().map(|line| format!("  {line}"));
    lines.zip(roads).flat_map(|(line, road)| std::iter::once(line).chain(road)).collect()
}

/// The report for a person: totals, a table of the behaviors that fired, examples.
pub(super) fn report_text(report: &Value) -> String {
    let number = |value: &Value| value.as_u64().unwrap_or(0);
    let mut out = Vec::new();
    let span = match (report["from"].as_str(), report["to"].as_str()) {
        (Some(from), Some(to)) => format!(", {from} → {to}"),
        _ => String::new(),
    };
    out.push(format!(
        "Backtest of {}: {}, {}{span}",
        plural(number(&report["files"]), "transcript file", "transcript files"),
        plural(number(&report["sessions"]), "session", "sessions"),
        plural(number(&report["events"]), "event", "events"),
    ));
    let levels = ["pass", "silent", "nudge", "warning", "soft_block", "hard_block"];
    let by_level: Vec<String> =
        levels.iter().map(|level| format!("{level} {}", number(&report["events_by_level"][level]))).collect();
    out.push(format!("Events by strongest level: {}", by_level.join(" · ")));
    let skipped = &report["skipped"];
    let others: u64 = skipped["other_line_types"].as_object().map_or(0, |types| types.values().map(number).sum());
    out.push(format!(
        "Skipped: {} of other types, {} malformed ({} truncated files), {} not UTF-8",
        plural(others, "line", "lines"),
        number(&skipped["malformed_lines"]),
        number(&skipped["truncated_files"]),
        number(&skipped["not_utf8_lines"]),
    ));
    out.extend(clis_text(report));
    let behaviors = report["behaviors"].as_object().cloned().unwrap_or_default();
    let fired: Vec<(&String, &Value)> =
        behaviors.iter().filter(|(_, value)| number(&value["violations"]) + number(&value["overrides"]) > 0).collect();
    out.push(String::new());
    if fired.is_empty() {
        out.push("No behavior would have fired.".to_owned());
    } else {
        let rows: Vec<Vec<String>> = fired
            .iter()
            .map(|(id, value)| {
                let by_level: Vec<String> = levels[1..]
                    .iter()
                    .filter(|level| number(&value["by_level"][**level]) > 0)
                    .map(|level| format!("{level} {}", number(&value["by_level"][*level])))
                    .collect();
                vec![
                    (*id).clone(),
                    number(&value["sessions"]).to_string(),
                    number(&value["violations"]).to_string(),
                    number(&value["blocks"]).to_string(),
                    number(&value["overrides"]).to_string(),
                    by_level.join(" · "),
                ]
            })
            .collect();
        let header = ["behavior", "sessions", "violations", "blocks", "overrides", "levels"];
        out.extend(crate::table::render(&header, &rows, false));
        out.push(String::new());
        out.push("Examples (the first of each behavior):".to_owned());
        out.extend(examples_table(&fired));
    }
    let quiet: Vec<&String> = behaviors
        .iter()
        .filter(|(_, value)| {
            value["enabled"] == true && number(&value["violations"]) + number(&value["overrides"]) == 0
        })
        .map(|(id, _)| id)
        .collect();
    if !quiet.is_empty() {
        out.push(String::new());
        out.push(format!("Never fired: {}", quiet.iter().map(|id| id.as_str()).collect::<Vec<_>>().join(", ")));
    }
    out.join("\n")
}

/// One line per CLI whose history was read — none when it is Claude Code's alone (the report as it always was).
fn clis_text(report: &Value) -> Vec<String> {
    let number = |value: &Value| value.as_u64().unwrap_or(0);
    let clis = report["clis"].as_object().cloned().unwrap_or_default();
    if clis.keys().all(|cli| cli == "claude") {
        return Vec::new();
    }
    let mut out = vec!["By CLI:".to_owned()];
    for (cli, totals) in &clis {
        let fired: Vec<String> = totals["behaviors"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(id, behavior)| format!("{id} {}", number(&behavior["violations"])))
            .collect();
        let fired = if fired.is_empty() { String::new() } else { format!("; fired: {}", fired.join(", ")) };
        out.push(format!(
            "  {cli}: {}, {}, {}{fired}",
            plural(number(&totals["files"]), "file", "files"),
            plural(number(&totals["sessions"]), "session", "sessions"),
            plural(number(&totals["events"]), "event", "events"),
        ));
    }
    out
}
