//! Property tests of the command reader: any text is read without a panic and in bounded work, the crude reading
//! keeps its promise ([`crate::promise`]), and the words of a simple command are the very arguments bash passes (a
//! differential test against bash itself).

use crate::access::accesses;
use crate::promise::programs_the_crude_reading_misses;
use crate::reader::parse;
use proptest::prelude::*;
use std::path::PathBuf;
use std::process::Command;

/// Text made of shell syntax: quotes, operators, substitutions, heredoc markers, words.
fn shellish() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("'".to_owned()),
        Just("\"".to_owned()),
        Just("$(".to_owned()),
        Just(")".to_owned()),
        Just("`".to_owned()),
        Just("${".to_owned()),
        Just("}".to_owned()),
        Just("<<EOF\n".to_owned()),
        Just("\nEOF\n".to_owned()),
        Just(" | ".to_owned()),
        Just(" && ".to_owned()),
        Just(";".to_owned()),
        Just("\\".to_owned()),
        Just(" > ".to_owned()),
        Just("bash -c ".to_owned()),
        Just("git push -f ".to_owned()),
        Just("rm -rf .forge ".to_owned()),
        Just("$'\\x41'".to_owned()),
        Just("$'".to_owned()),
        Just("\\c".to_owned()),
        Just("é".to_owned()),
        "[a-z.~/*=-]{1,6}".prop_map(|word| format!("{word} ")),
        any::<char>().prop_map(|character| character.to_string()),
    ];
    proptest::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn any_text_is_read_without_panic_and_bounded(text in shellish()) {
        let line = parse(&text, Some(PathBuf::from("/p")));
        // Bounded: the crude reading takes at most one command per word, each of at most 48 words (a command found
        // again in a nested copy of the same text is not taken twice).
        prop_assert!(line.commands.len() <= 4 * text.len() + 16, "{} commands for {} bytes", line.commands.len(), text.len());
        let _ = accesses(&line, &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn the_crude_reading_finds_every_program_the_full_one_finds(text in shellish()) {
        let missed = programs_the_crude_reading_misses(&text);
        prop_assert!(missed.is_empty(), "the crude reading of {:?} misses {:?}", text, missed);
    }
}

/// A word of a differential case: a mix of plain, quoted and escaped parts without expansions.
fn literal_word() -> impl Strategy<Value = String> {
    let part = prop_oneof![
        "[a-zA-Z0-9_./,:@%+=-]{1,5}",
        "[a-z |;&<>()$`\"\\\\*?]{0,5}".prop_map(|text| format!("'{}'", text.replace('\'', ""))),
        "[a-z |;&<>()'*?]{0,5}".prop_map(|text| format!("\"{text}\"")),
        "[|;&<>() '\"*?]".prop_map(|character| format!("\\{character}")),
        "[a-z ]{0,4}".prop_map(|text| format!("$'{text}\\t{text}'")),
    ];
    proptest::collection::vec(part, 1..4).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// The words the reader finds are the arguments bash passes to the program.
    #[test]
    fn words_equal_what_bash_passes(words in proptest::collection::vec(literal_word(), 1..5)) {
        let script = format!("printf '%s\\0' {}", words.join(" "));
        let Ok(output) = Command::new("bash").args(["--norc", "--noprofile", "-f", "-c", &script]).output() else {
            panic!("bash is needed for this differential test");
        };
        let bash_words: Vec<String> = String::from_utf8_lossy(&output.stdout)
            .split('\0')
            .filter(|word| !word.is_empty())
            .map(str::to_owned)
            .collect();
        let line = parse(&script, None);
        let ours: Vec<String> = line.commands[0].words[2..].iter().map(|word| word.text.clone()).filter(|word| !word.is_empty()).collect();
        prop_assert_eq!(ours, bash_words, "script: {}", script);
    }
}
