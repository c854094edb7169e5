//! How far the full reading goes before the crude reading stands in.

/// Scripts nested deeper than this (substitution in substitution…) are read only crudely.
pub const MAX_DEPTH: usize = 24;
/// Scripts longer than this are read only crudely (linear time).
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;
/// Most simple commands gathered from one command line; beyond, the crude reading stands in.
pub(crate) const MAX_COMMANDS: usize = 20_000;
/// Most files read for one command line (scripts, Makefiles, `package.json`, justfiles, git config files).
pub const MAX_FILE_READS: usize = 64;
/// Most files looked for and not found for one command line.
pub const MAX_FILE_LOOKUPS: usize = 256;
/// Largest file read for what it runs; a larger one is judged as the command alone.
pub const MAX_SOURCE_BYTES: usize = 256 * 1024;
/// How deep scripts that run scripts (and task runners that run task runners) are followed.
pub const MAX_FILE_DEPTH: usize = 8;
