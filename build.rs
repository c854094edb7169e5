//! Compiles `./behaviors` (or `$DOTFORGE_BEHAVIORS_DIR`) into `OUT_DIR/behaviors.rs`, and links `dotforge-hook` for
//! a fast start (see `dotforge_codegen::link_for_fast_start`).
fn main() {
    dotforge_codegen::compile("behaviors");
    dotforge_codegen::link_for_fast_start();
}
