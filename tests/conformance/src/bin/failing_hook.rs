//! Hook binary built from `catalogs/failing`, whose scenario has a wrong expectation on purpose.
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!("failing.rs");

fn main() {
    dotforge_runtime::main(&behaviors::CATALOG)
}
