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

/// What a Dockerfile gives the containers of the image it builds.
#[derive(Clone, Debug)]
pub(crate) struct Image {
    /// The last stage's base image (a stage named earlier followed to its own), when the Dockerfile sets no
    /// `ENTRYPOINT`: the base's runs the command (`FROM alpine/git` with `CMD ["push", "-f"]` runs `git push -f`).
    pub inherits: Option<String>,
    /// `ENTRYPOINT`'s words, then `CMD`'s.
    pub command: Vec<Word>,
}

/// What a Dockerfile gives its containers: the last stage's `ENTRYPOINT` and `CMD` (the last of each), each in its
/// exec form (`["rm", "-rf", "/app/src"]`) or its shell form (`CMD rm -rf /app/src`, run by `/bin/sh -c`), and the
/// base it inherits an entrypoint from; `None` when it gives neither a command nor a base named like a program.
pub(crate) fn image_command(dockerfile: &str) -> Option<Image> {
    let (mut entrypoint, mut command) = (None, None);
    let mut base: Option<String> = None;
    let mut stages: Vec<(String, String)> = Vec::new();
    for line in dockerfile.lines() {
        let line = line.trim_start();
        let (instruction, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let found = match instruction.to_ascii_uppercase().as_str() {
            "ENTRYPOINT" => &mut entrypoint,
            "CMD" => &mut command,
            "FROM" => {
                // `FROM [--platform=…] IMAGE [AS NAME]`: a new stage, with nothing set yet.
                let mut words = rest.split_whitespace().filter(|word| !word.starts_with("--"));
                let image = words.next().unwrap_or_default();
                let image =
                    stages.iter().rev().find(|(name, _)| name == image).map_or(image, |(_, base)| base).to_owned();
                if let (Some(_), Some(name)) =
                    (words.next().filter(|word| word.eq_ignore_ascii_case("as")), words.next())
                {
                    stages.push((name.to_owned(), image.clone()));
                }
                base = Some(image);
                (entrypoint, command) = (None, None);
                continue;
            }
            _ => continue,
        };
        let rest = rest.trim();
        *found = Some(match serde_json::from_str::<Vec<String>>(rest) {
            Ok(words) => words,
            Err(_) => vec!["/bin/sh".to_owned(), "-c".to_owned(), rest.to_owned()],
        });
    }
    let inherits = base.filter(|base| entrypoint.is_none() && programs::lookup(image_program(base)).is_some());
    let command: Vec<Word> = entrypoint
        .into_iter()
        .chain(command)
        .flatten()
        .map(|text| Word { text, quoted: true, ..Word::default() })
        .collect();
    (inherits.is_some() || !command.is_empty()).then_some(Image { inherits, command })
}

/// `words` as run for an image the line built: its base image in its place when that gives the entrypoint, and
/// the command its Dockerfile gives added when `docker run IMAGE` gives none (nor an entrypoint). Other commands
/// come back as they are.
pub(crate) fn with_image_command(mut words: Vec<Word>, images: &[(String, Image)]) -> Vec<Word> {
    // (Most lines build no image: nothing is looked up for them.)
    if images.is_empty() {
        return words;
    }
    let Some(program) = engine(&words) else { return words };
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
    let Some(name) = words.get(image_at).map(|word| word.text.trim_end_matches(":latest").to_owned()) else {
        return words;
    };
    let Some((_, image)) = images.iter().rev().find(|(tag, _)| tag.trim_end_matches(":latest") == name) else {
        return words;
    };
    if given_entrypoint {
        return words;
    }
    let given_command = image_at + 1 != words.len();
    if let Some(base) = &image.inherits {
        words[image_at] = Word { text: base.clone(), ..Word::default() };
    }
    if !given_command {
        words.extend(image.command.iter().cloned());
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
    // (`-B`/`--bind`: Apptainer's.)
    for value in parsed.values(&['v', 'B'], &["volume", "bind"]) {
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
