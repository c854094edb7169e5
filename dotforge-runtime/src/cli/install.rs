//! `install` / `uninstall`: register this binary for the events the catalog uses — in Claude Code's
//! `.claude/settings.json`, or with `--harness NAME` in that CLI's own settings, as its record says (Codex CLI's
//! `.codex/hooks.json`, Gemini CLI's `.gemini/settings.json`, Copilot CLI's `.github/hooks/dotforge.json`, …;
//! `--user`: the user's own, under the home folder; see `hook_settings`). Kilo Code, which has no command hooks,
//! gets a plugin file that runs this hook ([`super::plugin_file`]).
//!
//! A settings file is edited, not rewritten: members and hook entries that are not ours keep their order and their
//! exact text, and the file is laid out like the 2-space JSON Claude Code writes, so `install` then `uninstall`
//! gives the original bytes back. Our entries are recognized by their command; re-running `install` replaces only
//! them.

use super::hook_settings;
use super::plugin_file::{self, Plugin};
use super::print::print_out;
use crate::catalog::{Catalog, Event, ToolMatcher};
use crate::harness::{Harness, SettingsForm};
use crate::json_edit::{
    array_text, member, object_text, parse_array, parse_object, remove_empty_folders, set_member, write_file, Members,
};
use crate::lock;
use crate::registration::{Installed, Record, Written};
use crate::settings::Settings;
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
use crate::watch;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// What `install` and `uninstall` act on.
#[derive(Debug)]
pub(crate) struct Options {
    pub settings: PathBuf,
    pub command: Option<String>,
    pub timeout: u32,
    pub dry_run: bool,
    /// The agent CLI whose settings these are.
    pub harness: Harness,
    /// The user's settings (under the home folder) rather than the project's: no `.gitignore` is touched.
    pub user: bool,
    /// Claude Code's managed settings (every project on the machine): the command is this binary's absolute path,
    /// and no `.gitignore` is touched.
    pub managed: bool,
    /// Whether `settings` was given (`--settings`); else it is the CLI's default file.
    pub settings_given: bool,
}

/// Where `install` and `uninstall` write for these options, and why when it is not the file asked for: the project's
/// shared `.claude/settings.json` is committed, so a command holding a path of this machine (the binary lives
/// outside the project) goes into the local `.claude/settings.local.json` instead, which is not.
fn target_file(options: &Options) -> (PathBuf, Option<String>) {
    let shared = &options.settings;
    let defaulted = options.harness == Harness::ClaudeCode
        && !options.user
        && !options.managed
        && !options.settings_given
        && options.command.is_none();
    if !defaulted || default_command(shared, options.harness, false).starts_with("\"$CLAUDE_PROJECT_DIR\"") {
        return (shared.clone(), None);
    }
    let local = shared.with_file_name("settings.local.json");
    let why = format!(
        "this binary lives outside the project, so its command is a path of this machine: written to {} (yours \
         alone) rather than the shared {}; to share the registration, put the binary inside the project, or name the \
         file with --settings",
        local.display(),
        shared.display()
    );
    (local, Some(why))
}

const GITIGNORE_MARKER: &str = "# dotforge: hook runtime state (added by `install`)";
const GITIGNORE_LINE: &str = ".forge/runtime/";

/// True for an entry whose only hook runs `command`.
fn is_ours(entry: &str, command: &str) -> bool {
    let Ok(value) = serde_json::from_str::<Value>(entry) else { return false };
    match value["hooks"].as_array() {
        Some(hooks) => hooks.len() == 1 && hooks[0]["command"] == command,
        None => false,
    }
}

/// The tools whose calls a soft block of the catalog can ask about: every tool a violating PreToolUse trigger of a
/// behavior that can reach `soft_block` selects (narrowed to `applies_to.tools` when the behavior lists them).
fn soft_blockable(catalog: &Catalog) -> Vec<ToolMatcher> {
    catalog
        .behaviors
        .iter()
        .filter(|behavior| behavior.can_soft_block())
        .flat_map(|behavior| {
            behavior.triggers.iter().filter(|trigger| trigger.event == Event::PreToolUse && trigger.violates).map(
                |trigger| {
                    if behavior.tools.is_empty() {
                        trigger.tools
                    } else {
                        ToolMatcher::Names(behavior.tools)
                    }
                },
            )
        })
        .collect()
}

/// The events to register, each with the tools it selects (`None` for events without a tool): the union of the
/// catalog's trigger matchers per event, and every MCP tool (an MCP tool is read as the built-in tool with the same
/// effect, or, unknown, by the paths it names, so any behavior may judge it). The user's approval of a soft block
/// shows as the PostToolUse (or, when the call fails, PostToolUseFailure) of the same call, so both are registered
/// for every tool a soft block can ask about.
fn registrations(catalog: &Catalog) -> Vec<(Event, Option<hook_settings::Selection>)> {
    let approvals = soft_blockable(catalog);
    let triggers_of = |event: Event| {
        catalog
            .behaviors
            .iter()
            .flat_map(|behavior| behavior.triggers)
            .filter(move |trigger| trigger.event == event)
            .map(|trigger| trigger.tools)
            .collect::<Vec<_>>()
    };
    let mut events = Vec::new();
    for event in
        [Event::PreToolUse, Event::PostToolUse, Event::PostToolUseFailure, Event::UserPromptSubmit, Event::Stop]
    {
        let mut matchers = triggers_of(event);
        if event.follows_a_call() {
            matchers.extend(approvals.iter().copied());
        }
        // Every tool's output is screened for secrets before the model reads it.
        if event == Event::PostToolUse
            && catalog.behaviors.iter().any(|behavior| behavior.enabled && behavior.screens_output)
        {
            matchers.push(ToolMatcher::Any);
        }
        if matchers.is_empty() {
            continue; // no trigger listens to it, and no soft block waits on it
        }
        events.push((event, event.has_tool().then(|| hook_settings::Selection::of(matchers))));
    }
    events
}

/// [`registrations`] in the terms of `harness`: each event's name there and its matcher of that CLI's tools; and
/// its event at a session's start, where the CLI has one the hook is registered for (the tamper check).
pub(super) fn harness_registrations(catalog: &Catalog, harness: Harness) -> Vec<(&'static str, Option<String>)> {
    let mut events: Vec<(&'static str, Option<String>)> = registrations(catalog)
        .into_iter()
        .filter_map(|(event, matcher)| {
            let name = hook_settings::event_name(harness, event)?;
            Some((name, matcher.map(|selection| hook_settings::matcher(harness, &selection))))
        })
        .collect();
    if let Some(session_start) = harness.dialect().session_start.filter(|_| !events.is_empty()) {
        events.push((session_start, None));
    }
    events
}

/// The project folder of this settings file (what Claude Code calls `$CLAUDE_PROJECT_DIR`): the folder that holds
/// it as some CLI's project settings (`.claude/settings.json`, `.github/hooks/dotforge.json`, …), else the file's own
/// folder.
pub(super) fn project_dir(settings: &Path) -> PathBuf {
    let or_here = |dir: PathBuf| if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir };
    // The settings folder of each CLI (`.claude`, `.github/hooks`, `.kilo/plugin`), and a file of another name in it.
    let folder = settings.parent().unwrap_or(Path::new(""));
    for harness in Harness::ALL {
        let own = Path::new(harness.dialect().settings.project).parent().unwrap_or(Path::new(""));
        if !own.as_os_str().is_empty() && folder.ends_with(own) {
            let depth = own.components().count();
            let project = folder.ancestors().nth(depth).map(Path::to_path_buf).unwrap_or_default();
            return or_here(project);
        }
    }
    or_here(folder.to_path_buf())
}

/// For Claude Code, `"$CLAUDE_PROJECT_DIR"/<this binary relative to the project>`, or the absolute path when it
/// lives elsewhere or the settings are managed (every project); for the other CLIs, the absolute path and
/// `hook --harness NAME`.
fn default_command(settings: &Path, harness: Harness, managed: bool) -> String {
    let exe = std::env::current_exe().ok().and_then(|exe| exe.canonicalize().ok());
    if managed {
        return exe.map_or_else(|| "dotforge-hook".to_owned(), |exe| format!("\"{}\"", exe.display()));
    }
    if harness != Harness::ClaudeCode {
        let exe = exe.map_or_else(|| "dotforge-hook".to_owned(), |exe| format!("\"{}\"", exe.display()));
        return format!("{exe}{}", hook_settings::hook_arguments(harness));
    }
    let project = project_dir(settings).canonicalize().ok();
    match (exe, project) {
        (Some(exe), Some(project)) => match exe.strip_prefix(&project) {
            Ok(relative) => format!("\"$CLAUDE_PROJECT_DIR\"/{}", relative.display()),
            Err(_) => format!("\"{}\"", exe.display()),
        },
        (Some(exe), None) => format!("\"{}\"", exe.display()),
        _ => "dotforge-hook".to_owned(),
    }
}

fn read_settings(path: &Path) -> Result<Option<String>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(format!("cannot read {}: {error}", path.display())),
    }
}

fn parse_settings(path: &Path, text: &str) -> Result<(Members, Members), String> {
    let invalid = |problem: String| format!("{} is not valid JSON ({problem}); it was left unchanged", path.display());
    let top = parse_object(text).map_err(invalid)?;
    let hooks = match top.iter().find(|(key, _)| key == "hooks") {
        Some((_, raw)) => parse_object(raw).map_err(|problem| {
            format!("`hooks` in {} is not an object ({problem}); it was left unchanged", path.display())
        })?,
        None => Vec::new(),
    };
    Ok((top, hooks))
}

/// Removes our entries from every event and drops events that only we had. Returns whether it removed any.
fn remove_ours(hooks: &mut Members, command: &str) -> bool {
    let mut removed_any = false;
    let mut emptied = Vec::new();
    for (event, raw) in hooks.iter_mut() {
        let Ok(items) = parse_array(raw) else { continue };
        let kept: Vec<String> = items.iter().filter(|item| !is_ours(item, command)).cloned().collect();
        if kept.len() != items.len() {
            removed_any = true;
            if kept.is_empty() {
                emptied.push(event.clone());
            }
            *raw = array_text(&kept, 2);
        }
    }
    hooks.retain(|(event, _)| !emptied.contains(event));
    removed_any
}

fn gitignore(settings: &Path, add: bool) -> Result<(), String> {
    let path = project_dir(settings).join(".gitignore");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let block = format!("{GITIGNORE_MARKER}\n{GITIGNORE_LINE}\n");
    let new = if add {
        if text.lines().any(|line| line.trim() == GITIGNORE_LINE || line.trim() == ".forge/runtime") {
            return Ok(());
        }
        let separator = if text.is_empty() || text.ends_with('\n') { "" } else { "\n" };
        format!("{text}{separator}{block}")
    } else {
        if !text.contains(&block) {
            return Ok(());
        }
        text.replacen(&block, "", 1)
    };
    if new.is_empty() && !add {
        return std::fs::remove_file(&path).map_err(|error| format!("cannot remove {}: {error}", path.display()));
    }
    std::fs::write(&path, new).map_err(|error| format!("cannot write {}: {error}", path.display()))
}

/// What `plugin_file` acts on, for these options.
fn plugin<'o>(options: &'o Options, template: &'static str, config: &'static str) -> Plugin<'o> {
    Plugin {
        path: &options.settings,
        project: project_dir(&options.settings),
        template,
        config,
        title: options.harness.dialect().title,
        dry_run: options.dry_run,
    }
}

/// The `.forge` folder whose record notes what `install` and `uninstall` did to `settings`: `$FORGE_ROOT` when set,
/// else the project's of a project file, else the current project's (for the user's or managed settings).
fn record_root(options: &Options, settings: &Path) -> PathBuf {
    let from_env = Settings::from_env(None).forge_root;
    let root = if std::env::var_os("FORGE_ROOT").is_some_and(|root| !root.is_empty()) || options.user || options.managed
    {
        from_env
    } else {
        project_dir(settings).join(".forge")
    };
    absolute(&root)
}

/// The CLI's name, as the record keeps it.
fn harness_name(options: &Options) -> String {
    options.harness.name().to_owned()
}

/// The settings file as the record names it: absolute, its folder's links resolved.
fn absolute(path: &Path) -> PathBuf {
    let parent = path.parent().filter(|parent| !parent.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match (parent.canonicalize(), path.file_name()) {
        (Ok(parent), Some(name)) => parent.join(name),
        _ => std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()),
    }
}

/// Changes the install record with `change` (given the settings file's absolute path) under the state lock, and
/// notes the files written in the state's snapshot, so that the tamper check sees them as `install` left them and
/// watches the project from now on.
fn record(options: &Options, settings: &Path, change: impl FnOnce(&mut Record, PathBuf)) -> Result<(), String> {
    let forge_root = record_root(options, settings);
    let runtime = forge_root.join("runtime");
    std::fs::create_dir_all(&runtime).map_err(|error| format!("cannot create {}: {error}", runtime.display()))?;
    let timeout = Settings::from_env(None).lock_timeout.max(std::time::Duration::from_secs(2));
    let _lock = lock::acquire(&runtime.join("state.lock"), timeout)
        .map_err(|error| format!("cannot lock {}: {error}", runtime.join("state.lock").display()))?;
    let file = absolute(settings);
    let mut record = Record::load(&forge_root);
    change(&mut record, file.clone());
    record
        .save(&forge_root)
        .map_err(|error| format!("cannot write the install record in {}: {error}", runtime.display()))?;
    let state_path = runtime.join("state.json");
    let now = Timestamp::now();
    let bytes = read_state(&state_path);
    let mut doc = StateDoc::load(&state_path, bytes.as_deref(), now, &[]);
    watch::note_install(&mut doc, &forge_root, &[&file]);
    doc.save(&state_path).map_err(|error| format!("cannot write {}: {error}", state_path.display()))
}

/// Runs `install`.
pub(super) fn install(catalog: &Catalog, options: &Options) -> Result<(), String> {
    let (path, why) = target_file(options);
    if let Some(why) = why {
        crate::warn::warn(&why);
    }
    let shared_elsewhere = options.harness != Harness::ClaudeCode && !options.user && options.command.is_none();
    if shared_elsewhere {
        crate::warn::warn(&format!(
            "{} is a project file: the command in it is this binary's path on this machine, which a teammate's \
             machine needs too (or register it for yourself with --user)",
            path.display()
        ));
    }
    let path = &path;
    if let SettingsForm::Plugin { template, config } = options.harness.dialect().settings.form {
        let command = options.command.clone().unwrap_or_else(|| default_command(path, options.harness, false));
        plugin_file::install(&plugin(options, template, config), &command, options.timeout)?;
        if !options.dry_run {
            let text =
                std::fs::read_to_string(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
            record(options, path, |record, file| {
                record.install(Installed {
                    file,
                    harness: harness_name(options),
                    command,
                    written: Written::Plugin(text),
                })
            })?;
        }
        if !options.user && !options.dry_run {
            gitignore(path, true)?;
        }
        return Ok(());
    }
    let original = read_settings(path)?;
    let (mut top, mut hooks) = parse_settings(path, original.as_deref().unwrap_or("{}"))?;
    let harness = options.harness;
    let command = options.command.clone().unwrap_or_else(|| default_command(path, harness, options.managed));
    remove_ours(&mut hooks, &command);
    let events = harness_registrations(catalog, harness);
    let mut written: Vec<(String, String)> = Vec::new();
    for (event, matcher) in &events {
        let mut hook: Members = vec![
            ("type".to_owned(), json!("command").to_string()),
            ("command".to_owned(), json!(command).to_string()),
            ("timeout".to_owned(), hook_settings::timeout(harness, options.timeout).to_string()),
        ];
        if let Some(name) = harness.dialect().hook_name {
            hook.push(("name".to_owned(), json!(name).to_string()));
        }
        let mut entry: Members = Vec::new();
        if let Some(matcher) = matcher {
            entry.push(("matcher".to_owned(), json!(matcher).to_string()));
        }
        entry.push(("hooks".to_owned(), array_text(&[object_text(&hook, 5)], 4)));
        let mut items = match member(&mut hooks, event) {
            Some(raw) => parse_array(raw).map_err(|problem| {
                format!("`hooks.{event}` in {} is not a list ({problem}); it was left unchanged", path.display())
            })?,
            None => Vec::new(),
        };
        let entry = object_text(&entry, 3);
        written.push(((*event).to_owned(), entry.clone()));
        items.push(entry);
        set_member(&mut hooks, event, array_text(&items, 2));
    }
    set_member(&mut top, "hooks", object_text(&hooks, 1));
    let trailing = if original.as_deref().is_none_or(|text| text.ends_with('\n')) { "\n" } else { "" };
    let text = format!("{}{trailing}", object_text(&top, 0));
    if options.dry_run {
        print_out(text.trim_end());
        return Ok(());
    }
    write_file(path, &text)?;
    record(options, path, |record, file| {
        record.install(Installed {
            file,
            harness: harness.name().to_owned(),
            command: command.clone(),
            written: Written::Entries(written),
        })
    })?;
    if !options.user && !options.managed {
        gitignore(path, true)?;
    }
    let names: Vec<&str> = events.iter().map(|(event, _)| *event).collect();
    let title = harness.dialect().title;
    print_out(&format!("installed `{command}` for {title}'s {} in {}", names.join(", "), path.display()));
    Ok(())
}

/// Runs `uninstall`.
pub(super) fn uninstall(options: &Options) -> Result<(), String> {
    let (path, _) = target_file(options);
    let path = &path;
    if let SettingsForm::Plugin { config, .. } = options.harness.dialect().settings.form {
        let removed = plugin_file::uninstall(&plugin(options, "", config))?;
        if removed && !options.dry_run {
            record(options, path, |record, file| {
                record.uninstall(&file, options.harness.name(), Timestamp::now().format())
            })?;
        }
        if removed && !options.user && !options.dry_run {
            gitignore(path, false)?;
        }
        return Ok(());
    }
    let Some(original) = read_settings(path)? else {
        print_out(&format!("nothing to uninstall: {} does not exist", path.display()));
        return Ok(());
    };
    let (mut top, mut hooks) = parse_settings(path, &original)?;
    let command = options.command.clone().unwrap_or_else(|| default_command(path, options.harness, options.managed));
    if !remove_ours(&mut hooks, &command) {
        print_out(&format!("nothing to uninstall: no hook runs `{command}` in {}", path.display()));
        return Ok(());
    }
    if hooks.is_empty() {
        top.retain(|(key, _)| key != "hooks");
    } else {
        set_member(&mut top, "hooks", object_text(&hooks, 1));
    }
    let trailing = if original.ends_with('\n') { "\n" } else { "" };
    let text = format!("{}{trailing}", object_text(&top, 0));
    if options.dry_run {
        print_out(text.trim_end());
        return Ok(());
    }
    if top.is_empty() {
        std::fs::remove_file(path).map_err(|error| format!("cannot remove {}: {error}", path.display()))?;
        remove_empty_folders(path, &project_dir(path));
    } else {
        write_file(path, &text)?;
    }
    record(options, path, |record, file| record.uninstall(&file, options.harness.name(), Timestamp::now().format()))?;
    if !options.user && !options.managed {
        gitignore(path, false)?;
    }
    print_out(&format!("removed `{command}` from {}", path.display()));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::hook_settings::Selection;
    use crate::catalog::ToolMatcher;

    #[test]
    fn the_union_of_matchers_selects_every_tool_any_of_them_selects_and_every_mcp_tool() {
        let names = |listed: &'static [&'static str]| ToolMatcher::Names(listed);
        let selection = Selection::of([names(&["Write", "Edit"]), names(&["Edit", "Bash"])]);
        assert_eq!((selection.names, selection.mcp), (vec!["Write", "Edit", "Bash"], true));
        assert!(Selection::of([names(&["Write"]), ToolMatcher::Any, names(&["Bash"])]).any);
        let regexes = Selection::of([
            ToolMatcher::Regex("mcp__.*"),
            ToolMatcher::Regex("Notebook.*"),
            ToolMatcher::Regex("^(?:mcp__.*__write_file)$"),
            ToolMatcher::Regex("Notebook.*"),
        ]);
        assert_eq!(regexes.regexes, ["Notebook.*"], "MCP tools are all selected anyway");
    }
}
