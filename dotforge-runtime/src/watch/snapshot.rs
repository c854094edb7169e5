//! The snapshot the tamper check keeps in state.json (its `watch` member): the session of the last check, which hook
//! made it (its behaviors' fingerprint, its version and a digest of its catalog), a key of where it looked from (the
//! `.forge`, the project, the home, the CLI, the binary — when they are the same, so are the files every check
//! watches), and for every file watched its [`FileMark`] and the value its content was checked to (see
//! [`super::list::Role`] for what each role's value is).
//!
//! A JSON array of rows of strings, read on every check (an event where nothing changed reads nothing else), its
//! strings borrowed from the file where they need no unescaping:
//!
//! ```text
//! [["2","<session>","<fingerprint>@<version>#<catalog>","<places key>"],["<path>","<mark>","<check>"],…]
//! ```

use crate::file_mark::FileMark;
use crate::session::Key;
use serde::de::{DeserializeSeed, Deserializer, SeqAccess, Visitor};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;

/// The format's version, the first field of the first line.
const VERSION: &str = "2";

/// What the check last saw of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Seen {
    pub mark: FileMark,
    /// The value its content was checked to (by its role).
    pub check: String,
}

/// The snapshot.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Snapshot {
    /// The session of the last check.
    pub session: String,
    /// The hook that made it: `<behaviors fingerprint>@<version>#<catalog digest>`.
    pub hook: String,
    /// Where it looked from (see [`super::places_key`]).
    pub places: String,
    /// Each file watched, by its path.
    pub files: BTreeMap<String, Seen>,
}

/// The snapshot's rows, borrowed from the state file where they can be: what a check where nothing changed compares
/// with.
pub(crate) struct Lines<'t> {
    rows: Vec<Vec<Cow<'t, str>>>,
}

impl<'t> Lines<'t> {
    /// Reads the snapshot's JSON value (`None` when it is not a snapshot of this format).
    pub(crate) fn read(json: &'t str) -> Option<Lines<'t>> {
        let mut deserializer = serde_json::Deserializer::from_str(json);
        let rows = deserializer.deserialize_seq(Rows).ok()?;
        let head = rows.first()?;
        (head.len() == 4 && head[0] == VERSION && rows[1..].iter().all(|row| row.len() == 3)).then_some(Lines { rows })
    }

    pub(crate) fn session(&self) -> &str {
        &self.rows[0][1]
    }

    pub(crate) fn hook(&self) -> &str {
        &self.rows[0][2]
    }

    pub(crate) fn places(&self) -> &str {
        &self.rows[0][3]
    }

    /// Each file's path, mark and check value.
    pub(crate) fn files(&self) -> impl Iterator<Item = (&str, &str, &str)> {
        self.rows[1..].iter().map(|row| (row[0].as_ref(), row[1].as_ref(), row[2].as_ref()))
    }
}

/// A list of rows of strings.
struct Rows;

impl<'de> Visitor<'de> for Rows {
    type Value = Vec<Vec<Cow<'de, str>>>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a list of rows")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut rows = Vec::with_capacity(16);
        while let Some(row) = seq.next_element_seed(Row)? {
            rows.push(row);
        }
        Ok(rows)
    }
}

/// A row of strings.
struct Row;

impl<'de> DeserializeSeed<'de> for Row {
    type Value = Vec<Cow<'de, str>>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Row {
    type Value = Vec<Cow<'de, str>>;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a row of strings")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut row = Vec::with_capacity(4);
        while let Some(text) = seq.next_element_seed(Key)? {
            row.push(text);
        }
        Ok(row)
    }
}

impl Snapshot {
    /// Reads the snapshot's JSON value (`None` when it is not one).
    pub(crate) fn parse(json: &str) -> Option<Snapshot> {
        let lines = Lines::read(json)?;
        let files = lines
            .files()
            .map(|(path, mark, check)| {
                (path.to_owned(), Seen { mark: FileMark::from_text(mark), check: check.to_owned() })
            })
            .collect();
        Some(Snapshot {
            session: lines.session().to_owned(),
            hook: lines.hook().to_owned(),
            places: lines.places().to_owned(),
            files,
        })
    }

    /// The snapshot as the JSON value state.json holds.
    pub(crate) fn to_json(&self) -> String {
        let head = [VERSION, &self.session, &self.hook, &self.places];
        let mut rows: Vec<Vec<&str>> = vec![head.to_vec()];
        for (path, seen) in &self.files {
            rows.push(vec![path, seen.mark.as_text(), &seen.check]);
        }
        // Strings and lists only: serde_json has nothing to refuse.
        serde_json::to_string(&rows).unwrap_or_default()
    }

    /// What was seen of `path`.
    pub(crate) fn seen(&self, path: &str) -> Option<&Seen> {
        self.files.get(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_reads_back_what_it_wrote() {
        let mut snapshot =
            Snapshot { session: "s".into(), hook: "abc@0.1.0#x".into(), places: "k".into(), files: BTreeMap::new() };
        snapshot.files.insert("/p/a b".into(), Seen { mark: FileMark::from_text("f1.2.3.4.5.6"), check: "x".into() });
        snapshot.files.insert("/p/\"q\"\t".into(), Seen { mark: FileMark::missing(), check: String::new() });
        let json = snapshot.to_json();
        assert_eq!(Snapshot::parse(&json), Some(snapshot.clone()));
        let lines = Lines::read(&json).expect("rows");
        assert_eq!((lines.session(), lines.hook(), lines.places()), ("s", "abc@0.1.0#x", "k"));
        let files: Vec<(&str, &str, &str)> = lines.files().collect();
        assert_eq!(files, [("/p/\"q\"\t", "-", ""), ("/p/a b", "f1.2.3.4.5.6", "x")]);
        assert_eq!(Snapshot::parse("{}"), None);
        assert_eq!(Snapshot::parse("[[\"1\",\"s\",\"h\",\"k\"]]"), None, "another version");
        assert_eq!(Snapshot::parse("[[\"2\",\"s\",\"h\",\"k\"],[\"p\"]]"), None, "a short row");
    }
}
