//! What `doctor` says about the tamper check: whether the audit trail is whole (the check of `audit --verify`),
//! whether a session is locked down after a tamper, and whether every registration the install record names is
//! still in its file as written (the tamper check would put it back).

use super::finding::Finding;
use crate::lockdown;
use crate::registration::{entries, Record, Written};
use std::path::Path;

/// The findings for the `.forge` folder `forge_root`; `program` is how the person runs this binary.
pub(super) fn findings(forge_root: &Path, program: &str) -> Vec<Finding> {
    let mut findings = Vec::new();
    let (_, breaks) = super::super::trail::verify(forge_root);
    findings.push(match breaks.first() {
        None => Finding::ok("audit-chain", "the audit trail is whole (every line chained)".to_owned()),
        Some(first) => Finding::fail(
            "audit-chain",
            format!("the audit trail is broken: first at {} ({} break(s))", first.describe(), breaks.len()),
            format!("see `{program} audit --verify`; the lines were changed by something other than the hook"),
        ),
    });
    for (session, reasons) in lockdown::all(&lockdown::dir(forge_root)) {
        findings.push(Finding::fail(
            "tamper",
            format!("session `{session}` is locked down after a tamper: {}", reasons.join("; ")),
            format!(
                "read .forge/audit/tamper.log, undo what the call did, then run `{program} allow --tamper --session {session}`"
            ),
        ));
    }
    let record = Record::load(forge_root);
    for installed in &record.installed {
        let text = std::fs::read_to_string(&installed.file).ok();
        let intact = match &installed.written {
            Written::Plugin(plugin) => text.as_deref() == Some(plugin.as_str()),
            Written::Entries(recorded) => text
                .as_deref()
                .and_then(entries::parse)
                .is_some_and(|settings| entries::missing(&settings, recorded).is_empty()),
        };
        // A registration switched off or gone is reported above as not live; this says why it will come back.
        if !intact {
            findings.push(Finding::warn(
                "registration-changed",
                format!(
                    "{} no longer holds the registration `install` wrote there as written (changed or removed                      outside `uninstall`): the hook's next check after a call puts it back",
                    installed.file.display()
                ),
                format!("run `{program} install` to register it as it is wanted, or `{program} uninstall` to remove it"),
            ));
        }
    }
    findings
}
