//! `list` and `describe`: the compiled catalog in plain words, straight from the tables in the binary.

use super::print::print_out;
use crate::catalog::{Behavior, Catalog, Category, Segment, Template, Var};

/// `silent → nudge@1 → warning@3 → soft_block@5`
pub(super) fn ladder(behavior: &Behavior) -> String {
    let mut parts = vec![behavior.default_level.name().to_owned()];
    parts.extend(behavior.escalation.iter().map(|(after, level)| format!("{}@{after}", level.name())));
    parts.join(" → ")
}

fn template_text(template: Template) -> String {
    template
        .iter()
        .map(|segment| match segment {
            Segment::Text(text) => text.replace('{', "{{").replace('}', "}}"),
            Segment::Var(var) => format!(
                "{{{}}}",
                match var {
                    Var::BehaviorName => "behavior_name",
                    Var::BehaviorId => "behavior_id",
                    Var::Counter => "counter",
                    Var::ToolName => "tool_name",
                    Var::Level => "level",
                    Var::Threshold => "threshold",
                }
            ),
        })
        .collect()
}

fn list_or(items: &[&str], all: &str) -> String {
    if items.is_empty() {
        all.to_owned()
    } else {
        items.join(", ")
    }
}

/// Runs `list`.
pub(super) fn list(catalog: &Catalog, category: Option<Category>) -> Result<(), String> {
    let behaviors: Vec<&Behavior> =
        catalog.behaviors.iter().filter(|behavior| category.is_none_or(|wanted| behavior.category == wanted)).collect();
    if behaviors.is_empty() {
        print_out("no behaviors");
        return Ok(());
    }
    let rows: Vec<Vec<String>> = behaviors
        .iter()
        .map(|behavior| {
            vec![
                behavior.id.to_owned(),
                behavior.category.name().to_owned(),
                match (behavior.enabled, behavior.locked) {
                    (true, true) => "on, locked".to_owned(),
                    (true, false) => "on".to_owned(),
                    (false, _) => "off".to_owned(),
                },
                ladder(behavior),
                behavior.name.to_owned(),
            ]
        })
        .collect();
    for line in crate::table::render(&["id", "category", "index", "levels", "name"], &rows, false) {
        print_out(&line);
    }
    Ok(())
}

/// Runs `describe ID`.
pub(super) fn describe(catalog: &Catalog, id: &str) -> Result<(), String> {
    let Some(behavior) = catalog.find(id) else { return Err(catalog.unknown_id(id)) };
    let mut out = vec![
        format!(
            "{} — {} ({}, {} in the index{})",
            behavior.id,
            behavior.name,
            behavior.category.name(),
            if behavior.enabled { "on" } else { "off" },
            if behavior.locked { "; locked: a session cannot switch it off" } else { "" }
        ),
        format!("  {}", behavior.description),
        String::new(),
        format!(
            "Applies to: profiles {}; tools {}; agents {}",
            list_or(behavior.profiles, "all"),
            list_or(behavior.tools, "all"),
            list_or(behavior.agents, "all")
        ),
        "Triggers (in order; the first violation wins, one per event):".to_owned(),
    ];
    for (index, trigger) in behavior.triggers.iter().enumerate() {
        out.push(format!("  {}. {}", index + 1, trigger.summary));
    }
    let steps: Vec<String> =
        behavior.escalation.iter().map(|(after, level)| format!("violation {after} → {}", level.name())).collect();
    out.push(format!(
        "Escalation: {}{}",
        behavior.default_level.name(),
        if steps.is_empty() { " at every violation".to_owned() } else { format!(" until {}", steps.join(", ")) }
    ));
    out.push(format!("Recovery: {}", behavior.recovery.hint));
    if let Some(tool) = behavior.recovery.suggested_tool {
        out.push(format!("  suggested tool: {tool}"));
    }
    if let Some(action) = behavior.recovery.suggested_action {
        out.push(format!("  suggested action: {action}"));
    }
    out.push("Templates:".to_owned());
    let templates = &behavior.templates;
    for (name, template) in [
        ("nudge", templates.nudge),
        ("warning", templates.warning),
        ("block_reason", templates.block_reason),
        ("override_prompt", templates.override_prompt),
    ] {
        let shown =
            template.map_or_else(|| "(default)".to_owned(), |template| format!("{:?}", template_text(template)));
        out.push(format!("  {name}: {shown}"));
    }
    let files: Vec<&str> = behavior.scenarios.iter().map(|scenario| scenario.file).collect();
    out.push(format!("Scenarios: {}", if files.is_empty() { "none".to_owned() } else { files.join(", ") }));
    print_out(&out.join("\n"));
    Ok(())
}
