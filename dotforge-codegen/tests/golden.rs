//! Golden tests of the generated code, plus determinism and the all-or-nothing rule.
//!
//! Re-bless after an intended change to the generator: `DOTFORGE_BLESS=1 cargo test -p dotforge-codegen --test golden`
//! and review the diff of `tests/golden/*.rs`. Those files are also compiled and run against the runtime by the
//! trybuild `pass` cases in `dotforge-runtime/tests/ui/pass/`.

use dotforge_codegen::{generate, generate_with, Config, Options, Sources};
use std::path::{Path, PathBuf};

fn manifest_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn fixture(name: &str) -> Sources {
    Sources::from_dir(&manifest_dir().join("tests/fixtures").join(name), "behaviors").expect("fixture folder")
}

/// Golden files are generated without build-time DFAs, so that they compile on their own (trybuild includes them);
/// the DFA form is checked by `regexes_get_build_time_dfas_next_to_the_generated_file`.
fn without_dfas() -> Options {
    Options { precompile_regexes: false, ..Options::default() }
}

fn check_golden(name: &str) {
    let generated = generate_with(&fixture(name), &without_dfas())
        .unwrap_or_else(|report| panic!("fixture `{name}` is invalid:\n{report}"));
    let path = manifest_dir().join("tests/golden").join(format!("{name}.rs"));
    if std::env::var_os("DOTFORGE_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("golden dir")).expect("create golden dir");
        std::fs::write(&path, &generated.code).expect("write golden file");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == generated.code,
        "generated code for `{name}` differs from {}; if the change is intended, run \
         `DOTFORGE_BLESS=1 cargo test -p dotforge-codegen --test golden` and review the diff.\n--- generated ---\n{}",
        path.display(),
        generated.code
    );
}

#[test]
fn golden_basic_schema_examples() {
    check_golden("basic");
}

#[test]
fn golden_every_feature() {
    check_golden("features");
}

#[test]
fn golden_hostile_strings() {
    check_golden("hostile");
}

#[test]
fn generated_code_starts_with_the_generated_header_and_has_one_module_per_behavior() {
    let code = generate(&fixture("basic")).expect("valid").code;
    assert!(code.starts_with("// @generated"));
    assert_eq!(code.matches("pub fn evaluate(").count(), 2);
    assert!(code.contains("pub mod no_destructive_git {"));
    assert!(code.contains("pub mod search_first {"));
    assert!(code.contains("5.. => __forge::Level::SoftBlock,"));
    assert!(code.contains("/// Require the agent to search existing code before writing new implementations."));
    assert!(!code.contains("dotforge_runtime::engine"), "only the facade is used");
}

#[test]
fn regexes_get_build_time_dfas_next_to_the_generated_file() {
    let generated = generate(&fixture("basic")).expect("valid");
    let files: Vec<&str> = generated.blobs.iter().map(|blob| blob.file.as_str()).collect();
    // search-first's file-extension check is decided by its endings: no DFA for it.
    assert_eq!(files, ["behaviors.dfa/no_destructive_git.TRIGGER_0_CONDITION_0.dfa"]);
    assert!(
        generated.blobs.iter().all(|blob| blob.bytes.starts_with(b"rust-regex-automata-dfa-dense")),
        "dense DFA label"
    );
    assert!(generated.code.contains(r#""behaviors.dfa/no_destructive_git.TRIGGER_0_CONDITION_0.dfa""#));
    assert!(generated.code.contains("include_bytes!"));
    assert!(generated.code.contains("__forge::LazyRegex::precompiled("));
    assert!(generated.code.contains("__forge::LazyRegex::ending_with_any("));
    let lazy = generate_with(&fixture("basic"), &without_dfas()).expect("valid");
    assert!(lazy.blobs.is_empty());
    assert!(!lazy.code.contains("include_bytes!"));
}

#[test]
fn output_is_deterministic() {
    for name in ["basic", "features", "hostile"] {
        let first = generate(&fixture(name)).expect("valid");
        for _ in 0..3 {
            let again = generate(&fixture(name)).expect("valid");
            assert_eq!(again.code, first.code, "{name}");
            assert_eq!(again.blobs, first.blobs, "{name}");
        }
    }
}

fn scratch(label: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("golden-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

#[test]
fn compile_writes_only_when_the_content_changes() {
    let out = scratch("write-once");
    let config = Config::new()
        .behaviors_dir(manifest_dir().join("tests/fixtures/basic"))
        .out_dir(&out)
        .honor_env(false)
        .cargo_directives(false);
    let first = config.compile().expect("compiles");
    assert!(first.written);
    let second = config.compile().expect("compiles");
    assert!(!second.written, "same input → file left untouched");
    assert_eq!(first.inputs.len(), 3, "index + two behaviors: {:?}", first.inputs);
    assert!(out.join("behaviors.dfa/no_destructive_git.TRIGGER_0_CONDITION_0.dfa").exists());
}

#[test]
fn an_invalid_catalog_writes_nothing() {
    let catalog = scratch("invalid-catalog");
    std::fs::create_dir_all(catalog.join("broken")).expect("dir");
    std::fs::write(catalog.join("index.yaml"), "schema_version: \"1\"\nbehaviors:\n  - id: broken\n").expect("index");
    std::fs::write(catalog.join("broken/behavior.yaml"), "schema_version: \"1\"\nid: broken\n").expect("behavior");
    let out = scratch("invalid-out");
    let result = Config::new().behaviors_dir(&catalog).out_dir(&out).honor_env(false).cargo_directives(false).compile();
    let error = result.expect_err("invalid");
    assert!(error.to_string().contains("missing required key `name`"), "{error}");
    assert!(!out.join("behaviors.rs").exists());
}

#[test]
fn ids_that_are_rust_keywords_become_valid_module_names() {
    let behavior = |id: &str| {
        format!(
            "schema_version: \"1\"\nid: {id}\nname: N\ndescription: D.\ncategory: core\nscope: session\npolicy:\n  triggers:\n    - event: Stop\n  enforcement:\n    default_level: nudge\n  recovery:\n    hint: H.\n"
        )
    };
    let ids = ["type", "crate", "self", "super", "match", "async"];
    let index: String = ids.iter().map(|id| format!("  - id: {id}\n")).collect();
    let mut sources =
        Sources::new("behaviors").with_file("index.yaml", &format!("schema_version: \"1\"\nbehaviors:\n{index}"));
    for id in ids {
        sources.add_file(&format!("{id}/behavior.yaml"), &behavior(id));
    }
    let code = generate(&sources).unwrap_or_else(|report| panic!("{report}")).code;
    for id in ids {
        assert!(code.contains(&format!("pub mod {id}_ {{")), "{id}");
        assert!(code.contains(&format!("id: \"{id}\",")), "{id}");
    }
}
