//! The state-write floor: the least any hook that follows CONTRACT §5 must do for an event that changes state. It
//! reads stdin, takes the lock on `runtime/state.lock`, reads `runtime/state.json`, and replaces it with the same
//! bytes the contract's way (temp file in the same directory, fsync, rename) — no JSON, no behaviors.
#![forbid(unsafe_code)]
use std::io::{Read, Write};
use std::path::PathBuf;

fn main() {
    let mut input = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut input);
    let runtime = PathBuf::from(std::env::var_os("FORGE_ROOT").unwrap_or_else(|| ".forge".into())).join("runtime");
    let _ = std::fs::create_dir_all(&runtime);
    let Ok(mut lock) = fslock::LockFile::open(&runtime.join("state.lock")) else { return };
    if lock.lock().is_err() {
        return;
    }
    let state = runtime.join("state.json");
    let bytes = std::fs::read(&state).unwrap_or_else(|_| b"{\"schema_version\":\"1\",\"sessions\":{}}".to_vec());
    let temp = runtime.join(format!(".state.json.tmp.{}", std::process::id()));
    let written = std::fs::File::create(&temp).and_then(|mut file| {
        file.write_all(&bytes)?;
        file.sync_all()
    });
    if written.is_ok() {
        let _ = std::fs::rename(&temp, &state);
    }
}
