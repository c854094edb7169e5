//! `doctor` for the agent CLIs other than Claude Code, each read from its record: its project and user settings
//! files (Kilo Code: its plugin file), and for every file that registers this binary — the events it registers
//! against the ones the catalog needs in that CLI's names, the binary it runs, a switch there that turns hooks off,
//! and for Copilot CLI's repository file that it loads only in a folder the person trusted.

use super::finding::{Finding, Severity, ThisBinary};
use super::layers::{program_of, registrations_in, Origin};
use crate::catalog::Catalog;
use crate::cli::hook_settings;
use crate::cli::install::harness_registrations;
use crate::cli::plugin_file;
use crate::harness::{Harness, SettingsForm};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// One CLI's settings file that names this hook.
struct Found {
    harness: Harness,
    file: PathBuf,
    origin: Origin,
    /// The events registered, in the CLI's names, with the command each runs.
    events: Vec<(String, String)>,
    /// A switch that turns its hooks off, and the file that sets it.
    switched_off: Option<(PathBuf, &'static str)>,
}

/// A switch of `harness` set to `true` in the settings `value`.
fn switch_in(harness: Harness, value: &Value) -> Option<&'static str> {
    // A switch's name may be a dotted path (`hooks.hooksDisabled`).
    let is_set =
        |switch: &str| switch.split('.').try_fold(value, |value, key| value.get(key)) == Some(&Value::Bool(true));
    harness.dialect().settings.switches_off.iter().copied().find(|switch| is_set(switch))
}

/// The first switch that turns `harness`'s hooks in `file` off: in the file itself (`own`, as read already), or in
/// one of the other files its record names (the project's or, with `~/`, the home folder's).
fn switched_off(
    harness: Harness,
    (file, own): (&Path, Option<&Value>),
    project: &Path,
    home: Option<&Path>,
) -> Option<(PathBuf, &'static str)> {
    if let Some(switch) = own.and_then(|value| switch_in(harness, value)) {
        return Some((file.to_path_buf(), switch));
    }
    let others = harness.dialect().settings.switch_files.iter().filter_map(|other| match other.strip_prefix("~/") {
        Some(under_home) => home.map(|home| home.join(under_home)),
        None => Some(project.join(other)),
    });
    others.filter(|other| other != file).find_map(|other| {
        let value: Value = serde_json::from_str(&std::fs::read_to_string(&other).ok()?).ok()?;
        Some((other, switch_in(harness, &value)?))
    })
}

/// The settings files of `harness`: the project's and the user's.
fn files(harness: Harness, project: &Path, home: Option<&Path>) -> Vec<(Origin, PathBuf)> {
    let mut files = vec![(Origin::Project, project.join(harness.dialect().settings.project))];
    files.extend(hook_settings::user_settings(harness, home).map(|user| (Origin::User, user)));
    files
}

/// What `file` registers for `harness`: `None` when it is missing or names no hook.
fn read(
    harness: Harness,
    origin: Origin,
    file: PathBuf,
    project: &Path,
    home: Option<&Path>,
) -> Option<Result<Found, String>> {
    let text = std::fs::read_to_string(&file).ok()?;
    let dialect = harness.dialect();
    let (events, value) = match dialect.settings.form {
        SettingsForm::Plugin { .. } => {
            let command = plugin_command(&text)?;
            (["PreToolUse", "PostToolUse"].map(|event| (event.to_owned(), command.clone())).to_vec(), None)
        }
        SettingsForm::HooksMember => {
            let value: Value = match serde_json::from_str(&text) {
                Ok(value) => value,
                Err(error) => return Some(Err(format!("{} is not valid JSON ({error})", file.display()))),
            };
            let found = registrations_in(&value["hooks"], &origin, &file, project, None);
            let events = found.into_iter().map(|registration| (registration.event, registration.command)).collect();
            (events, Some(value))
        }
    };
    if events.is_empty() {
        return None;
    }
    let switched_off = switched_off(harness, (&file, value.as_ref()), project, home);
    Some(Ok(Found { harness, file, origin, events, switched_off }))
}

/// The hook command a plugin file `install` wrote runs (its `const COMMAND = "…";` line).
fn plugin_command(text: &str) -> Option<String> {
    if !text.starts_with(plugin_file::MARKER) {
        return None;
    }
    let literal = text.lines().find_map(|line| line.trim().strip_prefix("const COMMAND = "))?;
    serde_json::from_str(literal.trim_end_matches(';')).ok()
}

/// The findings for every CLI but Claude Code, and whether the hook is live in one of them.
pub(super) fn findings(
    catalog: &Catalog,
    project: &Path,
    home: Option<&Path>,
    this: &ThisBinary,
) -> (Vec<Finding>, bool) {
    let mut findings = Vec::new();
    let mut live = false;
    for harness in Harness::ALL.into_iter().filter(|harness| *harness != Harness::ClaudeCode) {
        let title = harness.dialect().title;
        for (origin, file) in files(harness, project, home) {
            let found = match read(harness, origin, file, project, home) {
                None => continue,
                Some(Err(problem)) => {
                    findings.push(Finding::fail(
                        "invalid-settings",
                        format!("{title}: {problem}"),
                        format!("fix the file: {title} does not apply a settings file it cannot read"),
                    ));
                    continue;
                }
                Some(Ok(found)) => found,
            };
            let programs: Vec<PathBuf> =
                found.events.iter().map(|(_, command)| program_of(command, project, None)).collect();
            let mine: Vec<&(String, String)> = found
                .events
                .iter()
                .zip(&programs)
                .filter(|(_, program)| this.is(program))
                .map(|(event, _)| event)
                .collect();
            if mine.is_empty() {
                // A registration of a binary named like this one: a build that moved, or another build.
                if let Some(program) = programs.iter().find(|program| program.file_name() == this.name()) {
                    findings.push(if program.exists() {
                        Finding::warn(
                            "other-binary",
                            format!(
                                "{title}: {} runs {}, which is not this binary",
                                found.file.display(),
                                program.display()
                            ),
                            format!("run this binary's `install --harness {}` to register it instead", harness.name()),
                        )
                    } else {
                        Finding::fail(
                            "missing-binary",
                            format!(
                                "{title}: {} runs {}, which does not exist",
                                found.file.display(),
                                program.display()
                            ),
                            format!("build the hook, then run `install --harness {}` again", harness.name()),
                        )
                    });
                }
                continue;
            }
            findings.extend(cli_findings(catalog, &found, &mine));
            live |= found.switched_off.is_none()
                && mine.iter().any(|(event, _)| Some(event.as_str()) == pre_tool_use(harness));
        }
    }
    (findings, live)
}

/// The CLI's name for PreToolUse.
fn pre_tool_use(harness: Harness) -> Option<&'static str> {
    harness.dialect().event_name(crate::model::Event::PreToolUse)
}

/// The findings for one file that registers this binary.
fn cli_findings(catalog: &Catalog, found: &Found, mine: &[&(String, String)]) -> Vec<Finding> {
    let dialect = found.harness.dialect();
    let (title, file) = (dialect.title, found.file.display());
    let flag = format!("--harness {}{}", dialect.name, if found.origin == Origin::User { " --user" } else { "" });
    let mut findings = Vec::new();
    if let Some((by, switch)) = &found.switched_off {
        findings.push(Finding::fail(
            "hooks-disabled",
            format!("{title}: `{switch}: true` in {} switches off the hook {file} registers", by.display()),
            format!("remove `{switch}` there"),
        ));
        return findings;
    }
    let needed: Vec<&str> = match dialect.settings.form {
        SettingsForm::Plugin { .. } => vec!["PreToolUse"],
        SettingsForm::HooksMember => {
            harness_registrations(catalog, found.harness).into_iter().map(|(event, _)| event).collect()
        }
    };
    let missing: Vec<&str> =
        needed.iter().copied().filter(|event| !mine.iter().any(|(registered, _)| registered == event)).collect();
    if missing.is_empty() {
        findings.push(Finding {
            severity: Severity::Ok,
            check: "registered",
            message: format!("{title}: registered in {file} for {}", needed.join(", ")),
            fix: None,
        });
    } else {
        findings.push(Finding::warn(
            "events-missing",
            format!(
                "{title}: registered in {file}, but not for {}, which the catalog's behaviors need",
                missing.join(", ")
            ),
            format!("run `install {flag}` again"),
        ));
    }
    if found.harness == Harness::Copilot && found.origin == Origin::Project {
        findings.push(Finding::warn(
            "trusted-folder-only",
            format!("{title} loads {file} only in a folder the person has trusted (a headless run skips it silently otherwise)"),
            "trust the folder in Copilot CLI, or register it for the user as well: `install --harness copilot --user`".to_owned(),
        ));
    }
    findings
}
