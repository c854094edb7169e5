//! Hook mode: one payload in, at most one JSON object out (CONTRACT §2 and §5). One event: parse the payload,
//! inspect the call, take a first look that needs no state, and — when some behavior reacts, or the tamper check
//! ([`tamper`]) finds a watched file's mark changed — lock the state, check the files governance depends on, run the
//! chain ([`crate::engine`], which decides), apply the effects of its decision in one place ([`apply`]) and release
//! the lock; then print. A session's start runs the tamper check alone; a call of a session locked down after a
//! tamper is refused before anything else.

mod tamper;

use crate::approval;
use crate::audit::{self, OverrideRecord};
use crate::catalog::Catalog;
use crate::engine::{run_chain, Approval, ChainOutcome, Effects, EventInput, Fired, FirstLook, StateMode};
use crate::harness::{self, Harness, OutputControl};
use crate::hash::sha256_hex;
use crate::inspect::Inspection;
use crate::lock::{self, LockError};
use crate::metrics::{MetricsDelta, Totals, METRICS_FILE};
use crate::model::Event;
use crate::output::{self, Screened, Verdict};
use crate::payload::Payload;
use crate::screen;
use crate::secret_files;
use crate::session::Session;
use crate::settings::Settings;
use crate::state::{read_state_sealed, StateDoc};
use crate::time::Timestamp;
use crate::warn::warn;
use crate::watch::{self, StateSeen};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

/// Handles one hook payload and returns the JSON text to print, if any. Never panics on any input. The agent CLI
/// that sent it is told by the payload (see [`Harness::detect`]).
pub fn run_hook(catalog: &Catalog, input: &[u8]) -> Option<String> {
    run_hook_for(catalog, input, None)
}

/// [`run_hook`] for a payload of the agent CLI `harness` (`hook --harness NAME`), or of the one the payload tells.
pub(crate) fn run_hook_for(catalog: &Catalog, input: &[u8], harness: Option<Harness>) -> Option<String> {
    let output = match process_payload(catalog, input, harness, &Harness::variable_is_set, Settings::from_env) {
        Processed::Event(report) => report.output,
        Processed::SessionStart(output) => output,
        Processed::Ignored => None,
    };
    // serde_json writes a Value it holds without fail.
    output.and_then(|json| serde_json::to_string(&json).ok())
}

/// What one payload was.
enum Processed {
    /// An event the chain judged.
    Event(EventReport),
    /// A session's start: the tamper check alone, and what it prints.
    SessionStart(Option<Value>),
    /// Not a handled event.
    Ignored,
}

/// What one event did, for replays and scenario tests.
#[derive(Debug)]
pub(crate) struct EventReport {
    pub event: Event,
    pub tool_name: String,
    pub session_id: String,
    pub fired: Vec<Fired>,
    pub output: Option<Value>,
    pub verdict: Verdict,
}

/// Runs one payload of `harness` (or of the one the payload, else a variable `environment` says is set, tells).
/// `settings_for` receives the payload's `cwd` (hook mode reads the environment; replays and scenarios pass their
/// own settings and an environment without variables). `None` when the payload is not a handled event or the
/// catalog is empty.
pub(crate) fn process(
    catalog: &Catalog,
    input: &[u8],
    harness: Option<Harness>,
    environment: &dyn Fn(&str) -> bool,
    settings_for: impl FnOnce(Option<&str>) -> Settings,
) -> Option<EventReport> {
    match process_payload(catalog, input, harness, environment, settings_for) {
        Processed::Event(report) => Some(report),
        Processed::SessionStart(_) | Processed::Ignored => None,
    }
}

/// [`process`], with a session's start told apart.
fn process_payload(
    catalog: &Catalog,
    input: &[u8],
    harness: Option<Harness>,
    environment: &dyn Fn(&str) -> bool,
    settings_for: impl FnOnce(Option<&str>) -> Settings,
) -> Processed {
    let Some(raw) = Payload::parse(input) else {
        warn("ignored the payload: it is not a JSON object (the hook reads one hook payload on stdin)");
        return Processed::Ignored;
    };
    let explicit = harness;
    let harness = Harness::detect(&raw, harness, environment);
    let payload = harness::canonical(harness, raw);
    let Some(event) = payload.event() else {
        if let Some(starting) = tamper::session_start_of(&payload, harness, explicit.is_none()) {
            if catalog.behaviors.is_empty() {
                return Processed::Ignored;
            }
            let settings = settings_for(payload.cwd());
            let session_id = payload.session_id().map_or_else(|| fallback_session_id(Timestamp::now()), str::to_owned);
            return Processed::SessionStart(tamper::session_start(catalog, &payload, starting, &settings, &session_id));
        }
        warn_unknown_event(payload.event_name(), harness);
        return Processed::Ignored;
    };
    if catalog.behaviors.is_empty() {
        return Processed::Ignored; // SPEC §7.9: nothing declared, no state access
    }
    let settings = settings_for(payload.cwd());
    let now = Timestamp::now();
    let session_id = match payload.session_id() {
        Some(id) => id.to_owned(),
        None => fallback_session_id(now),
    };
    if event == Event::PreToolUse {
        if let Some(decision) = tamper::lockdown_block(&settings, &payload, &session_id) {
            return Processed::Event(EventReport {
                event,
                tool_name: payload.tool_name().to_owned(),
                output: harness::render(harness, event, &decision),
                verdict: output::verdict(event, &decision),
                fired: Vec::new(),
                session_id,
            });
        }
    }
    let inspection = Inspection::new(&payload, &settings, catalog.sources);
    let input = EventInput {
        payload: &payload,
        inspection: &inspection,
        event,
        harness,
        session_id: &session_id,
        settings: &settings,
        now,
    };
    let first_look = FirstLook::new(catalog, &input);
    let place = tamper::moment(event).and_then(|moment| Some((tamper::Where::of(&settings, harness)?, moment)));
    let watching = place.as_ref().map(|(place, moment)| place.context(catalog, &payload, &session_id, *moment, now));
    let needs_state = first_look.needs_state() || answers_a_soft_block(&input) || creates_paths(catalog, &input);
    let mut outcome = if needs_state || watching.as_ref().is_some_and(tamper::needs_check) {
        evaluate_with_state(catalog, &input, &first_look, watching.as_ref())
    } else {
        ChainOutcome::default()
    };
    // The output the model is about to read, screened for secrets — unless the person approved this very call.
    let approved = outcome.fired.iter().any(|fired| fired.overridden);
    if event == Event::PostToolUse && !approved && screens_output(catalog, &settings, harness) {
        outcome.decision.screened = screen_output(catalog, &payload, &settings);
    }
    Processed::Event(EventReport {
        event,
        tool_name: payload.tool_name().to_owned(),
        output: harness::render(harness, event, &outcome.decision),
        verdict: output::verdict(event, &outcome.decision),
        fired: outcome.fired,
        session_id,
    })
}

/// Warns about an event name no CLI sends (a typo in a test payload, `PreTooluse`), saying the one it resembles;
/// the events a CLI sends that the hook does not handle (`SessionStart`, `Notification`) pass in silence.
fn warn_unknown_event(name: &str, harness: Harness) {
    if Harness::ALL.iter().any(|known| known.dialect().sends_event(name)) {
        return;
    }
    let handled: Vec<&str> = Event::ALL.iter().filter_map(|event| harness.dialect().event_name(*event)).collect();
    let close = handled.iter().find(|known| known.eq_ignore_ascii_case(name));
    let hint = match close {
        Some(known) => format!(" (did you mean `{known}`?)"),
        None => format!(" (it handles {})", handled.join(", ")),
    };
    if name.is_empty() {
        warn(&format!("ignored the payload: it has no `hook_event_name`{hint}"));
    } else {
        warn(&format!("ignored the payload: the event `{name}` is not one this hook handles{hint}"));
    }
}

/// Whether tool output is screened: a behavior that asks for it is on for the active profile, and the CLI lets a hook
/// replace or withhold a tool's output.
fn screens_output(catalog: &Catalog, settings: &Settings, harness: Harness) -> bool {
    harness.dialect().output != OutputControl::Cannot && screening_behaviors(catalog, settings).next().is_some()
}

/// The behaviors, on for the active profile, that ask for tool output to be screened.
fn screening_behaviors<'c>(
    catalog: &'c Catalog,
    settings: &'c Settings,
) -> impl Iterator<Item = &'c crate::catalog::Behavior> + 'c {
    let active = |behavior: &&crate::catalog::Behavior| {
        behavior.enabled && (behavior.profiles.is_empty() || behavior.profiles.contains(&settings.profile.as_str()))
    };
    catalog.behaviors.iter().filter(active).filter(|behavior| behavior.screens_output)
}

/// The tool's output (`tool_response`) with the secrets in it withheld, or `None` when it holds none: the secrets
/// of the hook's environment and of the project's `.env` files, well-known formats, secret-named values, and the
/// formats the screening behaviors declare.
fn screen_output(catalog: &Catalog, payload: &Payload, settings: &Settings) -> Option<Screened> {
    let output = payload.fields().get("tool_response")?;
    let mut named = secret_files::environment();
    let project = settings.project_dir.clone().or_else(|| payload.cwd().map(std::path::PathBuf::from));
    if let Some(project) = project {
        named.extend(secret_files::dotenv_values(&project));
    }
    let patterns: Vec<crate::model::SecretPattern> =
        screening_behaviors(catalog, settings).flat_map(|behavior| behavior.secret_patterns.iter().copied()).collect();
    let known = screen::Known::from_named(named).with_patterns(&patterns);
    let (output, kinds) = screen::redact_value(output, &known)?;
    Some(Screened { output, kinds })
}

/// Whether this PreToolUse would create paths that a behavior remembers as the session's own (`loses_work`): then
/// the session is stored even if no behavior reacts. Most calls create nothing new and read no file for this.
fn creates_paths(catalog: &Catalog, input: &EventInput<'_>) -> bool {
    input.event == Event::PreToolUse
        && catalog
            .behaviors
            .iter()
            .any(|behavior| behavior.remembers_created && crate::engine::in_profile(behavior, input))
        && !input.inspection.created_now(input.payload.paths()).is_empty()
}

/// Whether this PostToolUse or PostToolUseFailure may be the user's approval of a soft block that asked: then the
/// state must be read even if no behavior reacts to the event (see [`crate::approval`]).
fn answers_a_soft_block(input: &EventInput<'_>) -> bool {
    input.event.follows_a_call()
        && approval::is_awaited(&input.settings.approvals_dir(), &approval::key_of_call(input.payload))
}

/// A stable id for payloads without `session_id`: hash of current dir, parent pid and UTC date.
fn fallback_session_id(now: Timestamp) -> String {
    let cwd = std::env::current_dir().map(|dir| dir.display().to_string()).unwrap_or_default();
    #[cfg(unix)]
    let parent = std::os::unix::process::parent_id();
    #[cfg(not(unix))]
    let parent = 0;
    let digest = sha256_hex(format!("{cwd}\n{parent}\n{}", now.date()).as_bytes());
    format!("anon-{}", &digest[..16])
}

/// Takes the lock, loads and purges state, runs the tamper check when the event checks (its findings first among the
/// messages), runs the chain and applies its effects. Without the lock, runs on a throwaway session and applies
/// nothing.
fn evaluate_with_state(
    catalog: &Catalog,
    input: &EventInput<'_>,
    first_look: &FirstLook,
    watching: Option<&watch::Context<'_>>,
) -> ChainOutcome {
    let settings = input.settings;
    let _guard = match lock::lock_state(settings) {
        Ok(guard) => guard,
        Err(error) => {
            match error {
                LockError::Timeout => warn(&format!(
                    "state lock {} busy for {:.1}s; evaluating with default levels and no saved state",
                    settings.lock_path().display(),
                    settings.lock_timeout.as_secs_f64()
                )),
                LockError::Io(error) => warn(&format!(
                    "cannot lock {}: {error}; evaluating with default levels and no saved state",
                    settings.lock_path().display()
                )),
            }
            return run_chain(catalog, input, Session::new(input.now), StateMode::Ephemeral, first_look);
        }
    };
    let state_path = settings.state_path();
    let (bytes, seal) = read_state_sealed(&state_path);
    let mut doc = StateDoc::load(&state_path, bytes.as_deref(), input.now, &[input.session_id]);
    let report = watching.map(|context| tamper::check(context, &mut doc, StateSeen { existed: bytes.is_some(), seal }));
    let swept = doc.sweep(input.now, settings.session_ttl).is_some();
    if swept {
        approval::sweep(&settings.approvals_dir(), Duration::from_secs(settings.session_ttl));
    }
    let session = doc.take_session(input.session_id, input.now, settings.session_ttl);
    let mut outcome = run_chain(catalog, input, session, StateMode::Persistent, first_look);
    if let (Some(report), Some(context)) = (&report, watching) {
        if let Some(session) = outcome.effects.session.as_mut() {
            tamper::record_in_session(report, session);
        }
        if let Some(message) = report.message(context) {
            match outcome.decision.block.as_mut() {
                Some(block) => block.message = format!("{message}\n\n{}", block.message),
                None => outcome.decision.messages.insert(0, message),
            }
        }
    }
    apply(&mut outcome.effects, &mut doc, swept, input);
    outcome
}

/// Applies the effects of one event's decision, under the state lock: the approval markers, the override lines of
/// `overrides.log` (each synced), then the session and the metrics totals in the event's one `fsync`'d write of
/// state.json, and — at a sweep — the view in `audit/metrics.json`. A write that fails warns; the decision stands.
fn apply(effects: &mut Effects, doc: &mut StateDoc<'_>, swept: bool, input: &EventInput<'_>) {
    let settings = input.settings;
    apply_approvals(&effects.approvals, &settings.approvals_dir());
    for record in &effects.overrides {
        match audit::append_override(&settings.audit_dir(), record) {
            Ok(appended) => {
                watch::note_append(doc, &settings.audit_dir().join(audit::OVERRIDES_LOG), &appended.hash);
                if let Some(session) = effects.session.as_mut() {
                    point_to_line(session, record, &appended.hash);
                }
            }
            Err(error) => warn(&format!("cannot append to overrides.log: {error}")),
        }
    }
    let Some(session) = &effects.session else { return };
    doc.put_session(input.session_id, session);
    let totals = count_metrics(doc, &effects.metrics, swept, &settings.audit_dir(), input.now);
    let state_path = settings.state_path();
    if let Err(error) = doc.save(&state_path) {
        warn(&format!("cannot write {}: {error}; this event's state is lost", state_path.display()));
        return;
    }
    if let Some(totals) = totals.filter(|_| swept) {
        if let Err(error) = totals.materialize(&settings.audit_dir()) {
            warn(&format!("cannot write audit/{METRICS_FILE}: {error}"));
        }
    }
}

/// Points the override's entry in the session (the last one of its behavior without a pointer) to its line of
/// overrides.log, by the line's hash.
fn point_to_line(session: &mut Session, record: &OverrideRecord, hash: &str) {
    let Some(state) = session.behaviors.get_mut(record.behavior_id) else { return };
    let entry = state.overrides.iter_mut().rev().find(|entry| {
        entry.get("audit_hash").is_none()
            && entry.get("timestamp").and_then(Value::as_str) == Some(record.timestamp.as_str())
    });
    if let Some(Value::Object(entry)) = entry {
        entry.insert("audit_hash".into(), Value::from(hash));
    }
}

/// Sets the markers of soft blocks that now wait for the user's answer and removes those of blocks that no longer
/// do — but for a call that waits again (the same call blocked again), whose marker is refreshed instead.
fn apply_approvals(approvals: &[Approval], dir: &Path) {
    let awaited: Vec<String> = approvals
        .iter()
        .filter_map(|approval| match approval {
            Approval::Awaited(pending) => Some(approval::key_of_pending(pending)),
            Approval::Settled(_) => None,
        })
        .collect();
    for approval in approvals {
        if let Approval::Settled(pending) = approval {
            let key = approval::key_of_pending(pending);
            if !awaited.contains(&key) {
                approval::unmark(dir, &key);
            }
        }
    }
    for key in &awaited {
        if let Err(error) = approval::mark(dir, key) {
            warn(&format!("cannot mark the soft block as awaiting the user's answer: {error}"));
        }
    }
}

/// Adds the event's counts to the totals in the state document (starting from metrics.json's when the document has
/// none) and returns the totals when they changed or the sweep will show them (`None` when there are none).
fn count_metrics(
    doc: &mut StateDoc<'_>,
    delta: &MetricsDelta,
    swept: bool,
    audit_dir: &Path,
    now: Timestamp,
) -> Option<Totals> {
    if delta.is_empty() && !swept {
        return None; // most events count nothing: the totals stay undecoded in the file
    }
    let held = doc.metrics();
    if delta.is_empty() {
        return held;
    }
    let mut totals = held.unwrap_or_else(|| Totals::from_metrics_file(audit_dir, now.0));
    totals.add(delta);
    doc.set_metrics(&totals);
    Some(totals)
}
