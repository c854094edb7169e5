//! Per-behavior metrics (CONTRACT §8): violations, blocks and overrides of all time.
//!
//! The totals live in state.json under `metrics`, so an event's one `fsync`'d state write commits them together with
//! the session that produced them: they are exact after any crash. `audit/metrics.json` is their materialized view
//! (with `override_rate` and `escalation_effectiveness`), rewritten by the hook at most every
//! [`crate::state::SWEEP_INTERVAL_SECONDS`] — at the sweep — and by `audit`; `audit` always reports the totals of
//! state.json. A state without `metrics` (written before they moved there, or started afresh after corruption) takes
//! metrics.json's totals as its starting point.

use crate::atomic::write_atomic_unsynced;
use crate::warn::warn;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io;
use std::path::Path;

/// The materialized view's file name, in the audit directory.
pub(crate) const METRICS_FILE: &str = "metrics.json";

/// Counts to add for one event.
#[derive(Debug, Default)]
pub(crate) struct MetricsDelta {
    per_behavior: BTreeMap<&'static str, Counts>,
}

impl MetricsDelta {
    pub(crate) fn violation(&mut self, behavior_id: &'static str) {
        self.per_behavior.entry(behavior_id).or_default().violations += 1;
    }

    pub(crate) fn block(&mut self, behavior_id: &'static str) {
        self.per_behavior.entry(behavior_id).or_default().blocks += 1;
    }

    pub(crate) fn override_(&mut self, behavior_id: &'static str) {
        self.per_behavior.entry(behavior_id).or_default().overrides += 1;
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.per_behavior.is_empty()
    }
}

/// One behavior's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Counts {
    pub violations: u64,
    pub blocks: u64,
    pub overrides: u64,
}

impl Counts {
    /// The counts of a JSON object (missing or unreadable counts are 0).
    fn from_json(value: &Value) -> Counts {
        let count = |key: &str| value.get(key).and_then(Value::as_u64).unwrap_or(0);
        Counts { violations: count("violations"), blocks: count("blocks"), overrides: count("overrides") }
    }

    /// overrides / blocks, 0 without blocks (CONTRACT §8).
    pub(crate) fn override_rate(&self) -> f64 {
        if self.blocks == 0 {
            0.0
        } else {
            self.overrides as f64 / self.blocks as f64
        }
    }
}

/// Every behavior's counts, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Totals(BTreeMap<String, Counts>);

/// The stored form of one behavior's counts, keys in the order a `serde_json` map writes them.
impl Serialize for Counts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut entry = serializer.serialize_struct("Counts", 3)?;
        entry.serialize_field("blocks", &self.blocks)?;
        entry.serialize_field("overrides", &self.overrides)?;
        entry.serialize_field("violations", &self.violations)?;
        entry.end()
    }
}

impl Serialize for Totals {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl Totals {
    /// The totals kept in state.json (`None` when the text is not an object of counts).
    pub(crate) fn from_state(raw: &str) -> Option<Totals> {
        match serde_json::from_str(raw).ok()? {
            Value::Object(behaviors) => Some(Totals::from_behaviors(behaviors)),
            _ => None,
        }
    }

    fn from_behaviors(behaviors: Map<String, Value>) -> Totals {
        Totals(behaviors.into_iter().map(|(id, counts)| (id, Counts::from_json(&counts))).collect())
    }

    /// The text kept in state.json: `{"<id>":{"blocks":…,"overrides":…,"violations":…},…}`.
    pub(crate) fn to_state(&self) -> String {
        // Cannot fail: string keys, integer values.
        serde_json::to_string(self).unwrap_or_else(|_| "{}".to_owned())
    }

    /// The totals of `audit/metrics.json` (empty when it is missing; a file that is not a metrics object is moved
    /// aside with a warning).
    pub(crate) fn from_metrics_file(audit_dir: &Path, now: u64) -> Totals {
        let path = audit_dir.join(METRICS_FILE);
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Totals::default(),
            Err(error) => {
                warn(&format!("cannot read {}: {error}; counting from zero", path.display()));
                return Totals::default();
            }
        };
        let parsed = match serde_json::from_slice::<Value>(&bytes) {
            Ok(Value::Object(mut root)) => match root.remove("behaviors") {
                Some(Value::Object(behaviors)) => Some(behaviors),
                Some(_) => None,
                None => Some(Map::new()),
            },
            _ => None,
        };
        let Some(behaviors) = parsed else {
            let aside = audit_dir.join(format!("{METRICS_FILE}.corrupt-{now}"));
            warn(&format!("{} is corrupt; moved aside to {} and counting from zero", path.display(), aside.display()));
            let _ = std::fs::rename(&path, &aside);
            return Totals::default();
        };
        Totals::from_behaviors(behaviors)
    }

    /// Adds one event's counts.
    pub(crate) fn add(&mut self, delta: &MetricsDelta) {
        for (id, counts) in &delta.per_behavior {
            let total = self.0.entry((*id).to_owned()).or_default();
            total.violations += counts.violations;
            total.blocks += counts.blocks;
            total.overrides += counts.overrides;
        }
    }

    /// One behavior's counts (zero when it never counted anything).
    pub(crate) fn get(&self, behavior_id: &str) -> Counts {
        self.0.get(behavior_id).copied().unwrap_or_default()
    }

    /// Writes `audit/metrics.json` from these totals: atomically (readers and a killed process see the old view or
    /// the new one) but without an `fsync` of its own — the totals are durable in state.json, and the next
    /// materialization rewrites the whole view.
    pub(crate) fn materialize(&self, audit_dir: &Path) -> io::Result<()> {
        std::fs::create_dir_all(audit_dir)?;
        let behaviors: Map<String, Value> = self
            .0
            .iter()
            .map(|(id, counts)| {
                let rate = counts.override_rate();
                let entry = json!({
                    "violations": counts.violations,
                    "blocks": counts.blocks,
                    "overrides": counts.overrides,
                    "override_rate": rate,
                    "escalation_effectiveness": effectiveness(rate, counts.blocks),
                });
                (id.clone(), entry)
            })
            .collect();
        let view = json!({"schema_version": "1", "behaviors": behaviors});
        let bytes = serde_json::to_vec_pretty(&view).map_err(io::Error::other)?;
        write_atomic_unsynced(&audit_dir.join(METRICS_FILE), &bytes)
    }
}

/// Fewer blocks than this leave a behavior `unrated` (a deviation from CONTRACT §8, which rates from the first
/// block: one overridden block would make a behavior "ineffective").
pub(crate) const MIN_BLOCKS_TO_RATE: u64 = 5;

/// `unrated` below [`MIN_BLOCKS_TO_RATE`] blocks, else `healthy` < 0.3 ≤ `review` ≤ 0.7 < `ineffective`.
pub(crate) fn effectiveness(override_rate: f64, blocks: u64) -> &'static str {
    if blocks < MIN_BLOCKS_TO_RATE {
        "unrated"
    } else if override_rate < 0.3 {
        "healthy"
    } else if override_rate <= 0.7 {
        "review"
    } else {
        "ineffective"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dotforge-metrics-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("dir");
        dir
    }

    #[test]
    fn effectiveness_bands() {
        assert_eq!(effectiveness(0.0, 5), "healthy");
        assert_eq!(effectiveness(0.29, 7), "healthy");
        assert_eq!(effectiveness(0.3, 10), "review");
        assert_eq!(effectiveness(0.7, 10), "review");
        assert_eq!(effectiveness(0.71, 100), "ineffective");
    }

    #[test]
    fn too_few_blocks_are_not_rated() {
        assert_eq!(effectiveness(1.0, 1), "unrated", "one overridden block says nothing yet");
        assert_eq!(effectiveness(0.0, 0), "unrated", "a behavior that never blocked has no override rate");
        assert_eq!(effectiveness(0.75, 4), "unrated");
        assert_eq!(effectiveness(0.8, 5), "ineffective");
    }

    #[test]
    fn totals_add_up_and_survive_the_state_text() {
        let mut delta = MetricsDelta::default();
        delta.violation("a");
        delta.block("a");
        delta.override_("a");
        delta.violation("b");
        let mut totals = Totals::default();
        totals.add(&delta);
        totals.add(&delta);
        assert_eq!(totals.get("a"), Counts { violations: 2, blocks: 2, overrides: 2 });
        assert_eq!(totals.get("c"), Counts::default());
        assert_eq!(
            totals.to_state(),
            r#"{"a":{"blocks":2,"overrides":2,"violations":2},"b":{"blocks":0,"overrides":0,"violations":2}}"#
        );
        assert_eq!(Totals::from_state(&totals.to_state()), Some(totals));
        assert_eq!(Totals::from_state("[1]"), None);
    }

    #[test]
    fn the_view_round_trips_and_a_corrupt_view_is_moved_aside() {
        let dir = scratch("view");
        let mut delta = MetricsDelta::default();
        delta.block("soft");
        delta.override_("soft");
        let mut totals = Totals::default();
        totals.add(&delta);
        totals.materialize(&dir).expect("writes");
        let view: Value = serde_json::from_slice(&std::fs::read(dir.join(METRICS_FILE)).expect("reads")).expect("json");
        assert_eq!(view["behaviors"]["soft"]["override_rate"], 1.0);
        assert_eq!(view["behaviors"]["soft"]["escalation_effectiveness"], "unrated", "one block");
        for _ in 1..MIN_BLOCKS_TO_RATE {
            totals.add(&delta);
        }
        totals.materialize(&dir).expect("writes");
        let view: Value = serde_json::from_slice(&std::fs::read(dir.join(METRICS_FILE)).expect("reads")).expect("json");
        assert_eq!(view["behaviors"]["soft"]["escalation_effectiveness"], "ineffective", "five blocks, all overridden");
        assert_eq!(Totals::from_metrics_file(&dir, 7), totals);
        std::fs::write(dir.join(METRICS_FILE), "{not json").expect("writes");
        assert_eq!(Totals::from_metrics_file(&dir, 7), Totals::default());
        assert!(dir.join("metrics.json.corrupt-7").exists());
        let _ = std::fs::remove_dir_all(dir);
    }
}
