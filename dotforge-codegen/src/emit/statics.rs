//! The statics a behavior module holds for its conditions: regexes (with their build-time DFAs, written as
//! [`Blob`]s next to the generated file), command patterns and path globs.

use super::programs::ProgramTable;
use super::tokens::string_literal;
use crate::{dfa, endings, literals};
use proc_macro2::{Ident, Literal, TokenStream};
use quote::{format_ident, quote};

/// A file written next to the generated code (a serialized DFA), by path relative to the generated file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blob {
    /// e.g. `behaviors.dfa/search_first.TRIGGER_1_CONDITION_0.dfa`
    pub file: String,
    /// The contents.
    pub bytes: Vec<u8>,
}

/// Collects the statics of one behavior module — regexes (each with its build-time DFA when one can be made),
/// command patterns and path globs — in trigger and condition order.
pub(super) struct Statics<'b> {
    pub module: String,
    pub dfa_dir: Option<&'b str>,
    pub blobs: &'b mut Vec<Blob>,
    /// `(trigger index, 0 for the matcher or 1 + condition index)` and the static item.
    pub statics: Vec<((usize, usize), TokenStream)>,
    /// The catalog's program index, which `runs` conditions are checked against first.
    pub programs: &'b ProgramTable,
}

impl Statics<'_> {
    /// A regex: answered by its endings, by a DFA built now, or compiled at run time.
    pub(super) fn add_regex(&mut self, order: (usize, usize), name: String, pattern: &str) -> Ident {
        let ident = format_ident!("{}", name);
        let literal = string_literal(pattern);
        if let Some(endings) = endings::exact_endings(pattern) {
            let endings = endings.iter().map(|ending| string_literal(ending));
            let item = quote! {
                static #ident: __forge::LazyRegex = __forge::LazyRegex::ending_with_any(#literal, &[#(#endings),*]);
            };
            self.statics.push((order, item));
            return ident;
        }
        let dfa = self.dfa_dir.and_then(|dir| dfa::build(pattern).map(|bytes| (dir, bytes)));
        let groups = literals::required_groups(pattern);
        let requiring = (!groups.is_empty()).then(|| {
            let groups = groups.iter().map(|group| {
                let literals = group.iter().map(|literal| string_literal(literal));
                quote! { &[#(#literals),*] }
            });
            quote! { .requiring(&[#(#groups),*]) }
        });
        let item = match dfa {
            Some((dir, bytes)) => {
                let file = format!("{dir}/{}.{name}.dfa", self.module);
                let path = Literal::string(&file);
                let bytes_ident = format_ident!("{}_DFA", name);
                let size = Literal::usize_unsuffixed(bytes.len());
                self.blobs.push(Blob { file, bytes });
                quote! {
                    static #bytes_ident: __forge::AlignAs<[u8; #size], u32> =
                        __forge::AlignAs { _align: [], bytes: *include_bytes!(#path) };
                    static #ident: __forge::LazyRegex =
                        __forge::LazyRegex::precompiled(#literal, &#bytes_ident)#requiring;
                }
            }
            None => quote! { static #ident: __forge::LazyRegex = __forge::LazyRegex::new(#literal)#requiring; },
        };
        self.statics.push((order, item));
        ident
    }

    /// Any other static of a condition (a command pattern, path globs): `make` builds the item from its name.
    pub(super) fn add_static(
        &mut self,
        order: (usize, usize),
        name: String,
        make: impl FnOnce(&Ident) -> TokenStream,
    ) -> Ident {
        let ident = format_ident!("{}", name);
        let item = make(&ident);
        self.statics.push((order, item));
        ident
    }

    /// The statics in trigger and condition order.
    pub(super) fn into_items(mut self) -> Vec<TokenStream> {
        self.statics.sort_by_key(|(order, _)| *order);
        self.statics.into_iter().map(|(_, item)| item).collect()
    }
}
