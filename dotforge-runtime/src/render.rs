//! Messages: SCHEMA §4 templates and the default messages of CONTRACT §6 when a template is absent.

use crate::catalog::Behavior;
use crate::model::{Level, Segment, Template, Var};

/// Longest default nudge, in characters (SPEC §5.3).
const NUDGE_MAX_CHARS: usize = 120;

/// What recourse a block leaves — how it can be lifted — for the closing line of its message (CONTRACT §6):
/// always true for the event and the soft-block mode in force, so no message promises a prompt that will not appear.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Recourse<'a> {
    /// A hard block: final, nothing lifts it.
    Final,
    /// A soft block on PreToolUse in ask mode: Claude Code asks the user.
    AskUser,
    /// A soft block on PreToolUse in deny mode: the same call again inside the window is the override.
    Reinvocation {
        /// `FORGE_OVERRIDE_WINDOW_SECONDS`.
        window_seconds: u64,
    },
    /// A soft block on PreToolUse in an agent CLI that cannot ask: the person allows the call with the hook's
    /// `allow` command, and the agent runs it again.
    PersonAllows {
        /// The behavior that blocked.
        behavior_id: &'static str,
        /// The session the call belongs to.
        session_id: &'a str,
    },
    /// A soft block on an event without a permission prompt: nothing to say.
    NotOnThisEvent,
}

/// The facts a message is rendered from.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Facts<'a> {
    pub behavior: &'static Behavior,
    pub counter: u32,
    pub tool_name: &'a str,
    pub level: Level,
    pub recourse: Recourse<'a>,
    /// How the command that violated was reached, when another command ran it (`git push -f ← Makefile: deploy ←
    /// make deploy`): a block says it.
    pub road: Option<&'a str>,
    /// What the reader could not know that may be what the behavior blocks (`$X push -f`): the block asks because
    /// it cannot tell.
    pub unknown: Option<&'a str>,
}

impl Facts<'_> {
    fn threshold(&self) -> Option<u32> {
        (self.behavior.next_threshold)(self.counter)
    }

    fn threshold_text(&self) -> String {
        self.threshold().map_or_else(|| "max".to_owned(), |after| after.to_string())
    }
}

/// Substitutes the six variables into a pre-split template.
pub(crate) fn render_template(template: Template, facts: &Facts<'_>) -> String {
    let mut out = String::new();
    for segment in template {
        match segment {
            Segment::Text(text) => out.push_str(text),
            Segment::Var(Var::BehaviorName) => out.push_str(facts.behavior.name),
            Segment::Var(Var::BehaviorId) => out.push_str(facts.behavior.id),
            Segment::Var(Var::Counter) => out.push_str(&facts.counter.to_string()),
            Segment::Var(Var::ToolName) => out.push_str(facts.tool_name),
            Segment::Var(Var::Level) => out.push_str(facts.level.name()),
            Segment::Var(Var::Threshold) => out.push_str(&facts.threshold_text()),
        }
    }
    out
}

/// The message shown for `facts.level`; empty for `silent`.
pub(crate) fn message(facts: &Facts<'_>) -> String {
    let templates = &facts.behavior.templates;
    let rendered = |template: Option<Template>| template.map(|template| render_template(template, facts));
    match facts.level {
        Level::Silent => String::new(),
        Level::Nudge => {
            rendered(templates.nudge).map_or_else(|| default_nudge(facts), |text| text.trim_end().to_owned())
        }
        Level::Warning => {
            rendered(templates.warning).map_or_else(|| default_warning(facts), |text| text.trim_end().to_owned())
        }
        Level::SoftBlock | Level::HardBlock => block(facts),
    }
}

/// The name this hook's binary runs under, for the commands a message tells the user to run.
fn hook_binary_name() -> String {
    std::env::current_exe()
        .ok()
        .and_then(|path| path.file_name().map(|name| name.to_string_lossy().into_owned()))
        .unwrap_or_else(|| "dotforge-hook".to_owned())
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `<name>: <hint> (violation N/T)` on one line, the hint shortened so the whole fits in 120 characters.
fn default_nudge(facts: &Facts<'_>) -> String {
    let name = one_line(facts.behavior.name);
    let counter = match facts.threshold() {
        Some(after) => format!(" (violation {}/{after})", facts.counter),
        None => format!(" (violation {})", facts.counter),
    };
    let hint = one_line(facts.behavior.recovery.hint);
    let room = NUDGE_MAX_CHARS.saturating_sub(name.chars().count() + 2 + counter.chars().count());
    let hint = if hint.chars().count() <= room {
        hint
    } else {
        let mut short: String = hint.chars().take(room.saturating_sub(1)).collect();
        short.push('…');
        short
    };
    let line = format!("{name}: {hint}{counter}");
    line.chars().take(NUDGE_MAX_CHARS).collect()
}

/// Bold id and what happened; what was expected; what to do; what comes next (2–4 lines).
fn default_warning(facts: &Facts<'_>) -> String {
    let behavior = facts.behavior;
    let mut lines = Vec::with_capacity(4);
    let on_tool = if facts.tool_name.is_empty() { String::new() } else { format!(" on {}", facts.tool_name) };
    lines.push(format!("**[{}]** {} — violation {}{on_tool}.", behavior.id, one_line(behavior.name), facts.counter));
    lines.push(format!("Expected: {}", one_line(behavior.recovery.hint)));
    match (behavior.recovery.suggested_action, behavior.recovery.suggested_tool) {
        (Some(action), _) => lines.push(format!("Action: {}", one_line(action))),
        (None, Some(tool)) => lines.push(format!("Action: use {tool}, then proceed.")),
        (None, None) => {}
    }
    lines.push(match facts.threshold() {
        Some(after) => {
            let next = (behavior.level_for)(after).max(facts.level);
            format!("Next: violation {after} raises this to {}.", next.name())
        }
        None => format!("Next: further violations stay at {}.", facts.level.name()),
    });
    lines.join("\n")
}

/// `**[<id>] BLOCKED:** <reason>`, then how to recover, then whether the block can be overridden.
fn block(facts: &Facts<'_>) -> String {
    let behavior = facts.behavior;
    let templates = &behavior.templates;
    let hint = one_line(behavior.recovery.hint);
    let reason = templates.block_reason.map(|template| render_template(template, facts));
    let mut lines = Vec::with_capacity(3);
    let second = match (&reason, facts.level) {
        (Some(reason), Level::SoftBlock) => {
            lines.push(format!("**[{}] BLOCKED:** {}", behavior.id, reason.trim()));
            Some(templates.override_prompt.map_or(hint, |template| render_template(template, facts)))
        }
        (Some(reason), _) => {
            lines.push(format!("**[{}] BLOCKED:** {}", behavior.id, reason.trim()));
            Some(hint)
        }
        (None, Level::SoftBlock) => {
            lines.push(format!("**[{}] BLOCKED:** {hint}", behavior.id));
            templates.override_prompt.map(|template| render_template(template, facts))
        }
        (None, _) => {
            lines.push(format!("**[{}] BLOCKED:** {hint}", behavior.id));
            behavior.recovery.suggested_action.map(one_line)
        }
    };
    if let Some(road) = facts.road {
        // What a `loses_work` condition found is said as it is; a road is how a command was reached.
        if road.starts_with(crate::losses::SHOWN_PREFIX) {
            lines.push(road.to_owned());
        } else {
            lines.push(format!("Reached through: {road}"));
        }
    }
    if let Some(unknown) = facts.unknown {
        lines.push(format!("dotforge cannot tell what this command runs ({unknown}); it could be this, so it asks."));
    }
    if let Some(second) = second {
        lines.push(second.trim().to_owned());
    }
    match facts.recourse {
        Recourse::Final => lines.push("This restriction cannot be overridden.".to_owned()),
        Recourse::AskUser => lines.push("Claude Code asks the user to allow or deny this call.".to_owned()),
        Recourse::Reinvocation { window_seconds } => lines.push(format!(
            "Repeating the identical call within {window_seconds} s overrides this block; the override is audited."
        )),
        Recourse::PersonAllows { behavior_id, session_id } => lines.push(format!(
            "The user can allow it once: `{} allow {behavior_id} --session {session_id}` in a terminal, then the call is \
             repeated.",
            hook_binary_name()
        )),
        Recourse::NotOnThisEvent => {}
    }
    lines.join("\n")
}
