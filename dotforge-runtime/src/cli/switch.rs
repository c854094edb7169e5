//! `on|off ID [--session SESSION]`: writes the session's `behavior_overrides` in state.json under the state lock and
//! records the switch in `audit/switches.log`. A locked behavior cannot be switched off. Without `--session`, the
//! only live session (see [`super::sessions::pick`]).

use super::print::print_out;
use crate::catalog::Catalog;
use crate::lock;
use crate::settings::Settings;
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
use serde_json::{Map, Value};
use std::path::Path;

/// Runs `on` (`enabled = true`) or `off`.
pub(super) fn run(
    catalog: &Catalog,
    forge_root: &Path,
    id: &str,
    session_id: Option<&str>,
    enabled: bool,
) -> Result<(), String> {
    let Some(behavior) = catalog.find(id) else { return Err(catalog.unknown_id(id)) };
    if behavior.locked && !enabled {
        return Err(format!(
            "`{id}` is locked: a session cannot switch it off (switch it off in behaviors/index.yaml and rebuild the hook)"
        ));
    }
    let chosen = super::sessions::pick(forge_root, session_id, "live sessions", |_| true)?;
    let session_id = chosen.as_str();
    let runtime = forge_root.join("runtime");
    std::fs::create_dir_all(&runtime).map_err(|error| format!("cannot create {}: {error}", runtime.display()))?;
    let settings = Settings::from_env(None);
    let timeout = settings.lock_timeout.max(std::time::Duration::from_secs(2));
    let _lock = lock::acquire(&runtime.join("state.lock"), timeout)
        .map_err(|error| format!("cannot lock {}: {error}", runtime.join("state.lock").display()))?;
    let path = runtime.join("state.json");
    let now = Timestamp::now();
    let bytes = read_state(&path);
    let mut doc = StateDoc::load(&path, bytes.as_deref(), now, &[session_id]);
    let mut session = doc.take_session(session_id, now, settings.session_ttl);
    let mut switch = Map::new();
    switch.insert("enabled".into(), Value::Bool(enabled));
    session.behavior_overrides.insert(id.to_owned(), Value::Object(switch));
    doc.put_session(session_id, &session);
    // Never silent: every switch is in the audit trail (and the tamper check's snapshot knows the hook wrote it).
    let audit_dir = forge_root.join("audit");
    let appended = crate::audit::append_switch(&audit_dir, &now.format(), session_id, id, enabled)
        .map_err(|error| format!("cannot record the switch in audit/{}: {error}", crate::audit::SWITCHES_LOG))?;
    crate::watch::note_append(&mut doc, &audit_dir.join(crate::audit::SWITCHES_LOG), &appended.hash);
    doc.save(&path).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
    print_out(&format!(
        "`{id}` is {} for session `{session_id}` from its next event (recorded in {})",
        if enabled { "on" } else { "off" },
        path.display()
    ));
    Ok(())
}
