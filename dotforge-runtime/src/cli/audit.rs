//! `audit`: the governance view — behaviors installed and enabled, violations, blocks and overrides of all time, and
//! the override rate with its verdict (CONTRACT §8), and every session switch, from metrics.json, overrides.log and
//! switches.log.

use crate::audit::effectiveness;
use crate::catalog::Catalog;
use serde_json::{json, Value};
use std::path::Path;

fn count(metrics: &Value, id: &str, key: &str) -> u64 {
    metrics["behaviors"][id][key].as_u64().unwrap_or(0)
}

/// Runs `audit`.
pub(super) fn run(catalog: &Catalog, forge_root: &Path, as_json: bool) -> Result<(), String> {
    let audit_dir = forge_root.join("audit");
    let metrics: Value = match std::fs::read(audit_dir.join("metrics.json")) {
        Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|error| {
            crate::warn::warn(&format!(
                "{} is not valid JSON ({error}); counting nothing",
                audit_dir.join("metrics.json").display()
            ));
            Value::Null
        }),
        Err(_) => Value::Null,
    };
    let log_lines = std::fs::read_to_string(audit_dir.join("overrides.log")).map_or(0, |log| log.lines().count());
    let switches: Vec<Value> = std::fs::read_to_string(audit_dir.join(crate::audit::SWITCHES_LOG))
        .unwrap_or_default()
        .lines()
        .map(|line| {
            let fields = crate::audit::split_fields(line);
            let field = |index: usize| fields.get(index).cloned().unwrap_or_default();
            json!({"timestamp": field(0), "session_id": field(1), "behavior": field(2), "switch": field(3)})
        })
        .collect();
    let rows: Vec<Value> = catalog
        .behaviors
        .iter()
        .map(|behavior| {
            let (violations, blocks, overrides) = (
                count(&metrics, behavior.id, "violations"),
                count(&metrics, behavior.id, "blocks"),
                count(&metrics, behavior.id, "overrides"),
            );
            let rate = if blocks == 0 { 0.0 } else { overrides as f64 / blocks as f64 };
            json!({
                "id": behavior.id, "enabled": behavior.enabled, "violations": violations, "blocks": blocks,
                "overrides": overrides, "override_rate": rate, "escalation_effectiveness": effectiveness(rate),
            })
        })
        .collect();
    let total = |key: &str| rows.iter().map(|row| row[key].as_u64().unwrap_or(0)).sum::<u64>();
    let (violations, blocks, overrides) = (total("violations"), total("blocks"), total("overrides"));
    let rate = if blocks == 0 { 0.0 } else { overrides as f64 / blocks as f64 };
    let enabled = catalog.behaviors.iter().filter(|behavior| behavior.enabled).count();
    let summary = json!({
        "forge_root": forge_root,
        "installed": catalog.behaviors.len(),
        "enabled": enabled,
        "violations": violations,
        "blocks": blocks,
        "overrides": overrides,
        "overrides_logged": log_lines,
        "override_rate": rate,
        "escalation_effectiveness": effectiveness(rate),
        "behaviors": rows,
        "switches": switches,
    });
    if as_json {
        super::print_out(&summary.to_string());
        return Ok(());
    }
    let mut out = vec![
        format!("Governance — {}", forge_root.display()),
        format!("  behaviors installed   {} ({enabled} enabled in the index)", catalog.behaviors.len()),
        format!("  violations            {violations} (all time)"),
        format!("  blocks                {blocks}"),
        format!("  overrides             {overrides} (overrides.log: {log_lines} lines)"),
        format!("  override rate         {rate:.2} — {}", effectiveness(rate)),
        String::new(),
        format!("  {:<24} {:>10} {:>7} {:>9} {:>6}  verdict", "behavior", "violations", "blocks", "overrides", "rate"),
    ];
    for row in &rows {
        let number = |key: &str| row[key].as_u64().unwrap_or(0);
        out.push(format!(
            "  {:<24} {:>10} {:>7} {:>9} {:>6.2}  {}",
            row["id"].as_str().unwrap_or(""),
            number("violations"),
            number("blocks"),
            number("overrides"),
            row["override_rate"].as_f64().unwrap_or(0.0),
            row["escalation_effectiveness"].as_str().unwrap_or("")
        ));
    }
    out.push(String::new());
    match switches.len() {
        0 => out.push("  session switches      none".to_owned()),
        count => {
            out.push(format!("  session switches      {count} (audit/switches.log), latest last:"));
            for switch in switches.iter().skip(count.saturating_sub(10)) {
                let text = |key: &str| switch[key].as_str().unwrap_or("").to_owned();
                out.push(format!(
                    "    {}  {:<4} {:<24} session {}",
                    text("timestamp"),
                    text("switch"),
                    text("behavior"),
                    text("session_id")
                ));
            }
        }
    }
    super::print_out(&out.join("\n"));
    Ok(())
}
