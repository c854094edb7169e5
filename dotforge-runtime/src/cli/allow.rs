//! `allow ID [--session SESSION]`: the person lifts a soft block that could not ask them (an agent CLI without a
//! permission prompt): the behavior's pending block in that session is marked allowed, under the state lock, and the
//! same call's next PreToolUse passes once and is recorded as the override — in `overrides[]`, `overrides.log` and
//! the metrics. Without `--session`, the only live session where a soft block of `ID` waits. `allow --tamper
//! [--session SESSION]`: the person lifts the lockdown of a session whose call changed the files governance depends
//! on (see `crate::watch`), recorded in `audit/tamper.log`. The governed agent cannot run either (self-protection
//! refuses this hook's state-changing commands).

use super::print::print_out;
use crate::audit::{self, TamperRecord};
use crate::catalog::Catalog;
use crate::lock;
use crate::lockdown;
use crate::settings::Settings;
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
use crate::watch;
use serde_json::Value;
use std::path::Path;

/// Runs `allow`.
pub(super) fn run(catalog: &Catalog, forge_root: &Path, id: &str, session_id: Option<&str>) -> Result<(), String> {
    if catalog.find(id).is_none() {
        return Err(catalog.unknown_id(id));
    }
    let waits = |session: &crate::session::Session| {
        session.behaviors.get(id).is_some_and(|state| state.pending_block.is_some())
    };
    let what = format!("live sessions with a soft block of `{id}` waiting");
    let chosen = super::sessions::pick(forge_root, session_id, &what, waits)?;
    let session_id = chosen.as_str();
    let runtime = forge_root.join("runtime");
    let settings = Settings::from_env(None);
    let timeout = settings.lock_timeout.max(std::time::Duration::from_secs(2));
    let lock_path = runtime.join("state.lock");
    let _lock = lock::acquire(&lock_path, timeout)
        .map_err(|error| format!("cannot lock {}: {error} (no soft block is waiting there)", lock_path.display()))?;
    let path = runtime.join("state.json");
    let now = Timestamp::now();
    let bytes = read_state(&path);
    let mut doc = StateDoc::load(&path, bytes.as_deref(), now, &[session_id]);
    let mut session = doc.take_session(session_id, now, settings.session_ttl);
    let pending = session.behaviors.get_mut(id).and_then(|state| state.pending_block.as_mut());
    let Some(pending) = pending else {
        return Err(format!("no soft block of `{id}` waits in session `{session_id}`; nothing to allow"));
    };
    pending.allowed_at = Some(now.format());
    doc.put_session(session_id, &session);
    doc.save(&path).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    print_out(&format!(
        "allowed: the call `{id}` blocked last in session `{session_id}` runs once when the agent repeats it; the \
         override is recorded then"
    ));
    Ok(())
}

/// Runs `allow --tamper`: lifts the lockdown of `session_id` (of every session without one), records it in
/// `audit/tamper.log` and marks the session's tamper records cleared.
pub(super) fn lift_lockdown(forge_root: &Path, session_id: Option<&str>) -> Result<(), String> {
    let runtime = forge_root.join("runtime");
    let dir = lockdown::dir(forge_root);
    if lockdown::all(&dir).is_empty() {
        print_out("no session is locked down");
        return Ok(());
    }
    let settings = Settings::from_env(None);
    let timeout = settings.lock_timeout.max(std::time::Duration::from_secs(2));
    let lock_path = runtime.join("state.lock");
    let _lock =
        lock::acquire(&lock_path, timeout).map_err(|error| format!("cannot lock {}: {error}", lock_path.display()))?;
    let lifted = lockdown::clear(&dir, session_id);
    if lifted.is_empty() {
        return Err(format!(
            "session `{}` is not locked down; see `status` and .forge/audit/tamper.log",
            session_id.unwrap_or_default()
        ));
    }
    let path = runtime.join("state.json");
    let now = Timestamp::now();
    let bytes = read_state(&path);
    let ids: Vec<&str> = lifted.iter().map(String::as_str).collect();
    let mut doc = StateDoc::load(&path, bytes.as_deref(), now, &ids);
    let audit_dir = forge_root.join("audit");
    for id in &lifted {
        let record = TamperRecord {
            timestamp: now.format(),
            session_id: id.clone(),
            file: "-".to_owned(),
            what: "the session's lockdown was lifted".to_owned(),
            call: "at the terminal".to_owned(),
            action: "cleared by the person".to_owned(),
        };
        let appended = audit::append_tamper(&audit_dir, &record)
            .map_err(|error| format!("cannot record it in audit/{}: {error}", audit::TAMPER_LOG))?;
        watch::note_append(&mut doc, &audit_dir.join(audit::TAMPER_LOG), &appended.hash);
        let mut session = doc.take_session(id, now, settings.session_ttl);
        if let Some(Value::Array(records)) = session.extra.get_mut("tamper") {
            for entry in records.iter_mut().filter_map(Value::as_object_mut) {
                entry.entry("cleared_at").or_insert_with(|| Value::from(now.format()));
            }
        }
        doc.put_session(id, &session);
    }
    doc.save(&path).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    print_out(&format!(
        "lifted the lockdown of session{} {}: its calls are judged by the behaviors again (recorded in audit/{})",
        if lifted.len() == 1 { "" } else { "s" },
        lifted.iter().map(|id| format!("`{id}`")).collect::<Vec<_>>().join(", "),
        audit::TAMPER_LOG
    ));
    Ok(())
}
