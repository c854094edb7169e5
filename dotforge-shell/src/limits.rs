//! How far the full reading goes before the crude reading stands in.

/// Scripts nested deeper than this (substitution in substitution…) are read only crudely.
pub const MAX_DEPTH: usize = 24;
/// Scripts longer than this are read only crudely (linear time).
pub const MAX_SCRIPT_BYTES: usize = 1 << 20;
/// Most simple commands gathered from one command line; beyond, the crude reading stands in.
pub(crate) const MAX_COMMANDS: usize = 20_000;
