//! SPEC §2.3 and SCHEMA §3.5: set_flag / check_flag with consume, keep, skip and violate.
use dotforge_conformance::hook::Hook;
use serde_json::json;

#[test]
fn set_flag_records_set_at_without_counter_or_output() {
    let hook = Hook::conformance("set-flag");
    hook.tool("s", "FlagSet").assert_pass();
    let session = &hook.state()["sessions"]["s"];
    let set_at = session["flags"]["shared_flag"]["set_at"].as_str().unwrap_or_default().to_owned();
    assert_eq!(set_at.len(), 20, "YYYY-MM-DDTHH:MM:SSZ: {set_at}");
    assert!(set_at.ends_with('Z'));
    assert_eq!(session["behaviors"], json!({}), "flags never count");
    hook.tool("s", "FlagSet").assert_pass();
    assert_eq!(hook.state()["sessions"]["s"]["flags"].as_object().map(|flags| flags.len()), Some(1), "idempotent");
}

#[test]
fn check_flag_consume_passes_once_then_violates() {
    let hook = Hook::conformance("consume");
    assert_eq!(hook.tool("s", "FlagConsume").message(), "flag-consume 1", "absent → violate");
    hook.tool("s", "FlagSet").assert_pass();
    hook.tool("s", "FlagConsume").assert_pass();
    assert!(hook.state()["sessions"]["s"]["flags"].get("shared_flag").is_none(), "consumed");
    assert_eq!(hook.tool("s", "FlagConsume").message(), "flag-consume 2");
}

#[test]
fn check_flag_keep_leaves_the_flag() {
    let hook = Hook::conformance("keep");
    hook.tool("s", "FlagSetKeep").assert_pass();
    hook.tool("s", "FlagKeep").assert_pass();
    hook.tool("s", "FlagKeep").assert_pass();
    assert!(hook.state()["sessions"]["s"]["flags"].get("kept-flag").is_some());
    assert_eq!(hook.counter("s", "flag-keep"), 0);
}

#[test]
fn check_flag_that_passes_goes_on_to_the_next_trigger() {
    let hook = Hook::conformance("then");
    assert_eq!(hook.pre("s", "FlagThen", json!({"command": "boom"})).message(), "flag-then 1", "skip, then evaluate");
    hook.pre("s", "FlagThen", json!({"command": "calm"})).assert_pass();
    hook.tool("s", "FlagSet").assert_pass();
    hook.pre("s", "FlagThen", json!({"command": "calm"})).assert_pass();
    assert!(hook.state()["sessions"]["s"]["flags"].get("shared_flag").is_none(), "consumed by the skip trigger");
    assert_eq!(hook.pre("s", "FlagThen", json!({"command": "boom"})).message(), "flag-then 2");
}

#[test]
fn flags_belong_to_one_session() {
    let hook = Hook::conformance("flag-sessions");
    hook.tool("a", "FlagSet").assert_pass();
    assert_eq!(hook.tool("b", "FlagConsume").message(), "flag-consume 1");
    hook.tool("a", "FlagConsume").assert_pass();
}
