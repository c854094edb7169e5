//! The sessions the operator commands are about: read from state.json without the lock (`status`), and the session
//! a command that takes `--session` acts on when none is given (`on`, `off`, `allow`): the only live one that
//! qualifies; with none or several, an error that lists them and says how to pick.

use crate::session::Session;
use crate::settings::Settings;
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
use std::path::{Path, PathBuf};

/// Sessions read from a state file, newest first.
pub(super) struct Sessions {
    /// The state file they were read from.
    pub path: PathBuf,
    /// Whether the file exists.
    pub recorded: bool,
    pub list: Vec<(String, Session)>,
}

/// The sessions of `forge_root` that are still live (used within the TTL), or only the one named `only` (live or
/// not). A corrupt file is read as far as it can be, with a warning; nothing is written.
pub(super) fn read(forge_root: &Path, only: Option<&str>) -> Sessions {
    let path = forge_root.join("runtime").join("state.json");
    let Some(bytes) = read_state(&path) else { return Sessions { path, recorded: false, list: Vec::new() } };
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
    let now = Timestamp::now();
    let ttl = Settings::from_env(None).session_ttl;
    let mut list: Vec<(String, Session)> = doc
        .decoded_sessions(now)
        .into_iter()
        .filter(|(id, session)| match only {
            Some(only) => id == only,
            None => Timestamp::parse(&session.last_accessed_at).is_some_and(|last| now.seconds_since(last) <= ttl),
        })
        .collect();
    list.sort_by(|a, b| b.1.last_accessed_at.cmp(&a.1.last_accessed_at).then_with(|| a.0.cmp(&b.0)));
    Sessions { path, recorded: true, list }
}

/// The session a command acts on: `given`, else the only live session for which `qualifies` holds (`what` names
/// such sessions in the plural, for the error). With none or several, the error lists the live sessions and how to pick one.
pub(super) fn pick(
    forge_root: &Path,
    given: Option<&str>,
    what: &str,
    qualifies: impl Fn(&Session) -> bool,
) -> Result<String, String> {
    if let Some(given) = given {
        return Ok(given.to_owned());
    }
    let sessions = read(forge_root, None);
    let candidates: Vec<&(String, Session)> = sessions.list.iter().filter(|(_, session)| qualifies(session)).collect();
    if let [(id, _)] = candidates.as_slice() {
        return Ok(id.clone());
    }
    Err(match candidates.len() {
        0 if sessions.list.is_empty() => format!(
            "no live session in {}; pass --session ID (the agent CLI's session id; a session switched before its \
             first event starts with the switch)",
            sessions.path.display()
        ),
        0 => format!(
            "no {what} among the {} live sessions in {}; pass --session ID",
            sessions.list.len(),
            sessions.path.display()
        ),
        count => {
            format!("{count} {what}; pick one with --session ID (newest first):\n{}", listing(&candidates).join("\n"))
        }
    })
}

/// The sessions to pick from, as a table.
fn listing(sessions: &[&(String, Session)]) -> Vec<String> {
    let rows: Vec<Vec<String>> = sessions
        .iter()
        .map(|(id, session)| {
            let violations: u64 = session.behaviors.values().map(|state| u64::from(state.counter)).sum();
            vec![id.clone(), session.last_accessed_at.clone(), session.created_at.clone(), violations.to_string()]
        })
        .collect();
    let header = ["session", "last active", "started", "violations"];
    crate::table::render(&header, &rows, false).into_iter().map(|line| format!("  {line}")).collect()
}
