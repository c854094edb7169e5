//! Path globs of the `reads` and `writes` conditions (DSL extensions), matched against the paths a tool call reads
//! or writes.
//!
//! A glob is absolute, starts with `~/`, `**/` or a placeholder — `{forge_root}` (this hook's `.forge`),
//! `{project_dir}` (`$CLAUDE_PROJECT_DIR`, else the payload's `cwd`), `{hook_binary}` (this hook's own executable),
//! `{hook_sources}` (the package this hook was built from) and `{behaviors_dir}` (the behaviors folder it was
//! compiled from) — and may use `*` and `?` within a component and `**` for any number of components. A path
//! matches when it, or the file it reaches through symbolic links, matches an included glob and no excluded one; a
//! hard link to a matching file matches too. Writes to a whole tree (deleting or moving a folder) match when the
//! folder holds what a glob names.
//!
//! Three parts: [`globs`] matches globs against paths, [`file_facts`] asks the file system where a path leads, and
//! [`resolve`] turns the words of a command into the absolute paths they stand for.

pub(crate) mod archive;
pub(crate) mod file_facts;
pub(crate) mod globs;
pub(crate) mod resolve;

pub use globs::PathGlobs;
pub(crate) use globs::{Candidate, PlaceParts, Places};
pub(crate) use resolve::{resolve, resolve_access};
