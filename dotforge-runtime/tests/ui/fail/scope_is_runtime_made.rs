//! Generated code receives a `Scope`; it cannot make one (and so cannot forge counters or flags).
use dotforge_runtime::codegen::Scope;

fn main() {
    let mut flags = Default::default();
    let _scope = Scope::new(0, &mut flags, &[], "2026-01-01T00:00:00Z");
}
