//! A watched file whose mark changed, read: the value its content checks to (kept in the snapshot) and, when the
//! change touches governance, a [`Finding`] — what changed, whether it counts between sessions too, and how the hook
//! puts it back when it can. Only the hook's own registration is ever put back.

use super::list::{Role, Watched};
use super::snapshot::Seen;
use crate::audit::chain;
use crate::file_mark::FileMark;
use crate::harness::Harness;
use crate::hash::sha256_hex;
use crate::registration::{entries, Installed, Record, Written};
use std::path::{Path, PathBuf};

/// What the hook does about a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Repair {
    /// Put the recorded entries back into the settings file (a link in its place becomes a file of its own), with
    /// these switches taken out.
    Entries { installed: Installed, switches: Vec<&'static str> },
    /// Write the recorded plugin file back.
    Plugin { installed: Installed },
    /// Take these switches, which turn every hook of a CLI the hook is registered with off, out of a settings file.
    Switches { harness: Harness, switches: Vec<&'static str> },
}

/// A change to a file governance depends on that the hook did not make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Finding {
    pub path: PathBuf,
    /// What changed, in words.
    pub what: String,
    /// How it is put back, when it is.
    pub repair: Option<Repair>,
    /// Whether it counts when seen at a session's start (the person may edit settings between sessions; a
    /// registration that vanished, a broken audit chain or a state file written by another hand count anyway).
    pub between_sessions: bool,
}

/// A file read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Examined {
    pub check: String,
    pub finding: Option<Finding>,
}

/// Reads a watched file whose mark is `mark` (it differs from `seen`'s, or the file was never seen).
pub(crate) fn examine(watched: &Watched, seen: Option<&Seen>, mark: &FileMark, record: &Record) -> Examined {
    let path = &watched.path;
    let newly_linked = mark.is_link() && seen.is_some_and(|seen| !seen.mark.is_link() && !seen.mark.is_missing());
    let link_note = || match std::fs::read_link(path) {
        Ok(target) => format!("replaced by a link to {}", target.display()),
        Err(_) => "replaced by a link".to_owned(),
    };
    let finding = |what: String, repair: Option<Repair>, between_sessions: bool| {
        Some(Finding { path: path.clone(), what, repair, between_sessions })
    };
    match watched.role {
        Role::Registration => match record.installed_in(path) {
            Some(installed) => registration(installed, &Change { seen, mark, newly_linked, link_note: &link_note }),
            None => Examined::default(),
        },
        Role::Layer(harness) => {
            let on = switches_on(path, harness);
            let check = on.join(",");
            let registered = record.installed.iter().any(|installed| installed.harness == harness.name());
            let newly_on: Vec<&'static str> = on
                .iter()
                .copied()
                .filter(|switch| seen.is_some_and(|seen| !seen.check.split(',').any(|was| was == *switch)))
                .collect();
            if !registered || newly_on.is_empty() {
                return Examined { check, finding: None };
            }
            let what = format!("{} switched every hook of {} off", quoted(&newly_on), harness.dialect().title);
            let repair = Repair::Switches { harness, switches: newly_on };
            Examined { check, finding: finding(what, Some(repair), false) }
        }
        // Which hook runs is compared as a whole (see `super::check`); here, only a binary that is gone.
        Role::Binary => {
            let gone = mark.is_missing() && seen.is_some_and(|seen| !seen.mark.is_missing());
            let what = "removed (the hook runs from a file that is no longer there)".to_owned();
            Examined { check: String::new(), finding: if gone { finding(what, None, false) } else { None } }
        }
        Role::Mcp | Role::Record => {
            let check = content_hash(path);
            let changed = seen.is_some_and(|seen| seen.check != check);
            let what = if newly_linked {
                link_note()
            } else if check == "-" {
                "removed".to_owned()
            } else if watched.role == Role::Mcp {
                "changed (an MCP server's command runs unhooked when the next session starts it)".to_owned()
            } else {
                "changed, but not by `install` or `uninstall`".to_owned()
            };
            Examined { finding: if changed || newly_linked { finding(what, None, false) } else { None }, check }
        }
        Role::Audit => audit(path, &Change { seen, mark, newly_linked, link_note: &link_note }),
    }
}

/// What was seen of a file before, and what is there now.
#[derive(Clone, Copy)]
struct Change<'c> {
    seen: Option<&'c Seen>,
    mark: &'c FileMark,
    /// A link is there where a file was.
    newly_linked: bool,
    /// `replaced by a link to <target>`.
    link_note: &'c dyn Fn() -> String,
}

/// A registration file against its record.
fn registration(installed: &Installed, change: &Change<'_>) -> Examined {
    let Change { seen, mark, newly_linked, link_note } = *change;
    let path = installed.file.clone();
    let text = std::fs::read_to_string(&path).ok();
    let recorded = match &installed.written {
        Written::Plugin(plugin) => {
            let intact = text.as_deref() == Some(plugin.as_str());
            let what =
                if mark.is_missing() { "the hook's plugin was removed" } else { "the hook's plugin was changed" };
            let repair = Some(Repair::Plugin { installed: installed.clone() });
            let finding = (!intact).then(|| Finding { path, what: what.to_owned(), repair, between_sessions: true });
            return Examined { check: String::new(), finding };
        }
        Written::Entries(recorded) => recorded,
    };
    let switches =
        Harness::parse(&installed.harness).map_or(&[][..], |harness| harness.dialect().settings.switches_off);
    let settings = text.as_deref().and_then(entries::parse);
    let (missing, on) = match &settings {
        Some(settings) => (entries::missing(settings, recorded), entries::switched_off(settings, switches)),
        None => (Vec::new(), Vec::new()),
    };
    let newly_on: Vec<&'static str> = on
        .iter()
        .copied()
        .filter(|switch| seen.is_none_or(|seen| !seen.check.split(',').any(|was| was == *switch)))
        .collect();
    let (what, between_sessions) = if mark.is_missing() {
        ("removed, and the hook's registration with it".to_owned(), true)
    } else if settings.is_none() {
        ("no longer a JSON object, so the hook's registration in it is lost".to_owned(), true)
    } else if !missing.is_empty() {
        (format!("the hook's registration for {} was removed or changed", missing.join(", ")), true)
    } else if !newly_on.is_empty() {
        (format!("{} switched the hook off", quoted(&newly_on)), false)
    } else if newly_linked {
        (link_note(), false)
    } else {
        return Examined { check: on.join(","), finding: None };
    };
    let what = if newly_linked && !what.starts_with("replaced") { format!("{}; {what}", link_note()) } else { what };
    let repair = Repair::Entries { installed: installed.clone(), switches: newly_on };
    Examined { check: on.join(","), finding: Some(Finding { path, what, repair: Some(repair), between_sessions }) }
}

/// An audit file against the hash of the line the hook wrote last (the check value `<hash>/<breaks>`): that line
/// must still be there, and the lines after it, if any, added by the hook (which notes each of its own).
fn audit(path: &Path, change: &Change<'_>) -> Examined {
    let Change { seen, mark, newly_linked, link_note } = *change;
    let file_name = path.file_name().and_then(|name| name.to_str()).unwrap_or("");
    let finding = |what: String, between_sessions: bool| {
        Some(Finding { path: path.to_path_buf(), what, repair: None, between_sessions })
    };
    let had_lines = seen.is_some_and(|seen| !seen.mark.is_missing());
    if mark.is_missing() {
        let what = "removed, with every line the hook had written".to_owned();
        return Examined { check: "-".to_owned(), finding: if had_lines { finding(what, true) } else { None } };
    }
    let text = std::fs::read(path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned()).unwrap_or_default();
    let verified = chain::verify(&text, file_name);
    let genesis = chain::genesis(file_name);
    let head = verified.head(&genesis).to_owned();
    let check = format!("{head}/{}", verified.breaks.len());
    let (seen_head, seen_breaks) = match seen.map(|seen| seen.check.split_once('/')) {
        Some(Some((head, breaks))) => (Some(head.to_owned()), breaks.parse::<usize>().unwrap_or(0)),
        _ => (None, 0),
    };
    let position = seen_head.as_deref().map(|seen_head| {
        if seen_head == genesis {
            Some(0)
        } else {
            verified.hashes.iter().position(|hash| hash == seen_head).map(|at| at + 1)
        }
    });
    let new_breaks = verified.breaks.len() > seen_breaks;
    let first_new_break = verified.breaks.get(seen_breaks).or(verified.breaks.first()).copied();
    let what = if newly_linked {
        Some((link_note(), false))
    } else if let (true, Some(found)) = (new_breaks, first_new_break) {
        let more = verified.breaks.len() - seen_breaks - 1;
        let more =
            if more > 0 { format!(" ({more} more line(s) after it break the chain too)") } else { String::new() };
        Some((format!("line {}: {}{more}", found.line, found.kind.describe()), true))
    } else {
        match position {
            Some(None) => Some(("the line the hook wrote last is gone: lines were removed or edited".to_owned(), true)),
            Some(Some(at)) if at < verified.lines => Some((
                format!(
                    "lines {}–{} were added by something other than the hook, with the chain's hashes worked out",
                    at + 1,
                    verified.lines
                ),
                false,
            )),
            _ => None,
        }
    };
    Examined { check, finding: what.and_then(|(what, between_sessions)| finding(what, between_sessions)) }
}

/// The switches of `harness` that are on in the settings file at `path`.
fn switches_on(path: &Path, harness: Harness) -> Vec<&'static str> {
    let switches = harness.dialect().settings.switches_off;
    if switches.is_empty() {
        return Vec::new();
    }
    let settings = std::fs::read_to_string(path).ok().and_then(|text| entries::parse(&text));
    settings.map(|settings| entries::switched_off(&settings, switches)).unwrap_or_default()
}

/// 16 hex digits of the SHA-256 of the file's bytes (through a link), `-` when there is none.
fn content_hash(path: &Path) -> String {
    match std::fs::read(path) {
        Ok(bytes) => sha256_hex(&bytes)[..16].to_owned(),
        Err(_) => "-".to_owned(),
    }
}

/// `a: true`, `b: true`.
fn quoted(switches: &[&str]) -> String {
    switches.iter().map(|switch| format!("`{switch}: true`")).collect::<Vec<_>>().join(", ")
}
