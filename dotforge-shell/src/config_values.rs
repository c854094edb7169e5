//! The values a config file's line holds under a key, for [`crate::config_commands`]: YAML's `KEY: VALUE` (also a
//! quoted list item, `- "exec: CMD"`, or a list of words, `KEY: ["git", "push"]`; the key `*` is any name, a
//! Procfile's), XML's `KEY="VALUE"` (a key starting with `<` names its element too: `<Delete Files`), JSON's `"KEY":
//! "VALUE"` or a list of strings, INI's and TOML's `KEY = VALUE`, a call's arguments (a key ending in `(`: Tilt's
//! `local('CMD')`, qmake's `system(CMD)`, Meson's `run_command('git', 'describe')`), a line's start (a key ending in a
//! space: `//go:generate CMD`), and the commands of a TOML table's keys (`[tool.pdm.scripts]`: a string, a list of
//! commands, an inline table's `cmd` or `shell`).

use crate::argv::quote;

/// The values `line` holds under `key`, in the first form that has it: an empty value stands for one that goes on
/// past the line.
pub(crate) fn values(line: &str, key: &str) -> Vec<String> {
    if key.ends_with(' ') {
        return line.trim_start().strip_prefix(key).map(str::to_owned).into_iter().collect();
    }
    if key.ends_with('(') {
        return call_value(line, key).into_iter().collect();
    }
    if let Some(value) = yaml_value(line, key).or_else(|| xml_value(line, key)) {
        return vec![value];
    }
    let found = json_values(line, key);
    if !found.is_empty() {
        return found;
    }
    ini_value(line, key).into_iter().collect()
}

/// `KEY: VALUE` at the start of a YAML line (after indentation, a list's `- ` and a quote); the key `*` is any
/// name (a Procfile's `web: CMD`).
fn yaml_value(line: &str, key: &str) -> Option<String> {
    let start = line.trim_start().trim_start_matches("- ").trim_start();
    let (quote_mark, start) = match start.chars().next() {
        Some(mark @ ('"' | '\'')) => (Some(mark), &start[1..]),
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
    let value = match quote_mark {
        Some(mark) => value.strip_suffix(mark).unwrap_or(value),
        None => value,
    };
    // A list of words (`["git", "push"]`), or one quoted string.
    if let Some(items) = value.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
        let words: Vec<String> = items.split(',').map(|item| quote(item.trim().trim_matches(['"', '\'']))).collect();
        return Some(words.join(" "));
    }
    let unquoted = ['"', '\''].iter().find_map(|mark| value.strip_prefix(*mark)?.strip_suffix(*mark));
    Some(unquoted.unwrap_or(value).replace("\\\"", "\""))
}

/// `KEY="VALUE"` (or `KEY='VALUE'`) anywhere in an XML line, or a keyword argument (Tilt's `cmd='…'`), its entities
/// read.
fn xml_value(line: &str, key: &str) -> Option<String> {
    let at = line.match_indices(key).find_map(|(at, _)| {
        // (A key may name its element, `<Delete Files`, or else stands after a space.)
        let before = line[..at].chars().next_back();
        let starts = key.starts_with('<') || before.is_some_and(char::is_whitespace);
        starts.then(|| line[at + key.len()..].trim_start().strip_prefix('=')).flatten()
    })?;
    let at = at.trim_start();
    let mark = at.chars().next().filter(|mark| matches!(mark, '"' | '\''))?;
    let at = &at[1..];
    let value = &at[..at.find(mark)?];
    let value = value.replace("&quot;", "\"").replace("&apos;", "'").replace("&lt;", "<").replace("&gt;", ">");
    // (Ant's properties for the home and the build's folder, as the shell writes them.)
    let value = value.replace("${user.home}", "~").replace("${basedir}", ".");
    Some(properties_as_variables(&value.replace("&amp;", "&")))
}

/// `"KEY": "VALUE"` (or `'KEY'`, a Python dict's) anywhere in a JSON line, its escapes read; a list of strings gives
/// each (`"commands": ["a", "b"]`); a list left open gives one empty value.
fn json_values(line: &str, key: &str) -> Vec<String> {
    for quoted in [format!("\"{key}\""), format!("'{key}'")] {
        for (at, _) in line.match_indices(&quoted) {
            let Some(rest) = line[at + quoted.len()..].trim_start().strip_prefix(':') else { continue };
            let rest = rest.trim_start();
            if let Some(items) = rest.strip_prefix('[') {
                let Some(end) = closing(items, ']') else { return vec![String::new()] };
                // (An item that is no string — a function, a variable — leaves what runs unknown.)
                let strings: Option<Vec<String>> =
                    split_top_level(&items[..end]).iter().map(|item| string_literal(item)).collect();
                return strings.unwrap_or_else(|| vec![String::new()]);
            }
            if let Some(value) = leading_string(rest) {
                return vec![value];
            }
        }
    }
    Vec::new()
}

/// `KEY = VALUE` or `KEY=VALUE` at the start of an INI or TOML line (supervisord's `command=`, air's `cmd = "…"`,
/// a Starlark argument's `cmd = "…",`), the value unquoted.
fn ini_value(line: &str, key: &str) -> Option<String> {
    let value = line.trim_start().strip_prefix(key)?.trim_start().strip_prefix('=')?.trim();
    let value = value.strip_suffix(',').map_or(value, str::trim_end);
    let unquoted = ['"', '\''].iter().find_map(|mark| value.strip_prefix(*mark)?.strip_suffix(*mark));
    Some(unquoted.unwrap_or(value).replace("\\\"", "\""))
}

/// Whether `line` is `KEY =` at the start of an INI line, with or without its value (tox's `commands =`, whose
/// commands may follow on indented lines).
pub(crate) fn starts_ini_value(line: &str, key: &str) -> bool {
    !line.starts_with([' ', '\t'])
        && line
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('=') && !rest.starts_with(['=', '"']))
}

/// Whether `line` goes on with the INI value above it: indented, not empty, no key of its own (`name = …`).
pub(crate) fn continues_ini_value(line: &str) -> bool {
    let trimmed = line.trim();
    let is_key = trimmed.find('=').is_some_and(|at| {
        let name = trimmed[..at].trim_end();
        !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || "_.-".contains(c))
    });
    line.starts_with([' ', '\t']) && !trimmed.is_empty() && !trimmed.starts_with(['#', ';']) && !is_key
}

/// The arguments of a call of `key` (ending in `(`) on the line: one argument as it is (a command line, a path),
/// several as one command's words (a string a word, any other its text); keyword arguments (`check: true`, `env=…`)
/// are left out. A call whose `)` is not on the line gives an empty value.
fn call_value(line: &str, key: &str) -> Option<String> {
    let at = line.match_indices(key).map(|(at, _)| at).find(|&at| {
        let before = line[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.')
    })?;
    let inside = &line[at + key.len()..];
    let Some(end) = closing(inside, ')') else { return Some(String::new()) };
    let arguments: Vec<&str> = split_top_level(&inside[..end])
        .into_iter()
        .map(str::trim)
        .filter(|argument| !argument.is_empty() && !is_keyword_argument(argument))
        .collect();
    // One string is a command line or a path as it is (`local('git push -f')`, `read_file('.env')`); several are
    // words.
    if let [only] = arguments.as_slice() {
        return Some(string_literal(only).unwrap_or_else(|| (*only).to_owned()));
    }
    let words: Vec<String> = arguments
        .iter()
        .map(|argument| string_literal(argument).map_or_else(|| (*argument).to_owned(), |text| quote(&text)))
        .collect();
    Some(words.join(" "))
}

/// `name=value` or `name: value` (not a path or a command).
fn is_keyword_argument(argument: &str) -> bool {
    let name = argument.find(['=', ':']).map_or("", |at| &argument[..at]);
    !name.is_empty() && name.trim().chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// The header of a TOML table (`[tool.pdm.scripts]`, `[[tool.x]]`), when the line is one.
pub(crate) fn toml_table(line: &str) -> Option<&str> {
    let line = line.trim();
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let inner = inner.strip_prefix('[').and_then(|inner| inner.strip_suffix(']')).unwrap_or(inner);
    let plain = !inner.is_empty() && inner.chars().all(|c| c.is_alphanumeric() || "._-*\"' ".contains(c));
    plain.then(|| inner.trim())
}

/// The commands of a `NAME = VALUE` line in the current TOML `table`, when `spec` (`TABLE]` or `TABLE]KEY`, `*`
/// matching any part) names it and its key: a string is a command, a list is commands, an inline table's `cmd` or
/// `shell` is one (`cmd` as a list: words), its `composite`, `chain` or `sequence` are commands. `None` where what
/// runs is code (`call`, `script`, `expr`) or the value goes on past the line.
pub(crate) fn table_commands(line: &str, table: &str, spec: &str) -> Option<Vec<String>> {
    let (pattern, wanted) = spec.split_once(']').unwrap_or((spec, ""));
    if !glob_matches(pattern, table) {
        return Some(Vec::new());
    }
    let Some((name, value)) = line.split_once('=') else { return Some(Vec::new()) };
    let name = name.trim().trim_matches(['"', '\'']);
    if name.is_empty() || name.starts_with('#') || (!wanted.is_empty() && name != wanted) {
        return Some(Vec::new());
    }
    toml_commands(value.trim())
}

/// The commands a TOML value of a scripts table stands for.
fn toml_commands(value: &str) -> Option<Vec<String>> {
    if let Some(text) = string_literal(value) {
        return Some(vec![text]);
    }
    if let Some(items) = value.strip_prefix('[').and_then(|rest| rest.strip_suffix(']')) {
        return split_top_level(items).iter().map(|item| string_literal(item)).collect();
    }
    let fields = value.strip_prefix('{').and_then(|rest| rest.strip_suffix('}'))?;
    let mut found = Vec::new();
    for field in split_top_level(fields) {
        let Some((name, value)) = field.split_once('=') else { continue };
        let value = value.trim();
        match name.trim() {
            "cmd" | "shell" => match string_literal(value) {
                Some(text) => found.push(text),
                None => {
                    let words = value.strip_prefix('[').and_then(|rest| rest.strip_suffix(']'))?;
                    let words: Option<Vec<String>> = split_top_level(words).iter().map(|w| string_literal(w)).collect();
                    found.push(words?.iter().map(|word| quote(word)).collect::<Vec<_>>().join(" "));
                }
            },
            "composite" | "chain" | "sequence" => found.extend(toml_commands(value)?),
            "call" | "script" | "expr" | "ref" => return None,
            _ => {}
        }
    }
    Some(found)
}

/// The strings of a list written on one line (`["./a.ts", "./b.ts"]`), when `text` is one.
pub(crate) fn string_list(text: &str) -> Option<Vec<String>> {
    let items = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    split_top_level(items).iter().map(|item| string_literal(item)).collect()
}

/// Whether `text` matches `pattern`, whose `*` stands for any run of characters.
fn glob_matches(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (index, part) in parts.iter().enumerate() {
        if index + 1 == parts.len() {
            return rest.len() >= part.len() && rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The string values of a JavaScript object's `command` properties (`webServer: { command: 'npm run dev' }`,
/// `"command": "…"`, a template literal without substitutions): commands a tool's config has it start.
pub(crate) fn command_properties(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("command") {
        let before = rest[..at].chars().next_back();
        let after = rest[at + "command".len()..].trim_start_matches(['"', '\'']).trim_start();
        rest = &rest[at + "command".len()..];
        // (A whole key: not `commandLine` nor `subcommand`.)
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let Some(value) = after.strip_prefix(':').map(str::trim_start) else { continue };
        let value = match value.strip_prefix('`') {
            Some(template) => {
                template.split_once('`').map(|(body, _)| body.to_owned()).filter(|body| !body.contains("${"))
            }
            None => leading_string(value),
        };
        found.extend(value.filter(|command| !command.trim().is_empty()));
    }
    found
}

/// The text of a whole quoted string (`"…"` with its escapes, `'…'` as it is), when `text` is one.
fn string_literal(text: &str) -> Option<String> {
    let text = text.trim();
    let value = leading_string(text)?;
    let length = quoted_length(text)?;
    (length == text.len()).then_some(value)
}

/// The quoted string `text` starts with, its escapes read.
fn leading_string(text: &str) -> Option<String> {
    let mark = text.chars().next().filter(|mark| matches!(mark, '"' | '\''))?;
    let mut value = String::new();
    let mut characters = text[1..].chars();
    while let Some(character) = characters.next() {
        match character {
            c if c == mark => return Some(value),
            '\\' if mark == '"' => value.push(match characters.next()? {
                'n' => '\n',
                't' => '\t',
                other => other,
            }),
            other => value.push(other),
        }
    }
    None
}

/// The length of the quoted string `text` starts with, its closing mark included.
fn quoted_length(text: &str) -> Option<usize> {
    let mark = text.chars().next().filter(|mark| matches!(mark, '"' | '\''))?;
    let mut escaped = false;
    for (at, character) in text.char_indices().skip(1) {
        match character {
            '\\' if mark == '"' && !escaped => escaped = true,
            c if c == mark && !escaped => return Some(at + c.len_utf8()),
            _ => escaped = false,
        }
    }
    None
}

/// Where the bracket that closes an open one ends `text` (which starts just inside it): nested brackets counted,
/// quoted text skipped.
fn closing(text: &str, close: char) -> Option<usize> {
    let mut depth = 0usize;
    let mut at = 0;
    while let Some(character) = text[at..].chars().next() {
        match character {
            '"' | '\'' => {
                at += quoted_length(&text[at..])?;
                continue;
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth > 0 => depth -= 1,
            c if c == close => return Some(at),
            _ => {}
        }
        at += character.len_utf8();
    }
    None
}

/// `text` cut at its commas outside quotes and brackets.
fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut start, mut at) = (0usize, 0, 0);
    while let Some(character) = text[at..].chars().next() {
        match character {
            '"' | '\'' => {
                at += quoted_length(&text[at..]).unwrap_or(text.len() - at);
                continue;
            }
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                parts.push(&text[start..at]);
                start = at + 1;
            }
            _ => {}
        }
        at += character.len_utf8();
    }
    if !text[start..].trim().is_empty() {
        parts.push(&text[start..]);
    }
    parts
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_give_their_arguments_as_words() {
        assert_eq!(values("local('git push -f origin main')", "local("), ["git push -f origin main"]);
        assert_eq!(
            values("x = run_command('git', 'describe', check: true).stdout()", "run_command("),
            ["git describe"]
        );
        assert_eq!(values("system(rm -rf --no-preserve-root /)", "system("), ["rm -rf --no-preserve-root /"]);
        assert_eq!(values("message($$cat(.env, lines))", "$$cat("), [".env lines"]);
        assert_eq!(values("nolocal('x')", "local("), Vec::<String>::new(), "another name");
        assert_eq!(values("local('git push',", "local("), [""], "closed on a later line");
        assert_eq!(values("local_resource('fmt', cmd='sed -i d src/lib.rs')", "cmd"), ["sed -i d src/lib.rs"]);
    }

    #[test]
    fn json_lists_give_each_string_and_python_dicts_count() {
        let nx = "{\"targets\":{\"k\":{\"options\":{\"commands\":[\"base64 -w0 x\", \"echo 'a, b'\"]}}}}";
        assert_eq!(values(nx, "commands"), ["base64 -w0 x", "echo 'a, b'"]);
        assert_eq!(values("    return {'actions': ['git clean -fdx'], 'verbosity': 2}", "actions"), ["git clean -fdx"]);
        assert_eq!(values("\"commands\": [\"a\",", "commands"), [""], "a list left open");
        assert_eq!(values("{'actions': [tidy, 'echo x']}", "actions"), [""], "a function among the commands");
        assert_eq!(values("  cmd = \"npm publish > $OUT\",", "cmd"), ["npm publish > $OUT"], "a Starlark argument");
    }

    #[test]
    fn toml_tables_give_their_scripts() {
        assert_eq!(toml_table("[tool.hatch.envs.default.scripts]"), Some("tool.hatch.envs.default.scripts"));
        assert_eq!(toml_table("[[tool.poe.tasks]]"), Some("tool.poe.tasks"));
        assert_eq!(toml_table("[\"a\", \"b\"]"), None, "a list");
        let hatch = "tool.hatch.envs.*.scripts]";
        let table = "tool.hatch.envs.release.scripts";
        assert_eq!(
            table_commands("ship = [\"hatch build\", \"hatch publish\"]", table, hatch),
            Some(vec!["hatch build".into(), "hatch publish".into()])
        );
        assert_eq!(table_commands("x = \"y\"", "project", hatch), Some(Vec::new()), "another table");
        let pdm = "tool.pdm.scripts]";
        assert_eq!(
            table_commands("r = {shell = \"git show HEAD:a > a\"}", "tool.pdm.scripts", pdm),
            Some(vec!["git show HEAD:a > a".into()])
        );
        assert_eq!(
            table_commands("s = { cmd = [\"cat\", \".env\"] }", "tool.pdm.scripts", pdm),
            Some(vec!["cat .env".into()])
        );
        assert_eq!(table_commands("c = {call = \"acme:main\"}", "tool.pdm.scripts", pdm), None, "code");
        assert_eq!(table_commands("d = \"\"\"", "tool.pdm.scripts", pdm), None, "a string past the line");
        assert_eq!(
            table_commands("cmd = \"cargo test\"", "tool.poe.tasks.test", "tool.poe.tasks.*]cmd"),
            Some(vec!["cargo test".into()])
        );
        assert_eq!(table_commands("help = \"x\"", "tool.poe.tasks.test", "tool.poe.tasks.*]cmd"), Some(Vec::new()));
        assert!(glob_matches("a.*.b", "a.x.y.b") && !glob_matches("a.*.b", "a.b") && glob_matches("a", "a"));
    }

    #[test]
    fn a_javascript_configs_command_properties_are_its_commands() {
        let config = "export default { webServer: { command: 'git push -f', port: 3 }, \"command\": \"make\" };";
        assert_eq!(command_properties(config), ["git push -f", "make"]);
        assert_eq!(command_properties("module.exports = { command: `npm run dev` }"), ["npm run dev"]);
        assert!(command_properties("const subcommand = 'x'; const commandLine = 'y'; log(command)").is_empty());
        assert!(command_properties("({ command: `run ${x}` })").is_empty());
    }
}
