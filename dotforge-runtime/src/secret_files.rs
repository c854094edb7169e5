//! Where the secret values the output screening knows come from ([`crate::screen::Known`]): the hook's own
//! environment, and the project's secret files — `.env` and `.env.*` in the project folder, but not the examples and
//! templates (`.env.example`, `.env.sample`, `.env.template`, `.env.dist`, `.env.defaults`). Each file is read whole
//! (at most 64 KiB; a larger one, a link to a device or FIFO, or one that is not UTF-8 is skipped). Values are held
//! in memory for the event and never written anywhere.

use std::io::Read;
use std::path::Path;

/// One named value and where it came from.
pub(crate) type Named = (String, String, &'static str);

/// The kind of a value of the hook's environment.
pub(crate) const ENVIRONMENT: &str = "environment variable";
/// The kind of a value of a `.env` file.
pub(crate) const DOTENV: &str = ".env value";

/// Largest secret file read.
const MAX_FILE_BYTES: u64 = 64 * 1024;
/// Most secret files read per event.
const MAX_FILES: usize = 16;

/// Names of `.env` files that hold no secret: examples and templates.
const NOT_SECRET_SUFFIXES: &[&str] = &[".example", ".sample", ".template", ".dist", ".defaults", ".schema"];

/// The hook's environment variables, as `(name, value, kind)`.
pub(crate) fn environment() -> Vec<Named> {
    std::env::vars_os()
        .filter_map(|(name, value)| Some((name.into_string().ok()?, value.into_string().ok()?)))
        .map(|(name, value)| (name, value, ENVIRONMENT))
        .collect()
}

/// The `NAME=value` lines of the project's secret files, as `(name, value, kind)`.
pub(crate) fn dotenv_values(project: &Path) -> Vec<Named> {
    let Ok(entries) = std::fs::read_dir(project) else { return Vec::new() };
    let mut found = Vec::new();
    let mut files = 0;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let secret_file = (name == ".env" || name.starts_with(".env."))
            && !NOT_SECRET_SUFFIXES.iter().any(|suffix| name.ends_with(suffix));
        if !secret_file || files >= MAX_FILES {
            continue;
        }
        files += 1;
        if let Some(text) = read_small(&entry.path()) {
            found.extend(parse(&text).map(|(key, value)| (key, value, DOTENV)));
        }
    }
    found
}

/// A regular file of at most [`MAX_FILE_BYTES`], as UTF-8 text.
fn read_small(path: &Path) -> Option<String> {
    let file = std::fs::File::open(path).ok()?;
    let metadata = file.metadata().ok()?;
    if !metadata.is_file() || metadata.len() > MAX_FILE_BYTES {
        return None;
    }
    let mut text = String::new();
    file.take(MAX_FILE_BYTES).read_to_string(&mut text).ok()?;
    Some(text)
}

/// The `KEY=value` lines of a dotenv text (`export KEY=value`, quotes and a trailing comment removed).
fn parse(text: &str) -> impl Iterator<Item = (String, String)> + '_ {
    text.lines().filter_map(|line| {
        let line = line.trim();
        let line = line.strip_prefix("export ").unwrap_or(line);
        let (key, value) = line.split_once('=')?;
        let key = key.trim();
        if key.is_empty() || key.starts_with('#') || key.contains(char::is_whitespace) {
            return None;
        }
        let value = value.trim();
        let value = match value.chars().next() {
            Some(quote @ ('"' | '\'')) => value[1..].split(quote).next().unwrap_or(""),
            _ => value.split(" #").next().unwrap_or("").trim(),
        };
        Some((key.to_owned(), value.to_owned()))
    })
}

#[cfg(test)]
mod tests {
    use super::parse;

    #[test]
    fn dotenv_lines_are_read_as_shells_and_dotenv_libraries_read_them() {
        let text = "# comment\nexport API_KEY=abc123def456\nQUOTED=\"with # hash\"\nSINGLE='x y'\nPLAIN=v # note\n=x\nBAD LINE=1\n";
        let parsed: Vec<(String, String)> = parse(text).collect();
        let pairs: Vec<(&str, &str)> = parsed.iter().map(|(key, value)| (key.as_str(), value.as_str())).collect();
        assert_eq!(pairs, [("API_KEY", "abc123def456"), ("QUOTED", "with # hash"), ("SINGLE", "x y"), ("PLAIN", "v")]);
    }
}
