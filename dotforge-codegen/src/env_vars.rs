//! The environment variables a hook project's build involves: the one that picks the behaviors folder, and the one
//! the build script sets for the generated catalog to read.

/// The environment variable that overrides the behaviors folder.
pub const BEHAVIORS_DIR_VAR: &str = "DOTFORGE_BEHAVIORS_DIR";

/// Set by the build script for the package it builds (`cargo:rustc-env`): the absolute behaviors folder that was
/// compiled, which the generated catalog reads with `option_env!` as `{behaviors_dir}`.
pub const COMPILED_BEHAVIORS_DIR_VAR: &str = "DOTFORGE_COMPILED_BEHAVIORS_DIR";

/// Set by the build script like [`COMPILED_BEHAVIORS_DIR_VAR`]: the fingerprint of the behaviors compiled (see
/// `fingerprint`), for `doctor` to tell a binary built from other behaviors.
pub const COMPILED_FINGERPRINT_VAR: &str = "DOTFORGE_COMPILED_FINGERPRINT";
