//! One session's files replayed through the catalog, and what they add up to: each event read through its CLI's
//! adapter (as the live hook reads it), decided by the engine against the session so far (kept in memory, in the
//! history's own time), and counted — overall and for the CLI that wrote it. Totals add up in the order of the
//! sessions, so the report is the same however many threads replayed them.

use super::looks::Looks;
use crate::catalog::Catalog;
use crate::engine::{run_chain, EventInput, StateMode};
use crate::harness::{self, Harness};
use crate::hash::Tables;
use crate::history::{self, lines::HistoryEvent, lines::Skipped};
use crate::inspect::{Inspection, Memo};
use crate::model::Level;
use crate::payload::Payload;
use crate::session::Session;
use crate::settings::Settings;
use crate::time::Timestamp;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;

/// How many examples the report keeps per behavior.
pub(super) const EXAMPLES: usize = 3;

/// What to replay, besides the catalog.
#[derive(Debug)]
pub(super) struct Filter<'a> {
    pub settings: &'a Settings,
    /// Only events at or after this time.
    pub since: Option<Timestamp>,
    /// Only this session.
    pub session: Option<&'a str>,
}

/// One example of a behavior firing.
#[derive(Debug)]
pub(super) struct Example {
    pub session: String,
    pub at: String,
    pub tool: String,
    pub input: String,
    pub level: Level,
    pub message: String,
    /// How the command was reached, when another command ran it.
    pub road: Option<String>,
}

#[derive(Debug, Default)]
pub(super) struct BehaviorTotals {
    pub sessions: BTreeSet<String>,
    pub violations: u64,
    pub blocks: u64,
    pub overrides: u64,
    pub by_level: BTreeMap<&'static str, u64>,
    pub examples: Vec<Example>,
}

#[derive(Debug, Default)]
pub(super) struct Totals {
    pub files: usize,
    pub sessions: BTreeSet<String>,
    pub events: u64,
    /// Events by the strongest level any behavior fired at (`pass` when none fired).
    pub by_level: BTreeMap<&'static str, u64>,
    pub behaviors: BTreeMap<&'static str, BehaviorTotals>,
    pub first: Option<Timestamp>,
    pub last: Option<Timestamp>,
}

impl Totals {
    /// Adds the totals of sessions replayed after these.
    pub(super) fn merge(&mut self, later: Totals) {
        self.files += later.files;
        self.sessions.extend(later.sessions);
        self.events += later.events;
        add_counts(&mut self.by_level, later.by_level);
        for (id, found) in later.behaviors {
            let behavior = self.behaviors.entry(id).or_default();
            behavior.sessions.extend(found.sessions);
            behavior.violations += found.violations;
            behavior.blocks += found.blocks;
            behavior.overrides += found.overrides;
            add_counts(&mut behavior.by_level, found.by_level);
            let room = EXAMPLES.saturating_sub(behavior.examples.len());
            behavior.examples.extend(found.examples.into_iter().take(room));
        }
        self.first = match (self.first, later.first) {
            (Some(first), Some(other)) => Some(first.min(other)),
            (first, other) => first.or(other),
        };
        self.last = self.last.max(later.last);
    }
}

fn add_counts(into: &mut BTreeMap<&'static str, u64>, from: BTreeMap<&'static str, u64>) {
    for (key, count) in from {
        *into.entry(key).or_default() += count;
    }
}

/// What a replay found: the totals, the same for each CLI, and what was skipped.
#[derive(Debug, Default)]
pub(super) struct Found {
    pub all: Totals,
    /// By CLI (its `--harness` name).
    pub by_cli: BTreeMap<&'static str, Totals>,
    pub skipped: Skipped,
    /// Files read (of those listed).
    pub read: usize,
}

impl Found {
    /// Adds what the sessions replayed after these found.
    pub(super) fn merge(&mut self, later: Found) {
        self.all.merge(later.all);
        for (cli, totals) in later.by_cli {
            self.by_cli.entry(cli).or_default().merge(totals);
        }
        self.skipped.merge(later.skipped);
        self.read += later.read;
    }
}

/// Replays the files of one session (see `crate::history::session_key`): memory holds that session's events only.
pub(super) fn replay_session(catalog: &Catalog, filter: &Filter<'_>, files: &[PathBuf]) -> Found {
    let mut found = Found::default();
    let mut events: Vec<(Harness, HistoryEvent)> = Vec::new();
    for file in files {
        found.read += 1;
        match history::read_file(file, &mut found.skipped) {
            Ok((harness, read)) => {
                found.by_cli.entry(harness.name()).or_default().files += 1;
                events.reserve(read.len());
                events.extend(read.into_iter().map(|event| (harness, event)));
            }
            Err(problem) => crate::warn::warn(&format!("{problem}; skipped")),
        }
    }
    events.retain(|(_, event)| {
        filter.session.is_none_or(|only| event.session_id == only)
            && filter.since.is_none_or(|since| event.at.is_some_and(|at| at >= since))
    });
    // In each session's own order of time (stable: file order breaks ties).
    let in_order = |left: &(Harness, HistoryEvent), right: &(Harness, HistoryEvent)| {
        left.1.session_id.cmp(&right.1.session_id).then(left.1.at.cmp(&right.1.at))
    };
    if !events.is_sorted_by(|left, right| in_order(left, right).is_le()) {
        events.sort_by(in_order);
    }
    let mut sessions: HashMap<String, Session, Tables> = HashMap::default();
    MEMO.with(|memo| {
        LOOKS.with(|looks| {
            let replay = Replay { catalog, settings: filter.settings, memo, looks };
            for (harness, event) in events {
                replay.event(harness, event, &mut sessions, &mut found);
            }
        })
    });
    found
}

thread_local! {
    /// What each thread knows of the commands and paths of the events it replayed.
    static MEMO: Memo = Memo::default();
    /// The first looks each thread took at the calls it replayed.
    static LOOKS: Looks = Looks::default();
}

/// What replays an event.
struct Replay<'a> {
    catalog: &'a Catalog,
    settings: &'a Settings,
    memo: &'a Memo,
    looks: &'a Looks,
}

impl Replay<'_> {
    fn event(
        &self,
        harness: Harness,
        event: HistoryEvent,
        sessions: &mut HashMap<String, Session, Tables>,
        found: &mut Found,
    ) {
        let Replay { catalog, settings, memo, looks } = *self;
        // Read through the same adapter as the live hook (an MCP tool as the built-in tool with the same effect).
        let payload = harness::canonical(harness, Payload::from_object(event.payload));
        let Some(hook_event) = payload.event() else { return };
        let now = event.at.unwrap_or(Timestamp(0));
        // The session so far, unless it expired in the history's time (the TTL purge).
        let live = |session: &Session| {
            let idle = Timestamp::parse(&session.last_accessed_at).map_or(0, |last| now.seconds_since(last));
            idle <= settings.session_ttl
        };
        let session = sessions.remove(&event.session_id).filter(live).unwrap_or_else(|| Session::new(now));
        let inspection = Inspection::new(&payload, settings, catalog.sources).remembering(memo);
        let input = EventInput {
            payload: &payload,
            inspection: &inspection,
            event: hook_event,
            harness,
            session_id: &event.session_id,
            settings,
            now,
        };
        let look = looks.of(catalog, &input);
        let mut outcome = run_chain(catalog, &input, session, StateMode::Persistent, &look);
        if let Some(session) = outcome.effects.session.take() {
            sessions.insert(event.session_id.clone(), session);
        }
        let fired: Vec<Fired<'_>> = outcome
            .fired
            .iter()
            .map(|fired| Fired {
                behavior: fired.behavior_id,
                overridden: fired.overridden,
                level: fired.level,
                message: &fired.message,
                road: fired.road.as_deref(),
            })
            .collect();
        let seen = Seen { session: &event.session_id, now, payload: &payload, fired: &fired };
        let cli = found.by_cli.entry(harness.name()).or_default();
        seen.count(cli);
        seen.count(&mut found.all);
    }
}

/// A behavior that fired on an event.
struct Fired<'a> {
    behavior: &'static str,
    overridden: bool,
    level: Level,
    message: &'a str,
    road: Option<&'a str>,
}

/// One replayed event and what fired on it.
struct Seen<'a> {
    session: &'a str,
    now: Timestamp,
    payload: &'a Payload,
    fired: &'a [Fired<'a>],
}

impl Seen<'_> {
    fn count(&self, totals: &mut Totals) {
        totals.events += 1;
        if !totals.sessions.contains(self.session) {
            totals.sessions.insert(self.session.to_owned());
        }
        totals.first = totals.first.min(Some(self.now)).or(Some(self.now));
        totals.last = totals.last.max(Some(self.now));
        let strongest = self.fired.iter().filter(|fired| !fired.overridden).map(|fired| fired.level).max();
        *totals.by_level.entry(strongest.map_or("pass", Level::name)).or_default() += 1;
        for fired in self.fired {
            let behavior = totals.behaviors.entry(fired.behavior).or_default();
            if !behavior.sessions.contains(self.session) {
                behavior.sessions.insert(self.session.to_owned());
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
                    session: self.session.to_owned(),
                    at: self.now.format(),
                    tool: self.payload.tool_name().to_owned(),
                    input: example_input(self.payload),
                    level: fired.level,
                    message: fired.message.lines().next().unwrap_or("").replace("**", ""),
                    road: fired.road.map(str::to_owned),
                });
            }
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
