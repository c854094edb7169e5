//! `allow ID [--session SESSION]`: the person lifts a soft block that could not ask them (an agent CLI without a
//! permission prompt): the behavior's pending block in that session is marked allowed, under the state lock, and the
//! same call's next PreToolUse passes once and is recorded as the override — in `overrides[]`, `overrides.log` and
//! the metrics. The governed agent cannot run it (self-protection refuses this hook's state-changing commands).
//! Without `--session`, the only live session where a soft block of `ID` waits.

use super::print::print_out;
use crate::catalog::Catalog;
use crate::lock;
use crate::settings::Settings;
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
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
