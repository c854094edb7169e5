//! `doctor`: whether governance is live for this project, and how to fix it when it is not. Each way it can be off
//! or stale is one finding: for Claude Code, the hook not registered (or registered for too few events), a
//! registration that runs another binary or a missing one, hooks switched off in a settings layer, a Claude Code
//! version outside the one the real-client tests prove; for every other CLI the hook serves, the same read from its
//! own files ([`other_clis`]); this binary built from other behaviors than the folder holds now; a state folder it
//! cannot write; an audit trail whose chain is broken, a session locked down after a tamper, a registration the
//! install record names gone from its file ([`tamper`]). Exit 1 when governance is live in no CLI, or is stale, or
//! the trail or a registration was tampered with.

mod finding;
mod layers;
mod other_clis;
mod tamper;

use super::install::harness_registrations;
use super::print::print_out;
use crate::catalog::Catalog;
use crate::fingerprint::fingerprint;
use crate::harness::Harness;
use finding::{Finding, Severity, ThisBinary};
use layers::{layers, registrations, unmanaged_setting, Layer, Origin, Places, Registration};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The Claude Code version the real-client tests prove (`tests/conformance/claude-code-version.txt`; a test keeps
/// the two equal).
pub(crate) const PROVEN_CLAUDE_CODE: &str = "2.1.328";

/// What `doctor` looks at.
#[derive(Debug)]
pub(crate) struct Options {
    pub project: PathBuf,
    pub home: Option<PathBuf>,
    pub managed: PathBuf,
    pub plugin_dir: Option<PathBuf>,
    /// The behaviors folder to compare the binary with (default: the one it was built from, else the project's).
    pub behaviors: Option<PathBuf>,
    pub forge_root: PathBuf,
    /// The `claude` to ask its version (default: the first on `PATH`).
    pub claude: Option<PathBuf>,
    pub json: bool,
}

/// Whether a registration from `origin` runs, given the layers' switches (the record's: `disableAllHooks`).
fn switched_off<'l>(origin: &Origin, layers: &'l [Layer]) -> Option<(&'l Layer, &'static str)> {
    let switches = Harness::ClaudeCode.dialect().settings.switches_off;
    let managed = layers.iter().find(|layer| layer.origin == Origin::Managed);
    let set_in = |layer: &Layer| switches.iter().copied().find(|switch| layer.is_set(switch));
    if let Some((managed, switch)) = managed.and_then(|managed| Some((managed, set_in(managed)?))) {
        return Some((managed, switch));
    }
    if *origin == Origin::Managed {
        return None; // a user's, project's or local disableAllHooks leaves managed hooks running
    }
    if let Some(managed) = managed.filter(|managed| managed.is_set("allowManagedHooksOnly")) {
        return Some((managed, "allowManagedHooksOnly"));
    }
    switches.iter().find_map(|switch| unmanaged_setting(layers, switch).map(|layer| (layer, *switch)))
}

fn registration_findings(catalog: &Catalog, places: &Places, layers: &[Layer], this: &ThisBinary) -> Vec<Finding> {
    let mut findings = Vec::new();
    for layer in layers {
        if let Some(Err(problem)) = &layer.settings {
            findings.push(Finding::fail(
                "invalid-settings",
                format!("{} ({}) cannot be read as JSON: {problem}", layer.origin.describe(), layer.path.display()),
                "fix the file: Claude Code does not apply a settings file it cannot read".to_owned(),
            ));
        }
    }
    let found = registrations(places, layers);
    // One registration per event runs the same program: each program is compared with this binary once.
    let mut compared: HashMap<&Path, bool> = HashMap::new();
    let (ours, others): (Vec<&Registration>, Vec<&Registration>) = found
        .iter()
        .partition(|found| *compared.entry(found.program.as_path()).or_insert_with(|| this.is(&found.program)));
    for registration in others {
        let named_like_us = registration.program.file_name() == this.name();
        if !registration.program.exists() && registration.program.is_absolute() {
            let severity = if named_like_us { Severity::Fail } else { Severity::Warn };
            findings.push(Finding {
                severity,
                check: "missing-binary",
                message: format!(
                    "{} runs `{}` for {}, and {} does not exist: Claude Code reports a hook error and runs the call",
                    registration.origin.describe(),
                    registration.command,
                    registration.event,
                    registration.program.display()
                ),
                fix: Some(format!(
                    "build the hook (`cargo build --release`), or run `install` again in {}",
                    registration.file.display()
                )),
            });
        } else if named_like_us {
            findings.push(Finding::warn(
                "other-binary",
                format!(
                    "{} runs {} for {}, which is not this binary ({})",
                    registration.origin.describe(),
                    registration.program.display(),
                    registration.event,
                    this.path.display()
                ),
                format!("run this binary's `install` to register it instead ({})", registration.file.display()),
            ));
        }
    }
    let live: Vec<&&Registration> = ours.iter().filter(|ours| switched_off(&ours.origin, layers).is_none()).collect();
    // A registration switched off matters when no other one keeps the hook running.
    let live_elsewhere = live.iter().any(|registration| registration.event == "PreToolUse");
    let mut reported: Vec<(&Origin, &Path)> = Vec::new();
    for registration in &ours {
        let Some((layer, key)) = switched_off(&registration.origin, layers) else { continue };
        if reported.contains(&(&registration.origin, layer.path.as_path())) {
            continue; // one finding per registering layer, not per event
        }
        reported.push((&registration.origin, layer.path.as_path()));
        let fix = match key {
            "allowManagedHooksOnly" => "register the hook in managed settings (`install --managed`)",
            _ if layer.origin == Origin::Managed => "remove `disableAllHooks` from managed settings",
            _ => "remove `disableAllHooks` there, or register the hook in managed settings (`install --managed`), which it does not switch off",
        };
        findings.push(Finding {
            severity: if live_elsewhere { Severity::Warn } else { Severity::Fail },
            check: "hooks-disabled",
            message: format!(
                "`{key}: true` in {} ({}) switches off the hook that {} registers",
                layer.origin.describe(),
                layer.path.display(),
                registration.origin.describe()
            ),
            fix: Some(fix.to_owned()),
        });
    }
    let needed: Vec<&str> =
        harness_registrations(catalog, Harness::ClaudeCode).into_iter().map(|(event, _)| event).collect();
    let covered = |event: &str| live.iter().any(|registration| registration.event == event);
    if !covered("PreToolUse") {
        // Registered but switched off is a `hooks-disabled` finding above.
        if ours.is_empty() {
            findings.push(Finding::fail(
                "not-registered",
                "this binary is not registered for Claude Code's PreToolUse in any settings layer or enabled plugin"
                    .to_owned(),
                format!(
                    "run `{} install` in {} (or `install --managed`, or enable its plugin)",
                    this.path.display(),
                    places.project.display()
                ),
            ));
        }
        return findings;
    }
    let missing: Vec<&str> = needed.iter().copied().filter(|event| !covered(event)).collect();
    let origins: Vec<String> = {
        let mut origins: Vec<String> = live.iter().map(|registration| registration.origin.describe()).collect();
        origins.dedup();
        origins
    };
    // An MCP server's tools reach the same files as the built-in ones: a registration must see their calls.
    let sees_mcp = live
        .iter()
        .any(|registration| registration.event == "PreToolUse" && registration.selects("mcp__server__write_file"));
    if !sees_mcp {
        findings.push(Finding::warn(
            "mcp-unseen",
            format!(
                "the PreToolUse registration in {} does not select MCP tools (mcp__…): an MCP server's tools reach \
                 every file and secret unjudged",
                origins.join(", ")
            ),
            "run `install` again: it registers `mcp__.*` too".to_owned(),
        ));
    }
    if missing.is_empty() {
        findings
            .push(Finding::ok("registered", format!("registered in {} for {}", origins.join(", "), needed.join(", "))));
    } else {
        findings.push(Finding::warn(
            "events-missing",
            format!(
                "registered in {}, but not for {}, which the catalog's behaviors need",
                origins.join(", "),
                missing.join(", ")
            ),
            "run `install` again: it registers every event the catalog uses".to_owned(),
        ));
    }
    findings
}

/// The behaviors folder to compare the binary with.
fn behaviors_folder(catalog: &Catalog, options: &Options) -> Option<PathBuf> {
    let has_index = |dir: &Path| dir.join("index.yaml").is_file();
    options
        .behaviors
        .clone()
        .or_else(|| catalog.sources.behaviors_dir.map(PathBuf::from).filter(|dir| has_index(dir)))
        .or_else(|| Some(options.project.join("behaviors")).filter(|dir| has_index(dir)))
}

fn freshness_finding(catalog: &Catalog, options: &Options) -> Finding {
    let Some(compiled) = catalog.sources.fingerprint else {
        return Finding::warn(
            "fingerprint-unknown",
            "this binary does not say which behaviors it was built from (compiled outside a build script)".to_owned(),
            "build it with `cargo build`".to_owned(),
        );
    };
    let Some(folder) = behaviors_folder(catalog, options) else {
        return Finding::ok(
            "behaviors-elsewhere",
            "no behaviors folder here to compare with (the binary was built elsewhere); pass --behaviors DIR"
                .to_owned(),
        );
    };
    match fingerprint(&folder) {
        Ok(current) if current == compiled => {
            Finding::ok("fresh", format!("built from the behaviors in {} as they are now", folder.display()))
        }
        Ok(_) => Finding::fail(
            "stale",
            format!(
                "the behaviors in {} changed since this binary was built: it enforces the old ones",
                folder.display()
            ),
            "rebuild it (`cargo build --release`); for a plugin, write it again with `plugin DIR`".to_owned(),
        ),
        Err(error) => Finding::warn(
            "behaviors-unreadable",
            format!("cannot read {}: {error}", folder.display()),
            "pass --behaviors DIR".to_owned(),
        ),
    }
}

fn state_finding(forge_root: &Path) -> Finding {
    let runtime = forge_root.join("runtime");
    let probe = runtime.join(format!(".doctor-{}", std::process::id()));
    let written = std::fs::create_dir_all(&runtime).and_then(|()| std::fs::write(&probe, b""));
    let _ = std::fs::remove_file(&probe);
    match written {
        Ok(()) => Finding::ok("state-writable", format!("can keep its state in {}", runtime.display())),
        Err(error) => Finding::fail(
            "state-unwritable",
            format!("cannot write its state in {}: {error}; counts and escalation are lost", runtime.display()),
            format!("make {} writable, or set FORGE_ROOT to a folder that is", forge_root.display()),
        ),
    }
}

/// The version `claude --version` prints (`2.1.328 (Claude Code)`).
fn claude_version(claude: &Path) -> Result<String, String> {
    let output = std::process::Command::new(claude)
        .arg("--version")
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|error| error.to_string())?;
    let text = String::from_utf8_lossy(&output.stdout);
    text.split_whitespace().next().map(str::to_owned).ok_or_else(|| "it printed no version".to_owned())
}

fn find_on_path(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|dir| dir.join(program)).find(|path| path.is_file())
}

fn version_finding(options: &Options) -> Finding {
    let Some(claude) = options.claude.clone().or_else(|| find_on_path("claude")) else {
        return Finding::warn(
            "cli-missing",
            "no `claude` on PATH to ask its version".to_owned(),
            "install Claude Code, or pass --claude PATH".to_owned(),
        );
    };
    match claude_version(&claude) {
        Ok(version) if version == PROVEN_CLAUDE_CODE => {
            Finding::ok("cli-version", format!("Claude Code {version}, the version the real-client tests prove"))
        }
        Ok(version) => Finding::warn(
            "cli-version",
            format!("Claude Code {version} ({}): the real-client tests prove {PROVEN_CLAUDE_CODE}", claude.display()),
            format!(
                "use {PROVEN_CLAUDE_CODE}, or run this repository's real-client tests with DOTFORGE_CLAUDE_CODE={}",
                claude.display()
            ),
        ),
        Err(problem) => Finding::warn(
            "cli-version",
            format!("cannot ask {} its version: {problem}", claude.display()),
            "check that Claude Code runs".to_owned(),
        ),
    }
}

/// Runs `doctor`; exits 1 when governance is not live or stale.
pub(super) fn run(catalog: &Catalog, options: &Options) -> Result<(), String> {
    let this = ThisBinary::current();
    let places = Places {
        project: options.project.clone(),
        home: options.home.clone(),
        managed: options.managed.clone(),
        plugin_dir: options.plugin_dir.clone(),
    };
    let layers = layers(&places);
    let mut findings = registration_findings(catalog, &places, &layers, &this);
    let (others, live_elsewhere) = other_clis::findings(catalog, &options.project, options.home.as_deref(), &this);
    // Governance live in another CLI: Claude Code without the hook is worth knowing, not a failure.
    if live_elsewhere {
        for finding in findings.iter_mut().filter(|finding| finding.check == "not-registered") {
            finding.severity = Severity::Warn;
        }
    }
    findings.extend(others);
    findings.push(freshness_finding(catalog, options));
    findings.push(state_finding(&options.forge_root));
    let program = this.name().map_or_else(|| "dotforge-hook".to_owned(), |name| name.to_string_lossy().into_owned());
    findings.extend(tamper::findings(&options.forge_root, &program));
    findings.push(version_finding(options));
    let live = findings.iter().all(|finding| finding.severity != Severity::Fail);
    if options.json {
        let items: Vec<Value> = findings
            .iter()
            .map(|finding| {
                let severity = match finding.severity {
                    Severity::Ok => "ok",
                    Severity::Warn => "warn",
                    Severity::Fail => "fail",
                };
                json!({"check": finding.check, "severity": severity, "message": finding.message, "fix": finding.fix})
            })
            .collect();
        print_out(&json!({"live": live, "binary": this.path, "findings": items}).to_string());
    } else {
        print_out(&format!("dotforge doctor: {} for {}", this.path.display(), options.project.display()));
        for finding in &findings {
            let tag = match finding.severity {
                Severity::Ok => "ok  ",
                Severity::Warn => "warn",
                Severity::Fail => "FAIL",
            };
            print_out(&format!("  {tag}  {}", finding.message));
            if let Some(fix) = &finding.fix {
                print_out(&format!("        fix: {fix}"));
            }
        }
        let failures = findings.iter().filter(|finding| finding.severity == Severity::Fail).count();
        print_out(&if live {
            "governance is live".to_owned()
        } else {
            format!("governance is NOT live ({failures} problem{})", if failures == 1 { "" } else { "s" })
        });
    }
    if live {
        Ok(())
    } else {
        std::process::exit(1)
    }
}
