//! The metadata of a behavior: its `BEHAVIOR` constant — id, names, category, switches, `applies_to`, escalation,
//! triggers described in words, templates, recovery — that the runtime and the operator commands read.

use super::tokens::{event_tokens, level_tokens, optional_str, str_slice, string_literal};
use crate::describe;
use crate::ir::{Behavior, Category, Event, Matcher, Piece, Templates};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

/// `pub const BEHAVIOR`: the behavior's metadata and its entry points (`evaluate`, `level`, `threshold`,
/// `SCENARIOS`), which the module defines beside it.
pub(super) fn behavior_constant(behavior: &Behavior) -> TokenStream {
    let id = string_literal(&behavior.id);
    let name = string_literal(&behavior.name);
    let description = string_literal(behavior.description.trim_end());
    let category = match behavior.category {
        Category::Core => quote! { __forge::Category::Core },
        Category::Opinionated => quote! { __forge::Category::Opinionated },
        Category::Experimental => quote! { __forge::Category::Experimental },
    };
    let enabled = behavior.enabled;
    let locked = behavior.locked;
    let screens_output = behavior.screens_output;
    let remembers_created = behavior.triggers.iter().flat_map(|trigger| &trigger.conditions).any(|condition| {
        matches!(condition.test, crate::ir::Test::Paths { access: crate::ir::PathAccess::LosesWork, .. })
    });
    let secret_patterns = behavior.secret_patterns.iter().map(|(kind, regex)| {
        let (kind, regex) = (string_literal(kind), string_literal(regex));
        quote! { __forge::SecretPattern { kind: #kind, regex: #regex } }
    });
    let mut events: Vec<Event> = behavior.triggers.iter().map(|trigger| trigger.event).collect();
    events.sort();
    events.dedup();
    let events = events.into_iter().map(event_tokens);
    let profiles = str_slice(&behavior.profiles);
    let tools = str_slice(&behavior.tools);
    let agents = str_slice(&behavior.agents);
    let default_level = level_tokens(behavior.default_level);
    let escalation = behavior.escalation.iter().map(|(after, level)| {
        let after = Literal::u32_unsuffixed(*after);
        let level = level_tokens(*level);
        quote! { (#after, #level) }
    });
    let triggers = behavior.triggers.iter().map(|trigger| {
        let event = event_tokens(trigger.event);
        let matcher = string_literal(&trigger.matcher_text);
        let tools = match &trigger.matcher {
            Matcher::Any => quote! { __forge::ToolMatcher::Any },
            Matcher::Names(names) => {
                let names = names.iter().map(|name| string_literal(name));
                quote! { __forge::ToolMatcher::Names(&[#(#names),*]) }
            }
            Matcher::Regex(pattern) => {
                let pattern = string_literal(pattern);
                quote! { __forge::ToolMatcher::Regex(#pattern) }
            }
        };
        let summary = string_literal(&describe::trigger(trigger));
        let violates = trigger.action.can_violate();
        quote! {
            __forge::TriggerInfo { event: #event, matcher: #matcher, tools: #tools, violates: #violates, summary: #summary }
        }
    });
    let templates = templates_tokens(&behavior.templates);
    let hint = string_literal(&behavior.recovery.hint);
    let suggested_tool = optional_str(&behavior.recovery.suggested_tool);
    let suggested_action = optional_str(&behavior.recovery.suggested_action);
    quote! {
        /// Metadata and entry points of this behavior.
        pub const BEHAVIOR: __forge::Behavior = __forge::Behavior {
            id: #id,
            name: #name,
            description: #description,
            category: #category,
            enabled: #enabled,
            locked: #locked,
            screens_output: #screens_output,
            secret_patterns: &[#(#secret_patterns),*],
            remembers_created: #remembers_created,
            events: &[#(#events),*],
            profiles: #profiles,
            tools: #tools,
            agents: #agents,
            default_level: #default_level,
            escalation: &[#(#escalation),*],
            triggers: &[#(#triggers),*],
            templates: #templates,
            recovery: __forge::Recovery {
                hint: #hint,
                suggested_tool: #suggested_tool,
                suggested_action: #suggested_action,
            },
            evaluate,
            level_for: level,
            next_threshold: threshold,
            scenarios: SCENARIOS,
        };
    }
}

fn template_tokens(template: &Option<Vec<Piece>>) -> TokenStream {
    let Some(pieces) = template else { return quote! { None } };
    let pieces = pieces.iter().map(|piece| match piece {
        Piece::Text(text) => {
            let text = string_literal(text);
            quote! { __forge::Segment::Text(#text) }
        }
        Piece::Var(name) => {
            let variant = match name.as_str() {
                "behavior_name" => quote! { BehaviorName },
                "behavior_id" => quote! { BehaviorId },
                "counter" => quote! { Counter },
                "tool_name" => quote! { ToolName },
                "level" => quote! { Level },
                _ => quote! { Threshold },
            };
            quote! { __forge::Segment::Var(__forge::Var::#variant) }
        }
    });
    quote! { Some(&[#(#pieces),*]) }
}
fn templates_tokens(templates: &Templates) -> TokenStream {
    let nudge = template_tokens(&templates.nudge);
    let warning = template_tokens(&templates.warning);
    let block_reason = template_tokens(&templates.block_reason);
    let override_prompt = template_tokens(&templates.override_prompt);
    quote! {
        __forge::Templates { nudge: #nudge, warning: #warning, block_reason: #block_reason, override_prompt: #override_prompt }
    }
}
