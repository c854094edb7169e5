//! The catalog's files, in memory: read from a folder by the build, or assembled by tests. Keeping I/O here lets
//! [`crate::generate`] stay pure.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

/// The files of one behaviors folder, keyed by their path relative to it (`index.yaml`, `<id>/behavior.yaml`).
#[derive(Clone, Debug, Default)]
pub struct Sources {
    display_root: String,
    files: BTreeMap<String, String>,
    dirs: BTreeSet<String>,
    unreadable: Vec<(String, String)>,
    read_paths: Vec<PathBuf>,
}

impl Sources {
    /// An empty set of sources; `display_root` prefixes file names in diagnostics (e.g. `behaviors`).
    pub fn new(display_root: impl Into<String>) -> Sources {
        Sources { display_root: display_root.into(), ..Sources::default() }
    }

    /// Adds a file (builder form, for tests): `relative` is e.g. `search-first/behavior.yaml`.
    pub fn with_file(mut self, relative: &str, text: &str) -> Sources {
        self.add_file(relative, text);
        self
    }

    /// Adds a file; its first folder is recorded as a behavior folder.
    pub fn add_file(&mut self, relative: &str, text: &str) {
        if let Some((dir, _)) = relative.split_once('/') {
            self.dirs.insert(dir.to_owned());
        }
        self.files.insert(relative.to_owned(), text.to_owned());
    }

    /// Reads `index.yaml`, every `<id>/behavior.yaml` and every `<id>/tests/*.yaml` under `dir`.
    pub fn from_dir(dir: &Path, display_root: impl Into<String>) -> io::Result<Sources> {
        let mut sources = Sources::new(display_root);
        let index = dir.join("index.yaml");
        sources.read(&index, "index.yaml");
        let mut entries: Vec<_> = std::fs::read_dir(dir)?.collect::<Result<_, _>>()?;
        entries.sort_by_key(|entry| entry.file_name());
        for entry in entries {
            let Ok(name) = entry.file_name().into_string() else { continue };
            if !entry.file_type()?.is_dir() || name.starts_with('.') {
                continue;
            }
            sources.dirs.insert(name.clone());
            let behavior = entry.path().join("behavior.yaml");
            if behavior.exists() {
                sources.read(&behavior, &format!("{name}/behavior.yaml"));
            }
            let tests = entry.path().join("tests");
            if tests.is_dir() {
                let mut scenarios: Vec<_> = std::fs::read_dir(&tests)?.collect::<Result<_, _>>()?;
                scenarios.sort_by_key(|entry| entry.file_name());
                for scenario in scenarios {
                    let Ok(file) = scenario.file_name().into_string() else { continue };
                    if file.ends_with(".yaml") || file.ends_with(".yml") {
                        sources.read(&scenario.path(), &format!("{name}/tests/{file}"));
                    }
                }
            }
        }
        Ok(sources)
    }

    fn read(&mut self, path: &Path, relative: &str) {
        if !path.exists() {
            return;
        }
        self.read_paths.push(path.to_path_buf());
        match std::fs::read(path) {
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => {
                    self.files.insert(relative.to_owned(), text);
                }
                Err(error) => self.unreadable.push((relative.to_owned(), format!("not valid UTF-8 ({error})"))),
            },
            Err(error) => self.unreadable.push((relative.to_owned(), error.to_string())),
        }
    }

    /// The text of a file, by relative path.
    pub fn file(&self, relative: &str) -> Option<&str> {
        self.files.get(relative).map(String::as_str)
    }

    /// Every file path relative to the root.
    pub fn files(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files.iter().map(|(path, text)| (path.as_str(), text.as_str()))
    }

    /// The sub-folders of the root (each should be a behavior).
    pub fn dirs(&self) -> impl Iterator<Item = &str> {
        self.dirs.iter().map(String::as_str)
    }

    /// Files that exist but could not be read, with the reason.
    pub fn unreadable(&self) -> &[(String, String)] {
        &self.unreadable
    }

    /// Whether a file exists but could not be read.
    pub fn is_unreadable(&self, relative: &str) -> bool {
        self.unreadable.iter().any(|(path, _)| path == relative)
    }

    /// Every file read from disk (for `cargo:rerun-if-changed`).
    pub fn read_paths(&self) -> &[PathBuf] {
        &self.read_paths
    }

    /// The name shown in diagnostics for a relative path.
    pub fn display(&self, relative: &str) -> String {
        if self.display_root.is_empty() {
            relative.to_owned()
        } else {
            format!("{}/{relative}", self.display_root.trim_end_matches('/'))
        }
    }
}
