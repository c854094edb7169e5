//! One test per validation rule (SCHEMA §6 and dotforge's additions), each asserting the exact diagnostic:
//! file, line:column, message, field path and help.

use dotforge_codegen::{generate, Severity, Sources};

const INDEX: &str = "schema_version: \"1\"\nbehaviors:\n  - id: demo\n";

/// A valid behavior; tests replace one piece of it. Line numbers matter: see the comments.
const VALID: &str = r#"schema_version: "1"
id: demo
name: Demo Behavior
description: A behavior used by the validation tests.
category: core
scope: session
policy:
  triggers:
    - event: PreToolUse
      matcher: "Write|Edit"
      conditions:
        - field: file_path
          operator: regex_match
          value: '\.rs$'
      action: check_flag
      flag: searched
      on_present: consume
      on_absent: violate
  enforcement:
    default_level: silent
    escalation:
      - after: 1
        level: nudge
      - after: 3
        level: soft_block
  recovery:
    hint: Search first.
rendering:
  nudge_template: "{behavior_name}: violation {counter}/{threshold}"
"#;

fn sources(index: &str, behavior: &str) -> Sources {
    Sources::new("behaviors").with_file("index.yaml", index).with_file("demo/behavior.yaml", behavior)
}

fn diagnostics(sources: &Sources) -> Vec<String> {
    match generate(sources) {
        Ok(generated) => generated.warnings.iter().map(|diagnostic| diagnostic.one_line()).collect(),
        Err(report) => report.diagnostics.iter().map(|diagnostic| diagnostic.one_line()).collect(),
    }
}

/// The behavior with `from` replaced by `to` (which must occur exactly once).
fn with(from: &str, to: &str) -> String {
    assert_eq!(VALID.matches(from).count(), 1, "`{from}` must occur once in VALID");
    VALID.replace(from, to)
}

fn check(behavior: &str, expected: &[&str]) {
    assert_eq!(diagnostics(&sources(INDEX, behavior)), expected);
}

#[test]
fn the_base_behavior_is_valid_without_warnings() {
    let generated = generate(&sources(INDEX, VALID)).expect("valid");
    assert!(generated.warnings.is_empty());
    assert_eq!(generated.catalog.behaviors.len(), 1);
}

#[test]
fn rule_schema_version_must_equal_1() {
    check(
        &with("schema_version: \"1\"\nid", "schema_version: \"2\"\nid"),
        &["behaviors/demo/behavior.yaml:1:17: error: unsupported schema_version `2` (field `schema_version`; help: this dotforge reads schema_version \"1\")"],
    );
    check(
        &with("schema_version: \"1\"\nid", "schema_version: 1\nid"),
        &["behaviors/demo/behavior.yaml:1:17: error: `schema_version` must be the string \"1\", found the number 1 (field `schema_version`; help: quote it: `schema_version: \"1\"`)"],
    );
}

#[test]
fn rule_ids_are_unique_in_the_index() {
    let index = "schema_version: \"1\"\nbehaviors:\n  - id: demo\n  - id: demo\n";
    assert_eq!(
        diagnostics(&sources(index, VALID)),
        ["behaviors/index.yaml:4:9: error: behavior `demo` is listed twice (field `behaviors[1].id`; help: ids must be unique; remove the repeated entry)"]
    );
}

#[test]
fn rule_id_is_kebab_case_and_matches_its_folder() {
    check(
        &with("id: demo", "id: Demo_X"),
        &["behaviors/demo/behavior.yaml:2:5: error: id `Demo_X` is not kebab-case (field `id`; help: use lowercase letters, digits and inner hyphens, matching `[a-z][a-z0-9-]*[a-z0-9]`)"],
    );
    check(
        &with("id: demo", "id: other"),
        &["behaviors/demo/behavior.yaml:2:5: error: id `other` does not match its folder `demo/` (field `id`; help: set `id: demo` or rename the folder and its index entry)"],
    );
}

#[test]
fn rule_at_least_one_trigger() {
    let behavior = VALID.replace(
        &VALID[VALID.find("  triggers:").unwrap_or(0)..VALID.find("  enforcement:").unwrap_or(0)],
        "  triggers: []\n",
    );
    check(
        &behavior,
        &["behaviors/demo/behavior.yaml:8:13: error: a behavior needs at least one trigger (field `policy.triggers`; help: add a trigger such as `- event: PreToolUse` with a `matcher`)"],
    );
}

#[test]
fn rule_matcher_required_for_tool_events() {
    check(
        &with("      matcher: \"Write|Edit\"\n", ""),
        &["behaviors/demo/behavior.yaml:9:7: error: missing required key `matcher` (field `policy.triggers[0].matcher`; help: add `matcher: \"Write|Edit\"`)"],
    );
}

#[test]
fn rule_condition_field_from_the_closed_set() {
    check(
        &with("field: file_path", "field: filepath"),
        &["behaviors/demo/behavior.yaml:12:18: error: unknown field `filepath` (field `policy.triggers[0].conditions[0].field`; help: did you mean `file_path`?)"],
    );
}

#[test]
fn rule_operator_from_the_closed_set() {
    check(
        &with("operator: regex_match", "operator: matches"),
        &["behaviors/demo/behavior.yaml:13:21: error: unknown operator `matches` (field `policy.triggers[0].conditions[0].operator`; help: expected one of `regex_match`, `contains`, `not_contains`, `equals`, `starts_with`, `ends_with`, `gt`, `lt`, `gte`, `lte`, `exists`, `not_exists`, `runs`, `writes` or `reads`)"],
    );
}

#[test]
fn rule_action_from_the_closed_set() {
    check(
        &with("action: check_flag", "action: check"),
        &["behaviors/demo/behavior.yaml:15:15: error: unknown action `check` (field `policy.triggers[0].action`; help: did you mean `check_flag`?)"],
    );
}

#[test]
fn rule_set_flag_needs_flag() {
    check(
        &with("      action: check_flag\n      flag: searched\n      on_present: consume\n      on_absent: violate\n", "      action: set_flag\n"),
        &["behaviors/demo/behavior.yaml:9:7: error: missing required key `flag` (field `policy.triggers[0].flag`; help: add `flag: search_context_ready`)"],
    );
}

#[test]
fn rule_check_flag_needs_flag_on_present_and_on_absent() {
    check(
        &with("      flag: searched\n      on_present: consume\n      on_absent: violate\n", ""),
        &[
            "behaviors/demo/behavior.yaml:9:7: error: missing required key `flag` (field `policy.triggers[0].flag`; help: add `flag: search_context_ready`)",
            "behaviors/demo/behavior.yaml:9:7: error: missing required key `on_present` (field `policy.triggers[0].on_present`; help: add `on_present: consume`)",
            "behaviors/demo/behavior.yaml:9:7: error: missing required key `on_absent` (field `policy.triggers[0].on_absent`; help: add `on_absent: skip`)",
        ],
    );
}

#[test]
fn rule_on_present_and_on_absent_values() {
    check(
        &with("on_present: consume", "on_present: eat"),
        &["behaviors/demo/behavior.yaml:17:19: error: unknown on present `eat` (field `policy.triggers[0].on_present`; help: expected one of `consume` or `keep`)"],
    );
    check(
        &with("on_absent: violate", "on_absent: violation"),
        &["behaviors/demo/behavior.yaml:18:18: error: unknown on absent `violation` (field `policy.triggers[0].on_absent`; help: did you mean `violate`?)"],
    );
}

#[test]
fn rule_flag_fields_only_on_flag_actions() {
    check(
        &with("      action: check_flag\n      flag: searched\n      on_present: consume\n      on_absent: violate\n", "      flag: searched\n"),
        &["behaviors/demo/behavior.yaml:15:13: error: `flag` has no effect on an `evaluate` trigger (field `policy.triggers[0].flag`; help: set `action: set_flag` or `action: check_flag`, or remove `flag`)"],
    );
    check(
        &with("      action: check_flag\n      flag: searched\n      on_present: consume\n", "      action: set_flag\n      flag: searched\n"),
        &["behaviors/demo/behavior.yaml:17:18: error: `on_absent` only applies to `action: check_flag`, this trigger is `set_flag` (field `policy.triggers[0].on_absent`; help: remove `on_absent` or set `action: check_flag`)"],
    );
}

#[test]
fn rule_flag_only_behaviors_declare_no_escalation_rendering() {
    check(
        &with("on_absent: violate", "on_absent: skip"),
        &[
            "behaviors/demo/behavior.yaml:29:19: error: `nudge_template` is never shown: every trigger is a flag action that cannot violate (field `rendering.nudge_template`; help: add an `evaluate` trigger or a `check_flag` with `on_absent: violate`, or remove the template)",
            "behaviors/demo/behavior.yaml:8:3: warning: no trigger of this behavior can produce a violation (field `policy.triggers`; help: it only sets or checks flags; add an `evaluate` trigger or `on_absent: violate`)",
        ],
    );
}

#[test]
fn rule_escalation_after_non_decreasing() {
    check(
        &with("      - after: 3", "      - after: 0"),
        &["behaviors/demo/behavior.yaml:24:16: error: `after` must be a whole number >= 1, found `0` (field `policy.enforcement.escalation[1].after`; help: counters start at 1: `after: 1` means the first violation)"],
    );
    let swapped = with(
        "      - after: 1\n        level: nudge\n      - after: 3",
        "      - after: 3\n        level: nudge\n      - after: 1",
    );
    check(
        &swapped,
        &["behaviors/demo/behavior.yaml:24:16: error: escalation `after` values must not decrease: 1 comes after 3 (field `policy.enforcement.escalation[1].after`; help: list the steps in ascending `after` order)"],
    );
}

#[test]
fn rule_escalation_levels_non_decreasing() {
    check(
        &with("level: nudge", "level: hard_block"),
        &["behaviors/demo/behavior.yaml:25:16: error: escalation levels must not decrease: `soft_block` comes after `hard_block` (field `policy.enforcement.escalation[1].level`; help: order the levels `silent`, `nudge`, `warning`, `soft_block` or `hard_block`)"],
    );
}

#[test]
fn rule_template_lengths() {
    let long_nudge = format!("nudge_template: \"{}\"", "n".repeat(121));
    check(
        &with("nudge_template: \"{behavior_name}: violation {counter}/{threshold}\"", &long_nudge),
        &["behaviors/demo/behavior.yaml:29:19: error: `nudge_template` is 121 characters; the limit is 120 (field `rendering.nudge_template`; help: shorten it)"],
    );
    let long = format!("  warning_template: \"{}\"\n  block_reason: \"{}\"\n", "w".repeat(501), "b".repeat(201));
    check(
        &format!("{VALID}{long}"),
        &[
            "behaviors/demo/behavior.yaml:30:21: error: `warning_template` is 501 characters; the limit is 500 (field `rendering.warning_template`; help: shorten it)",
            "behaviors/demo/behavior.yaml:31:17: error: `block_reason` is 201 characters; the limit is 200 (field `rendering.block_reason`; help: shorten it)",
        ],
    );
}

#[test]
fn rule_every_index_id_has_a_behavior_file() {
    let index = "schema_version: \"1\"\nbehaviors:\n  - id: demo\n  - id: dem0\n  - id: unrelated\n";
    assert_eq!(
        diagnostics(&sources(index, VALID)),
        [
            "behaviors/index.yaml:4:9: error: no behavior file behaviors/dem0/behavior.yaml for index entry `dem0` (field `behaviors[1].id`; help: did you mean `demo`?)",
            "behaviors/index.yaml:5:9: error: no behavior file behaviors/unrelated/behavior.yaml for index entry `unrelated` (field `behaviors[2].id`; help: create behaviors/unrelated/behavior.yaml or remove this entry)",
        ]
    );
}

#[test]
fn unknown_keys_get_a_did_you_mean() {
    check(
        &with("  enforcement:", "  enforcment:"),
        &[
            "behaviors/demo/behavior.yaml:19:3: error: unknown key `enforcment` (field `policy.enforcment`; help: did you mean `enforcement`?)",
            "behaviors/demo/behavior.yaml:7:1: error: missing required key `enforcement` (field `policy.enforcement`; help: add `enforcement: { default_level: silent }`)",
        ],
    );
}

#[test]
fn regexes_must_compile_and_look_around_is_explained() {
    check(
        &with(r"value: '\.rs$'", r"value: '(?<!test)\.rs$'"),
        &[
            r"behaviors/demo/behavior.yaml:14:18: error: regex `(?<!test)\.rs$` does not compile (field `policy.triggers[0].conditions[0].value`; help: look-around (`(?=`, `(?!`, `(?<=`, `(?<!`) is not supported by the regex crate, which guarantees linear-time matching; match the text itself, or split the check into two conditions with `not_contains`)",
        ],
    );
    check(
        &with("matcher: \"Write|Edit\"", "matcher: \"Write(\""),
        &["behaviors/demo/behavior.yaml:10:16: error: matcher regex `Write(` does not compile (field `policy.triggers[0].matcher`; help: the regex crate says: unclosed group)"],
    );
}

#[test]
fn numeric_operators_need_counter_and_a_number() {
    check(
        &with("operator: regex_match", "operator: gt"),
        &["behaviors/demo/behavior.yaml:13:21: error: `gt` is a numeric operator; it needs the `counter` field, not `file_path` (field `policy.triggers[0].conditions[0].operator`; help: use one of `regex_match`, `contains`, `not_contains`, `equals`, `starts_with` or `ends_with` with `file_path`)"],
    );
    check(
        &with("field: file_path\n          operator: regex_match\n          value: '\\.rs$'", "field: counter\n          operator: gte\n          value: \"3\""),
        &["behaviors/demo/behavior.yaml:14:18: error: `gte` on `counter` needs a whole number, found the string `3` (field `policy.triggers[0].conditions[0].value`; help: write a non-negative integer without quotes, e.g. `value: 3`)"],
    );
}

#[test]
fn string_operators_need_a_string_field_and_value() {
    check(
        &with("field: file_path", "field: counter"),
        &["behaviors/demo/behavior.yaml:13:21: error: `regex_match` is a string operator but `counter` is a number (field `policy.triggers[0].conditions[0].operator`; help: use one of `gt`, `lt`, `gte`, `lte` or `equals` with `counter`)"],
    );
    check(
        &with(r"value: '\.rs$'", "value: 8080"),
        &["behaviors/demo/behavior.yaml:14:18: error: `regex_match` on `file_path` needs a string value, found `8080` (field `policy.triggers[0].conditions[0].value`; help: put the value in quotes)"],
    );
}

#[test]
fn templates_use_only_the_six_variables() {
    check(
        &with("{counter}/{threshold}", "{count}/{threshold}"),
        &["behaviors/demo/behavior.yaml:29:19: error: unknown template variable `{count}` (field `rendering.nudge_template`; help: did you mean `{counter}`? variables are `behavior_name`, `behavior_id`, `counter`, `tool_name`, `level` or `threshold`)"],
    );
}

#[test]
fn scope_task_or_project_warns() {
    check(
        &with("scope: session", "scope: task"),
        &["behaviors/demo/behavior.yaml:6:8: warning: `scope: task` is reserved; it acts as `session` in v1 (field `scope`; help: set `scope: session`)"],
    );
}

#[test]
fn a_folder_missing_from_the_index_warns() {
    let sources = sources(INDEX, VALID).with_file("forgotten/behavior.yaml", VALID);
    assert_eq!(
        diagnostics(&sources),
        ["behaviors/forgotten/: warning: behavior folder `forgotten/` is not listed in index.yaml and is not compiled (help: add `- id: forgotten` (with `enabled: false` to keep it off) or remove the folder)"]
    );
}

#[test]
fn missing_required_keys_are_reported_at_their_parent() {
    check(
        &with("name: Demo Behavior\n", ""),
        &["behaviors/demo/behavior.yaml:1:1: error: missing required key `name` (field `name`; help: add `name: Search Before Writing`)"],
    );
}

#[test]
fn yaml_syntax_errors_and_tabs_point_at_the_position() {
    check(
        "schema_version: \"1\"\nid: [demo\n",
        &["behaviors/demo/behavior.yaml:3:1: error: invalid YAML: did not find expected ',' or ']' (help: fix the YAML syntax at this position)"],
    );
    check(
        &with("  recovery:\n    hint", "  recovery:\n\thint"),
        &["behaviors/demo/behavior.yaml:27:1: error: invalid YAML: found character that cannot start any token (help: YAML indentation must use spaces; replace the tab characters)"],
    );
}

#[test]
fn duplicate_keys_point_at_the_repeat() {
    check(
        &with("scope: session\n", "scope: session\nscope: session\n"),
        &["behaviors/demo/behavior.yaml:7:1: error: duplicate key `scope` (field `scope`; help: each key may appear once per mapping; remove or merge the repeated one)"],
    );
}

#[test]
fn five_mistakes_are_all_reported_at_once() {
    let broken = VALID
        .replace("id: demo", "id: demo\nenabled: maybe")
        .replace("category: core", "category: corе")
        .replace("event: PreToolUse", "event: PreTooluse")
        .replace("default_level: silent", "default_level: loud")
        .replace("hint: Search first.", "hint: \"\"");
    let found = diagnostics(&sources(INDEX, &broken));
    assert_eq!(
        found,
        [
            "behaviors/demo/behavior.yaml:6:11: error: unknown category `corе` (field `category`; help: did you mean `core`?)",
            "behaviors/demo/behavior.yaml:3:10: error: `enabled` must be `true` or `false`, found a string (field `enabled`; help: write `true` or `false` without quotes)",
            "behaviors/demo/behavior.yaml:10:14: error: unknown event `PreTooluse` (field `policy.triggers[0].event`; help: did you mean `PreToolUse`?)",
            "behaviors/demo/behavior.yaml:21:20: error: unknown default level `loud` (field `policy.enforcement.default_level`; help: expected one of `silent`, `nudge`, `warning`, `soft_block` or `hard_block`)",
            "behaviors/demo/behavior.yaml:28:11: error: `policy.recovery.hint` is empty (field `policy.recovery.hint`; help: write e.g. `hint: \"Use Grep or Glob before writing code.\"`)",
        ]
    );
}

#[test]
fn errors_render_like_rustc() {
    let report = generate(&sources(INDEX, &with("  enforcement:", "  enforcment:"))).expect_err("invalid");
    let text = report.to_string();
    assert!(text.starts_with(
        "error: unknown key `enforcment`\n  --> behaviors/demo/behavior.yaml:19:3\n   |\n19 |   enforcment:\n   |   ^^^^^^^^^^\n   = field: policy.enforcment\n   = help: did you mean `enforcement`?\n"
    ), "{text}");
    assert!(text.ends_with("error: the behavior catalog has 2 errors; nothing was generated\n"), "{text}");
    assert!(report.diagnostics.iter().all(|diagnostic| diagnostic.severity == Severity::Error));
}

#[test]
fn missing_index_is_an_error() {
    let sources = Sources::new("behaviors").with_file("demo/behavior.yaml", VALID);
    let found = diagnostics(&sources);
    assert_eq!(found[0], "behaviors/index.yaml: error: missing index.yaml (help: create it with `schema_version: \"1\"` and a `behaviors:` list of `- id: …` entries)");
}

#[test]
fn fields_never_set_by_the_matched_tools_warn() {
    check(
        &with("matcher: \"Write|Edit\"", "matcher: \"Bash\""),
        &["behaviors/demo/behavior.yaml:12:18: warning: `file_path` is never set by `Bash` (field `policy.triggers[0].conditions[0].field`; help: `file_path` comes from `Write`, `Edit` or `Read`)"],
    );
}

fn with_scenario(scenario: &str) -> Vec<String> {
    diagnostics(&sources(INDEX, VALID).with_file("demo/tests/first.yaml", scenario))
}

#[test]
fn valid_scenarios_compile_into_the_catalog() {
    let scenario = "name: works\nsteps:\n  - tool: Write\n    tool_input: { file_path: a.rs }\n    expect: { level: nudge, counter: 1 }\n";
    let generated = generate(&sources(INDEX, VALID).with_file("demo/tests/first.yaml", scenario)).expect("valid");
    let scenarios = &generated.catalog.behaviors[0].scenarios;
    assert_eq!(scenarios.len(), 1);
    assert_eq!(scenarios[0].steps[0].tool_input, r#"{"file_path":"a.rs"}"#);
    assert_eq!(scenarios[0].steps[0].line, 3);
    assert!(generated.code.contains("fn first() {"), "one named test per scenario");
}

#[test]
fn broken_scenarios_fail_the_build_with_file_and_line() {
    let scenario = "name: broken\nsteps:\n  - tool: Write\n    expect: { levle: nudge }\n  - event: Stop\n    tool: Bash\n  - event: PreToolUse\n    expect: { level: blocked, counter: -1 }\n";
    assert_eq!(
        with_scenario(scenario),
        [
            "behaviors/demo/tests/first.yaml:4:15: error: unknown key `levle` (field `steps[0].expect.levle`; help: did you mean `level`?)",
            "behaviors/demo/tests/first.yaml:6:11: error: `tool` does not apply to Stop events (field `steps[1].tool`; help: remove `tool` or change `event`)",
            "behaviors/demo/tests/first.yaml:7:5: error: missing required key `tool` (field `steps[2].tool`; help: add `tool: Bash`)",
            "behaviors/demo/tests/first.yaml:8:15: error: unknown level `blocked` (field `steps[2].expect.level`; help: expected one of `pass`, `override`, `silent`, `nudge`, `warning`, `soft_block` or `hard_block`)",
            "behaviors/demo/tests/first.yaml:8:31: error: `counter` must be a whole number, found a number (field `steps[2].expect.counter`; help: write e.g. `counter: 2`)",
        ]
    );
}

#[test]
fn a_scenario_needs_a_name_and_steps() {
    assert_eq!(
        with_scenario("steps: []\n"),
        [
            "behaviors/demo/tests/first.yaml:1:1: error: missing required key `name` (field `name`; help: add `name: \"escalates to a block\"`)",
            "behaviors/demo/tests/first.yaml:1:8: error: a scenario needs at least one step (field `steps`; help: add a step with an `expect`)",
        ]
    );
}

#[test]
fn the_readme_behavior_example_is_valid() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).expect("README.md");
    let start = readme.find("# behaviors/search-first/behavior.yaml\n").expect("example in README");
    let example = &readme[start..readme[start..].find("```").map_or(readme.len(), |end| start + end)];
    let index = "schema_version: \"1\"\nbehaviors:\n  - id: search-first\n";
    let sources =
        Sources::new("behaviors").with_file("index.yaml", index).with_file("search-first/behavior.yaml", example);
    let generated = generate(&sources).unwrap_or_else(|report| panic!("README example is invalid:\n{report}"));
    assert!(generated.warnings.is_empty(), "{:?}", generated.warnings);
}

#[test]
fn extension_runs_applies_to_command_only() {
    check(
        &with("        - field: file_path\n          operator: regex_match", "        - field: file_path\n          operator: runs"),
        &["behaviors/demo/behavior.yaml:12:18: error: `runs` applies to `command`, not `file_path` (field `policy.triggers[0].conditions[0].field`; help: match `command` with a command pattern, e.g. `value: \"git push -f|--force\"`)"],
    );
}

#[test]
fn extension_command_patterns_are_checked() {
    let behavior = with(
        "        - field: file_path\n          operator: regex_match\n          value: '\\.rs$'",
        "        - field: command\n          operator: runs\n          value: 'git push -rf'",
    );
    check(
        &behavior,
        &["behaviors/demo/behavior.yaml:12:18: warning: `command` is never set by `Write` or `Edit` (field `policy.triggers[0].conditions[0].field`; help: `command` comes from `Bash`)", "behaviors/demo/behavior.yaml:14:18: error: `-rf` is not one short option (field `policy.triggers[0].conditions[0].value`; help: write combined short flags as separate requirements (`-r -f`) or alternatives (`-r|-f`); `-rf` in a command is matched by `-r -f`)"],
    );
}

#[test]
fn extension_path_globs_are_checked() {
    let behavior = with(
        "          operator: regex_match\n          value: '\\.rs$'",
        "          operator: writes\n          value: '{forge}/x .env'",
    );
    check(
        &behavior,
        &["behaviors/demo/behavior.yaml:14:18: error: `{forge}` in `{forge}/x` is not a placeholder (field `policy.triggers[0].conditions[0].value`; help: a glob may start with a placeholder: `{forge_root}`, `{project_dir}`, `{hook_binary}`, `{hook_sources}` or `{behaviors_dir}`)"],
    );
}

#[test]
fn extension_reads_and_writes_apply_to_commands_and_path_fields() {
    let behavior = with(
        "        - field: file_path\n          operator: regex_match\n          value: '\\.rs$'",
        "        - field: content\n          operator: reads\n          value: '**/.env'",
    );
    check(
        &behavior,
        &["behaviors/demo/behavior.yaml:12:18: error: `reads` applies to `command`, `file_path` or `notebook_path`, not `content` (field `policy.triggers[0].conditions[0].field`; help: use `command` (what a Bash command reads or writes) or a path field)"],
    );
}

#[test]
fn extension_locked_must_be_a_boolean() {
    check(
        &with("scope: session\n", "scope: session\nlocked: yes please\n"),
        &["behaviors/demo/behavior.yaml:7:9: error: `locked` must be `true` or `false`, found a string (field `locked`; help: write `true` or `false` without quotes)"],
    );
}
