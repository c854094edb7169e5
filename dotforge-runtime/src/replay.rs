//! Replaying events in a `.forge` of their own (a scratch folder by default), for `simulate` and scenario tests.

use crate::catalog::Catalog;
use crate::hook::{process, EventReport};
use crate::lock;
use crate::model::SoftBlockMode;
use crate::session::Session;
use crate::settings::{Settings, DEFAULT_SESSION_TTL_SECONDS};
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

static NEXT_SCRATCH: AtomicU64 = AtomicU64::new(0);

/// A `.forge` folder that events are replayed into.
#[derive(Debug)]
pub(crate) struct Replay {
    root: PathBuf,
    scratch: bool,
}

impl Replay {
    /// A fresh folder under the system temp dir, removed when the replay is dropped.
    pub(crate) fn scratch() -> std::io::Result<Replay> {
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let name =
            format!("dotforge-replay-{}-{}-{nanos}", std::process::id(), NEXT_SCRATCH.fetch_add(1, Ordering::SeqCst));
        let root = std::env::temp_dir().join(name).join(".forge");
        std::fs::create_dir_all(&root)?;
        Ok(Replay { root, scratch: true })
    }

    /// Replays into an existing (or new) `.forge` folder that is kept afterwards.
    pub(crate) fn at(root: PathBuf) -> Replay {
        Replay { root, scratch: false }
    }

    /// The project the replay stands in for: the folder that holds its `.forge`.
    pub(crate) fn project_dir(&self) -> PathBuf {
        self.root.parent().map(PathBuf::from).unwrap_or_else(|| PathBuf::from("."))
    }

    /// Runs one payload with the given profile and soft-block mode.
    pub(crate) fn step(
        &self,
        catalog: &Catalog,
        payload: &[u8],
        profile: &str,
        soft_block: SoftBlockMode,
    ) -> Option<EventReport> {
        process(catalog, payload, None, &|_| false, |_| Settings::for_replay(self.root.clone(), profile, soft_block))
    }

    /// The stored session (empty when it does not exist).
    pub(crate) fn session(&self, id: &str) -> Session {
        let now = Timestamp::now();
        let path = self.root.join("runtime").join("state.json");
        let bytes = read_state(&path);
        StateDoc::load(&path, bytes.as_deref(), now, &[id]).take_session(id, now, DEFAULT_SESSION_TTL_SECONDS)
    }

    /// Stores sessions in which `behavior_id` is switched on, whatever the index says.
    pub(crate) fn enable_in_sessions(&self, behavior_id: &str, sessions: &[&str]) -> std::io::Result<()> {
        let now = Timestamp::now();
        let path = self.root.join("runtime").join("state.json");
        std::fs::create_dir_all(self.root.join("runtime"))?;
        // Like every writer of state.json, under the state lock.
        let _lock = lock::acquire(&self.root.join("runtime").join("state.lock"), Duration::from_secs(2))
            .map_err(|error| std::io::Error::other(format!("cannot lock the state: {error}")))?;
        let bytes = read_state(&path);
        let mut doc = StateDoc::load(&path, bytes.as_deref(), now, sessions);
        for id in sessions {
            let mut session = doc.take_session(id, now, u64::MAX);
            let mut switch = serde_json::Map::new();
            switch.insert("enabled".into(), serde_json::Value::Bool(true));
            session.behavior_overrides.insert(behavior_id.to_owned(), serde_json::Value::Object(switch));
            doc.put_session(id, &session);
        }
        doc.save(&path)
    }
}

impl Drop for Replay {
    fn drop(&mut self) {
        if self.scratch {
            if let Some(parent) = self.root.parent() {
                let _ = std::fs::remove_dir_all(parent);
            }
        }
    }
}
