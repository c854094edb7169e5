//! Run-time settings from the environment (CONTRACT §3); a bad value warns and falls back to the default.

use crate::model::SoftBlockMode;
use crate::warn::warn;
use std::path::PathBuf;
use std::time::Duration;

pub(crate) use crate::model::PROFILES;

/// Sessions idle longer than this many seconds are purged (`FORGE_SESSION_TTL_SECONDS` changes it).
pub(crate) const DEFAULT_SESSION_TTL_SECONDS: u64 = 86_400;

/// Everything an event needs to know about its environment.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// The `.forge` directory.
    pub forge_root: PathBuf,
    /// Session TTL in seconds, from `last_accessed_at`.
    pub session_ttl: u64,
    /// Reinvocation window for soft_block overrides, in seconds.
    pub override_window: u64,
    /// How long to wait for the state lock.
    pub lock_timeout: Duration,
    /// The active hook profile.
    pub profile: String,
    /// What a soft block on PreToolUse does (`FORGE_SOFT_BLOCK`).
    pub soft_block: SoftBlockMode,
    /// `{project_dir}` of path globs: `$CLAUDE_PROJECT_DIR`, else the payload's `cwd`.
    pub project_dir: Option<PathBuf>,
    /// Where the event comes from, and so where its effects go.
    pub mode: RunMode,
}

/// Where events come from, and where their effects go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunMode {
    /// Hook mode: a client sent the event; its effects go to the `.forge` of the environment (CONTRACT §3).
    Live,
    /// `simulate` and scenario tests: recorded events, whose effects go to a `.forge` of the replay's own.
    Replay,
    /// `backtest`: recorded events, whose sessions live in memory; nothing is written.
    InMemory,
}

impl RunMode {
    /// Whether `{forge_root}` of path globs is the recorded `cwd`'s `.forge` rather than where this run's own state
    /// lives: the events were recorded in a project, and are judged as they would have been there.
    pub(crate) fn is_recorded(self) -> bool {
        self != RunMode::Live
    }
}

impl Settings {
    /// Reads the environment; `payload_cwd` is the payload's `cwd`, used for `FORGE_ROOT` when nothing else is set.
    pub(crate) fn from_env(payload_cwd: Option<&str>) -> Settings {
        Settings {
            forge_root: forge_root(payload_cwd),
            session_ttl: seconds_var("FORGE_SESSION_TTL_SECONDS", DEFAULT_SESSION_TTL_SECONDS),
            override_window: seconds_var("FORGE_OVERRIDE_WINDOW_SECONDS", 60),
            lock_timeout: lock_timeout(),
            profile: profile(),
            soft_block: soft_block_mode(),
            project_dir: non_empty_var("CLAUDE_PROJECT_DIR")
                .map(PathBuf::from)
                .or_else(|| payload_cwd.map(PathBuf::from)),
            mode: RunMode::Live,
        }
    }

    /// Settings for a replay or scenario in `forge_root`: default TTL, window and lock timeout.
    pub(crate) fn for_replay(forge_root: PathBuf, profile: &str, soft_block: SoftBlockMode) -> Settings {
        Settings {
            forge_root,
            session_ttl: DEFAULT_SESSION_TTL_SECONDS,
            override_window: 60,
            lock_timeout: Duration::from_secs(2),
            profile: profile.to_owned(),
            soft_block,
            project_dir: None,
            mode: RunMode::Replay,
        }
    }

    /// Settings for events judged in memory (`backtest`): no `.forge` of their own, the defaults otherwise.
    pub(crate) fn in_memory(profile: &str, soft_block: SoftBlockMode) -> Settings {
        Settings { mode: RunMode::InMemory, ..Settings::for_replay(PathBuf::new(), profile, soft_block) }
    }

    /// The profile named by `FORGE_HOOK_PROFILE`, or `standard`.
    pub(crate) fn env_profile() -> String {
        profile()
    }

    pub(crate) fn state_path(&self) -> PathBuf {
        self.forge_root.join("runtime").join("state.json")
    }

    pub(crate) fn lock_path(&self) -> PathBuf {
        self.forge_root.join("runtime").join("state.lock")
    }

    pub(crate) fn audit_dir(&self) -> PathBuf {
        self.forge_root.join("audit")
    }

    /// Where soft blocks that wait for the user's answer leave a marker (see [`crate::approval`]).
    pub(crate) fn approvals_dir(&self) -> PathBuf {
        self.forge_root.join("runtime").join("awaiting-approval")
    }
}

/// The mode named by `FORGE_SOFT_BLOCK`, or `ask`.
pub(crate) fn soft_block_mode() -> SoftBlockMode {
    let Some(text) = non_empty_var("FORGE_SOFT_BLOCK") else { return SoftBlockMode::Ask };
    SoftBlockMode::parse(text.trim()).unwrap_or_else(|| {
        warn(&format!("FORGE_SOFT_BLOCK=`{text}` is not `ask` or `deny`; using ask"));
        SoftBlockMode::Ask
    })
}

fn non_empty_var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|value| !value.trim().is_empty())
}

fn forge_root(payload_cwd: Option<&str>) -> PathBuf {
    if let Some(root) = non_empty_var("FORGE_ROOT") {
        return PathBuf::from(root);
    }
    if let Some(project) = non_empty_var("CLAUDE_PROJECT_DIR") {
        return PathBuf::from(project).join(".forge");
    }
    match payload_cwd {
        Some(cwd) => PathBuf::from(cwd).join(".forge"),
        None => PathBuf::from(".forge"),
    }
}

fn seconds_var(name: &str, default: u64) -> u64 {
    let Some(text) = non_empty_var(name) else { return default };
    match text.trim().parse::<u64>() {
        Ok(seconds) => seconds,
        Err(_) => {
            warn(&format!("{name}=`{text}` is not a whole number of seconds; using {default}"));
            default
        }
    }
}

fn lock_timeout() -> Duration {
    let default = Duration::from_secs(2);
    let Some(text) = non_empty_var("FORGE_LOCK_TIMEOUT") else { return default };
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds >= 0.0 => Duration::from_secs_f64(seconds.min(3600.0)),
        _ => {
            warn(&format!("FORGE_LOCK_TIMEOUT=`{text}` is not a number of seconds; using 2"));
            default
        }
    }
}

fn profile() -> String {
    let Some(text) = non_empty_var("FORGE_HOOK_PROFILE") else { return "standard".to_owned() };
    let text = text.trim();
    if PROFILES.contains(&text) {
        text.to_owned()
    } else {
        warn(&format!("FORGE_HOOK_PROFILE=`{text}` is not one of minimal, standard, strict; using standard"));
        "standard".to_owned()
    }
}
