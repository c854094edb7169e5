//! The state document as read: the sessions' ids and JSON texts (slices of the file, or text this event wrote), the
//! top-level keys, and the sessions decoded while the file was checked. `document` and `layout` make it from a
//! file; the parent module is what events and commands call.

use crate::session::Session;
use crate::time::Timestamp;
use serde_json::value::RawValue;
use std::borrow::Cow;

/// A JSON value: a slice of the file as read, or text produced by this event.
#[derive(Debug)]
pub(super) enum Raw<'a> {
    /// Checked by serde_json.
    Borrowed(&'a RawValue),
    /// The value on one line of a file in the line layout, not read: written back as it was.
    Line(&'a str),
    Owned(String),
}

impl Raw<'_> {
    pub(super) fn get(&self) -> &str {
        match self {
            Raw::Borrowed(raw) => raw.get(),
            Raw::Line(text) => text,
            Raw::Owned(text) => text,
        }
    }

    /// The value as it is written back: on one line (a value read from a file with another layout may span lines).
    pub(super) fn on_one_line(&self) -> Cow<'_, str> {
        let text = self.get();
        if !text.contains('\n') {
            return Cow::Borrowed(text);
        }
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(value) => Cow::Owned(value.to_string()),
            // A number serde_json's Value cannot hold (1e400): in JSON text line breaks are whitespace, as is a space.
            Err(_) => Cow::Owned(text.replace(['\r', '\n'], " ")),
        }
    }
}

/// One session of the document.
#[derive(Debug)]
pub(super) struct SessionEntry<'a> {
    pub id: Cow<'a, str>,
    pub raw: Raw<'a>,
}

/// The whole state document, borrowing from the bytes it was parsed from.
#[derive(Debug, Default)]
pub(crate) struct StateDoc<'a> {
    /// Sorted by id, ids unique.
    pub(super) sessions: Vec<SessionEntry<'a>>,
    /// Top-level keys other than `schema_version`, `swept_at`, `metrics`, `watch`, `sealed` and `sessions`, kept as
    /// they were.
    pub(super) extra: Vec<(Cow<'a, str>, Raw<'a>)>,
    /// The metrics totals (see [`crate::metrics`]), decoded only by events that count something.
    pub(super) metrics: Option<Raw<'a>>,
    /// When the other sessions were last swept for the TTL.
    pub(super) swept_at: Option<Timestamp>,
    /// What the hook last saw of the files governance depends on (see [`crate::watch`]); a document that has it is
    /// written with a [`Seal`].
    pub(super) watch: Option<Raw<'a>>,
    /// The seal the file was written with (`<inode>.<mtime seconds>`), when it has one.
    pub(super) sealed: Option<Cow<'a, str>>,
    /// The text the document was parsed from (empty for a new document).
    pub(super) source: &'a str,
    /// Sessions decoded while the file was checked (see [`StateDoc::load`]), for [`StateDoc::take_session`].
    pub(super) decoded: Vec<(String, Session)>,
}

/// Bytes per session below which no session is written (an id, a creation time and an access time): reserving for
/// the file's length divided by this many sessions grows the list of sessions at most once. Pages of the reserve that
/// are never written cost nothing.
pub(super) const SMALLEST_SESSION_BYTES: usize = 64;

impl StateDoc<'_> {
    /// Files written by dotforge are sorted already; anything else is sorted here, and of sessions with the same id
    /// the last one in the file wins (as with any JSON object read into a map).
    pub(super) fn sort_sessions(&mut self) {
        if !self.sessions.windows(2).all(|pair| pair[0].id < pair[1].id) {
            self.sessions.reverse();
            self.sessions.sort_by(|left, right| left.id.cmp(&right.id));
            self.sessions.dedup_by(|later, kept| later.id == kept.id);
        }
    }

    /// Where the session `id` is (`Ok`) or would go (`Err`).
    pub(super) fn position(&self, id: &str) -> Result<usize, usize> {
        self.sessions.binary_search_by(|entry| entry.id.as_ref().cmp(id))
    }
}
