//! The command a container runs (`docker run [OPTIONS] IMAGE [CMD…]`, `docker exec CONTAINER CMD…`): its words,
//! with the paths under a folder mounted from here (`-v SRC:DST`, `--mount type=bind,source=SRC,target=DST`) written
//! as the paths they are here, and, for an image named like a program the table knows (`alpine/git`), that program
//! with the command's words as its arguments — the image's entrypoint runs them.

use crate::argv::{Order, Parsed};
use crate::lexer::Word;
use crate::programs::{self, Program};

/// The commands a container command runs (`argv` starts with the subcommand, `run` or `exec`), read with `entry`'s
/// options; `image` when its operand is an image (whose name may be its program), not a running container.
pub(crate) fn commands(argv: &[Word], entry: &Program, image: bool) -> Vec<Vec<Word>> {
    let parsed = Parsed::of(argv, &entry.options, Order::UntilOperand(|_| false));
    let Some(operand) = argv.get(parsed.rest) else { return Vec::new() };
    let mounts = mounts(&parsed);
    let map = |word: &Word| mapped(word, &mounts);
    let mut command: Vec<Word> = argv[parsed.rest + 1..].iter().map(map).collect();
    let entrypoint = parsed.values(&[], &["entrypoint"]).last().map(|value| value.word());
    if let Some(entrypoint) = entrypoint {
        command.insert(0, map(&entrypoint));
        return vec![command];
    }
    let mut found = Vec::new();
    if image {
        let name = image_program(&operand.text);
        if programs::lookup(name).is_some() {
            let mut words = vec![Word { text: name.to_owned(), ..Word::default() }];
            words.extend(command.iter().cloned());
            found.push(words);
        }
    }
    if !command.is_empty() {
        found.push(command);
    }
    found
}

/// The program an image is named after: its last path part without tag or digest (`alpine/git:2.45` → `git`).
fn image_program(image: &str) -> &str {
    let name = image.rsplit('/').next().unwrap_or(image);
    let name = name.split('@').next().unwrap_or(name);
    name.split(':').next().unwrap_or(name)
}

/// The folders mounted from here, as `(container path, path here)`.
fn mounts(parsed: &Parsed<'_>) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for value in parsed.values(&['v'], &["volume"]) {
        let mut parts = value.text().splitn(3, ':');
        if let (Some(source), Some(target)) = (parts.next(), parts.next()) {
            found.push((target.to_owned(), here(source)));
        }
    }
    for value in parsed.values(&[], &["mount"]) {
        let field = |names: &[&str]| {
            value.text().split(',').find_map(|part| {
                let (key, found) = part.split_once('=')?;
                names.contains(&key).then(|| found.to_owned())
            })
        };
        if let (Some(source), Some(target)) = (field(&["source", "src"]), field(&["target", "destination", "dst"])) {
            found.push((target, here(&source)));
        }
    }
    found
}

/// A mount's source as a path here: the working folder's spellings (`$PWD`, `$(pwd)`, `.`) are `.`.
fn here(source: &str) -> String {
    for spelling in ["${PWD}", "$PWD", "$(pwd)", "`pwd`"] {
        if let Some(rest) = source.strip_prefix(spelling) {
            return format!(".{rest}");
        }
    }
    source.to_owned()
}

/// `word` with each mounted folder's container path replaced by its path here, wherever it starts a path in the
/// word (a script given to a shell there holds paths too: `sh -c 'rm -rf /w/.forge'`).
fn mapped(word: &Word, mounts: &[(String, String)]) -> Word {
    let mut text = word.text.clone();
    let mut changed = false;
    for (target, source) in mounts {
        let target = target.trim_end_matches('/');
        if target.is_empty() {
            continue;
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text.as_str();
        while let Some(at) = rest.find(target) {
            let starts_path = at == 0 || rest[..at].ends_with([' ', '\'', '"', '=', ':', '(']);
            let after = &rest[at + target.len()..];
            let ends_component = after.is_empty() || after.starts_with(['/', ' ', '\'', '"', ';', ')']);
            out.push_str(&rest[..at]);
            if starts_path && ends_component {
                out.push_str(source);
                changed = true;
            } else {
                out.push_str(target);
            }
            rest = after;
        }
        out.push_str(rest);
        text = out;
    }
    if !changed {
        return word.clone();
    }
    Word { dynamic: text.contains('$'), text, ..word.clone() }
}
