//! The trigger guards of a behavior: its `evaluate` function, the triggers as `match` arms on the event and tool
//! name with every condition inlined, known results folded at build time.

use super::programs::ProgramTable;
use super::statics::Statics;
use super::tokens::{event_tokens, str_slice, string_literal};
use crate::ir::{
    Action, ArgTestIr, Behavior, CommandPatternIr, Compare, Event, Logic, Matcher, PathAccess, Test, Trigger,
};
use crate::matcher::{literal_form, Literal as MatcherLiteral};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::quote;

/// A boolean that is either known at build time or an expression.
enum Guard {
    Always(bool),
    Expr(TokenStream),
}
fn combine(logic: Logic, guards: Vec<Guard>) -> Guard {
    let (absorbing, neutral) = match logic {
        Logic::All => (false, true),
        Logic::Any => (true, false),
    };
    let mut exprs = Vec::new();
    for guard in guards {
        match guard {
            Guard::Always(value) if value == absorbing => return Guard::Always(absorbing),
            Guard::Always(_) => {}
            Guard::Expr(expr) => exprs.push(expr),
        }
    }
    match exprs.len() {
        0 => Guard::Always(neutral),
        1 => Guard::Expr(exprs.remove(0)),
        _ => match logic {
            Logic::All => Guard::Expr(quote! { #(#exprs)&&* }),
            Logic::Any => Guard::Expr(quote! { (#(#exprs)||*) }),
        },
    }
}
/// The guard of a trigger's matcher on the tool name.
fn matcher_guard(trigger: &Trigger, index: usize, statics: &mut Statics) -> Guard {
    match &trigger.matcher {
        Matcher::Any => Guard::Always(true),
        Matcher::Names(names) => {
            let names = names.iter().map(|name| string_literal(name));
            Guard::Expr(quote! { call.tool_is(|tool| matches!(tool, #(#names)|*)) })
        }
        Matcher::Regex(pattern) => match literal_form(pattern) {
            Some(MatcherLiteral::Contains(text)) => {
                let text = string_literal(&text);
                Guard::Expr(quote! { call.tool_is(|tool| tool.contains(#text)) })
            }
            Some(MatcherLiteral::Around(start, end)) => {
                let length = start.len() + end.len();
                let (start, end) = (string_literal(&start), string_literal(&end));
                Guard::Expr(quote! {
                    call.tool_is(|tool| tool.len() >= #length && tool.starts_with(#start) && tool.ends_with(#end))
                })
            }
            None => {
                let ident = statics.add_regex((index, 0), format!("TRIGGER_{index}_MATCHER"), pattern);
                Guard::Expr(quote! { call.tool_is(|tool| #ident.is_match(tool)) })
            }
        },
    }
}
/// The guard of one condition.
fn condition_guard(
    trigger_index: usize,
    condition_index: usize,
    field: &str,
    test: &Test,
    statics: &mut Statics,
) -> Guard {
    let field = string_literal(field);
    let value = quote! { call.field(#field) };
    match test {
        Test::Regex(pattern) => {
            let ident = statics.add_regex(
                (trigger_index, condition_index + 1),
                format!("TRIGGER_{trigger_index}_CONDITION_{condition_index}"),
                pattern,
            );
            Guard::Expr(quote! { #ident.is_match(&#value) })
        }
        Test::Contains(text) => {
            let text = string_literal(text);
            Guard::Expr(quote! { #value.contains(#text) })
        }
        Test::NotContains(text) => {
            let text = string_literal(text);
            Guard::Expr(quote! { !#value.contains(#text) })
        }
        Test::Equals(text) if text.is_empty() => Guard::Expr(quote! { #value.is_empty() }),
        Test::Equals(text) => {
            let text = string_literal(text);
            Guard::Expr(quote! { #value == #text })
        }
        Test::StartsWith(text) => {
            let text = string_literal(text);
            Guard::Expr(quote! { #value.starts_with(#text) })
        }
        Test::EndsWith(text) => {
            let text = string_literal(text);
            Guard::Expr(quote! { #value.ends_with(#text) })
        }
        Test::Exists(true) => Guard::Expr(quote! { !#value.is_empty() }),
        Test::Exists(false) => Guard::Expr(quote! { #value.is_empty() }),
        Test::CounterExists(exists) => Guard::Always(*exists),
        Test::Runs { pattern, .. } => {
            let name = format!("TRIGGER_{trigger_index}_CONDITION_{condition_index}");
            let order = (trigger_index, condition_index + 1);
            let source = pattern.fed_by.as_ref().map(|left| {
                statics.add_static(order, format!("{name}_SOURCE"), |ident| {
                    let value = command_pattern_tokens(left, None);
                    quote! { static #ident: __forge::CommandPattern = #value; }
                })
            });
            let ident = statics.add_static(order, name, |ident| {
                let value = command_pattern_tokens(pattern, source.as_ref());
                quote! { static #ident: __forge::CommandPattern = #value; }
            });
            Guard::Expr(quote! { call.runs(&#ident) })
        }
        Test::Paths { access, include, exclude, .. } => {
            let name = format!("TRIGGER_{trigger_index}_CONDITION_{condition_index}");
            let ident = statics.add_static((trigger_index, condition_index + 1), name, |ident| {
                let (include, exclude) = (str_slice(include), str_slice(exclude));
                quote! { static #ident: __forge::PathGlobs = __forge::PathGlobs { include: #include, exclude: #exclude }; }
            });
            match access {
                PathAccess::Writes => Guard::Expr(quote! { call.writes(#field, &#ident) }),
                PathAccess::Reads => Guard::Expr(quote! { call.reads(#field, &#ident) }),
                PathAccess::LosesWork => Guard::Expr(quote! { call.loses_work(#field, &#ident, scope) }),
            }
        }
        Test::Counter(compare, number) => {
            let limit = u32::try_from(*number).unwrap_or(u32::MAX);
            match (compare, limit) {
                (Compare::Gte, 0) => return Guard::Always(true),
                (Compare::Lt, 0) => return Guard::Always(false),
                (Compare::Lte, u32::MAX) => return Guard::Always(true),
                (Compare::Gt, u32::MAX) => return Guard::Always(false),
                _ => {}
            }
            let limit = Literal::u32_unsuffixed(limit);
            Guard::Expr(match compare {
                Compare::Gt => quote! { scope.counter() > #limit },
                Compare::Lt => quote! { scope.counter() < #limit },
                Compare::Gte => quote! { scope.counter() >= #limit },
                Compare::Lte => quote! { scope.counter() <= #limit },
                Compare::Eq => quote! { scope.counter() == #limit },
            })
        }
    }
}
/// The guards of a trigger's conditions, in order. A `runs` condition is put behind the check that the line runs a
/// program its pattern names (a pattern matches no other program), looked up in the catalog's program index; under
/// `logic: any`, a run of consecutive `runs` conditions shares one check, so a line that runs none of their programs
/// is answered once instead of once per pattern.
fn condition_guards(index: usize, trigger: &Trigger, statics: &mut Statics) -> Vec<Guard> {
    let mut guards = Vec::new();
    let mut group: Vec<(Guard, &CommandPatternIr)> = Vec::new();
    for (position, condition) in trigger.conditions.iter().enumerate() {
        let guard = condition_guard(index, position, &condition.field, &condition.test, statics);
        match &condition.test {
            Test::Runs { pattern, .. } if trigger.logic == Logic::Any => group.push((guard, pattern)),
            Test::Runs { pattern, .. } => {
                guards.extend(grouped_runs(std::mem::take(&mut group), statics.programs));
                guards.extend(grouped_runs(vec![(guard, pattern)], statics.programs));
            }
            _ => {
                guards.extend(grouped_runs(std::mem::take(&mut group), statics.programs));
                guards.push(guard);
            }
        }
    }
    guards.extend(grouped_runs(group, statics.programs));
    guards
}

/// How many consecutive `runs` guards share one check of the programs they name: a line that runs one of them then
/// evaluates a few patterns, not all of the trigger's.
const RUNS_PER_CHECK: usize = 6;

/// Consecutive `runs` guards of an `any` trigger (or a lone one), in order, a few at a time behind the check of the
/// programs they name; a pattern naming this hook's binary stands alone and unchecked.
fn grouped_runs(group: Vec<(Guard, &CommandPatternIr)>, programs: &ProgramTable) -> Vec<Guard> {
    let mut guards = Vec::new();
    let mut chunk: Vec<(Guard, &CommandPatternIr)> = Vec::new();
    for (guard, pattern) in group {
        if !programs.checkable(pattern) {
            guards.extend(checked_chunk(std::mem::take(&mut chunk), programs));
            guards.push(guard);
            continue;
        }
        chunk.push((guard, pattern));
        if chunk.len() == RUNS_PER_CHECK {
            guards.extend(checked_chunk(std::mem::take(&mut chunk), programs));
        }
    }
    guards.extend(checked_chunk(chunk, programs));
    guards
}

/// `runs` guards behind one check of the programs their patterns name (none for an empty chunk).
fn checked_chunk(chunk: Vec<(Guard, &CommandPatternIr)>, programs: &ProgramTable) -> Option<Guard> {
    if chunk.is_empty() {
        return None;
    }
    let check = programs.check(chunk.iter().map(|(_, pattern)| *pattern));
    Some(match (check, combine(Logic::Any, chunk.into_iter().map(|(guard, _)| guard).collect())) {
        (Some(check), Guard::Expr(any)) => Guard::Expr(quote! { (#check && #any) }),
        (_, any) => any,
    })
}

/// A `runs` pattern as a `CommandPattern` value; `source` is the static of the pattern that must feed it.
fn command_pattern_tokens(pattern: &CommandPatternIr, source: Option<&Ident>) -> TokenStream {
    let programs = str_slice(&pattern.programs);
    let subcommands = pattern.subcommands.iter().map(|alternatives| str_slice(alternatives));
    let value_options = str_slice(&pattern.value_options);
    let requirements = pattern.requirements.iter().map(|requirement| {
        let negated = requirement.negated;
        let tests = requirement.any_of.iter().map(|test| match test {
            ArgTestIr::Short(option) => quote! { __forge::ArgTest::Short(#option) },
            ArgTestIr::Long(name) => {
                let name = string_literal(name);
                quote! { __forge::ArgTest::Long(#name) }
            }
            ArgTestIr::LongValue(name, value) => {
                let (name, value) = (string_literal(name), string_literal(value));
                quote! { __forge::ArgTest::LongValue(#name, #value) }
            }
            ArgTestIr::Positional(glob) => {
                let glob = string_literal(glob);
                quote! { __forge::ArgTest::Positional(#glob) }
            }
            ArgTestIr::LongValueOrFile(name, glob) => {
                let (name, glob) = (string_literal(name), string_literal(glob));
                quote! { __forge::ArgTest::LongValueOrFile(#name, #glob) }
            }
            ArgTestIr::Elsewhere => quote! { __forge::ArgTest::Elsewhere },
            ArgTestIr::DoubleDash => quote! { __forge::ArgTest::DoubleDash },
            ArgTestIr::Environment(name, glob) => {
                let (name, glob) = (string_literal(name), string_literal(glob));
                quote! { __forge::ArgTest::Environment(#name, #glob) }
            }
        });
        quote! { __forge::Requirement { negated: #negated, any_of: &[#(#tests),*] } }
    });
    let fed_by = match source {
        Some(ident) => quote! { Some(&#ident) },
        None => quote! { None },
    };
    quote! {
        __forge::CommandPattern {
            programs: #programs,
            subcommands: &[#(#subcommands),*],
            value_options: #value_options,
            requirements: &[#(#requirements),*],
            fed_by: #fed_by,
        }
    }
}
/// The statements of one event arm: each trigger of that event in declaration order.
fn event_arm(triggers: &[(usize, &Trigger)], statics: &mut Statics) -> TokenStream {
    let mut statements = Vec::new();
    for (index, trigger) in triggers {
        let matcher = matcher_guard(trigger, *index, statics);
        let conditions = condition_guards(*index, trigger, statics);
        let guard = combine(Logic::All, vec![matcher, combine(trigger.logic, conditions)]);
        let guard = match guard {
            Guard::Always(false) => continue,
            Guard::Always(true) => None,
            Guard::Expr(expr) => Some(expr),
        };
        match (&trigger.action, guard) {
            (Action::Evaluate, None) => return quote! { #(#statements)* __forge::Outcome::Violation },
            (Action::Evaluate, Some(guard)) => statements.push(quote! {
                if #guard { return __forge::Outcome::Violation; }
            }),
            (Action::SetFlag(flag), guard) => {
                let set = quote! { scope.set_flag(#flag); };
                statements.push(match guard {
                    None => set,
                    Some(guard) => quote! { if #guard { #set } },
                });
            }
            (Action::CheckFlag { flag, consume, violate }, guard) => {
                let on_present = if *consume {
                    quote! { __forge::OnPresent::Consume }
                } else {
                    quote! { __forge::OnPresent::Keep }
                };
                let check = quote! { scope.check_flag(#flag, #on_present) };
                statements.push(match (guard, violate) {
                    (None, true) => quote! { if !#check { return __forge::Outcome::Violation; } },
                    (Some(guard), true) => quote! { if #guard && !#check { return __forge::Outcome::Violation; } },
                    (None, false) => quote! { #check; },
                    (Some(guard), false) => quote! { if #guard { #check; } },
                });
            }
        }
    }
    quote! { #(#statements)* __forge::Outcome::Pass }
}
/// `evaluate`: the triggers as `match` arms on the event and the tool, in declaration order.
pub(super) fn evaluate_fn(behavior: &Behavior, statics: &mut Statics) -> TokenStream {
    let mut events: Vec<Event> = behavior.triggers.iter().map(|trigger| trigger.event).collect();
    events.sort();
    events.dedup();
    let arms: Vec<TokenStream> = events
        .iter()
        .map(|event| {
            let triggers: Vec<(usize, &Trigger)> =
                behavior.triggers.iter().enumerate().filter(|(_, trigger)| trigger.event == *event).collect();
            let body = event_arm(&triggers, statics);
            let pattern = event_tokens(*event);
            quote! { #pattern => { #body } }
        })
        .collect();
    // The runtime's `Event` has more variants than triggers can name, so the match always needs this arm.
    let fallback = quote! { _ => __forge::Outcome::Pass, };
    let uses_scope = behavior.triggers.iter().any(|trigger| {
        !matches!(trigger.action, Action::Evaluate)
            || trigger.conditions.iter().any(|condition| {
                matches!(condition.test, Test::Counter(..) | Test::Paths { access: PathAccess::LosesWork, .. })
            })
    });
    let scope = if uses_scope {
        quote! { scope }
    } else {
        quote! { _scope }
    };
    quote! {
        /// Runs the triggers in declaration order; the first violation wins (SPEC §2).
        pub fn evaluate(call: &__forge::Call<'_>, #scope: &mut __forge::Scope<'_>) -> __forge::Outcome {
            match call.event() {
                #(#arms)*
                #fallback
            }
        }
    }
}
