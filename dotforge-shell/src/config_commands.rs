//! Commands kept in a tool's config file under known keys ([`crate::programs::Runs::ConfigCommands`]): YAML's `KEY:
//! CMD` (also as a quoted list item, `- "exec: CMD"`, or a list of words, `KEY: ["git", "push"]`) and XML's
//! `KEY="CMD"` (MSBuild's `<Exec Command="CMD"/>`; a key starting with `<` names its element too: `<Delete Files`),
//! JSON's `"KEY": "CMD"`, INI's and TOML's `KEY = CMD` (supervisord, air), a Procfile's `NAME: CMD` (the key `*`),
//! and a line's start (a key ending in a space: Go's `//go:generate CMD`),
//! each turned into a shell command — after a prefix the table gives,
//! with `;`-separated items as words (`<Delete Files="a;b"/>` is `rm -f a b`). A line holding one of the table's
//! unknown fragments (code in a format not read, a remote repository) leaves what runs unknown. Also the files a
//! document includes ([`crate::programs::Runs::IncludedFiles`]: `.. literalinclude::`, `include::PATH[]`…).

/// The commands `text` holds under `keys` (each `(key, prefix)`), or `None` when a line holds one of `unknown`.
pub(crate) fn commands(text: &str, keys: &[(&str, &str)], unknown: &[&str]) -> Option<Vec<String>> {
    let mut found = Vec::new();
    for line in text.lines() {
        if unknown.iter().any(|fragment| line.contains(fragment)) {
            return None;
        }
        for (key, prefix) in keys {
            // (A key ending in a space starts the line: `//go:generate CMD`.)
            let value = match key.ends_with(' ') {
                true => line.trim_start().strip_prefix(key).map(str::to_owned),
                false => yaml_value(line, key)
                    .or_else(|| xml_value(line, key))
                    .or_else(|| json_value(line, key))
                    .or_else(|| ini_value(line, key)),
            };
            // (A value on the lines after — none on the key's line, a YAML block `|` or `>`, a list left open — is
            // not read here.)
            let continued = |value: &str| value.is_empty() || value.starts_with(['|', '>', '[']);
            if value.as_deref().is_some_and(continued) {
                return None;
            }
            found.extend(value.map(|value| command(&value, prefix)));
        }
    }
    Some(found)
}

/// `KEY: VALUE` at the start of a YAML line (after indentation, a list's `- ` and a quote); the key `*` is any
/// name (a Procfile's `web: CMD`).
fn yaml_value(line: &str, key: &str) -> Option<String> {
    let start = line.trim_start().trim_start_matches("- ").trim_start();
    let (quote, start) = match start.chars().next() {
        Some(quote @ ('"' | '\'')) => (Some(quote), &start[1..]),
        _ => (None, start),
    };
    let after_key = match key {
        "*" => {
            let name = start.find(|c: char| !(c.is_ascii_alphanumeric() || "_.-".contains(c))).unwrap_or(0);
            (name > 0).then(|| &start[name..])?
        }
        _ => start.strip_prefix(key)?,
    };
    let value = after_key.strip_prefix(':')?.trim();
    let value = match quote {
        Some(quote) => value.strip_suffix(quote).unwrap_or(value),
        None => value,
    };
    // A list of words (`["git", "push"]`), or one quoted string.
    if let Some(items) = value.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
        let words: Vec<String> =
            items.split(',').map(|item| crate::argv::quote(item.trim().trim_matches(['"', '\'']))).collect();
        return Some(words.join(" "));
    }
    let unquoted = ['"', '\''].iter().find_map(|quote| value.strip_prefix(*quote)?.strip_suffix(*quote));
    Some(unquoted.unwrap_or(value).replace("\\\"", "\""))
}

/// `KEY="VALUE"` anywhere in an XML line, its entities read.
fn xml_value(line: &str, key: &str) -> Option<String> {
    let at = line.match_indices(key).find_map(|(at, _)| {
        // (A key may name its element, `<Delete Files`, or else stands after a space.)
        let before = line[..at].chars().next_back();
        let starts = key.starts_with('<') || before.is_some_and(char::is_whitespace);
        starts.then(|| line[at + key.len()..].trim_start().strip_prefix('=')).flatten()
    })?;
    let at = at.trim_start().strip_prefix('"')?;
    let value = &at[..at.find('"')?];
    let value = value.replace("&quot;", "\"").replace("&apos;", "'").replace("&lt;", "<").replace("&gt;", ">");
    // (Ant's properties for the home and the build's folder, as the shell writes them.)
    let value = value.replace("${user.home}", "~").replace("${basedir}", ".");
    Some(properties_as_variables(&value.replace("&amp;", "&")))
}

/// `"KEY": "VALUE"` anywhere in a JSON line (nodemon's `"exec"`), its escapes read.
fn json_value(line: &str, key: &str) -> Option<String> {
    let quoted = format!("\"{key}\"");
    line.match_indices(&quoted).find_map(|(at, _)| {
        let rest = line[at + quoted.len()..].trim_start().strip_prefix(':')?.trim_start().strip_prefix('"')?;
        let mut value = String::new();
        let mut characters = rest.chars();
        while let Some(character) = characters.next() {
            match character {
                '"' => return Some(value),
                '\\' => value.push(match characters.next()? {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                }),
                other => value.push(other),
            }
        }
        None
    })
}

/// `KEY = VALUE` or `KEY=VALUE` at the start of an INI or TOML line (supervisord's `command=`, air's `cmd = "…"`),
/// the value unquoted.
fn ini_value(line: &str, key: &str) -> Option<String> {
    let value = line.trim_start().strip_prefix(key)?.trim_start().strip_prefix('=')?.trim();
    let unquoted = ['"', '\''].iter().find_map(|quote| value.strip_prefix(*quote)?.strip_suffix(*quote));
    Some(unquoted.unwrap_or(value).replace("\\\"", "\""))
}

/// MSBuild's properties (`$(Name)`) as the variables they are, not command substitutions.
fn properties_as_variables(value: &str) -> String {
    let mut out = String::new();
    let mut rest = value;
    while let Some(at) = rest.find("$(") {
        out.push_str(&rest[..at]);
        let inner = &rest[at + 2..];
        match inner.find(')') {
            Some(end) if inner[..end].chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => {
                out.push_str(&format!("${{{}}}", &inner[..end]));
                rest = &inner[end + 1..];
            }
            // (A property function, `$([System.IO…])`, is what no one can know here: left as a substitution.)
            _ => {
                out.push_str("$(");
                rest = inner;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The command a value stands for: itself, or after a prefix its `;`-separated items as words.
fn command(value: &str, prefix: &str) -> String {
    if prefix.is_empty() {
        return value.to_owned();
    }
    let items: Vec<String> =
        value.split(';').map(str::trim).filter(|item| !item.is_empty()).map(crate::argv::quote).collect();
    format!("{prefix} {}", items.join(" "))
}

/// How documents include other files, each `(start, end)` around the path on one line: reStructuredText's
/// directives, AsciiDoc's `include::PATH[]`, mdBook's `{{#include PATH}}`, Quarto's shortcode, MkDocs' snippets.
const INCLUDES: &[(&str, &str)] = &[
    (".. literalinclude:: ", ""),
    (".. include:: ", ""),
    ("include::", "["),
    ("{{#include ", "}}"),
    ("{{#rustdoc_include ", "}}"),
    ("{{< include ", " >}}"),
    ("--8<-- \"", "\""),
];

/// The files a document includes (relative to its folder), as a generator reads them.
pub(crate) fn included(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        for (start, end) in INCLUDES {
            let Some(rest) = line.strip_prefix(start) else { continue };
            let path = if end.is_empty() { rest } else { rest.split(end).next().unwrap_or(rest) };
            // (mdBook's `PATH:ANCHOR` or line range.)
            let path = if start.starts_with("{{#") { path.split(':').next().unwrap_or(path) } else { path };
            let path = path.trim();
            if !path.is_empty() {
                found.push(path.to_owned());
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const PRE_COMMIT: &[(&str, &str)] = &[("entry", "")];

    #[test]
    fn yaml_keys_hold_commands() {
        let text = "repos:\n  - repo: local\n    hooks:\n      - id: x\n        entry: cargo fmt --check\n";
        assert_eq!(commands(text, PRE_COMMIT, &["repo: http"]), Some(vec!["cargo fmt --check".to_owned()]));
        let listed = "PreCommit:\n  S:\n    command: [\"git\", \"push\", \"--force\"]\n";
        assert_eq!(commands(listed, &[("command", "")], &[]), Some(vec!["git push --force".to_owned()]));
        let quoted = "providers:\n  - \"exec: sh -c \\\"git push origin :main\\\"\"\n";
        assert_eq!(commands(quoted, &[("exec", "")], &[]), Some(vec!["sh -c \"git push origin :main\"".to_owned()]));
        assert_eq!(commands("  - repo: https://github.com/x/y\n", PRE_COMMIT, &["repo: http"]), None);
        assert_eq!(commands("pre-commit:\n  run: |\n    git push -f\n", &[("run", "")], &[]), None, "a block");
        assert_eq!(commands("  command: [\"git\",\n    \"push\"]\n", &[("command", "")], &[]), None, "an open list");
        let go = "package main\n\n//go:generate stringer -type=Color\n// go:generate x\n";
        assert_eq!(commands(go, &[("//go:generate ", "")], &[]), Some(vec!["stringer -type=Color".to_owned()]));
    }

    #[test]
    fn json_ini_and_procfile_lines_hold_commands() {
        let nodemon = "{\"watch\":[\"src\"],\"events\":{\"start\":\"git reset --hard\"},\"exec\":\"cat \\\".env\\\"\"}";
        let found = commands(nodemon, &[("exec", ""), ("start", "")], &[]).expect("read");
        assert_eq!(found, ["cat \".env\"", "git reset --hard"]);
        let supervisor = "[program:x]\ncommand=/bin/rm -rf /home/u\nautorestart=false\n";
        assert_eq!(commands(supervisor, &[("command", "")], &[]), Some(vec!["/bin/rm -rf /home/u".to_owned()]));
        let air = "[build]\ncmd = \"go build -o ./tmp/main .\"\nbin = \"./tmp/main\"\n";
        assert_eq!(commands(air, &[("cmd", "")], &[]), Some(vec!["go build -o ./tmp/main .".to_owned()]));
        let procfile = "web: bundle exec puma\nworker-2: git push -f\n";
        assert_eq!(commands(procfile, &[("*", "")], &[]), Some(vec!["bundle exec puma".into(), "git push -f".into()]));
        assert_eq!(
            commands("rule x:\n    shell:\n        \"git push -f\"\n", &[("shell", "")], &[]),
            None,
            "next line"
        );
        assert_eq!(commands("commandline = x\n", &[("command", "")], &[]), Some(Vec::new()), "a longer name");
    }

    #[test]
    fn documents_name_the_files_they_include() {
        let rst = "Config\n======\n\n.. literalinclude:: ../.env\n   :language: ini\n";
        assert_eq!(included(rst), ["../.env"]);
        assert_eq!(included("include::/home/u/.aws/credentials[]\n"), ["/home/u/.aws/credentials"]);
        assert_eq!(included("{{#include ../../.env:2:4}}\n"), ["../../.env"]);
        assert_eq!(included("Use `include::x[]` inline.\n"), Vec::<String>::new(), "not at a line's start");
    }

    #[test]
    fn xml_attributes_hold_commands_and_paths() {
        let keys = &[("Command", ""), ("<Delete Files", "rm -f"), ("<RemoveDir Directories", "rm -rf")];
        let text = "<Exec Command=\"git update-ref -d refs/heads/$(Branch)\" />\n<Delete Files=\"a.rs;b rs\" />";
        let found = commands(text, keys, &["<UsingTask"]).expect("read");
        assert_eq!(found, ["git update-ref -d refs/heads/${Branch}", "rm -f a.rs 'b rs'"]);
        assert_eq!(commands("<Exec ReturnCommand=\"x\" />", keys, &[]), Some(Vec::new()), "a longer name");
        assert_eq!(commands("<UsingTask TaskName=\"X\" />", keys, &["<UsingTask"]), None);
        assert_eq!(commands("<MakeDir Directories=\"src\" />", keys, &[]), Some(Vec::new()), "another element's");
    }
}
