//! Compiles each fixture catalog under `catalogs/` into its own generated file.
fn main() {
    for (dir, file) in [
        ("catalogs/conformance", "conformance.rs"),
        ("catalogs/empty", "empty.rs"),
        ("catalogs/failing", "failing.rs"),
        ("catalogs/real-client", "real_client.rs"),
    ] {
        let config = dotforge_codegen::Config::new().behaviors_dir(dir).file_name(file).honor_env(false);
        if let Err(error) = config.compile() {
            eprintln!("{error}");
            std::process::exit(1);
        }
    }
}
