//! The crude reading, for scripts the lexer cannot read fully (unterminated, nested too deep, too long): the text is
//! cut at every character that can end or start a command (`; & | ( ) { } \` newline`, `$(`), quotes and escapes are
//! taken for blanks — and, in a second pass over a text that holds any, words are split as bash splits them
//! (`g'i't` is `git`, `$'\x67it'` too) — and every word of every piece is taken as the start of a possible command of
//! up to [`MAX_WORDS`] words; the scripts those commands run (`sh -c SCRIPT`), substitutions and heredoc bodies are
//! read the same way. It sees more commands than bash would run, never fewer (the property tests hold it to the full
//! reading), in bounded time: the scripts it reads may hold together as much text as the full reading may read.
//! Consecutive pieces are taken to feed one another, so a download piped into a shell is seen whatever hides it; the
//! first word after a `>` is taken as a file written by the piece before it, which goes on after that word.

use crate::command::{CommandLine, Cwd, Redirect, SimpleCommand, Unknown};
use crate::lexer::{expansion_scripts, is_name, read_ansi_c_quoted, substitutions_in, RedirectKind, Word};
use crate::limits::MAX_DEPTH;
use crate::unwrap::{look_through, Input};
use crate::{braces, code, code_paths, parameters};
use std::collections::{HashMap, HashSet};

/// The longest command read from one starting word.
const MAX_WORDS: usize = 48;

/// The crude commands a line holds so far without a redirection, each with its group: the same words in the same
/// folder, found again in another copy of the same text (nested scripts hold their own copies), are not added twice.
#[derive(Default)]
pub(crate) struct Known(HashMap<(Vec<String>, Cwd), usize>);

/// Adds the crude reading of `text` to `line`: its pieces with quotes and escapes taken for blanks and, when it
/// holds any, split into words as bash splits them (see [`split_quoted`]).
pub(crate) fn read(text: &str, cwd: &Cwd, line: &mut CommandLine, known: &mut Known) {
    // The scripts found on the way — what the commands run in turn (`sh -c SCRIPT`), substitutions, heredoc bodies —
    // are read the same way, within a budget of work: as much text as the full reading may read, which reads scripts
    // nested up to `MAX_DEPTH` deep.
    // A script found twice (the same substitution in a word and in a heredoc body, say) is read once.
    let mut scripts = vec![text.to_owned()];
    let mut read: HashSet<String> = HashSet::new();
    let mut budget = (MAX_DEPTH + 1) * text.len() + 256;
    while let Some(script) = scripts.pop() {
        if read.contains(&script) {
            continue;
        }
        budget = budget.saturating_sub(script.len());
        if budget == 0 {
            break;
        }
        add_pieces(blank_pieces(&script), cwd, line, known, &mut scripts);
        // What an expansion's default may make of the text (`bash -c ${X:-CMD}`) is read too.
        scripts.extend(parameters::defaults_in(&script));
        // And every substitution's body found by its marks alone, whatever quotes seem to hide it (the lexer may
        // take a quote for part of an expansion's word: `<${'`CMD`'}`).
        scripts.extend(substitutions_in(&script));
        // And what brace expansion makes of it (`{git,push,-f}`).
        scripts.extend(braces::expanded_text(&script));
        // And the text with `${NAME}` written `$NAME`, as the full reading may write it in a script it reads on.
        scripts.extend(code_paths::unbraced_variables(&script));
        if script.contains(['\'', '"', '\\', '$']) {
            let mut split = Split { pieces: vec![(Vec::new(), false)], word: None, variables: Vec::new() };
            split_quoted(&script, &mut split, &mut scripts);
            add_pieces(split.pieces, cwd, line, known, &mut scripts);
        }
        read.insert(script);
    }
}

/// A piece of the text between two places where a command may start: its words, and whether it follows a `>` (its
/// first word is then a file the piece before it writes).
type Piece = (Vec<String>, bool);

/// The pieces of the text cut at every character that can end or start a command, quotes and escapes taken for
/// blanks: each quoted part is a word of its own.
fn blank_pieces(text: &str) -> Vec<Piece> {
    let cleaned: String = text
        .chars()
        .map(|character| match character {
            ';' | '&' | '|' | '(' | ')' | '{' | '}' | '`' | '\n' | '$' | '<' => '\n',
            '>' => '\u{0}', // a piece that starts with a file written to
            // A NUL cannot be in a command bash runs; here it marks a redirection.
            '\'' | '"' | '\\' | '\u{0}' => ' ',
            other => other,
        })
        .collect();
    let pieces = cleaned.split('\n').flat_map(|piece| {
        let mut parts = piece.split('\u{0}');
        let first = parts.next().map(|part| (part, false));
        first.into_iter().chain(parts.map(|part| (part, true)))
    });
    pieces
        .map(|(piece, after_redirect)| (piece.split_whitespace().map(str::to_owned).collect(), after_redirect))
        .collect()
}

/// Adds the pieces of one script with its words as bash splits them to `split`: quotes and escapes removed, `$'…'`
/// decoded (`g'i't`, `g\it` and `$'\x67'it` are all `git`), a backslash before a newline joining the lines; cut where
/// the lexer ends a word outside quotes (braces are words to it). The scripts it holds — substitutions, found as the
/// lexer finds them, and heredoc bodies — go to `bodies`, to be read as scripts of their own.
fn split_quoted(text: &str, split: &mut Split, bodies: &mut Vec<String>) {
    // Heredocs whose bodies start after the next newline: their delimiters, and whether tabs are stripped.
    let mut heredocs: Vec<(String, bool)> = Vec::new();
    let mut quote: Option<char> = None;
    let mut position = 0;
    while let Some(character) = text[position..].chars().next() {
        let next = text[position + character.len_utf8()..].chars().next();
        let at = position;
        position += character.len_utf8();
        match (quote, character) {
            (Some('\''), '\'') | (Some('"'), '"') => quote = None,
            (Some('\''), other) => split.push(other),
            (None, '$') if next == Some('\'') => {
                let (decoded, end) = read_ansi_c_quoted(text, position + 1);
                split.word.get_or_insert_default().push_str(&decoded);
                position = end;
            }
            // `$"…"` is a double-quoted string (translated by the locale).
            (None, '$') if next == Some('"') => {}
            (_, '$' | '`') => {
                // An expansion, read as the lexer reads it; the word keeps it as written.
                let (scripts, end) = expansion_scripts(text, at);
                bodies.extend(scripts);
                split.word.get_or_insert_default().push_str(&text[at..end]);
                position = end;
            }
            (_, '\\') => {
                let Some(escaped) = next else { break };
                position += escaped.len_utf8();
                if quote.is_some() && !matches!(escaped, '$' | '`' | '"' | '\\' | '\n') {
                    split.push('\\');
                }
                if escaped != '\n' {
                    split.push(escaped);
                }
            }
            (Some(_), other) => split.push(other),
            (None, '\'' | '"') => {
                quote = Some(character);
                split.word.get_or_insert_default();
            }
            // A comment, as the lexer skips it (its text is still read by the blank pieces).
            (None, '#') if split.word.is_none() => {
                position = text[position..].find('\n').map_or(text.len(), |end| position + end);
            }
            (None, '>') => split.cut(true),
            // A here-string (`<<<WORD`): its word follows; no heredoc starts at its second `<`.
            (None, '<') if text[at..].starts_with("<<<") => {
                split.cut(false);
                position = at + 3;
            }
            (None, '<') if next == Some('<') && !text[position + 1..].starts_with('<') => {
                split.cut(false);
                let (delimiter, strip_tabs, end) = heredoc_delimiter(text, position + 1);
                // Substitutions written in the delimiter's word, as the lexer reads it.
                bodies.extend(substitutions_in(&text[position + 1..end]));
                heredocs.push((delimiter, strip_tabs));
                position = end;
            }
            (None, '\n') if !heredocs.is_empty() => {
                split.cut(false);
                for (delimiter, strip_tabs) in heredocs.drain(..) {
                    let (body, end) = heredoc_body(text, position, &delimiter, strip_tabs);
                    // A body is code when fed to a shell; its substitutions run when the delimiter is unquoted.
                    bodies.extend(substitutions_in(body));
                    bodies.push(body.to_owned());
                    // Or code fed to an interpreter, whose commands the full reading finds.
                    bodies.extend(code::commands_in_any_language(body));
                    position = end;
                }
            }
            // An input redirection (`<FILE`, `< FILE`, `<&3`) goes on with the command, its file no argument of it
            // (`bash -c <in 'CMD'`); a process substitution (`<(…)`) ends the piece.
            (None, '<') if next != Some('(') && split.goes_on_after_input() => {
                let rest = &text[position..];
                let file = rest.trim_start_matches(['&', '>']).trim_start_matches([' ', '\t']);
                let end =
                    file.find([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>', '\'', '"']).unwrap_or(file.len());
                position += rest.len() - file.len() + end;
            }
            (None, ';' | '&' | '|' | '(' | ')' | '\n' | '<') => split.cut(false),
            // The lexer's blanks: a NUL or another Unicode space is a character of the word to it.
            (None, ' ' | '\t' | '\r') => split.end_word(),
            (None, other) => split.push(other),
        }
    }
    split.end_word();
}

/// The delimiter of a heredoc whose `<<` ends at `start`, quotes removed, whether tabs are stripped (`<<-`), and
/// where the delimiter ends.
fn heredoc_delimiter(text: &str, start: usize) -> (String, bool, usize) {
    let strip_tabs = text[start..].starts_with('-');
    let rest = &text[start + usize::from(strip_tabs)..];
    let blanks = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let word = &rest[blanks..];
    let length = word.find([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']).unwrap_or(word.len());
    let delimiter = word[..length].replace(['\'', '"', '\\'], "");
    (delimiter, strip_tabs, start + usize::from(strip_tabs) + blanks + length)
}

/// The body of a heredoc starting at `start` (after the newline that ends its command), up to the line that is its
/// delimiter, and where the text goes on after that line.
fn heredoc_body<'t>(text: &'t str, start: usize, delimiter: &str, strip_tabs: bool) -> (&'t str, usize) {
    let mut line_start = start;
    while line_start < text.len() {
        let line_end = text[line_start..].find('\n').map_or(text.len(), |at| line_start + at);
        let line = &text[line_start..line_end];
        let line = if strip_tabs { line.trim_start_matches('\t') } else { line };
        if line == delimiter {
            return (&text[start..line_start], (line_end + 1).min(text.len()));
        }
        line_start = line_end + 1;
    }
    (&text[start..], text.len())
}

/// The pieces [`split_quoted`] has made so far, the word it is making, and the variables assigned so far.
struct Split {
    pieces: Vec<Piece>,
    word: Option<String>,
    variables: Vec<(String, String)>,
}

impl Split {
    fn push(&mut self, character: char) {
        self.word.get_or_insert_default().push(character);
    }

    /// Ends the word. A word `NAME=value` is remembered (the last value of each name, when it holds no expansion),
    /// and a word that is just `$NAME` or `${NAME}` of a remembered name is its value, split at blanks — as the full
    /// reading takes variables set earlier in the line.
    fn end_word(&mut self) {
        let Some(word) = self.word.take() else { return };
        let Some((words, _)) = self.pieces.last_mut() else { return };
        if let Some((name, value)) = word.split_once('=').filter(|(name, _)| is_name(name)) {
            self.variables.retain(|(known, _)| known != name);
            if !value.contains(['$', '`']) {
                self.variables.push((name.to_owned(), value.to_owned()));
            }
        }
        let named = word.strip_prefix("${").and_then(|rest| rest.strip_suffix('}')).or_else(|| word.strip_prefix('$'));
        match named.and_then(|name| self.variables.iter().find(|(known, _)| known == name)) {
            Some((_, value)) => words.extend(value.split_whitespace().map(str::to_owned)),
            None => words.push(word),
        }
    }

    /// At an input redirection: whether a command goes on through it (a piece with words, or a `>` with no file
    /// yet after one, which bash would refuse and the lexer takes as going on); the word before it ended.
    fn goes_on_after_input(&mut self) -> bool {
        self.end_word();
        let last_two = self.pieces.len().checked_sub(2).map(|at| &self.pieces[at..]);
        match (self.pieces.last(), last_two) {
            (Some((words, _)), _) if !words.is_empty() => true,
            (Some((_, true)), Some([(before, _), _])) if !before.is_empty() => {
                self.pieces.pop();
                true
            }
            _ => false,
        }
    }

    /// Ends the piece; the next one follows a `>` when `after_redirect`.
    fn cut(&mut self, after_redirect: bool) {
        self.end_word();
        self.pieces.push((Vec::new(), after_redirect));
    }
}

/// Adds a crude command — unless the same words in the same folder are there already without a redirection: then
/// its group and theirs are made to feed each other, so whatever fed or read the one reaches the other too (more
/// flow than bash would have, as everything in the crude reading is), and the line does not grow with every nested
/// copy of the same text.
fn add_command(line: &mut CommandLine, known: &mut Known, command: SimpleCommand) {
    if command.redirects.is_empty() {
        let texts: Vec<String> = command.words.iter().map(|word| word.text.clone()).collect();
        let key = (texts, command.cwd.clone());
        if let Some(&earlier) = known.0.get(&key) {
            if earlier != command.group {
                line.fed_by[command.group].push(earlier);
                line.fed_by[earlier].push(command.group);
            }
            return;
        }
        known.0.insert(key, command.group);
    }
    line.commands.push(command);
}

/// Adds the commands of the pieces: every word not an option starts one, of up to [`MAX_WORDS`] words.
/// The scripts those commands run (`sh -c SCRIPT`) go to `scripts`. A piece after a `>` goes on with the command
/// before it (a redirection may stand anywhere among its words: `sh -c >log 'script'`), its first word the file
/// that command writes.
fn add_pieces(pieces: Vec<Piece>, cwd: &Cwd, line: &mut CommandLine, known: &mut Known, scripts: &mut Vec<String>) {
    let mut joined: Vec<(Vec<String>, Vec<String>)> = Vec::new(); // words, and the files written
    for (mut words, after_redirect) in pieces {
        match joined.last_mut() {
            // An empty piece after a `>` (the second `>` of `>>`, or `> >`) leaves the command going on.
            Some((before, written)) if after_redirect => {
                if !words.is_empty() {
                    written.push(words.remove(0));
                    before.extend(words);
                }
            }
            _ => joined.push((words, Vec::new())),
        }
    }
    let mut previous_group: Option<usize> = None;
    for (piece, written) in joined {
        let words: Vec<Word> = piece
            .into_iter()
            .map(|text| Word { glob: text.contains(['*', '?', '[']), text, ..Word::default() })
            .collect();
        let mut redirects: Vec<Redirect> = written
            .into_iter()
            .map(|text| Redirect {
                kind: RedirectKind::Write,
                target: Word { text, ..Word::default() },
                input_text: None,
            })
            .collect();
        if words.is_empty() {
            // Redirections alone: the file is written all the same.
            if let Some(command) = line.commands.iter_mut().rev().find(|command| command.crude) {
                command.redirects.append(&mut redirects);
            }
            continue;
        }
        let group = line.fed_by.len();
        line.fed_by.push(previous_group.into_iter().collect());
        previous_group = Some(group);
        for start in 0..words.len() {
            let end = (start + MAX_WORDS).min(words.len());
            let argv = words[start..end].to_vec();
            let derived = look_through(&argv, Input::Nothing, &[]);
            if words[start].text.starts_with('-') {
                // (No program, but what a command of that name is given may be run all the same, as the full
                // reading takes it: `> bash -c "CMD"` runs `-c` with `CMD` as an argument.)
                scripts.extend(derived.possible_scripts);
                continue;
            }
            // (What an unknown program may run is read as all else here is: as possibly run.)
            scripts.extend(derived.scripts.into_iter().chain(derived.possible_scripts));
            let command = SimpleCommand {
                words: argv,
                assignments: Vec::new(),
                redirects: std::mem::take(&mut redirects),
                piped_input: None,
                cwd: cwd.clone(),
                group,
                crude: true,
                via: None,
                unknown: Unknown::Nothing,
                shape: Default::default(),
            };
            add_command(line, known, command);
            for inner in derived.commands {
                let command = SimpleCommand {
                    words: inner.words,
                    assignments: Vec::new(),
                    redirects: Vec::new(),
                    piped_input: None,
                    cwd: cwd.clone(),
                    group,
                    crude: true,
                    via: None,
                    unknown: Unknown::Nothing,
                    shape: Default::default(),
                };
                add_command(line, known, command);
            }
        }
        if let Some(command) = line.commands.iter_mut().rev().find(|command| command.crude) {
            command.redirects.append(&mut redirects); // a piece of options only
        }
    }
}
