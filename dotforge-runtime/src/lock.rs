//! The one state lock per event: an OS file lock (flock via `fslock`) on `runtime/state.lock`, with a timeout.
//!
//! The lock is released by the OS when the process dies, so a killed hook never leaves a stale lock behind.

use crate::settings::Settings;
use fslock::LockFile;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

/// Why the lock was not taken.
#[derive(Debug)]
pub(crate) enum LockError {
    /// Another process held it for longer than the timeout.
    Timeout,
    /// The lock file could not be created or locked.
    Io(std::io::Error),
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Timeout => f.write_str("another process held it longer than the timeout"),
            LockError::Io(error) => write!(f, "{error}"),
        }
    }
}

/// A held lock; released when dropped.
#[derive(Debug)]
pub(crate) struct StateLock {
    _file: LockFile,
}

/// Takes the lock, waiting at most `timeout`. The uncontended case is one non-blocking `flock`; under contention a
/// helper thread blocks in `flock` so the waiter wakes as soon as the holder releases.
pub(crate) fn acquire(path: &Path, timeout: Duration) -> Result<StateLock, LockError> {
    let mut file = LockFile::open(path).map_err(LockError::Io)?;
    if file.try_lock().map_err(LockError::Io)? {
        return Ok(StateLock { _file: file });
    }
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let result = file.lock().map(|()| file);
        // The receiver may have given up already; the lock is then released when this thread's process exits.
        let _ = sender.send(result);
    });
    match receiver.recv_timeout(timeout) {
        Ok(Ok(file)) => Ok(StateLock { _file: file }),
        Ok(Err(error)) => Err(LockError::Io(error)),
        Err(_) => Err(LockError::Timeout),
    }
}

/// Takes the state lock of `settings`' `.forge`, creating `runtime/` the first time.
pub(crate) fn lock_state(settings: &Settings) -> Result<StateLock, LockError> {
    let path = settings.lock_path();
    match acquire(&path, settings.lock_timeout) {
        Err(LockError::Io(error)) if error.kind() == std::io::ErrorKind::NotFound => {
            std::fs::create_dir_all(settings.forge_root.join("runtime")).map_err(LockError::Io)?;
            acquire(&path, settings.lock_timeout)
        }
        locked => locked,
    }
}
