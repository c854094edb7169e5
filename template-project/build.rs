fn main() {
    dotforge_codegen::compile("behaviors"); // or $DOTFORGE_BEHAVIORS_DIR
    dotforge_codegen::link_for_fast_start(); // Linux: fixed address and hot code first, for a faster start
}
