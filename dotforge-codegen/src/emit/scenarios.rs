//! The scenario tests of the catalog: each behavior's scenarios as static data, and one `#[test]` per scenario.

use super::tokens::{event_tokens, level_tokens, module_ident, optional_str, str_slice, string_literal};
use crate::ir::{Catalog, Expect, Level, Scenario};
use proc_macro2::{Literal, TokenStream};
use quote::quote;

fn expect_tokens(expect: &Expect) -> TokenStream {
    let level = match expect.level.as_deref() {
        None => quote! { None },
        Some("pass") => quote! { Some(__forge::ExpectLevel::Pass) },
        Some("override") => quote! { Some(__forge::ExpectLevel::Override) },
        Some(name) => {
            let level = level_tokens(Level::parse(name).unwrap_or(Level::Silent));
            quote! { Some(__forge::ExpectLevel::Fired(#level)) }
        }
    };
    let counter = match expect.counter {
        Some(counter) => {
            let counter = Literal::u32_unsuffixed(counter);
            quote! { Some(#counter) }
        }
        None => quote! { None },
    };
    let decision = match expect.decision.as_deref() {
        None => quote! { None },
        Some("ask") => quote! { Some(__forge::ExpectDecision::Ask) },
        Some("deny") => quote! { Some(__forge::ExpectDecision::Deny) },
        Some("block") => quote! { Some(__forge::ExpectDecision::Block) },
        Some(_) => quote! { Some(__forge::ExpectDecision::Allow) },
    };
    let message_contains = str_slice(&expect.message_contains);
    let flags_present = str_slice(&expect.flags_present);
    let flags_absent = str_slice(&expect.flags_absent);
    let overrides = match expect.overrides {
        Some(count) => {
            let count = Literal::u32_unsuffixed(count);
            quote! { Some(#count) }
        }
        None => quote! { None },
    };
    quote! {
        __forge::Expect {
            level: #level,
            counter: #counter,
            decision: #decision,
            message_contains: #message_contains,
            flags_present: #flags_present,
            flags_absent: #flags_absent,
            overrides: #overrides,
        }
    }
}
pub(super) fn scenario_tokens(scenario: &Scenario) -> TokenStream {
    let file = string_literal(&scenario.file);
    let name = string_literal(&scenario.name);
    let steps = scenario.steps.iter().map(|step| {
        let line = Literal::u32_unsuffixed(step.line);
        let event = event_tokens(step.event);
        let tool = string_literal(&step.tool);
        let tool_input = string_literal(&step.tool_input);
        let prompt = optional_str(&step.prompt);
        let session = string_literal(&step.session);
        let profile = string_literal(&step.profile);
        let agent = optional_str(&step.agent);
        let stop_hook_active = step.stop_hook_active;
        let user = match step.user_allows {
            None => quote! { None },
            Some(true) => quote! { Some(__forge::UserAnswer::Allow) },
            Some(false) => quote! { Some(__forge::UserAnswer::Decline) },
        };
        let expect = expect_tokens(&step.expect);
        let files = files_tokens(&step.files);
        quote! {
            __forge::Step {
                line: #line,
                event: #event,
                tool: #tool,
                tool_input: #tool_input,
                prompt: #prompt,
                session: #session,
                profile: #profile,
                agent: #agent,
                stop_hook_active: #stop_hook_active,
                user: #user,
                files: #files,
                expect: #expect,
            }
        }
    });
    let soft_block = if scenario.soft_block_deny {
        quote! { __forge::SoftBlockMode::Deny }
    } else {
        quote! { __forge::SoftBlockMode::Ask }
    };
    let repository = match &scenario.repository {
        None => quote! { None },
        Some(setup) => {
            let (committed, files) = (files_tokens(&setup.committed), files_tokens(&setup.files));
            quote! { Some(__forge::ScenarioRepository { committed: #committed, files: #files }) }
        }
    };
    quote! {
        __forge::Scenario { file: #file, name: #name, soft_block: #soft_block, repository: #repository, steps: &[#(#steps),*] }
    }
}

/// Paths and their text as a static slice of pairs.
fn files_tokens(files: &[(String, String)]) -> TokenStream {
    let pairs = files.iter().map(|(path, text)| {
        let (path, text) = (string_literal(path), string_literal(text));
        quote! { (#path, #text) }
    });
    quote! { &[#(#pairs),*] }
}
/// One `#[test]` per scenario, grouped by behavior, compiled only under `cargo test`.
pub(super) fn scenario_tests(catalog: &Catalog) -> TokenStream {
    let modules = catalog.behaviors.iter().filter(|behavior| !behavior.scenarios.is_empty()).map(|behavior| {
        let module = module_ident(&behavior.id);
        let id = string_literal(&behavior.id);
        let tests = behavior.scenarios.iter().enumerate().map(|(index, scenario)| {
            let test = module_ident(&scenario.test_name);
            let doc = format!(" {} ({})", scenario.name, scenario.file);
            quote! {
                #[doc = #doc]
                #[test]
                fn #test() {
                    super::super::__forge::assert_scenario(&super::super::CATALOG, #id, #index);
                }
            }
        });
        quote! { mod #module { #(#tests)* } }
    });
    let modules: Vec<TokenStream> = modules.collect();
    if modules.is_empty() {
        return TokenStream::new();
    }
    quote! {
        /// The scenario tests, one `#[test]` each.
        #[cfg(test)]
        mod scenario_tests {
            #(#modules)*
        }
    }
}
