//! What a command prints, when it can be known without running it — `echo`, `printf`, `cat` of known files or
//! input, a decoder fed known text, and pipelines of them: for a process substitution whose output is run or read
//! (`source <(echo …)`, `make -f <(printf …)`) and for text written into files that run later.

use crate::command::{program_name, Cwd};
use crate::decoders;
use crate::lexer::{lex, Op, RedirectKind, Token, Word};
use crate::limits::MAX_SCRIPT_BYTES;
use crate::programs::{self, Output};
use crate::sources::{locate, LineFiles};

/// The text a command writes to its output, when it can be known without running it: `echo`, `printf`, and `cat`
/// of its input or of files.
pub(crate) fn output_of(words: &[Word], stdin: Option<&str>, cwd: &Cwd, files: &mut LineFiles<'_>) -> Option<String> {
    let output = programs::of(&words.first()?.text).output;
    let arguments = &words[1..];
    match output {
        Output::Arguments => {
            let start = arguments
                .iter()
                .position(|word| {
                    !(word.text.len() > 1
                        && word.text.starts_with('-')
                        && word.text[1..].chars().all(|c| "neE".contains(c)))
                })
                .unwrap_or(arguments.len());
            let text: Vec<&str> = arguments[start..].iter().map(|word| word.text.as_str()).collect();
            Some(decode_escapes(&text.join(" ")) + "\n")
        }
        Output::Format => {
            let mut rest = arguments.iter().skip_while(|word| word.text == "--");
            let format = rest.next()?;
            if format.text == "-v" {
                return None; // prints into a variable
            }
            Some(formatted(&format.text, rest.map(|word| word.text.as_str())))
        }
        Output::Files => {
            let named: Vec<&Word> =
                arguments.iter().filter(|word| !word.text.starts_with('-') || word.text == "-").collect();
            if named.is_empty() {
                return stdin.map(str::to_owned);
            }
            let mut out = String::new();
            for word in named {
                if word.text == "-" {
                    out.push_str(stdin.unwrap_or(""));
                    continue;
                }
                let path = locate(word, cwd, files.sources())?;
                out.push_str(&files.read(&path)?);
            }
            Some(out)
        }
        Output::Transformed => {
            let program = program_name(&words[0].text);
            let arguments: Vec<&str> = arguments.iter().map(|word| word.text.as_str()).collect();
            decoders::transformed(program, &arguments, stdin?)
        }
        Output::ShellSetup(markers) => {
            let setup = markers.is_empty() || arguments.iter().any(|word| markers.contains(&word.text.as_str()));
            setup.then(String::new)
        }
        Output::Unknown => None,
    }
}

/// What printf prints for `format` and `values`: the format filled, used again while values remain (`printf '%s '
/// git push -f`), `%b` decoding its value's escapes.
pub(crate) fn formatted<'v>(format: &str, values: impl Iterator<Item = &'v str>) -> String {
    let mut values = values.peekable();
    let decoded = decode_escapes(format);
    let mut out = String::new();
    loop {
        let mut used = false;
        let mut chars = decoded.chars().peekable();
        while let Some(character) = chars.next() {
            if character == '%' {
                match chars.next() {
                    Some('%') => out.push('%'),
                    // `%b`: the value's backslash escapes decoded (`printf %b '\x72\x6d'` prints `rm`).
                    Some('b') => {
                        used = true;
                        out.push_str(&decode_escapes(values.next().unwrap_or("")));
                    }
                    Some(_) => {
                        used = true;
                        out.push_str(values.next().unwrap_or(""));
                    }
                    None => out.push('%'),
                }
            } else {
                out.push(character);
            }
        }
        if !used || values.peek().is_none() || out.len() > MAX_SCRIPT_BYTES {
            break;
        }
    }
    out
}

/// What a short script prints, when it is a pipeline of commands whose output is known (`echo X`, `printf …`,
/// `cat FILE`, a decoder fed known text): for a process substitution whose output is run (`source <(echo …)`).
pub(crate) fn pipeline_output(text: &str, cwd: &Cwd, files: &mut LineFiles<'_>) -> Option<String> {
    let lexed = lex(text);
    if lexed.unterminated || !lexed.nested.is_empty() {
        return None;
    }
    let mut output: Option<String> = None;
    let mut words: Vec<Word> = Vec::new();
    let mut tokens = lexed.tokens.iter().peekable();
    loop {
        match tokens.next() {
            Some(Token::Word(word)) => words.push(word.clone()),
            // A here-string is the command's input (`rev <<< 'f- hsup'`), as a pipe's output is.
            Some(Token::Redirect { kind: RedirectKind::HereString, .. }) => {
                let Some(Token::Word(text)) = tokens.next() else { return None };
                if text.dynamic {
                    return None;
                }
                output = Some(format!("{}\n", text.text));
            }
            Some(Token::Op(Op::Pipe)) | None => {
                output = Some(output_of(&words, output.as_deref(), cwd, files)?);
                words.clear();
                if tokens.peek().is_none() {
                    return output;
                }
            }
            Some(_) => return None,
        }
    }
}

/// The backslash escapes of `echo -e` and `printf` text: `\n`, `\t`, `\\`, `\xHH` and octal `\NNN` (`\0NNN`).
fn decode_escapes(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut characters = text.chars().peekable();
    while let Some(character) = characters.next() {
        if character != '\\' {
            out.push(character);
            continue;
        }
        let hex = |characters: &mut std::iter::Peekable<std::str::Chars<'_>>| {
            let mut value = None;
            for _ in 0..2 {
                let Some(digit) = characters.peek().and_then(|next| next.to_digit(16)) else { break };
                value = Some(value.unwrap_or(0) * 16 + digit);
                characters.next();
            }
            value.and_then(char::from_u32)
        };
        match characters.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('\\') => out.push('\\'),
            Some('x') => match hex(&mut characters) {
                Some(decoded) => out.push(decoded),
                None => out.push_str("\\x"),
            },
            Some(first @ '0'..='7') => {
                // `\NNN` (printf) and `\0NNN` (echo -e): up to three octal digits after the leading zero of the
                // second form.
                let most = if first == '0' { 3 } else { 2 };
                let mut value = first.to_digit(8).unwrap_or(0);
                for _ in 0..most {
                    match characters.peek().and_then(|next| next.to_digit(8)) {
                        Some(digit) => {
                            value = value * 8 + digit;
                            characters.next();
                        }
                        None => break,
                    }
                }
                out.extend(char::from_u32(value));
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}
