//! `audit --verify`: the audit trail's hash chain ([`crate::audit::chain`]) checked line by line in every audit file,
//! and the state's pointers into it — the hash of the line the hook wrote last to each file (a line removed at the
//! end, or lines added after it, show), and each override and tamper record of a session (its line must be there).
//! Exit 0 when the trail is whole; 1, naming the file and line of the first break. `doctor` runs the same check.

use super::print::print_out;
use crate::audit::{chain, AUDIT_LOGS, OVERRIDES_LOG, TAMPER_LOG};
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
use crate::watch;
use serde_json::{json, Value};
use std::path::Path;

/// A break in the trail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Break {
    /// `audit/<file>`.
    pub file: String,
    /// The line (from 1) where it shows.
    pub line: usize,
    pub what: String,
}

impl Break {
    /// `audit/overrides.log:2: …`.
    pub(super) fn describe(&self) -> String {
        format!("{}:{}: {}", self.file, self.line, self.what)
    }
}

/// One audit file as verified.
#[derive(Clone, Debug)]
pub(super) struct FileSummary {
    pub file: String,
    /// `None` when there is no such file.
    pub lines: Option<usize>,
    pub before_chain: usize,
}

/// Verifies the trail in `forge_root`: each file's summary, and every break, first first (by file, then line).
pub(super) fn verify(forge_root: &Path) -> (Vec<FileSummary>, Vec<Break>) {
    let audit_dir = forge_root.join("audit");
    let state_path = forge_root.join("runtime").join("state.json");
    let bytes = read_state(&state_path).unwrap_or_default();
    let doc = StateDoc::parse(&bytes).unwrap_or_default();
    let sessions = doc.decoded_sessions(Timestamp::now());
    let (mut summaries, mut breaks) = (Vec::new(), Vec::new());
    for name in AUDIT_LOGS {
        let path = audit_dir.join(name);
        let shown = format!("audit/{name}");
        let Ok(bytes) = std::fs::read(&path) else {
            summaries.push(FileSummary { file: shown.clone(), lines: None, before_chain: 0 });
            if let Some(head) = watch::last_written(&doc, &path).filter(|head| *head != chain::genesis(name)) {
                let what = format!("the file is gone, with the line the hook wrote last (h={head})");
                breaks.push(Break { file: shown, line: 1, what });
            }
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let verified = chain::verify(&text, name);
        let at = |line: usize, what: String| Break { file: shown.clone(), line, what };
        let mut found: Vec<Break> =
            verified.breaks.iter().map(|found| at(found.line, found.kind.describe().to_owned())).collect();
        if let Some(head) = watch::last_written(&doc, &path).filter(|head| *head != chain::genesis(name)) {
            match verified.hashes.iter().position(|hash| *hash == head) {
                None => found.push(at(
                    verified.lines + 1,
                    format!("the line the hook wrote last (h={head}) is gone: lines were removed or edited"),
                )),
                Some(last) if last + 1 < verified.lines => found.push(at(
                    last + 2,
                    "added after the line the hook wrote last (the hook notes each line it writes)".to_owned(),
                )),
                Some(_) => {}
            }
        }
        let pointers = pointers(&sessions, name);
        for (session, about, hash) in pointers {
            if !verified.hashes.contains(&hash) {
                let what = format!(
                    "the {about} state.json records for session `{session}` has no line here (h={hash}): removed"
                );
                found.push(at(verified.lines + 1, what));
            }
        }
        found.sort_by_key(|found| found.line);
        found.dedup();
        breaks.extend(found);
        summaries.push(FileSummary { file: shown, lines: Some(verified.lines), before_chain: verified.before_chain });
    }
    (summaries, breaks)
}

/// The lines of `file` the sessions' records point to: the session, what the record is, and the line's hash.
fn pointers(sessions: &[(String, crate::session::Session)], file: &str) -> Vec<(String, String, String)> {
    let hash_of = |entry: &Value| {
        entry.get("audit_hash").and_then(Value::as_str).filter(|hash| !hash.is_empty()).map(str::to_owned)
    };
    let mut found = Vec::new();
    for (id, session) in sessions {
        if file == OVERRIDES_LOG {
            for (behavior, state) in &session.behaviors {
                for entry in &state.overrides {
                    let at = entry.get("timestamp").and_then(Value::as_str).unwrap_or("");
                    found.extend(
                        hash_of(entry).map(|hash| (id.clone(), format!("override of `{behavior}` at {at}"), hash)),
                    );
                }
            }
        }
        if file == TAMPER_LOG {
            for entry in session.extra.get("tamper").and_then(Value::as_array).into_iter().flatten() {
                let at = entry.get("timestamp").and_then(Value::as_str).unwrap_or("");
                found.extend(hash_of(entry).map(|hash| (id.clone(), format!("tamper record at {at}"), hash)));
            }
        }
    }
    found
}

/// Runs `audit --verify`; exits 1 when the trail is broken.
pub(super) fn run(forge_root: &Path, as_json: bool) -> Result<(), String> {
    let (summaries, breaks) = verify(forge_root);
    if as_json {
        let files: Vec<Value> = summaries
            .iter()
            .map(|summary| json!({"file": summary.file, "lines": summary.lines, "before_chain": summary.before_chain}))
            .collect();
        let found: Vec<Value> =
            breaks.iter().map(|found| json!({"file": found.file, "line": found.line, "what": found.what})).collect();
        print_out(&json!({"whole": breaks.is_empty(), "files": files, "breaks": found}).to_string());
    } else {
        for summary in &summaries {
            let state = match summary.lines {
                None => "none".to_owned(),
                Some(lines) if summary.before_chain > 0 => {
                    format!("{lines} lines ({} written before the chain began)", summary.before_chain)
                }
                Some(lines) => format!("{lines} line{}", if lines == 1 { "" } else { "s" }),
            };
            let broken: Vec<&Break> = breaks.iter().filter(|found| found.file == summary.file).collect();
            print_out(&format!("{}: {state} — {}", summary.file, if broken.is_empty() { "whole" } else { "BROKEN" }));
            for found in broken {
                print_out(&format!("  line {}: {}", found.line, found.what));
            }
        }
        match breaks.first() {
            None => print_out("the audit trail is whole"),
            Some(first) => print_out(&format!("the audit trail is broken: first at {}", first.describe())),
        }
    }
    if breaks.is_empty() {
        Ok(())
    } else {
        std::process::exit(1)
    }
}
