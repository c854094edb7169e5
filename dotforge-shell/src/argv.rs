//! Options and arguments of a command's argv, read the way getopt-style programs read them. Each function takes the
//! command's words with the program first, and looks at the words after it.

use crate::lexer::Word;

/// The positional arguments: words that are not options, nor the values of the options that take one
/// (`short_values`: the letters of short options with a value; `long_values`: the names of long ones); every word
/// after `--`.
pub(crate) fn positionals(words: &[Word], short_values: &str, long_values: &[&str]) -> Vec<Word> {
    let mut found = Vec::new();
    let mut index = 1;
    let mut only_positionals = false;
    while let Some(word) = words.get(index) {
        index += 1;
        let text = word.text.as_str();
        if only_positionals || text == "-" || !text.starts_with('-') || text.len() == 1 {
            found.push(word.clone());
        } else if text == "--" {
            only_positionals = true;
        } else if let Some(long) = text.strip_prefix("--") {
            if !long.contains('=') && long_values.contains(&long) {
                index += 1;
            }
        } else if let Some(last) = text[1..].chars().last() {
            let takes_value = text[1..].chars().position(|option| short_values.contains(option));
            if takes_value.is_some_and(|at| at == text[1..].chars().count() - 1) && short_values.contains(last) {
                index += 1;
            }
        }
    }
    found
}

/// The value of the options named (`-o FILE`, `-oFILE`, `--output FILE`, `--output=FILE`).
pub(crate) fn option_values(words: &[Word], short: &[char], long: &[&str]) -> Vec<Word> {
    let mut values = Vec::new();
    for (index, word) in words.iter().enumerate().skip(1) {
        let text = word.text.as_str();
        let next = || words.get(index + 1).cloned();
        if let Some(name) = text.strip_prefix("--") {
            match name.split_once('=') {
                Some((name, value)) if long.contains(&name) => {
                    values.push(Word { text: value.to_owned(), ..word.clone() })
                }
                None if long.contains(&name) => values.extend(next()),
                _ => {}
            }
        } else if text.len() >= 2 && text.starts_with('-') {
            let option = text[1..].chars().next().unwrap_or(' ');
            if short.contains(&option) {
                let attached = &text[1 + option.len_utf8()..];
                if attached.is_empty() {
                    values.extend(next());
                } else {
                    values.push(Word { text: attached.to_owned(), ..word.clone() });
                }
            }
        }
    }
    values
}

/// Whether a short option is given, alone or in a cluster (`-rf`).
pub(crate) fn has_short(words: &[Word], option: char) -> bool {
    words.iter().skip(1).any(|word| {
        let text = word.text.as_str();
        text.starts_with('-') && !text.starts_with("--") && text[1..].contains(option)
    })
}

/// Whether a long option is given (`--name` or `--name=value`).
pub(crate) fn has_long(words: &[Word], name: &str) -> bool {
    words
        .iter()
        .skip(1)
        .any(|word| word.text.strip_prefix("--").is_some_and(|given| given.split('=').next() == Some(name)))
}

/// `text` as one shell word: single-quoted unless it is plain (`'it'\''s'`).
pub(crate) fn quote(text: &str) -> String {
    let plain = !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:@%+,".contains(c));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}
