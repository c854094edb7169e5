//! Splits one shell script (a Bash tool `command`) into tokens the way bash reads it: words after quote removal,
//! control operators, redirections with their heredoc bodies. Text that bash would run as a command of its own — a
//! `$( )` or backtick substitution, a process substitution, command substitutions inside `${ }`, `$(( ))` or an
//! unquoted heredoc — is handed back as a nested script, to be lexed in turn by the caller (no recursion here, so no
//! input can exhaust the stack).
//!
//! Expansions cannot be evaluated before the command runs, so a word keeps `$NAME`, `$(…)` and the like as written
//! and says so (`dynamic`).

/// A word after quote removal.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct Word {
    /// The text with quotes and escapes removed; expansions kept as written.
    pub text: String,
    /// Some part of it was quoted or escaped.
    pub quoted: bool,
    /// It holds an expansion (`$…`, backticks) whose value is not known before the command runs.
    pub dynamic: bool,
    /// It holds an unquoted glob character (`*`, `?`, `[`).
    pub glob: bool,
    /// It starts with an unquoted `~` (tilde expansion).
    pub tilde: bool,
    /// `NAME=…` (or `NAME+=…`, `NAME[…]=…`) with an unquoted name: an assignment when it comes first.
    pub assignment: bool,
    /// It holds an unquoted `{` and a later unquoted `}`: a brace expansion, perhaps ([`crate::braces`]).
    pub braces: bool,
}

/// A control operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// `;`, `;;`, `;&`, `;;&`, `&` or a newline: ends a command.
    End,
    /// `&&` or `||`.
    AndOr,
    /// `|` or `|&`: the next command reads this one's output.
    Pipe,
    /// `(`
    Open,
    /// `)`
    Close,
}

/// What a redirection does to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RedirectKind {
    /// `<`: reads the file.
    Read,
    /// `>`, `>|`, `&>`, `<>`: writes the file.
    Write,
    /// `>>`, `&>>`: appends to the file.
    Append,
    /// `>&`, `<&` (duplicates a descriptor, or writes a file when the target is not a number or `-`).
    Duplicate,
    /// `<<`, `<<-`: a heredoc (the body is in [`Token::Redirect::heredoc`]).
    HereDoc,
    /// `<<<`: a here-string.
    HereString,
}

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    Word(Word),
    Op(Op),
    /// A redirection operator; the next word is its target (for a heredoc, its delimiter).
    Redirect {
        kind: RedirectKind,
        /// The heredoc's body, once read.
        heredoc: Option<String>,
    },
}

/// Why a nested script runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Nesting {
    /// `$( )`, backticks, `<( )`, `>( )`: its output is part of the command that holds it.
    Substitution,
}

/// A script inside the script, and the index of the token it belongs to (the word or redirection holding it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Nested {
    pub text: String,
    pub token: usize,
    pub kind: Nesting,
}

/// The tokens of a script and what is nested in it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Lexed {
    pub tokens: Vec<Token>,
    pub nested: Vec<Nested>,
    /// The script ended inside a quote, substitution or heredoc: bash would reject it from that point.
    pub unterminated: bool,
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    position: usize,
    out: Lexed,
    /// Heredocs whose bodies start after the next newline: (token index, delimiter, strip tabs, expand body).
    pending_heredocs: Vec<(usize, String, bool, bool)>,
}

/// Lexes one script.
pub(crate) fn lex(text: &str) -> Lexed {
    let mut lexer =
        Lexer { text, bytes: text.as_bytes(), position: 0, out: Lexed::default(), pending_heredocs: Vec::new() };
    lexer.run();
    lexer.out
}

/// The scripts an expansion starting at `start` runs (the body of `$(…)` or of a backtick substitution, the
/// substitutions inside `${…}` or `$((…))`), as the lexer finds them, and where the expansion ends.
pub(crate) fn expansion_scripts(text: &str, start: usize) -> (Vec<String>, usize) {
    let mut lexer =
        Lexer { text, bytes: text.as_bytes(), position: start, out: Lexed::default(), pending_heredocs: Vec::new() };
    lexer.expansion(&mut Word::default(), 0);
    (lexer.out.nested.into_iter().map(|nested| nested.text).collect(), lexer.position.max(start + 1))
}

/// The text of a `$'…'` quote as bash decodes it, read from `start` (just after the `$'`), and where it ends (after
/// the closing quote, or at the end of the text).
pub(crate) fn read_ansi_c_quoted(text: &str, start: usize) -> (String, usize) {
    let mut lexer =
        Lexer { text, bytes: text.as_bytes(), position: start, out: Lexed::default(), pending_heredocs: Vec::new() };
    let mut word = Word::default();
    lexer.ansi_c_quoted(&mut word);
    (word.text, lexer.position)
}

const fn is_blank(byte: u8) -> bool {
    byte == b' ' || byte == b'\t' || byte == b'\r'
}

/// Bytes that end an unquoted word.
const fn is_word_end(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | b';' | b'&' | b'|' | b'(' | b')' | b'<' | b'>')
}

impl Lexer<'_> {
    fn peek(&self, offset: usize) -> Option<u8> {
        self.bytes.get(self.position + offset).copied()
    }

    fn starts_with(&self, prefix: &str) -> bool {
        self.bytes[self.position..].starts_with(prefix.as_bytes())
    }

    fn push(&mut self, token: Token) {
        self.out.tokens.push(token);
    }

    fn run(&mut self) {
        let mut at_word_start = true;
        while let Some(byte) = self.peek(0) {
            if is_blank(byte) {
                self.position += 1;
                at_word_start = true;
                continue;
            }
            if byte == b'\\' && self.peek(1) == Some(b'\n') {
                self.position += 2; // line continuation
                continue;
            }
            if byte == b'#' && at_word_start {
                while self.peek(0).is_some_and(|byte| byte != b'\n') {
                    self.position += 1;
                }
                continue;
            }
            if byte == b'\n' {
                self.position += 1;
                self.push(Token::Op(Op::End));
                self.read_heredoc_bodies();
                at_word_start = true;
                continue;
            }
            if let Some(advance) = self.operator() {
                self.position += advance;
                at_word_start = true;
                continue;
            }
            self.word();
            at_word_start = false;
        }
        if !self.pending_heredocs.is_empty() {
            self.out.unterminated = true;
            self.pending_heredocs.clear();
        }
    }

    /// A control operator or redirection at the current position: pushes it and returns its length.
    fn operator(&mut self) -> Option<usize> {
        // An optional descriptor number (`2>`), or `{name}>`, directly before a redirection.
        let digits = self.bytes[self.position..].iter().take_while(|byte| byte.is_ascii_digit()).count();
        let after = self.position + digits;
        if digits > 0 && matches!(self.bytes.get(after), Some(b'<' | b'>')) {
            let saved = self.position;
            self.position = after;
            let length = self.redirection();
            let moved = self.position - after; // a heredoc reads its delimiter itself
            self.position = saved;
            if let Some(length) = length {
                return Some(digits + length + moved);
            }
        }
        for (text, op) in
            [(";;&", Op::End), (";;", Op::End), (";&", Op::End), ("&&", Op::AndOr), ("||", Op::AndOr), ("|&", Op::Pipe)]
        {
            if self.starts_with(text) {
                self.push(Token::Op(op));
                return Some(text.len());
            }
        }
        if self.starts_with("&>") {
            return self.redirection();
        }
        let op = match self.peek(0)? {
            b';' | b'&' => Op::End,
            b'|' => Op::Pipe,
            b'(' => Op::Open,
            b')' => Op::Close,
            b'<' | b'>' if matches!(self.peek(1), Some(b'(')) => return None, // process substitution: a word
            b'<' | b'>' => return self.redirection(),
            _ => return None,
        };
        self.push(Token::Op(op));
        Some(1)
    }

    /// A redirection operator at the current position: pushes it (and registers a heredoc) and returns its length.
    fn redirection(&mut self) -> Option<usize> {
        let table: [(&str, RedirectKind); 12] = [
            ("<<<", RedirectKind::HereString),
            ("<<-", RedirectKind::HereDoc),
            ("<<", RedirectKind::HereDoc),
            ("&>>", RedirectKind::Append),
            ("&>", RedirectKind::Write),
            (">>", RedirectKind::Append),
            (">|", RedirectKind::Write),
            (">&", RedirectKind::Duplicate),
            ("<&", RedirectKind::Duplicate),
            ("<>", RedirectKind::Write),
            (">", RedirectKind::Write),
            ("<", RedirectKind::Read),
        ];
        let (text, kind) = table.into_iter().find(|(text, _)| self.starts_with(text))?;
        self.push(Token::Redirect { kind, heredoc: None });
        if kind == RedirectKind::HereDoc {
            let index = self.out.tokens.len() - 1;
            let strip_tabs = text == "<<-";
            // The delimiter is the next word; read it now so the body can be found after the line ends.
            self.position += text.len();
            while self.peek(0).is_some_and(is_blank) {
                self.position += 1;
            }
            if self.peek(0).is_some_and(|byte| !is_word_end(byte)) {
                let before = self.out.tokens.len();
                self.word();
                if let Some(Token::Word(delimiter)) = self.out.tokens.get(before) {
                    let delimiter = (delimiter.text.clone(), !delimiter.quoted);
                    self.pending_heredocs.push((index, delimiter.0, strip_tabs, delimiter.1));
                }
            }
            return Some(0);
        }
        Some(text.len())
    }

    /// Reads the bodies of the heredocs opened on the line that just ended.
    fn read_heredoc_bodies(&mut self) {
        for (index, delimiter, strip_tabs, expand) in std::mem::take(&mut self.pending_heredocs) {
            let mut body = String::new();
            let mut closed = false;
            while self.position < self.bytes.len() {
                let end = self.text[self.position..].find('\n').map_or(self.bytes.len(), |at| self.position + at);
                let line = &self.text[self.position..end];
                self.position = (end + 1).min(self.bytes.len());
                let compared = if strip_tabs { line.trim_start_matches('\t') } else { line };
                if compared == delimiter {
                    closed = true;
                    break;
                }
                body.push_str(compared);
                body.push('\n');
            }
            if !closed {
                self.out.unterminated = true;
            }
            if expand {
                for text in substitutions_in(&body) {
                    self.out.nested.push(Nested { text, token: index, kind: Nesting::Substitution });
                }
            }
            if let Some(Token::Redirect { heredoc, .. }) = self.out.tokens.get_mut(index) {
                *heredoc = Some(body);
            }
        }
    }

    /// One word, from the current position to the next unquoted word end.
    fn word(&mut self) {
        let index = self.out.tokens.len();
        let mut word = Word { tilde: self.peek(0) == Some(b'~'), ..Word::default() };
        let mut open_brace = false;
        while let Some(byte) = self.peek(0) {
            match byte {
                b'<' | b'>' if self.peek(1) == Some(b'(') => {
                    word.dynamic = true;
                    let start = self.position;
                    let body = self.balanced(self.position + 2, b'(', b')');
                    self.nest(body, index);
                    word.text.push_str(&self.text[start..self.position]);
                }
                _ if is_word_end(byte) => break,
                b'\\' => {
                    word.quoted = true;
                    match self.peek(1) {
                        Some(b'\n') => self.position += 2,
                        Some(_) => {
                            let next = self.char_at(self.position + 1);
                            word.text.push(next);
                            self.position += 1 + next.len_utf8();
                        }
                        None => self.position += 1,
                    }
                }
                b'\'' => {
                    word.quoted = true;
                    self.position += 1;
                    let end = self.text[self.position..].find('\'').map(|at| self.position + at);
                    let end = end.unwrap_or_else(|| {
                        self.out.unterminated = true;
                        self.bytes.len()
                    });
                    word.text.push_str(&self.text[self.position..end]);
                    self.position = (end + 1).min(self.bytes.len());
                }
                b'"' => {
                    word.quoted = true;
                    self.position += 1;
                    self.double_quoted(&mut word, index);
                }
                b'$' if self.peek(1) == Some(b'\'') => {
                    word.quoted = true;
                    self.position += 2;
                    self.ansi_c_quoted(&mut word);
                }
                b'$' if self.peek(1) == Some(b'"') => {
                    word.quoted = true;
                    self.position += 2;
                    self.double_quoted(&mut word, index);
                }
                b'$' | b'`' => self.expansion(&mut word, index),
                b'*' | b'?' | b'[' => {
                    word.glob = true;
                    word.text.push(byte as char);
                    self.position += 1;
                }
                b'=' if !word.assignment && !word.quoted && !word.dynamic && is_assignment_name(&word.text) => {
                    word.assignment = true;
                    word.text.push('=');
                    self.position += 1;
                    if word.assignment && self.peek(0) == Some(b'(') {
                        // NAME=(a b c): an array; its elements are words of this assignment.
                        let start = self.position;
                        let _ = self.balanced(self.position + 1, b'(', b')');
                        word.text.push_str(&self.text[start..self.position]);
                    }
                }
                _ => {
                    open_brace |= byte == b'{';
                    word.braces |= open_brace && byte == b'}' && !word.assignment;
                    let character = self.char_at(self.position);
                    word.text.push(character);
                    self.position += character.len_utf8();
                }
            }
        }
        self.push(Token::Word(word));
    }

    fn char_at(&self, position: usize) -> char {
        self.text[position..].chars().next().unwrap_or('\u{fffd}')
    }

    /// The inside of `"…"` (the opening quote is consumed).
    fn double_quoted(&mut self, word: &mut Word, index: usize) {
        while let Some(byte) = self.peek(0) {
            match byte {
                b'"' => {
                    self.position += 1;
                    return;
                }
                b'\\' => match self.peek(1) {
                    Some(b'$' | b'`' | b'"' | b'\\') => {
                        word.text.push(self.bytes[self.position + 1] as char);
                        self.position += 2;
                    }
                    Some(b'\n') => self.position += 2,
                    _ => {
                        word.text.push('\\');
                        self.position += 1;
                    }
                },
                b'$' | b'`' => self.expansion(word, index),
                _ => {
                    let character = self.char_at(self.position);
                    word.text.push(character);
                    self.position += character.len_utf8();
                }
            }
        }
        self.out.unterminated = true;
    }

    /// The inside of `$'…'` (the opening is consumed), decoding its escapes.
    fn ansi_c_quoted(&mut self, word: &mut Word) {
        while let Some(byte) = self.peek(0) {
            self.position += 1;
            match byte {
                b'\'' => return,
                b'\\' => {
                    if self.peek(0).is_none() {
                        break;
                    }
                    let decoded = self.ansi_c_escape();
                    if let Some(decoded) = decoded {
                        word.text.push(decoded);
                    }
                }
                _ => {
                    self.position -= 1;
                    let character = self.char_at(self.position);
                    word.text.push(character);
                    self.position += character.len_utf8();
                }
            }
        }
        self.out.unterminated = true;
    }

    /// The character an escape of `$'…'` stands for; the position is just after the backslash, with a character to
    /// read there.
    fn ansi_c_escape(&mut self) -> Option<char> {
        let escape = self.peek(0)?;
        self.position += 1;
        match escape {
            b'n' => Some('\n'),
            b't' => Some('\t'),
            b'r' => Some('\r'),
            b'a' => Some('\u{7}'),
            b'b' => Some('\u{8}'),
            b'e' | b'E' => Some('\u{1b}'),
            b'f' => Some('\u{c}'),
            b'v' => Some('\u{b}'),
            b'x' => self.number_escape(16, 2),
            b'u' => self.number_escape(16, 4),
            b'U' => self.number_escape(16, 8),
            b'0'..=b'7' => {
                self.position -= 1;
                self.number_escape(8, 3)
            }
            b'c' if self.peek(0).is_some() => {
                let named = self.char_at(self.position);
                self.position += named.len_utf8();
                char::from_u32(u32::from(named) & 0x1f)
            }
            b'c' => None,
            _ => {
                // Any other escaped character stands for itself, whole (it may take several bytes).
                self.position -= 1;
                let character = self.char_at(self.position);
                self.position += character.len_utf8();
                Some(character)
            }
        }
    }

    fn number_escape(&mut self, radix: u32, max_digits: usize) -> Option<char> {
        let digits: String = self.text[self.position..]
            .chars()
            .take(max_digits)
            .take_while(|character| character.is_digit(radix))
            .collect();
        self.position += digits.len();
        u32::from_str_radix(&digits, radix).ok().and_then(char::from_u32)
    }

    /// `$NAME`, `${…}`, `$(…)`, `$((…))` or a backtick substitution at the current position; kept verbatim in the
    /// word, with the commands it runs handed back as nested scripts.
    fn expansion(&mut self, word: &mut Word, index: usize) {
        let start = self.position;
        if self.peek(0) == Some(b'`') {
            word.dynamic = true;
            let body = self.backtick(self.position + 1);
            self.nest(body, index);
        } else if self.starts_with("$((") {
            word.dynamic = true;
            let body = self.balanced(self.position + 2, b'(', b')');
            for text in substitutions_in(&body) {
                self.out.nested.push(Nested { text, token: index, kind: Nesting::Substitution });
            }
        } else if self.starts_with("$(") {
            word.dynamic = true;
            let body = self.balanced(self.position + 2, b'(', b')');
            self.nest(body, index);
        } else if self.starts_with("${") {
            word.dynamic = true;
            let body = self.balanced(self.position + 2, b'{', b'}');
            for text in substitutions_in(&body) {
                self.out.nested.push(Nested { text, token: index, kind: Nesting::Substitution });
            }
        } else {
            self.position += 1;
            let name = self.bytes[self.position..]
                .iter()
                .take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'_')
                .count();
            let special =
                usize::from(name == 0 && self.peek(0).is_some_and(|byte| b"@*#?-$!0123456789".contains(&byte)));
            self.position += name + special;
            word.dynamic |= name + special > 0;
        }
        word.text.push_str(&self.text[start..self.position]);
    }

    fn nest(&mut self, text: String, token: usize) {
        self.out.nested.push(Nested { text, token, kind: Nesting::Substitution });
    }

    /// The text up to the `close` that balances the `open` just before `from`; leaves the position after it.
    fn balanced(&mut self, from: usize, open: u8, close: u8) -> String {
        let end = matching_close(self.bytes, from, open, close);
        let (body_end, next) = match end {
            Some(end) => (end, end + 1),
            None => {
                self.out.unterminated = true;
                (self.bytes.len(), self.bytes.len())
            }
        };
        self.position = next;
        self.text.get(from..body_end).unwrap_or("").to_owned()
    }

    /// The body of a backtick substitution starting at `from`, with `\`` `\$` `\\` unescaped.
    fn backtick(&mut self, from: usize) -> String {
        let mut body = String::new();
        let mut position = from;
        while let Some(&byte) = self.bytes.get(position) {
            match byte {
                b'`' => {
                    self.position = position + 1;
                    return body;
                }
                b'\\' if matches!(self.bytes.get(position + 1), Some(b'`' | b'$' | b'\\')) => {
                    body.push(self.bytes[position + 1] as char);
                    position += 2;
                }
                _ => {
                    let character = self.char_at(position);
                    body.push(character);
                    position += character.len_utf8();
                }
            }
        }
        self.out.unterminated = true;
        self.position = self.bytes.len();
        body
    }
}

/// `NAME`: a shell variable name.
pub(crate) fn is_name(text: &str) -> bool {
    let mut bytes = text.bytes();
    bytes.next().is_some_and(|first| first.is_ascii_alphabetic() || first == b'_')
        && bytes.all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
}

/// `NAME`, `NAME+` or `NAME[subscript]` (optionally followed by `+`): what may stand before `=` in an assignment.
fn is_assignment_name(text: &str) -> bool {
    let text = text.strip_suffix('+').unwrap_or(text);
    match text.split_once('[') {
        Some((name, subscript)) => is_name(name) && subscript.ends_with(']'),
        None => is_name(text),
    }
}

/// The words of `text` as the shell splits them, its operators and redirections left out.
pub(crate) fn words_of(text: &str) -> Vec<Word> {
    lex(text)
        .tokens
        .into_iter()
        .filter_map(|token| match token {
            Token::Word(word) => Some(word),
            _ => None,
        })
        .collect()
}

/// The index of the `close` balancing an `open` before `from`, skipping quoted text and escapes; iterative.
pub(crate) fn matching_close(bytes: &[u8], from: usize, open: u8, close: u8) -> Option<usize> {
    let mut depth = 1usize;
    let mut position = from;
    while let Some(&byte) = bytes.get(position) {
        match byte {
            b'\\' => position += 1,
            b'\'' if open == b'(' || open == b'{' => {
                position = bytes[position + 1..].iter().position(|&b| b == b'\'').map(|at| position + 1 + at)?;
            }
            b'"' => {
                // Skip the double-quoted part, honouring escapes (substitutions inside are found when it is lexed).
                position += 1;
                while let Some(&inner) = bytes.get(position) {
                    match inner {
                        b'\\' => position += 1,
                        b'"' => break,
                        _ => {}
                    }
                    position += 1;
                }
            }
            _ if byte == open => depth += 1,
            _ if byte == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(position);
                }
            }
            _ => {}
        }
        position += 1;
    }
    None
}

/// The bodies of the command substitutions (`$( )`, backticks) in a text that is not itself a command: a
/// parameter expansion, an arithmetic expression, an unquoted heredoc body.
pub(crate) fn substitutions_in(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut position = 0;
    while position < bytes.len() {
        match bytes[position] {
            b'\\' => position += 2,
            b'$' if bytes.get(position + 1) == Some(&b'(') && bytes.get(position + 2) != Some(&b'(') => {
                let end = matching_close(bytes, position + 2, b'(', b')').unwrap_or(bytes.len());
                found.push(text.get(position + 2..end).unwrap_or("").to_owned());
                position = end + 1;
            }
            b'`' => {
                let end =
                    bytes[position + 1..].iter().position(|&b| b == b'`').map_or(bytes.len(), |at| position + 1 + at);
                found.push(text.get(position + 1..end).unwrap_or("").to_owned());
                position = end + 1;
            }
            _ => position += 1,
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        lex(text)
            .tokens
            .into_iter()
            .map(|token| match token {
                Token::Word(word) => word.text,
                Token::Op(op) => format!("<{op:?}>"),
                Token::Redirect { kind, .. } => format!("<{kind:?}>"),
            })
            .collect()
    }

    #[test]
    fn quotes_and_escapes_are_removed() {
        assert_eq!(words(r#"git commit -m "a \"b\" $x" 'c d'\ e"#), ["git", "commit", "-m", "a \"b\" $x", "c d e"]);
        assert_eq!(words(r"echo $'a\tb\x41\'' \$HOME"), ["echo", "a\tbA'", "$HOME"]);
        assert_eq!(words("echo a\\\nb"), ["echo", "ab"]);
    }

    #[test]
    fn escaped_characters_of_several_bytes_stay_whole_in_ansi_c_quotes() {
        // Found by the bash_command fuzzer: `\` or `\c` before such a character left the reader inside it (a panic,
        // which the hook turns into an unexamined pass).
        assert_eq!(words("echo $'a\\éb' x"), ["echo", "aéb", "x"]);
        assert_eq!(words("echo $'\\c\u{fffd}' rm"), ["echo", "\u{1d}", "rm"]);
        assert_eq!(words("rm -rf .f$'d\\\u{fffd}.f'"), ["rm", "-rf", ".fd\u{fffd}.f"]);
    }

    #[test]
    fn operators_and_redirections_separate_words() {
        assert_eq!(
            words("a&&b||c|d;e&f\ng 2>&1 >x <y &>>z"),
            [
                "a",
                "<AndOr>",
                "b",
                "<AndOr>",
                "c",
                "<Pipe>",
                "d",
                "<End>",
                "e",
                "<End>",
                "f",
                "<End>",
                "g",
                "<Duplicate>",
                "1",
                "<Write>",
                "x",
                "<Read>",
                "y",
                "<Append>",
                "z"
            ]
        );
        assert_eq!(words("(cd a; ls)"), ["<Open>", "cd", "a", "<End>", "ls", "<Close>"]);
    }

    #[test]
    fn substitutions_are_nested_scripts() {
        let lexed = lex("echo $(git push -f) `rm -rf x` <(curl y) \"$(a \"b\")\"");
        let nested: Vec<&str> = lexed.nested.iter().map(|nested| nested.text.as_str()).collect();
        assert_eq!(nested, ["git push -f", "rm -rf x", "curl y", "a \"b\""]);
        assert!(lexed
            .tokens
            .iter()
            .all(|token| !matches!(token, Token::Word(word) if word.text.contains("push") && !word.dynamic)));
    }

    #[test]
    fn heredoc_bodies_are_data_unless_they_expand_a_substitution() {
        let lexed = lex("cat <<EOF > out\ngit push --force\n$(rm x)\nEOF\necho done");
        assert_eq!(lexed.nested.iter().map(|nested| nested.text.as_str()).collect::<Vec<_>>(), ["rm x"]);
        let words: Vec<String> = lexed
            .tokens
            .iter()
            .filter_map(|token| if let Token::Word(word) = token { Some(word.text.clone()) } else { None })
            .collect();
        assert_eq!(words, ["cat", "EOF", "out", "echo", "done"]);
        let quoted = lex("cat <<'EOF'\n$(rm x)\nEOF\n");
        assert!(quoted.nested.is_empty(), "a quoted delimiter means a literal body");
    }

    #[test]
    fn comments_assignments_and_unterminated_input() {
        assert_eq!(words("ls # git push -f"), ["ls"]);
        let lexed = lex("A=1 B[2]=x C+=y echo a=b");
        let flags: Vec<bool> =
            lexed.tokens.iter().map(|token| matches!(token, Token::Word(word) if word.assignment)).collect();
        assert_eq!(flags, [true, true, true, false, true]);
        assert!(lex("echo 'unterminated").unterminated);
        assert!(lex("echo $(never closed").unterminated);
        assert!(!lex("echo fine").unterminated);
    }
}
