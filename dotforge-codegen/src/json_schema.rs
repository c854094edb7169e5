//! JSON Schemas of behavior.yaml, index.yaml and scenario files, for editors (`yaml-language-server`). Keys and
//! enum values come from the same tables in [`crate::schema`] that validation uses; this module only says which
//! kind of value each key holds. Validation remains stricter (regexes compile, templates, cross-field rules).

use crate::schema::*;
use serde_json::{json, Map, Value};

fn enumeration(values: &[&str]) -> Value {
    json!({"type": "string", "enum": values})
}

fn strings() -> Value {
    json!({"type": "array", "items": {"type": "string"}})
}

fn object(keys: &[&str], required: &[&str], property: impl Fn(&str) -> Value) -> Value {
    let properties: Map<String, Value> = keys.iter().map(|key| ((*key).to_owned(), property(key))).collect();
    json!({"type": "object", "additionalProperties": false, "required": required, "properties": properties})
}

/// The kind of value of each key; an unknown key yields `Null`, which the tests reject.
fn property(key: &str) -> Value {
    match key {
        "schema_version" => json!({"const": "1"}),
        "id" => json!({"type": "string", "pattern": "^[a-z][a-z0-9-]*[a-z0-9]$"}),
        "name" | "description" | "hint" | "suggested_tool" | "suggested_action" | "author" | "override_prompt"
        | "tool" | "prompt" | "session" | "agent" => json!({"type": "string"}),
        "version" => json!({"type": "string", "pattern": "^[0-9]+\\.[0-9]+\\.[0-9]+"}),
        "enabled" | "stop_hook_active" | "locked" | "screens_output" => json!({"type": "boolean"}),
        "category" => enumeration(CATEGORIES),
        "scope" => enumeration(SCOPES),
        "event" => enumeration(EVENTS),
        "matcher" => json!({"type": "string"}),
        "logic" => enumeration(LOGICS),
        "action" => enumeration(ACTIONS),
        "flag" => json!({"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}),
        "on_present" => enumeration(ON_PRESENT),
        "on_absent" => enumeration(ON_ABSENT),
        "field" => enumeration(FIELDS),
        "operator" => enumeration(OPERATORS),
        "value" => json!({"type": ["string", "integer"]}),
        "default_level" => enumeration(LEVELS),
        "after" => json!({"type": "integer", "minimum": 1}),
        "nudge_template" => json!({"type": "string", "maxLength": NUDGE_MAX}),
        "warning_template" => json!({"type": "string", "maxLength": WARNING_MAX}),
        "block_reason" => json!({"type": "string", "maxLength": BLOCK_REASON_MAX}),
        "tools" | "agents" | "tags" | "legacy_tools" => strings(),
        "profiles" => json!({"type": "array", "items": enumeration(PROFILES)}),
        "profile" => enumeration(PROFILES),
        "counter" | "overrides" => json!({"type": "integer", "minimum": 0}),
        "soft_block" => enumeration(SOFT_BLOCK_MODES),
        "user" => enumeration(USER_ANSWERS),
        "decision" => enumeration(DECISIONS),
        "message_contains" | "flag_present" | "flag_absent" => json!({"anyOf": [{"type": "string"}, strings()]}),
        "tool_input" => json!({"type": "object"}),
        "committed" | "files" => json!({"type": "object", "additionalProperties": {"type": "string"}}),
        "repository" => object(REPOSITORY_KEYS, &[], property),
        "secret_patterns" => {
            json!({"type": "array", "items": object(SECRET_PATTERN_KEYS, SECRET_PATTERN_KEYS, property)})
        }
        "kind" => json!({"type": "string", "minLength": 1}),
        "regex" => json!({"type": "string", "minLength": 1}),
        _ => Value::Null,
    }
}

/// Schema of `behaviors/<id>/behavior.yaml`.
pub fn behavior_schema() -> Value {
    let condition = object(CONDITION_KEYS, &["field", "operator"], property);
    let trigger = object(TRIGGER_KEYS, &["event"], |key| match key {
        "conditions" => json!({"type": "array", "items": condition}),
        other => property(other),
    });
    let step = object(ESCALATION_KEYS, &["after", "level"], |key| match key {
        "level" => enumeration(LEVELS),
        other => property(other),
    });
    let enforcement = object(ENFORCEMENT_KEYS, &["default_level"], |key| match key {
        "escalation" => json!({"type": "array", "items": step}),
        other => property(other),
    });
    let recovery = object(RECOVERY_KEYS, &["hint"], property);
    let policy = object(POLICY_KEYS, POLICY_KEYS, |key| match key {
        "triggers" => json!({"type": "array", "minItems": 1, "items": trigger}),
        "enforcement" => enforcement.clone(),
        _ => recovery.clone(),
    });
    let mut schema =
        object(BEHAVIOR_KEYS, &["schema_version", "id", "name", "description", "category", "scope", "policy"], |key| {
            match key {
                "policy" => policy.clone(),
                "rendering" => object(RENDERING_KEYS, &[], property),
                "applies_to" => object(APPLIES_TO_KEYS, &[], property),
                "metadata" => object(METADATA_KEYS, &[], property),
                other => property(other),
            }
        });
    describe(&mut schema, "dotforge behavior.yaml (schema v1)");
    schema
}

/// Schema of `behaviors/index.yaml`.
pub fn index_schema() -> Value {
    let entry = object(INDEX_ENTRY_KEYS, &["id"], property);
    let mut schema = object(INDEX_KEYS, INDEX_KEYS, |key| match key {
        "behaviors" => json!({"type": "array", "items": entry}),
        other => property(other),
    });
    describe(&mut schema, "dotforge behaviors/index.yaml (schema v1)");
    schema
}

/// Schema of scenario files `behaviors/<id>/tests/*.yaml`.
pub fn scenario_schema() -> Value {
    let expect = object(EXPECT_KEYS, &[], |key| match key {
        "level" => enumeration(EXPECT_LEVELS),
        other => property(other),
    });
    let step = object(STEP_KEYS, &[], |key| match key {
        "expect" => expect.clone(),
        other => property(other),
    });
    let mut schema = object(SCENARIO_KEYS, &["name", "steps"], |key| match key {
        "steps" => json!({"type": "array", "minItems": 1, "items": step}),
        "description" => json!({"type": "string"}),
        other => property(other),
    });
    describe(&mut schema, "dotforge scenario test (behaviors/<id>/tests/*.yaml)");
    schema
}

fn describe(schema: &mut Value, title: &str) {
    if let Value::Object(map) = schema {
        map.insert("$schema".into(), json!("https://json-schema.org/draft/2020-12/schema"));
        map.insert("title".into(), json!(title));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_null(value: &Value) -> bool {
        match value {
            Value::Null => true,
            Value::Array(items) => items.iter().any(has_null),
            Value::Object(map) => map.values().any(has_null),
            _ => false,
        }
    }

    #[test]
    fn every_key_of_every_table_has_a_schema() {
        for schema in [behavior_schema(), index_schema(), scenario_schema()] {
            assert!(!has_null(&schema), "a key without a schema in {schema:#}");
        }
        let behavior = behavior_schema();
        let keys: Vec<&String> = behavior["properties"].as_object().map(|map| map.keys().collect()).unwrap_or_default();
        assert_eq!(keys.len(), BEHAVIOR_KEYS.len());
        assert_eq!(
            behavior["properties"]["policy"]["properties"]["triggers"]["items"]["properties"]["action"]["enum"],
            json!(ACTIONS)
        );
    }
}
