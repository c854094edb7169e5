//! MCP servers' tools in the catalog's words, one record per tool: a known server's tool is read as the built-in
//! tool with the same effect (the filesystem server's `write_file` is a Write of its `path`, its `move_file` a write of
//! `destination` and a delete of `source`, the git server's tools the git commands they are, GitHub's writes a push),
//! so every behavior that guards a path or counts a tool holds for them with no change to its YAML. A tool the table
//! does not know keeps its name (`mcp__<server>__<tool>`), and every argument that looks like a path counts as one it
//! writes — or reads, when its name says it only reads. What an unknown tool does elsewhere (a remote, a database) is
//! out of reach: SECURITY.md says so.
//!
//! A tool is recognized by its name on its server (the stable part of the name the CLI gives it; the server's key is
//! whatever the user called it) and the arguments it must have, so a same-named tool of another shape is read as
//! unknown rather than wrongly.

use super::dialect::{strings, McpNaming, Role};
use crate::payload::Payload;
use crate::screen::name_words;
use dotforge_shell::quote;
use serde_json::{Map, Value};

/// How a known MCP tool's arguments become the catalog tool's.
#[derive(Debug)]
pub(crate) enum Reading {
    /// Its arguments renamed (`path` → `file_path`), with the paths it names by its own keys and what it does to each.
    Renamed { keys: &'static [(&'static str, &'static str)], paths: &'static [(&'static str, Role)] },
    /// The filesystem server's `edit_file {path, edits: [{oldText, newText}], dryRun}`: an Edit of `path` (a dry run
    /// only reads it).
    Edits,
    /// A git command run in `repo_path`: these words, each a literal or an argument's value (a list's values spliced).
    Git(&'static [Word]),
}

/// One word of a git command an MCP tool stands for.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Word {
    Literal(&'static str),
    /// The argument's value (each value of a list); nothing when absent.
    Argument(&'static str),
    /// `--option=VALUE` when the argument is given.
    Option(&'static str, &'static str),
}

/// A tool of a known MCP server.
#[derive(Debug)]
pub(crate) struct McpTool {
    /// Its name on its server.
    pub name: &'static str,
    /// Arguments it must have for this reading to apply.
    pub requires: &'static [&'static str],
    /// The catalog's tool with the same effect.
    pub catalog: &'static str,
    pub reading: Reading,
}

const fn renamed(
    name: &'static str,
    requires: &'static [&'static str],
    catalog: &'static str,
    keys: &'static [(&'static str, &'static str)],
    paths: &'static [(&'static str, Role)],
) -> McpTool {
    McpTool { name, requires, catalog, reading: Reading::Renamed { keys, paths } }
}

const fn git(name: &'static str, requires: &'static [&'static str], words: &'static [Word]) -> McpTool {
    McpTool { name, requires, catalog: "Bash", reading: Reading::Git(words) }
}

const PATH_AS_FILE: &[(&str, &str)] = &[("path", "file_path")];
const LISTED: &[(&str, &str)] = &[("path", "path")];

use Word::{Argument, Literal, Option as OptionWord};

/// The tools of the servers the table knows: the reference filesystem server (npm
/// `@modelcontextprotocol/server-filesystem`), the reference git server (PyPI `mcp-server-git`) and GitHub's.
pub(crate) const TOOLS: &[McpTool] = &[
    // The filesystem server.
    renamed("read_file", &["path"], "Read", PATH_AS_FILE, &[("path", Role::Read)]),
    renamed("read_text_file", &["path"], "Read", PATH_AS_FILE, &[("path", Role::Read)]),
    renamed("read_media_file", &["path"], "Read", PATH_AS_FILE, &[("path", Role::Read)]),
    renamed("read_multiple_files", &["paths"], "Read", &[], &[("paths", Role::Read)]),
    renamed(
        "write_file",
        &["path"],
        "Write",
        &[("path", "file_path"), ("content", "content")],
        &[("path", Role::Write)],
    ),
    McpTool { name: "edit_file", requires: &["path", "edits"], catalog: "Edit", reading: Reading::Edits },
    renamed("create_directory", &["path"], "Write", PATH_AS_FILE, &[("path", Role::Write)]),
    renamed(
        "move_file",
        &["source", "destination"],
        "Write",
        &[("destination", "file_path")],
        &[("source", Role::Delete), ("destination", Role::Write)],
    ),
    // Names and metadata only.
    renamed("list_directory", &["path"], "Glob", LISTED, &[]),
    renamed("list_directory_with_sizes", &["path"], "Glob", LISTED, &[]),
    renamed("directory_tree", &["path"], "Glob", LISTED, &[]),
    renamed("search_files", &["path", "pattern"], "Glob", &[("path", "path"), ("pattern", "pattern")], &[]),
    renamed("get_file_info", &["path"], "Glob", LISTED, &[]),
    renamed("list_allowed_directories", &[], "Glob", &[], &[]),
    // The git server: each tool is the git command it runs.
    git("git_status", &["repo_path"], &[Literal("status")]),
    git("git_diff_unstaged", &["repo_path"], &[Literal("diff")]),
    git("git_diff_staged", &["repo_path"], &[Literal("diff"), Literal("--cached")]),
    git("git_diff", &["repo_path", "target"], &[Literal("diff"), Argument("target")]),
    git("git_commit", &["repo_path", "message"], &[Literal("commit"), Literal("-m"), Argument("message")]),
    git("git_add", &["repo_path", "files"], &[Literal("add"), Literal("--"), Argument("files")]),
    git("git_reset", &["repo_path"], &[Literal("reset")]),
    git("git_log", &["repo_path"], &[Literal("log"), OptionWord("--max-count", "max_count")]),
    git(
        "git_create_branch",
        &["repo_path", "branch_name"],
        &[Literal("branch"), Argument("branch_name"), Argument("base_branch")],
    ),
    git("git_checkout", &["repo_path", "branch_name"], &[Literal("checkout"), Argument("branch_name")]),
    git("git_show", &["repo_path", "revision"], &[Literal("show"), Argument("revision")]),
    git("git_init", &["repo_path"], &[Literal("init")]),
    git("git_branch", &["repo_path"], &[Literal("branch"), Literal("--list")]),
    // GitHub's server writes straight to the remote: each write is a push.
    git("push_files", &["owner", "repo", "branch", "files"], &[Literal("push"), Literal("origin"), Argument("branch")]),
    git("create_or_update_file", &["owner", "repo", "path"], &[Literal("push"), Literal("origin"), Argument("branch")]),
    git("delete_file", &["owner", "repo", "path"], &[Literal("push"), Literal("origin"), Argument("branch")]),
    git("merge_pull_request", &["owner", "repo", "pullNumber"], &[Literal("merge"), Argument("pullNumber")]),
];

/// An MCP tool call as the catalog reads it.
#[derive(Debug, PartialEq)]
pub(crate) struct Read {
    /// The catalog's tool name (the MCP name itself for a tool the table does not know).
    pub tool: String,
    pub input: Map<String, Value>,
    pub paths: Vec<(String, Role)>,
}

/// The name the catalog gives an MCP tool whatever the CLI: `mcp__<server>__<tool>` (what a behavior's matcher
/// names, `mcp__*__write_file` for any server).
pub(crate) fn catalog_name(server: &str, tool: &str) -> String {
    format!("mcp__{server}__{tool}")
}

/// The call of `tool` on `server` with `input`, in the catalog's words.
pub(crate) fn read(server: &str, tool: &str, input: &Value) -> Read {
    let empty = Map::new();
    let arguments = input.as_object().unwrap_or(&empty);
    let known =
        TOOLS.iter().find(|known| known.name == tool && known.requires.iter().all(|key| arguments.contains_key(*key)));
    match known {
        Some(known) => read_known(known, arguments),
        None => Read {
            tool: catalog_name(server, tool),
            input: arguments.clone(),
            paths: path_like(arguments, unknown_role(tool)),
        },
    }
}

fn read_known(known: &McpTool, arguments: &Map<String, Value>) -> Read {
    let text = |key: &str| arguments.get(key).and_then(Value::as_str).unwrap_or("").to_owned();
    let mut input = Map::new();
    let mut paths = Vec::new();
    match &known.reading {
        Reading::Renamed { keys, paths: named } => {
            for (from, to) in *keys {
                if let Some(value) = arguments.get(*from) {
                    input.insert((*to).to_owned(), value.clone());
                }
            }
            for (key, role) in *named {
                paths.extend(strings(arguments.get(*key)).into_iter().map(|path| (path, *role)));
            }
            // Several files at once: the first is the catalog's `file_path` as well.
            if !input.contains_key("file_path") {
                if let Some((first, _)) = paths.first() {
                    input.insert("file_path".to_owned(), Value::from(first.as_str()));
                }
            }
        }
        Reading::Edits => {
            let edits = arguments.get("edits").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
            let joined = |key: &str| {
                let parts: Vec<&str> = edits.iter().filter_map(|edit| edit.get(key).and_then(Value::as_str)).collect();
                parts.join("\n")
            };
            let dry_run = arguments.get("dryRun").and_then(Value::as_bool).unwrap_or(false);
            input.insert("file_path".to_owned(), Value::from(text("path")));
            input.insert("old_string".to_owned(), Value::from(joined("oldText")));
            input.insert("new_string".to_owned(), Value::from(joined("newText")));
            paths.push((text("path"), if dry_run { Role::Read } else { Role::Write }));
        }
        Reading::Git(words) => {
            let mut command = vec!["git".to_owned()];
            if let Some(repository) = arguments.get("repo_path").and_then(Value::as_str) {
                command.extend(["-C".to_owned(), quote(repository)]);
            }
            for word in *words {
                match word {
                    Word::Literal(text) => command.push((*text).to_owned()),
                    Word::Argument(key) => {
                        command.extend(strings(arguments.get(*key)).iter().map(|value| quote(value)))
                    }
                    Word::Option(option, key) => {
                        if let Some(value) = arguments.get(*key).filter(|value| !value.is_null()) {
                            let value = value.as_str().map_or_else(|| value.to_string(), str::to_owned);
                            command.push(format!("{option}={}", quote(&value)));
                        }
                    }
                }
            }
            input.insert("command".to_owned(), Value::from(command.join(" ")));
        }
    }
    Read { tool: known.catalog.to_owned(), input, paths }
}

/// The server and the tool of an MCP call, as the CLI names them, or `None` for another tool.
fn server_and_tool(naming: McpNaming, root: &Map<String, Value>) -> Option<(String, String)> {
    let name = root.get("tool_name").and_then(Value::as_str)?;
    match naming {
        McpNaming::Separated(prefix, separator) => {
            let (server, tool) = name.strip_prefix(prefix)?.split_once(separator)?;
            (!server.is_empty() && !tool.is_empty()).then(|| (server.to_owned(), tool.to_owned()))
        }
        McpNaming::Context { prefix, member } => {
            let context = root.get(member);
            let field = |key: &str| context.and_then(|context| context.get(key)).and_then(Value::as_str);
            if let (Some(server), Some(tool)) = (field("server_name"), field("tool_name")) {
                return Some((server.to_owned(), tool.to_owned()));
            }
            // Without the context, `mcp_<server>_<tool>` is ambiguous: a tool the table knows ends the name.
            let rest = name.strip_prefix(prefix)?;
            let known = TOOLS.iter().filter(|known| rest.ends_with(&format!("_{}", known.name)));
            let tool = known.map(|known| known.name).max_by_key(|tool| tool.len());
            match tool {
                Some(tool) => Some((rest[..rest.len() - tool.len() - 1].to_owned(), tool.to_owned())),
                None => rest.split_once('_').map(|(server, tool)| (server.to_owned(), tool.to_owned())),
            }
        }
    }
}

/// The payload of an MCP call in the catalog's words (its tool, arguments and paths, the tool's MCP name kept for
/// matchers that name it); any other payload as it is.
pub(crate) fn canonical(naming: McpNaming, payload: Payload) -> Payload {
    let Some((server, tool)) = server_and_tool(naming, payload.fields()) else { return payload };
    let mut root = payload.into_object();
    let read = read(&server, &tool, root.get("tool_input").unwrap_or(&Value::Null));
    root.insert("tool_name".to_owned(), Value::from(read.tool));
    root.insert("tool_input".to_owned(), Value::Object(read.input));
    Payload::from_object(root).with_paths(read.paths).with_mcp_name(catalog_name(&server, &tool))
}

/// Verbs of a tool name that only read (`read_…`, `get_…`, `list_…`), when the name starts with one.
const READ_ONLY_VERBS: &[&str] =
    &["read", "get", "list", "search", "find", "view", "show", "describe", "fetch", "stat"];
/// Words of a tool name that say it deletes or moves what it is given (a folder, with all it holds).
const DELETING_WORDS: &[&str] = &[
    "delete", "remove", "rm", "move", "rename", "mv", "purge", "clean", "wipe", "drop", "trash", "unlink", "truncate",
];

/// What a tool the table does not know does to the paths it names, as its name says: deletes them (a folder with
/// all it holds), only reads them, or — anything else — writes them.
fn unknown_role(tool: &str) -> Role {
    let words = name_words(tool);
    let first = words.first().map_or("", String::as_str);
    if words.iter().any(|word| DELETING_WORDS.contains(&word.as_str())) {
        Role::Delete
    } else if READ_ONLY_VERBS.contains(&first) {
        Role::Read
    } else {
        Role::Write
    }
}

/// Argument keys that name paths whatever their value looks like.
const PATH_KEYS: &[&str] = &[
    "path",
    "paths",
    "file",
    "files",
    "filename",
    "file_path",
    "filepath",
    "source",
    "destination",
    "src",
    "dest",
    "target",
    "directory",
    "dir",
    "folder",
    "root",
    "cwd",
    "repo_path",
    "uri",
    "location",
];

/// Most strings of an unknown tool's arguments looked at; past them, the call counts as deleting the whole file
/// system (the agent chooses the arguments: a path hidden behind many others must not pass unseen).
const MAX_STRINGS: usize = 1024;

/// Every argument of an unknown tool that names a path (under a path key, or looking like one: no blank, starting
/// with `/`, `~` or `.`, or holding a `/`), as `role` — the top level, and lists and objects one level down.
fn path_like(arguments: &Map<String, Value>, role: Role) -> Vec<(String, Role)> {
    let mut found: Vec<(String, Role)> = Vec::new();
    let mut overflow = false;
    let mut consider = |key: &str, text: &str, found: &mut Vec<(String, Role)>| {
        let text = text.strip_prefix("file://").unwrap_or(text);
        let keyed = PATH_KEYS.contains(&key.to_ascii_lowercase().as_str());
        // Under a path key a blank is part of the path; elsewhere a text with blanks is prose.
        let looks = (text.starts_with(['/', '~', '.']) || text.contains('/')) && !text.contains(char::is_whitespace);
        if text.is_empty() || !(keyed || looks) || found.iter().any(|(known, _)| known == text) {
            return;
        }
        if found.len() < MAX_STRINGS {
            found.push((text.to_owned(), role));
        } else {
            overflow = true;
        }
    };
    for (key, value) in arguments {
        match value {
            Value::String(text) => consider(key, text, &mut found),
            Value::Array(items) => {
                for item in items {
                    match item {
                        Value::String(text) => consider(key, text, &mut found),
                        Value::Object(inner) => {
                            for (key, value) in inner {
                                if let Value::String(text) = value {
                                    consider(key, text, &mut found);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
            Value::Object(inner) => {
                for (key, value) in inner {
                    if let Value::String(text) = value {
                        consider(key, text, &mut found);
                    }
                }
            }
            _ => {}
        }
    }
    if overflow {
        found.push(("/".to_owned(), Role::Delete));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn read_of(tool: &str, input: Value) -> Read {
        read("files", tool, &input)
    }

    #[test]
    fn the_filesystem_servers_tools_are_the_file_tools_with_the_same_effect() {
        let write = read_of("write_file", json!({"path": "/p/.claude/settings.json", "content": "{}"}));
        assert_eq!(write.tool, "Write");
        assert_eq!(
            write.input,
            json!({"file_path": "/p/.claude/settings.json", "content": "{}"}).as_object().cloned().unwrap_or_default()
        );
        assert_eq!(write.paths, [("/p/.claude/settings.json".to_owned(), Role::Write)]);
        let moved = read_of("move_file", json!({"source": ".forge", "destination": "/tmp/gone"}));
        assert_eq!(moved.tool, "Write");
        assert_eq!(moved.paths, [(".forge".to_owned(), Role::Delete), ("/tmp/gone".to_owned(), Role::Write)]);
        let many = read_of("read_multiple_files", json!({"paths": ["README.md", ".env"]}));
        assert_eq!((many.tool.as_str(), many.input["file_path"].as_str()), ("Read", Some("README.md")));
        assert_eq!(many.paths.len(), 2);
        let edit = read_of("edit_file", json!({"path": "a", "edits": [{"oldText": "x", "newText": "y"}]}));
        assert_eq!((edit.tool.as_str(), edit.input["new_string"].as_str()), ("Edit", Some("y")));
        assert_eq!(edit.paths, [("a".to_owned(), Role::Write)]);
        let dry = read_of("edit_file", json!({"path": "a", "edits": [], "dryRun": true}));
        assert_eq!(dry.paths, [("a".to_owned(), Role::Read)], "a dry run only reads");
        let listed = read_of("list_directory", json!({"path": "/p"}));
        assert_eq!((listed.tool.as_str(), listed.paths.len()), ("Glob", 0), "names only");
    }

    #[test]
    fn the_git_servers_tools_are_the_git_commands_they_run() {
        let command = |tool: &str, input: Value| read_of(tool, input).input["command"].as_str().map(str::to_owned);
        assert_eq!(command("git_status", json!({"repo_path": "/p"})).as_deref(), Some("git -C /p status"));
        assert_eq!(
            command("git_add", json!({"repo_path": "/p", "files": ["a.txt", "my file"]})).as_deref(),
            Some("git -C /p add -- a.txt 'my file'")
        );
        assert_eq!(
            command("git_commit", json!({"repo_path": "/p", "message": "it's done"})).as_deref(),
            Some("git -C /p commit -m 'it'\\''s done'")
        );
        assert_eq!(
            command("git_log", json!({"repo_path": "/p", "max_count": 5})).as_deref(),
            Some("git -C /p log --max-count=5")
        );
        assert_eq!(read_of("git_status", json!({"repo_path": "/p"})).tool, "Bash");
    }

    #[test]
    fn an_unknown_tool_touches_every_path_it_names_and_a_reader_only_reads() {
        let unknown = read_of(
            "sync",
            json!({"target": ".forge/runtime", "note": "hello world", "n": 3,
            "items": [{"file": "~/.claude/settings.json"}], "url": "file:///p/.env"}),
        );
        assert_eq!(unknown.tool, "mcp__files__sync");
        let paths: Vec<&str> = unknown.paths.iter().map(|(path, _)| path.as_str()).collect();
        assert_eq!(paths, ["~/.claude/settings.json", ".forge/runtime", "/p/.env"]);
        assert!(unknown.paths.iter().all(|(_, role)| *role == Role::Write));
        let reader = read_of("get_secret", json!({"name": ".env"}));
        assert_eq!(reader.paths, [(".env".to_owned(), Role::Read)]);
        let deleter = read_of("delete_folder", json!({"path": ".forge"}));
        assert_eq!(deleter.paths, [(".forge".to_owned(), Role::Delete)], "a folder deleted takes what it holds");
        let camel = read_of("removeDirectory", json!({"path": ".forge"}));
        assert_eq!(camel.paths, [(".forge".to_owned(), Role::Delete)], "camelCase names are read as words");
        let blank = read_of("save", json!({"path": ".claude/x y/../settings.json"}));
        assert_eq!(blank.paths.len(), 1, "a blank under a path key is part of the path");
        let padded: Vec<String> = (0..2000).map(|at| format!("a{at}.txt/")).collect();
        let hidden = read_of("save", json!({"paths": padded}));
        assert_eq!(hidden.paths.last(), Some(&("/".to_owned(), Role::Delete)), "too many paths: fail closed");
        let shaped = read_of("write_file", json!({"filename": "x"}));
        assert_eq!(shaped.tool, "mcp__files__write_file", "another server's tool of another shape is unknown");
    }
}
