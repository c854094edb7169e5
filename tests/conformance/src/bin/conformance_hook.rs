//! Hook binary built from `catalogs/conformance`: one small behavior per SPEC feature, each on its own tool name.
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!("conformance.rs");

fn main() {
    dotforge_runtime::main(&behaviors::CATALOG)
}
