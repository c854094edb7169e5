//! Strings that try to break out of generated code arrive verbatim in the hook's output.

mod behaviors {
    include!("../../../../dotforge-codegen/tests/golden/hostile.rs");
}

fn main() {
    let root = std::env::temp_dir().join(format!("dotforge-trybuild-hostile-{}", std::process::id()));
    std::env::set_var("FORGE_ROOT", &root);
    let behavior = &behaviors::CATALOG.behaviors[0];
    assert_eq!(behavior.name, "Quote \" hash \"# brace {} back\\slash ünïcødé 🚀 */ ]]");
    assert_eq!(behavior.recovery.suggested_action, Some("echo \"}\"; exit 0 // */ \"#"));

    let payload = r##"{"hook_event_name":"PreToolUse","session_id":"h","tool_name":"Hostile","tool_input":{"command":"x\"#}{\\\ny"}}"##;
    let first = dotforge_runtime::run_hook(&behaviors::CATALOG, payload.as_bytes()).expect("nudge");
    let value: serde_json::Value = serde_json::from_str(&first).expect("json");
    assert_eq!(value["systemMessage"], "hostile-strings \"n\" {} {x} \\ é 1");
    let second = dotforge_runtime::run_hook(&behaviors::CATALOG, payload.as_bytes()).expect("block");
    let value: serde_json::Value = serde_json::from_str(&second).expect("json");
    let message = value["systemMessage"].as_str().expect("message");
    assert!(message.starts_with("**[hostile-strings] BLOCKED:** tab\there \"#]; panic!(); r#\" ✗ Hostile\n"), "{message}");
    let _ = std::fs::remove_dir_all(root);
}
