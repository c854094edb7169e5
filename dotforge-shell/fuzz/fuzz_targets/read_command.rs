//! Fuzz target: any text as a Bash command line, read by the shell reader directly (no hook, no state). Nothing may
//! panic, the paths it reads and writes are worked out, and the crude reading keeps its promise: it finds every
//! program the full reading finds (`dotforge_shell::promise`), on every text without a NUL.
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::path::PathBuf;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let line = dotforge_shell::parse(&text, Some(PathBuf::from("/p")));
    let _ = dotforge_shell::access::accesses(&line, &text);
    // A command holding a NUL never reaches a shell (an agent CLI cannot pass it as an argument; Node refuses to), and
    // the two readings may split such words differently: the promise is checked on the others.
    if text.contains('\0') {
        return;
    }
    let missed = dotforge_shell::promise::programs_the_crude_reading_misses(&text);
    assert!(missed.is_empty(), "the crude reading of {text:?} misses {missed:?}");
});
