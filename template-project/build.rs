fn main() {
    dotforge_codegen::compile("behaviors"); // or $DOTFORGE_BEHAVIORS_DIR
    // Linux: a fixed-address binary with its hot code first (DOTFORGE_PIE=1, DOTFORGE_HOT_CODE=0 opt out).
    dotforge_codegen::link_for_fast_start();
}
