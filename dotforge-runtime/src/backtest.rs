//! `backtest`: replays real Claude Code history — session transcripts — through the compiled catalog and reports how
//! often each behavior would have fired, at which level, and what it would have said, before it enforces anything.
//!
//! Sessions are kept in memory (a year of history is millions of events; the per-event lock, read and fsync of a
//! live hook would take hours), time is the transcripts' own (TTL and override windows follow it), and nothing is
//! written: of the effects of each decision ([`crate::engine::Effects`]) only the session is kept, and the override
//! lines and approval markers a live hook would write are left out. No `.forge` is touched.

use crate::catalog::Catalog;
use crate::engine::{run_chain, EventInput, FirstLook, StateMode};
use crate::harness::{self, Harness};
use crate::inspect::Inspection;
use crate::model::Level;
use crate::model::SoftBlockMode;
use crate::payload::Payload;
use crate::session::Session;
use crate::settings::Settings;
use crate::time::Timestamp;
use crate::transcript::{self, Skipped, TranscriptEvent};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How many examples the report keeps per behavior.
const EXAMPLES: usize = 3;

/// What to backtest.
#[derive(Debug)]
pub(crate) struct Options {
    /// Transcript files or folders.
    pub paths: Vec<PathBuf>,
    pub json: bool,
    /// Only events at or after this time.
    pub since: Option<Timestamp>,
    /// Only this session.
    pub session: Option<String>,
    pub profile: String,
    pub soft_block: SoftBlockMode,
}

/// One example of a behavior firing.
#[derive(Debug)]
struct Example {
    session: String,
    at: String,
    tool: String,
    input: String,
    level: Level,
    message: String,
    /// How the command was reached, when another command ran it.
    road: Option<String>,
}

#[derive(Debug, Default)]
struct BehaviorTotals {
    sessions: BTreeSet<String>,
    violations: u64,
    blocks: u64,
    overrides: u64,
    by_level: BTreeMap<&'static str, u64>,
    examples: Vec<Example>,
}

#[derive(Debug, Default)]
struct Totals {
    files: usize,
    sessions: BTreeSet<String>,
    events: u64,
    /// Events by the strongest level any behavior fired at (`pass` when none fired).
    by_level: BTreeMap<&'static str, u64>,
    behaviors: BTreeMap<&'static str, BehaviorTotals>,
    first: Option<Timestamp>,
    last: Option<Timestamp>,
}

/// Prints a progress line on stderr at most once a second, for long runs.
struct Progress {
    started: Instant,
    last: Instant,
}

impl Progress {
    fn tick(&mut self, what: impl FnOnce() -> String) {
        if self.last.elapsed() >= Duration::from_secs(1) {
            self.last = Instant::now();
            crate::warn::warn(&format!("backtest: {} ({:.0} s)", what(), self.started.elapsed().as_secs_f64()));
        }
    }
}

/// The files of one session: `<id>.jsonl`, and `<id>/subagents/*.jsonl` beside it.
fn session_key(file: &std::path::Path) -> PathBuf {
    let parent = file.parent();
    if parent.and_then(|dir| dir.file_name()).is_some_and(|name| name == "subagents") {
        if let Some(session_dir) = parent.and_then(std::path::Path::parent) {
            return session_dir.to_path_buf();
        }
    }
    file.with_extension("")
}

/// Runs the backtest and prints the report. Sessions are replayed one group of files at a time, so memory holds one
/// session's events, not the whole history.
pub(crate) fn run(catalog: &Catalog, options: &Options, out: &mut impl Write) -> Result<(), String> {
    let mut groups: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    let mut files = 0;
    for path in &options.paths {
        for file in transcript::files(path)? {
            files += 1;
            groups.entry(session_key(&file)).or_default().push(file);
        }
    }
    let settings = Settings::in_memory(&options.profile, options.soft_block);
    let mut progress = Progress { started: Instant::now(), last: Instant::now() };
    let mut skipped = Skipped::default();
    let mut totals = Totals { files, ..Totals::default() };
    let mut sessions: HashMap<String, Session> = HashMap::new();
    let mut read = 0;
    for group in groups.values() {
        let mut events: Vec<TranscriptEvent> = Vec::new();
        for file in group {
            read += 1;
            match transcript::read_file(file, &mut skipped) {
                Ok(found) => events.extend(found),
                Err(problem) => crate::warn::warn(&format!("{problem}; skipped")),
            }
        }
        events.retain(|event| {
            options.session.as_deref().is_none_or(|only| event.session_id == only)
                && options.since.is_none_or(|since| event.at.is_some_and(|at| at >= since))
        });
        // In each session's own order of time (stable: file order breaks ties).
        events.sort_by(|left, right| left.session_id.cmp(&right.session_id).then(left.at.cmp(&right.at)));
        for event in events {
            replay_event(catalog, &settings, event, &mut sessions, &mut totals);
        }
        progress.tick(|| format!("{read}/{files} files, {} events", totals.events));
    }
    let report = report_json(catalog, &totals, &skipped);
    let text = if options.json { report.to_string() } else { report_text(&report) };
    writeln!(out, "{text}").map_err(|error| format!("cannot write the report: {error}"))
}

fn replay_event(
    catalog: &Catalog,
    settings: &Settings,
    event: TranscriptEvent,
    sessions: &mut HashMap<String, Session>,
    totals: &mut Totals,
) {
    // Read through the same adapter as the live hook (an MCP tool as the built-in tool with the same effect).
    let payload = harness::canonical(Harness::ClaudeCode, Payload::from_object(event.payload));
    let Some(hook_event) = payload.event() else { return };
    let now = event.at.unwrap_or(Timestamp(0));
    // The session so far, unless it expired in transcript time (the TTL purge).
    let live = |session: &Session| {
        let idle = Timestamp::parse(&session.last_accessed_at).map_or(0, |last| now.seconds_since(last));
        idle <= settings.session_ttl
    };
    let session = sessions.remove(&event.session_id).filter(live).unwrap_or_else(|| Session::new(now));
    let inspection = Inspection::new(&payload, settings, catalog.sources);
    let input = EventInput {
        payload: &payload,
        inspection: &inspection,
        event: hook_event,
        harness: Harness::ClaudeCode,
        session_id: &event.session_id,
        settings,
        now,
    };
    let mut outcome = run_chain(catalog, &input, session, StateMode::Persistent, &FirstLook::default());
    if let Some(session) = outcome.effects.session.take() {
        sessions.insert(event.session_id.clone(), session);
    }
    totals.events += 1;
    if !totals.sessions.contains(&event.session_id) {
        totals.sessions.insert(event.session_id.clone());
    }
    totals.first = totals.first.min(Some(now)).or(Some(now));
    totals.last = totals.last.max(Some(now));
    let strongest = outcome.fired.iter().filter(|fired| !fired.overridden).map(|fired| fired.level).max();
    *totals.by_level.entry(strongest.map_or("pass", Level::name)).or_default() += 1;
    for fired in &outcome.fired {
        let behavior = totals.behaviors.entry(fired.behavior_id).or_default();
        if !behavior.sessions.contains(&event.session_id) {
            behavior.sessions.insert(event.session_id.clone());
        }
        if fired.overridden {
            behavior.overrides += 1;
            continue;
        }
        behavior.violations += 1;
        *behavior.by_level.entry(fired.level.name()).or_default() += 1;
        if fired.level.is_block() {
            behavior.blocks += 1;
        }
        if behavior.examples.len() < EXAMPLES {
            behavior.examples.push(Example {
                session: event.session_id.clone(),
                at: now.format(),
                tool: payload.tool_name().to_owned(),
                input: example_input(&payload),
                level: fired.level,
                message: fired.message.lines().next().unwrap_or("").replace("**", ""),
                road: fired.road.clone(),
            });
        }
    }
}

/// The input of an example on one line: the field that says most (command, path, pattern, URL, query, prompt),
/// else the tool input's summary.
fn example_input(payload: &Payload) -> String {
    let input = payload.tool_input();
    let telling = ["command", "file_path", "notebook_path", "pattern", "url", "query", "prompt"]
        .iter()
        .find_map(|key| input.get(*key).and_then(serde_json::Value::as_str))
        .map(str::to_owned);
    let text = telling.unwrap_or_else(|| match crate::audit::summarize_tool_input(input) {
        summary if summary.is_empty() => payload.prompt().to_owned(),
        summary => summary,
    });
    text.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(100).collect()
}

fn report_json(catalog: &Catalog, totals: &Totals, skipped: &Skipped) -> Value {
    let behaviors: serde_json::Map<String, Value> = catalog
        .behaviors
        .iter()
        .map(|behavior| {
            let empty = BehaviorTotals::default();
            let found = totals.behaviors.get(behavior.id).unwrap_or(&empty);
            let examples: Vec<Value> = found
                .examples
                .iter()
                .map(|example| {
                    let mut value = json!({"session": example.session, "at": example.at, "tool": example.tool,
                        "input": example.input, "level": example.level.name(), "message": example.message});
                    if let Some(road) = &example.road {
                        value["road"] = json!(road);
                    }
                    value
                })
                .collect();
            let value = json!({
                "enabled": behavior.enabled,
                "sessions": found.sessions.len(),
                "violations": found.violations,
                "blocks": found.blocks,
                "overrides": found.overrides,
                "by_level": found.by_level,
                "examples": examples,
            });
            (behavior.id.to_owned(), value)
        })
        .collect();
    json!({
        "files": totals.files,
        "sessions": totals.sessions.len(),
        "events": totals.events,
        "from": totals.first.map(Timestamp::format),
        "to": totals.last.map(Timestamp::format),
        "events_by_level": totals.by_level,
        "behaviors": behaviors,
        "skipped": {
            "malformed_lines": skipped.malformed,
            "not_utf8_lines": skipped.not_utf8,
            "truncated_files": skipped.truncated_files,
            "other_line_types": skipped.other_types,
        },
    })
}

fn plural(count: u64, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

/// The examples of the behaviors that fired, one aligned row each (a `reached through` line under a row whose
/// command was reached through another).
fn examples_table(fired: &[(&String, &Value)]) -> Vec<String> {
    let mut rows = Vec::new();
    let mut roads = Vec::new();
    for (id, value) in fired {
        for example in value["examples"].as_array().into_iter().flatten() {
            let text = |key: &str, chars: usize| -> String {
                example[key].as_str().unwrap_or("").chars().take(chars).collect()
            };
            let said = format!("{}: {}", text("level", 20), text("message", 90));
            let session = format!("session {}", text("session", 8));
            rows.push(vec![(*id).clone(), text("at", 40), session, text("tool", 40), text("input", 60), said]);
            roads.push(example["road"].as_str().map(|road| format!("    reached through: {road}")));
        }
    }
    let lines = crate::table::render_rows(&rows).into_iter().map(|line| format!("  {line}"));
    lines.zip(roads).flat_map(|(line, road)| std::iter::once(line).chain(road)).collect()
}

/// The report for a person: totals, a table of the behaviors that fired, examples.
fn report_text(report: &Value) -> String {
    let number = |value: &Value| value.as_u64().unwrap_or(0);
    let mut out = Vec::new();
    let span = match (report["from"].as_str(), report["to"].as_str()) {
        (Some(from), Some(to)) => format!(", {from} → {to}"),
        _ => String::new(),
    };
    out.push(format!(
        "Backtest of {}: {}, {}{span}",
        plural(number(&report["files"]), "transcript file", "transcript files"),
        plural(number(&report["sessions"]), "session", "sessions"),
        plural(number(&report["events"]), "event", "events"),
    ));
    let levels = ["pass", "silent", "nudge", "warning", "soft_block", "hard_block"];
    let by_level: Vec<String> =
        levels.iter().map(|level| format!("{level} {}", number(&report["events_by_level"][level]))).collect();
    out.push(format!("Events by strongest level: {}", by_level.join(" · ")));
    let skipped = &report["skipped"];
    let others: u64 = skipped["other_line_types"].as_object().map_or(0, |types| types.values().map(number).sum());
    out.push(format!(
        "Skipped: {} of other types, {} malformed ({} truncated files), {} not UTF-8",
        plural(others, "line", "lines"),
        number(&skipped["malformed_lines"]),
        number(&skipped["truncated_files"]),
        number(&skipped["not_utf8_lines"]),
    ));
    let behaviors = report["behaviors"].as_object().cloned().unwrap_or_default();
    let fired: Vec<(&String, &Value)> =
        behaviors.iter().filter(|(_, value)| number(&value["violations"]) + number(&value["overrides"]) > 0).collect();
    out.push(String::new());
    if fired.is_empty() {
        out.push("No behavior would have fired.".to_owned());
    } else {
        let rows: Vec<Vec<String>> = fired
            .iter()
            .map(|(id, value)| {
                let by_level: Vec<String> = levels[1..]
                    .iter()
                    .filter(|level| number(&value["by_level"][**level]) > 0)
                    .map(|level| format!("{level} {}", number(&value["by_level"][*level])))
                    .collect();
                vec![
                    (*id).clone(),
                    number(&value["sessions"]).to_string(),
                    number(&value["violations"]).to_string(),
                    number(&value["blocks"]).to_string(),
                    number(&value["overrides"]).to_string(),
                    by_level.join(" · "),
                ]
            })
            .collect();
        let header = ["behavior", "sessions", "violations", "blocks", "overrides", "levels"];
        out.extend(crate::table::render(&header, &rows, false));
        out.push(String::new());
        out.push("Examples (the first of each behavior):".to_owned());
        out.extend(examples_table(&fired));
    }
    let quiet: Vec<&String> = behaviors
        .iter()
        .filter(|(_, value)| {
            value["enabled"] == true && number(&value["violations"]) + number(&value["overrides"]) == 0
        })
        .map(|(id, _)| id)
        .collect();
    if !quiet.is_empty() {
        out.push(String::new());
        out.push(format!("Never fired: {}", quiet.iter().map(|id| id.as_str()).collect::<Vec<_>>().join(", ")));
    }
    out.join("\n")
}
