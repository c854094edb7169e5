fn main() {
    dotforge_codegen::compile("behaviors"); // or $DOTFORGE_BEHAVIORS_DIR
    dotforge_codegen::link_for_fast_start(); // fixed-address binary on Linux: faster start; DOTFORGE_PIE=1 opts out
}
