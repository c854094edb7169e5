//! Hook binary built from `catalogs/real-client`: behaviors on Claude Code's real tools, for the real-client tier.
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!("real_client.rs");

fn main() {
    dotforge_runtime::main(&behaviors::CATALOG)
}
