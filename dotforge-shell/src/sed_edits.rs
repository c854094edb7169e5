//! The text a file holds after `sed -i` edits it, when its script is plain substitutions — `s/OLD/NEW/` or
//! `s/OLD/NEW/g`, one or several, where OLD and NEW are plain text (no regex operator, no `\` or `&`) — so that a file
//! edited so and then run (`sed -i 's/3000/8080/' src/server.ts && npm test`) is read as the text it will hold. Any
//! other script gives `None`: the reader takes the file's text as unknown.

/// One plain substitution: OLD, NEW, and whether every occurrence on a line is replaced (`g`).
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Substitution {
    old: String,
    new: String,
    global: bool,
}

/// What a regular expression or a replacement makes of these characters is not plain text.
const NOT_PLAIN_IN_PATTERN: &[char] = &['\\', '.', '*', '[', ']', '^', '$', '+', '?', '(', ')', '{', '}', '|', '\n'];
const NOT_PLAIN_IN_REPLACEMENT: &[char] = &['\\', '&', '\n'];

/// The substitutions of `scripts` (each a `-e` value, or the script operand), when all of them are plain.
pub(crate) fn plain_substitutions(scripts: &[&str]) -> Option<Vec<Substitution>> {
    let mut found = Vec::new();
    for script in scripts {
        let mut rest = script.trim();
        while !rest.is_empty() {
            let body = rest.strip_prefix('s')?;
            let delimiter = body.chars().next().filter(|c| !c.is_alphanumeric() && !c.is_whitespace())?;
            let mut parts = body[delimiter.len_utf8()..].splitn(3, delimiter);
            let (old, new, tail) = (parts.next()?, parts.next()?, parts.next()?);
            let flags_end = tail.find([';', '\n']).unwrap_or(tail.len());
            let global = match tail[..flags_end].trim() {
                "" => false,
                "g" => true,
                _ => return None,
            };
            if old.is_empty() || old.contains(NOT_PLAIN_IN_PATTERN) || new.contains(NOT_PLAIN_IN_REPLACEMENT) {
                return None;
            }
            found.push(Substitution { old: old.to_owned(), new: new.to_owned(), global });
            rest = tail[flags_end..].trim_start_matches([';', '\n', ' ', '\t']);
        }
    }
    (!found.is_empty()).then_some(found)
}

/// `text` with `substitutions` applied as sed does: line by line, each substitution in turn.
pub(crate) fn apply(text: &str, substitutions: &[Substitution]) -> String {
    let mut edited = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let mut line = line.to_owned();
        for substitution in substitutions {
            line = if substitution.global {
                line.replace(&substitution.old, &substitution.new)
            } else {
                line.replacen(&substitution.old, &substitution.new, 1)
            };
        }
        edited.push_str(&line);
    }
    edited
}

#[cfg(test)]
mod tests {
    use super::*;

    fn edit(text: &str, scripts: &[&str]) -> Option<String> {
        plain_substitutions(scripts).map(|substitutions| apply(text, &substitutions))
    }

    #[test]
    fn plain_substitutions_give_the_text_sed_would() {
        assert_eq!(edit("a:3000 3000\nb\n", &["s/3000/8080/"]).as_deref(), Some("a:8080 3000\nb\n"));
        assert_eq!(edit("a a\na\n", &["s|a|b|g"]).as_deref(), Some("b b\nb\n"));
        assert_eq!(edit("vitest", &["s/vitest/jest/; s,jest,mocha,"]).as_deref(), Some("mocha"));
        assert_eq!(edit("x y", &["s/x/1/", "s/y/2/g"]).as_deref(), Some("1 2"));
    }

    #[test]
    fn anything_but_plain_text_is_not_computed() {
        for script in
            ["s/v.test/x/", "s/a/&&/", "s/a/b/e", "s/a/b/w f", "1s/a/b/", "/x/d", "s/a\\|b/c/", "y/ab/cd/", ""]
        {
            assert_eq!(edit("a", &[script]), None, "{script}");
        }
    }
}
