//! The promise of the crude reading, stated as a check that the property tests and the fuzz target run on any text.

use crate::command::CommandLine;
use crate::reader::{parse, parse_crudely};
use std::collections::BTreeSet;
use std::path::PathBuf;

/// The programs a reading finds, as their commands name them (a name or a path).
fn programs(line: &CommandLine) -> BTreeSet<String> {
    line.commands.iter().filter_map(|command| Some(command.words.first()?.text.clone())).collect()
}

/// The promise of the crude reading, which stands in for the full one where that cannot go: every program the full
/// reading finds is found crudely too. A command of redirections alone runs no program. Left out are names no real
/// program has: one starting with `-` (the crude reading takes such a word for an option), and one only quoting can
/// make, holding a blank, a control character or a character of shell syntax (`$`, a quote, an operator), at which
/// the crude reading cuts words.
pub fn programs_the_crude_reading_misses(text: &str) -> Vec<String> {
    // (`set`: the full reading gives a script its positional parameters with a `set --` of its own, which runs
    // nothing and is not in the text.)
    let no_real_program = |program: &str| {
        program.is_empty()
            || program == "set"
            || program.starts_with('-')
            || program.contains(|character: char| {
                character.is_whitespace() || character.is_control() || ";&|(){}`$<>'\"\\".contains(character)
            })
    };
    let crude = programs(&parse_crudely(text, Some(PathBuf::from("/p"))));
    let full = programs(&parse(text, Some(PathBuf::from("/p"))));
    full.into_iter().filter(|program| !no_real_program(program) && !crude.contains(program)).collect()
}
