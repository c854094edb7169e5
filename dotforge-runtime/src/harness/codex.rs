//! Codex CLI (proven with 0.169.0). Its payloads already name the catalog's events and call its shell tool `Bash`
//! with `tool_input.command`; only `apply_patch` (its file editor, whose `tool_input.command` is the patch text) is
//! translated, into the Edit or Write of the files the patch touches. Its output schema allows no field it does not
//! know: a hard block says `permissionDecision: "deny"` without `override_allowed`, and a PreToolUse cannot ask
//! (`ask` makes Codex report the hook as failed and run the call), so a soft block is a deny that the person lifts.

use super::claude;
use super::dialect::{
    Detection, Dialect, Harness, MatcherStyle, McpNaming, OutputControl, Role, SettingsFiles, TimeUnit, Tool,
};
use super::mcp;
use crate::model::{Event, PathRole};
use crate::output::Decision;
use crate::payload::Payload;
use serde_json::{Map, Value};

/// Codex CLI (proven with 0.169.0).
pub(crate) const DIALECT: Dialect = Dialect {
    harness: Harness::Codex,
    name: "codex",
    title: "Codex CLI",
    events: &[],
    other_events: &[],
    missing_events: &[Event::PostToolUseFailure],
    tools: &[
        Tool { native: "Bash", catalog: "Bash", keys: &[], paths: &[] },
        // Read as the Edit (or Write) of each file of the patch, by `canonical` below.
        Tool { native: "apply_patch", catalog: "Edit", keys: &[], paths: &[] },
        Tool { native: "apply_patch", catalog: "Write", keys: &[], paths: &[] },
        Tool { native: "apply_patch", catalog: "MultiEdit", keys: &[], paths: &[] },
    ],
    settings: SettingsFiles {
        project: ".codex/hooks.json",
        user: ".codex/hooks.json",
        user_folder_variable: Some(("CODEX_HOME", "hooks.json")),
        switches_off: &[],
    },
    matcher: MatcherStyle::CatalogNames,
    timeout: TimeUnit::Seconds,
    hook_arguments: " hook --harness codex",
    mcp: McpNaming::Separated("mcp__", "__"),
    mcp_matcher: "mcp__.*",
    hook_name: None,
    detected_by: Detection::PayloadMember("turn_id"),
    can_ask: false,
    output: OutputControl::Cannot,
};

/// The payload with `apply_patch` read as the Edit (or, for a patch that only adds one file, the Write) of the files
/// it names.
pub(super) fn canonical(payload: Payload) -> Payload {
    let payload = match mcp::canonical(DIALECT.mcp, payload.into_object()) {
        Ok(read) => return read,
        Err(root) => Payload::from_object(root),
    };
    if payload.tool_name() != "apply_patch" {
        return payload;
    }
    let patch = payload.tool_input().get("command").and_then(Value::as_str).unwrap_or("").to_owned();
    let mut root = payload.into_object();
    let (tool, input, paths) = patch_as_file_tool(&patch);
    root.insert("tool_name".into(), Value::from(tool));
    root.insert("tool_input".into(), Value::Object(input));
    Payload::from_object(root).with_paths(paths)
}

/// What a patch does, as the catalog's file tools: `Write` with the file and its lines for a patch that adds one
/// file; else `Edit` of its first file, with the lines it removes and adds — and every file it touches, with what it
/// does to it (added, updated and moved to: written; deleted and moved away: deleted), which `reads`/`writes`
/// conditions on `file_path` and `paths` look at.
fn patch_as_file_tool(patch: &str) -> (&'static str, Map<String, Value>, Vec<(String, PathRole)>) {
    let mut files: Vec<String> = Vec::new();
    let mut paths: Vec<(String, PathRole)> = Vec::new();
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    let mut only_adds = true;
    for line in patch.lines() {
        let header = ["*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "]
            .iter()
            .find_map(|prefix| line.strip_prefix(prefix).map(|path| (*prefix, path.trim())));
        if let Some((prefix, path)) = header {
            only_adds &= prefix == "*** Add File: ";
            if !files.iter().any(|known| known == path) {
                files.push(path.to_owned());
            }
            match prefix {
                "*** Delete File: " => paths.push((path.to_owned(), Role::Delete)),
                // The file updated before is moved away.
                "*** Move to: " => {
                    if let Some((from, role)) = paths.last_mut() {
                        if *role == Role::Write && from != path {
                            *role = Role::Delete;
                        }
                    }
                    paths.push((path.to_owned(), Role::Write));
                }
                _ => paths.push((path.to_owned(), Role::Write)),
            }
        } else if let Some(text) = line.strip_prefix('+') {
            added.push(text);
        } else if let Some(text) = line.strip_prefix('-') {
            removed.push(text);
        }
    }
    let mut input = Map::new();
    input.insert("file_path".into(), Value::from(files.first().cloned().unwrap_or_default()));
    if only_adds && files.len() == 1 {
        input.insert("content".into(), Value::from(added.join("\n")));
        return ("Write", input, paths);
    }
    input.insert("old_string".into(), Value::from(removed.join("\n")));
    input.insert("new_string".into(), Value::from(added.join("\n")));
    input.insert("patch".into(), Value::from(patch));
    ("Edit", input, paths)
}

/// Claude Code's objects, without the one field Codex's schema refuses.
pub(super) fn render(event: Event, decision: &Decision) -> Option<Value> {
    claude::render_with(event, decision, false)
}

#[cfg(test)]
mod tests {
    use super::{patch_as_file_tool, Role};
    use serde_json::json;

    #[test]
    fn a_patch_reads_as_the_file_tool_that_does_the_same() {
        let (tool, input, paths) =
            patch_as_file_tool("*** Begin Patch\n*** Add File: notes.txt\n+hello\n+world\n*** End Patch\n");
        assert_eq!((tool, json!(input)), ("Write", json!({"file_path": "notes.txt", "content": "hello\nworld"})));
        assert_eq!(paths, [("notes.txt".to_owned(), Role::Write)]);
        let patch = "*** Begin Patch\n*** Update File: src/a.rs\n@@\n-old\n+new\n*** Add File: .env\n+KEY=1\n*** Delete File: x\n*** Update File: y\n*** Move to: z\n*** End Patch\n";
        let (tool, input, paths) = patch_as_file_tool(patch);
        assert_eq!(tool, "Edit");
        assert_eq!(input["file_path"], "src/a.rs");
        let role = |path: &str, role| (path.to_owned(), role);
        assert_eq!(
            paths,
            [
                role("src/a.rs", Role::Write),
                role(".env", Role::Write),
                role("x", Role::Delete),
                role("y", Role::Delete),
                role("z", Role::Write)
            ]
        );
        assert_eq!((input["old_string"].as_str(), input["new_string"].as_str()), (Some("old"), Some("new\nKEY=1")));
    }
}
