//! `status`: per live session, each behavior's switch, counter, level, next threshold, overrides and last violation.

use super::print::print_out;
use crate::catalog::{Behavior, Catalog};
use crate::session::Session;
use crate::settings::Settings;
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
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
    json!({
        "id": behavior.id,
        "status": switch,
        "enabled": enabled,
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

fn print_session(session: &Value) {
    print_out(&format!(
        "session {}  started {}  last active {}",
        text(&session["session_id"]),
        text(&session["created_at"]),
        text(&session["last_accessed_at"])
    ));
    print_out(&format!(
        "  {} violations · {} overrides · {}/{} behaviors active · flags: {}",
        session["violations"],
        session["overrides"],
        session["active_behaviors"],
        session["total_behaviors"],
        session["flags"]
            .as_array()
            .filter(|flags| !flags.is_empty())
            .map_or("none".to_owned(), |flags| { flags.iter().map(text).collect::<Vec<_>>().join(", ") })
    ));
    let header = ["behavior", "status", "counter", "level", "next", "overrides", "last violation"];
    let rows: Vec<Vec<String>> = session["behaviors"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|row| {
                    let next = match (&row["next_threshold"], &row["next_level"]) {
                        (Value::Number(after), Value::String(level)) => format!("{after} → {level}"),
                        _ => "max".to_owned(),
                    };
                    let last = match (&row["last_violation_at"], &row["last_violation_tool"]) {
                        (Value::String(at), Value::String(tool)) => format!("{at} ({tool})"),
                        (Value::String(at), _) => at.clone(),
                        _ => "-".to_owned(),
                    };
                    vec![
                        text(&row["id"]),
                        text(&row["status"]),
                        text(&row["counter"]),
                        text(&row["level"]),
                        next,
                        text(&row["overrides"]),
                        last,
                    ]
                })
                .collect()
        })
        .unwrap_or_default();
    for line in crate::table::render(&header, &rows, false) {
        print_out(&format!("  {line}"));
    }
}

/// Runs `status`.
pub(super) fn run(catalog: &Catalog, forge_root: &Path, only: Option<&str>, as_json: bool) -> Result<(), String> {
    let path = forge_root.join("runtime").join("state.json");
    let now = Timestamp::now();
    let bytes = read_state(&path);
    let Some(bytes) = bytes else {
        if as_json {
            print_out(&json!({"forge_root": forge_root, "sessions": []}).to_string());
        } else {
            print_out(&format!("no sessions recorded yet in {} (no state.json)", forge_root.display()));
        }
        return Ok(());
    };
    let doc = match StateDoc::parse(&bytes) {
        Ok(doc) => doc,
        Err(problem) => {
            crate::warn::warn(&format!(
                "{} is corrupt ({problem}); the hook moves it aside and starts afresh at its next sweep of expired \
                 sessions (within five minutes), or at once when an event reads the broken part; showing the sessions \
                 that can be read",
                path.display()
            ));
            StateDoc::parse_lines(&bytes).unwrap_or_default()
        }
    };
    let ttl = Settings::from_env(None).session_ttl;
    let mut sessions: Vec<(String, Session)> = doc
        .decoded_sessions(now)
        .into_iter()
        .filter(|(id, session)| match only {
            Some(only) => id == only,
            None => Timestamp::parse(&session.last_accessed_at).is_some_and(|last| now.seconds_since(last) <= ttl),
        })
        .collect();
    sessions.sort_by(|a, b| b.1.last_accessed_at.cmp(&a.1.last_accessed_at).then_with(|| a.0.cmp(&b.0)));
    if let Some(only) = only {
        if sessions.is_empty() {
            return Err(format!("no session `{only}` in {}", path.display()));
        }
    }
    let values: Vec<Value> = sessions.iter().map(|(id, session)| session_json(catalog, id, session)).collect();
    if as_json {
        print_out(&json!({"forge_root": forge_root, "sessions": values}).to_string());
        return Ok(());
    }
    if values.is_empty() {
        print_out(&format!("no live sessions in {}", path.display()));
    }
    for (index, session) in values.iter().enumerate() {
        if index > 0 {
            print_out("");
        }
        print_session(session);
    }
    Ok(())
}
