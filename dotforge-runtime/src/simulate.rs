//! `simulate`: replay a recorded session (one hook payload per line) and show, step by step, which behaviors fired,
//! at which counter and level, and what was decided.

use crate::catalog::Catalog;
use crate::hook::EventReport;
use crate::model::SoftBlockMode;
use crate::output::Verdict;
use crate::replay::Replay;
use serde_json::{json, Value};
use std::io::Write;

/// Longest message excerpt in the table, in characters.
const MESSAGE_CHARS: usize = 64;

fn decision(report: &EventReport) -> &'static str {
    match report.verdict {
        Verdict::Deny { hard: true } => "DENY (hard)",
        Verdict::Deny { hard: false } => "DENY (soft)",
        Verdict::Ask => "ASK the user",
        Verdict::Block => "BLOCK",
        Verdict::AllowWithMessage => "allow + message",
        Verdict::Allow => "allow",
    }
}

fn fired_text(report: &EventReport) -> String {
    let parts: Vec<String> = report
        .fired
        .iter()
        .map(|fired| {
            if fired.overridden {
                format!("{} overridden at {}", fired.behavior_id, fired.counter)
            } else {
                format!("{} #{} {}", fired.behavior_id, fired.counter, fired.level.name())
            }
        })
        .collect();
    if parts.is_empty() {
        "-".to_owned()
    } else {
        parts.join(", ")
    }
}

fn short_message(report: &EventReport) -> String {
    let message = report.output.as_ref().and_then(|value| value["systemMessage"].as_str()).unwrap_or("");
    let first = message.lines().next().unwrap_or("").replace("**", "");
    if first.chars().count() <= MESSAGE_CHARS {
        first
    } else {
        let mut short: String = first.chars().take(MESSAGE_CHARS - 1).collect();
        short.push('…');
        short
    }
}

fn step_json(step: usize, report: Option<&EventReport>) -> Value {
    match report {
        None => json!({"step": step, "skipped": "not a handled hook payload"}),
        Some(report) => json!({
            "step": step,
            "event": report.event.name(),
            "tool": report.tool_name,
            "session_id": report.session_id,
            "fired": report.fired.iter().map(|fired| {
                let mut value = json!({"behavior": fired.behavior_id, "counter": fired.counter,
                    "level": fired.level.name(), "override": fired.overridden});
                if let Some(road) = &fired.road {
                    value["road"] = json!(road);
                }
                value
            }).collect::<Vec<_>>(),
            "decision": report.verdict.word(),
            "message": report.output.as_ref().and_then(|value| value.get("systemMessage")).cloned().unwrap_or(Value::Null),
            "output": report.output.clone().unwrap_or(Value::Null),
        }),
    }
}

/// Replays `jsonl` and prints a table (or one JSON object per step). Returns how many steps were replayed.
pub(crate) fn simulate(
    catalog: &Catalog,
    jsonl: &str,
    replay: &Replay,
    profile: &str,
    soft_block: SoftBlockMode,
    as_json: bool,
    out: &mut impl Write,
) -> std::io::Result<usize> {
    let steps: Vec<&str> = jsonl.lines().filter(|line| !line.trim().is_empty()).collect();
    let reports: Vec<Option<EventReport>> =
        steps.iter().map(|line| replay.step(catalog, line.as_bytes(), profile, soft_block)).collect();
    if as_json {
        for (index, report) in reports.iter().enumerate() {
            writeln!(out, "{}", step_json(index + 1, report.as_ref()))?;
        }
        return Ok(reports.len());
    }
    let rows: Vec<Vec<String>> = reports
        .iter()
        .enumerate()
        .map(|(index, report)| match report {
            None => vec![
                (index + 1).to_string(),
                "-".into(),
                "-".into(),
                "skipped: not a handled hook payload".into(),
                "-".into(),
                String::new(),
            ],
            Some(report) => vec![
                (index + 1).to_string(),
                report.event.name().to_owned(),
                if report.tool_name.is_empty() { "-".to_owned() } else { report.tool_name.clone() },
                fired_text(report),
                decision(report).to_owned(),
                short_message(report),
            ],
        })
        .collect();
    let header = ["#", "event", "tool", "fired (behavior #counter level)", "decision", "message"];
    for line in crate::table::render(&header, &rows, true) {
        writeln!(out, "{line}")?;
    }
    Ok(rows.len())
}
