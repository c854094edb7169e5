//! The catalog's program index: every program its `runs` patterns name, in one static (`PROGRAMS`), and for each
//! `runs` condition (or group of them) the entries of its programs. An event looks its line's programs up in the
//! index once; a condition whose programs the line does not run is skipped without evaluating its pattern.

use super::tokens::string_literal;
use crate::ir::{Catalog, CommandPatternIr, Test};
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use std::cell::Cell;

/// The placeholder program of a pattern that stands for this hook's own binary, which only the file system tells
/// (such a pattern is never skipped by name).
pub(super) const HOOK_BINARY: &str = "{hook_binary}";

/// The programs named by a catalog's `runs` patterns: plain names sorted, then the names with a wildcard.
pub(super) struct ProgramTable {
    exact: Vec<String>,
    globs: Vec<String>,
    /// Whether a check was made: the static is emitted only then (a catalog whose patterns all name this hook's
    /// binary, or that has none, would hold an unused one).
    used: Cell<bool>,
}

impl ProgramTable {
    /// Every program a `runs` condition of the catalog names (the hook's own binary excepted).
    pub(super) fn of(catalog: &Catalog) -> Self {
        let mut names: Vec<&str> = catalog
            .behaviors
            .iter()
            .flat_map(|behavior| &behavior.triggers)
            .flat_map(|trigger| &trigger.conditions)
            .filter_map(|condition| match &condition.test {
                Test::Runs { pattern, .. } => Some(pattern.programs.iter().map(String::as_str)),
                _ => None,
            })
            .flatten()
            .filter(|name| *name != HOOK_BINARY)
            .collect();
        names.sort_unstable();
        names.dedup();
        let (globs, exact): (Vec<&str>, Vec<&str>) = names.into_iter().partition(|name| is_glob(name));
        ProgramTable {
            exact: exact.into_iter().map(str::to_owned).collect(),
            globs: globs.into_iter().map(str::to_owned).collect(),
            used: Cell::new(false),
        }
    }

    /// The `PROGRAMS` static of the generated file (nothing when no check names it: call after the checks).
    pub(super) fn tokens(&self) -> TokenStream {
        if !self.used.get() {
            return TokenStream::new();
        }
        let exact = self.exact.iter().map(|name| string_literal(name));
        let globs = self.globs.iter().map(|name| string_literal(name));
        quote! {
            /// Every program the catalog's `runs` patterns name, looked up once per event (plain names sorted).
            pub static PROGRAMS: __forge::ProgramIndex =
                __forge::ProgramIndex { exact: &[#(#exact),*], globs: &[#(#globs),*] };
        }
    }

    /// Whether a check can stand before `pattern`: it names neither this hook's binary (only the file system can
    /// tell that) nor a program missing from the table.
    pub(super) fn checkable(&self, pattern: &CommandPatternIr) -> bool {
        self.entries([pattern]).is_some()
    }

    /// The check that the line runs a program some of `patterns` names, to put before them — none when one of them
    /// is not [`checkable`](Self::checkable).
    pub(super) fn check<'p>(&self, patterns: impl IntoIterator<Item = &'p CommandPatternIr>) -> Option<TokenStream> {
        let entries = self.entries(patterns)?.into_iter().map(Literal::u16_unsuffixed);
        self.used.set(true);
        Some(quote! { call.runs_listed(&super::PROGRAMS, &[#(#entries),*]) })
    }

    /// The table's entries of the programs `patterns` name, sorted and once each.
    fn entries<'p>(&self, patterns: impl IntoIterator<Item = &'p CommandPatternIr>) -> Option<Vec<u16>> {
        let mut entries = Vec::new();
        for name in patterns.into_iter().flat_map(|pattern| &pattern.programs) {
            let entry = if is_glob(name) {
                self.globs.iter().position(|glob| glob == name).map(|offset| self.exact.len() + offset)
            } else {
                self.exact.binary_search(name).ok()
            };
            entries.push(u16::try_from(entry?).ok()?);
        }
        entries.sort_unstable();
        entries.dedup();
        Some(entries)
    }
}

/// A program name with a wildcard, matched as a glob.
fn is_glob(name: &str) -> bool {
    name.contains(['*', '?'])
}
