//! Compiles `./behaviors` (or `$DOTFORGE_BEHAVIORS_DIR`) into `OUT_DIR/behaviors.rs`.
fn main() {
    dotforge_codegen::compile("behaviors");
}
