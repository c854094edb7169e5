//! The closed vocabulary of SCHEMA §2–§5: the keys each mapping accepts and the values each enum accepts.
//! Validation, suggestions and generated descriptions all read these tables, so there is one copy.

/// Keys of a behavior.yaml.
pub const BEHAVIOR_KEYS: &[&str] = &[
    "schema_version",
    "id",
    "name",
    "description",
    "category",
    "scope",
    "enabled",
    "locked",
    "screens_output",
    "secret_patterns",
    "policy",
    "rendering",
    "applies_to",
    "metadata",
];
/// Keys of `policy`.
pub const POLICY_KEYS: &[&str] = &["triggers", "enforcement", "recovery"];
/// Keys of a trigger.
pub const TRIGGER_KEYS: &[&str] =
    &["event", "matcher", "conditions", "logic", "action", "flag", "on_present", "on_absent"];
/// Keys of a condition.
pub const CONDITION_KEYS: &[&str] = &["field", "operator", "value"];
/// Keys of `policy.enforcement`.
pub const ENFORCEMENT_KEYS: &[&str] = &["default_level", "escalation"];
/// Keys of an escalation step.
pub const ESCALATION_KEYS: &[&str] = &["after", "level"];
/// Keys of `policy.recovery`.
pub const RECOVERY_KEYS: &[&str] = &["hint", "suggested_tool", "suggested_action"];
/// Keys of `rendering`.
pub const RENDERING_KEYS: &[&str] = &["nudge_template", "warning_template", "block_reason", "override_prompt"];
/// Keys of `applies_to`.
pub const APPLIES_TO_KEYS: &[&str] = &["tools", "agents", "profiles"];
/// Keys of `metadata`.
pub const METADATA_KEYS: &[&str] = &["author", "version", "tags", "legacy_tools"];
/// Keys of a `secret_patterns` entry (extension).
pub const SECRET_PATTERN_KEYS: &[&str] = &["kind", "regex"];
/// Keys of index.yaml.
pub const INDEX_KEYS: &[&str] = &["schema_version", "behaviors"];
/// Keys of an index entry.
pub const INDEX_ENTRY_KEYS: &[&str] = &["id", "enabled"];

/// Hook events.
pub const EVENTS: &[&str] = &["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"];
/// Enforcement levels, mildest first.
pub const LEVELS: &[&str] = &["silent", "nudge", "warning", "soft_block", "hard_block"];
/// Categories.
pub const CATEGORIES: &[&str] = &["core", "opinionated", "experimental"];
/// Scopes (only `session` acts in v1).
pub const SCOPES: &[&str] = &["session", "task", "project"];
/// Condition logic.
pub const LOGICS: &[&str] = &["all", "any"];
/// Trigger actions.
pub const ACTIONS: &[&str] = &["evaluate", "set_flag", "check_flag"];
/// `on_present` values.
pub const ON_PRESENT: &[&str] = &["consume", "keep"];
/// `on_absent` values.
pub const ON_ABSENT: &[&str] = &["skip", "violate"];
/// Hook profiles.
pub const PROFILES: &[&str] = &["minimal", "standard", "strict"];

/// tool_input fields of the closed DSL, with the tools that provide them (SCHEMA §3).
pub const TOOL_INPUT_FIELDS: &[(&str, &[&str])] = &[
    ("command", &["Bash"]),
    ("file_path", &["Write", "Edit", "Read"]),
    ("content", &["Write", "Edit"]),
    ("old_string", &["Edit"]),
    ("pattern", &["Grep", "Glob"]),
    ("query", &["WebSearch"]),
    ("url", &["WebFetch"]),
    ("prompt", &["Agent"]),
    ("notebook_path", &["NotebookEdit"]),
    ("new_string", &["Edit"]),
    ("edits", &["MultiEdit"]),
    ("new_source", &["NotebookEdit"]),
    ("subagent_type", &["Agent", "Task"]),
    ("paths", &["Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "Grep"]),
];
/// The one session_state field.
pub const COUNTER_FIELD: &str = "counter";
/// Every condition field.
pub const FIELDS: &[&str] = &[
    "command",
    "file_path",
    "content",
    "old_string",
    "pattern",
    "query",
    "url",
    "prompt",
    "notebook_path",
    "new_string",
    "edits",
    "new_source",
    "subagent_type",
    "paths",
    "counter",
];
/// Fields the DSL extension adds to SCHEMA §3: the inputs of Edit (`new_string`), MultiEdit (`edits`, as compact
/// JSON), NotebookEdit (`notebook_path`, `new_source`) and Agent (`subagent_type`) that the SCHEMA's list leaves out,
/// and `paths`: every path a call names, for `reads` (those it reads) and `writes` (those it writes or deletes) —
/// the file tools' paths, each file of a patch, each path of a multi-file read.
pub const EXTENSION_FIELDS: &[&str] = &["notebook_path", "new_string", "edits", "new_source", "subagent_type", "paths"];
/// The field that stands for every path a call names.
pub const PATHS_FIELD: &str = "paths";

/// Operators for tool_input (string) fields.
pub const STRING_OPERATORS: &[&str] =
    &["regex_match", "contains", "not_contains", "equals", "starts_with", "ends_with"];
/// Operators for `counter`.
pub const NUMERIC_OPERATORS: &[&str] = &["gt", "lt", "gte", "lte", "equals"];
/// Operators for any field.
pub const EXISTENCE_OPERATORS: &[&str] = &["exists", "not_exists"];
/// Every operator.
pub const OPERATORS: &[&str] = &[
    "regex_match",
    "contains",
    "not_contains",
    "equals",
    "starts_with",
    "ends_with",
    "gt",
    "lt",
    "gte",
    "lte",
    "exists",
    "not_exists",
    "runs",
    "writes",
    "reads",
    "loses_work",
];
/// Operators the DSL extension adds to SCHEMA §3: `runs` on `command`; `writes` and `reads` on `command` and the
/// path fields; `loses_work` on `command` and `paths`.
pub const EXTENSION_OPERATORS: &[&str] = &["runs", "writes", "reads", "loses_work"];
/// The fields `writes` and `reads` apply to.
pub const PATH_FIELDS: &[&str] = &["command", "file_path", "notebook_path", "paths"];
/// The fields `loses_work` applies to: a command's deletes, truncations and overwrites, and the paths a file tool
/// deletes (a file tool's write is an edit the agent's CLI keeps a checkpoint of, not a loss).
pub const LOSES_WORK_FIELDS: &[&str] = &["command", "paths"];

/// Placeholders a path glob may start with (DSL extension).
pub const PLACEHOLDERS: &[&str] =
    &["{forge_root}", "{project_dir}", "{hook_binary}", "{hook_sources}", "{behaviors_dir}"];

/// Template variables (SCHEMA §4).
pub const TEMPLATE_VARS: &[&str] = &["behavior_name", "behavior_id", "counter", "tool_name", "level", "threshold"];

/// Longest `nudge_template`, in characters.
pub const NUDGE_MAX: usize = 120;
/// Longest `warning_template`, in characters.
pub const WARNING_MAX: usize = 500;
/// Longest `block_reason`, in characters.
pub const BLOCK_REASON_MAX: usize = 200;

/// Keys of a scenario file (`behaviors/<id>/tests/*.yaml`).
pub const SCENARIO_KEYS: &[&str] = &["name", "description", "session", "profile", "soft_block", "repository", "steps"];
/// Keys of a scenario's `repository`: a git work tree made in the scratch project before the first step (files
/// committed, then the files of the work tree after that commit).
pub const REPOSITORY_KEYS: &[&str] = &["committed", "files"];
/// Keys of a scenario step.
pub const STEP_KEYS: &[&str] = &[
    "event",
    "tool",
    "tool_input",
    "prompt",
    "session",
    "profile",
    "agent",
    "stop_hook_active",
    "user",
    "files",
    "expect",
];
/// Keys of a step's `expect`.
pub const EXPECT_KEYS: &[&str] =
    &["level", "counter", "decision", "message_contains", "flag_present", "flag_absent", "overrides"];
/// Values of a scenario's `soft_block` (`FORGE_SOFT_BLOCK` for the scenario).
pub const SOFT_BLOCK_MODES: &[&str] = &["ask", "deny"];
/// Values of a step's `user`: the answer to the permission prompt a soft block raises.
pub const USER_ANSWERS: &[&str] = &["allow", "decline"];
/// Values of `expect.level`: `pass`, `override` or a level.
pub const EXPECT_LEVELS: &[&str] = &["pass", "override", "silent", "nudge", "warning", "soft_block", "hard_block"];
/// Values of `expect.decision`.
pub const DECISIONS: &[&str] = &["allow", "ask", "deny", "block"];

/// The tool names a matcher or `applies_to.tools` may name: the catalog's (Claude Code's) tools — those of the
/// Claude Code the real-client tests prove, those of its earlier versions the catalog still names, and every tool
/// another agent CLI's calls are read as (tests/vocabulary.rs holds this list to the runtime's records). A name close
/// to one of these but not one is a misspelling (`Wrte`): the build says so.
pub const CATALOG_TOOLS: &[&str] = &[
    "Agent",
    "AskUserQuestion",
    "Bash",
    "BashOutput",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "KillShell",
    "LS",
    "ListAgents",
    "Monitor",
    "MultiEdit",
    "NotebookEdit",
    "Read",
    "ReportFindings",
    "ScheduleWakeup",
    "SendMessage",
    "Skill",
    "Task",
    "TaskCreate",
    "TaskList",
    "TaskStop",
    "TaskUpdate",
    "TodoWrite",
    "ToolSearch",
    "WebFetch",
    "WebSearch",
    "Workflow",
    "Write",
];

/// The other agent CLIs' own names for tools that are not the catalog's name (beyond its case), and the catalog's
/// tool each is read as: a matcher naming one never fires, as the hook reads every call in the catalog's names.
pub const NATIVE_TOOLS: &[(&str, &str)] = &[
    ("ApplyPatch", "Edit"),
    ("Create", "Write"),
    ("Execute", "Bash"),
    ("FetchUrl", "WebFetch"),
    ("LS", "Glob"),
    ("activate_skill", "Skill"),
    ("apply_patch", "Edit"),
    ("ask_user", "AskUserQuestion"),
    ("enter_plan_mode", "EnterPlanMode"),
    ("exit_plan_mode", "ExitPlanMode"),
    ("google_web_search", "WebSearch"),
    ("grep_search", "Grep"),
    ("invoke_agent", "Agent"),
    ("list_directory", "Glob"),
    ("notebook_edit", "NotebookEdit"),
    ("read_file", "Read"),
    ("read_many_files", "Read"),
    ("replace", "Edit"),
    ("run_shell_command", "Bash"),
    ("todo_write", "TodoWrite"),
    ("web_fetch", "WebFetch"),
    ("write_file", "Write"),
    ("write_todos", "TodoWrite"),
];
