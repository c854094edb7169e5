//! `plugin DIR`: this hook as a Claude Code plugin a team installs instead of building it — the plugin's manifest
//! (`.claude-plugin/plugin.json`), its hooks (`hooks/hooks.json`, every event the catalog needs, run through
//! `${CLAUDE_PLUGIN_ROOT}`), a copy of this binary (`bin/NAME`), a README, and a marketplace manifest
//! (`.claude-plugin/marketplace.json`) that lists the plugin from the same folder, so the folder can be pushed as
//! a team's marketplace repository as it is.

use super::install::harness_registrations;
use super::print::print_out;
use crate::catalog::Catalog;
use crate::harness::Harness;
use crate::json_edit::write_file;
use serde_json::{json, Map, Value};
use std::path::{Path, PathBuf};

/// What `plugin` writes.
#[derive(Debug)]
pub(crate) struct Options {
    /// The plugin's folder (created when missing).
    pub dir: PathBuf,
    /// The plugin's name.
    pub name: String,
    /// The file name of the binary inside it (`bin/BINARY`): this binary's own.
    pub binary: String,
    pub version: String,
    /// The marketplace's name (`claude plugin install NAME@MARKETPLACE`).
    pub marketplace: String,
    pub author: String,
    /// The plugin's license, an SPDX expression (`MIT`, `Apache-2.0`), written into its manifest and `LICENSE`.
    pub license: Option<String>,
    pub timeout: u32,
}

/// The hooks file: every event the catalog needs, each running the plugin's copy of this binary.
fn hooks_json(catalog: &Catalog, binary: &str, timeout: u32) -> Value {
    let command = format!("\"${{CLAUDE_PLUGIN_ROOT}}\"/bin/{binary}");
    let mut hooks = Map::new();
    for (event, matcher) in harness_registrations(catalog, Harness::ClaudeCode) {
        let mut entry = Map::new();
        if let Some(matcher) = matcher {
            entry.insert("matcher".to_owned(), Value::from(matcher));
        }
        entry.insert("hooks".to_owned(), json!([{"type": "command", "command": command, "timeout": timeout}]));
        hooks.insert(event.to_owned(), Value::Array(vec![Value::Object(entry)]));
    }
    json!({
        "description": "Governance compiled by dotforge: every tool call is checked against the catalog's behaviors",
        "hooks": hooks,
    })
}

/// One sentence on what the plugin governs, for its manifest and the marketplace.
fn description(catalog: &Catalog) -> String {
    let enabled: Vec<&str> =
        catalog.behaviors.iter().filter(|behavior| behavior.enabled).map(|behavior| behavior.id).collect();
    format!("Governance hooks compiled by dotforge from {} behaviors: {}", enabled.len(), enabled.join(", "))
}

fn plugin_json(catalog: &Catalog, options: &Options) -> Value {
    json!({
        "name": options.name,
        "version": options.version,
        "description": description(catalog),
        "author": {"name": options.author},
        "license": options.license,
        "keywords": ["governance", "hooks", "dotforge"],
        // The hook reads the project and writes its .forge; it reaches no host.
        "network": {"hosts": []},
    })
}

fn marketplace_json(catalog: &Catalog, options: &Options) -> Value {
    json!({
        "name": options.marketplace,
        "description": format!("The {} governance plugin of this team", options.name),
        "owner": {"name": options.author},
        "plugins": [{
            "name": options.name,
            "source": "./",
            "description": description(catalog),
            "version": options.version,
        }],
    })
}

fn readme(catalog: &Catalog, options: &Options) -> String {
    let name = &options.name;
    let binary = &options.binary;
    let marketplace = &options.marketplace;
    let behaviors: String = catalog
        .behaviors
        .iter()
        .filter(|behavior| behavior.enabled)
        .map(|behavior| format!("- `{}` — {}\n", behavior.id, behavior.name))
        .collect();
    format!(
        "# {name}\n\n\
         Governance for Claude Code, compiled by dotforge: a hook binary that checks every tool call against the \
         behaviors below, counts violations per session and escalates from a nudge to a block. It reads no YAML at \
         run time and keeps its state and audit trail in the project's `.forge` folder.\n\n\
         ## Behaviors\n\n{behaviors}\n\
         ## Install\n\n\
         Push this folder as a repository (it is its own marketplace), then:\n\n\
         ```sh\n\
         claude plugin marketplace add <owner>/<repo>\n\
         claude plugin install {name}@{marketplace}\n\
         ```\n\n\
         To require it in a project, commit to `.claude/settings.json`:\n\n\
         ```json\n\
         {{\n  \"extraKnownMarketplaces\": {{\n    \"{marketplace}\": {{\"source\": {{\"source\": \"github\", \"repo\": \"<owner>/<repo>\"}}}}\n  }},\n  \
         \"enabledPlugins\": {{\"{name}@{marketplace}\": true}}\n}}\n\
         ```\n\n\
         To try it without installing: `claude --plugin-dir <this folder>`.\n\n\
         `bin/{binary}` is built for one platform; a team on Linux and macOS publishes one plugin folder per platform \
         (the hook project's CI builds both).\n"
    )
}

/// The JSON text, without the members that are `null` (an option not given).
fn pretty(value: &Value) -> String {
    let mut value = value.clone();
    if let Value::Object(members) = &mut value {
        members.retain(|_, member| !member.is_null());
    }
    serde_json::to_string_pretty(&value).unwrap_or_default() + "\n"
}

/// The `LICENSE` file of a plugin under `license`: its SPDX identifier, for the text the team adds.
fn license_file(license: &str, author: &str) -> String {
    format!(
        "SPDX-License-Identifier: {license}\n\nCopyright (c) {author}.\n\nThis plugin is licensed under {license}; see \
         https://spdx.org/licenses/ for the full text, which belongs in this file before the plugin is published.\n"
    )
}

/// Copies this binary into the plugin: through a temporary file and a rename, so a hook running the old copy at the
/// moment keeps its file.
fn copy_binary(destination: &Path) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|error| format!("cannot tell where this binary is: {error}"))?;
    if let Some(parent) = destination.parent() {
        std::fs::create_dir_all(parent).map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
    }
    let partial = destination.with_extension("partial");
    std::fs::copy(&exe, &partial)
        .map_err(|error| format!("cannot copy {} to {}: {error}", exe.display(), partial.display()))?;
    std::fs::rename(&partial, destination)
        .map_err(|error| format!("cannot move {} to {}: {error}", partial.display(), destination.display()))
}

/// Whether `name` can be a plugin's name and a file name: lowercase letters, digits and `-`.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// Runs `plugin`.
pub(super) fn plugin(catalog: &Catalog, options: &Options) -> Result<(), String> {
    for (what, name) in [("plugin", &options.name), ("marketplace", &options.marketplace)] {
        if !valid_name(name) {
            return Err(format!(
                "`{name}` cannot be the {what}'s name: use lowercase letters, digits and `-` (--name, --marketplace)"
            ));
        }
    }
    let dir = &options.dir;
    let manifest = dir.join(".claude-plugin");
    write_file(&manifest.join("plugin.json"), &pretty(&plugin_json(catalog, options)))?;
    write_file(&manifest.join("marketplace.json"), &pretty(&marketplace_json(catalog, options)))?;
    write_file(&dir.join("hooks/hooks.json"), &pretty(&hooks_json(catalog, &options.binary, options.timeout)))?;
    write_file(&dir.join("README.md"), &readme(catalog, options))?;
    if let Some(license) = &options.license {
        write_file(&dir.join("LICENSE"), &license_file(license, &options.author))?;
    }
    copy_binary(&dir.join("bin").join(&options.binary))?;
    let (name, marketplace, shown) = (&options.name, &options.marketplace, dir.display());
    print_out(&format!(
        "wrote the plugin `{name}` (marketplace `{marketplace}`) to {shown}\n\
         next:\n  try it:      claude --plugin-dir {shown}\n  \
         publish it:  push {shown} as a repository, then `claude plugin marketplace add <owner>/<repo>` and \
         `claude plugin install {name}@{marketplace}`\n  \
         require it:  commit `\"enabledPlugins\": {{\"{name}@{marketplace}\": true}}` (and the marketplace under \
         `extraKnownMarketplaces`) to a project's .claude/settings.json — {shown}/README.md has the block"
    ));
    if options.license.is_none() {
        crate::warn::warn(
            "the plugin has no LICENSE: name one with --license SPDX (MIT, Apache-2.0, …) before publishing it",
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::valid_name;

    #[test]
    fn plugin_names_are_lowercase_words_joined_by_dashes() {
        assert!(valid_name("dotforge-hook"));
        assert!(valid_name("team2"));
        for bad in ["", "-x", "Team", "a b", "a/b", "a.b"] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
