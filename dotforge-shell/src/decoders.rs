//! What programs that transform their input print, when the input is known: `base64 -d`, `xxd -r -p` and `xxd -p`,
//! `rev`, `tr SET1 SET2` — so text decoded before it is run (`echo … | base64 -d | sh`) is read as what runs.

use base64::Engine;

/// What `program` with `arguments` prints for `input`, when it transforms its input in a way this module knows.
pub(crate) fn transformed(program: &str, arguments: &[&str], input: &str) -> Option<String> {
    let flags: Vec<&str> = arguments.iter().copied().filter(|argument| argument.starts_with('-')).collect();
    let has = |short: char, long: &str| {
        flags
            .iter()
            .any(|flag| *flag == long || (flag.len() > 1 && !flag.starts_with("--") && flag[1..].contains(short)))
    };
    match program {
        "base64" | "gbase64" if has('d', "--decode") || has('D', "--decode") => {
            let cleaned: String = input.chars().filter(|character| !character.is_whitespace()).collect();
            let engine = base64::engine::general_purpose::GeneralPurpose::new(
                &base64::alphabet::STANDARD,
                base64::engine::GeneralPurposeConfig::new()
                    .with_decode_padding_mode(base64::engine::DecodePaddingMode::Indifferent),
            );
            let bytes = engine.decode(cleaned.as_bytes()).ok()?;
            String::from_utf8(bytes).ok()
        }
        "xxd" if has('r', "--revert") => {
            let digits: String = input.chars().filter(char::is_ascii_hexdigit).collect();
            let bytes: Option<Vec<u8>> =
                (0..digits.len() / 2).map(|at| u8::from_str_radix(&digits[at * 2..at * 2 + 2], 16).ok()).collect();
            String::from_utf8(bytes?).ok()
        }
        "xxd" if has('p', "--plain") => {
            Some(input.bytes().map(|byte| format!("{byte:02x}")).collect::<String>() + "\n")
        }
        "rev" => Some(input.lines().map(|line| line.chars().rev().collect::<String>() + "\n").collect()),
        "tr" => translate(arguments, input),
        _ => None,
    }
}

/// `tr SET1 SET2` with ranges (`a-z`); `-d SET` deletes. Other options: unknown.
fn translate(arguments: &[&str], input: &str) -> Option<String> {
    match arguments {
        ["-d", set] => {
            let set = expand(set)?;
            Some(input.chars().filter(|character| !set.contains(character)).collect())
        }
        [from, to] if !from.starts_with('-') => {
            let (from, to) = (expand(from)?, expand(to)?);
            let last = *to.last()?;
            Some(
                input
                    .chars()
                    .map(|character| match from.iter().position(|known| *known == character) {
                        Some(at) => to.get(at).copied().unwrap_or(last),
                        None => character,
                    })
                    .collect(),
            )
        }
        _ => None,
    }
}

/// A `tr` set's characters, ranges expanded (classes such as `[:upper:]` are not read).
fn expand(set: &str) -> Option<Vec<char>> {
    if set.contains("[:") {
        return None;
    }
    let characters: Vec<char> = set.chars().collect();
    let mut out = Vec::new();
    let mut at = 0;
    while at < characters.len() {
        if at + 2 < characters.len() && characters[at + 1] == '-' {
            let (start, end) = (characters[at], characters[at + 2]);
            out.extend((start..=end).take(1024));
            at += 3;
        } else {
            out.push(characters[at]);
            at += 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::transformed;

    #[test]
    fn decoders_print_what_they_decode() {
        assert_eq!(transformed("base64", &["-d"], "Z2l0IHB1c2ggLS1mb3JjZQ==\n").as_deref(), Some("git push --force"));
        assert_eq!(transformed("base64", &["--decode"], "cm0gLXJmIC5mb3JnZQ").as_deref(), Some("rm -rf .forge"));
        assert_eq!(transformed("base64", &[], "x"), None, "encoding is not decoding");
        let hex = transformed("xxd", &["-p"], "git push -f\n").expect("hex");
        assert_eq!(transformed("xxd", &["-r", "-p"], &hex).as_deref(), Some("git push -f\n"));
        assert_eq!(transformed("rev", &[], "f- hsup tig\n").as_deref(), Some("git push -f\n"));
        assert_eq!(transformed("tr", &["a-z", "n-za-m"], "tvg chfu -s").as_deref(), Some("git push -f"));
        assert_eq!(transformed("tr", &["-d", "X"], "gXiXt").as_deref(), Some("git"));
        assert_eq!(transformed("tr", &["[:upper:]", "[:lower:]"], "GIT"), None);
    }
}
