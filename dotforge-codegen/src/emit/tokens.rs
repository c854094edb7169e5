//! Small token helpers of the generator: identifiers, string literals, doc attributes, and the facade's names of
//! levels and events.

use crate::ir::{Event, Level};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

/// An identifier for an id or file name: kebab → snake, with `_` appended to Rust keywords.
pub(super) fn module_ident(id: &str) -> Ident {
    let snake = id.replace('-', "_");
    match syn::parse_str::<Ident>(&snake) {
        Ok(ident) => ident,
        Err(_) => format_ident!("{snake}_"),
    }
}
/// A string literal; raw (`r"…"`) when that reads better (backslashes) and is possible.
pub(super) fn string_literal(text: &str) -> Literal {
    if text.contains('\\') && !text.chars().any(|c| c.is_control()) {
        let mut hashes = String::new();
        while text.contains(&format!("\"{hashes}")) {
            hashes.push('#');
        }
        if let Ok(literal) = format!("r{hashes}\"{text}\"{hashes}").parse::<Literal>() {
            return literal;
        }
    }
    Literal::string(text)
}

/// `#[doc]` attributes, one per line of `text`.
pub(super) fn doc_lines(text: &str) -> Vec<TokenStream> {
    text.trim_end()
        .lines()
        .map(|line| {
            let line = format!(" {}", line.trim_end());
            quote! { #[doc = #line] }
        })
        .collect()
}
/// The facade's name of a level.
pub(super) fn level_tokens(level: Level) -> TokenStream {
    match level {
        Level::Silent => quote! { __forge::Level::Silent },
        Level::Nudge => quote! { __forge::Level::Nudge },
        Level::Warning => quote! { __forge::Level::Warning },
        Level::SoftBlock => quote! { __forge::Level::SoftBlock },
        Level::HardBlock => quote! { __forge::Level::HardBlock },
    }
}
/// The facade's name of an event.
pub(super) fn event_tokens(event: Event) -> TokenStream {
    match event {
        Event::PreToolUse => quote! { __forge::Event::PreToolUse },
        Event::PostToolUse => quote! { __forge::Event::PostToolUse },
        Event::UserPromptSubmit => quote! { __forge::Event::UserPromptSubmit },
        Event::Stop => quote! { __forge::Event::Stop },
    }
}
/// `Some("…")` or `None`.
pub(super) fn optional_str(text: &Option<String>) -> TokenStream {
    match text {
        Some(text) => {
            let text = string_literal(text);
            quote! { Some(#text) }
        }
        None => quote! { None },
    }
}
/// `&["…", …]`.
pub(super) fn str_slice(items: &[String]) -> TokenStream {
    let items = items.iter().map(|item| string_literal(item));
    quote! { &[#(#items),*] }
}
