//! Where a copy, move or link puts what it is given — one reading of `cp`, `mv`, `install`, `ln`, `rsync` and their
//! kin for the reader (what text lands where), the access rules (what is written) and the losses (what is replaced).

use crate::argv::{Parsed, Value};
use crate::lexer::Word;

/// Whether the destination is a folder the sources land in, each under its own name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Folder {
    /// Surely: named by `-t DIR`, given several sources, written with a trailing `/` or as `.`/`..`, or the working
    /// folder of a link given its target alone (`ln -s ../x` makes `./x`).
    Always,
    /// Never: `-T` (`--no-target-directory`) makes the destination the path itself.
    Never,
    /// When it is an existing folder: only the disk can tell.
    WhenOne,
}

/// The destination of a copy, move or link, and its sources.
#[derive(Clone, Debug)]
pub(crate) struct Destination<'w> {
    /// The path named as the destination.
    pub path: Word,
    /// The operands copied, moved or linked.
    pub sources: Vec<&'w Word>,
    /// Whether the sources land inside it.
    pub folder: Folder,
}

/// The destination a copy, move or link names: `-t DIR` (`--target-directory`; every operand a source), else the last
/// operand of two or more; for a link (`links`) given its target alone, the working folder. `None` when there is no
/// destination (a single operand to a copy: an error).
pub(crate) fn of<'w>(parsed: &Parsed<'w>, links: bool) -> Option<Destination<'w>> {
    let mut sources: Vec<&'w Word> = parsed.operands().collect();
    let named_folder = parsed.values(&['t'], &["target-directory"]).first().map(Value::word);
    if let Some(path) = named_folder {
        return Some(Destination { path, sources, folder: Folder::Always });
    }
    if sources.len() == 1 && links {
        let here = Word { text: ".".to_owned(), ..Word::default() };
        return Some(Destination { path: here, sources, folder: Folder::Always });
    }
    if sources.len() < 2 {
        return None;
    }
    let path = sources.pop()?.clone();
    let folder = if parsed.has('T', "no-target-directory") {
        Folder::Never
    } else if sources.len() > 1 || path.text.ends_with('/') || matches!(path.text.as_str(), "." | "..") {
        Folder::Always
    } else {
        Folder::WhenOne
    };
    Some(Destination { path, sources, folder })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::argv::{Options, Order};

    fn read(text: &str, links: bool) -> Option<(String, Vec<String>, Folder)> {
        let words: Vec<Word> =
            text.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }).collect();
        let parsed = Parsed::of(&words, &Options::new("tS", &["target-directory", "suffix"]), Order::Permute);
        let found = of(&parsed, links)?;
        Some((found.path.text, found.sources.iter().map(|word| word.text.clone()).collect(), found.folder))
    }

    fn names(items: &[&str]) -> Vec<String> {
        items.iter().map(|item| (*item).to_owned()).collect()
    }

    #[test]
    fn the_destination_is_the_folder_option_else_the_last_operand() {
        assert_eq!(read("cp a b", false), Some(("b".into(), names(&["a"]), Folder::WhenOne)));
        assert_eq!(read("cp a b dir", false), Some(("dir".into(), names(&["a", "b"]), Folder::Always)));
        assert_eq!(read("cp -t dir a b", false), Some(("dir".into(), names(&["a", "b"]), Folder::Always)));
        assert_eq!(read("mv --target-directory=dir a", false), Some(("dir".into(), names(&["a"]), Folder::Always)));
        assert_eq!(read("cp a out/", false), Some(("out/".into(), names(&["a"]), Folder::Always)));
        assert_eq!(read("cp ../a .", false), Some((".".into(), names(&["../a"]), Folder::Always)));
        assert_eq!(read("cp -T a b", false), Some(("b".into(), names(&["a"]), Folder::Never)));
        assert_eq!(read("cp -S .bak a b", false), Some(("b".into(), names(&["a"]), Folder::WhenOne)));
        assert_eq!(read("cp a", false), None);
        assert_eq!(read("cp", false), None);
    }

    #[test]
    fn a_link_given_its_target_alone_lands_in_the_working_folder() {
        assert_eq!(read("ln -sf ../x/.claude", true), Some((".".into(), names(&["../x/.claude"]), Folder::Always)));
        assert_eq!(read("ln -s a b", true), Some(("b".into(), names(&["a"]), Folder::WhenOne)));
    }
}
