//! Fuzz target: any text as the `command` of a Bash PreToolUse, against the curated catalog (which reads commands
//! as commands: `runs`, `writes`, `reads`). Nothing may panic; the output is nothing or one JSON object.
#![no_main]

use libfuzzer_sys::fuzz_target;

dotforge_runtime::include_behaviors!("curated.rs");

fuzz_target!(|data: &[u8]| {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let root = std::env::temp_dir().join(format!("dotforge-fuzz-bash-{}", std::process::id()));
        std::env::set_var("FORGE_ROOT", root.join(".forge"));
    });
    let command = String::from_utf8_lossy(data);
    let payload = serde_json::json!({"hook_event_name": "PreToolUse", "session_id": "fuzz", "cwd": "/tmp",
        "tool_name": "Bash", "tool_input": {"command": command}});
    if let Some(output) = dotforge_runtime::run_hook(&behaviors::CATALOG, payload.to_string().as_bytes()) {
        let value: serde_json::Value = serde_json::from_str(&output).expect("the hook prints valid JSON");
        assert!(value.is_object(), "the hook prints a JSON object");
    }
});
