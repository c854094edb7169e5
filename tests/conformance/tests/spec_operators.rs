//! SCHEMA §3: every operator of the closed DSL, both logics, counter conditions (seen before the increment), field
//! stringification and regex tool matchers.
use dotforge_conformance::hook::Hook;
use serde_json::{json, Value};

fn fires(hook: &Hook, tool: &str, input: Value) -> bool {
    // A fresh session per probe keeps every probe independent of the shared counter.
    static PROBE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let session = format!("probe-{}", PROBE.fetch_add(1, std::sync::atomic::Ordering::SeqCst));
    let run = hook.pre(&session, tool, input);
    match run.kind() {
        "pass" => false,
        "message" => {
            assert!(run.message().starts_with(&format!("ops {tool} 1")), "{}", run.message());
            true
        }
        other => panic!("unexpected {other}"),
    }
}

#[test]
fn string_operators() {
    let hook = Hook::conformance("ops");
    assert!(fires(&hook, "OpRegex", json!({"command": "git push origin main"})));
    assert!(!fires(&hook, "OpRegex", json!({"command": "echo git push"})));
    assert!(fires(&hook, "OpContains", json!({"command": "find the needle here"})));
    assert!(!fires(&hook, "OpContains", json!({"command": "haystack only"})));
    assert!(fires(&hook, "OpNotContains", json!({"command": "rm -rf build"})));
    assert!(!fires(&hook, "OpNotContains", json!({"command": "a safe command"})));
    assert!(fires(&hook, "OpEquals", json!({"file_path": "/exact/path.rs"})));
    assert!(!fires(&hook, "OpEquals", json!({"file_path": "/exact/path.rs.bak"})));
    assert!(fires(&hook, "OpStartsWith", json!({"file_path": "/etc/passwd"})));
    assert!(!fires(&hook, "OpStartsWith", json!({"file_path": "/home/etc/passwd"})));
    assert!(fires(&hook, "OpEndsWith", json!({"file_path": "/repo/Cargo.lock"})));
    assert!(!fires(&hook, "OpEndsWith", json!({"file_path": "/repo/lock.txt"})));
}

#[test]
fn unicode_word_boundaries_match_like_the_regex_crate_on_non_ascii_text() {
    let hook = Hook::conformance("unicode-boundary");
    assert!(fires(&hook, "OpRegex", json!({"command": "git push é"})));
    assert!(!fires(&hook, "OpRegex", json!({"command": "git pushé origin"})), "é is a word character: no boundary");
    assert!(fires(&hook, "OpRegex", json!({"command": "git   push"})));
    assert!(!fires(&hook, "OpRegex", json!({"command": "ügit push"})), "anchored at the start");
}

#[test]
fn existence_operators_treat_missing_null_and_empty_alike() {
    let hook = Hook::conformance("exists");
    assert!(fires(&hook, "OpExists", json!({"url": "https://example.com"})));
    assert!(!fires(&hook, "OpExists", json!({"url": ""})));
    assert!(!fires(&hook, "OpExists", json!({"url": null})));
    assert!(!fires(&hook, "OpExists", json!({})));
    assert!(fires(&hook, "OpNotExists", json!({})));
    assert!(fires(&hook, "OpNotExists", json!({"url": ""})));
    assert!(!fires(&hook, "OpNotExists", json!({"url": "https://example.com"})));
}

#[test]
fn non_string_fields_are_compared_as_their_json_text() {
    let hook = Hook::conformance("stringify");
    assert!(fires(&hook, "OpContains", json!({"command": ["needle"]})));
    assert!(fires(&hook, "OpEquals", json!({"file_path": "/exact/path.rs", "other": 1})));
    assert!(!fires(&hook, "OpContains", json!({"command": true})));
    assert!(fires(&hook, "OpExists", json!({"url": 0})), "a number is present and non-empty");
}

#[test]
fn tool_input_that_is_not_an_object_has_no_fields() {
    let hook = Hook::conformance("string-input");
    assert!(!fires(&hook, "OpContains", json!("needle")));
    assert!(fires(&hook, "OpNotExists", json!("https://example.com")));
}

#[test]
fn logic_all_and_any() {
    let hook = Hook::conformance("logic");
    assert_eq!(hook.pre("a", "LogicAll", json!({"command": "alpha and beta"})).message(), "logic-all 1");
    hook.pre("b", "LogicAll", json!({"command": "alpha only"})).assert_pass();
    assert_eq!(hook.pre("c", "LogicAny", json!({"command": "beta only"})).message(), "logic-any 1");
    hook.pre("d", "LogicAny", json!({"command": "gamma"})).assert_pass();
}

fn inject_counter(hook: &Hook, behavior: &str, counter: u64) {
    hook.write_state(&json!({"schema_version": "1", "sessions": {"s": {
        "created_at": "2999-01-01T00:00:00Z", "last_accessed_at": "2999-01-01T00:00:00Z",
        "behaviors": {behavior: {"counter": counter, "effective_level": "nudge"}}
    }}}));
}

#[test]
fn counter_conditions_see_the_value_before_the_increment() {
    let hook = Hook::conformance("counter-lt");
    assert_eq!(hook.tool("s", "CounterLt").message(), "counter-lt at 1");
    assert_eq!(hook.tool("s", "CounterLt").message(), "counter-lt at 2");
    hook.tool("s", "CounterLt").assert_pass();
    assert_eq!(hook.counter("s", "counter-lt"), 2);

    let lte = Hook::conformance("counter-lte");
    assert_eq!(lte.tool("s", "CounterLte").message(), "counter-lte at 1");
    assert_eq!(lte.tool("s", "CounterLte").message(), "counter-lte at 2");
    lte.tool("s", "CounterLte").assert_pass();

    let equals = Hook::conformance("counter-equals");
    assert_eq!(equals.tool("s", "CounterEquals").message(), "counter-equals at 1");
    equals.tool("s", "CounterEquals").assert_pass();
}

#[test]
fn counter_gt_and_gte_need_earlier_violations() {
    let gt = Hook::conformance("counter-gt");
    gt.tool("s", "CounterGt").assert_pass();
    inject_counter(&gt, "counter-gt", 1);
    assert_eq!(gt.tool("s", "CounterGt").message(), "counter-gt at 2");

    let gte = Hook::conformance("counter-gte");
    gte.tool("s", "CounterGte").assert_pass();
    inject_counter(&gte, "counter-gte", 1);
    gte.tool("s", "CounterGte").assert_pass();
    inject_counter(&gte, "counter-gte", 2);
    assert_eq!(gte.tool("s", "CounterGte").message(), "counter-gte at 3");
}

#[test]
fn regex_tool_matchers_are_unanchored_regexes() {
    let hook = Hook::conformance("regex-matcher");
    assert_eq!(hook.tool("a", "mcp__fs__write").message(), "regex-matcher mcp__fs__write");
    hook.tool("b", "mcp__fs__read").assert_pass();
}
