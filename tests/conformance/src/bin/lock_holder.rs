//! Test helper: takes the state lock given as the first argument, prints `locked`, then sleeps until killed.
//! Tests SIGKILL it to prove that a lock left by a dead process never blocks the next event.
#![forbid(unsafe_code)]

use std::io::Write;

fn main() {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: lock-holder PATH");
        std::process::exit(2);
    };
    let mut lock = match fslock::LockFile::open(&path) {
        Ok(lock) => lock,
        Err(error) => {
            eprintln!("cannot open {}: {error}", path.to_string_lossy());
            std::process::exit(1);
        }
    };
    if let Err(error) = lock.lock() {
        eprintln!("cannot lock: {error}");
        std::process::exit(1);
    }
    let _ = writeln!(std::io::stdout(), "locked");
    let _ = std::io::stdout().flush();
    std::thread::sleep(std::time::Duration::from_secs(120));
}
