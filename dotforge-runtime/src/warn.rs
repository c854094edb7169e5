//! Warnings on stderr, prefixed `[forge] `, that never panic even when stderr is closed.

use std::io::Write;

/// Prints one warning line to stderr.
pub(crate) fn warn(message: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "[forge] {message}");
}
