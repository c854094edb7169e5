//! Commands kept in a tool's config file under known keys ([`crate::programs::Runs::ConfigCommands`]), each value
//! found by [`crate::config_values`] (YAML, XML, JSON, INI and TOML keys, a TOML table's keys, a call's arguments, a
//! line's start) and turned into a shell command — after a prefix the table gives, with `;`-separated items as words
//! (`<Delete Files="a;b"/>` is `rm -f a b`). A line holding one of the table's unknown fragments (code in a format not
//! read, a remote repository), or a value that goes on past its line, leaves what runs unknown. Also the files a
//! document includes ([`crate::programs::Runs::IncludedFiles`]: `.. literalinclude::`, `include::PATH[]`…).

use crate::config_values;

/// The commands `text` holds under `keys` (each `(key, prefix)`), or `None` when a line holds one of `unknown` or a
/// value that cannot be read on its line.
pub(crate) fn commands(text: &str, keys: &[(&str, &str)], unknown: &[&str]) -> Option<Vec<String>> {
    let mut found = Vec::new();
    let mut table = "";
    // (The prefix of an INI value that goes on in the indented lines after its key: tox's `commands =`.)
    let mut continuing: Option<&str> = None;
    for line in text.lines() {
        if unknown.iter().any(|fragment| line.contains(fragment)) {
            return None;
        }
        if let Some(header) = config_values::toml_table(line) {
            table = header;
            continuing = None;
            continue;
        }
        match continuing {
            Some(prefix) if config_values::continues_ini_value(line) => {
                found.push(command(line.trim(), prefix));
                continue;
            }
            _ => continuing = None,
        }
        for (key, prefix) in keys {
            if config_values::starts_ini_value(line, key) {
                continuing = Some(prefix);
                if config_values::values(line, key).iter().all(String::is_empty) {
                    continue;
                }
            }
            let mut values = match key.strip_prefix('[') {
                // (`[TABLE]` or `[TABLE]KEY`: a TOML table's keys, `[tool.pdm.scripts]`.)
                Some(spec) => config_values::table_commands(line, table, spec)?,
                None => config_values::values(line, key),
            };
            // (A list of files for a prefix's program: each one, `preload = ["./a.ts"]` is `bun ./a.ts`.)
            if !prefix.is_empty() {
                values = values
                    .into_iter()
                    .flat_map(|value| config_values::string_list(&value).unwrap_or(vec![value]))
                    .collect();
            }
            // (A value on the lines after — none on the key's line, a YAML block `|` or `>`, a list left open — is
            // not read here.)
            let continued = |value: &String| value.is_empty() || value.starts_with(['|', '>', '[']);
            if values.iter().any(continued) {
                return None;
            }
            found.extend(values.iter().map(|value| command(value, prefix)));
        }
    }
    Some(found)
}

/// The command a value stands for: itself, or after a prefix, as it is (`cat .env`) or, when it holds `;`-separated
/// items, those as words (`rm -f a 'b c'`).
fn command(value: &str, prefix: &str) -> String {
    if prefix.is_empty() {
        return value.to_owned();
    }
    if !value.contains(';') {
        return format!("{prefix} {value}");
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
    fn a_list_of_files_for_a_prefix_gives_each() {
        let bunfig = "[test]\npreload = [\"./test/setup.ts\", \"./b.ts\"]\n";
        assert_eq!(
            commands(bunfig, &[("preload", "bun")], &[]),
            Some(vec!["bun ./test/setup.ts".into(), "bun ./b.ts".into()])
        );
        assert_eq!(commands("pre_cmd = [\"a\",\n", &[("pre_cmd", "")], &[]), None, "a list left open");
    }

    #[test]
    fn ini_values_go_on_in_indented_lines() {
        let tox =
            "[testenv:r]\ndeps = build\n    twine\ncommands = python -m build\n    twine upload dist/*\nsetenv = A=1\n";
        let keys = &[("commands", "")];
        assert_eq!(commands(tox, keys, &[]), Some(vec!["python -m build".into(), "twine upload dist/*".into()]));
        let listed = "[testenv]\ncommands =\n    pytest --cov=src\n    git push -f\n\n[other]\n";
        assert_eq!(commands(listed, keys, &[]), Some(vec!["pytest --cov=src".into(), "git push -f".into()]));
        let toml = "[build]\ncmd = \"go build\"\n  bin = \"./tmp/main\"\n";
        assert_eq!(commands(toml, &[("cmd", "")], &[]), Some(vec!["go build".into()]), "a key of its own");
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
