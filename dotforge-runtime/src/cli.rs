//! Command-line entry of every hook binary: hook mode by default, plus `test`, `simulate`, `--help`, `--version`.
//! Exit codes of the non-hook commands follow CONTRACT §9: 0 success, 1 user error, 2 usage error.

use crate::catalog::Catalog;
use crate::hook::run_hook;
use crate::replay::Replay;
use crate::settings::{Settings, PROFILES};
use crate::warn::warn;
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

fn run(catalog: &'static Catalog, demo: Option<&'static str>) -> ! {
    let args: Vec<String> = std::env::args_os().skip(1).map(|arg| arg.to_string_lossy().into_owned()).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        [] | ["hook"] => hook_main(catalog),
        ["--version" | "-V"] => {
            print_out(&format!("{} {}", binary_name(), env!("CARGO_PKG_VERSION")));
            exit(0)
        }
        ["--help" | "-h" | "help"] => {
            print_out(&usage(catalog));
            exit(0)
        }
        ["test", rest @ ..] => test_main(catalog, rest),
        ["simulate", rest @ ..] => simulate_main(catalog, demo, rest),
        _ => usage_error(catalog, &format!("unexpected arguments `{}`", args.join(" "))),
    }
}

fn binary_name() -> String {
    std::env::args_os()
        .next()
        .as_deref()
        .and_then(|path| std::path::Path::new(path).file_name())
        .map_or_else(|| "dotforge-hook".to_owned(), |name| name.to_string_lossy().into_owned())
}

fn usage(catalog: &Catalog) -> String {
    let enabled = catalog.behaviors.iter().filter(|behavior| behavior.enabled).count();
    format!(
        "{name}: a Claude Code hook compiled by dotforge ({enabled} of {total} behaviors enabled)\n\n\
         Usage:\n  \
         {name}                      read one hook payload from stdin, print at most one JSON object, exit 0\n  \
         {name} hook                 the same\n  \
         {name} test [ID]            run the compiled scenario tests (of one behavior)\n  \
         {name} simulate [FILE.jsonl] [--json] [--forge-root DIR] [--profile P]\n  \
         {pad}                       replay a recorded session (one payload per line) and show each decision\n  \
         {name} --version | --help",
        name = binary_name(),
        pad = " ".repeat(binary_name().len()),
        total = catalog.behaviors.len()
    )
}

fn print_out(text: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

fn usage_error(catalog: &Catalog, message: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "error: {message}\n\n{}", usage(catalog));
    exit(2)
}

fn user_error(message: &str) -> ! {
    let _ = writeln!(std::io::stderr(), "error: {message}");
    exit(1)
}

fn hook_main(catalog: &'static Catalog) -> ! {
    std::panic::set_hook(Box::new(|info| warn(&format!("internal error, allowing the tool call: {info}"))));
    let mut input = Vec::new();
    if let Err(error) = std::io::stdin().lock().take(MAX_PAYLOAD_BYTES).read_to_end(&mut input) {
        warn(&format!("cannot read the hook payload: {error}"));
    }
    if let Ok(Some(json)) = std::panic::catch_unwind(|| run_hook(catalog, &input)) {
        let mut stdout = std::io::stdout().lock();
        let _ = writeln!(stdout, "{json}");
        let _ = stdout.flush();
    }
    exit(0)
}

fn test_main(catalog: &Catalog, args: &[&str]) -> ! {
    let only = match args {
        [] => None,
        [id] if !id.starts_with('-') => Some(*id),
        _ => usage_error(catalog, "`test` takes at most one behavior id"),
    };
    let mut stdout = std::io::stdout().lock();
    match crate::scenario::run_all(catalog, only, &mut stdout) {
        Ok(0) => exit(0),
        Ok(_) => exit(1),
        Err(message) => user_error(&message),
    }
}

fn simulate_main(catalog: &Catalog, demo: Option<&str>, args: &[&str]) -> ! {
    let mut file = None;
    let mut forge_root = None;
    let mut as_json = false;
    let mut profile = Settings::env_profile();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match *arg {
            "--json" => as_json = true,
            "--forge-root" => match rest.next() {
                Some(dir) => forge_root = Some(PathBuf::from(dir)),
                None => usage_error(catalog, "`--forge-root` needs a directory"),
            },
            "--profile" => match rest.next() {
                Some(name) if PROFILES.contains(name) => profile = (*name).to_owned(),
                _ => usage_error(catalog, "`--profile` needs one of minimal, standard, strict"),
            },
            flag if flag.starts_with('-') && flag != "-" => usage_error(catalog, &format!("unknown option `{flag}`")),
            path if file.is_none() => file = Some(path),
            _ => usage_error(catalog, "`simulate` takes one file"),
        }
    }
    let session = match (file, demo) {
        (Some("-"), _) => {
            let mut text = String::new();
            if let Err(error) = std::io::stdin().read_to_string(&mut text) {
                user_error(&format!("cannot read stdin: {error}"));
            }
            text
        }
        (Some(path), _) => match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(error) => user_error(&format!("cannot read `{path}`: {error}")),
        },
        (None, Some(demo)) => demo.to_owned(),
        (None, None) => {
            user_error("this binary has no embedded demo session; pass a FILE.jsonl (one payload per line)")
        }
    };
    let replay = match forge_root {
        Some(root) => Replay::at(root),
        None => match Replay::scratch() {
            Ok(replay) => replay,
            Err(error) => user_error(&format!("cannot create a scratch .forge: {error}")),
        },
    };
    let mut stdout = std::io::stdout().lock();
    match crate::simulate::simulate(catalog, &session, &replay, &profile, as_json, &mut stdout) {
        Ok(_) => {
            drop(replay);
            exit(0)
        }
        // A closed pipe (`simulate | head`) is the reader's choice, not an error.
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => exit(0),
        Err(error) => user_error(&format!("cannot write the table: {error}")),
    }
}
