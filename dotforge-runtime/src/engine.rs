//! The SPEC §2 evaluation loop over a compiled catalog, for one event and one session: a function of the catalog,
//! the event and the session that returns the decision and the effects it implies ([`Effects`]: the session to
//! store, override records, approval markers to set or clear, the metrics counted). It reads no file and writes
//! none; hook mode applies the effects after the decision ([`crate::hook`]), replays apply them to a `.forge` of
//! their own, and the backtest keeps only the session.

use crate::audit::{summarize_tool_input, OverrideRecord};
use crate::call::{Call, Scope};
use crate::catalog::{Behavior, Catalog};
use crate::harness::Harness;
use crate::hash::tool_input_hash;
use crate::inspect::Inspection;
use crate::metrics::MetricsDelta;
use crate::model::{Event, Level, Outcome, SoftBlockMode};
use crate::output::{Block, Decision};
use crate::payload::Payload;
use crate::render::{self, Facts, Recourse};
use crate::session::{BehaviorState, PendingBlock, Session};
use crate::settings::Settings;
use crate::time::Timestamp;

/// Everything about the event that the loop reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct EventInput<'a> {
    pub payload: &'a Payload,
    /// What the tool call does (parsed command, paths), worked out once for the whole chain.
    pub inspection: &'a Inspection<'a>,
    pub event: Event,
    /// The agent CLI that sent the event: whether a soft block can ask the person.
    pub harness: Harness,
    pub session_id: &'a str,
    pub settings: &'a Settings,
    pub now: Timestamp,
}

/// Whether the session is the stored one (locked) or a throwaway (lock timeout, unwritable `.forge`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StateMode {
    /// Counters escalate, overrides are detected, audit files are written.
    Persistent,
    /// Every violation resolves to the behavior's `default_level`; nothing is recorded.
    Ephemeral,
}

/// A behavior that recorded a violation or an override during the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fired {
    pub behavior_id: &'static str,
    pub counter: u32,
    pub level: Level,
    pub overridden: bool,
    /// The message rendered for it (empty for silent, and for overrides).
    pub message: String,
    /// How the command its trigger matched was reached, when another command ran it.
    pub road: Option<String>,
}

/// The result of the loop: what to print, what fired, and what the decision implies.
#[derive(Debug, Default)]
pub(crate) struct ChainOutcome {
    pub decision: Decision,
    pub fired: Vec<Fired>,
    pub effects: Effects,
}

/// What one event's decision implies beyond the output. Nothing here has happened yet: hook mode applies it under
/// the state lock, after the decision.
#[derive(Debug, Default)]
pub(crate) struct Effects {
    /// The session as the event left it, to store; `None` when the event ran on a throwaway session (lock timeout,
    /// unusable `.forge`), which is not stored.
    pub session: Option<Session>,
    /// Overrides recorded (already in the session's `overrides[]`), each a line of `audit/overrides.log`.
    pub overrides: Vec<OverrideRecord>,
    /// Soft blocks whose approval is now awaited, or no longer: their markers (see [`crate::approval`]).
    pub approvals: Vec<Approval>,
    /// Violations, blocks and overrides counted, for the metrics.
    pub metrics: MetricsDelta,
}

/// A change to the soft blocks that wait for the user's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Approval {
    /// A soft block asks the user about this call: its marker is set (refreshed when it is there already).
    Awaited(PendingBlock),
    /// No answer is awaited any more for this call (it was answered, or a newer block of the behavior replaced
    /// it): its marker goes, unless the same call is awaited again.
    Settled(PendingBlock),
}

/// The canonical `tool_input` hash, computed at most once per event and only when needed.
struct LazyHash<'a> {
    payload: &'a Payload,
    hash: Option<String>,
}

impl LazyHash<'_> {
    fn get(&mut self) -> &str {
        let payload = self.payload;
        self.hash.get_or_insert_with(|| tool_input_hash(payload.tool_input()))
    }
}

fn is_active(behavior: &Behavior, input: &EventInput<'_>, tool_name: &str, session: &Session) -> bool {
    let enabled = if behavior.locked {
        behavior.enabled
    } else {
        session.enabled_override(behavior.id).unwrap_or(behavior.enabled)
    };
    enabled && applies(behavior, input, tool_name)
}

/// The checks that need no state: the behavior has triggers for the event and its `applies_to` accepts the call
/// (of the tool `tool_name`, the payload's, read once for the whole chain).
fn applies(behavior: &Behavior, input: &EventInput<'_>, tool_name: &str) -> bool {
    if !behavior.events.contains(&input.event) {
        return false;
    }
    if !behavior.profiles.is_empty() && !behavior.profiles.contains(&input.settings.profile.as_str()) {
        return false;
    }
    let tool_listed = input.event.has_tool() && behavior.tools.contains(&tool_name);
    if !behavior.tools.is_empty() && !tool_listed {
        return false;
    }
    if !behavior.agents.is_empty() {
        return input.payload.agent_type().is_some_and(|agent| behavior.agents.contains(&agent));
    }
    true
}

/// What one behavior's triggers gave in the [`FirstLook`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Look {
    /// The behavior has no triggers for the event, or its `applies_to` rejects the call.
    NotApplicable,
    /// The triggers ran without reading the counter or using a flag: this is their outcome whatever the state.
    Stateless(Outcome),
    /// The outcome depends on the session.
    UsesState,
}

/// The state-free first look at an event. Every behavior that could apply — switched on or off, since a session may
/// switch it on — runs its triggers against an empty scratch scope. If none of them violates, reads its counter or
/// uses a flag, the chain's outcome is a silent pass whatever the state holds, and the state file is left alone (no
/// lock, no read, no write). Otherwise [`run_chain`] reuses the outcomes that did not depend on state instead of
/// running those triggers a second time.
#[derive(Debug, Default)]
pub(crate) struct FirstLook {
    /// One per behavior of the catalog, in index order (empty: nothing known, every trigger runs in the chain).
    looks: Vec<Look>,
    /// For each, the road to the command its triggers matched, when another command ran it.
    roads: Vec<Option<String>>,
    /// The command has parts the reader could not know, which the chain reads a second time.
    unknown: bool,
}

impl FirstLook {
    pub(crate) fn new(catalog: &Catalog, input: &EventInput<'_>) -> FirstLook {
        let call = Call::of(input.payload, input.event, input.inspection);
        let tool_name = call.tool_name();
        let mut scratch = serde_json::Map::new();
        let mut roads = Vec::with_capacity(catalog.behaviors.len());
        let looks = catalog
            .behaviors
            .iter()
            .map(|behavior| {
                if !applies(behavior, input, tool_name) {
                    roads.push(None);
                    return Look::NotApplicable;
                }
                let mut scope = Scope::new(0, &mut scratch, &[], "");
                let outcome = (behavior.evaluate)(&call, &mut scope);
                roads.push(input.inspection.take_road());
                if scope.touched() {
                    Look::UsesState
                } else {
                    Look::Stateless(outcome)
                }
            })
            .collect();
        FirstLook { looks, roads, unknown: input.inspection.has_unknown() }
    }

    /// Whether the event needs the session state at all.
    pub(crate) fn needs_state(&self) -> bool {
        self.unknown
            || self.looks.iter().any(|look| matches!(look, Look::UsesState | Look::Stateless(Outcome::Violation)))
    }

    /// The outcome of the behavior at `index` when it is known not to depend on the session, with the road its
    /// triggers' match came by.
    fn stateless_outcome(&self, index: usize) -> Option<(Outcome, Option<String>)> {
        match self.looks.get(index) {
            Some(Look::Stateless(outcome)) => Some((*outcome, self.roads.get(index).cloned().flatten())),
            _ => None,
        }
    }
}

/// Runs every active behavior in index order (SPEC §2) against `session`. With the stored session, a PostToolUse
/// or PostToolUseFailure first settles the user's approvals of soft blocks (see [`settle_approvals`]). The session
/// comes back in the effects (its `last_accessed_at` updated, SPEC §2 step 8) unless it is a throwaway one.
pub(crate) fn run_chain(
    catalog: &Catalog,
    input: &EventInput<'_>,
    mut session: Session,
    mode: StateMode,
    first_look: &FirstLook,
) -> ChainOutcome {
    let mut outcome = ChainOutcome::default();
    let now_text = input.now.format();
    let call = Call::of(input.payload, input.event, input.inspection);
    let tool_name = call.tool_name();
    let mut hash = LazyHash { payload: input.payload, hash: None };
    let effects = &mut outcome.effects;
    let mut allowed: Vec<&'static str> = Vec::new();
    if mode == StateMode::Persistent {
        settle_approvals(catalog, input, &mut session, &mut hash, effects, &mut outcome.fired);
        allowed = settle_allowances(catalog, input, &mut session, &mut hash, effects, &mut outcome.fired);
    }
    let soft_block_mode = input.settings.soft_block;
    let created = session.created_paths();
    // Two readings of the call: what the reader knows; then, when nothing blocked and the command has parts it
    // could not know (text or a program computed while it runs), those parts taken as possibly anything — a
    // behavior they may violate at a blocking level asks (see `possible_violation`).
    let mut unknown_round = false;
    let mut behaviors = catalog.behaviors.iter().enumerate();
    loop {
        let Some((index, behavior)) = behaviors.next() else {
            if unknown_round || outcome.decision.block.is_some() || !input.inspection.has_unknown() {
                break;
            }
            unknown_round = true;
            behaviors = catalog.behaviors.iter().enumerate();
            continue;
        };
        if !is_active(behavior, input, tool_name, &session) || allowed.contains(&behavior.id) {
            continue;
        }
        let prior = session.behaviors.get(behavior.id).map_or(0, |state| state.counter);
        let mut unknown = None;
        let (outcome_of_triggers, road) = if unknown_round {
            if outcome.fired.iter().any(|fired| fired.behavior_id == behavior.id) {
                continue;
            }
            let Some(what) = possible_violation(behavior, input, &call, &session, prior, mode, &now_text) else {
                continue;
            };
            unknown = Some(what);
            (Outcome::Violation, None)
        } else {
            first_look.stateless_outcome(index).unwrap_or_else(|| {
                let mut scope = Scope::new(prior, &mut session.flags, &created, &now_text);
                input.inspection.take_road();
                let outcome = (behavior.evaluate)(&call, &mut scope);
                (outcome, input.inspection.take_road())
            })
        };
        if outcome_of_triggers == Outcome::Pass {
            continue;
        }
        let (counter, level) = match mode {
            StateMode::Ephemeral => (prior.saturating_add(1), behavior.default_level),
            StateMode::Persistent => {
                let state = session.behaviors.entry(behavior.id.to_owned()).or_default();
                if soft_block_mode == SoftBlockMode::Deny {
                    // SPEC §6.2: the same call again inside the window is taken as the override. Only PreToolUse
                    // has a permission decision, so only there can a block be overridden.
                    let pending = state.pending_block.take().filter(|_| input.event == Event::PreToolUse);
                    if pending.is_some_and(|pending| is_fresh(&pending, input) && pending.tool_input_hash == hash.get())
                    {
                        outcome.fired.push(record_override(input, behavior, state, effects, String::new()));
                        continue;
                    }
                }
                state.counter = state.counter.saturating_add(1);
                state.last_violation_at = Some(now_text.clone());
                state.last_violation_tool = (!tool_name.is_empty()).then(|| tool_name.to_owned());
                state.effective_level = state.effective_level.max((behavior.level_for)(state.counter));
                effects.metrics.violation(behavior.id);
                (state.counter, state.effective_level)
            }
        };
        // A Stop hook that is already continuing after a block must not block again (CONTRACT §6); what may be a
        // violation only is asked about.
        let shown = if input.event == Event::Stop && input.payload.stop_hook_active() && level.is_block() {
            Level::Warning
        } else if unknown.is_some() {
            level.min(Level::SoftBlock)
        } else {
            level
        };
        let can_ask = input.harness.can_ask_the_person();
        let asks_user = shown == Level::SoftBlock
            && input.event == Event::PreToolUse
            && soft_block_mode == SoftBlockMode::Ask
            && can_ask;
        let recourse = match (shown, input.event, soft_block_mode) {
            (Level::HardBlock, _, _) => Recourse::Final,
            (_, Event::PreToolUse, SoftBlockMode::Ask) if can_ask => Recourse::AskUser,
            (_, Event::PreToolUse, SoftBlockMode::Ask) => {
                Recourse::PersonAllows { behavior_id: behavior.id, session_id: input.session_id }
            }
            (_, Event::PreToolUse, SoftBlockMode::Deny) => {
                Recourse::Reinvocation { window_seconds: input.settings.override_window }
            }
            _ => Recourse::NotOnThisEvent,
        };
        let road_shown = road.as_deref();
        let facts = Facts { behavior, counter, tool_name, level: shown, recourse, road: road_shown, unknown: None };
        let message = render::message(&Facts { unknown: unknown.as_deref(), ..facts });
        let road = road.or(unknown);
        outcome.fired.push(Fired {
            behavior_id: behavior.id,
            counter,
            level: shown,
            overridden: false,
            message: message.clone(),
            road,
        });
        if shown.is_block() {
            if mode == StateMode::Persistent {
                effects.metrics.block(behavior.id);
                if shown == Level::SoftBlock && input.event == Event::PreToolUse {
                    if let Some(state) = session.behaviors.get_mut(behavior.id) {
                        let pending = PendingBlock {
                            tool_input_hash: hash.get().to_owned(),
                            blocked_at: now_text.clone(),
                            tool_use_id: input.payload.tool_use_id().map(str::to_owned),
                            allowed_at: None,
                        };
                        // The block this one replaces waits no more; in ask mode this one waits for the user.
                        if let Some(replaced) = state.pending_block.replace(pending.clone()) {
                            effects.approvals.push(Approval::Settled(replaced));
                        }
                        if asks_user {
                            effects.approvals.push(Approval::Awaited(pending));
                        }
                    }
                }
            }
            outcome.decision.block = Some(Block { level: shown, message, ask_user: asks_user });
            break;
        }
        if shown != Level::Silent {
            outcome.decision.messages.push(message);
        }
    }
    if mode == StateMode::Persistent {
        // The paths this call creates, when it may run: this session's own to delete later (`loses_work`).
        let refused = outcome.decision.block.as_ref().is_some_and(|block| !block.ask_user);
        if input.event == Event::PreToolUse && !refused && remembers_created(catalog, input, &session) {
            session.remember_created(input.inspection.created_now(input.payload.paths()));
        }
        session.last_accessed_at = now_text;
        outcome.effects.session = Some(session);
    }
    outcome
}

/// Whether what the reader could not know about the call may violate `behavior` at a blocking level: its triggers
/// run again, on a copy of the session's flags (a guess must not consume or set one), with conditions allowed to
/// match commands computed while the line runs; only a violation that rests on such a match counts, and only at a
/// level that blocks (a nudge about a guess would be noise). Returns what was matched, in words.
fn possible_violation(
    behavior: &'static Behavior,
    input: &EventInput<'_>,
    call: &Call<'_>,
    session: &Session,
    prior: u32,
    mode: StateMode,
    now: &str,
) -> Option<String> {
    let level = match mode {
        StateMode::Ephemeral => behavior.default_level,
        StateMode::Persistent => {
            let effective = session.behaviors.get(behavior.id).map_or(Level::Silent, |state| state.effective_level);
            effective.max((behavior.level_for)(prior.saturating_add(1)))
        }
    };
    if !level.is_block() {
        return None;
    }
    let mut flags = session.flags.clone();
    let created = session.created_paths();
    let mut scope = Scope::new(prior, &mut flags, &created, now);
    input.inspection.take_road();
    input.inspection.take_unknown();
    input.inspection.allow_unknown(true);
    let outcome = (behavior.evaluate)(call, &mut scope);
    input.inspection.allow_unknown(false);
    input.inspection.take_road();
    let what = input.inspection.take_unknown();
    (outcome == Outcome::Violation).then_some(what).flatten()
}

/// Whether a behavior that excuses what the session created (`loses_work`) is on — for every tool, whatever its
/// triggers look at — so that creations are remembered.
fn remembers_created(catalog: &Catalog, input: &EventInput<'_>, session: &Session) -> bool {
    catalog.behaviors.iter().any(|behavior| {
        let enabled = if behavior.locked {
            behavior.enabled
        } else {
            session.enabled_override(behavior.id).unwrap_or(behavior.enabled)
        };
        behavior.remembers_created && enabled && in_profile(behavior, input)
    })
}

/// Whether the behavior's `applies_to.profiles` admits the active profile.
pub(crate) fn in_profile(behavior: &Behavior, input: &EventInput<'_>) -> bool {
    behavior.profiles.is_empty() || behavior.profiles.contains(&input.settings.profile.as_str())
}

/// Whether a pending block is younger than the override window.
fn is_fresh(pending: &PendingBlock, input: &EventInput<'_>) -> bool {
    Timestamp::parse(&pending.blocked_at)
        .is_some_and(|blocked_at| input.now.seconds_since(blocked_at) < input.settings.override_window)
}

/// PostToolUse or PostToolUseFailure of a call that a soft block asked about: the user allowed it, so it is the
/// override (CONTRACT §5). Matched by `tool_use_id`; a block recorded without one matches a payload without one
/// by `tool_input` hash inside the override window. A call that failed after the user allowed it was still
/// allowed: the override is recorded, with the failure as its reason.
fn settle_approvals(
    catalog: &Catalog,
    input: &EventInput<'_>,
    session: &mut Session,
    hash: &mut LazyHash<'_>,
    effects: &mut Effects,
    fired: &mut Vec<Fired>,
) {
    if !input.event.follows_a_call() {
        return;
    }
    let reason = match input.event {
        Event::PostToolUseFailure => failure_reason(input.payload),
        _ => String::new(),
    };
    for behavior in catalog.behaviors {
        let Some(state) = session.behaviors.get_mut(behavior.id) else { continue };
        let answered = state.pending_block.as_ref().is_some_and(|pending| {
            match (pending.tool_use_id.as_deref(), input.payload.tool_use_id()) {
                (Some(blocked), Some(ran)) => blocked == ran,
                (None, None) => is_fresh(pending, input) && pending.tool_input_hash == hash.get(),
                _ => false,
            }
        });
        if let Some(pending) = state.pending_block.take_if(|_| answered) {
            effects.approvals.push(Approval::Settled(pending));
            fired.push(record_override(input, behavior, state, effects, reason.clone()));
        }
    }
}

/// PreToolUse of a call that the person allowed with the hook's `allow` command, after a soft block that could not
/// ask (an agent CLI without a permission prompt): the same call again — matched by its `tool_input` hash, as each
/// retry is a new call with an id of its own — is the override, once. The behaviors it overrides are returned: they
/// let this call through.
fn settle_allowances(
    catalog: &Catalog,
    input: &EventInput<'_>,
    session: &mut Session,
    hash: &mut LazyHash<'_>,
    effects: &mut Effects,
    fired: &mut Vec<Fired>,
) -> Vec<&'static str> {
    let mut allowed = Vec::new();
    if input.event != Event::PreToolUse {
        return allowed;
    }
    for behavior in catalog.behaviors {
        let Some(state) = session.behaviors.get_mut(behavior.id) else { continue };
        let this_call = state
            .pending_block
            .as_ref()
            .is_some_and(|pending| pending.allowed_at.is_some() && pending.tool_input_hash == hash.get());
        if let Some(pending) = state.pending_block.take_if(|_| this_call) {
            effects.approvals.push(Approval::Settled(pending));
            fired.push(record_override(input, behavior, state, effects, "allowed by the person (`allow`)".to_owned()));
            allowed.push(behavior.id);
        }
    }
    allowed
}

/// The override reason of an allowed call that then failed: `the call failed: <error>` (or was interrupted).
fn failure_reason(payload: &Payload) -> String {
    const ERROR_CHARS: usize = 80;
    match payload.failure() {
        (_, true) => "allowed; the call was interrupted".to_owned(),
        ("", false) => "allowed; the call failed".to_owned(),
        (error, false) => {
            let error: String =
                error.split_whitespace().collect::<Vec<_>>().join(" ").chars().take(ERROR_CHARS).collect();
            format!("allowed; the call failed: {error}")
        }
    }
}

/// Records an override of `behavior`'s soft block in the three places of SPEC §6.3: the behavior's `overrides[]`
/// (in the session, now), and — as effects — its line of `overrides.log` and the metrics.
fn record_override(
    input: &EventInput<'_>,
    behavior: &'static Behavior,
    state: &mut BehaviorState,
    effects: &mut Effects,
    reason: String,
) -> Fired {
    let record = OverrideRecord {
        timestamp: input.now.format(),
        session_id: input.session_id.to_owned(),
        behavior_id: behavior.id,
        tool_name: input.payload.tool_name().to_owned(),
        tool_input_summary: summarize_tool_input(input.payload.tool_input()),
        counter: state.counter,
        reason,
    };
    state.overrides.push(record.state_entry());
    effects.overrides.push(record);
    effects.metrics.override_(behavior.id);
    Fired {
        behavior_id: behavior.id,
        counter: state.counter,
        level: state.effective_level,
        overridden: true,
        message: String::new(),
        road: None,
    }
}
