//! Template splitting: `{name}` placeholders (SCHEMA §4) become variable pieces at build time; `{{` and `}}` are a
//! literal `{` and `}`; anything else, including braces that do not enclose an identifier, stays literal text.

use crate::ir::Piece;

/// Splits a template. Returns the pieces, or the unknown variable names with their character offsets.
pub(crate) fn split(text: &str, known: &[&str]) -> Result<Vec<Piece>, Vec<(String, usize)>> {
    let mut pieces = Vec::new();
    let mut unknown = Vec::new();
    let mut literal = String::new();
    let mut rest = text;
    let mut offset = 0;
    while let Some(open) = rest.find(['{', '}']) {
        let doubled = rest[open + 1..].starts_with(&rest[open..=open]);
        if doubled || rest.as_bytes()[open] == b'}' {
            literal.push_str(&rest[..=open]);
            let consumed = if doubled { open + 2 } else { open + 1 };
            offset += rest[..consumed].chars().count();
            rest = &rest[consumed..];
            continue;
        }
        let after = &rest[open + 1..];
        let name_len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        let name = &after[..name_len];
        let is_placeholder =
            !name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) && after[name_len..].starts_with('}');
        if !is_placeholder {
            literal.push_str(&rest[..=open]);
            offset += rest[..=open].chars().count();
            rest = after;
            continue;
        }
        literal.push_str(&rest[..open]);
        offset += rest[..open].chars().count();
        if known.contains(&name) {
            if !literal.is_empty() {
                pieces.push(Piece::Text(std::mem::take(&mut literal)));
            }
            pieces.push(Piece::Var(name.to_owned()));
        } else {
            unknown.push((name.to_owned(), offset));
        }
        offset += name.chars().count() + 2;
        rest = &after[name_len + 1..];
    }
    literal.push_str(rest);
    if !literal.is_empty() {
        pieces.push(Piece::Text(literal));
    }
    if unknown.is_empty() {
        Ok(pieces)
    } else {
        Err(unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::TEMPLATE_VARS;

    #[test]
    fn splits_known_variables_and_keeps_other_braces() {
        let pieces =
            split("{behavior_name}: {counter}/{threshold} {} {1} {\"a\": 1}", TEMPLATE_VARS).unwrap_or_default();
        assert_eq!(
            pieces,
            vec![
                Piece::Var("behavior_name".into()),
                Piece::Text(": ".into()),
                Piece::Var("counter".into()),
                Piece::Text("/".into()),
                Piece::Var("threshold".into()),
                Piece::Text(" {} {1} {\"a\": 1}".into()),
            ]
        );
    }

    #[test]
    fn doubled_braces_are_literal_braces() {
        let pieces = split("{{counter}} is {counter} }} {{", TEMPLATE_VARS).unwrap_or_default();
        assert_eq!(
            pieces,
            vec![Piece::Text("{counter} is ".into()), Piece::Var("counter".into()), Piece::Text(" } {".into())]
        );
    }

    #[test]
    fn reports_unknown_variables_with_offsets() {
        assert_eq!(
            split("ab {countr} {level} {nope}", TEMPLATE_VARS),
            Err(vec![("countr".into(), 3), ("nope".into(), 20)])
        );
    }
}
