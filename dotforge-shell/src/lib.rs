//! `dotforge-shell`: a Bash tool `command` understood as commands: every simple command it would run — through `&&`, `||`, `;`, `|`,
//! newlines, subshells, `$( )` and backticks, `sh -c '…'`, `eval`, heredocs fed to a shell, `env`/`sudo`/`xargs`/
//! `find -exec` and similar wrappers, variable assignments — each with its words after quote removal, its
//! redirections, the directory it runs in when that can be known, and which commands feed it their output.
//!
//! Why not a general bash parser crate: the one that parses all of bash (rable 0.2) measured ~370 ms on 100 nested
//! `$( )` here (growing faster than the input; an agent-written command must not push the hook past its timeout,
//! since Claude Code then runs the call unchecked), keeps quotes in its words (so quote removal is needed anyway),
//! and needs Rust 1.93. This module only has to find commands and their words, does so without recursion, and bounds
//! its work: scripts nested deeper than [`MAX_DEPTH`], longer than [`MAX_SCRIPT_BYTES`] or not terminated are also
//! read by the crude reading, which over-approximates (it may see commands where there are none, never fewer).
//!
//! What a command runs through files — a script (`bash x.sh`, `./x.sh`, `python x.py`), a Makefile, `package.json`
//! scripts, a justfile, a git alias from git's config — is read too when the caller supplies [`Sources`]
//! ([`parse_with`]); the crate itself opens no file.
//!
//! Modules, in the order they depend on each other: `lexer` (words and operators) → `command` (what was found) →
//! `languages`, `code_tokens`, `code` and `code_reads` (interpreters, the commands in their code, code that only
//! reads) → `unwrap` (wrappers, `sh -c`, `cd`, interpreters, script files) → `sources` (the files a line may read)
//! → `make`, `package_scripts`, `justfile`, `git_config` (task runners and aliases), `functions` (shell functions
//! called with arguments) → `crude` and `reader` (the two readings) → [`pattern`] (command patterns of `runs`) and
//! [`program_index`] (the programs they name, looked up once per line) →
//! `argv` and `target` (options and the paths named), `destinations` (where a copy lands) → `builds`, `rewriters`, `authoring` (programs that write what
//! they make) → [`access`] (every path a line reads and writes).
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod access;
mod ansible;
mod argv;
mod authoring;
mod braces;
mod builds;
mod code;
mod code_paths;
mod code_reads;
mod code_tokens;
mod command;
mod computed;
mod config_commands;
mod config_values;
mod consoles;
mod containers;
mod crude;
mod decoders;
mod destinations;
mod filters;
mod functions;
mod git_commands;
mod git_config;
mod git_libraries;
mod justfile;
mod languages;
mod later;
mod lexer;
mod limits;
pub mod losses;
mod losses_in_place;
mod make;
mod markup;
mod package_scripts;
mod parameters;
pub mod pattern;
mod possible;
mod printed;
pub mod program_index;
mod programs;
pub mod promise;
#[cfg(test)]
mod properties;
mod reader;
mod rewriters;
#[cfg(test)]
mod roads_tests;
mod sed_edits;
pub mod sources;
mod target;
mod unwrap;
mod windows;

pub use argv::quote;
pub use command::{program_name, CommandLine, Cwd, Redirect, SimpleCommand, Unknown, Via};
pub use lexer::{RedirectKind, Word};
pub use limits::{MAX_DEPTH, MAX_FILE_DEPTH, MAX_FILE_READS, MAX_SCRIPT_BYTES, MAX_SOURCE_BYTES};
pub use parameters::GIT_TOPLEVEL;
pub use reader::{parse, parse_crudely, parse_with};
pub use sources::{NoFiles, Sources};
pub use target::ProjectRoot;
pub use unwrap::normalize;
