//! `dotforge-codegen`: compiles a folder of behavior files into Rust at build time.
//!
//! The pipeline has four stages, each in its own module: [`parse`](crate::parse) (YAML text → values and source
//! positions), `validate` (every rule of SCHEMA §6, all errors collected), `ir` (the checked catalog) and `emit`
//! (IR → `quote` tokens → `syn` → `prettyplease`). Three entry points, in the style of prost-build:
//!
//! - [`compile`] — the one-liner for `build.rs`: `dotforge_codegen::compile("behaviors");`
//! - [`Config`] — a builder for custom folders and file names, returning a [`Report`] on failure;
//! - [`generate`] — pure: sources in, source text (or diagnostics) out. Tests call this.
//!
//! [`link_for_fast_start`] is the companion `build.rs` call that links the hook binary for the quickest process
//! start on Linux.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod build_script;
mod command_pattern;
mod describe;
mod dfa;
mod diagnostic;
pub mod edit;
mod emit;
mod endings;
mod env_vars;
mod fingerprint;
pub mod ir;
mod json;
pub mod json_schema;
mod link;
pub use link::link_for_fast_start;
mod literals;
mod locate;
mod matcher;
mod parse;
mod pipeline;
#[cfg(test)]
mod random_texts;
pub mod schema;
mod source;
mod suggest;
mod template;
mod validate;

pub use build_script::{compile, write_if_changed, Compiled, Config, Error};
pub use diagnostic::{Code, Diagnostic, Report, Severity, Span};
pub use emit::{Blob, HEADER};
pub use env_vars::{BEHAVIORS_DIR_VAR, COMPILED_BEHAVIORS_DIR_VAR};
pub use pipeline::{check_client_tools, generate, generate_with, parse_client_tools, Generated, Options};
pub use source::Sources;
