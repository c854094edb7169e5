//! The compiled catalog: static tables and functions that generated code provides, one [`Behavior`] per entry of
//! `behaviors/index.yaml`, in index order.

use crate::call::{Call, Scope};
pub use crate::model::{
    Category, Event, HookSources, Level, OnPresent, Outcome, Recovery, SecretPattern, Segment, Template, Templates,
    ToolMatcher, TriggerInfo, Var,
};
use crate::scenario::Scenario;

/// Signature of a generated trigger function.
pub type EvaluateFn = fn(&Call<'_>, &mut Scope<'_>) -> Outcome;

/// One compiled behavior.
#[derive(Clone, Copy, Debug)]
pub struct Behavior {
    /// Kebab-case id.
    pub id: &'static str,
    /// Display name.
    pub name: &'static str,
    /// One to three sentences.
    pub description: &'static str,
    /// Category.
    pub category: Category,
    /// Enabled in the index (a session's `behavior_overrides` may still change it, unless it is locked).
    pub enabled: bool,
    /// `locked` (extension): a session cannot switch it off; only the index can.
    pub locked: bool,
    /// `screens_output` (extension): while it is active, tool output is screened for secrets before the model reads
    /// it.
    pub screens_output: bool,
    /// `secret_patterns` (extension): formats of secrets this behavior adds to the screening while it is active.
    pub secret_patterns: &'static [SecretPattern],
    /// Set when a condition is `loses_work` (extension): while it is on, the paths each call creates are remembered
    /// in the session, which may then delete them without being asked.
    pub remembers_created: bool,
    /// The events this behavior has triggers for.
    pub events: &'static [Event],
    /// `applies_to.profiles`; empty = every profile.
    pub profiles: &'static [&'static str],
    /// `applies_to.tools`; empty = every tool.
    pub tools: &'static [&'static str],
    /// `applies_to.agents`; empty = every agent.
    pub agents: &'static [&'static str],
    /// `policy.enforcement.default_level`.
    pub default_level: Level,
    /// `policy.enforcement.escalation` as `(after, level)`, ascending.
    pub escalation: &'static [(u32, Level)],
    /// The triggers in declaration order, described.
    pub triggers: &'static [TriggerInfo],
    /// Rendering templates.
    pub templates: Templates,
    /// Recovery instructions.
    pub recovery: Recovery,
    /// Runs the triggers in declaration order.
    pub evaluate: EvaluateFn,
    /// Resolves the level for a counter (SPEC §2.1), as a generated `match`.
    pub level_for: fn(u32) -> Level,
    /// The smallest `after` greater than the counter, `None` at the top (`{threshold}` = `max`).
    pub next_threshold: fn(u32) -> Option<u32>,
    /// Scenario tests from `behaviors/<id>/tests/*.yaml`.
    pub scenarios: &'static [Scenario],
}

/// The whole compiled catalog, in index order.
#[derive(Clone, Copy, Debug)]
pub struct Catalog {
    /// Every behavior listed in the index, enabled or not.
    pub behaviors: &'static [Behavior],
    /// What the catalog was built from.
    pub sources: HookSources,
}

impl Behavior {
    /// Whether some counter can bring this behavior to `soft_block` (its default level or an escalation step).
    pub fn can_soft_block(&self) -> bool {
        self.default_level == Level::SoftBlock || self.escalation.iter().any(|(_, level)| *level == Level::SoftBlock)
    }
}

impl Catalog {
    /// The error for an id the catalog does not have, listing the ones it has.
    pub(crate) fn unknown_id(&self, id: &str) -> String {
        let ids: Vec<&str> = self.behaviors.iter().map(|behavior| behavior.id).collect();
        format!("unknown behavior `{id}`; the catalog has: {}", ids.join(", "))
    }

    /// Finds a behavior by id.
    pub fn find(&self, id: &str) -> Option<&'static Behavior> {
        self.behaviors.iter().find(|behavior| behavior.id == id)
    }
}
