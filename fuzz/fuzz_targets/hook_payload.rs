//! Fuzz target: payload decoding and the whole evaluation loop (with state in a scratch FORGE_ROOT) against the
//! conformance catalog. Crashes are panics; the output must be nothing or one JSON object.
#![no_main]

use libfuzzer_sys::fuzz_target;

dotforge_runtime::include_behaviors!("conformance.rs");

fuzz_target!(|data: &[u8]| {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let root = std::env::temp_dir().join(format!("dotforge-fuzz-{}", std::process::id()));
        std::env::set_var("FORGE_ROOT", root.join(".forge"));
    });
    if let Some(output) = dotforge_runtime::run_hook(&behaviors::CATALOG, data) {
        let value: serde_json::Value = serde_json::from_str(&output).expect("the hook prints valid JSON");
        assert!(value.is_object(), "the hook prints a JSON object");
    }
});
