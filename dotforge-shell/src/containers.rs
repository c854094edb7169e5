//! The command a container runs (`docker run [OPTIONS] IMAGE [CMD…]`, `docker exec CONTAINER CMD…`): its words,
//! with the paths under a folder mounted from here (`-v SRC:DST`, `--mount type=bind,source=SRC,target=DST`) written
//! as the paths they are here, and, for an image named like a program the table knows (`alpine/git`), that program
//! with the command's words as its arguments — the image's entrypoint runs them. An image the same line builds
//! (`docker build -t NAME -f FILE .`) runs, given no command, what its Dockerfile's `ENTRYPOINT` and `CMD` say.

use crate::argv::{Order, Parsed, Value};
use crate::command::program_name;
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

/// The entry of a container engine (`docker`, `podman`…: [`Program::runs_containers`]) that `words` starts.
fn engine(words: &[Word]) -> Option<&'static Program> {
    programs::lookup(program_name(&words.first()?.text)).filter(|program| program.runs_containers())
}

/// An image a command builds (`docker build`, `docker buildx build`, `docker image build`): the names it is tagged
/// with and its Dockerfile (`-f FILE`, else `Dockerfile` in the build's context); `None` for any other command, or a
/// Dockerfile read from the input.
pub(crate) fn built_image(words: &[Word]) -> Option<(Vec<String>, Word)> {
    let program = engine(words)?;
    let mut at = program.subcommand_at(words)?;
    if matches!(words[at].text.as_str(), "buildx" | "image") {
        at += 1;
    }
    if words.get(at).is_none_or(|word| word.text != "build") {
        return None;
    }
    let options = program.subcommand_options("build").copied().unwrap_or_default();
    let parsed = Parsed::of(&words[at..], &options, Order::Permute);
    let tags: Vec<String> = parsed.values(&['t'], &["tag"]).iter().map(|value| value.text().to_owned()).collect();
    let context = parsed.operands().next()?;
    let dockerfile = match parsed.values(&['f'], &["file"]).last().map(Value::word) {
        Some(file) if file.text == "-" => return None,
        Some(file) => file,
        None => Word { text: format!("{}/Dockerfile", context.text.trim_end_matches('/')), ..context.clone() },
    };
    (!tags.is_empty()).then_some((tags, dockerfile))
}

/// The command a Dockerfile gives its containers: `ENTRYPOINT`'s words, then `CMD`'s (the last of each), each in its
/// exec form (`["rm", "-rf", "/app/src"]`) or its shell form (`CMD rm -rf /app/src`, run by `/bin/sh -c`); `None`
/// when it gives none.
pub(crate) fn image_command(dockerfile: &str) -> Option<Vec<Word>> {
    let (mut entrypoint, mut command) = (None, None);
    for line in dockerfile.lines() {
        let line = line.trim_start();
        let (instruction, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let found = match instruction.to_ascii_uppercase().as_str() {
            "ENTRYPOINT" => &mut entrypoint,
            "CMD" => &mut command,
            _ => continue,
        };
        let rest = rest.trim();
        *found = Some(match serde_json::from_str::<Vec<String>>(rest) {
            Ok(words) => words,
            Err(_) => vec!["/bin/sh".to_owned(), "-c".to_owned(), rest.to_owned()],
        });
    }
    let words: Vec<Word> = entrypoint
        .into_iter()
        .chain(command)
        .flatten()
        .map(|text| Word { text, quoted: true, ..Word::default() })
        .collect();
    (!words.is_empty()).then_some(words)
}

/// `words` with the command of an image the line built added when `docker run IMAGE` gives none (nor an
/// entrypoint): the container runs what the image's Dockerfile says. Other commands come back as they are.
pub(crate) fn with_image_command(mut words: Vec<Word>, images: &[(String, Vec<Word>)]) -> Vec<Word> {
    let Some(program) = engine(&words).filter(|_| !images.is_empty()) else { return words };
    let Some(mut at) = program.subcommand_at(&words) else { return words };
    if words[at].text == "container" {
        at += 1;
    }
    let Some(run) = words.get(at).and_then(|word| program.subcommand_entry(&word.text)) else { return words };
    if !matches!(words[at].text.as_str(), "run" | "create") {
        return words;
    }
    let parsed = Parsed::of(&words[at..], &run.options, Order::UntilOperand(|_| false));
    let image_at = at + parsed.rest;
    let given_entrypoint = !parsed.values(&[], &["entrypoint"]).is_empty();
    if image_at + 1 != words.len() || given_entrypoint {
        return words;
    }
    let image = words[image_at].text.trim_end_matches(":latest");
    if let Some((_, command)) = images.iter().rev().find(|(tag, _)| tag.trim_end_matches(":latest") == image) {
        words.extend(command.iter().cloned());
    }
    words
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
