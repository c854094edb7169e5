//! Programs that write files other than through redirections and the usual file commands: archivers that extract
//! into a folder or create an archive, compressors that replace their input, filters that write in place or to an
//! output option, and splitters that write files named from a prefix.
//!
//! Extracting names the members it writes when the command lists them; otherwise it writes into its folder (`tar -C
//! DIR`, `unzip -d DIR`, `7z x -oDIR`, the working directory without one) what the archive holds, which the hook reads
//! from the archive when it runs ([`Landing::Members`]). An archiver told to delete what it archived (`tar
//! --remove-files`, `zip -m`, `7z a -sdel`) writes every tree it is given.

use crate::argv::{Options, Order, Parsed, Value};
use crate::lexer::Word;
use crate::programs::Logic;
use crate::target::{as_written, inside, Landing, Target, Writes};

/// tar's old-style option letters: the first word without a dash (`tar xf a.tar`), else none.
fn tar_old_style_letters(words: &[Word]) -> &str {
    let first = words.get(1).map_or("", |word| word.text.as_str());
    if first.starts_with('-') {
        ""
    } else {
        first
    }
}

/// Whether a tar command extracts (`-x`, `--extract`, `--get`, or `x` among its old-style letters).
pub(crate) fn tar_extracts(words: &[Word], parsed: &Parsed<'_>) -> bool {
    tar_old_style_letters(words).contains('x') || parsed.has('x', "extract") || parsed.has_long("get")
}

/// The mount points of a sandbox's options that hide what is there (bubblewrap's, before the command): a `tmpfs`,
/// and a bind, file or link whose source is another path. (`--bind / /` and `--ro-bind /usr /usr` show the same.) The
/// system's own folders (`--tmpfs /tmp`, `--dev /dev`, `--symlink usr/lib64 /lib64`) are the sandbox's business: the
/// host keeps them, and no governance lives there. Inside the pseudo and read-only trees nothing is a project's; inside
/// `/tmp`, `/var`, `/srv`, `/opt`, `/mnt`, `/media` or `/home` a project may live (`/srv/app/.claude`), so only the folder
/// itself is skipped there.
fn sandbox_mount_points(words: &[Word], options: &Options) -> Vec<Word> {
    const SYSTEM_TREES: &[&str] = &[
        "/dev", "/proc", "/sys", "/run", "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin", "/etc",
        "/nix", "/boot",
    ];
    const SYSTEM_FOLDERS: &[&str] = &["/tmp", "/var", "/var/tmp", "/opt", "/srv", "/mnt", "/media", "/home"];
    let hides = |point: &Word| {
        let text = point.text.trim_end_matches('/');
        let in_tree =
            |tree: &&str| text.strip_prefix(tree).is_some_and(|rest| rest.is_empty() || rest.starts_with('/'));
        !text.is_empty() && !SYSTEM_TREES.iter().any(in_tree) && !SYSTEM_FOLDERS.contains(&text)
    };
    let mut points = Vec::new();
    let mut at = 1;
    while let Some(name) = words.get(at).and_then(|word| word.text.strip_prefix("--")).filter(|name| !name.is_empty()) {
        let name = name.split_once('=').map_or(name, |(name, _)| name);
        if options.long_pairs.contains(&name) {
            if let (Some(source), Some(point)) = (words.get(at + 1), words.get(at + 2)) {
                if name != "setenv" && name != "chmod" && source.text != point.text && hides(point) {
                    points.push(point.clone());
                }
            }
            at += 3;
        } else if options.long_takes_value(name) {
            if name == "tmpfs" {
                points.extend(words.get(at + 1).filter(|point| hides(point)).cloned());
            }
            at += 2;
        } else {
            at += 1;
        }
    }
    points
}

/// The file a socat address names (`FILE:.env`, `open:/tmp/x,creat`), without its options.
fn socat_file(address: &Word) -> Option<Word> {
    let (kind, rest) = address.text.split_once(':')?;
    let is_file = ["file", "open", "gopen", "create", "creat"].iter().any(|known| kind.eq_ignore_ascii_case(known));
    let path = rest.split(',').next().filter(|path| is_file && !path.is_empty())?;
    Some(Word { text: path.to_owned(), ..address.clone() })
}

/// The writes and reads of a rewriter's command (`logic` from its entry, `parsed` its words read with its options),
/// `None` for other logic or when the command writes nothing this module can name (then the caller's usual reading
/// applies).
pub(super) fn accesses(
    logic: Logic,
    words: &[Word],
    options: &Options,
    parsed: &Parsed<'_>,
) -> Option<(Writes, Vec<Word>)> {
    let tree = |words: Vec<Word>| as_written(words, true);
    let file = |words: Vec<Word>| as_written(words, false);
    let operands = || parsed.operands().cloned().collect::<Vec<Word>>();
    let values = |short: &[char], long: &[&str]| parsed.values(short, long).iter().map(Value::word).collect::<Vec<_>>();
    match logic {
        Logic::Tar => {
            let mode =
                |short: char, long: &str| tar_old_style_letters(words).contains(short) || parsed.has(short, long);
            let archive = tar_values(words, options, 'f', "file");
            if tar_extracts(words, parsed) {
                // The members named are written (under `-C DIR`): `tar -xf b.tar .forge/audit/overrides.log`; else
                // what the archive holds (standard input without `-f`).
                let named: Vec<Word> =
                    tar_members(words, options, parsed).into_iter().filter(|word| word.text != "-").collect();
                let writes = if named.is_empty() {
                    let folder = tar_values(words, options, 'C', "directory").pop();
                    let from = archive.last().cloned().unwrap_or_else(|| literal("-"));
                    extracted(folder, from)
                } else {
                    tree(named)
                };
                Some((writes, archive))
            } else if mode('c', "create") || mode('r', "append") || mode('u', "update") || mode('A', "concatenate") {
                // What it packs is read, inside the folder `-C` names (`tar czf x.tgz -C "$HOME" .ssh`).
                let members = tar_members(words, options, parsed);
                let mut writes = file(archive);
                if parsed.has_long("remove-files") {
                    writes.extend(tree(members.clone()));
                }
                Some((writes, members))
            } else {
                None
            }
        }
        // `unzip [-d DIR] ARCHIVE [MEMBER…]`: the members named, in the folder; else what the archive holds.
        Logic::Unzip => {
            let folder = values(&['d'], &[]).pop();
            let mut operands = operands().into_iter();
            let archive = operands.next();
            let members: Vec<Word> = operands.filter(|word| !word.text.starts_with('-')).collect();
            let writes = match (archive, members.is_empty()) {
                // Listing or testing (`-l`, `-t`, `-v`, `-z`) writes nothing; `-p`/`-c` write to the output.
                _ if ['l', 't', 'v', 'z', 'p', 'c'].iter().any(|&letter| parsed.has_short(letter)) => Vec::new(),
                (Some(archive), true) => extracted(folder, archive.clone()),
                _ => match &folder {
                    Some(folder) => tree(members.iter().map(|member| inside(folder, &member.text)).collect()),
                    None => tree(members),
                },
            };
            Some((writes, Vec::new()))
        }
        // `zip [-m] ARCHIVE FILE…`: `-m`/`--move` deletes the files once archived.
        Logic::Zip => {
            let mut named = operands().into_iter();
            let mut writes = file(named.next().into_iter().collect());
            if parsed.has('m', "move") {
                writes.extend(tree(named.collect()));
            }
            Some((writes, Vec::new()))
        }
        Logic::SevenZip => {
            let folders = words.iter().skip(1).filter_map(|word| word.text.strip_prefix("-o"));
            let folders: Vec<Word> = folders.map(literal).collect();
            let command = words.get(1).map_or("", |word| word.text.as_str());
            let mut writes = if matches!(command, "x" | "e") {
                // `7z x ARCHIVE [-oDIR]`: what the archive holds, into the folder.
                let archive = words.iter().skip(2).find(|word| !word.text.starts_with('-')).cloned();
                archive.map_or_else(|| tree(folders.clone()), |archive| extracted(folders.last().cloned(), archive))
            } else {
                tree(folders)
            };
            // `7z a -sdel ARCHIVE FILE…` deletes the files once archived.
            if words.iter().any(|word| word.text == "-sdel") {
                let named: Vec<Word> =
                    words.iter().skip(2).filter(|word| !word.text.starts_with('-')).skip(1).cloned().collect();
                writes.extend(tree(named));
            }
            Some((writes, Vec::new()))
        }
        // `patch [FILE [PATCHFILE]]`, `-o OUTFILE`, `-i PATCHFILE`.
        Logic::Patch => {
            let mut writes = file(operands().into_iter().take(1).collect());
            writes.extend(file(values(&['o', 'r'], &["output", "reject-file"])));
            writes.extend(tree(values(&['d'], &["directory"])));
            Some((writes, values(&['i'], &["input"])))
        }
        // (A folder so named is written with all it holds: a site generator's output, cleaned first.)
        Logic::OutputOption(names) => Some((tree(parsed.named_values(names)), Vec::new())),
        Logic::Dasel => {
            let edits = operands().first().is_some_and(|word| matches!(word.text.as_str(), "put" | "delete"));
            let (read, out) = (values(&['f'], &["file"]), values(&['o'], &["out"]));
            let written = if !out.is_empty() {
                out
            } else if edits {
                read.clone()
            } else {
                Vec::new()
            };
            Some((file(written), read))
        }
        Logic::Socat => {
            let paths: Vec<Word> = operands().iter().filter_map(socat_file).collect();
            Some((file(paths.clone()), paths))
        }
        // `split [OPTION]... [FILE [PREFIX]]`: the pieces are PREFIXaa, PREFIXab, … next to the prefix.
        Logic::Split => Some((file(operands().into_iter().skip(1).take(1).collect()), Vec::new())),
        Logic::Mount => Some((tree(operands().into_iter().skip(1).take(1).collect()), Vec::new())),
        Logic::OptionWritten { after, when, options } => {
            let mut rest = words.iter().skip(1).skip_while(|word| !after.is_empty() && word.text != after);
            let sets = rest.any(|word| when.contains(&word.text.as_str()));
            Some((file(if sets { parsed.named_values(options) } else { Vec::new() }), Vec::new()))
        }
        Logic::Sandbox => Some((tree(sandbox_mount_points(words, options)), Vec::new())),
        // `csplit [-f PREFIX] FILE PATTERN...`: the pieces are PREFIX00, PREFIX01, … (`xx00` without `-f`).
        Logic::Csplit => Some((file(values(&['f'], &["prefix"])), Vec::new())),
        Logic::Compress => {
            let to_stdout = parsed.has('c', "stdout") || parsed.has_long("to-stdout");
            let kept = parsed.has('k', "keep") || parsed.has_short('l') || parsed.has_short('t');
            if to_stdout || kept {
                None
            } else {
                Some((file(operands()), Vec::new()))
            }
        }
        // `awk -i inplace` (gawk's in-place extension) rewrites the files it reads.
        Logic::Awk => {
            let in_place = values(&['i'], &["include"]).iter().any(|value| value.text.starts_with("inplace"));
            if in_place {
                // The first operand is the program text, unless it comes from `-f`.
                let program_text = usize::from(values(&['f'], &["file"]).is_empty());
                Some((file(operands().into_iter().skip(program_text).collect()), Vec::new()))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// What extracting `archive` writes: its members, inside `folder` (the working directory without one).
fn extracted(folder: Option<Word>, archive: Word) -> Writes {
    let folder = folder.unwrap_or_else(|| literal("."));
    vec![Target { lands_as: Some(Landing::Members(archive)), ..Target::new(folder, true) }]
}

/// A word as the reader would have read it from unquoted literal text.
fn literal(text: &str) -> Word {
    Word { text: text.to_owned(), ..Word::default() }
}

/// The files a tar command archives: its positional arguments that are not option values (nor the old-style option
/// letters), inside the folder `-C` names.
fn tar_members(words: &[Word], options: &Options, parsed: &Parsed<'_>) -> Vec<Word> {
    let long_of = |letter: char| match letter {
        'C' => "directory",
        'T' => "files-from",
        'X' => "exclude-from",
        'b' => "blocking-factor",
        'N' => "newer",
        'L' => "tape-length",
        'V' => "label",
        'g' => "listed-incremental",
        'K' => "starting-file",
        'I' => "use-compress-program",
        _ => "file",
    };
    let values: Vec<Word> =
        options.short.chars().flat_map(|letter| tar_values(words, options, letter, long_of(letter))).collect();
    let old_style = words.get(1).is_some_and(|word| !word.text.starts_with('-'));
    let folder = tar_values(words, options, 'C', "directory").pop();
    parsed
        .operands()
        .cloned()
        .collect::<Vec<Word>>()
        .into_iter()
        .skip(usize::from(old_style))
        .filter(|word| !values.iter().any(|value| value.text == word.text))
        .map(|word| match &folder {
            Some(folder) if !word.text.starts_with(['/', '~']) => inside(folder, &word.text),
            _ => word,
        })
        .collect()
}

/// The values of tar's option `letter` (or `--long`): in a cluster the value is the rest of the cluster or, when the
/// letter ends it, the next word (`-czf out.tgz`, `-fout.tgz`); in the old style without a dash (`tar cvf out.tgz`)
/// the values follow the letters in their order.
fn tar_values(words: &[Word], options: &Options, letter: char, long: &str) -> Vec<Word> {
    let mut values: Vec<Word> =
        Parsed::of(words, options, Order::Permute).values(&[], &[long]).iter().map(Value::word).collect();
    let mut next = 1;
    for (index, word) in words.iter().enumerate().skip(1) {
        let old_style = index == 1 && !word.text.starts_with('-');
        let dashed = word.text.strip_prefix('-').filter(|rest| !rest.starts_with('-'));
        let Some(cluster) = dashed.or(old_style.then_some(word.text.as_str())) else { continue };
        next = next.max(index + 1);
        for (at, option) in cluster.char_indices() {
            if !options.short_takes_value(option) {
                continue;
            }
            let rest = &cluster[at + option.len_utf8()..];
            let value = if !old_style && !rest.is_empty() {
                Some(Word { text: rest.to_owned(), ..word.clone() })
            } else {
                next += 1;
                words.get(next - 1).cloned()
            };
            if option == letter {
                values.extend(value);
            }
            if !old_style {
                break; // the rest of a dashed cluster is the value
            }
        }
    }
    values
}
