//! `backtest`: replays the history of every governed CLI — Claude Code transcripts, Codex CLI rollouts, Gemini CLI
//! chats, Copilot CLI, Qwen Code and Factory Droid sessions (see `crate::history`) — through the compiled catalog
//! and reports how often each behavior would have fired, at which level, and what it would have said, before it
//! enforces anything; overall, and for each CLI.
//!
//! Sessions are kept in memory (a year of history is millions of events; the per-event lock, read and fsync of a
//! live hook would take hours), time is the history's own (TTL and override windows follow it), and nothing is
//! written: of the effects of each decision ([`crate::engine::Effects`]) only the session is kept, and the override
//! lines and approval markers a live hook would write are left out. No `.forge` is touched.
//!
//! Sessions are replayed in parallel, one thread per core ([`in_order`]): each session's files are read, streamed,
//! and replayed by one thread, and the totals are added up in the order of the sessions, so the report is byte for
//! byte the one a single thread gives. Memory holds the sessions in the works, not the history.

mod in_order;
mod looks;
mod replay;
mod report;

use crate::catalog::Catalog;
use crate::history;
use crate::model::SoftBlockMode;
use crate::settings::Settings;
use crate::time::Timestamp;
use replay::{Filter, Found};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// What to backtest.
#[derive(Debug)]
pub(crate) struct Options {
    /// History files or folders.
    pub paths: Vec<PathBuf>,
    pub json: bool,
    /// Only events at or after this time.
    pub since: Option<Timestamp>,
    /// Only this session.
    pub session: Option<String>,
    pub profile: String,
    pub soft_block: SoftBlockMode,
    /// Threads to replay on (default: one per core).
    pub jobs: Option<usize>,
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

/// Runs the backtest and prints the report.
pub(crate) fn run(catalog: &Catalog, options: &Options, out: &mut impl Write) -> Result<(), String> {
    let mut sessions: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    let mut files = 0;
    for path in &options.paths {
        for file in history::files(path)? {
            files += 1;
            sessions.entry(history::session_key(&file)).or_default().push(file);
        }
    }
    let sessions: Vec<Vec<PathBuf>> = sessions.into_values().collect();
    let settings = Settings::in_memory(&options.profile, options.soft_block);
    let filter = Filter { settings: &settings, since: options.since, session: options.session.as_deref() };
    let threads = options
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get))
        .clamp(1, sessions.len().max(1));
    let mut progress = Progress { started: Instant::now(), last: Instant::now() };
    let mut found = Found::default();
    in_order::in_order(
        &sessions,
        threads,
        |session| replay::replay_session(catalog, &filter, session),
        |_, replayed| {
            found.merge(replayed);
            progress.tick(|| format!("{}/{files} files, {} events", found.read, found.all.events));
        },
    );
    found.all.files = files;
    let report = report::report_json(catalog, &found);
    let text = if options.json { report.to_string() } else { report::report_text(&report) };
    writeln!(out, "{text}").map_err(|error| format!("cannot write the report: {error}"))
}
