//! Soft blocks that wait for the user's answer (ask mode, CONTRACT §5).
//!
//! A soft block on PreToolUse asks the user. If the user allows the call, it runs and Claude Code sends PostToolUse
//! (or PostToolUseFailure) with the same `tool_use_id`: that event is the override. The authoritative record is the
//! behavior's `pending_block` in state.json; this module keeps, next to it, one empty marker file per awaited call
//! under `runtime/awaiting-approval/`, so that the many PostToolUse events that answer nothing cost one `stat`
//! instead of the state lock and a read of state.json. A marker proves nothing by itself: the hook only settles
//! an approval that matches a `pending_block` it finds in state.json under the lock.

use crate::hash::{sha256_hex, tool_input_hash};
use crate::payload::Payload;
use crate::session::PendingBlock;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// Longest `tool_use_id` used as a file name as it is; longer or unusual ids are hashed.
const MAX_PLAIN_ID: usize = 120;

/// The marker name of a call with this `tool_use_id` (or, without one, this `tool_input` hash).
fn key(tool_use_id: Option<&str>, tool_input_hash: impl FnOnce() -> String) -> String {
    match tool_use_id {
        Some(id)
            if id.len() <= MAX_PLAIN_ID
                && id.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-') =>
        {
            format!("id-{id}")
        }
        Some(id) => format!("id-{}", &sha256_hex(id.as_bytes())[..40]),
        None => format!("h-{}", tool_input_hash()),
    }
}

/// The marker name of the call a payload describes.
pub(crate) fn key_of_call(payload: &Payload) -> String {
    key(payload.tool_use_id(), || tool_input_hash(payload.tool_input()))
}

/// The marker name of the call a pending block waits for.
pub(crate) fn key_of_pending(pending: &PendingBlock) -> String {
    key(pending.tool_use_id.as_deref(), || pending.tool_input_hash.clone())
}

/// Whether some soft block waits for the answer about this call (a hint; see the module doc).
pub(crate) fn is_awaited(dir: &Path, key: &str) -> bool {
    dir.join(key).exists()
}

/// An existing marker's time is refreshed when it is older than this (the sweep goes by it, after a session TTL).
const REFRESH_AFTER: Duration = Duration::from_secs(60);

/// Leaves the marker for `key`, creating the folder the first time. A marker left earlier for the same call is kept,
/// its time refreshed unless that was done within [`REFRESH_AFTER`]: opening it without truncating spares the file
/// system a truncation of an empty file on every repeated ask. Called under the state lock, only when a soft block
/// asks.
pub(crate) fn mark(dir: &Path, key: &str) -> std::io::Result<()> {
    let marker = dir.join(key);
    let open = || std::fs::OpenOptions::new().write(true).create(true).truncate(false).open(&marker);
    let file = match open() {
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(dir)?;
            open()?
        }
        opened => opened?,
    };
    let now = SystemTime::now();
    let age =
        file.metadata()?.modified().map_or(REFRESH_AFTER, |modified| now.duration_since(modified).unwrap_or_default());
    if age >= REFRESH_AFTER {
        file.set_modified(now)?;
    }
    Ok(())
}

/// Removes the marker for `key`, if any.
pub(crate) fn unmark(dir: &Path, key: &str) {
    let _ = std::fs::remove_file(dir.join(key));
}

/// Removes markers older than `max_age` (prompts nobody answered). Runs with the state's sweep of expired sessions
/// (at most every five minutes), so ordinary events never list the folder.
pub(crate) fn sweep(dir: &Path, max_age: Duration) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let stale = entry
            .metadata()
            .and_then(|meta| meta.modified())
            .is_ok_and(|modified| now.duration_since(modified).unwrap_or_default() > max_age);
        if stale {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{is_awaited, key, mark, sweep, REFRESH_AFTER};
    use std::time::{Duration, SystemTime};

    #[test]
    fn marking_again_refreshes_an_old_marker_so_the_sweep_keeps_it() {
        let dir = std::env::temp_dir().join(format!("dotforge-approval-{}", std::process::id())).join("awaiting");
        mark(&dir, "id-a").expect("creates the folder and the marker");
        assert!(is_awaited(&dir, "id-a"));
        let marker = std::fs::File::options().write(true).open(dir.join("id-a")).expect("marker");
        let old = SystemTime::now() - Duration::from_secs(3600);
        marker.set_modified(old).expect("ages the marker");
        mark(&dir, "id-a").expect("marks again");
        let refreshed = std::fs::metadata(dir.join("id-a")).and_then(|meta| meta.modified()).expect("time");
        assert!(refreshed > old + REFRESH_AFTER, "the old marker's time was not refreshed");
        sweep(&dir, Duration::from_secs(600));
        assert!(is_awaited(&dir, "id-a"), "a refreshed marker outlives the sweep");
        marker.set_modified(old).expect("ages the marker again");
        sweep(&dir, Duration::from_secs(600));
        assert!(!is_awaited(&dir, "id-a"), "an unanswered old marker is swept");
        let _ = std::fs::remove_dir_all(dir.parent().expect("parent"));
    }

    #[test]
    fn plain_ids_name_their_marker_and_anything_else_is_hashed() {
        let no_hash = || unreachable!("an id needs no tool_input hash");
        assert_eq!(key(Some("toolu_01AbC-9"), no_hash), "id-toolu_01AbC-9");
        let odd = key(Some("../../etc/passwd"), no_hash);
        assert!(odd.starts_with("id-") && odd.len() == 43 && !odd.contains('/'), "{odd}");
        let long = key(Some(&"x".repeat(500)), no_hash);
        assert_eq!(long.len(), 43);
        assert_eq!(key(None, || "ab12".to_owned()), "h-ab12");
    }
}
