//! Hook binary built from `catalogs/empty`, an index that declares no behavior (SPEC §7.9).
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!("empty.rs");

fn main() {
    dotforge_runtime::main(&behaviors::CATALOG)
}
