//! The golden code of the SCHEMA examples compiles against the runtime and behaves per SPEC.

mod behaviors {
    include!("../../../../dotforge-codegen/tests/golden/basic.rs");
}

fn event(tool: &str, input: &str) -> Option<String> {
    let payload = format!(
        r#"{{"hook_event_name":"PreToolUse","session_id":"trybuild","tool_name":"{tool}","tool_input":{input}}}"#
    );
    dotforge_runtime::run_hook(&behaviors::CATALOG, payload.as_bytes())
}

fn main() {
    let root = std::env::temp_dir().join(format!("dotforge-trybuild-basic-{}", std::process::id()));
    std::env::set_var("FORGE_ROOT", &root);
    assert_eq!(behaviors::CATALOG.behaviors.len(), 2);
    assert_eq!(behaviors::search_first::level(4), dotforge_runtime::Level::Warning);
    assert_eq!(behaviors::search_first::threshold(3), Some(5));

    let force = event("Bash", r#"{"command":"git push --force origin main"}"#).expect("blocked");
    assert!(force.contains(r#""override_allowed":false"#), "{force}");
    assert_eq!(event("Bash", r#"{"command":"git status"}"#), None);

    let nudge = event("Write", r#"{"file_path":"src/a.rs"}"#).expect("nudged");
    assert!(nudge.contains("Search Before Writing: Consider searching first (violation 1/3)"), "{nudge}");
    assert_eq!(event("Grep", r#"{"pattern":"fn main"}"#), None);
    assert_eq!(event("Write", r#"{"file_path":"src/b.rs"}"#), None, "the flag was consumed");
    let _ = std::fs::remove_dir_all(root);
}
