//! The files a command line runs without naming their commands — scripts, Makefiles, `package.json`, justfiles,
//! git's config — read through [`Sources`], which the caller supplies (the crate itself never opens a file), with
//! a budget per command line: at most [`MAX_FILE_READS`] reads of at most [`MAX_SOURCE_BYTES`] each, and scripts
//! that run scripts followed [`MAX_FILE_DEPTH`] deep. What cannot be read is judged as the command alone.

use crate::command::Cwd;
use crate::lexer::Word;
use crate::limits::{MAX_FILE_LOOKUPS, MAX_FILE_READS, MAX_SOURCE_BYTES};
use crate::parameters::variable_location;
use crate::programs::Language;
use crate::unwrap::normalize;
use std::path::{Path, PathBuf};

/// Where the reader gets the text of a file a command runs.
pub trait Sources {
    /// The text of the regular file at `path` (absolute, or relative to the process's directory), symbolic links
    /// followed; `None` when it does not exist, is not a regular file, is larger than [`MAX_SOURCE_BYTES`], is not
    /// UTF-8 text or cannot be read.
    fn read(&self, path: &Path) -> Option<String>;

    /// Where the symbolic link at `path` finally points, when it is one (`None` otherwise): a link to a program
    /// runs that program (`ln -s /usr/bin/git g; ./g push -f`).
    fn link_target(&self, _path: &Path) -> Option<PathBuf> {
        None
    }

    /// The home directory, for `~/.gitconfig`.
    fn home(&self) -> Option<PathBuf> {
        std::env::var_os("HOME").filter(|home| !home.is_empty()).map(PathBuf::from)
    }

    /// `$XDG_CONFIG_HOME`, for git's `$XDG_CONFIG_HOME/git/config` (`~/.config` when unset).
    fn config_home(&self) -> Option<PathBuf> {
        std::env::var_os("XDG_CONFIG_HOME")
            .filter(|dir| !dir.is_empty())
            .map(PathBuf::from)
            .or_else(|| self.home().map(|home| home.join(".config")))
    }
}

/// How many folders up a task runner's file (`package.json`, a justfile, `.git`) is looked for.
pub(crate) const MAX_FOLDERS_UP: usize = 24;

/// No files: the command line is read as text alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoFiles;

impl Sources for NoFiles {
    fn read(&self, _path: &Path) -> Option<String> {
        None
    }

    fn home(&self) -> Option<PathBuf> {
        None
    }

    fn config_home(&self) -> Option<PathBuf> {
        None
    }
}

/// A script a command runs from a file or a task runner's configuration, to be read in turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FileScript {
    pub text: String,
    pub language: Language,
    /// Where it runs, when not where the command runs (`make -C dir`, a package's folder).
    pub cwd: Option<PathBuf>,
    /// Where it was read: the file and the part of it (`Makefile: deploy`, `package.json: test`, `deploy.sh`).
    pub origin: String,
}

impl FileScript {
    pub(crate) fn shell(text: String, cwd: Option<PathBuf>) -> FileScript {
        FileScript { text, language: Language::Shell, cwd, origin: String::new() }
    }

    /// The script, read from `origin`.
    pub(crate) fn from(self, origin: String) -> FileScript {
        FileScript { origin, ..self }
    }
}

/// The file a word names, in the directory `cwd`: `None` when it cannot be known (an expansion other than the home's,
/// a glob, a relative path in an unknown directory).
pub(crate) fn locate(word: &Word, cwd: &Cwd, sources: &dyn Sources) -> Option<PathBuf> {
    if word.glob || word.text.is_empty() {
        return None;
    }
    let text = word.text.as_str();
    if word.dynamic {
        // The home or the working folder named by its variable (`"$HOME/x.py"`, `"$PWD/x.bat"`, which the reader
        // leaves as written), nothing else unknown.
        return match variable_location(text)? {
            ("HOME", rest) => sources.home().map(|home| normalize(&home.join(rest))),
            (_, rest) => folder(cwd).map(|dir| normalize(&dir.join(rest))),
        };
    }
    let path = if word.tilde {
        let rest = text.strip_prefix('~')?;
        let rest = rest.strip_prefix('/').or(rest.is_empty().then_some(""))?;
        sources.home()?.join(rest)
    } else if text.starts_with('/') {
        PathBuf::from(text)
    } else {
        match cwd {
            Cwd::Known(dir) => dir.join(text),
            Cwd::Unknown => return None,
        }
    };
    Some(normalize(&path))
}

/// The folder a command runs in, when known.
pub(crate) fn folder(cwd: &Cwd) -> Option<&Path> {
    match cwd {
        Cwd::Known(dir) => Some(dir),
        Cwd::Unknown => None,
    }
}

/// The files of one command line: what the line itself writes before it runs them (`cat > x.sh <<EOF … EOF && sh
/// x.sh`), then [`Sources`], within the budget.
pub(crate) struct LineFiles<'s> {
    sources: &'s dyn Sources,
    reads: usize,
    lookups: usize,
    /// Files the line writes, in order (the last write wins): with their text when it is known.
    written: Vec<(PathBuf, Option<String>)>,
    /// A file the line wrote with text that cannot be known was looked for: what it says cannot be known either.
    read_unknown: bool,
}

impl<'s> LineFiles<'s> {
    pub(crate) fn new(sources: &'s dyn Sources) -> LineFiles<'s> {
        LineFiles { sources, reads: 0, lookups: 0, written: Vec::new(), read_unknown: false }
    }

    /// The text of `path`, as the line left it or as it is on disk.
    pub(crate) fn read(&mut self, path: &Path) -> Option<String> {
        if let Some((_, text)) = self.written.iter().rev().find(|(written, _)| written == path) {
            self.read_unknown |= text.is_none();
            return text.clone();
        }
        // A file found and read costs a read; looking for one that is not there (a `package.json` in each folder
        // up from the command's) costs a lookup.
        if self.reads >= MAX_FILE_READS || self.lookups >= MAX_FILE_LOOKUPS {
            return None;
        }
        match self.sources.read(path).filter(|text| text.len() <= MAX_SOURCE_BYTES) {
            Some(text) => {
                self.reads += 1;
                Some(text)
            }
            None => {
                self.lookups += 1;
                None
            }
        }
    }

    /// The first of `names` found in `folder` or a folder above it (at most [`MAX_FOLDERS_UP`] up), with its folder.
    pub(crate) fn find_up(&mut self, folder: &Path, names: &[&str]) -> Option<(PathBuf, String)> {
        for dir in folder.ancestors().take(MAX_FOLDERS_UP) {
            for name in names {
                if let Some(text) = self.read(&dir.join(name)) {
                    return Some((dir.to_path_buf(), text));
                }
            }
        }
        None
    }

    /// The text of `path` to edit in place: what the line wrote there, else the file's own; an unknown text stays
    /// unknown without counting as one read (the edit keeps it unknown).
    pub(crate) fn text_to_edit(&mut self, path: &Path) -> Option<String> {
        match self.written.iter().rev().find(|(written, _)| written == path) {
            Some((_, text)) => text.clone(),
            None => self.read(path),
        }
    }

    /// Whether the line has written any file so far.
    pub(crate) fn wrote_any(&self) -> bool {
        !self.written.is_empty()
    }

    /// Whether the line itself wrote `path` before this point (with known text or not).
    pub(crate) fn written_here(&self, path: &Path) -> bool {
        self.written.iter().any(|(written, _)| written == path)
    }

    /// Whether the line itself wrote one of `names` in `folder` before this point (no path is made when it wrote
    /// nothing, as on most lines). A name ending in `/` is any file in that folder; one starting with `*` any file,
    /// in any folder, whose path ends so (`*.tf`: the tool may be pointed at another folder).
    pub(crate) fn written_in(&self, folder: &Path, names: impl IntoIterator<Item = &'static str>) -> bool {
        !self.written.is_empty()
            && names.into_iter().filter(|name| !name.starts_with(['-', '!'])).any(|name| {
                if let Some(ending) = name.strip_prefix('*') {
                    return self.written_ending(ending).next().is_some();
                }
                match name.strip_suffix('/') {
                    Some(inner) => {
                        let inner = folder.join(inner);
                        self.written.iter().any(|(written, _)| written.starts_with(&inner))
                    }
                    None => self.written_here(&folder.join(name)),
                }
            })
    }

    /// How many writes the line has made so far (a mark for [`LineFiles::files_written_between`]).
    pub(crate) fn writes_so_far(&self) -> usize {
        self.written.len()
    }

    /// The files the line wrote, with known text, in its writes from mark `since` to mark `until` (the last write of
    /// a path wins).
    pub(crate) fn files_written_between(&self, since: usize, until: usize) -> Vec<(PathBuf, String)> {
        let writes = self.written.get(since..until.min(self.written.len())).unwrap_or_default();
        let mut files: Vec<(PathBuf, String)> = Vec::new();
        for (path, text) in writes {
            files.retain(|(known, _)| known != path);
            files.extend(text.as_ref().map(|text| (path.clone(), text.clone())));
        }
        files
    }

    /// The files the line itself wrote before this point whose path ends with `ending` (`.js`: a test runner loads
    /// code from any folder).
    pub(crate) fn written_ending<'a>(&'a self, ending: &'a str) -> impl Iterator<Item = &'a Path> + 'a {
        self.written
            .iter()
            .map(|(written, _)| written.as_path())
            .filter(move |written| written.as_os_str().as_encoded_bytes().ends_with(ending.as_bytes()))
    }

    /// The line writes into `path` text that cannot be known before it runs (`curl URL > Makefile`, code that
    /// rewrites `package.json`).
    pub(crate) fn write_unknown(&mut self, path: PathBuf) {
        self.written.push((path, None));
    }

    /// A file was read whose text cannot be known before the line runs (a process substitution's output the reader
    /// cannot compute): as reading a file the line wrote with unknown text.
    pub(crate) fn read_unknowable(&mut self) {
        self.read_unknown = true;
    }

    /// Whether a file read since the last call was written by the line with text that cannot be known.
    pub(crate) fn take_read_unknown(&mut self) -> bool {
        std::mem::take(&mut self.read_unknown)
    }

    /// The line writes `text` into `path` (appending when `append`).
    pub(crate) fn write(&mut self, path: PathBuf, text: String, append: bool) {
        let before = match self.written.iter().rev().find(|(written, _)| *written == path) {
            _ if !append => Some(String::new()),
            Some((_, before)) => before.clone(),
            None => Some(self.read(&path).unwrap_or_default()),
        };
        // (Text past the budget is not kept: what it says is not known.)
        let text = before.map(|before| before + &text).filter(|text| text.len() <= MAX_SOURCE_BYTES);
        self.written.push((path, text));
    }

    pub(crate) fn sources(&self) -> &'s dyn Sources {
        self.sources
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The words of a command line split at blanks (for tests of modules the reader itself uses).
    pub(crate) fn words(text: &str) -> Vec<Word> {
        text.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }).collect()
    }

    /// Files in memory, for tests.
    #[derive(Default)]
    pub(crate) struct MemoryFiles {
        pub files: BTreeMap<PathBuf, String>,
        pub home: Option<PathBuf>,
    }

    impl MemoryFiles {
        pub(crate) fn with(files: &[(&str, &str)]) -> MemoryFiles {
            MemoryFiles {
                files: files.iter().map(|(path, text)| (PathBuf::from(path), (*text).to_owned())).collect(),
                home: Some(PathBuf::from("/home/u")),
            }
        }
    }

    impl Sources for MemoryFiles {
        fn read(&self, path: &Path) -> Option<String> {
            self.files.get(path).cloned()
        }

        fn home(&self) -> Option<PathBuf> {
            self.home.clone()
        }

        fn config_home(&self) -> Option<PathBuf> {
            self.home.as_ref().map(|home| home.join(".config"))
        }
    }

    #[test]
    fn what_the_line_wrote_comes_first_and_reads_are_counted() {
        let files = MemoryFiles::with(&[("/p/a.sh", "old")]);
        let mut line = LineFiles::new(&files);
        assert_eq!(line.read(Path::new("/p/a.sh")).as_deref(), Some("old"));
        line.write(PathBuf::from("/p/a.sh"), "new\n".to_owned(), false);
        line.write(PathBuf::from("/p/a.sh"), "more\n".to_owned(), true);
        assert_eq!(line.read(Path::new("/p/a.sh")).as_deref(), Some("new\nmore\n"));
        for _ in 0..MAX_FILE_LOOKUPS {
            line.read(Path::new("/p/none"));
        }
        assert_eq!(line.read(Path::new("/p/a.sh")).as_deref(), Some("new\nmore\n"), "written text costs no read");
        let mut fresh = LineFiles::new(&files);
        for _ in 0..MAX_FILE_LOOKUPS {
            fresh.read(Path::new("/p/none"));
        }
        assert_eq!(fresh.read(Path::new("/p/a.sh")), None, "the budget is spent");
        let mut found = LineFiles::new(&files);
        assert_eq!(found.find_up(Path::new("/p/x/y"), &["a.sh"]), Some((PathBuf::from("/p"), "old".to_owned())));
    }
}
