//! `audit`: the governance view — behaviors installed and enabled, violations, blocks and overrides of all time, and
//! the override rate with its verdict (CONTRACT §8; `unrated` below [`MIN_BLOCKS_TO_RATE`] blocks), and every session
//! switch, from the metrics totals of state.json (see [`crate::metrics`]), overrides.log and switches.log. It also
//! brings `audit/metrics.json` up to date.

use super::print::print_out;
use crate::catalog::Catalog;
use crate::lock;
use crate::metrics::{effectiveness, Totals, MIN_BLOCKS_TO_RATE};
use crate::settings::Settings;
use crate::state::{read_state, StateDoc};
use crate::time::Timestamp;
use serde_json::{json, Value};
use std::path::Path;

/// The exact totals: those of state.json, else (a state from before they moved there) those of metrics.json. Taken
/// under the state lock when it can be had, so that metrics.json is refreshed from them; without it (a hook holding
/// it for long) the totals are read all the same, from the last complete state.json.
fn current_totals(forge_root: &Path) -> Totals {
    let runtime = forge_root.join("runtime");
    let audit_dir = forge_root.join("audit");
    let held =
        runtime.exists().then(|| lock::acquire(&runtime.join("state.lock"), Settings::from_env(None).lock_timeout));
    let locked = matches!(held, Some(Ok(_)));
    let bytes = read_state(&runtime.join("state.json")).unwrap_or_default();
    let from_state = StateDoc::metrics_in(&bytes);
    let Some(totals) = from_state else { return Totals::from_metrics_file(&audit_dir, Timestamp::now().0) };
    if locked {
        if let Err(error) = totals.materialize(&audit_dir) {
            crate::warn::warn(&format!(
                "cannot refresh {}: {error}",
                audit_dir.join(crate::metrics::METRICS_FILE).display()
            ));
        }
    }
    totals
}

/// Runs `audit`.
pub(super) fn run(catalog: &Catalog, forge_root: &Path, as_json: bool) -> Result<(), String> {
    let audit_dir = forge_root.join("audit");
    let totals = current_totals(forge_root);
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
            let counts = totals.get(behavior.id);
            let (violations, blocks, overrides) = (counts.violations, counts.blocks, counts.overrides);
            let rate = counts.override_rate();
            json!({
                "id": behavior.id, "enabled": behavior.enabled, "violations": violations, "blocks": blocks,
                "overrides": overrides, "override_rate": rate,
                "escalation_effectiveness": effectiveness(rate, blocks),
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
        "escalation_effectiveness": effectiveness(rate, blocks),
        "min_blocks_to_rate": MIN_BLOCKS_TO_RATE,
        "behaviors": rows,
        "switches": switches,
    });
    if as_json {
        print_out(&summary.to_string());
        return Ok(());
    }
    let mut out = vec![
        format!("Governance — {}", forge_root.display()),
        format!("  behaviors installed   {} ({enabled} enabled in the index)", catalog.behaviors.len()),
        format!("  violations            {violations} (all time)"),
        format!("  blocks                {blocks}"),
        format!(
            "  overrides             {overrides} (overrides.log: {log_lines} line{})",
            if log_lines == 1 { "" } else { "s" }
        ),
        format!("  override rate         {rate:.2} — {}", verdict(effectiveness(rate, blocks), blocks)),
        String::new(),
    ];
    out.extend(indented(&behavior_table(&rows)));
    out.push(String::new());
    match switches.len() {
        0 => out.push("  session switches      none".to_owned()),
        count => {
            out.push(format!("  session switches      {count} (audit/switches.log), latest last:"));
            let text = |switch: &Value, key: &str| switch[key].as_str().unwrap_or("").to_owned();
            let rows: Vec<Vec<String>> = switches
                .iter()
                .skip(count.saturating_sub(10))
                .map(|switch| {
                    let session = format!("session {}", text(switch, "session_id"));
                    vec![text(switch, "timestamp"), text(switch, "switch"), text(switch, "behavior"), session]
                })
                .collect();
            out.extend(crate::table::render_rows(&rows).iter().map(|line| format!("    {line}")));
        }
    }
    print_out(&out.join("\n"));
    Ok(())
}

/// A verdict as the person reads it: an unrated one says how many blocks it has and needs.
fn verdict(word: &str, blocks: u64) -> String {
    match (word, blocks) {
        ("unrated", 0) => "no blocks".to_owned(),
        ("unrated", _) => format!("unrated ({blocks} of {MIN_BLOCKS_TO_RATE} blocks)"),
        _ => word.to_owned(),
    }
}

/// The per-behavior table: numbers right-aligned, every column as wide as its widest cell.
fn behavior_table(rows: &[Value]) -> Vec<String> {
    let number = |row: &Value, key: &str| row[key].as_u64().unwrap_or(0);
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            vec![
                row["id"].as_str().unwrap_or("").to_owned(),
                number(row, "violations").to_string(),
                number(row, "blocks").to_string(),
                number(row, "overrides").to_string(),
                format!("{:.2}", row["override_rate"].as_f64().unwrap_or(0.0)),
                verdict(row["escalation_effectiveness"].as_str().unwrap_or(""), number(row, "blocks")),
            ]
        })
        .collect();
    crate::table::render_aligned(
        &["behavior", "violations", "blocks", "overrides", "rate", "verdict"],
        &cells,
        |column| (1..=4).contains(&column),
    )
}

fn indented(lines: &[String]) -> Vec<String> {
    lines.iter().map(|line| format!("  {line}")).collect()
}
