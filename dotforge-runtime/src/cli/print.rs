//! Output of the operator commands.

use std::io::Write;
use std::process::exit;

/// Prints to stdout; a closed pipe (`… | head`) ends the command quietly.
pub(crate) fn print_out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = writeln!(stdout, "{text}") {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            exit(0);
        }
    }
}
