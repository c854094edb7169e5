//! `status`: per live session, newest first, its totals and flags, then the behaviors with something to show — a
//! counter, an override, a block waiting for an answer, a switch for the session — with their counter, level, next
//! threshold, overrides and last violation; `--all` lists every behavior, and `--json` always does.

use super::print::print_out;
use super::sessions;
use crate::catalog::{Behavior, Catalog};
use crate::session::Session;
use serde_json::{json, Value};
use std::path::Path;

/// Whether a behavior runs in a session, and why.
pub(super) fn switch_text(behavior: &Behavior, session: &Session) -> (&'static str, bool) {
    match session.enabled_override(behavior.id) {
        Some(true) if !behavior.enabled => ("on (session)", true),
        Some(false) if behavior.enabled => ("off (session)", false),
        _ if behavior.enabled => ("on", true),
        _ => ("off (index)", false),
    }
}

fn behavior_row(behavior: &Behavior, session: &Session) -> Value {
    let state = session.behaviors.get(behavior.id);
    let counter = state.map_or(0, |state| state.counter);
    let next = (behavior.next_threshold)(counter);
    let (switch, enabled) = switch_text(behavior, session);
    let switched = session.enabled_override(behavior.id).is_some_and(|on| on != behavior.enabled);
    let waiting = state.is_some_and(|state| state.pending_block.is_some());
    json!({
        "id": behavior.id,
        "status": switch,
        "enabled": enabled,
        "pending_block": waiting,
        "noteworthy": counter > 0 || switched || waiting || state.is_some_and(|state| !state.overrides.is_empty()),
        "counter": counter,
        "level": state.map_or("-", |state| if state.counter == 0 { "-" } else { state.effective_level.name() }),
        "next_threshold": next,
        "next_level": next.map(|after| (behavior.level_for)(after).name()),
        "overrides": state.map_or(0, |state| state.overrides.len()),
        "last_violation_at": state.and_then(|state| state.last_violation_at.clone()),
        "last_violation_tool": state.and_then(|state| state.last_violation_tool.clone()),
    })
}

fn session_json(catalog: &Catalog, id: &str, session: &Session) -> Value {
    let behaviors: Vec<Value> = catalog.behaviors.iter().map(|behavior| behavior_row(behavior, session)).collect();
    let violations: u64 = session.behaviors.values().map(|state| u64::from(state.counter)).sum();
    let overrides: usize = session.behaviors.values().map(|state| state.overrides.len()).sum();
    let active = behaviors.iter().filter(|row| row["enabled"] == true).count();
    json!({
        "session_id": id,
        "created_at": session.created_at,
        "last_accessed_at": session.last_accessed_at,
        "violations": violations,
        "overrides": overrides,
        "active_behaviors": active,
        "total_behaviors": catalog.behaviors.len(),
        "flags": session.flags.keys().collect::<Vec<_>>(),
        "behaviors": behaviors,
    })
}

fn text(value: &Value) -> String {
    match value {
        Value::Null => "-".to_owned(),
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

/// One behavior's line in the text table.
fn table_row(row: &Value) -> Vec<String> {
    let next = match (&row["next_threshold"], &row["next_level"]) {
        (Value::Number(after), Value::String(level)) => format!("{after} → {level}"),
        _ => "max".to_owned(),
    };
    let last = match (&row["last_violation_at"], &row["last_violation_tool"]) {
        (Value::String(at), Value::String(tool)) => format!("{at} ({tool})"),
        (Value::String(at), _) => at.clone(),
        _ => "-".to_owned(),
    };
    let status = if row["pending_block"] == true {
        format!("{}, block pending", text(&row["status"]))
    } else {
        text(&row["status"])
    };
    vec![text(&row["id"]), status, text(&row["counter"]), text(&row["level"]), next, text(&row["overrides"]), last]
}

fn print_session(session: &Value, all: bool) {
    print_out(&format!(
        "session {}  started {}  last active {}",
        text(&session["session_id"]),
        text(&session["created_at"]),
        text(&session["last_accessed_at"])
    ));
    let count = |key: &str, one: &str| match session[key].as_u64().unwrap_or(0) {
        1 => format!("1 {one}"),
        many => format!("{many} {one}s"),
    };
    print_out(&format!(
        "  {} · {} · {}/{} behaviors active · flags: {}",
        count("violations", "violation"),
        count("overrides", "override"),
        session["active_behaviors"],
        session["total_behaviors"],
        session["flags"]
            .as_array()
            .filter(|flags| !flags.is_empty())
            .map_or("none".to_owned(), |flags| { flags.iter().map(text).collect::<Vec<_>>().join(", ") })
    ));
    let header = ["behavior", "status", "counter", "level", "next", "overrides", "last violation"];
    let behaviors = session["behaviors"].as_array().cloned().unwrap_or_default();
    let (shown, quiet): (Vec<Value>, Vec<Value>) =
        behaviors.into_iter().partition(|row| all || row["noteworthy"] == true);
    let rows: Vec<Vec<String>> = shown.iter().map(table_row).collect();
    if rows.is_empty() {
        print_out("  no behavior has counted anything or been switched in this session");
    } else {
        for line in crate::table::render(&header, &rows, false) {
            print_out(&format!("  {line}"));
        }
    }
    if !quiet.is_empty() {
        print_out(&format!(
            "  {} more with nothing to show (on or off as the index says, no violation): status --all lists them",
            quiet.len()
        ));
    }
}

/// Runs `status`.
pub(super) fn run(
    catalog: &Catalog,
    forge_root: &Path,
    only: Option<&str>,
    all: bool,
    as_json: bool,
) -> Result<(), String> {
    let sessions = sessions::read(forge_root, only);
    if !sessions.recorded {
        if as_json {
            print_out(&json!({"forge_root": forge_root, "sessions": []}).to_string());
        } else {
            print_out(&format!("no sessions recorded yet in {} (no state.json)", forge_root.display()));
        }
        return Ok(());
    }
    if let Some(only) = only {
        if sessions.list.is_empty() {
            return Err(format!("no session `{only}` in {}", sessions.path.display()));
        }
    }
    let values: Vec<Value> = sessions.list.iter().map(|(id, session)| session_json(catalog, id, session)).collect();
    if as_json {
        print_out(&json!({"forge_root": forge_root, "sessions": values}).to_string());
        return Ok(());
    }
    if values.is_empty() {
        print_out(&format!("no live sessions in {}", sessions.path.display()));
    }
    for (index, session) in values.iter().enumerate() {
        if index > 0 {
            print_out("");
        }
        print_session(session, all);
    }
    Ok(())
}
