//! Compiles the conformance catalog (one behavior per SPEC feature) for the fuzz target.
fn main() {
    let config = dotforge_codegen::Config::new()
        .behaviors_dir("../tests/conformance/catalogs/conformance")
        .file_name("conformance.rs")
        .honor_env(false);
    if let Err(error) = config.compile() {
        eprintln!("{error}");
        std::process::exit(1);
    }
}
