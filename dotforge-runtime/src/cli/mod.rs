//! Command-line entry of every hook binary. With no arguments (or `hook`) it is the hook: one payload in, at most one
//! JSON object out, exit 0 — decided before any argument parsing so the hook pays nothing for the CLI. Every other
//! command is parsed by clap; exit codes follow CONTRACT §9: 0 success, 1 user error, 2 usage error.

mod allow;
mod audit;
mod describe;
mod doctor;
mod hook_settings;
mod install;
mod plugin;
mod plugin_file;
mod print;
mod sessions;
mod status;
mod switch;
mod trail;

use crate::catalog::{Catalog, Category};
use crate::harness::Harness;
use crate::hook::run_hook_for;
use crate::model::SoftBlockMode;
use crate::replay::Replay;
use crate::settings::{soft_block_mode, Settings, PROFILES};
use crate::warn::warn;
use clap::{value_parser, Arg, ArgAction, ArgMatches, Command};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::exit;

/// Largest payload read from stdin; anything beyond is ignored (and the truncated payload will not parse).
const MAX_PAYLOAD_BYTES: u64 = 64 * 1024 * 1024;

/// Runs the hook binary: `dotforge-hook` or `dotforge-hook hook` handles one payload from stdin and exits 0.
pub fn main(catalog: &'static Catalog) -> ! {
    run(catalog, None)
}

/// Like [`main`], with a demo session (JSON lines) that `simulate` replays when no file is given.
pub fn main_with_demo(catalog: &'static Catalog, demo_session: &'static str) -> ! {
    run(catalog, Some(demo_session))
}

const FORGE_ROOT_HELP: &str =
    "The .forge folder (default: $FORGE_ROOT, else $CLAUDE_PROJECT_DIR/.forge, else ./.forge)";

fn forge_root_arg() -> Arg {
    Arg::new("forge-root")
        .long("forge-root")
        .value_name("DIR")
        .value_parser(value_parser!(PathBuf))
        .help(FORGE_ROOT_HELP)
}

fn json_arg(what: &'static str) -> Arg {
    Arg::new("json").long("json").action(ArgAction::SetTrue).help(what)
}

fn profile_arg(what: &'static str) -> Arg {
    Arg::new("profile").long("profile").value_parser(PROFILES).help(what)
}

fn soft_block_arg() -> Arg {
    Arg::new("soft-block")
        .long("soft-block")
        .value_parser(["ask", "deny"])
        .help("What a soft block on PreToolUse does (default: $FORGE_SOFT_BLOCK or ask)")
}

fn timeout_arg() -> Arg {
    Arg::new("timeout")
        .long("timeout")
        .value_name("SECONDS")
        .value_parser(value_parser!(u32))
        .default_value("10")
        .help("Hook timeout in seconds")
}

fn install_args(command: Command) -> Command {
    command
        .arg(
            Arg::new("settings")
                .long("settings")
                .value_name("PATH")
                .value_parser(value_parser!(PathBuf))
                .help("The settings file (default: the harness's, in the current directory: .claude/settings.json, .codex/hooks.json, .gemini/settings.json, .github/hooks/dotforge.json, .qwen/settings.json, .factory/settings.json, or Kilo Code's plugin .kilo/plugin/dotforge.js)"),
        )
        .arg(
            Arg::new("harness")
                .long("harness")
                .value_name("CLI")
                .value_parser(Harness::names())
                .default_value("claude")
                .help("The agent CLI to register the hook with"),
        )
        .arg(
            Arg::new("user")
                .long("user")
                .action(ArgAction::SetTrue)
                .help("The user's settings (~/.claude/settings.json, $CODEX_HOME/hooks.json, ~/.gemini/settings.json, ~/.copilot/hooks/dotforge.json, ~/.qwen/settings.json, ~/.factory/settings.json, ~/.config/kilo/plugin/dotforge.js) instead of the project's"),
        )
        .arg(
            Arg::new("managed")
                .long("managed")
                .action(ArgAction::SetTrue)
                .conflicts_with("user")
                .help("Claude Code's managed settings, which every project on this machine obeys and users cannot switch off (/etc/claude-code/managed-settings.json; macOS: /Library/Application Support/ClaudeCode/managed-settings.json; --settings PATH writes another file)"),
        )
        .arg(
            Arg::new("command")
                .long("command")
                .value_name("CMD")
                .help("The hook command (default: \"$CLAUDE_PROJECT_DIR\"/<path of this binary>; for the other CLIs its absolute path and `hook --harness NAME`)"),
        )
        .arg(timeout_arg())
        .arg(
            Arg::new("dry-run")
                .long("dry-run")
                .action(ArgAction::SetTrue)
                .help("Print the resulting settings instead of writing them"),
        )
}

fn switch_args(command: Command) -> Command {
    command
        .arg(Arg::new("id").required(true).help("The behavior id"))
        .arg(
            Arg::new("session")
                .long("session")
                .value_name("SESSION_ID")
                .help("The session id (default: the only live session it applies to; `status` lists them)"),
        )
        .arg(forge_root_arg())
}

/// The command line of a hook binary (clap's builder API: no proc-macro in the hook's dependency tree); `has_demo`:
/// whether `simulate` has a demo session to replay without a file.
fn cli(name: &'static str, has_demo: bool) -> Command {
    let simulate_file = if has_demo {
        "The session to replay (`-` reads stdin); without it, the demo session built into this binary"
    } else {
        "The session to replay (`-` reads stdin); required: this binary has no demo session built in"
    };
    Command::new(name)
        .version(env!("CARGO_PKG_VERSION"))
        .about("A Claude Code hook compiled by dotforge from behavior files")
        .long_about(
            "A Claude Code hook compiled by dotforge from behavior files.\n\nWith no command it is the hook: it reads one \
             hook payload on stdin, prints at most one JSON object and always exits 0.",
        )
        .disable_help_subcommand(true)
        .subcommand(
            Command::new("hook")
                .about("Read one hook payload on stdin, print at most one JSON object, always exit 0 (the default)")
                .arg(
                    Arg::new("harness")
                        .long("harness")
                        .value_name("CLI")
                        .value_parser(Harness::names())
                        .help("The agent CLI that runs the hook (default: told by the payload)"),
                ),
        )
        .subcommand(
            Command::new("test")
                .about("Run the scenario tests compiled into this binary (one line each, then `N passed, N failed`)")
                .arg(Arg::new("id").help("Only the scenarios of this behavior")),
        )
        .subcommand(
            Command::new("simulate")
                .about("Replay a recorded session (one hook payload per line) and show each decision")
                .arg(Arg::new("file").help(simulate_file))
                .arg(json_arg("Print one JSON object per step instead of a table"))
                .arg(forge_root_arg().help("Replay into this .forge folder and keep it (default: a scratch folder)"))
                .arg(profile_arg("Hook profile to replay with (default: $FORGE_HOOK_PROFILE or standard)"))
                .arg(soft_block_arg()),
        )
        .subcommand(
            Command::new("backtest")
                .about("Replay the agent CLIs' session histories through this catalog and report what it would have done")
                .long_about(
                    "Replay session histories through this catalog and report, per behavior and per CLI, how often it \
                     would have fired, at which level, and what it would have said. Claude Code transcripts, Codex \
                     CLI rollouts, Gemini CLI chats, Copilot CLI, Qwen Code and Factory Droid sessions are told apart \
                     by their content. The live .forge is never touched.\n\n\
                     Without PATH: this project's history in each CLI's own place (the project is \
                     $CLAUDE_PROJECT_DIR, else the current folder): ~/.claude/projects/<project path with every \
                     character but letters and digits as ->/, the rollouts of $CODEX_HOME/sessions (~/.codex) and \
                     the sessions of ~/.copilot/session-state started in it, ~/.gemini/tmp/<its name in \
                     ~/.gemini/projects.json>/chats, ~/.qwen/projects/<as Claude Code>/chats and \
                     ~/.factory/sessions/-<path with slashes as ->.",
                )
                .arg(Arg::new("paths").value_name("PATH").num_args(0..).value_parser(value_parser!(PathBuf)).help("History files or folders of them"))
                .arg(json_arg("Print one JSON object"))
                .arg(Arg::new("since").long("since").value_name("DATE").help("Only events at or after DATE (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ, UTC)"))
                .arg(Arg::new("session").long("session").value_name("ID").help("Only this session"))
                .arg(Arg::new("jobs").long("jobs").value_name("N").value_parser(value_parser!(usize)).help("Replay on N threads (default: one per core); the report is the same for any N"))
                .arg(profile_arg("Hook profile (default: $FORGE_HOOK_PROFILE or standard)"))
                .arg(soft_block_arg()),
        )
        .subcommand(
            Command::new("status")
                .about("Show counters, levels, overrides and last violations per session")
                .arg(Arg::new("session").long("session").value_name("ID").help("Only this session (default: every live session, newest first)"))
                .arg(Arg::new("all").long("all").action(ArgAction::SetTrue).help("List every behavior, not only those with a counter, an override, a pending block or a session switch"))
                .arg(json_arg("Print JSON (every behavior)"))
                .arg(forge_root_arg()),
        )
        .subcommand(
            Command::new("list").about("List the compiled behaviors").arg(
                Arg::new("category")
                    .long("category")
                    .value_parser(["core", "opinionated", "experimental"])
                    .help("Only this category"),
            ),
        )
        .subcommand(
            Command::new("describe")
                .about("Explain one compiled behavior in plain words")
                .arg(Arg::new("id").required(true).help("The behavior id")),
        )
        .subcommand(switch_args(Command::new("on").about("Switch a behavior on for one session")))
        .subcommand(switch_args(Command::new("off").about("Switch a behavior off for one session")))
        .subcommand(
            Command::new("audit")
                .about("Governance summary: violations, blocks, overrides and override rate per behavior")
                .arg(json_arg("Print JSON"))
                .arg(
                    Arg::new("verify")
                        .long("verify")
                        .action(ArgAction::SetTrue)
                        .help("Verify the audit trail's hash chain and the state's pointers into it: exit 0 when it is whole, 1 naming the file and line of the first break"),
                )
                .arg(forge_root_arg()),
        )
        .subcommand(
            Command::new("allow")
                .about("Allow once the call a soft block refused in a CLI that cannot ask (Codex CLI, Gemini CLI); the agent then repeats it; or, with --tamper, lift the lockdown of a session whose call changed governance files")
                .arg(Arg::new("id").required_unless_present("tamper").help("The behavior id"))
                .arg(
                    Arg::new("session")
                        .long("session")
                        .value_name("SESSION_ID")
                        .help("The session id (default: the only live session where the behavior's soft block waits; see `status`)"),
                )
                .arg(
                    Arg::new("tamper")
                        .long("tamper")
                        .action(ArgAction::SetTrue)
                        .conflicts_with("id")
                        .help("Lift the lockdown of the session (of every session without --session) after a tamper: read .forge/audit/tamper.log first"),
                )
                .arg(forge_root_arg()),
        )
        .subcommand(install_args(Command::new("install").about("Register this binary for the events the catalog uses (.claude/settings.json; --user, --managed, --harness codex|gemini)")))
        .subcommand(install_args(Command::new("uninstall").about("Remove exactly what `install` added")))
        .subcommand(doctor_args(Command::new("doctor").about(
            "Say whether governance is live in Claude Code for this project, and how to fix it when not (exit 1 when not)",
        )))
        .subcommand(plugin_args(Command::new("plugin").about(
            "Write this hook as a Claude Code plugin (manifest, hooks, this binary, README) and a marketplace manifest into DIR",
        )))
}

fn plugin_args(command: Command) -> Command {
    command
        .arg(
            Arg::new("dir")
                .value_name("DIR")
                .required(true)
                .value_parser(value_parser!(PathBuf))
                .help("The plugin's folder (created when missing)"),
        )
        .arg(Arg::new("name").long("name").value_name("NAME").help("The plugin's name (default: this binary's name)"))
        .arg(Arg::new("marketplace").long("marketplace").value_name("NAME").help(
            "The marketplace's name, as in `claude plugin install PLUGIN@MARKETPLACE` (default: PLUGIN-marketplace)",
        ))
        .arg(
            Arg::new("plugin-version")
                .long("plugin-version")
                .value_name("SEMVER")
                .help("The plugin's version (default: this binary's)"),
        )
        .arg(
            Arg::new("author")
                .long("author")
                .value_name("NAME")
                .help("The plugin's author and the marketplace's owner (default: git's user.name, else $USER)"),
        )
        .arg(
            Arg::new("license")
                .long("license")
                .value_name("SPDX")
                .help("The plugin's license (MIT, Apache-2.0, …): its manifest's `license` and a LICENSE file"),
        )
        .arg(timeout_arg())
}

fn doctor_args(command: Command) -> Command {
    let path = |id: &'static str, name: &'static str, help: &'static str| {
        Arg::new(id).long(id).value_name(name).value_parser(value_parser!(PathBuf)).help(help)
    };
    command
        .arg(path("project", "DIR", "The project (default: $CLAUDE_PROJECT_DIR, else the current folder)"))
        .arg(path(
            "managed-settings",
            "PATH",
            "Claude Code's managed settings file (default: the machine's, as `install --managed` writes it)",
        ))
        .arg(path("plugin-dir", "DIR", "A plugin folder Claude Code is started with (`claude --plugin-dir DIR`)"))
        .arg(path(
            "behaviors",
            "DIR",
            "The behaviors folder to compare this binary with (default: the one it was built from, else the project's)",
        ))
        .arg(path("claude", "PATH", "The Claude Code CLI to ask its version (default: `claude` on PATH)"))
        .arg(forge_root_arg())
        .arg(json_arg("Print one JSON object"))
}

fn doctor_options(sub: &ArgMatches) -> Result<doctor::Options, String> {
    let path = |id: &str| sub.get_one::<PathBuf>(id).cloned();
    let project = match path("project") {
        Some(project) => project,
        None => project_dir().ok_or("cannot tell the project folder; pass --project DIR")?,
    };
    let project = project.canonicalize().map_err(|error| format!("cannot open {}: {error}", project.display()))?;
    Ok(doctor::Options {
        forge_root: path("forge-root").unwrap_or_else(|| project.join(".forge")),
        project,
        home: std::env::var_os("HOME").filter(|home| !home.is_empty()).map(PathBuf::from),
        managed: path("managed-settings").unwrap_or_else(hook_settings::managed_settings),
        plugin_dir: path("plugin-dir"),
        behaviors: path("behaviors"),
        claude: path("claude"),
        json: sub.get_flag("json"),
    })
}

/// Who a plugin is by when `--author` is not given: git's `user.name`, else the login name.
fn default_author() -> String {
    let git =
        std::process::Command::new("git").args(["config", "user.name"]).stdin(std::process::Stdio::null()).output();
    let named = git
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned());
    named
        .filter(|name| !name.is_empty())
        .or_else(|| std::env::var("USER").ok().filter(|user| !user.is_empty()))
        .unwrap_or_else(|| "unknown".to_owned())
}

fn plugin_options(sub: &ArgMatches) -> plugin::Options {
    let binary = binary_name();
    let name = sub.get_one::<String>("name").cloned().unwrap_or_else(|| binary.to_lowercase().replace('_', "-"));
    plugin::Options {
        dir: sub.get_one::<PathBuf>("dir").cloned().unwrap_or_default(),
        marketplace: sub.get_one::<String>("marketplace").cloned().unwrap_or_else(|| format!("{name}-marketplace")),
        name,
        binary,
        version: sub
            .get_one::<String>("plugin-version")
            .cloned()
            .unwrap_or_else(|| env!("CARGO_PKG_VERSION").to_owned()),
        author: sub.get_one::<String>("author").cloned().unwrap_or_else(default_author),
        license: sub.get_one::<String>("license").cloned(),
        timeout: sub.get_one::<u32>("timeout").copied().unwrap_or(10),
    }
}

fn run(catalog: &'static Catalog, demo: Option<&'static str>) -> ! {
    let mut args = std::env::args_os().skip(1);
    match (args.next(), args.next(), args.next(), args.next()) {
        (None, ..) => hook_main(catalog, None),
        (Some(first), None, ..) if first == "hook" => hook_main(catalog, None),
        (Some(first), Some(option), Some(name), None) if first == "hook" && option == "--harness" => {
            match name.to_str().and_then(Harness::parse) {
                Some(harness) => hook_main(catalog, Some(harness)),
                // Still a hook run: never fail, never block; say why on stderr.
                None => {
                    warn(&format!("unknown --harness {}; reading the payload to tell", name.to_string_lossy()));
                    hook_main(catalog, None)
                }
            }
        }
        _ => {}
    }
    // Help and errors name the binary as it was invoked (a hook project's binary is not called dotforge-hook).
    let name: &'static str = Box::leak(binary_name().into_boxed_str());
    let matches = cli(name, demo.is_some()).get_matches();
    let text = |sub: &ArgMatches, id: &str| sub.get_one::<String>(id).cloned();
    let flag = |sub: &ArgMatches, id: &str| sub.get_flag(id);
    let root = |sub: &ArgMatches| forge_root_or_default(sub.get_one::<PathBuf>("forge-root").cloned());
    let result = match matches.subcommand() {
        None => hook_main(catalog, None),
        Some(("hook", sub)) => hook_main(catalog, text(sub, "harness").as_deref().and_then(Harness::parse)),
        Some(("test", sub)) => test_main(catalog, text(sub, "id").as_deref()),
        Some(("simulate", sub)) => simulate_main(
            catalog,
            demo,
            text(sub, "file").as_deref(),
            flag(sub, "json"),
            sub.get_one::<PathBuf>("forge-root").cloned(),
            text(sub, "profile"),
            text(sub, "soft-block").as_deref().and_then(SoftBlockMode::parse),
        ),
        Some(("backtest", sub)) => backtest_main(catalog, sub),
        Some(("status", sub)) => {
            status::run(catalog, &root(sub), text(sub, "session").as_deref(), flag(sub, "all"), flag(sub, "json"))
        }
        Some(("list", sub)) => describe::list(catalog, text(sub, "category").as_deref().and_then(category)),
        Some(("describe", sub)) => describe::describe(catalog, &text(sub, "id").unwrap_or_default()),
        Some((on_off @ ("on" | "off"), sub)) => switch::run(
            catalog,
            &root(sub),
            &text(sub, "id").unwrap_or_default(),
            text(sub, "session").as_deref(),
            on_off == "on",
        ),
        Some(("allow", sub)) if flag(sub, "tamper") => {
            allow::lift_lockdown(&root(sub), text(sub, "session").as_deref())
        }
        Some(("allow", sub)) => {
            allow::run(catalog, &root(sub), &text(sub, "id").unwrap_or_default(), text(sub, "session").as_deref())
        }
        Some(("audit", sub)) if flag(sub, "verify") => trail::run(&root(sub), flag(sub, "json")),
        Some(("audit", sub)) => audit::run(catalog, &root(sub), flag(sub, "json")),
        Some(("install", sub)) => install_options(sub).and_then(|options| install::install(catalog, &options)),
        Some(("uninstall", sub)) => install_options(sub).and_then(|options| install::uninstall(&options)),
        Some(("plugin", sub)) => plugin::plugin(catalog, &plugin_options(sub)),
        Some(("doctor", sub)) => doctor_options(sub).and_then(|options| doctor::run(catalog, &options)),
        Some((other, _)) => user_error(&format!("unknown command `{other}`")),
    };
    match result {
        Ok(()) => exit(0),
        Err(message) => user_error(&message),
    }
}

fn category(name: &str) -> Option<Category> {
    match name {
        "core" => Some(Category::Core),
        "opinionated" => Some(Category::Opinionated),
        "experimental" => Some(Category::Experimental),
        _ => None,
    }
}

fn install_options(sub: &ArgMatches) -> Result<install::Options, String> {
    let harness = sub.get_one::<String>("harness").and_then(|name| Harness::parse(name)).unwrap_or_default();
    let user = sub.get_flag("user");
    let managed = sub.get_flag("managed");
    if managed && harness != Harness::ClaudeCode {
        return Err("--managed writes Claude Code's managed settings; it takes no --harness but claude".to_owned());
    }
    Ok(install::Options {
        settings: sub.get_one::<PathBuf>("settings").cloned().unwrap_or_else(|| {
            if managed {
                hook_settings::managed_settings()
            } else {
                hook_settings::default_settings(harness, user)
            }
        }),
        command: sub.get_one::<String>("command").cloned(),
        timeout: sub.get_one::<u32>("timeout").copied().unwrap_or(10),
        dry_run: sub.get_flag("dry-run"),
        harness,
        user,
        managed,
        settings_given: sub.get_one::<PathBuf>("settings").is_some(),
    })
}

/// The project an operator command is about: `$CLAUDE_PROJECT_DIR`, else the current folder.
fn project_dir() -> Option<PathBuf> {
    std::env::var_os("CLAUDE_PROJECT_DIR")
        .filter(|dir| !dir.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::current_dir().ok())
}

/// `--forge-root`, else what the hook itself would use without a payload.
fn forge_root_or_default(forge_root: Option<PathBuf>) -> PathBuf {
    forge_root.unwrap_or_else(|| Settings::from_env(None).forge_root)
}

fn binary_name() -> String {
    std::env::args_os()
        .next()
        .as_deref()
        .and_then(|path| std::path::Path::new(path).file_name())
        .map_or_else(|| "dotforge-hook".to_owned(), |name| name.to_string_lossy().into_owned())
}

fn user_error(message: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    exit(1)
}

fn hook_main(catalog: &'static Catalog, harness: Option<Harness>) -> ! {
    std::panic::set_hook(Box::new(|info| warn(&format!("internal error, allowing the tool call: {info}"))));
    // A payload is mostly a few hundred bytes: std's default 8 KiB first read would push everything allocated after
    // it onto fresh heap pages (page faults per event: `git push` 98 → 91).
    let mut input = Vec::with_capacity(2048);
    if let Err(error) = std::io::stdin().lock().take(MAX_PAYLOAD_BYTES).read_to_end(&mut input) {
        warn(&format!("cannot read the hook payload: {error}"));
    }
    if let Ok(Some(json)) = std::panic::catch_unwind(|| run_hook_for(catalog, &input, harness)) {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{json}");
        let _ = stdout.flush();
    }
    exit(0)
}

fn test_main(catalog: &Catalog, only: Option<&str>) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    match crate::scenario_runner::run_all(catalog, only, &mut stdout)? {
        0 => Ok(()),
        _ => exit(1),
    }
}

fn backtest_main(catalog: &Catalog, sub: &ArgMatches) -> Result<(), String> {
    let mut paths: Vec<PathBuf> = sub.get_many::<PathBuf>("paths").into_iter().flatten().cloned().collect();
    if paths.is_empty() {
        paths = default_histories()?;
    }
    let since = match sub.get_one::<String>("since") {
        None => None,
        Some(text) => Some(
            crate::time::Timestamp::parse(text)
                .or_else(|| crate::time::Timestamp::parse(&format!("{text}T00:00:00Z")))
                .ok_or_else(|| format!("--since `{text}` is not YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ"))?,
        ),
    };
    let options = crate::backtest::Options {
        paths,
        json: sub.get_flag("json"),
        since,
        session: sub.get_one::<String>("session").cloned(),
        profile: sub.get_one::<String>("profile").cloned().unwrap_or_else(Settings::env_profile),
        soft_block: sub
            .get_one::<String>("soft-block")
            .and_then(|mode| SoftBlockMode::parse(mode))
            .unwrap_or_else(soft_block_mode),
        jobs: sub.get_one::<usize>("jobs").copied().filter(|jobs| *jobs > 0),
    };
    let mut stdout = std::io::stdout().lock();
    crate::backtest::run(catalog, &options, &mut stdout)
}

/// This project's history in every CLI's own place; `Err` says where it looked when there is none.
fn default_histories() -> Result<Vec<PathBuf>, String> {
    let project = project_dir().ok_or("cannot tell the project folder; pass PATH")?;
    let home = std::env::var_os("HOME").filter(|home| !home.is_empty()).ok_or("HOME is not set; pass PATH")?;
    let variable = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty()).map(PathBuf::from);
    let places = crate::history::locate::project_histories(&project, std::path::Path::new(&home), &variable);
    let found: Vec<PathBuf> = places.iter().flat_map(|place| place.found.iter().cloned()).collect();
    if found.is_empty() {
        let looked: Vec<String> = places
            .iter()
            .skip(1)
            .map(|place| format!("{} in {}", place.harness.dialect().title, place.folder.display()))
            .collect();
        return Err(format!(
            "no Claude Code transcripts for {} (looked in {}), nor any other CLI's history of it ({}); pass PATH",
            project.display(),
            places[0].folder.display(),
            looked.join(", ")
        ));
    }
    Ok(found)
}

fn simulate_main(
    catalog: &Catalog,
    demo: Option<&str>,
    file: Option<&str>,
    as_json: bool,
    forge_root: Option<PathBuf>,
    profile: Option<String>,
    soft_block: Option<SoftBlockMode>,
) -> Result<(), String> {
    let session = match (file, demo) {
        (Some("-"), _) => {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).map_err(|error| format!("cannot read stdin: {error}"))?;
            text
        }
        (Some(path), _) => std::fs::read_to_string(path).map_err(|error| format!("cannot read `{path}`: {error}"))?,
        (None, Some(demo)) => demo.to_owned(),
        (None, None) => {
            return Err("this binary has no demo session built in; pass a FILE.jsonl (one hook payload per line, `-` \
                        for stdin); a hook built with `dotforge_runtime::main_with_demo` has one"
                .to_owned())
        }
    };
    let replay = match forge_root {
        Some(root) => Replay::at(root),
        None => Replay::scratch().map_err(|error| format!("cannot create a scratch .forge: {error}"))?,
    };
    let profile = profile.unwrap_or_else(Settings::env_profile);
    let soft_block = soft_block.unwrap_or_else(soft_block_mode);
    let mut stdout = std::io::stdout().lock();
    match crate::simulate::simulate(catalog, &session, &replay, &profile, soft_block, as_json, &mut stdout) {
        Ok(_) => Ok(()),
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(format!("cannot write the table: {error}")),
    }
}
