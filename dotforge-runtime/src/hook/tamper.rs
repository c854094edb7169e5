//! The hook's side of the tamper check ([`crate::watch`]): which events check (after a call, at a stop, at a
//! session's start), the check's context for an event, the session's start (a check and nothing else), and the
//! lockdown a tampered session is under — every call that could change something refused until the person clears
//! it.

use crate::catalog::Catalog;
use crate::fingerprint::fingerprint;
use crate::harness::Harness;
use crate::lockdown;
use crate::model::{Event, Level};
use crate::output::{Block, Decision};
use crate::payload::Payload;
use crate::settings::{RunMode, Settings};
use crate::state::{read_state_sealed, StateDoc};
use crate::time::Timestamp;
use crate::warn::warn;
use crate::watch::{self, Context, Moment, Places, Report, StateSeen};
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// The catalog's tools that only read: a locked-down session may still use them.
const READ_ONLY_TOOLS: [&str; 4] = ["Read", "Grep", "Glob", "LS"];

/// Where the check looks from, for one event: the paths it needs, owned.
pub(super) struct Where {
    forge_root: PathBuf,
    project: Option<PathBuf>,
    home: Option<PathBuf>,
    binary: Option<PathBuf>,
    harness: Harness,
}

impl Where {
    /// For an event of `harness` under `settings`; `None` outside hook mode (replays judge recorded events and watch
    /// nothing).
    pub(super) fn of(settings: &Settings, harness: Harness) -> Option<Where> {
        (settings.mode == RunMode::Live).then(|| Where {
            forge_root: settings.forge_root.clone(),
            project: settings.project_dir.clone(),
            home: std::env::var_os("HOME").filter(|home| !home.is_empty()).map(PathBuf::from),
            binary: invoked_binary(),
            harness,
        })
    }

    /// The check's context for this event.
    pub(super) fn context<'a>(
        &'a self,
        catalog: &Catalog,
        payload: &'a Payload,
        session_id: &'a str,
        moment: Moment,
        now: Timestamp,
    ) -> Context<'a> {
        let places = Places {
            forge_root: &self.forge_root,
            project: self.project.as_deref(),
            home: self.home.as_deref(),
            harness: self.harness,
            binary: self.binary.as_deref(),
        };
        let call = (moment == Moment::AfterCall).then_some(payload);
        let program = program_name(&self.binary);
        Context { places, session_id, moment, call, now, hook: identity(catalog), program }
    }
}

/// The path the hook was started by, as its registration names it (a link is watched as the link): the first
/// argument when it is a path (made absolute from the working folder), else the running executable.
fn invoked_binary() -> Option<PathBuf> {
    let first = std::env::args_os().next().map(PathBuf::from);
    match first.filter(|path| path.components().count() > 1) {
        Some(path) if path.is_absolute() => Some(path),
        Some(path) => std::env::current_dir().ok().map(|dir| dir.join(path)),
        None => std::env::current_exe().ok(),
    }
}

/// The moment an event checks at, if it does.
pub(super) fn moment(event: Event) -> Option<Moment> {
    match event {
        Event::PostToolUse | Event::PostToolUseFailure => Some(Moment::AfterCall),
        Event::Stop => Some(Moment::Stop),
        Event::PreToolUse | Event::UserPromptSubmit => None,
    }
}

/// Which hook runs: its behaviors' fingerprint, its version, and a digest of the catalog compiled into it (each
/// behavior's id, whether it is enabled, and its levels) — binaries of one package built from several catalogs share
/// the fingerprint.
fn identity(catalog: &Catalog) -> String {
    let mut digest = crate::hash::Fnv::new();
    for behavior in catalog.behaviors {
        digest = digest.part(behavior.id.as_bytes()).part(if behavior.enabled { b"+" } else { b"-" });
        digest = digest.part(behavior.default_level.name().as_bytes());
        for (after, level) in behavior.escalation {
            digest = digest.part(&after.to_le_bytes()).part(level.name().as_bytes());
        }
    }
    format!("{}@{}#{}", catalog.sources.fingerprint.unwrap_or_default(), env!("CARGO_PKG_VERSION"), digest.hex())
}

/// The name the person runs this binary by (its file name).
fn program_name(binary: &Option<PathBuf>) -> String {
    binary
        .as_deref()
        .and_then(Path::file_name)
        .map_or_else(|| "dotforge-hook".to_owned(), |name| name.to_string_lossy().into_owned())
}

/// Whether the check must look closer than the marks (see [`watch::needs_check`]): reads the first line of
/// state.json.
pub(super) fn needs_check(context: &Context<'_>) -> bool {
    let state_path = context.places.forge_root.join("runtime").join("state.json");
    watch::needs_check(context, &crate::state::read_head(&state_path))
}

/// Runs the check on the document the event loaded, and returns its report.
pub(super) fn check(context: &Context<'_>, doc: &mut StateDoc<'_>, state: StateSeen) -> Report {
    watch::check(context, doc, state)
}

/// Adds the check's records to the session's `tamper` list.
pub(super) fn record_in_session(report: &Report, session: &mut crate::session::Session) {
    if report.records.is_empty() {
        return;
    }
    let list = session.extra.entry("tamper").or_insert_with(|| Value::Array(Vec::new()));
    if !list.is_array() {
        *list = Value::Array(Vec::new());
    }
    if let Value::Array(list) = list {
        list.extend(report.records.iter().cloned());
    }
}

/// The CLI whose session starts, when the payload is a session's start the hook is registered for: the CLI that
/// sent it when its record has such an event, else — the name being the same in several CLIs, and only Claude Code's
/// registration having it — Claude Code, unless the CLI was named (`hook --harness NAME`).
pub(super) fn session_start_of(payload: &Payload, harness: Harness, detected: bool) -> Option<Harness> {
    let starts = |harness: Harness| harness.dialect().session_start == Some(payload.event_name());
    if starts(harness) {
        Some(harness)
    } else {
        (detected && starts(Harness::ClaudeCode)).then_some(Harness::ClaudeCode)
    }
}

/// A session's start: the check alone, under the state lock, and what to print — Claude Code's `systemMessage` for
/// the person and `additionalContext` for the model when something changed since the last session, nothing
/// otherwise (the other CLIs are told on stderr).
pub(super) fn session_start(
    catalog: &Catalog,
    payload: &Payload,
    harness: Harness,
    settings: &Settings,
    session_id: &str,
) -> Option<Value> {
    let place = Where::of(settings, harness)?;
    let now = Timestamp::now();
    let context = place.context(catalog, payload, session_id, Moment::SessionStart, now);
    let mut notices = Vec::new();
    if let Some(stale) = stale_behaviors(catalog) {
        notices.push(stale);
    }
    let mut report = Report::default();
    if needs_check(&context) {
        let _guard = match crate::lock::lock_state(settings) {
            Ok(guard) => guard,
            Err(error) => {
                warn(&format!("cannot check the files governance depends on: the state lock: {error}"));
                return None;
            }
        };
        let state_path = settings.state_path();
        let (bytes, seal) = read_state_sealed(&state_path);
        let mut doc = StateDoc::load(&state_path, bytes.as_deref(), now, &[]);
        report = check(&context, &mut doc, StateSeen { existed: bytes.is_some(), seal });
        if doc.watch().is_some() {
            if let Err(error) = doc.save(&state_path) {
                warn(&format!("cannot write {}: {error}", state_path.display()));
            }
        }
    }
    report.notices.extend(notices);
    let message = report.message(&context)?;
    warn(&message.replace('\n', " "));
    if harness != Harness::ClaudeCode {
        return None;
    }
    let mut specific = Map::new();
    specific.insert("hookEventName".into(), Value::from("SessionStart"));
    specific.insert("additionalContext".into(), Value::from(message.as_str()));
    let mut root = Map::new();
    root.insert("systemMessage".into(), Value::from(message));
    root.insert("hookSpecificOutput".into(), Value::Object(specific));
    Some(Value::Object(root))
}

/// The behaviors folder the hook was built from, when it changed since (what `doctor` calls stale), in words.
fn stale_behaviors(catalog: &Catalog) -> Option<String> {
    let (folder, built) = (catalog.sources.behaviors_dir?, catalog.sources.fingerprint?);
    let folder = Path::new(folder);
    if !folder.join("index.yaml").is_file() {
        return None;
    }
    let now = fingerprint(folder).ok()?;
    (now != built).then(|| {
        format!(
            "the behaviors in {} changed since this hook was built: it enforces the ones it was built from until it \
             is rebuilt.",
            folder.display()
        )
    })
}

/// The block of a call in a locked-down session, unless the call only reads.
pub(super) fn lockdown_block(settings: &Settings, payload: &Payload, session_id: &str) -> Option<Decision> {
    if settings.mode != RunMode::Live || READ_ONLY_TOOLS.contains(&payload.tool_name()) {
        return None;
    }
    let reasons = lockdown::reason(&lockdown::dir(&settings.forge_root), session_id)?;
    let program = program_name(&invoked_binary());
    let found = reasons.first().map_or("", String::as_str);
    let message = format!(
        "**[dotforge] BLOCKED:** this session is locked down: governance files were changed outside the hook ({found}).\n\
         Every call that could change something is refused until the person runs `{program} allow --tamper --session \
         {session_id}` at their terminal; reading files stays allowed.\nThis restriction cannot be overridden."
    );
    Some(Decision { block: Some(Block { level: Level::HardBlock, message, ask_user: false }), ..Decision::default() })
}
