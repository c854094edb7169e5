//! Putting the hook's registration back, and nothing else: the recorded entries into their settings file (a link in
//! its place becomes a file of its own, holding what the link pointed to; a file that is no longer a JSON object is
//! kept aside first), the recorded plugin file, or a switch that turned every hook off taken out. Written the way
//! state.json is (temp file, rename), so a CLI reading the file sees the old text or the new one.

use super::examine::Repair;
use crate::atomic::write_atomic_with;
use crate::registration::{entries, Written};
use std::io::Write;
use std::path::Path;

/// Carries out `repair` on the file at `path`.
pub(crate) fn apply(repair: &Repair, path: &Path, now: u64) -> Result<(), String> {
    let original = std::fs::read_to_string(path).ok();
    let text = match repair {
        Repair::Entries { installed, switches } => {
            let Written::Entries(recorded) = &installed.written else { return Err("no entries recorded".to_owned()) };
            if let Some(original) = original.as_deref().filter(|text| entries::parse(text).is_none()) {
                let aside = path.with_file_name(format!(
                    "{}.dotforge-{now}",
                    path.file_name().and_then(|name| name.to_str()).unwrap_or("settings")
                ));
                std::fs::write(&aside, original)
                    .map_err(|error| format!("cannot keep {}: {error}", aside.display()))?;
            }
            entries::restored(original.as_deref(), recorded, &installed.command, switches)
        }
        Repair::Plugin { installed } => match &installed.written {
            Written::Plugin(text) => text.clone(),
            Written::Entries(_) => return Err("no plugin recorded".to_owned()),
        },
        Repair::Switches { switches, .. } => original
            .as_deref()
            .and_then(|text| entries::without_switches(text, switches))
            .ok_or_else(|| "it is not a JSON object".to_owned())?,
    };
    if let Some(parent) = path.parent().filter(|parent| !parent.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
    }
    // A rename replaces a link itself, not what it points to.
    write_atomic_with(path, |file| file.write_all(text.as_bytes()))
        .map_err(|error| format!("cannot write {}: {error}", path.display()))
}
