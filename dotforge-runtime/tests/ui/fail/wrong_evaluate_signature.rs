//! A behavior whose `evaluate` does not take `(&Call, &mut Scope)` is rejected.
use dotforge_runtime::codegen as __forge;

fn evaluate(_tool: &str) -> __forge::Outcome {
    __forge::Outcome::Pass
}

fn level(_counter: u32) -> __forge::Level {
    __forge::Level::Nudge
}

fn threshold(_counter: u32) -> Option<u32> {
    None
}

const BEHAVIOR: __forge::Behavior = __forge::Behavior {
    id: "x",
    name: "X",
    description: "X.",
    category: __forge::Category::Core,
    enabled: true,
    locked: false,
    screens_output: false,
    secret_patterns: &[],
    remembers_created: false,
    events: &[],
    profiles: &[],
    tools: &[],
    agents: &[],
    default_level: __forge::Level::Nudge,
    escalation: &[],
    triggers: &[],
    templates: __forge::Templates { nudge: None, warning: None, block_reason: None, override_prompt: None },
    recovery: __forge::Recovery { hint: "h", suggested_tool: None, suggested_action: None },
    evaluate,
    level_for: level,
    next_threshold: threshold,
    scenarios: &[],
};

fn main() {
    let _ = BEHAVIOR;
}
