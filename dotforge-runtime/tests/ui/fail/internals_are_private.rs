//! Only the `codegen` facade is public; the engine is not part of the generated code's API.
fn main() {
    let _ = dotforge_runtime::engine::run_chain;
}
