//! Compiles the catalogs the fuzz targets run: the conformance catalog (one behavior per SPEC feature) and the
//! curated catalog (commands read as commands).
fn main() {
    for (dir, file) in [("../tests/conformance/catalogs/conformance", "conformance.rs"), ("../behaviors", "curated.rs")] {
        let config = dotforge_codegen::Config::new().behaviors_dir(dir).file_name(file).honor_env(false);
        if let Err(error) = config.compile() {
            eprintln!("{error}");
            std::process::exit(1);
        }
    }
}
