//! Fuzz target: any bytes as `runtime/state.json`, then one state-touching event. Nothing may panic, and a valid
//! state.json stays valid JSON with the event's session in it. (Bytes that are not JSON may be carried along: in the
//! one-session-per-line layout, the lines of other sessions are not read until the sweep, which then moves the file
//! aside.)
#![no_main]

use libfuzzer_sys::fuzz_target;

dotforge_runtime::include_behaviors!("conformance.rs");

/// A tool that the conformance catalog's `counted` behavior counts, so the event always reads and writes state.
const PAYLOAD: &[u8] = br#"{"hook_event_name":"PreToolUse","session_id":"fuzz","tool_name":"Count","tool_input":{"x":"y"}}"#;

fuzz_target!(|data: &[u8]| {
    let root = std::env::temp_dir().join(format!("dotforge-fuzz-state-{}", std::process::id())).join(".forge");
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::env::set_var("FORGE_ROOT", &root));
    let runtime = root.join("runtime");
    let _ = std::fs::remove_dir_all(&runtime);
    std::fs::create_dir_all(&runtime).expect("scratch dir");
    std::fs::write(runtime.join("state.json"), data).expect("write state");
    let _ = dotforge_runtime::run_hook(&behaviors::CATALOG, PAYLOAD);
    let written = std::fs::read(runtime.join("state.json")).expect("the event writes state.json");
    let given_json = serde_json::from_slice::<serde_json::Value>(data).is_ok();
    match serde_json::from_slice::<serde_json::Value>(&written) {
        Ok(value) => assert!(value["sessions"]["fuzz"].is_object(), "the event's session is saved"),
        Err(error) => assert!(!given_json, "valid JSON in, invalid JSON out: {error}"),
    }
});
