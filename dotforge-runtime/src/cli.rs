//! Command-line entry of every hook binary: hook mode by default, `--help` and `--version`.

use crate::catalog::Catalog;
use crate::hook::run_hook;
use crate::warn::warn;
use std::io::{Read, Write};

/// Largest payload read from stdin; anything beyond is ignored (and the truncated payload will not parse).
const MAX_PAYLOAD_BYTES: u64 = 64 * 1024 * 1024;

/// Runs the hook binary: `dotforge-hook` or `dotforge-hook hook` handles one payload from stdin and exits 0.
pub fn main(catalog: &'static Catalog) -> ! {
    let args: Vec<String> = std::env::args_os().skip(1).map(|arg| arg.to_string_lossy().into_owned()).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        [] | ["hook"] => hook_main(catalog),
        ["--version" | "-V"] => {
            print_out(&format!("{} {}", binary_name(), env!("CARGO_PKG_VERSION")));
            std::process::exit(0)
        }
        ["--help" | "-h" | "help"] => {
            print_out(&usage(catalog));
            std::process::exit(0)
        }
        _ => {
            let _ =
                writeln!(std::io::stderr(), "error: unexpected arguments `{}`\n\n{}", args.join(" "), usage(catalog));
            std::process::exit(2)
        }
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
         Usage:\n  {name}          read one hook payload from stdin, print at most one JSON object, exit 0\n  \
         {name} hook     the same\n  {name} --version\n  {name} --help",
        name = binary_name(),
        total = catalog.behaviors.len()
    )
}

fn print_out(text: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{text}");
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
    std::process::exit(0)
}
