//! A hook built from a generated catalog of 50 behaviors (the curated ones, copied under other ids).
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!("hook50.rs");

fn main() {
    dotforge_runtime::main(&behaviors::CATALOG)
}
