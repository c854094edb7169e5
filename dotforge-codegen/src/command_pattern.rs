//! The values of the extension operators `runs` (a command pattern) and `reads`/`writes` (path globs), parsed and
//! checked at build time into IR; the runtime only matches.
//!
//! Command pattern: `PROGRAM[|PROGRAM…] [SUBCOMMAND…] [REQUIREMENT…]`, optionally `LEFT | RIGHT` (a command matching
//! LEFT feeds its output to one matching RIGHT: a pipe, a `$( )` or `<( )`). Subcommands are the words right after
//! the program made of letters, digits, `_` and `-` (alternatives with `|`); every later word is a requirement: `-f`,
//! `--force`, `--prune=now` (the value a glob: `--settings=*disableAllHooks*`), `--settings=@GLOB` (the value, or the
//! text of the file it names), `--` (followed by an argument), a positional glob (`+*`, `.`, `'origin'`), `$NAME` or
//! `$NAME=GLOB` (the command's environment sets the variable), `@elsewhere` (the program runs where this hook is not
//! loaded for it), each with `|` alternatives and an optional leading `!`; `-e=` and `--exclude=` declare options that
//! take a value (their value is then the next word when not attached).

use crate::ir::{ArgTestIr, CommandPatternIr, RequirementIr};
use crate::schema::PLACEHOLDERS;

/// A problem with a value: the message and a help line.
pub(crate) type Problem = (String, String);

/// The placeholders, listed for help lines.
fn placeholder_list() -> String {
    let quoted: Vec<String> = PLACEHOLDERS.iter().map(|placeholder| format!("`{placeholder}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

fn is_plain(word: &str) -> bool {
    word.split('|').all(|part| {
        part.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    })
}

fn program_ok(name: &str) -> bool {
    name == "{hook_binary}"
        || (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || "_.+-*[".contains(c) || c == ']'))
}

/// Parses a `runs` value.
pub(crate) fn parse_command_pattern(text: &str) -> Result<CommandPatternIr, Problem> {
    let stages: Vec<&str> = text.split(" | ").collect();
    match stages.as_slice() {
        [single] => parse_stage(single),
        [left, right] => {
            let mut right = parse_stage(right)?;
            right.fed_by = Some(Box::new(parse_stage(left)?));
            Ok(right)
        }
        _ => Err((
            format!("command pattern `{text}` has {} stages", stages.len()),
            "write at most `LEFT | RIGHT`: a command matching LEFT feeding one matching RIGHT".to_owned(),
        )),
    }
}

fn parse_stage(text: &str) -> Result<CommandPatternIr, Problem> {
    let mut words = text.split_whitespace();
    let Some(programs) = words.next() else {
        return Err((
            "the command pattern is empty".to_owned(),
            "start with a program name, e.g. `git push -f`".to_owned(),
        ));
    };
    let programs: Vec<String> = programs.split('|').map(str::to_owned).collect();
    if let Some(bad) = programs.iter().find(|name| !program_ok(name)) {
        return Err((
            format!("`{bad}` is not a program name"),
            "program names are letters, digits and `_.+-`, with `*` as a wildcard, or `{hook_binary}`".to_owned(),
        ));
    }
    let mut pattern = CommandPatternIr { programs, ..CommandPatternIr::default() };
    let mut in_requirements = false;
    for word in words {
        if !in_requirements && is_plain(word) {
            pattern.subcommands.push(word.split('|').map(str::to_owned).collect());
            continue;
        }
        in_requirements = true;
        let (negated, body) = match word.strip_prefix('!') {
            Some(body) => (true, body),
            None => (false, word),
        };
        if body.is_empty() {
            return Err((format!("`{word}` tests nothing"), "write `!-n` or `!--dry-run`".to_owned()));
        }
        let mut any_of = Vec::new();
        let mut declarations = 0;
        for alternative in body.split('|') {
            match alternative_test(alternative, word)? {
                Some(test) => any_of.push(test),
                None => {
                    declarations += 1;
                    pattern.value_options.push(alternative.trim_end_matches('=').to_owned());
                }
            }
        }
        match (declarations, any_of.is_empty()) {
            (0, _) => pattern.requirements.push(RequirementIr { negated, any_of }),
            (_, true) if !negated => {}
            _ => {
                return Err((
                    format!("`{word}` mixes options that take a value with requirements"),
                    "declare value options in a word of their own, e.g. `-e=|--exclude=`".to_owned(),
                ))
            }
        }
    }
    Ok(pattern)
}

/// One alternative of a requirement word; `None` for a value-option declaration (`-e=`, `--exclude=`).
fn alternative_test(alternative: &str, word: &str) -> Result<Option<ArgTestIr>, Problem> {
    if alternative.is_empty() {
        return Err((format!("`{word}` has an empty alternative"), "remove the doubled `|`".to_owned()));
    }
    if alternative == "--" {
        return Ok(Some(ArgTestIr::DoubleDash));
    }
    if let Some(place) = alternative.strip_prefix('@') {
        return match place {
            "elsewhere" => Ok(Some(ArgTestIr::Elsewhere)),
            _ => Err((
                format!("`{alternative}` is not a test of where a command runs"),
                "write `@elsewhere` (the program runs where this hook is not loaded for it)".to_owned(),
            )),
        };
    }
    if let Some(variable) = alternative.strip_prefix('$') {
        let (name, glob) = variable.split_once('=').unwrap_or((variable, "*"));
        let is_name = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !is_name || glob.is_empty() {
            return Err((
                format!("`{alternative}` is not an environment variable test"),
                "write `$NAME` (set to anything but the empty text) or `$NAME=GLOB`, e.g. `$SKIP` or `$HUSKY=0`"
                    .to_owned(),
            ));
        }
        return Ok(Some(ArgTestIr::Environment(name.to_owned(), glob.to_owned())));
    }
    if let Some(long) = alternative.strip_prefix("--") {
        return Ok(match long.split_once('=') {
            Some((name, "")) if !name.is_empty() => None,
            Some((name, value)) if !name.is_empty() => match value.strip_prefix('@') {
                Some("") => {
                    return Err((
                        format!("`{alternative}` has no glob after `@`"),
                        "write e.g. `--settings=@*disableAllHooks*`".to_owned(),
                    ))
                }
                Some(glob) => Some(ArgTestIr::LongValueOrFile(name.to_owned(), glob.to_owned())),
                None => Some(ArgTestIr::LongValue(name.to_owned(), value.to_owned())),
            },
            Some(_) => {
                return Err((format!("`{alternative}` has no option name"), "write e.g. `--prune=now`".to_owned()))
            }
            None => Some(ArgTestIr::Long(long.to_owned())),
        });
    }
    if let Some(short) = alternative.strip_prefix('-') {
        let declaration = short.strip_suffix('=');
        let option = declaration.unwrap_or(short);
        let mut characters = option.chars();
        return match (characters.next(), characters.next()) {
            (Some(option), None) if declaration.is_some() => {
                let _ = option;
                Ok(None)
            }
            (Some(option), None) => Ok(Some(ArgTestIr::Short(option))),
            _ => Err((
                format!("`{alternative}` is not one short option"),
                "write combined short flags as separate requirements (`-r -f`) or alternatives (`-r|-f`); \
                 `-rf` in a command is matched by `-r -f`"
                    .to_owned(),
            )),
        };
    }
    let positional = alternative.strip_prefix('\'').and_then(|quoted| quoted.strip_suffix('\'')).unwrap_or(alternative);
    Ok(Some(ArgTestIr::Positional(positional.to_owned())))
}

/// Parses a `reads`/`writes` value: globs separated by spaces, exclusions with a leading `!`.
pub(crate) fn parse_path_globs(text: &str) -> Result<(Vec<String>, Vec<String>), Problem> {
    let (mut include, mut exclude) = (Vec::new(), Vec::new());
    for word in text.split_whitespace() {
        let (list, glob) = match word.strip_prefix('!') {
            Some(glob) => (&mut exclude, glob),
            None => (&mut include, word),
        };
        if let Some(start) = glob.find('{') {
            let placeholder = &glob[start..glob[start..].find('}').map_or(glob.len(), |end| start + end + 1)];
            if start != 0 || !PLACEHOLDERS.contains(&placeholder) {
                return Err((
                    format!("`{placeholder}` in `{glob}` is not a placeholder"),
                    format!("a glob may start with a placeholder: {}", placeholder_list()),
                ));
            }
        }
        let rooted = glob.starts_with('/')
            || glob == "~"
            || glob.starts_with("~/")
            || glob.starts_with("**/")
            || PLACEHOLDERS.iter().any(|placeholder| glob.starts_with(placeholder));
        if !rooted {
            return Err((
                format!("path glob `{glob}` says neither where it starts nor that it matches anywhere"),
                format!("start it with `/`, `~` (home), `**/` (anywhere), or {}", placeholder_list()),
            ));
        }
        if glob.split('/').any(|part| part.contains("**") && part != "**") {
            return Err((
                format!("`**` in `{glob}` must be a whole path component"),
                "write `**/name`, not `**name`".to_owned(),
            ));
        }
        list.push(glob.to_owned());
    }
    if include.is_empty() {
        return Err(("no path glob to match".to_owned(), "list at least one glob without `!`".to_owned()));
    }
    Ok((include, exclude))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_parse_into_subcommands_requirements_and_value_options() {
        let pattern = parse_command_pattern("git clean -f|--force !-n|--dry-run -e=|--exclude=").expect("parses");
        assert_eq!(pattern.programs, ["git"]);
        assert_eq!(pattern.subcommands, [vec!["clean".to_owned()]]);
        assert_eq!(pattern.value_options, ["-e", "--exclude"]);
        assert_eq!(pattern.requirements.len(), 2);
        assert!(pattern.requirements[1].negated);
        assert_eq!(pattern.requirements[0].any_of, [ArgTestIr::Short('f'), ArgTestIr::Long("force".to_owned())]);
        let pushed = parse_command_pattern("git push +*|:*|--prune=now|'origin'|--").expect("parses");
        assert_eq!(
            pushed.requirements[0].any_of,
            [
                ArgTestIr::Positional("+*".to_owned()),
                ArgTestIr::Positional(":*".to_owned()),
                ArgTestIr::LongValue("prune".to_owned(), "now".to_owned()),
                ArgTestIr::Positional("origin".to_owned()),
                ArgTestIr::DoubleDash
            ]
        );
        let skipping = parse_command_pattern("git commit $SKIP|$HUSKY=0 !--settings=*x* --settings=").expect("parses");
        assert_eq!(
            skipping.requirements[0].any_of,
            [
                ArgTestIr::Environment("SKIP".to_owned(), "*".to_owned()),
                ArgTestIr::Environment("HUSKY".to_owned(), "0".to_owned())
            ]
        );
        assert_eq!(skipping.requirements[1].any_of, [ArgTestIr::LongValue("settings".to_owned(), "*x*".to_owned())]);
        assert!(parse_command_pattern("git commit $1").is_err());
        assert!(parse_command_pattern("git commit $SKIP=").is_err());
        let filed =
            parse_command_pattern("claude --settings=@*disableAllHooks*|@elsewhere --settings=").expect("parses");
        assert_eq!(
            filed.requirements[0].any_of,
            [ArgTestIr::LongValueOrFile("settings".to_owned(), "*disableAllHooks*".to_owned()), ArgTestIr::Elsewhere]
        );
        let piped = parse_command_pattern("curl|wget | sh|bash").expect("parses");
        assert_eq!(piped.programs, ["sh", "bash"]);
        assert_eq!(piped.fed_by.map(|left| left.programs), Some(vec!["curl".to_owned(), "wget".to_owned()]));
    }

    #[test]
    fn bad_patterns_say_what_is_wrong() {
        for (text, message) in [
            ("", "empty"),
            ("git push -rf", "not one short option"),
            ("git push -f||--force", "empty alternative"),
            ("g$t push", "not a program name"),
            ("a | b | c", "3 stages"),
            ("git clean -e=|-f", "mixes options"),
            ("claude @nowhere", "not a test of where"),
            ("claude --settings=@", "no glob after `@`"),
        ] {
            let problem = parse_command_pattern(text).expect_err(text);
            assert!(problem.0.contains(message), "{text}: {problem:?}");
        }
    }

    #[test]
    fn globs_are_rooted_and_placeholders_known() {
        let (include, exclude) =
            parse_path_globs("**/.env **/.env.* !**/.env.example {forge_root}/audit/**").expect("ok");
        assert_eq!(include.len(), 3);
        assert_eq!(exclude, ["**/.env.example"]);
        for (text, message) in [
            (".env", "neither where it starts"),
            ("{forge}/x", "not a placeholder"),
            ("/a/{forge_root}", "not a placeholder"),
            ("**/a**", "whole path component"),
            ("!**/.env", "no path glob"),
        ] {
            let problem = parse_path_globs(text).expect_err(text);
            assert!(problem.0.contains(message), "{text}: {problem:?}");
        }
    }
}
