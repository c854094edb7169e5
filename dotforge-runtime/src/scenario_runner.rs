//! Runs the scenario tests compiled into the binary ([`crate::scenario`]) in a scratch `.forge` of their own, one step
//! at a time as Claude Code would send each event, and checks each step's expectations.

use crate::catalog::{Behavior, Catalog};
use crate::model::Event;
use crate::output::Verdict;
use crate::replay::Replay;
use crate::scenario::{ExpectDecision, ExpectLevel, Scenario, ScenarioRepository, Step, UserAnswer};
use serde_json::{json, Map, Value};
use std::fmt;
use std::path::Path;
use std::process::Command;

/// Why a scenario failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioFailure {
    /// `file:line` of the failing step.
    pub location: String,
    /// The scenario's name.
    pub scenario: String,
    /// 1-based step number.
    pub step: usize,
    /// Each `expected …, got …`.
    pub problems: Vec<String>,
}

impl fmt::Display for ScenarioFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: scenario `{}`, step {}: {}", self.location, self.scenario, self.step, self.problems.join("; "))
    }
}

fn level_text(level: Option<ExpectLevel>) -> String {
    match level {
        None | Some(ExpectLevel::Pass) => "pass".to_owned(),
        Some(ExpectLevel::Override) => "override".to_owned(),
        Some(ExpectLevel::Fired(level)) => level.name().to_owned(),
    }
}

/// The payload of step `index` (0-based) as Claude Code would send it for `event`, in the scratch project `cwd`;
/// tool calls get the id `toolu_step<N>`, so that the PostToolUse of an allowed call carries the same id as its
/// PreToolUse.
fn payload(step: &Step, index: usize, event: Event, cwd: &str) -> Value {
    let mut payload = Map::new();
    payload.insert("hook_event_name".into(), json!(event.name()));
    payload.insert("session_id".into(), json!(step.session));
    payload.insert("cwd".into(), json!(cwd));
    if event.has_tool() {
        payload.insert("tool_name".into(), json!(step.tool));
        payload.insert("tool_input".into(), serde_json::from_str(step.tool_input).unwrap_or(Value::Null));
        payload.insert("tool_use_id".into(), json!(format!("toolu_step{}", index + 1)));
    }
    if let Some(prompt) = step.prompt {
        payload.insert("prompt".into(), json!(prompt));
    }
    if let Some(agent) = step.agent {
        payload.insert("agent_type".into(), json!(agent));
    }
    if step.event == Event::Stop {
        payload.insert("stop_hook_active".into(), json!(step.stop_hook_active));
    }
    Value::Object(payload)
}

/// Runs a scenario of `behavior` in a scratch `.forge`, with the behavior switched on in every session it uses.
pub fn run_scenario(catalog: &Catalog, behavior: &Behavior, scenario: &Scenario) -> Result<(), ScenarioFailure> {
    let failure = |step: usize, line: u32, problems: Vec<String>| ScenarioFailure {
        location: format!("{}:{line}", scenario.file),
        scenario: scenario.name.to_owned(),
        step,
        problems,
    };
    let replay =
        Replay::scratch().map_err(|error| failure(0, 1, vec![format!("cannot create a scratch .forge: {error}")]))?;
    if !behavior.enabled {
        let mut sessions: Vec<&str> = scenario.steps.iter().map(|step| step.session).collect();
        sessions.dedup();
        replay
            .enable_in_sessions(behavior.id, &sessions)
            .map_err(|error| failure(0, 1, vec![format!("cannot prepare state: {error}")]))?;
    }
    let project = replay.project_dir();
    if let Some(repository) = &scenario.repository {
        make_repository(&project, repository).map_err(|error| failure(0, 1, vec![error]))?;
    }
    let cwd = project.display().to_string();
    for (index, step) in scenario.steps.iter().enumerate() {
        let run = |event: Event| {
            let payload = payload(step, index, event, &cwd);
            replay.step(catalog, payload.to_string().as_bytes(), step.profile, scenario.soft_block)
        };
        let report = run(step.event);
        let asked = report.as_ref().is_some_and(|report| report.verdict == Verdict::Ask);
        let refused =
            report.as_ref().is_some_and(|report| matches!(report.verdict, Verdict::Deny { .. } | Verdict::Block));
        let mut problems = Vec::new();
        let ran = !refused && (!asked || step.user == Some(UserAnswer::Allow));
        if ran {
            if let Err(error) = write_files(&project, step.files) {
                problems.push(error);
            }
        }
        match (step.user, asked) {
            (Some(UserAnswer::Allow), true) => {
                run(Event::PostToolUse); // the call ran
            }
            (Some(UserAnswer::Decline), true) | (None, _) => {}
            (Some(answer), false) => problems.push(format!(
                "`user: {}` answers a permission prompt, but the step did not ask",
                if answer == UserAnswer::Allow { "allow" } else { "decline" }
            )),
        }
        let fired =
            report.as_ref().and_then(|report| report.fired.iter().find(|fired| fired.behavior_id == behavior.id));
        let actual_level = match fired {
            None => ExpectLevel::Pass,
            Some(fired) if fired.overridden => ExpectLevel::Override,
            Some(fired) => ExpectLevel::Fired(fired.level),
        };
        let output = report.as_ref().and_then(|report| report.output.as_ref());
        let session = replay.session(step.session);
        let expect = &step.expect;
        if let Some(level) = expect.level.filter(|level| *level != actual_level) {
            problems.push(format!("expected {}, got {}", level_text(Some(level)), level_text(Some(actual_level))));
        }
        let counter = session.behaviors.get(behavior.id).map_or(0, |state| state.counter);
        if let Some(expected) = expect.counter.filter(|expected| *expected != counter) {
            problems.push(format!("expected counter {expected}, got {counter}"));
        }
        let overrides = session.behaviors.get(behavior.id).map_or(0, |state| state.overrides.len());
        if let Some(expected) = expect.overrides.filter(|expected| *expected as usize != overrides) {
            problems.push(format!("expected {expected} override(s) recorded, got {overrides}"));
        }
        let decision = match report.as_ref().map_or(Verdict::Allow, |report| report.verdict) {
            Verdict::Allow | Verdict::AllowWithMessage => ExpectDecision::Allow,
            Verdict::Ask => ExpectDecision::Ask,
            Verdict::Deny { .. } => ExpectDecision::Deny,
            Verdict::Block => ExpectDecision::Block,
        };
        if let Some(expected) = expect.decision.filter(|expected| *expected != decision) {
            problems.push(format!("expected decision {expected:?}, got {decision:?}").to_lowercase());
        }
        let message = output.and_then(|value| value["systemMessage"].as_str()).unwrap_or("");
        for text in expect.message_contains.iter().filter(|text| !message.contains(**text)) {
            problems.push(format!("expected the message to contain `{text}`, got `{message}`"));
        }
        for flag in expect.flags_present.iter().filter(|flag| !session.flags.contains_key(**flag)) {
            problems.push(format!("expected flag `{flag}` to be set, it is not"));
        }
        for flag in expect.flags_absent.iter().filter(|flag| session.flags.contains_key(**flag)) {
            problems.push(format!("expected flag `{flag}` to be absent, it is set"));
        }
        if !problems.is_empty() {
            return Err(failure(index + 1, step.line, problems));
        }
    }
    Ok(())
}

/// Makes the scenario's git work tree in the scratch project: `committed` written and committed by the real git
/// (the scratch `.forge` excluded), then `files` written.
fn make_repository(project: &Path, repository: &ScenarioRepository) -> Result<(), String> {
    let git = |args: &[&str]| -> Result<(), String> {
        let output = Command::new("git")
            .args(["-c", "user.name=scenario", "-c", "user.email=scenario@example.com", "-c", "commit.gpgsign=false"])
            .args(["-c", "core.hooksPath=/dev/null", "-c", "core.autocrlf=false"])
            .args(args)
            .current_dir(project)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("GIT_CONFIG_GLOBAL", "/dev/null")
            .output()
            .map_err(|error| format!("`repository` needs git, which cannot run here: {error}"))?;
        if output.status.success() {
            Ok(())
        } else {
            Err(format!("git {}: {}", args.join(" "), String::from_utf8_lossy(&output.stderr).trim()))
        }
    };
    git(&["init", "-q"])?;
    std::fs::write(project.join(".git/info/exclude"), ".forge/\n").map_err(|error| error.to_string())?;
    write_files(project, repository.committed)?;
    git(&["add", "-A"])?;
    git(&["commit", "-q", "--allow-empty", "-m", "scenario"])?;
    write_files(project, repository.files)
}

/// Writes files (paths relative to the project) with their text, making their folders.
fn write_files(project: &Path, files: &[(&str, &str)]) -> Result<(), String> {
    for (path, text) in files {
        let file = project.join(path);
        let made = file.parent().map_or(Ok(()), std::fs::create_dir_all).and_then(|()| std::fs::write(&file, text));
        made.map_err(|error| format!("cannot write {}: {error}", file.display()))?;
    }
    Ok(())
}

/// For generated `#[test]`s: runs scenario `index` of `behavior_id` and panics with the failure.
pub fn assert_scenario(catalog: &Catalog, behavior_id: &str, index: usize) {
    let Some(behavior) = catalog.find(behavior_id) else { panic!("no behavior `{behavior_id}` in the catalog") };
    let Some(scenario) = behavior.scenarios.get(index) else { panic!("`{behavior_id}` has no scenario {index}") };
    if let Err(failure) = run_scenario(catalog, behavior, scenario) {
        panic!("{failure}");
    }
}

/// `dotforge-hook test [ID]`: runs every scenario (of one behavior), prints a line each and a summary.
/// Returns the number of failures, or an error message for an unknown id.
pub(crate) fn run_all(catalog: &Catalog, only: Option<&str>, out: &mut impl std::io::Write) -> Result<usize, String> {
    if let Some(id) = only {
        if catalog.find(id).is_none() {
            return Err(catalog.unknown_id(id));
        }
    }
    let (mut passed, mut failed) = (0, 0);
    for behavior in catalog.behaviors.iter().filter(|behavior| only.is_none_or(|id| behavior.id == id)) {
        for scenario in behavior.scenarios {
            match run_scenario(catalog, behavior, scenario) {
                Ok(()) => {
                    passed += 1;
                    let _ = writeln!(out, "ok    {}  {}", scenario.file, scenario.name);
                }
                Err(failure) => {
                    failed += 1;
                    let _ = writeln!(out, "FAIL  {failure}");
                }
            }
        }
    }
    let _ = writeln!(out, "{passed} passed, {failed} failed");
    Ok(failed)
}
