//! Programs that write files other than through redirections and the usual file commands: archivers that extract
//! into a folder or create an archive, compressors that replace their input, filters that write in place or to an
//! output option, and splitters that write files named from a prefix.
//!
//! What an archive holds cannot be known before it runs, so extracting without a folder option writes nothing the
//! hook can name; with one (`tar -C DIR`, `unzip -d DIR`, `7z x -oDIR`), the whole folder counts as written. An
//! archiver told to delete what it archived (`tar --remove-files`, `zip -m`, `7z a -sdel`) writes every tree it is
//! given.

use crate::argv::{has_long, has_short, option_values, positionals};
use crate::lexer::Word;
use crate::target::{as_written, inside, Writes};

/// The programs this module reads.
pub(super) fn is_rewriter(program: &str) -> bool {
    matches!(
        program,
        "tar" | "bsdtar" | "gtar" | "unzip" | "zip" | "7z" | "7za" | "patch" | "sort" | "split" | "csplit"
    ) || COMPRESSORS.contains(&program)
        || AWKS.contains(&program)
}

/// Compressors that replace each file they are given (unless told to write to stdout or keep it).
const COMPRESSORS: &[&str] =
    &["gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd", "lz4", "compress"];

const AWKS: &[&str] = &["awk", "gawk", "mawk", "nawk"];

/// The writes and reads of a rewriter's command, `None` for other programs or when the command writes nothing this
/// module can name (then the caller's usual reading applies).
pub(super) fn accesses(program: &str, words: &[Word]) -> Option<(Writes, Vec<Word>)> {
    let tree = |words: Vec<Word>| as_written(words, true);
    let file = |words: Vec<Word>| as_written(words, false);
    match program {
        "tar" | "bsdtar" | "gtar" => {
            let first = words.get(1).map_or("", |word| word.text.as_str());
            // Old style: the first word is the option letters without a dash (`tar xf a.tar`).
            let letters = if first.starts_with('-') { "" } else { first };
            let mode =
                |short: char, long: &str| letters.contains(short) || has_short(words, short) || has_long(words, long);
            let archive = tar_values(words, 'f', "file");
            if mode('x', "extract") || has_long(words, "get") {
                Some((tree(tar_values(words, 'C', "directory")), archive))
            } else if mode('c', "create") || mode('r', "append") || mode('u', "update") || mode('A', "concatenate") {
                let mut writes = file(archive);
                if has_long(words, "remove-files") {
                    writes.extend(tree(tar_members(words)));
                }
                Some((writes, Vec::new()))
            } else {
                None
            }
        }
        "unzip" => Some((tree(option_values(words, &['d'], &[])), Vec::new())),
        // `zip [-m] ARCHIVE FILE…`: `-m`/`--move` deletes the files once archived.
        "zip" => {
            let mut named =
                positionals(words, "bntO", &["temp-path", "suffixes", "from-date", "output-file"]).into_iter();
            let mut writes = file(named.next().into_iter().collect());
            if has_short(words, 'm') || has_long(words, "move") {
                writes.extend(tree(named.collect()));
            }
            Some((writes, Vec::new()))
        }
        "7z" | "7za" => {
            let folders = words.iter().skip(1).filter_map(|word| word.text.strip_prefix("-o"));
            let folders = folders.map(|text| Word { text: text.to_owned(), ..Word::default() }).collect();
            let mut writes = tree(folders);
            // `7z a -sdel ARCHIVE FILE…` deletes the files once archived.
            if words.iter().any(|word| word.text == "-sdel") {
                let named: Vec<Word> =
                    words.iter().skip(2).filter(|word| !word.text.starts_with('-')).skip(1).cloned().collect();
                writes.extend(tree(named));
            }
            Some((writes, Vec::new()))
        }
        // `patch [FILE [PATCHFILE]]`, `-o OUTFILE`, `-i PATCHFILE`.
        "patch" => {
            let named = positionals(words, "iopdDBFrVYzg", &["input", "output", "directory", "reject-file"]);
            let mut writes = file(named.into_iter().take(1).collect());
            writes.extend(file(option_values(words, &['o', 'r'], &["output", "reject-file"])));
            writes.extend(tree(option_values(words, &['d'], &["directory"])));
            Some((writes, option_values(words, &['i'], &["input"])))
        }
        "sort" => Some((file(option_values(words, &['o'], &["output"])), Vec::new())),
        // `split [OPTION]... [FILE [PREFIX]]`: the pieces are PREFIXaa, PREFIXab, … next to the prefix.
        "split" => {
            let named = positionals(words, "abClnt", &["suffix-length", "bytes", "line-bytes", "lines", "number"]);
            Some((file(named.into_iter().skip(1).take(1).collect()), Vec::new()))
        }
        // `csplit [-f PREFIX] FILE PATTERN...`: the pieces are PREFIX00, PREFIX01, … (`xx00` without `-f`).
        "csplit" => Some((file(option_values(words, &['f'], &["prefix"])), Vec::new())),
        compressor if COMPRESSORS.contains(&compressor) => {
            let to_stdout = has_short(words, 'c') || has_long(words, "stdout") || has_long(words, "to-stdout");
            let kept =
                has_short(words, 'k') || has_long(words, "keep") || has_short(words, 'l') || has_short(words, 't');
            let files = positionals(words, "S", &["suffix"]);
            if to_stdout || kept {
                None
            } else {
                Some((file(files), Vec::new()))
            }
        }
        // `awk -i inplace` (gawk's in-place extension) rewrites the files it reads.
        awk if AWKS.contains(&awk) => {
            let in_place = words.windows(2).any(|pair| {
                (pair[0].text == "-i" || pair[0].text == "--include") && pair[1].text.starts_with("inplace")
            }) || words.iter().any(|word| word.text == "--include=inplace" || word.text == "-iinplace");
            if in_place {
                let named = positionals(words, "fvFi", &["file", "assign", "field-separator", "include"]);
                // The first positional is the program text, unless it comes from `-f`.
                let program_text = usize::from(option_values(words, &['f'], &["file"]).is_empty());
                Some((file(named.into_iter().skip(program_text).collect()), Vec::new()))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The files a tar command archives: its positional arguments that are not option values (nor the old-style option
/// letters), inside the folder `-C` names.
fn tar_members(words: &[Word]) -> Vec<Word> {
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
        TAR_VALUE_LETTERS.chars().flat_map(|letter| tar_values(words, letter, long_of(letter))).collect();
    let old_style = words.get(1).is_some_and(|word| !word.text.starts_with('-'));
    let folder = tar_values(words, 'C', "directory").pop();
    let long_values = [
        "file",
        "directory",
        "files-from",
        "exclude-from",
        "transform",
        "xform",
        "owner",
        "group",
        "mode",
        "mtime",
        "label",
        "format",
    ];
    positionals(words, "", &long_values)
        .into_iter()
        .skip(usize::from(old_style))
        .filter(|word| !values.iter().any(|value| value.text == word.text))
        .map(|word| match &folder {
            Some(folder) if !word.text.starts_with(['/', '~']) => inside(folder, &word.text),
            _ => word,
        })
        .collect()
}

/// tar's options that take a value (`-f ARCHIVE`, `-C DIR`, `-T FILE`, …).
const TAR_VALUE_LETTERS: &str = "fCbTXNLVgKI";

/// The values of tar's option `letter` (or `--long`): in a cluster the value is the rest of the cluster or, when the
/// letter ends it, the next word (`-czf out.tgz`, `-fout.tgz`); in the old style without a dash (`tar cvf out.tgz`)
/// the values follow the letters in their order.
fn tar_values(words: &[Word], letter: char, long: &str) -> Vec<Word> {
    let mut values = option_values(words, &[], &[long]);
    let mut next = 1;
    for (index, word) in words.iter().enumerate().skip(1) {
        let old_style = index == 1 && !word.text.starts_with('-');
        let dashed = word.text.strip_prefix('-').filter(|rest| !rest.starts_with('-'));
        let Some(cluster) = dashed.or(old_style.then_some(word.text.as_str())) else { continue };
        next = next.max(index + 1);
        for (at, option) in cluster.char_indices() {
            if !TAR_VALUE_LETTERS.contains(option) {
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
