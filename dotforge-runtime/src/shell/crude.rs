//! The crude reading, for scripts the lexer cannot read fully (unterminated, nested too deep, too long): the text is
//! cut at every character that can end or start a command (`; & | ( ) { } \` newline`, `$(`), quotes and escapes are
//! dropped, and every word of every piece is taken as the start of a possible command of up to [`MAX_WORDS`] words.
//! It sees more commands than bash would run, never fewer, in linear time. Consecutive pieces are taken to feed one
//! another, so a download piped into a shell is seen whatever hides it; the first word after a `>` is taken as a file
//! written by the piece before it.

use super::lexer::{RedirectKind, Word};
use super::unwrap::look_through;
use super::{CommandLine, Cwd, Redirect, SimpleCommand};

/// The longest command read from one starting word.
const MAX_WORDS: usize = 48;

/// Adds the crude reading of `text` to `line`.
pub(super) fn read(text: &str, cwd: &Cwd, line: &mut CommandLine) {
    let cleaned: String = text
        .chars()
        .map(|character| match character {
            ';' | '&' | '|' | '(' | ')' | '{' | '}' | '`' | '\n' | '$' | '<' => '\n',
            '>' => '\u{0}', // a piece that starts with a file written to
            '\'' | '"' | '\\' => ' ',
            other => other,
        })
        .collect();
    let mut previous_group: Option<usize> = None;
    let pieces = cleaned.split('\n').flat_map(|piece| {
        let mut parts = piece.split('\u{0}');
        let first = parts.next().map(|part| (part, false));
        first.into_iter().chain(parts.map(|part| (part, true)))
    });
    for (piece, after_redirect) in pieces {
        let mut words: Vec<Word> = piece
            .split_whitespace()
            .map(|text| Word { text: text.to_owned(), glob: text.contains(['*', '?', '[']), ..Word::default() })
            .collect();
        if after_redirect && !words.is_empty() {
            let target = words.remove(0);
            if let Some(command) = line.commands.iter_mut().rev().find(|command| command.crude) {
                command.redirects.push(Redirect { kind: RedirectKind::Write, target, input_text: None });
            }
        }
        if words.is_empty() {
            continue;
        }
        let group = line.fed_by.len();
        line.fed_by.push(previous_group.into_iter().collect());
        previous_group = Some(group);
        for start in 0..words.len() {
            if words[start].text.starts_with('-') {
                continue;
            }
            let end = (start + MAX_WORDS).min(words.len());
            let argv = words[start..end].to_vec();
            let derived = look_through(&argv, &[]);
            line.commands.push(SimpleCommand {
                words: argv,
                assignments: Vec::new(),
                redirects: Vec::new(),
                cwd: cwd.clone(),
                group,
                crude: true,
            });
            for inner in derived.commands {
                line.commands.push(SimpleCommand {
                    words: inner.words,
                    assignments: Vec::new(),
                    redirects: Vec::new(),
                    cwd: cwd.clone(),
                    group,
                    crude: true,
                });
            }
        }
    }
}
