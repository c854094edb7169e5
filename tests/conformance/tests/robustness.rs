//! CONTRACT §2: whatever the hook is fed, it exits 0 and prints nothing or one valid JSON object; and concurrent
//! events on one session lose no count.
use dotforge_conformance::hook::Hook;
use serde_json::json;

#[test]
fn hostile_payloads_exit_zero_with_at_most_one_json_object() {
    let hook = Hook::conformance("hostile");
    let big = format!(
        r#"{{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Bash","tool_input":{{"command":"{}"}}}}"#,
        "x".repeat(5 * 1024 * 1024)
    );
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let payloads: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"[]".to_vec(),
        b"\"x\"".to_vec(),
        b"null".to_vec(),
        b"{".to_vec(),
        b"\xff\xfe not utf8".to_vec(),
        nested.into_bytes(),
        big.into_bytes(),
        br#"{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Hard","tool_input":"just a string"}"#.to_vec(),
        br#"{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"Ladder","tool_input":{},"permission_mode":"brandNewMode"}"#.to_vec(),
        br#"{"hook_event_name":7,"session_id":["s"],"tool_name":{"a":1},"tool_input":[1,2]}"#.to_vec(),
        br#"{"hook_event_name":"PreToolUse","session_id":"","tool_name":null,"tool_input":null}"#.to_vec(),
        br#"{"hook_event_name":"Stop","stop_hook_active":"yes"}"#.to_vec(),
        br#"{"hook_event_name":"UserPromptSubmit","session_id":"s","prompt":{"text":"forbidden"}}"#.to_vec(),
    ];
    for payload in payloads {
        let run = hook.run_bytes(&payload);
        run.checked();
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
    let unknown_mode = hook.run_bytes(
        br#"{"hook_event_name":"PreToolUse","session_id":"m","tool_name":"Ladder","tool_input":{},"permission_mode":"brandNewMode"}"#,
    );
    assert_eq!(unknown_mode.message(), "Ladder: Climb the ladder slowly. (violation 1/3)");
}

#[test]
fn concurrent_events_on_one_session_lose_no_count() {
    let hook = Hook::conformance("concurrent");
    let payload = json!({"hook_event_name": "PreToolUse", "session_id": "s", "tool_name": "Count", "tool_input": {}});
    let children: Vec<_> = (0..32)
        .map(|_| {
            let mut command = hook.command();
            command
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped());
            command.spawn().expect("spawn")
        })
        .collect();
    let mut outputs = Vec::new();
    for mut child in children {
        if let Some(mut stdin) = child.stdin.take() {
            use std::io::Write;
            let _ = stdin.write_all(payload.to_string().as_bytes());
        }
        outputs.push(child);
    }
    for child in outputs {
        let output = child.wait_with_output().expect("wait");
        assert_eq!(output.status.code(), Some(0));
        assert!(output.stdout.is_empty());
        assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
    }
    assert_eq!(hook.counter("s", "counted"), 32);
}
