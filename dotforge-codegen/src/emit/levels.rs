//! The level tables of a behavior: `level` (SPEC §2.1) and `threshold` (`{threshold}` of templates) as `match
//! counter` arms.

use super::tokens::level_tokens;
use crate::ir::Behavior;
use proc_macro2::{Literal, TokenStream};
use quote::quote;

pub(super) fn level_fn(behavior: &Behavior) -> TokenStream {
    let default = level_tokens(behavior.default_level);
    if behavior.escalation.is_empty() {
        return quote! {
            /// The level for a counter (SPEC §2.1): no escalation, always the default level.
            pub fn level(_counter: u32) -> __forge::Level { #default }
        };
    }
    let arms = behavior.escalation.iter().rev().map(|(after, level)| {
        let after = Literal::u32_unsuffixed(*after);
        let level = level_tokens(*level);
        quote! { #after.. => #level, }
    });
    quote! {
        /// The level for a counter (SPEC §2.1): the highest `after` the counter reached, else the default level.
        pub fn level(counter: u32) -> __forge::Level {
            match counter {
                #(#arms)*
                _ => #default,
            }
        }
    }
}
pub(super) fn threshold_fn(behavior: &Behavior) -> TokenStream {
    if behavior.escalation.is_empty() {
        return quote! {
            /// `{threshold}`: no escalation, so always `max`.
            pub fn threshold(_counter: u32) -> Option<u32> { None }
        };
    }
    let mut start = 0;
    let arms: Vec<TokenStream> = behavior
        .escalation
        .iter()
        .map(|(after, _)| {
            let (low, high) = (start, after - 1);
            start = *after;
            let value = Literal::u32_unsuffixed(*after);
            let pattern = if low == high {
                let low = Literal::u32_unsuffixed(low);
                quote! { #low }
            } else {
                let (low, high) = (Literal::u32_unsuffixed(low), Literal::u32_unsuffixed(high));
                quote! { #low..=#high }
            };
            quote! { #pattern => Some(#value), }
        })
        .collect();
    quote! {
        /// `{threshold}`: the smallest `after` greater than the counter, `None` (= `max`) past the last step.
        pub fn threshold(counter: u32) -> Option<u32> {
            match counter {
                #(#arms)*
                _ => None,
            }
        }
    }
}
