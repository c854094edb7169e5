//! The tamper check: after every call (PostToolUse, PostToolUseFailure), at every Stop and at a session's start, the
//! files governance depends on ([`list`]) are compared with what the hook last saw of them ([`snapshot`], kept in
//! state.json). Marks first — one `lstat` each, and state.json's seal — so that an event where nothing changed reads
//! no file but the first line of state.json ([`needs_check`]). A file whose mark changed is read ([`examine`]); a
//! change the hook did not make that touches governance is a finding:
//!
//! - the hook's own registration is put back ([`repair`]) — only its entries; a registration `uninstall` removed is
//!   no longer in the record, so it stays removed;
//! - every finding is recorded in `audit/tamper.log` (chained like the other audit files) and in the session;
//! - the model and the person are told which file and which call ([`Report::message`]);
//! - when the change happened during one of the session's calls, the session is locked down
//!   ([`crate::lockdown`]) until the person clears it with `allow --tamper`.
//!
//! At a session's start (or the first check of another session) the person may have edited settings since the last
//! one: only what counts between sessions is a finding there (a registration gone, an audit chain broken, state.json
//! written by another hand); the rest is taken as the new normal.

mod examine;
mod list;
mod repair;
mod snapshot;

use crate::audit::{self, TamperRecord};
use crate::file_mark::FileMark;
use crate::lockdown;
use crate::payload::Payload;
use crate::registration::{entries, program_of, record, Installed, Record, Written};
use crate::state::{Head, Seal, StateDoc};
use crate::time::Timestamp;
use examine::{examine, Finding};
pub(crate) use list::Places;
use list::{places_key, watched, Role};
use serde_json::{json, Value};
use snapshot::{Lines, Seen, Snapshot};
use std::path::{Path, PathBuf};

/// When the check runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Moment {
    /// A session starts: what changed since the last session.
    SessionStart,
    /// A call ran: what changed during it.
    AfterCall,
    /// The agent's turn ends: what changed since the last call.
    Stop,
}

/// Everything the check needs to know about the event.
#[derive(Clone, Debug)]
pub(crate) struct Context<'a> {
    pub places: Places<'a>,
    pub session_id: &'a str,
    pub moment: Moment,
    /// The call the event follows.
    pub call: Option<&'a Payload>,
    pub now: Timestamp,
    /// The hook that runs: `<behaviors fingerprint>@<version>#<catalog digest>`.
    pub hook: String,
    /// The name the person runs the hook's commands by.
    pub program: String,
}

impl Context<'_> {
    fn state_path(&self) -> PathBuf {
        self.places.forge_root.join("runtime").join("state.json")
    }
}

/// The call a payload describes, for the tamper report: the tool, its id and its input's summary.
fn describe_call(payload: &Payload) -> String {
    let summary = audit::summarize_tool_input(payload.tool_input());
    match payload.tool_use_id() {
        Some(id) => format!("{} {id}: {summary}", payload.tool_name()),
        None => format!("{}: {summary}", payload.tool_name()),
    }
}

/// Whether the check must look closer (under the state lock) — false when every watched file's mark is what the
/// snapshot says, the seal of state.json matches, and the snapshot is this session's and this hook's; or when
/// nothing is watched yet and there is nothing to watch (no record, no settings file of the CLI).
pub(crate) fn needs_check(context: &Context<'_>, head: &Head) -> bool {
    match head.watch.as_deref() {
        Some(json) => !unchanged(context, json, is_sealed(head.seal, head.sealed.as_deref())),
        None => head.unreadable || armable(context),
    }
}

/// Whether the state file read is the one its text says the hook wrote.
fn is_sealed(seal: Option<Seal>, sealed: Option<&str>) -> bool {
    matches!((seal, sealed), (Some(seal), Some(sealed)) if seal.matches(sealed))
}

/// Whether nothing changed since the snapshot (its JSON value `json`): the same session and hook, state.json sealed,
/// the same places looked from (so the same files every check watches), and every watched file's mark the same.
fn unchanged(context: &Context<'_>, json: &str, sealed: bool) -> bool {
    let Some(lines) = Lines::read(json) else { return false };
    sealed
        && lines.session() == context.session_id
        && lines.hook() == context.hook
        && lines.places() == places_key(&context.places)
        && lines.files().all(|(path, mark, _)| FileMark::of(Path::new(path)).as_text() == mark)
}

/// Whether a project without a snapshot has something to watch: the record of `install`, or a settings file of the
/// CLI in the project (the hook may be registered there without a record — a clone, an install from before the
/// record). The user's and the managed settings, which every project shares, do not make a project watched.
fn armable(context: &Context<'_>) -> bool {
    let places = &context.places;
    record::path(places.forge_root).exists() || !project_layers(places).is_empty()
}

/// The CLI's settings files in the project that exist.
fn project_layers(places: &Places<'_>) -> Vec<PathBuf> {
    list::project_layers(places).into_iter().filter(|path| !FileMark::of(path).is_missing()).collect()
}

/// What the state file was when the event read it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct StateSeen {
    /// Whether there was one.
    pub existed: bool,
    /// The seal of the file read.
    pub seal: Option<Seal>,
}

/// One finding, with what the hook did about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reported {
    /// The file, relative to the project when inside it.
    pub file: String,
    pub what: String,
    /// `restored`, `reported`, or why it could not be restored.
    pub action: String,
}

/// What the check found and did.
#[derive(Clone, Debug, Default)]
pub(crate) struct Report {
    pub findings: Vec<Reported>,
    /// Whether the findings are the session's (it is locked down) rather than from between sessions.
    pub during_session: bool,
    /// The session's tamper records (with their hash in `audit/tamper.log`).
    pub records: Vec<Value>,
    /// What the person should know that is no tamper (another build of the hook since the last session).
    pub notices: Vec<String>,
    /// The call, or `between sessions`.
    pub call: String,
}

impl Report {
    /// Whether a registration was put back.
    fn restored(&self) -> bool {
        self.findings.iter().any(|found| found.action == "restored")
    }

    /// The message for the model and the person, `None` when there is nothing to say.
    pub(crate) fn message(&self, context: &Context<'_>) -> Option<String> {
        let mut parts: Vec<String> = self.notices.iter().map(|notice| format!("dotforge: {notice}")).collect();
        if !self.findings.is_empty() {
            let list: Vec<String> = self
                .findings
                .iter()
                .map(|found| format!("- {}: {} — {}.", found.file, found.what, found.action))
                .collect();
            let head = if self.during_session {
                format!("**[dotforge] Governance files were changed outside the hook** by this call ({}):", self.call)
            } else {
                "**[dotforge] Governance files were changed since the last session:**".to_owned()
            };
            let mut text = format!("{head}\n{}\nRecorded in .forge/audit/tamper.log.", list.join("\n"));
            if self.during_session {
                text.push_str(&format!(
                    " For the rest of this session every call that could change something is refused, until the \
                     person clears it at their terminal with `{} allow --tamper --session {}`. Do not change \
                     governance files; tell the person what the call did.",
                    context.program, context.session_id
                ));
            } else if context.moment == Moment::SessionStart && self.restored() {
                text.push_str(
                    " The agent CLI read its settings as this session started, before they were put back: restart the \
                     session for the restored registration to take effect.",
                );
            }
            parts.push(text);
        }
        (!parts.is_empty()).then(|| parts.join("\n\n"))
    }
}

/// The check, under the state lock, on the state document the event loaded (`state` says what the file was): reads
/// the files whose mark changed, puts the hook's registration back, records every finding, locks the session down
/// when it was its call, and leaves the new snapshot in the document (saved by the caller, sealed).
pub(crate) fn check(context: &Context<'_>, doc: &mut StateDoc<'_>, state: StateSeen) -> Report {
    let places = &context.places;
    let sealed = is_sealed(state.seal, doc.sealed());
    if doc.watch().is_some_and(|json| unchanged(context, json, sealed)) {
        return Report::default();
    }
    let previous = doc.watch().and_then(Snapshot::parse);
    let mut record = Record::load(places.forge_root);
    let mut findings: Vec<Finding> = Vec::new();
    let state_path = context.state_path();
    let finding = |path: &Path, what: &str, between_sessions: bool| Finding {
        path: path.to_path_buf(),
        what: what.to_owned(),
        repair: None,
        between_sessions,
    };
    match &previous {
        Some(_) => {
            if !sealed {
                findings.push(finding(
                    &state_path,
                    "written by something other than the hook (its seal does not match)",
                    true,
                ));
            }
        }
        None if !record.installed.is_empty() => {
            let what = if state.existed { "rewritten without the hook's snapshot" } else { "removed" };
            findings.push(finding(&state_path, what, true));
        }
        None if !armable(context) => return Report::default(),
        None => discover(context, &mut record),
    }
    // Without a snapshot the last session is unknown: a project watched before (the record says the hook is installed)
    // lost it during this one; one never watched is taken as it is.
    let lost = previous.is_none() && !record.installed.is_empty();
    let previous = previous.unwrap_or_default();
    let between = context.moment == Moment::SessionStart || (previous.session != context.session_id && !lost);
    let mut next = Snapshot {
        session: context.session_id.to_owned(),
        hook: context.hook.clone(),
        places: places_key(places),
        files: Default::default(),
    };
    let list = watched(places, &record);
    for watched in &list {
        let key = watched.path.to_string_lossy().into_owned();
        let mark = FileMark::of(&watched.path);
        let seen = previous.seen(&key);
        if let Some(seen) = seen.filter(|seen| seen.mark == mark) {
            next.files.insert(key, seen.clone());
            continue;
        }
        let examined = examine(watched, seen, &mark, &record);
        findings.extend(examined.finding);
        next.files.insert(key, Seen { mark, check: examined.check });
    }
    let mut notices = Vec::new();
    if !previous.hook.is_empty() && previous.hook != context.hook {
        let what = format!(
            "the hook that runs now ({}) is not the one that ran before ({}): rebuilt from other behaviors, or \
             replaced",
            describe_hook(&context.hook),
            describe_hook(&previous.hook)
        );
        if between {
            notices.push(format!("{what}, since the last session."));
        } else if let Some(binary) = places.binary {
            findings.push(finding(binary, &what, false));
        }
    }
    findings.retain(|found| !between || found.between_sessions);
    let call = match (between, context.moment, &context.call) {
        (true, _, _) => "between sessions".to_owned(),
        (false, Moment::Stop, _) => "since the last call, at the end of the turn".to_owned(),
        (false, _, Some(call)) => describe_call(call),
        (false, _, None) => "the last call".to_owned(),
    };
    let mut report = Report { during_session: !between, notices, call, ..Report::default() };
    let mut written: Vec<PathBuf> = Vec::new();
    for found in &findings {
        let action = match &found.repair {
            Some(repair) => match repair::apply(repair, &found.path, context.now.0) {
                Ok(()) => {
                    written.push(found.path.clone());
                    "restored".to_owned()
                }
                Err(problem) => format!("could not be restored: {problem}"),
            },
            None => "reported".to_owned(),
        };
        report.findings.push(Reported { file: shown(&found.path, places.project), what: found.what.clone(), action });
    }
    record_findings(context, &mut report, &mut written);
    for path in written {
        let key = path.to_string_lossy().into_owned();
        if let Some(watched) = list.iter().find(|watched| watched.path == path) {
            let mark = FileMark::of(&path);
            let check = examine(watched, None, &mark, &record).check;
            next.files.insert(key, Seen { mark, check });
        }
    }
    doc.set_watch(next.to_json());
    report
}

/// Appends each finding to `audit/tamper.log`, keeps it for the session, and locks the session down when the
/// findings are its own. The files written are added to `written`.
fn record_findings(context: &Context<'_>, report: &mut Report, written: &mut Vec<PathBuf>) {
    if report.findings.is_empty() {
        return;
    }
    let audit_dir = context.places.forge_root.join("audit");
    for found in &report.findings {
        let record = TamperRecord {
            timestamp: context.now.format(),
            session_id: context.session_id.to_owned(),
            file: found.file.clone(),
            what: found.what.clone(),
            call: report.call.clone(),
            action: found.action.clone(),
        };
        let hash = match audit::append_tamper(&audit_dir, &record) {
            Ok(appended) => appended.hash,
            Err(error) => {
                crate::warn::warn(&format!("cannot append to audit/{}: {error}", audit::TAMPER_LOG));
                String::new()
            }
        };
        report.records.push(json!({
            "timestamp": record.timestamp, "file": record.file, "what": record.what, "call": record.call,
            "action": record.action, "audit_hash": hash,
        }));
        crate::warn::warn(&format!("tamper: {}: {} — {} ({})", found.file, found.what, found.action, report.call));
    }
    written.push(audit_dir.join(audit::TAMPER_LOG));
    if report.during_session {
        let summary: Vec<String> =
            report.findings.iter().map(|found| format!("{}: {}", found.file, found.what)).collect();
        let what = format!("{} — by {}", summary.join("; "), report.call);
        if let Err(error) = lockdown::lock_down(&lockdown::dir(context.places.forge_root), context.session_id, &what) {
            crate::warn::warn(&format!("cannot lock the session down: {error}"));
        }
    }
}

/// A registration made without a record (an install from before the record, or a clone whose `runtime/` is not
/// committed): the entries of the CLI's settings files that run this very binary are recorded as installed.
fn discover(context: &Context<'_>, record: &mut Record) {
    let places = &context.places;
    let (Some(binary), Some(project)) = (places.binary, places.project) else { return };
    let this = binary.canonicalize().ok();
    let is_this = |command: &str| program_of(command, project, None).canonicalize().ok() == this && this.is_some();
    let found: Vec<Installed> = project_layers(places)
        .into_iter()
        .filter_map(|path| {
            let settings = entries::parse(&std::fs::read_to_string(&path).ok()?)?;
            let (command, entries) = entries::discover(&settings, &is_this)?;
            Some(Installed {
                file: path,
                harness: places.harness.name().to_owned(),
                command,
                written: Written::Entries(entries),
            })
        })
        .collect();
    if found.is_empty() {
        return;
    }
    for installed in found {
        record.install(installed);
    }
    if let Err(error) = record.save(places.forge_root) {
        crate::warn::warn(&format!("cannot write {}: {error}", record::path(places.forge_root).display()));
    }
}

/// Notes in the document's snapshot (when it has one) that the hook itself appended to the audit file at `path`,
/// whose last line's hash is now `hash`: the next check sees the file as the hook left it.
pub(crate) fn note_append(doc: &mut StateDoc<'_>, path: &Path, hash: &str) {
    let Some(mut snapshot) = doc.watch().and_then(Snapshot::parse) else { return };
    let key = path.to_string_lossy().into_owned();
    let breaks = snapshot.seen(&key).and_then(|seen| seen.check.split_once('/')).map_or("0", |(_, breaks)| breaks);
    let check = format!("{hash}/{breaks}");
    snapshot.files.insert(key, Seen { mark: FileMark::of(path), check });
    doc.set_watch(snapshot.to_json());
}

/// Notes in the document's snapshot (when it has one) the record and the settings files `install` or `uninstall`
/// just wrote, so that the next check sees them as they left them; a document without one gets a fresh one (the
/// project is watched from now on).
pub(crate) fn note_install(doc: &mut StateDoc<'_>, forge_root: &Path, written: &[&Path]) {
    let mut snapshot = doc.watch().and_then(Snapshot::parse).unwrap_or_default();
    let record = Record::load(forge_root);
    let record_path = record::path(forge_root);
    for path in written.iter().copied().chain([record_path.as_path()]) {
        let key = path.to_string_lossy().into_owned();
        let role = if path == record_path { Role::Record } else { Role::Registration };
        let watched = list::Watched { path: path.to_path_buf(), role };
        let mark = FileMark::of(path);
        let check = examine(&watched, None, &mark, &record).check;
        snapshot.files.insert(key, Seen { mark, check });
    }
    doc.set_watch(snapshot.to_json());
}

/// The hash of the line the hook last wrote to the audit file at `path`, as the document's snapshot notes it (`None`
/// without a snapshot, or for a file the hook never wrote).
pub(crate) fn last_written(doc: &StateDoc<'_>, path: &Path) -> Option<String> {
    let snapshot = doc.watch().and_then(Snapshot::parse)?;
    let seen = snapshot.seen(&path.to_string_lossy())?;
    let (head, _) = seen.check.split_once('/')?;
    Some(head.to_owned())
}

/// A file as the person reads it: relative to the project when inside it.
fn shown(path: &Path, project: Option<&Path>) -> String {
    project
        .and_then(|project| path.strip_prefix(project).ok())
        .map_or_else(|| path.display().to_string(), |relative| relative.display().to_string())
}

/// `behaviors 1a2b3c4d5e6f…, version 0.1.0, catalog 0a1b2c3d4e5f` of a hook's `<fingerprint>@<version>#<catalog>`.
fn describe_hook(identity: &str) -> String {
    let (rest, catalog) = identity.split_once('#').unwrap_or((identity, ""));
    let (fingerprint, version) = rest.split_once('@').unwrap_or(("", rest));
    let mut parts = Vec::new();
    if !fingerprint.is_empty() {
        parts.push(format!("behaviors {}…", fingerprint.chars().take(12).collect::<String>()));
    }
    parts.push(format!("version {version}"));
    if !catalog.is_empty() {
        parts.push(format!("catalog {catalog}"));
    }
    parts.join(", ")
}
