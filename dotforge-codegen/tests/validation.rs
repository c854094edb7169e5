//! One test per validation rule (SCHEMA §6 and dotforge's additions), each asserting what each diagnostic is and where
//! it points — its severity, code, `file:line:col` and field path — not its prose, which may be reworded. The
//! wording keeps tests of its own where it matters (`messages_read_as_written`, `errors_render_like_rustc`).

use dotforge_codegen::{generate, Code, Severity, Sources};

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

/// What the tests assert of a diagnostic: its severity, code, `file:line:col` (or `file`) and field path.
type Found = (Severity, Code, String, String);

/// The expectations written as literals, owned.
fn owned(expected: &[(Severity, Code, &str, &str)]) -> Vec<Found> {
    expected
        .iter()
        .map(|(severity, code, at, field)| (*severity, *code, (*at).to_owned(), (*field).to_owned()))
        .collect()
}

fn diagnostics(sources: &Sources) -> Vec<Found> {
    let all = match generate(sources) {
        Ok(generated) => generated.warnings,
        Err(report) => report.diagnostics,
    };
    all.into_iter()
        .map(|diagnostic| (diagnostic.severity, diagnostic.code, diagnostic.location(), diagnostic.field))
        .collect()
}

/// The one-line forms, for the tests of wording.
fn lines(sources: &Sources) -> Vec<String> {
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

fn check(behavior: &str, expected: &[(Severity, Code, &str, &str)]) {
    assert_eq!(diagnostics(&sources(INDEX, behavior)), owned(expected));
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
        &[(Severity::Error, Code::SchemaVersion, "behaviors/demo/behavior.yaml:1:17", "schema_version")],
    );
    check(
        &with("schema_version: \"1\"\nid", "schema_version: 1\nid"),
        &[(Severity::Error, Code::SchemaVersion, "behaviors/demo/behavior.yaml:1:17", "schema_version")],
    );
}

#[test]
fn rule_ids_are_unique_in_the_index() {
    let index = "schema_version: \"1\"\nbehaviors:\n  - id: demo\n  - id: demo\n";
    assert_eq!(
        diagnostics(&sources(index, VALID)),
        owned(&[(Severity::Error, Code::IndexDuplicate, "behaviors/index.yaml:4:9", "behaviors[1].id")])
    );
}

#[test]
fn rule_id_is_kebab_case_and_matches_its_folder() {
    check(
        &with("id: demo", "id: Demo_X"),
        &[(Severity::Error, Code::IdNotKebab, "behaviors/demo/behavior.yaml:2:5", "id")],
    );
    check(
        &with("id: demo", "id: other"),
        &[(Severity::Error, Code::IdFolderMismatch, "behaviors/demo/behavior.yaml:2:5", "id")],
    );
}

#[test]
fn rule_at_least_one_trigger() {
    let behavior = VALID.replace(
        &VALID[VALID.find("  triggers:").unwrap_or(0)..VALID.find("  enforcement:").unwrap_or(0)],
        "  triggers: []\n",
    );
    check(&behavior, &[(Severity::Error, Code::NoTriggers, "behaviors/demo/behavior.yaml:8:13", "policy.triggers")]);
}

#[test]
fn rule_matcher_required_for_tool_events() {
    check(
        &with("      matcher: \"Write|Edit\"\n", ""),
        &[(Severity::Error, Code::MissingKey, "behaviors/demo/behavior.yaml:9:7", "policy.triggers[0].matcher")],
    );
}

#[test]
fn rule_condition_field_from_the_closed_set() {
    check(
        &with("field: file_path", "field: filepath"),
        &[(
            Severity::Error,
            Code::UnknownValue,
            "behaviors/demo/behavior.yaml:12:18",
            "policy.triggers[0].conditions[0].field",
        )],
    );
}

#[test]
fn rule_operator_from_the_closed_set() {
    check(
        &with("operator: regex_match", "operator: matches"),
        &[(
            Severity::Error,
            Code::UnknownValue,
            "behaviors/demo/behavior.yaml:13:21",
            "policy.triggers[0].conditions[0].operator",
        )],
    );
}

#[test]
fn rule_action_from_the_closed_set() {
    check(
        &with("action: check_flag", "action: check"),
        &[(Severity::Error, Code::UnknownValue, "behaviors/demo/behavior.yaml:15:15", "policy.triggers[0].action")],
    );
}

#[test]
fn rule_set_flag_needs_flag() {
    check(
        &with(
            "      action: check_flag\n      flag: searched\n      on_present: consume\n      on_absent: violate\n",
            "      action: set_flag\n",
        ),
        &[(Severity::Error, Code::MissingKey, "behaviors/demo/behavior.yaml:9:7", "policy.triggers[0].flag")],
    );
}

#[test]
fn rule_check_flag_needs_flag_on_present_and_on_absent() {
    check(
        &with("      flag: searched\n      on_present: consume\n      on_absent: violate\n", ""),
        &[
            (Severity::Error, Code::MissingKey, "behaviors/demo/behavior.yaml:9:7", "policy.triggers[0].flag"),
            (Severity::Error, Code::MissingKey, "behaviors/demo/behavior.yaml:9:7", "policy.triggers[0].on_present"),
            (Severity::Error, Code::MissingKey, "behaviors/demo/behavior.yaml:9:7", "policy.triggers[0].on_absent"),
        ],
    );
}

#[test]
fn rule_on_present_and_on_absent_values() {
    check(
        &with("on_present: consume", "on_present: eat"),
        &[(Severity::Error, Code::UnknownValue, "behaviors/demo/behavior.yaml:17:19", "policy.triggers[0].on_present")],
    );
    check(
        &with("on_absent: violate", "on_absent: violation"),
        &[(Severity::Error, Code::UnknownValue, "behaviors/demo/behavior.yaml:18:18", "policy.triggers[0].on_absent")],
    );
}

#[test]
fn rule_flag_fields_only_on_flag_actions() {
    check(
        &with(
            "      action: check_flag\n      flag: searched\n      on_present: consume\n      on_absent: violate\n",
            "      flag: searched\n",
        ),
        &[(Severity::Error, Code::FlagMisplaced, "behaviors/demo/behavior.yaml:15:13", "policy.triggers[0].flag")],
    );
    check(
        &with(
            "      action: check_flag\n      flag: searched\n      on_present: consume\n",
            "      action: set_flag\n      flag: searched\n",
        ),
        &[(Severity::Error, Code::FlagMisplaced, "behaviors/demo/behavior.yaml:17:18", "policy.triggers[0].on_absent")],
    );
}

#[test]
fn rule_flag_only_behaviors_declare_no_escalation_rendering() {
    check(
        &with("on_absent: violate", "on_absent: skip"),
        &[
            (
                Severity::Error,
                Code::TemplateNeverShown,
                "behaviors/demo/behavior.yaml:29:19",
                "rendering.nudge_template",
            ),
            (Severity::Warning, Code::NeverViolates, "behaviors/demo/behavior.yaml:8:3", "policy.triggers"),
        ],
    );
}

#[test]
fn rule_escalation_after_non_decreasing() {
    check(
        &with("      - after: 3", "      - after: 0"),
        &[(
            Severity::Error,
            Code::EscalationAfter,
            "behaviors/demo/behavior.yaml:24:16",
            "policy.enforcement.escalation[1].after",
        )],
    );
    let swapped = with(
        "      - after: 1\n        level: nudge\n      - after: 3",
        "      - after: 3\n        level: nudge\n      - after: 1",
    );
    check(
        &swapped,
        &[(
            Severity::Error,
            Code::EscalationOrder,
            "behaviors/demo/behavior.yaml:24:16",
            "policy.enforcement.escalation[1].after",
        )],
    );
}

#[test]
fn rule_escalation_levels_non_decreasing() {
    check(
        &with("level: nudge", "level: hard_block"),
        &[(
            Severity::Error,
            Code::EscalationOrder,
            "behaviors/demo/behavior.yaml:25:16",
            "policy.enforcement.escalation[1].level",
        )],
    );
}

#[test]
fn rule_template_lengths() {
    let long_nudge = format!("nudge_template: \"{}\"", "n".repeat(121));
    check(
        &with("nudge_template: \"{behavior_name}: violation {counter}/{threshold}\"", &long_nudge),
        &[(Severity::Error, Code::TooLong, "behaviors/demo/behavior.yaml:29:19", "rendering.nudge_template")],
    );
    let long = format!("  warning_template: \"{}\"\n  block_reason: \"{}\"\n", "w".repeat(501), "b".repeat(201));
    check(
        &format!("{VALID}{long}"),
        &[
            (Severity::Error, Code::TooLong, "behaviors/demo/behavior.yaml:30:21", "rendering.warning_template"),
            (Severity::Error, Code::TooLong, "behaviors/demo/behavior.yaml:31:17", "rendering.block_reason"),
        ],
    );
}

#[test]
fn rule_every_index_id_has_a_behavior_file() {
    let index = "schema_version: \"1\"\nbehaviors:\n  - id: demo\n  - id: dem0\n  - id: unrelated\n";
    assert_eq!(
        diagnostics(&sources(index, VALID)),
        owned(&[
            (Severity::Error, Code::IndexWithoutFile, "behaviors/index.yaml:4:9", "behaviors[1].id"),
            (Severity::Error, Code::IndexWithoutFile, "behaviors/index.yaml:5:9", "behaviors[2].id"),
        ])
    );
}

#[test]
fn unknown_keys_get_a_did_you_mean() {
    check(
        &with("  enforcement:", "  enforcment:"),
        &[
            (Severity::Error, Code::UnknownKey, "behaviors/demo/behavior.yaml:19:3", "policy.enforcment"),
            (Severity::Error, Code::MissingKey, "behaviors/demo/behavior.yaml:7:1", "policy.enforcement"),
        ],
    );
}

#[test]
fn regexes_must_compile_and_look_around_is_explained() {
    check(
        &with(r"value: '\.rs$'", r"value: '(?<!test)\.rs$'"),
        &[(
            Severity::Error,
            Code::Regex,
            "behaviors/demo/behavior.yaml:14:18",
            "policy.triggers[0].conditions[0].value",
        )],
    );
    check(
        &with("matcher: \"Write|Edit\"", "matcher: \"Write(\""),
        &[(Severity::Error, Code::Regex, "behaviors/demo/behavior.yaml:10:16", "policy.triggers[0].matcher")],
    );
}

#[test]
fn numeric_operators_need_counter_and_a_number() {
    check(
        &with("operator: regex_match", "operator: gt"),
        &[(
            Severity::Error,
            Code::OperatorField,
            "behaviors/demo/behavior.yaml:13:21",
            "policy.triggers[0].conditions[0].operator",
        )],
    );
    check(
        &with(
            "field: file_path\n          operator: regex_match\n          value: '\\.rs$'",
            "field: counter\n          operator: gte\n          value: \"3\"",
        ),
        &[(
            Severity::Error,
            Code::ValueType,
            "behaviors/demo/behavior.yaml:14:18",
            "policy.triggers[0].conditions[0].value",
        )],
    );
}

#[test]
fn string_operators_need_a_string_field_and_value() {
    check(
        &with("field: file_path", "field: counter"),
        &[(
            Severity::Error,
            Code::OperatorField,
            "behaviors/demo/behavior.yaml:13:21",
            "policy.triggers[0].conditions[0].operator",
        )],
    );
    check(
        &with(r"value: '\.rs$'", "value: 8080"),
        &[(
            Severity::Error,
            Code::ValueType,
            "behaviors/demo/behavior.yaml:14:18",
            "policy.triggers[0].conditions[0].value",
        )],
    );
}

#[test]
fn templates_use_only_the_six_variables() {
    check(
        &with("{counter}/{threshold}", "{count}/{threshold}"),
        &[(Severity::Error, Code::TemplateVariable, "behaviors/demo/behavior.yaml:29:19", "rendering.nudge_template")],
    );
}

#[test]
fn scope_task_or_project_warns() {
    check(
        &with("scope: session", "scope: task"),
        &[(Severity::Warning, Code::ScopeReserved, "behaviors/demo/behavior.yaml:6:8", "scope")],
    );
}

#[test]
fn a_folder_missing_from_the_index_warns() {
    let sources = sources(INDEX, VALID).with_file("forgotten/behavior.yaml", VALID);
    assert_eq!(diagnostics(&sources), owned(&[(Severity::Warning, Code::FolderNotListed, "behaviors/forgotten/", "")]));
}

#[test]
fn missing_required_keys_are_reported_at_their_parent() {
    check(
        &with("name: Demo Behavior\n", ""),
        &[(Severity::Error, Code::MissingKey, "behaviors/demo/behavior.yaml:1:1", "name")],
    );
}

#[test]
fn yaml_syntax_errors_and_tabs_point_at_the_position() {
    check(
        "schema_version: \"1\"\nid: [demo\n",
        &[(Severity::Error, Code::InvalidYaml, "behaviors/demo/behavior.yaml:3:1", "")],
    );
    check(
        &with("  recovery:\n    hint", "  recovery:\n\thint"),
        &[(Severity::Error, Code::InvalidYaml, "behaviors/demo/behavior.yaml:27:1", "")],
    );
}

#[test]
fn duplicate_keys_point_at_the_repeat() {
    check(
        &with("scope: session\n", "scope: session\nscope: session\n"),
        &[(Severity::Error, Code::DuplicateKey, "behaviors/demo/behavior.yaml:7:1", "scope")],
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
        owned(&[
            (Severity::Error, Code::UnknownValue, "behaviors/demo/behavior.yaml:6:11", "category"),
            (Severity::Error, Code::WrongType, "behaviors/demo/behavior.yaml:3:10", "enabled"),
            (Severity::Error, Code::UnknownValue, "behaviors/demo/behavior.yaml:10:14", "policy.triggers[0].event"),
            (
                Severity::Error,
                Code::UnknownValue,
                "behaviors/demo/behavior.yaml:21:20",
                "policy.enforcement.default_level"
            ),
            (Severity::Error, Code::EmptyValue, "behaviors/demo/behavior.yaml:28:11", "policy.recovery.hint"),
        ])
    );
}

/// The prose of a few diagnostics, as a user reads it on one line: position, severity and code, message, field, help.
#[test]
fn messages_read_as_written() {
    assert_eq!(
        lines(&sources(INDEX, &with("schema_version: \"1\"\nid", "schema_version: 1\nid"))),
        ["behaviors/demo/behavior.yaml:1:17: error[schema-version]: `schema_version` must be the string \"1\", found the number 1 (field `schema_version`; help: quote it: `schema_version: \"1\"`)"]
    );
    assert_eq!(
        lines(&sources(INDEX, &with("category: core", "category: corr"))),
        ["behaviors/demo/behavior.yaml:5:11: error[unknown-value]: unknown category `corr` (field `category`; help: did you mean `core`?)"]
    );
    assert_eq!(
        lines(&sources(INDEX, &with("matcher: \"Write|Edit\"", "matcher: \"Bash\""))),
        ["behaviors/demo/behavior.yaml:12:18: warning[field-never-set]: `file_path` is never set by `Bash` (field `policy.triggers[0].conditions[0].field`; help: `file_path` comes from `Write`, `Edit` or `Read`)"]
    );
    let no_index = Sources::new("behaviors").with_file("demo/behavior.yaml", VALID);
    assert_eq!(
        lines(&no_index)[0],
        "behaviors/index.yaml: error[missing-index]: missing index.yaml (help: create it with `schema_version: \"1\"` and a `behaviors:` list of `- id: …` entries)"
    );
}

#[test]
fn errors_render_like_rustc() {
    let report = generate(&sources(INDEX, &with("  enforcement:", "  enforcment:"))).expect_err("invalid");
    let text = report.to_string();
    assert!(text.starts_with(
        "error[unknown-key]: unknown key `enforcment`\n  --> behaviors/demo/behavior.yaml:19:3\n   |\n19 |   enforcment:\n   |   ^^^^^^^^^^\n   = field: policy.enforcment\n   = help: did you mean `enforcement`?\n"
    ), "{text}");
    assert!(text.ends_with("error: the behavior catalog has 2 errors; nothing was generated\n"), "{text}");
    assert!(report.diagnostics.iter().all(|diagnostic| diagnostic.severity == Severity::Error));
}

#[test]
fn missing_index_is_an_error() {
    let sources = Sources::new("behaviors").with_file("demo/behavior.yaml", VALID);
    let found = diagnostics(&sources);
    assert_eq!(found[..1], owned(&[(Severity::Error, Code::MissingIndex, "behaviors/index.yaml", "")]));
}

#[test]
fn fields_never_set_by_the_matched_tools_warn() {
    check(
        &with("matcher: \"Write|Edit\"", "matcher: \"Bash\""),
        &[(
            Severity::Warning,
            Code::FieldNeverSet,
            "behaviors/demo/behavior.yaml:12:18",
            "policy.triggers[0].conditions[0].field",
        )],
    );
}

fn with_scenario(scenario: &str) -> Vec<Found> {
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
        owned(&[
            (Severity::Error, Code::UnknownKey, "behaviors/demo/tests/first.yaml:4:15", "steps[0].expect.levle"),
            (Severity::Error, Code::KeyNotForEvent, "behaviors/demo/tests/first.yaml:6:11", "steps[1].tool"),
            (Severity::Error, Code::MissingKey, "behaviors/demo/tests/first.yaml:7:5", "steps[2].tool"),
            (Severity::Error, Code::UnknownValue, "behaviors/demo/tests/first.yaml:8:15", "steps[2].expect.level"),
            (Severity::Error, Code::WrongType, "behaviors/demo/tests/first.yaml:8:31", "steps[2].expect.counter"),
        ])
    );
}

#[test]
fn a_scenario_needs_a_name_and_steps() {
    assert_eq!(
        with_scenario("steps: []\n"),
        owned(&[
            (Severity::Error, Code::MissingKey, "behaviors/demo/tests/first.yaml:1:1", "name"),
            (Severity::Error, Code::ScenarioNoSteps, "behaviors/demo/tests/first.yaml:1:8", "steps"),
        ])
    );
}

#[test]
fn extension_runs_applies_to_command_only() {
    check(
        &with(
            "        - field: file_path\n          operator: regex_match",
            "        - field: file_path\n          operator: runs",
        ),
        &[(
            Severity::Error,
            Code::OperatorField,
            "behaviors/demo/behavior.yaml:12:18",
            "policy.triggers[0].conditions[0].field",
        )],
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
        &[
            (
                Severity::Warning,
                Code::FieldNeverSet,
                "behaviors/demo/behavior.yaml:12:18",
                "policy.triggers[0].conditions[0].field",
            ),
            (
                Severity::Error,
                Code::CommandPattern,
                "behaviors/demo/behavior.yaml:14:18",
                "policy.triggers[0].conditions[0].value",
            ),
        ],
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
        &[(
            Severity::Error,
            Code::PathGlob,
            "behaviors/demo/behavior.yaml:14:18",
            "policy.triggers[0].conditions[0].value",
        )],
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
        &[(
            Severity::Error,
            Code::OperatorField,
            "behaviors/demo/behavior.yaml:12:18",
            "policy.triggers[0].conditions[0].field",
        )],
    );
}

#[test]
fn extension_locked_must_be_a_boolean() {
    check(
        &with("scope: session\n", "scope: session\nlocked: yes please\n"),
        &[(Severity::Error, Code::WrongType, "behaviors/demo/behavior.yaml:7:9", "locked")],
    );
}

#[test]
fn a_misspelled_tool_or_another_clis_own_name_is_an_error_with_the_catalogs_name() {
    let at = "behaviors/demo/behavior.yaml:10:16";
    let field = "policy.triggers[0].matcher";
    check(
        &with("matcher: \"Write|Edit\"", "matcher: \"Wrte|Edit\""),
        &[(Severity::Error, Code::UnknownTool, at, field)],
    );
    check(
        &with("matcher: \"Write|Edit\"", "matcher: \"write|Edit\""),
        &[(Severity::Error, Code::UnknownTool, at, field)],
    );
    check(
        &with("matcher: \"Write|Edit\"", "matcher: \"write_file|Edit\""),
        &[(Severity::Error, Code::UnknownTool, at, field)],
    );
    let wording = lines(&sources(INDEX, &with("matcher: \"Write|Edit\"", "matcher: \"Wrte|Edit\"")));
    assert!(wording.iter().any(|line| line.contains("did you mean `Write`?")), "{wording:?}");
    let native = lines(&sources(INDEX, &with("matcher: \"Write|Edit\"", "matcher: \"run_shell_command\"")));
    assert!(native.iter().any(|line| line.contains("write `Bash`")), "{native:?}");
    // A tool of a client the hook does not know, kept on purpose, and an MCP tool pass.
    let kept = with("matcher: \"Write|Edit\"", "matcher: \"Wrte|Edit\"") + "metadata:\n  legacy_tools: [Wrte]\n";
    check(&kept, &[]);
    check(&with("matcher: \"Write|Edit\"", "matcher: \"Write|Edit|Frobnicate|mcp__fs__write_file\""), &[]);
}

/// The base behavior with `secret_patterns` (and what else `extra` adds) before its `policy`.
fn with_secret_patterns(extra: &str) -> String {
    with("scope: session\npolicy:", &format!("scope: session\n{extra}policy:"))
}

#[test]
fn secret_patterns_compile_into_the_catalog_and_turn_the_screening_on() {
    let behavior =
        with_secret_patterns("secret_patterns:\n  - kind: Acme deploy token\n    regex: 'acme_[A-Za-z0-9]{32}'\n");
    let generated = generate(&sources(INDEX, &behavior)).expect("valid");
    let demo = &generated.catalog.behaviors[0];
    assert_eq!(demo.secret_patterns, [("Acme deploy token".to_owned(), "acme_[A-Za-z0-9]{32}".to_owned())]);
    assert!(demo.screens_output, "patterns turn the screening on");
    assert!(generated.code.contains("SecretPattern"), "the generated catalog carries them");
    assert!(!generate(&sources(INDEX, VALID)).expect("valid").catalog.behaviors[0].screens_output);
}

#[test]
fn secret_patterns_that_cannot_work_are_build_errors_at_their_place() {
    let file = "behaviors/demo/behavior.yaml";
    check(
        &with_secret_patterns(
            "secret_patterns:\n  - kind: Token\n    regex: 'tok_(?!test)\\w+'\n  - kind: Anything\n    regex: 'x*'\n  - kind: ''\n    regex: 'k_[0-9]+'\n  - regex: 'y+'\n  - kind: Bad\n    regex: 'z+'\n    level: high\n",
        ),
        &[
            (Severity::Error, Code::Regex, &format!("{file}:9:12"), "secret_patterns[0].regex"),
            (Severity::Error, Code::SecretPattern, &format!("{file}:11:12"), "secret_patterns[1].regex"),
            (Severity::Error, Code::SecretPattern, &format!("{file}:12:11"), "secret_patterns[2].kind"),
            (Severity::Error, Code::MissingKey, &format!("{file}:14:5"), "secret_patterns[3].kind"),
            (Severity::Error, Code::UnknownKey, &format!("{file}:17:5"), "secret_patterns[4].level"),
        ],
    );
    check(
        &with_secret_patterns("screens_output: false\nsecret_patterns:\n  - kind: Token\n    regex: 'tok_[0-9]+'\n"),
        &[(Severity::Error, Code::SecretPattern, &format!("{file}:7:17"), "screens_output")],
    );
    check(
        &with_secret_patterns("secret_patterns: acme_.*\n"),
        &[(Severity::Error, Code::WrongType, &format!("{file}:7:18"), "secret_patterns")],
    );
}

#[test]
fn extension_loses_work_applies_to_commands_and_deleted_paths_only() {
    // A file tool's write is an edit, not a loss: `loses_work` on `file_path` is refused.
    let on_file_path = with(
        "          operator: regex_match\n          value: '\\.rs$'",
        "          operator: loses_work\n          value: '/**'",
    );
    check(
        &on_file_path,
        &[(
            Severity::Error,
            Code::OperatorField,
            "behaviors/demo/behavior.yaml:12:18",
            "policy.triggers[0].conditions[0].field",
        )],
    );
    let bad_globs = with(
        "        - field: file_path\n          operator: regex_match\n          value: '\\.rs$'",
        "        - field: paths\n          operator: loses_work\n          value: 'src/**'",
    );
    check(
        &bad_globs,
        &[(
            Severity::Error,
            Code::PathGlob,
            "behaviors/demo/behavior.yaml:14:18",
            "policy.triggers[0].conditions[0].value",
        )],
    );
    let on_command = with(
        "      matcher: \"Write|Edit\"\n      conditions:\n        - field: file_path\n          operator: regex_match\n          value: '\\.rs$'",
        "      matcher: \"Bash\"\n      conditions:\n        - field: command\n          operator: loses_work\n          value: '{project_dir}/**'",
    );
    let generated = generate(&sources(INDEX, &on_command)).expect("valid");
    assert!(generated.code.contains("call.loses_work(\"command\""), "the condition reaches the runtime");
    assert!(generated.code.contains("remembers_created: true"), "the session remembers what it creates");
    assert!(!generate(&sources(INDEX, VALID)).expect("valid").code.contains("remembers_created: true"));
}

#[test]
fn scenario_repositories_and_step_files_are_relative_paths_with_text() {
    let valid = "name: repo\nrepository:\n  committed: { src/lib.rs: \"x\" }\n  files: { notes.md: \"y\" }\nsteps:\n  - tool: Write\n    tool_input: { file_path: a.rs }\n    files: { a.rs: \"z\" }\n";
    let generated = generate(&sources(INDEX, VALID).with_file("demo/tests/first.yaml", valid)).expect("valid");
    let scenario = &generated.catalog.behaviors[0].scenarios[0];
    let repository = scenario.repository.as_ref().expect("a repository");
    assert_eq!(repository.committed, [("src/lib.rs".to_owned(), "x".to_owned())]);
    assert_eq!(scenario.steps[0].files, [("a.rs".to_owned(), "z".to_owned())]);
    let broken = "name: repo\nrepository:\n  committed: { ../escape: \"x\", .git/config: \"y\" }\n  files: [a]\nsteps:\n  - tool: Write\n    files: { /etc/passwd: \"z\" }\n";
    let found = with_scenario(broken);
    let codes: Vec<(Code, &str)> = found.iter().map(|found| (found.1, found.3.as_str())).collect();
    assert_eq!(
        codes,
        [
            (Code::ScenarioFiles, "repository.committed.../escape"),
            (Code::ScenarioFiles, "repository.committed..git/config"),
            (Code::ScenarioFiles, "repository.files"),
            (Code::ScenarioFiles, "steps[0].files./etc/passwd"),
        ]
    );
}
