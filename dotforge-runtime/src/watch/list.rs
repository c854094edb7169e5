//! The files governance depends on, each with its role — what its content is checked for when its mark changed:
//!
//! - a **registration**: a settings file `install` registered the hook in (from the record): the recorded entries must
//!   all be there as written, and no switch of the CLI may turn every hook off; the value kept is the switches on;
//! - a **layer**: another settings file of a CLI the hook is registered with (the project's, the local one, the
//!   user's, the managed one, and the files whose switch turns that CLI's hooks off): no switch may turn every hook
//!   off; everything else in it is the person's, or the CLI's own (Claude Code's "always allow" rules);
//! - the **binary** the hook runs from: the hook that runs now must be the one that ran before (its behaviors'
//!   fingerprint and version), the value kept;
//! - the **MCP configuration** (`.mcp.json`): its content's hash;
//! - the **record** of `install`: its content's hash;
//! - an **audit** file: the hash of its last line, which must still be there, with every line after it chained.
//!
//! state.json itself is checked by its seal ([`crate::state::Seal`]).

use crate::audit::AUDIT_LOGS;
use crate::harness::{self, Harness, SettingsForm};
use crate::registration::{record, Record};
use std::path::{Path, PathBuf};

/// What a watched file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Registration,
    Layer(Harness),
    Binary,
    Mcp,
    Record,
    Audit,
}

/// A watched file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Watched {
    pub path: PathBuf,
    pub role: Role,
}

/// Where the files are.
#[derive(Clone, Debug)]
pub(crate) struct Places<'a> {
    pub forge_root: &'a Path,
    /// The project (`$CLAUDE_PROJECT_DIR`, else the payload's `cwd`).
    pub project: Option<&'a Path>,
    pub home: Option<&'a Path>,
    /// The CLI that sent the event.
    pub harness: Harness,
    /// The binary the hook runs from.
    pub binary: Option<&'a Path>,
}

/// The watched files: those the record names and those every check watches ([`always`]), each once.
pub(crate) fn watched(places: &Places<'_>, record: &Record) -> Vec<Watched> {
    let mut list: Vec<Watched> =
        record.installed.iter().map(|item| Watched { path: item.file.clone(), role: Role::Registration }).collect();
    let mut harnesses: Vec<Harness> =
        record.installed.iter().filter_map(|item| Harness::parse(&item.harness)).collect();
    harnesses.push(places.harness);
    for harness in Harness::ALL.into_iter().filter(|harness| harnesses.contains(harness)) {
        for path in layers(places, harness) {
            push(&mut list, path, Role::Layer(harness));
        }
    }
    for watched in always(places) {
        push(&mut list, watched.path, watched.role);
    }
    list
}

/// The files every check watches whatever the record says: the layers of the CLI that sent the event, the binary,
/// `.mcp.json`, the record and the audit files.
fn always(places: &Places<'_>) -> Vec<Watched> {
    let mut list = Vec::new();
    for path in layers(places, places.harness) {
        push(&mut list, path, Role::Layer(places.harness));
    }
    if let Some(binary) = places.binary {
        push(&mut list, binary.to_path_buf(), Role::Binary);
    }
    if let Some(project) = places.project {
        push(&mut list, project.join(".mcp.json"), Role::Mcp);
    }
    push(&mut list, record::path(places.forge_root), Role::Record);
    let audit = places.forge_root.join("audit");
    for name in AUDIT_LOGS {
        push(&mut list, audit.join(name), Role::Audit);
    }
    list
}

/// A key of what [`always`] depends on — the `.forge`, the project, the home, the CLI and its variable that moves
/// its user folder, the binary: when the snapshot's key is this one, the files every check watches are among its
/// files, and the list need not be worked out.
pub(crate) fn places_key(places: &Places<'_>) -> String {
    fn path(path: Option<&Path>) -> &[u8] {
        path.map_or(&b""[..], |path| path.as_os_str().as_encoded_bytes())
    }
    let variable = places.harness.dialect().settings.user_folder_variable.and_then(|(name, _)| std::env::var_os(name));
    crate::hash::Fnv::new()
        .part(path(Some(places.forge_root)))
        .part(path(places.project))
        .part(path(places.home))
        .part(places.harness.name().as_bytes())
        .part(variable.as_deref().map_or(&b""[..], |value| value.as_encoded_bytes()))
        .part(path(places.binary))
        .hex()
}

/// Adds a file unless it is listed already (the first role given wins: a registration is no mere layer).
fn push(list: &mut Vec<Watched>, path: PathBuf, role: Role) {
    if !list.iter().any(|watched| watched.path == path) {
        list.push(Watched { path, role });
    }
}

/// The settings files in the project of the CLI that sent the event (its project file, Claude Code's local one, and
/// the project's files that switch its hooks off).
pub(crate) fn project_layers(places: &Places<'_>) -> Vec<PathBuf> {
    let Some(project) = places.project else { return Vec::new() };
    let settings = &places.harness.dialect().settings;
    if matches!(settings.form, SettingsForm::Plugin { .. }) {
        return Vec::new();
    }
    let mut files = vec![project.join(settings.project)];
    if places.harness == Harness::ClaudeCode {
        files.push(project.join(".claude/settings.local.json"));
    }
    files.extend(settings.switch_files.iter().filter(|file| !file.starts_with("~/")).map(|file| project.join(file)));
    files
}

/// The settings files of a CLI that can hold its hooks or switch them off: the project's (and Claude Code's local
/// one), the user's, Claude Code's managed one, and the files its record names as switching its hooks off. None for
/// a CLI with a plugin instead (Kilo Code), whose plugin file the record names.
fn layers(places: &Places<'_>, harness: Harness) -> Vec<PathBuf> {
    let settings = &harness.dialect().settings;
    if matches!(settings.form, SettingsForm::Plugin { .. }) {
        return Vec::new();
    }
    let mut files = Vec::new();
    if let Some(project) = places.project {
        files.push(project.join(settings.project));
        if harness == Harness::ClaudeCode {
            files.push(project.join(".claude/settings.local.json"));
        }
    }
    files.extend(harness::user_settings(harness, places.home));
    if harness == Harness::ClaudeCode {
        files.push(harness::managed_settings());
    }
    for file in settings.switch_files {
        match file.strip_prefix("~/") {
            Some(in_home) => files.extend(places.home.map(|home| home.join(in_home))),
            None => files.extend(places.project.map(|project| project.join(file))),
        }
    }
    files
}
