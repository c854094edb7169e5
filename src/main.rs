//! `dotforge-hook`: the Claude Code hook binary built from the curated catalog in `behaviors/`.
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!();

fn main() {
    dotforge_runtime::main(&behaviors::CATALOG)
}
