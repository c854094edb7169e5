fn main() {
    dotforge_codegen::compile("behaviors"); // or $DOTFORGE_BEHAVIORS_DIR
}
