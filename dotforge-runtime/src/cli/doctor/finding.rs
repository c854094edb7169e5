//! What `doctor` reports — findings and how much each matters — and the binary it is run as, which registrations are
//! compared with.

use std::path::{Path, PathBuf};

/// How much a finding matters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Severity {
    /// All is well on this point.
    Ok,
    /// Worth knowing; governance stays live.
    Warn,
    /// Governance is off, or enforces other rules than the project's.
    Fail,
}

pub(super) struct Finding {
    pub severity: Severity,
    /// A stable name for scripts and tests.
    pub check: &'static str,
    pub message: String,
    pub fix: Option<String>,
}

impl Finding {
    pub(super) fn ok(check: &'static str, message: String) -> Finding {
        Finding { severity: Severity::Ok, check, message, fix: None }
    }

    pub(super) fn warn(check: &'static str, message: String, fix: String) -> Finding {
        Finding { severity: Severity::Warn, check, message, fix: Some(fix) }
    }

    pub(super) fn fail(check: &'static str, message: String, fix: String) -> Finding {
        Finding { severity: Severity::Fail, check, message, fix: Some(fix) }
    }
}

/// This binary, resolved.
pub(super) struct ThisBinary {
    pub path: PathBuf,
    bytes: Option<Vec<u8>>,
}

impl ThisBinary {
    pub(super) fn current() -> ThisBinary {
        let path = std::env::current_exe().and_then(|exe| exe.canonicalize()).unwrap_or_default();
        let bytes = std::fs::read(&path).ok();
        ThisBinary { path, bytes }
    }

    /// Whether `program` is this binary: the same file, or a copy of it (a plugin's `bin/`).
    pub(super) fn is(&self, program: &Path) -> bool {
        let Ok(resolved) = program.canonicalize() else { return false };
        if resolved == self.path {
            return true;
        }
        let same_size = std::fs::metadata(&resolved).is_ok_and(|meta| {
            self.bytes.as_ref().is_some_and(|bytes| u64::try_from(bytes.len()).is_ok_and(|len| len == meta.len()))
        });
        same_size && std::fs::read(&resolved).ok() == self.bytes
    }

    pub(super) fn name(&self) -> Option<&std::ffi::OsStr> {
        self.path.file_name()
    }
}
