//! What `doctor` reads of Claude Code's configuration: the settings layers (managed, user, project, local), the
//! plugins they enable (from `~/.claude/plugins/installed_plugins.json`) and a plugin folder named on the command
//! line — each hook command found, with the program it runs resolved to a path.

pub(super) use crate::registration::program_of;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Where a hook registration comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Origin {
    Managed,
    User,
    Project,
    Local,
    /// An installed plugin (its `name@marketplace`) or a plugin folder.
    Plugin(String),
}

impl Origin {
    pub(super) fn describe(&self) -> String {
        match self {
            Origin::Managed => "managed settings".to_owned(),
            Origin::User => "user settings".to_owned(),
            Origin::Project => "project settings".to_owned(),
            Origin::Local => "local project settings".to_owned(),
            Origin::Plugin(name) => format!("plugin {name}"),
        }
    }
}

/// One settings file as read.
pub(super) struct Layer {
    pub origin: Origin,
    pub path: PathBuf,
    /// `None` when the file does not exist.
    pub settings: Option<Result<Value, String>>,
}

impl Layer {
    fn read(origin: Origin, path: PathBuf) -> Layer {
        let settings = match std::fs::read_to_string(&path) {
            Ok(text) => Some(serde_json::from_str::<Value>(&text).map_err(|error| error.to_string())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
            Err(error) => Some(Err(error.to_string())),
        };
        Layer { origin, path, settings }
    }

    /// The settings when the file exists and is valid JSON.
    pub(super) fn value(&self) -> Option<&Value> {
        self.settings.as_ref().and_then(|settings| settings.as_ref().ok())
    }

    /// Whether the settings set `key` to `true`.
    pub(super) fn is_set(&self, key: &str) -> bool {
        self.value().is_some_and(|settings| settings[key] == true)
    }
}

/// A hook command registered for an event.
pub(super) struct Registration {
    pub origin: Origin,
    pub file: PathBuf,
    pub event: String,
    pub command: String,
    /// The program the command runs, as a path (`$CLAUDE_PROJECT_DIR` and `${CLAUDE_PLUGIN_ROOT}` put in).
    pub program: PathBuf,
    /// The entry's matcher of tool names (empty: every tool).
    pub matcher: String,
}

impl Registration {
    /// Whether its matcher selects the tool `name`, as Claude Code reads a matcher: empty or `*` every tool, a list of
    /// names exactly, anything else as a regular expression (one that does not compile selects nothing).
    pub(super) fn selects(&self, name: &str) -> bool {
        let matcher = self.matcher.trim();
        if matcher.is_empty() || matcher == "*" {
            return true;
        }
        if matcher.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | ',' | '|')) {
            return matcher.split(['|', ',']).map(str::trim).any(|listed| listed == name);
        }
        regex::Regex::new(matcher).is_ok_and(|regex| regex.is_match(name))
    }
}

/// Where Claude Code's configuration is, for one project.
pub(super) struct Places {
    pub project: PathBuf,
    pub home: Option<PathBuf>,
    pub managed: PathBuf,
    /// A plugin folder (as `claude --plugin-dir` loads it).
    pub plugin_dir: Option<PathBuf>,
}

/// The settings layers, highest precedence first: managed, local, project, user.
pub(super) fn layers(places: &Places) -> Vec<Layer> {
    let mut layers = vec![
        Layer::read(Origin::Managed, places.managed.clone()),
        Layer::read(Origin::Local, places.project.join(".claude/settings.local.json")),
        Layer::read(Origin::Project, places.project.join(".claude/settings.json")),
    ];
    if let Some(home) = &places.home {
        layers.push(Layer::read(Origin::User, home.join(".claude/settings.json")));
    }
    layers
}

/// Whether `key` is `true` in the layers below managed settings (the highest one that sets it decides).
pub(super) fn unmanaged_setting<'l>(layers: &'l [Layer], key: &str) -> Option<&'l Layer> {
    layers
        .iter()
        .filter(|layer| layer.origin != Origin::Managed)
        .find(|layer| layer.value().is_some_and(|settings| settings.get(key).is_some()))
        .filter(|layer| layer.is_set(key))
}

/// The hook commands of one `hooks` object.
pub(super) fn registrations_in(
    hooks: &Value,
    origin: &Origin,
    file: &Path,
    project: &Path,
    plugin_root: Option<&Path>,
) -> Vec<Registration> {
    let mut found = Vec::new();
    let Some(events) = hooks.as_object() else { return found };
    for (event, entries) in events {
        for entry in entries.as_array().into_iter().flatten() {
            let matcher = entry["matcher"].as_str().unwrap_or("").to_owned();
            for hook in entry["hooks"].as_array().into_iter().flatten() {
                let Some(command) = hook["command"].as_str() else { continue };
                found.push(Registration {
                    origin: origin.clone(),
                    file: file.to_path_buf(),
                    event: event.clone(),
                    command: command.to_owned(),
                    program: program_of(command, project, plugin_root),
                    matcher: matcher.clone(),
                });
            }
        }
    }
    found
}

/// The hooks of a plugin folder (`hooks/hooks.json`).
fn plugin_registrations(name: &str, root: &Path, project: &Path) -> Vec<Registration> {
    let file = root.join("hooks/hooks.json");
    let Ok(text) = std::fs::read_to_string(&file) else { return Vec::new() };
    let Ok(value) = serde_json::from_str::<Value>(&text) else { return Vec::new() };
    registrations_in(&value["hooks"], &Origin::Plugin(name.to_owned()), &file, project, Some(root))
}

/// Whether the plugin `id` is enabled: the highest layer that names it in `enabledPlugins` decides.
fn plugin_enabled(layers: &[Layer], id: &str) -> bool {
    layers.iter().find_map(|layer| layer.value()?.get("enabledPlugins")?.get(id)?.as_bool()).unwrap_or(false)
}

/// Every hook command registered: in the settings layers, in the enabled installed plugins, and in the plugin folder.
pub(super) fn registrations(places: &Places, layers: &[Layer]) -> Vec<Registration> {
    let mut found = Vec::new();
    for layer in layers {
        if let Some(settings) = layer.value() {
            found.extend(registrations_in(&settings["hooks"], &layer.origin, &layer.path, &places.project, None));
        }
    }
    if let Some(home) = &places.home {
        let installed = home.join(".claude/plugins/installed_plugins.json");
        let plugins: Value = std::fs::read_to_string(installed)
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok())
            .unwrap_or(Value::Null);
        for (id, installs) in plugins["plugins"].as_object().into_iter().flatten() {
            if !plugin_enabled(layers, id) {
                continue;
            }
            for install in installs.as_array().into_iter().flatten() {
                if let Some(path) = install["installPath"].as_str() {
                    found.extend(plugin_registrations(id, Path::new(path), &places.project));
                }
            }
        }
    }
    if let Some(dir) = &places.plugin_dir {
        found.extend(plugin_registrations(&dir.display().to_string(), dir, &places.project));
    }
    found
}
