//! A patch (Codex CLI's `apply_patch`, Droid's `ApplyPatch`: `*** Begin Patch`, `*** Add File:`, `*** Update
//! File:`, `*** Delete File:`, `*** Move to:`, lines of `+` and `-`) read as the catalog's file tools: the Write of
//! the one file a patch adds, else the Edit of its first file — with every file it touches and what it does to each.

use super::dialect::Role;
use crate::model::PathRole;
use crate::payload::Payload;
use serde_json::{Map, Value};

/// The payload of a patch tool, the patch text under `key` of its `tool_input`, as the catalog's file tool.
pub(super) fn as_file_tool(payload: Payload, key: &str) -> Payload {
    let patch = payload.tool_input().get(key).and_then(Value::as_str).unwrap_or("").to_owned();
    let mut root = payload.into_object();
    let (tool, input, paths) = read(&patch);
    root.insert("tool_name".into(), Value::from(tool));
    root.insert("tool_input".into(), Value::Object(input));
    Payload::from_object(root).with_paths(paths)
}

/// What a patch does, as the catalog's file tools: `Write` with the file and its lines for a patch that adds one
/// file; else `Edit` of its first file, with the lines it removes and adds — and every file it touches, with what it
/// does to it (added, updated and moved to: written; deleted and moved away: deleted), which `reads`/`writes`
/// conditions on `file_path` and `paths` look at.
pub(super) fn read(patch: &str) -> (&'static str, Map<String, Value>, Vec<(String, PathRole)>) {
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

#[cfg(test)]
mod tests {
    use super::{read, Role};
    use serde_json::json;

    #[test]
    fn a_patch_reads_as_the_file_tool_that_does_the_same() {
        let (tool, input, paths) = read("*** Begin Patch\n*** Add File: notes.txt\n+hello\n+world\n*** End Patch\n");
        assert_eq!((tool, json!(input)), ("Write", json!({"file_path": "notes.txt", "content": "hello\nworld"})));
        assert_eq!(paths, [("notes.txt".to_owned(), Role::Write)]);
        let patch = "*** Begin Patch\n*** Update File: src/a.rs\n@@\n-old\n+new\n*** Add File: .env\n+KEY=1\n*** Delete File: x\n*** Update File: y\n*** Move to: z\n*** End Patch\n";
        let (tool, input, paths) = read(patch);
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
