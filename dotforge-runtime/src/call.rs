//! What a generated trigger function sees: the event ([`Call`]) and its behavior's slice of the session ([`Scope`]).

use crate::inspect::Inspection;
use crate::model::{Event, OnPresent, PathRole};
use crate::paths::PathGlobs;
use crate::payload::Payload;
use dotforge_shell::access::AccessKind;
use dotforge_shell::pattern::CommandPattern;
use dotforge_shell::program_index::ProgramIndex;
use serde_json::{Map, Value};
use std::borrow::Cow;
use std::cell::Cell;

/// The condition field that stands for every path a call names (DSL extension).
pub const PATHS_FIELD: &str = "paths";

/// One hook event as seen by trigger conditions.
#[derive(Clone, Copy, Debug)]
pub struct Call<'a> {
    event: Event,
    tool_name: &'a str,
    fields: Option<&'a Map<String, Value>>,
    /// The paths the call names, with what it does to each (the adapter's reading of its tool).
    paths: &'a [(String, PathRole)],
    /// For an MCP tool read as a built-in one, its MCP name (`mcp__<server>__<tool>`).
    mcp_name: Option<&'a str>,
    inspection: &'a Inspection<'a>,
}

impl<'a> Call<'a> {
    /// The call a payload describes for `event`: on tool events its tool and `tool_input`, on the others the
    /// payload's top level (so `prompt` is a field there); `inspection` works out what its command does.
    pub(crate) fn of(payload: &'a Payload, event: Event, inspection: &'a Inspection<'a>) -> Self {
        let fields = if event.has_tool() { payload.tool_input().as_object() } else { Some(payload.fields()) };
        let tool_name = if event.has_tool() { payload.tool_name() } else { "" };
        let paths = if event.has_tool() { payload.paths() } else { &[] };
        let mcp_name = if event.has_tool() { payload.mcp_name() } else { None };
        Call { event, tool_name, fields, paths, mcp_name, inspection }
    }

    /// `runs` (DSL extension): the `command` runs a command that matches the pattern.
    pub fn runs(&self, pattern: &CommandPattern) -> bool {
        self.inspection.runs(pattern)
    }

    /// Whether some command of the `command` runs a program of these `entries` of the catalog's program `index` —
    /// the programs a `runs` pattern (or a group of them) names, asked before the patterns are.
    pub fn runs_listed(&self, index: &ProgramIndex, entries: &[u16]) -> bool {
        self.inspection.runs_listed(index, entries)
    }

    /// `writes` (DSL extension): on `command`, a command of it writes a matching path; on a path field, the path
    /// matches.
    pub fn writes(&self, field: &str, globs: &PathGlobs) -> bool {
        self.accesses(field, AccessKind::Write, globs)
    }

    /// `loses_work` (DSL extension): on `command`, a command of it deletes, truncates or replaces a path the globs
    /// match whose content git could not bring back (changed since staged, untracked and not ignored, a
    /// repository's history) and that this session did not create; on `paths`, a path the call deletes is such a
    /// path. The session's created paths come from `scope`, which records that the answer depended on them.
    pub fn loses_work(&self, field: &str, globs: &PathGlobs, scope: &Scope<'_>) -> bool {
        if !self.event.has_tool() {
            return false;
        }
        // Without the session's created paths (the first look, on empty state) a finding may yet be excused by
        // them: the answer then depends on the session. Nothing found stays nothing with more paths excused.
        let found = self.inspection.loses_work(field, self.paths, globs, scope.created);
        if found {
            scope.touched.set(true);
        }
        found
    }

    /// `reads` (DSL extension): on `command`, a command of it reads a matching path; on a path field, the path
    /// matches.
    pub fn reads(&self, field: &str, globs: &PathGlobs) -> bool {
        self.accesses(field, AccessKind::Read, globs)
    }

    fn accesses(&self, field: &str, kind: AccessKind, globs: &PathGlobs) -> bool {
        if !self.event.has_tool() {
            return false;
        }
        if field == "command" {
            return self.inspection.command_accesses(kind, globs);
        }
        // `paths` (DSL extension): every path the call names that it reads (`reads`), or writes or deletes (`writes`).
        // A path deleted (or moved away) takes everything under it.
        let matches = |(path, role): &(String, PathRole)| {
            self.inspection.path_or_tree_matches(path, *role == PathRole::Delete, globs)
        };
        if field == PATHS_FIELD {
            let wanted = |role: &PathRole| (*role == PathRole::Read) == (kind == AccessKind::Read);
            return self.paths.iter().any(|named| wanted(&named.1) && matches(named));
        }
        let value = self.field(field);
        if self.inspection.path_matches(&value, globs) {
            return true;
        }
        // A call that reaches several files at once (Codex's `apply_patch`, Gemini's `read_many_files`, an MCP
        // server's `move_file`) names them all: a condition on `file_path` looks at each.
        field == "file_path"
            && self.paths.iter().any(|named| (named.1 == PathRole::Delete || named.0 != *value) && matches(named))
    }

    /// The event that fired.
    pub fn event(&self) -> Event {
        self.event
    }

    /// Whether a trigger's matcher selects the tool: by its name in the catalog's words, or, for an MCP tool read as a
    /// built-in one, by its MCP name (`mcp__*__write_file`).
    pub fn tool_is(&self, selects: impl Fn(&str) -> bool) -> bool {
        selects(self.tool_name) || self.mcp_name.is_some_and(selects)
    }

    /// The tool name, or `""` for events without a tool.
    pub fn tool_name(&self) -> &'a str {
        self.tool_name
    }

    /// A condition field (CONTRACT §5): from `tool_input` on tool events, from the payload's top level otherwise.
    /// Missing or `null` is `""`; numbers and booleans are their JSON text; arrays and objects are compact JSON.
    pub fn field(&self, name: &str) -> Cow<'a, str> {
        match self.fields.and_then(|fields| fields.get(name)) {
            None | Some(Value::Null) => Cow::Borrowed(""),
            Some(Value::String(text)) => Cow::Borrowed(text.as_str()),
            Some(other) => Cow::Owned(other.to_string()),
        }
    }
}

/// A behavior's view of the session during one event: its counter before this event and the session flags.
#[derive(Debug)]
pub struct Scope<'s> {
    counter: u32,
    flags: &'s mut Map<String, Value>,
    /// The paths this session created (`loses_work` excuses them).
    created: &'s [String],
    now: &'s str,
    touched: Cell<bool>,
}

impl<'s> Scope<'s> {
    pub(crate) fn new(counter: u32, flags: &'s mut Map<String, Value>, created: &'s [String], now: &'s str) -> Self {
        Scope { counter, flags, created, now, touched: Cell::new(false) }
    }

    /// Whether the trigger function read the counter or used a flag: then its outcome depends on session state.
    pub(crate) fn touched(&self) -> bool {
        self.touched.get()
    }

    /// The behavior's violation counter BEFORE this event's increment.
    pub fn counter(&self) -> u32 {
        self.touched.set(true);
        self.counter
    }

    /// `action: set_flag` — creates the flag or refreshes its `set_at`.
    pub fn set_flag(&mut self, flag: &str) {
        self.touched.set(true);
        let mut entry = Map::new();
        entry.insert("set_at".to_owned(), Value::String(self.now.to_owned()));
        self.flags.insert(flag.to_owned(), Value::Object(entry));
    }

    /// `action: check_flag` — true when the flag was present (and consumes it when asked to).
    pub fn check_flag(&mut self, flag: &str, on_present: OnPresent) -> bool {
        self.touched.set(true);
        match on_present {
            OnPresent::Consume => self.flags.remove(flag).is_some(),
            OnPresent::Keep => self.flags.contains_key(flag),
        }
    }
}
