//! Sessions locked down after a tamper: a file governance depends on changed outside the hook during one of the
//! session's calls, so every call of that session that could change something is refused until the person clears
//! it (`allow --tamper`). One file per session under `runtime/tamper/`, named like the approval markers, holding the
//! session's id on its first line and what was found on the next ones — so a PreToolUse, which reads no state, learns
//! it with one `open` that fails when there is none. The record of the tamper itself is in `audit/tamper.log`.

use crate::hash::sha256_hex;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The folder of lockdowns in `forge_root`.
pub(crate) fn dir(forge_root: &Path) -> PathBuf {
    forge_root.join("runtime").join("tamper")
}

/// The file name of a session's lockdown: the id when it is plain and short, else its hash.
fn key(session_id: &str) -> String {
    let plain = session_id.len() <= 120
        && !session_id.is_empty()
        && session_id.bytes().all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-');
    if plain {
        format!("s-{session_id}")
    } else {
        format!("h-{}", &sha256_hex(session_id.as_bytes())[..40])
    }
}

/// Locks the session down, adding `what` (one line) to what its lockdown says. Called under the state lock.
pub(crate) fn lock_down(dir: &Path, session_id: &str, what: &str) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(key(session_id));
    let is_new = !path.exists();
    let mut file = std::fs::OpenOptions::new().append(true).create(true).open(&path)?;
    let first = if is_new { format!("{}\n", session_id.replace(['\n', '\r'], " ")) } else { String::new() };
    file.write_all(format!("{first}{}\n", what.replace(['\n', '\r'], " ")).as_bytes())
}

/// What the session's lockdown says (its lines after the id), or `None` when the session is not locked down.
pub(crate) fn reason(dir: &Path, session_id: &str) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(dir.join(key(session_id))).ok()?;
    Some(text.lines().skip(1).map(str::to_owned).collect())
}

/// Every session locked down: its id and what its lockdown says.
pub(crate) fn all(dir: &Path) -> Vec<(String, Vec<String>)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut found: Vec<(String, Vec<String>)> = entries
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
        .map(|text| {
            let mut lines = text.lines();
            let id = lines.next().unwrap_or_default().to_owned();
            (id, lines.map(str::to_owned).collect())
        })
        .collect();
    found.sort();
    found
}

/// Lifts the lockdown of `session_id` (or of every session); returns the sessions lifted.
pub(crate) fn clear(dir: &Path, session_id: Option<&str>) -> Vec<String> {
    let lifted: Vec<String> = match session_id {
        Some(id) => reason(dir, id).map(|_| vec![id.to_owned()]).unwrap_or_default(),
        None => all(dir).into_iter().map(|(id, _)| id).collect(),
    };
    for id in &lifted {
        let _ = std::fs::remove_file(dir.join(key(id)));
    }
    lifted
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lockdown_holds_what_was_found_until_it_is_cleared() {
        let dir = std::env::temp_dir().join(format!("dotforge-lockdown-{}", std::process::id())).join("tamper");
        assert_eq!(reason(&dir, "s1"), None);
        lock_down(&dir, "s1", "a.json changed").expect("lock");
        lock_down(&dir, "s1", "b.log\nchanged").expect("lock again");
        lock_down(&dir, "../odd id", "c").expect("an odd id is hashed");
        assert_eq!(reason(&dir, "s1"), Some(vec!["a.json changed".to_owned(), "b.log changed".to_owned()]));
        assert_eq!(all(&dir).len(), 2);
        assert_eq!(clear(&dir, Some("s1")), ["s1"]);
        assert_eq!(reason(&dir, "s1"), None);
        assert_eq!(clear(&dir, None), ["../odd id"]);
        assert!(all(&dir).is_empty());
        let _ = std::fs::remove_dir_all(dir.parent().expect("parent"));
    }
}
