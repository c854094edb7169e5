//! The tokens of interpreter code that matter for finding the commands it runs: names (`os.system`,
//! `child_process.execSync`, `$cmd`), string literals with their interpolations marked unknown, command literals
//! (backticks, `qx{}`, `%x()`), word lists (`qw()`, `%w[]`) and punctuation. Comments are skipped, so a command in a
//! comment runs nothing. One pass, no recursion: the tokenizer never looks at more than the text it is given.

use crate::programs::Language;

/// A piece of a string literal: text, or an interpolation whose value cannot be known (`{x}`, `${x}`, `#{x}`, `$x`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    Text(String),
    Unknown,
}

/// A string literal as pieces.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Literal {
    pub pieces: Vec<Piece>,
}

impl Literal {
    pub(crate) fn text(text: &str) -> Literal {
        Literal { pieces: vec![Piece::Text(text.to_owned())] }
    }

    pub(crate) fn push_text(&mut self, character: char) {
        match self.pieces.last_mut() {
            Some(Piece::Text(text)) => text.push(character),
            _ => self.pieces.push(Piece::Text(character.to_string())),
        }
    }

    pub(crate) fn extend(&mut self, other: Literal) {
        for piece in other.pieces {
            match (self.pieces.last_mut(), piece) {
                (Some(Piece::Text(text)), Piece::Text(more)) => text.push_str(&more),
                (_, piece) => self.pieces.push(piece),
            }
        }
    }
}

/// One token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    /// An identifier with the members it reaches (`os.system`, `Bun.$`, `Open3::capture2`, `.system` after a call).
    Name(String),
    /// A string literal.
    Str(Literal),
    /// A literal whose text the interpreter runs as a shell command (backticks, `qx{}`, `%x()`).
    Command(Literal),
    /// A list of words (`qw(a b)`, `%w[a b]`).
    Words(Vec<String>),
    /// Any other character (`(`, `,`, `=`, `+`, a newline…).
    Punct(char),
}

/// What a language writes how.
struct Syntax {
    hash_comments: bool,
    slash_comments: bool,
    /// `$name` inside double quotes is an interpolation (Perl, PHP).
    dollar_interpolation: bool,
    /// `#{…}` inside double quotes (Ruby).
    hash_interpolation: bool,
    /// Backticks are a command (Perl, Ruby, PHP) rather than a template (JavaScript).
    backtick_command: bool,
}

fn syntax(language: Language) -> Syntax {
    let (hash_comments, slash_comments) = match language {
        Language::JavaScript => (false, true),
        Language::Php => (true, true),
        _ => (true, false),
    };
    Syntax {
        hash_comments,
        slash_comments,
        dollar_interpolation: matches!(language, Language::Perl | Language::Php),
        hash_interpolation: language == Language::Ruby,
        backtick_command: matches!(language, Language::Perl | Language::Ruby | Language::Php),
    }
}

/// The tokens of `code`.
pub(crate) fn tokenize(language: Language, code: &str) -> Vec<Token> {
    let chars: Vec<char> = code.chars().collect();
    let syntax = syntax(language);
    let mut tokens = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        let character = chars[at];
        let next = chars.get(at + 1).copied();
        if character == '\n' {
            tokens.push(Token::Punct('\n'));
            at += 1;
        } else if character.is_whitespace() {
            at += 1;
        } else if (syntax.hash_comments && character == '#')
            || (syntax.slash_comments && character == '/' && next == Some('/'))
        {
            while at < chars.len() && chars[at] != '\n' {
                at += 1;
            }
        } else if syntax.slash_comments && character == '/' && next == Some('*') {
            at += 2;
            while at < chars.len() && !(chars[at] == '*' && chars.get(at + 1) == Some(&'/')) {
                at += 1;
            }
            at += 2;
        } else if let Some((token, end)) = quote_like(language, &chars, at) {
            tokens.push(token);
            at = end;
        } else if is_name_start(character) || (character == '.' && next.is_some_and(is_name_start)) {
            let (name, end) = name(&chars, at);
            // A prefixed Python string (`f'…'`, `rb"…"`) starts with what looks like a name.
            if language == Language::Python && name.len() <= 2 && name.chars().all(|c| "rRbBuUfF".contains(c)) {
                if let Some(quote) = chars.get(end).copied().filter(|c| *c == '\'' || *c == '"') {
                    let raw = name.contains(['r', 'R']);
                    let formatted = name.contains(['f', 'F']);
                    let (literal, after) = python_string(&chars, end, quote, raw, formatted);
                    tokens.push(Token::Str(literal));
                    at = after;
                    continue;
                }
            }
            tokens.push(Token::Name(name));
            at = end;
        } else if character == '\'' || character == '"' || character == '`' {
            let (token, end) = string(language, &syntax, &chars, at);
            tokens.push(token);
            at = end;
        } else {
            tokens.push(Token::Punct(character));
            at += 1;
        }
    }
    tokens
}

fn is_name_start(character: char) -> bool {
    character.is_alphabetic() || character == '_' || character == '$' || character == '@'
}

fn is_name_char(character: char) -> bool {
    character.is_alphanumeric() || character == '_' || character == '$'
}

/// A name and the members it reaches: `a.b`, `A::B`, `$a->b`, and `.b` after a call.
fn name(chars: &[char], start: usize) -> (String, usize) {
    let mut out = String::new();
    let mut at = start;
    if chars[at] == '.' {
        out.push('.');
        at += 1;
    }
    loop {
        if at < chars.len() && is_name_start(chars[at]) {
            out.push(chars[at]);
            at += 1;
        }
        while at < chars.len() && is_name_char(chars[at]) {
            out.push(chars[at]);
            at += 1;
        }
        let joiner = match (chars.get(at), chars.get(at + 1)) {
            (Some('.'), _) => 1,
            (Some(':'), Some(':')) | (Some('-'), Some('>')) => 2,
            _ => 0,
        };
        if joiner == 0 || !chars.get(at + joiner).copied().is_some_and(is_name_start) {
            return (out, at);
        }
        out.push('.');
        at += joiner;
    }
}

/// A string token starting with `'`, `"` or a backtick.
fn string(language: Language, syntax: &Syntax, chars: &[char], start: usize) -> (Token, usize) {
    let quote = chars[start];
    if language == Language::Python {
        let (literal, end) = python_string(chars, start, quote, false, false);
        return (Token::Str(literal), end);
    }
    let interpolates = quote != '\'';
    let (literal, end) = delimited(chars, start + 1, quote, quote, interpolates, syntax, language);
    let token = match quote {
        '`' if syntax.backtick_command => Token::Command(literal),
        _ => Token::Str(literal),
    };
    (token, end)
}

/// A Python string literal (with `'''`/`"""`), `raw` without escapes, `formatted` with `{…}` interpolations.
fn python_string(chars: &[char], start: usize, quote: char, raw: bool, formatted: bool) -> (Literal, usize) {
    let triple = chars.get(start + 1) == Some(&quote) && chars.get(start + 2) == Some(&quote);
    let mut at = start + if triple { 3 } else { 1 };
    let mut literal = Literal::default();
    while at < chars.len() {
        let character = chars[at];
        if character == quote && (!triple || (chars.get(at + 1) == Some(&quote) && chars.get(at + 2) == Some(&quote))) {
            return (literal, at + if triple { 3 } else { 1 });
        }
        if character == '\n' && !triple {
            return (literal, at);
        }
        if character == '\\' && !raw && at + 1 < chars.len() {
            let (decoded, used) = escape(chars, at + 1);
            literal.push_text(decoded);
            at += 1 + used;
            continue;
        }
        if formatted && character == '{' {
            if chars.get(at + 1) == Some(&'{') {
                literal.push_text('{');
                at += 2;
                continue;
            }
            at = skip_balanced(chars, at, '{', '}');
            literal.pieces.push(Piece::Unknown);
            continue;
        }
        if formatted && character == '}' && chars.get(at + 1) == Some(&'}') {
            literal.push_text('}');
            at += 2;
            continue;
        }
        literal.push_text(character);
        at += 1;
    }
    (literal, at)
}

/// The character the escape sequence after a backslash at `start` stands for, and how many characters it takes:
/// `\n`, `\t`, `\r`, `\xHH`, `\x{H…}`, `\uHHHH`, `\u{H…}`, `\UHHHHHHHH`, octal `\ooo`; any other character stands for
/// itself (`\'`, `\\`).
fn escape(chars: &[char], start: usize) -> (char, usize) {
    let hex = |from: usize, most: usize| -> Option<(char, usize)> {
        if chars.get(from) == Some(&'{') {
            let digits: String = chars[from + 1..].iter().take_while(|c| c.is_ascii_hexdigit()).take(8).collect();
            let close = from + 1 + digits.len();
            (chars.get(close) == Some(&'}')).then_some(())?;
            return char::from_u32(u32::from_str_radix(&digits, 16).ok()?).map(|c| (c, digits.len() + 3));
        }
        let digits: String = chars[from..].iter().take(most).take_while(|c| c.is_ascii_hexdigit()).collect();
        if digits.is_empty() {
            return None;
        }
        char::from_u32(u32::from_str_radix(&digits, 16).ok()?).map(|c| (c, digits.len() + 1))
    };
    let Some(&character) = chars.get(start) else { return ('\\', 0) };
    let decoded = match character {
        'n' => Some(('\n', 1)),
        't' => Some(('\t', 1)),
        'r' => Some(('\r', 1)),
        'x' => hex(start + 1, 2),
        'u' => hex(start + 1, 4),
        'U' => hex(start + 1, 8),
        '0'..='7' => {
            let digits: String = chars[start..].iter().take(3).take_while(|c| ('0'..='7').contains(c)).collect();
            u32::from_str_radix(&digits, 8).ok().and_then(char::from_u32).map(|c| (c, digits.len()))
        }
        _ => None,
    };
    decoded.unwrap_or((character, 1))
}

/// After an opening delimiter at `start`: the literal up to the closing one (nested pairs counted when `open` and
/// `close` differ), with escapes and, if `interpolates`, the language's interpolations as unknown pieces.
fn delimited(
    chars: &[char],
    start: usize,
    open: char,
    close: char,
    interpolates: bool,
    syntax: &Syntax,
    language: Language,
) -> (Literal, usize) {
    let mut literal = Literal::default();
    let mut depth = 0usize;
    let mut at = start;
    while at < chars.len() {
        let character = chars[at];
        if character == close && depth == 0 {
            return (literal, at + 1);
        }
        if open != close && character == open {
            depth += 1;
        } else if open != close && character == close {
            depth -= 1;
        }
        if character == '\\' {
            if let Some(&escaped) = chars.get(at + 1) {
                // JavaScript decodes escapes in single quotes too; Perl, Ruby and PHP do not.
                if interpolates || language == Language::JavaScript {
                    let (decoded, used) = escape(chars, at + 1);
                    literal.push_text(decoded);
                    at += 1 + used;
                    continue;
                } else if escaped == close || escaped == '\\' {
                    literal.push_text(escaped);
                } else {
                    // In single quotes only `\'` and `\\` are escapes.
                    literal.push_text('\\');
                    literal.push_text(escaped);
                }
                at += 2;
                continue;
            }
        }
        if interpolates {
            let template = language == Language::JavaScript && open == '`';
            let dollar = (template || syntax.dollar_interpolation) && character == '$';
            if dollar && chars.get(at + 1) == Some(&'{') {
                let end = skip_balanced(chars, at + 1, '{', '}');
                push_interpolated(&mut literal, &chars[at + 2..end.saturating_sub(1).max(at + 2)]);
                at = end;
                continue;
            }
            if dollar && syntax.dollar_interpolation && chars.get(at + 1).copied().is_some_and(is_name_start) {
                at += 1;
                while at < chars.len()
                    && (is_name_char(chars[at]) || chars[at] == '-' && chars.get(at + 1) == Some(&'>'))
                {
                    at += if chars[at] == '-' { 2 } else { 1 };
                }
                literal.pieces.push(Piece::Unknown);
                continue;
            }
            if language == Language::Perl && character == '@' && chars.get(at + 1).copied().is_some_and(is_name_start) {
                at += 1;
                while at < chars.len() && is_name_char(chars[at]) {
                    at += 1;
                }
                literal.pieces.push(Piece::Unknown);
                continue;
            }
            if syntax.hash_interpolation && character == '#' && chars.get(at + 1) == Some(&'{') {
                let end = skip_balanced(chars, at + 1, '{', '}');
                push_interpolated(&mut literal, &chars[at + 2..end.saturating_sub(1).max(at + 2)]);
                at = end;
                continue;
            }
            if language == Language::Php && character == '{' && chars.get(at + 1) == Some(&'$') {
                at = skip_balanced(chars, at, '{', '}');
                literal.pieces.push(Piece::Unknown);
                continue;
            }
        }
        literal.push_text(character);
        at += 1;
    }
    (literal, at)
}

/// The index after the `close` that balances the `open` at `start`.
/// What an interpolation (`${…}`, `#{…}`) puts into a string: the text of a plain string literal inside it
/// (`#{"rd"}`, `${'rd'}`), anything else unknown.
fn push_interpolated(literal: &mut Literal, inside: &[char]) {
    let inside: String = inside.iter().collect();
    let inside = inside.trim();
    let plain = ['"', '\''].into_iter().find_map(|quote| {
        let text = inside.strip_prefix(quote)?.strip_suffix(quote)?;
        (!text.contains(['"', '\'', '\\', '$', '#', '{', '}'])).then_some(text)
    });
    match plain {
        Some(text) => text.chars().for_each(|character| literal.push_text(character)),
        None => literal.pieces.push(Piece::Unknown),
    }
}

fn skip_balanced(chars: &[char], start: usize, open: char, close: char) -> usize {
    let mut depth = 0usize;
    for (at, &character) in chars.iter().enumerate().skip(start) {
        if character == open {
            depth += 1;
        } else if character == close {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return at + 1;
            }
        }
    }
    chars.len()
}

/// Perl's `q`/`qq`/`qx`/`qw` and Ruby's `%q`/`%Q`/`%`/`%x`/`%w` literals with any delimiter.
fn quote_like(language: Language, chars: &[char], start: usize) -> Option<(Token, usize)> {
    let (kind, delimiter_at) = match language {
        Language::Perl => {
            if start > 0 && chars.get(start - 1).copied().is_some_and(|c| is_name_char(c) || c == '$' || c == '>') {
                return None;
            }
            let word: String = chars[start..].iter().take(2).collect();
            let kind = match word.as_str() {
                "qq" | "qx" | "qw" => word,
                _ if chars[start] == 'q' => "q".to_owned(),
                _ => return None,
            };
            let after = start + kind.len();
            (kind, after)
        }
        Language::Ruby if chars[start] == '%' => {
            // After a value, `%` is the remainder operator (`10 % (3)`).
            let before = chars[..start].iter().rev().find(|c| !c.is_whitespace());
            if before.is_some_and(|c| c.is_alphanumeric() || *c == ')' || *c == ']' || *c == '_') {
                return None;
            }
            let letter = chars.get(start + 1).copied()?;
            match letter {
                'q' | 'Q' | 'x' | 'w' | 'W' | 'i' => (format!("%{letter}"), start + 2),
                '(' | '[' | '{' | '<' | '|' | '!' => ("%Q".to_owned(), start + 1),
                _ => return None,
            }
        }
        _ => return None,
    };
    let open = *chars.get(delimiter_at)?;
    if open.is_alphanumeric() || open.is_whitespace() || open == '_' || open == ',' || open == ';' || open == '=' {
        return None;
    }
    let close = match open {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        other => other,
    };
    let syntax = syntax(language);
    let interpolates = matches!(kind.as_str(), "qq" | "qx" | "%Q" | "%x" | "%W");
    let (literal, end) = delimited(chars, delimiter_at + 1, open, close, interpolates, &syntax, language);
    let token = match kind.as_str() {
        "qx" | "%x" => Token::Command(literal),
        "qw" | "%w" | "%W" | "%i" => {
            let text: String = literal
                .pieces
                .iter()
                .map(|piece| match piece {
                    Piece::Text(text) => text.as_str(),
                    Piece::Unknown => " ",
                })
                .collect();
            Token::Words(text.split_whitespace().map(str::to_owned).collect())
        }
        _ => Token::Str(literal),
    };
    Some((token, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(language: Language, code: &str) -> Vec<String> {
        tokenize(language, code)
            .into_iter()
            .filter_map(|token| match token {
                Token::Str(literal) | Token::Command(literal) => Some(
                    literal
                        .pieces
                        .iter()
                        .map(|piece| match piece {
                            Piece::Text(text) => text.clone(),
                            Piece::Unknown => "?".to_owned(),
                        })
                        .collect(),
                ),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn literals_are_read_with_their_escapes_and_interpolations() {
        assert_eq!(strings(Language::Python, r#"f"a{b}c" 'it\'s' r'\n' """x"y""""#), ["a?c", "it's", "\\n", "x\"y"]);
        assert_eq!(strings(Language::Python, r"'\x67it' '\u0067\U00000069\164'"), ["git", "git"]);
        assert_eq!(strings(Language::JavaScript, r"'\u{67}it' `\x67`"), ["git", "g"]);
        assert_eq!(strings(Language::JavaScript, "`git ${x} push` // 'no'\n/* 'no' */ 'yes'"), ["git ? push", "yes"]);
        assert_eq!(strings(Language::Perl, r#"qx{ls $dir} q(a(b)c) "x@y" 'a\nb'"#), ["ls ?", "a(b)c", "x?", "a\\nb"]);
        assert_eq!(strings(Language::Ruby, r#"%x(git #{a}) "b#{c}" # "comment""#), ["git ?", "b?"]);
        assert_eq!(strings(Language::Php, r#""run {$x} $y" 'z' # no"#), ["run ? ?", "z"]);
    }

    #[test]
    fn names_keep_the_members_they_reach() {
        let names: Vec<Token> = tokenize(Language::Python, "__import__('os').system(x)")
            .into_iter()
            .filter(|token| matches!(token, Token::Name(_)))
            .collect();
        assert_eq!(names, [Token::Name("__import__".into()), Token::Name(".system".into()), Token::Name("x".into())]);
        assert!(tokenize(Language::Ruby, "Open3::capture2").contains(&Token::Name("Open3.capture2".into())));
        assert!(tokenize(Language::JavaScript, "Bun.$`ls`").contains(&Token::Name("Bun.$".into())));
        assert!(tokenize(Language::Perl, "qw(git push -f)").contains(&Token::Words(vec![
            "git".into(),
            "push".into(),
            "-f".into()
        ])));
    }
}
