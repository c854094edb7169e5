//! `dotforge-hook`: the Claude Code hook binary built from the curated catalog in `behaviors/`.
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!();

/// A recorded session that `dotforge-hook simulate` replays when no file is given.
const DEMO_SESSION: &str = include_str!("../demo/session.jsonl");

fn main() {
    dotforge_runtime::main_with_demo(&behaviors::CATALOG, DEMO_SESSION)
}
