//! Every program a catalog's `runs` patterns name, in one table built at compile time, so an event answers "does
//! the line run any of these programs?" by looking at a few marks instead of matching each pattern's names.
//!
//! The generated code holds one [`ProgramIndex`]; each `runs` condition carries the entries of the programs its
//! pattern names. When a call is inspected, the names its commands run are looked up once ([`ProgramIndex::marks`]);
//! a condition whose entries are all unmarked cannot match and its pattern is not evaluated.

use crate::command::{program_name, CommandLine};
use crate::pattern::glob_matches;

/// The programs of a catalog's command patterns: plain names, sorted (entries `0..exact.len()`), then the names
/// with a wildcard (`python*`; entries from `exact.len()` on).
#[derive(Clone, Copy, Debug)]
pub struct ProgramIndex {
    /// Plain program names, sorted and without repeats.
    pub exact: &'static [&'static str],
    /// Program names with `*` or `?`.
    pub globs: &'static [&'static str],
}

impl ProgramIndex {
    /// Which entries some command of `line` runs: a plain name found among `exact` (a binary search per command),
    /// a glob matching a command's program name.
    pub fn marks(&self, line: &CommandLine) -> Vec<bool> {
        let mut marks = vec![false; self.exact.len() + self.globs.len()];
        for command in &line.commands {
            let Some(first) = command.words.first() else { continue };
            let name = program_name(&first.text);
            if let Ok(entry) = self.exact.binary_search(&name) {
                marks[entry] = true;
            }
            for (offset, glob) in self.globs.iter().enumerate() {
                if glob_matches(glob, name) {
                    marks[self.exact.len() + offset] = true;
                }
            }
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::ProgramIndex;
    use crate::parse;

    const INDEX: ProgramIndex = ProgramIndex { exact: &["cargo", "git", "npm"], globs: &["python*"] };

    fn marked(command: &str) -> Vec<bool> {
        INDEX.marks(&parse(command, None))
    }

    #[test]
    fn every_command_of_the_line_marks_its_program() {
        assert_eq!(marked("ls -la"), [false, false, false, false]);
        assert_eq!(marked("cd /tmp && git status | /usr/bin/npm run x"), [false, true, true, false]);
        assert_eq!(marked("bash -c 'cargo test'"), [true, false, false, false]);
        assert_eq!(marked("python3.12 -m pytest"), [false, false, false, true]);
    }
}
