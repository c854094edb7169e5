//! A corpus of hostile catalogs: each folder under `tests/corpus/` must be rejected, and its diagnostics must equal
//! the snapshot in `tests/corpus/<case>.txt`. Cases that cannot live as plain files (invalid UTF-8, huge files) are
//! built here. Re-bless after an intended change: `DOTFORGE_BLESS=1 cargo test -p dotforge-codegen --test corpus`.

use dotforge_codegen::{generate, Code, Sources};
use std::path::{Path, PathBuf};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

fn snapshot(name: &str, sources: &Sources) {
    let report = match generate(sources) {
        Ok(_) => panic!("corpus case `{name}` was accepted; it must be rejected"),
        Err(report) => report,
    };
    assert!(report.has_errors(), "{name}");
    let text = report.to_string();
    let path = corpus().join(format!("{name}.txt"));
    if std::env::var_os("DOTFORGE_BLESS").is_some() {
        std::fs::write(&path, &text).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(expected == text, "diagnostics of `{name}` changed (bless with DOTFORGE_BLESS=1 and review):\n{text}");
}

#[test]
fn every_hostile_catalog_is_rejected_with_its_snapshot() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("corpus")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 30, "the corpus has {} cases", cases.len());
    for case in cases {
        let name = case.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        let sources = Sources::from_dir(&case, "behaviors").expect("readable");
        snapshot(&name, &sources);
    }
}

#[test]
fn invalid_utf8_is_rejected() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("corpus-utf8-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("demo")).expect("dir");
    std::fs::write(dir.join("index.yaml"), "schema_version: \"1\"\nbehaviors:\n  - id: demo\n").expect("index");
    std::fs::write(dir.join("demo/behavior.yaml"), b"schema_version: \"1\"\nid: demo\nname: \xff\xfe\n")
        .expect("behavior");
    snapshot("invalid-utf8", &Sources::from_dir(&dir, "behaviors").expect("readable"));
}

#[test]
fn a_huge_behavior_file_is_rejected_quickly_and_plainly() {
    let mut text = String::from("schema_version: \"1\"\nid: demo\nname: Huge\n");
    for index in 0..50_000 {
        text.push_str(&format!("key_{index}: value\n"));
    }
    let sources = Sources::new("behaviors")
        .with_file("index.yaml", "schema_version: \"1\"\nbehaviors:\n  - id: demo\n")
        .with_file("demo/behavior.yaml", &text);
    let report = generate(&sources).expect_err("rejected");
    assert_eq!(report.diagnostics.iter().filter(|diagnostic| diagnostic.code == Code::UnknownKey).count(), 50_000);
    let first = &report.diagnostics[0];
    assert_eq!(
        (first.code, first.location(), first.field.as_str()),
        (Code::UnknownKey, "behaviors/demo/behavior.yaml:4:1".to_owned(), "key_0")
    );
}
