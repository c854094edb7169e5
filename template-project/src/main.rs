//! {{project-name}}: a Claude Code hook compiled by dotforge from `behaviors/`.
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!();

/// The recorded session `{{project-name}} simulate` replays when no file is given.
const DEMO_SESSION: &str = include_str!("../demo/session.jsonl");

fn main() {
    dotforge_runtime::main_with_demo(&behaviors::CATALOG, DEMO_SESSION)
}
