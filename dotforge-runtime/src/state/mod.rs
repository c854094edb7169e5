//! state.json (CONTRACT §4–§5): load (missing → empty, unparseable → moved aside), TTL, atomic save.
//!
//! The file is written one session per line — still one JSON document, as whitespace between members is JSON's:
//!
//! ```text
//! {"schema_version":"1","swept_at":"…","metrics":{…},"sessions":{
//! "<id>":{…},
//! "<id>":{…}
//! }}
//! ```
//!
//! An event reads its own session and leaves every other one alone. In a file of that layout, serde_json reads the
//! first line (the top-level keys), each line's key, and the lines of the sessions the event decodes; the other lines
//! are written back as they were, unread. Every [`SWEEP_INTERVAL_SECONDS`] (the time of the last sweep is kept in the
//! file as `swept_at`) and whenever the file is in any other layout, serde_json reads the whole document in one pass
//! instead, borrowing each session's text (`RawValue`): that pass finds a corrupt file (moved aside, CONTRACT §5) and
//! sweeps expired sessions (each one's `last_accessed_at` read). The TTL is applied exactly to the session an event
//! uses (an expired one starts afresh). A file with many sessions thus costs little more than reading and writing it.
//!
//! Four parts: `doc` (the document as read), `document` (the whole-document reader), `layout` (the line layout's
//! reader and writer) and this module, the API events and commands call; the property tests sit beside them.

mod doc;
mod document;
mod layout;
#[cfg(test)]
mod properties;
mod seal;

use crate::atomic::write_atomic_with;
use crate::metrics::Totals;
use crate::session::Session;
use crate::time::Timestamp;
use crate::warn::warn;
pub(crate) use doc::StateDoc;
use doc::{Raw, SessionEntry};
use document::last_accessed_at;
pub(crate) use seal::Seal;
use std::borrow::Cow;
use std::io::ErrorKind;
use std::path::Path;

/// Sessions other than the event's own are swept for the TTL at most this often.
pub(crate) const SWEEP_INTERVAL_SECONDS: u64 = 300;

/// The bytes of state.json, or `None` when it does not exist or cannot be read (with a warning).
pub(crate) fn read_state(path: &Path) -> Option<Vec<u8>> {
    read_state_sealed(path).0
}

/// [`read_state`], with the seal the file read has (see [`Seal`]).
pub(crate) fn read_state_sealed(path: &Path) -> (Option<Vec<u8>>, Option<Seal>) {
    let read = || -> std::io::Result<(Vec<u8>, Option<Seal>)> {
        let mut file = std::fs::File::open(path)?;
        let seal = Seal::of(&file);
        let mut bytes = Vec::with_capacity(file.metadata().map_or(0, |meta| meta.len() as usize + 1));
        std::io::Read::read_to_end(&mut file, &mut bytes)?;
        Ok((bytes, seal))
    };
    match read() {
        Ok((bytes, seal)) => (Some(bytes), seal),
        Err(error) if error.kind() == ErrorKind::NotFound => (None, None),
        Err(error) => {
            warn(&format!("cannot read {}: {error}; using an empty state", path.display()));
            (None, None)
        }
    }
}

/// The first line of state.json as far as the tamper check needs it: the snapshot and the seal the text holds, and
/// the seal the file has. Read without the lock and without the sessions (a file in the line layout is read up to
/// its first line break).
#[derive(Debug, Default)]
pub(crate) struct Head {
    /// The snapshot's JSON text.
    pub watch: Option<String>,
    /// The seal the text holds.
    pub sealed: Option<String>,
    /// The seal the file has.
    pub seal: Option<Seal>,
    /// Whether the file could not be read as a state document.
    pub unreadable: bool,
}

/// Reads the [`Head`] of state.json.
pub(crate) fn read_head(path: &Path) -> Head {
    use std::io::Read;
    const CHUNK: usize = 8 * 1024;
    let Ok(mut file) = std::fs::File::open(path) else { return Head::default() };
    let seal = Seal::of(&file);
    let mut bytes = Vec::with_capacity(CHUNK);
    let mut first_line = None;
    loop {
        let start = bytes.len();
        // Read into the vector's spare room, not zeroed first.
        let read = (&mut file).take(CHUNK as u64).read_to_end(&mut bytes).unwrap_or(0);
        if let Some(at) = memchr::memchr(b'\n', &bytes[start..]) {
            first_line = Some(start + at);
            break;
        }
        if read == 0 {
            break;
        }
    }
    let in_lines = first_line.and_then(|end| document::head_members(&bytes[..end]));
    let parsed = match in_lines {
        Some(members) => Ok(members),
        None => {
            let _ = file.read_to_end(&mut bytes);
            StateDoc::parse(&bytes).map(|doc| {
                let sealed = doc.sealed.as_ref().map(|sealed| sealed.to_string());
                (doc.watch.as_ref().map(|raw| raw.get().to_owned()), sealed)
            })
        }
    };
    match parsed {
        Ok((watch, sealed)) => Head { watch, sealed, seal, unreadable: false },
        Err(_) => Head { seal, unreadable: true, ..Head::default() },
    }
}

impl<'a> StateDoc<'a> {
    /// Reads the bytes of `path` (see [`read_state`]) for an event that will decode the sessions `decoded`; no bytes
    /// is an empty state. In the line layout, only the first line and those sessions are checked (see the module
    /// doc) until the sweep is due — the sessions by decoding them, and [`StateDoc::take_session`] takes what was
    /// decoded. Bytes that are not a state document are moved aside to
    /// `state.json.corrupt-<unix time>` with a warning, and the state starts empty (SPEC §7.7).
    pub(crate) fn load(path: &Path, bytes: Option<&'a [u8]>, now: Timestamp, decoded: &[&str]) -> StateDoc<'a> {
        let Some(bytes) = bytes else { return StateDoc::default() };
        if let Some(mut doc) = StateDoc::parse_lines(bytes).filter(|doc| !doc.sweep_due(now)) {
            // The sessions the event decodes are checked by decoding them, once.
            let checked = decoded.iter().all(|id| match doc.position(id) {
                Err(_) => true,
                Ok(index) => match Session::read(id, doc.sessions[index].raw.get(), now) {
                    Ok(session) => {
                        doc.decoded.push(((*id).to_owned(), session));
                        true
                    }
                    Err(_) => false,
                },
            });
            if checked {
                return doc;
            }
        }
        match StateDoc::parse(bytes) {
            Ok(doc) => doc,
            Err(problem) => {
                let aside = path.with_file_name(format!("state.json.corrupt-{}", now.0));
                match std::fs::rename(path, &aside) {
                    Ok(()) => warn(&format!(
                        "{} is corrupt ({problem}); moved aside to {} and starting with an empty state",
                        path.display(),
                        aside.display()
                    )),
                    Err(error) => warn(&format!(
                        "{} is corrupt ({problem}) and could not be moved aside ({error}); starting with an empty state",
                        path.display()
                    )),
                }
                StateDoc::default()
            }
        }
    }

    /// Whether the sweep of expired sessions is due (it runs at most every [`SWEEP_INTERVAL_SECONDS`]).
    fn sweep_due(&self, now: Timestamp) -> bool {
        !self.swept_at.is_some_and(|swept| now.seconds_since(swept) < SWEEP_INTERVAL_SECONDS && swept <= now)
    }

    /// Drops every other session whose `last_accessed_at` is older than `ttl` seconds (or unreadable) — at most once
    /// every [`SWEEP_INTERVAL_SECONDS`] (and never for sessions this event produced). Returns how many it dropped,
    /// or `None` when it was not time to sweep.
    pub(crate) fn sweep(&mut self, now: Timestamp, ttl: u64) -> Option<usize> {
        if !self.sweep_due(now) {
            return None;
        }
        self.swept_at = Some(now);
        let before = self.sessions.len();
        self.sessions.retain(|entry| match &entry.raw {
            Raw::Owned(_) => true,
            Raw::Borrowed(_) | Raw::Line(_) => {
                last_accessed_at(entry.raw.get()).is_some_and(|last| now.seconds_since(last) <= ttl)
            }
        });
        Some(before - self.sessions.len())
    }

    /// The metrics totals that the bytes of a state file hold: in the line layout from its first line alone (so a
    /// broken line of some session, which the next sweep will find, does not hide them), else from the document.
    pub(crate) fn metrics_in(bytes: &[u8]) -> Option<Totals> {
        StateDoc::parse_lines(bytes).or_else(|| StateDoc::parse(bytes).ok())?.metrics()
    }

    /// The metrics totals the file holds, if it holds readable ones.
    pub(crate) fn metrics(&self) -> Option<Totals> {
        self.metrics.as_ref().and_then(|raw| Totals::from_state(raw.get()))
    }

    /// Replaces the metrics totals.
    pub(crate) fn set_metrics(&mut self, totals: &Totals) {
        self.metrics = Some(Raw::Owned(totals.to_state()));
    }

    /// Takes the session out of the document (creating it when absent, or when it expired: older than `ttl`);
    /// put it back with [`StateDoc::put_session`].
    pub(crate) fn take_session(&mut self, id: &str, now: Timestamp, ttl: u64) -> Session {
        let found = self.position(id).ok().map(|index| self.sessions.remove(index));
        let decoded = self.decoded.iter().position(|(decoded, _)| decoded == id).map(|at| self.decoded.remove(at).1);
        let session = match (found, decoded) {
            (Some(_), Some(session)) => session,
            (Some(entry), None) => match Session::read(id, entry.raw.get(), now) {
                Ok(session) => session,
                Err(_) => return Session::new(now),
            },
            (None, _) => return Session::new(now),
        };
        let live = Timestamp::parse(&session.last_accessed_at).is_some_and(|last| now.seconds_since(last) <= ttl);
        if live {
            session
        } else {
            Session::new(now) // SPEC §7.3: an expired session is purged on access and starts afresh
        }
    }

    /// Every session, decoded (ids in order), for read-only commands.
    pub(crate) fn decoded_sessions(&self, now: Timestamp) -> Vec<(String, Session)> {
        self.sessions
            .iter()
            .filter_map(|entry| Some((entry.id.to_string(), Session::read(&entry.id, entry.raw.get(), now).ok()?)))
            .collect()
    }

    /// Stores a session.
    pub(crate) fn put_session(&mut self, id: &str, session: &Session) {
        // Strings, numbers and JSON values only: serde_json has nothing to refuse. Were it to, the session's
        // previous entry stays rather than an empty one.
        let raw = match serde_json::to_string(session) {
            Ok(raw) => raw,
            Err(error) => return warn(&format!("state.json: session `{id}` not updated: {error}")),
        };
        // A session decoded at load time is out of date from now on.
        self.decoded.retain(|(decoded, _)| decoded != id);
        let entry = SessionEntry { id: Cow::Owned(id.to_owned()), raw: Raw::Owned(raw) };
        match self.position(id) {
            Ok(index) => self.sessions[index] = entry,
            Err(index) => self.sessions.insert(index, entry),
        }
    }

    /// The tamper check's snapshot, as JSON text.
    pub(crate) fn watch(&self) -> Option<&str> {
        self.watch.as_ref().map(Raw::get)
    }

    /// Replaces the tamper check's snapshot; from now on the document is sealed when it is saved.
    pub(crate) fn set_watch(&mut self, text: String) {
        self.watch = Some(Raw::Owned(text));
    }

    /// The seal the document's text holds.
    pub(crate) fn sealed(&self) -> Option<&str> {
        self.sealed.as_deref()
    }

    /// Serializes and atomically replaces state.json in the line layout; other sessions are copied as they were read.
    /// A document with a snapshot is sealed (see [`Seal`]).
    pub(crate) fn save(&self, path: &Path) -> std::io::Result<()> {
        if self.watch.is_none() {
            return write_atomic_with(path, |file| self.write_lines(file, None));
        }
        write_atomic_with(path, |file| {
            let seal = Seal::for_new(file)?;
            self.write_lines(file, Some(&seal))?;
            seal.apply(file)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("dotforge-state-{label}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        dir
    }

    #[test]
    fn other_sessions_and_unknown_keys_are_written_back_verbatim_one_session_per_line() {
        let members =
            r#""custom":{"b":1,"a":[1, 2]},"schema_version":"1","metrics":{"b":{"violations": 2}},"sessions":{"#;
        let other = r#""other":{"last_accessed_at":"2999-01-01T00:00:00Z","x":  1}"#;
        let third = r#""third":{"x":[2,  3]}"#;
        let in_lines = format!("{{{members}\n{other},\n{third}\n}}}}");
        let dir = scratch("verbatim");
        let path = dir.join("state.json");
        for text in [
            format!("{{{members}{other},{third}}}}}"),
            format!("{{{members}\n  {other} ,{third}}}}}"),
            in_lines.clone(),
        ] {
            let doc = StateDoc::parse(text.as_bytes()).expect("parses");
            doc.save(&path).expect("saves");
            assert_eq!(std::fs::read_to_string(&path).expect("reads"), in_lines, "from {text}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn metrics_totals_are_kept_in_the_file() {
        let text = r#"{"schema_version":"1","metrics":{"b":{"violations":2,"blocks":1}},"sessions":{}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let mut totals = doc.metrics().expect("readable totals");
        assert_eq!((totals.get("b").violations, totals.get("b").blocks, totals.get("b").overrides), (2, 1, 0));
        let mut delta = crate::metrics::MetricsDelta::default();
        delta.override_("b");
        totals.add(&delta);
        doc.set_metrics(&totals);
        let dir = scratch("metrics");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        let saved = std::fs::read(&path).expect("reads");
        assert_eq!(StateDoc::parse(&saved).expect("parses").metrics(), Some(totals));
        assert_eq!(StateDoc::parse(br#"{"metrics":[1],"sessions":{}}"#).expect("parses").metrics(), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn runs_of_untouched_sessions_are_written_whatever_the_layout_of_the_file() {
        let now = Timestamp::parse("2026-01-01T00:00:00Z").expect("time");
        let compact = r#"{"schema_version":"1","swept_at":"2026-01-01T00:00:00Z","sessions":{"a":{"x":1},"b":{"x":2},"m":{"last_accessed_at":"2026-01-01T00:00:00Z"},"q\"":{"x":3},"r":{"x":4},"z":{"x":5}}}"#;
        let spaced = "{ \"swept_at\": \"2026-01-01T00:00:00Z\", \"sessions\": {\n \"a\" : {\"x\":1},\n \"b\": {\"x\": 2}, \"r\":{\"x\":4}, \"q\\\"\":{\"x\":3}, \"z\":{\"x\":5} } }";
        let dir = scratch("runs");
        let path = dir.join("state.json");
        for (text, taken) in
            [(compact, "m"), (compact, "a"), (compact, "z"), (compact, "new"), (spaced, "b"), (spaced, "m")]
        {
            let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
            let session = doc.take_session(taken, now, u64::MAX);
            doc.put_session(taken, &session);
            doc.save(&path).expect("saves");
            let saved_text = std::fs::read_to_string(&path).expect("reads");
            let saved: serde_json::Value = serde_json::from_str(&saved_text).expect("the file is JSON");
            let mut expected: serde_json::Value = serde_json::from_str(text).expect("json");
            expected["sessions"][taken] = session.to_value();
            expected["schema_version"] = "1".into();
            assert_eq!(saved, expected, "{text} with {taken} put back");
            let members = |text: &str| text.matches("\"x\"").count();
            assert_eq!(members(&saved_text), members(&expected.to_string()), "every session once: {saved_text}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn unsorted_files_are_sorted_and_the_last_duplicate_wins() {
        let text = r#"{"sessions":{"b":{"n":1},"a":{"n":2},"b":{"n":3}},"schema_version":"1"}"#;
        let doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let dir = scratch("sort");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        assert_eq!(
            std::fs::read_to_string(&path).expect("reads"),
            "{\"schema_version\":\"1\",\"sessions\":{\n\"a\":{\"n\":2},\n\"b\":{\"n\":3}\n}}"
        );
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_new_session_goes_in_id_order() {
        let text = r#"{"schema_version":"1","sessions":{"a":{"x":1},"c":{"x":2}}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let now = Timestamp(1_800_000_000);
        let session = doc.take_session("b", now, 86_400);
        doc.put_session("b", &session);
        let ids: Vec<&str> = doc.sessions.iter().map(|entry| entry.id.as_ref()).collect();
        assert_eq!(ids, ["a", "b", "c"]);
        doc.take_session("c", now, 86_400);
        let ids: Vec<&str> = doc.sessions.iter().map(|entry| entry.id.as_ref()).collect();
        assert_eq!(ids, ["a", "b"], "a taken session leaves the document until it is put back");
    }

    #[test]
    fn escaped_keys_and_bad_documents() {
        let text = r#"{"schema_version":"1","sessions":{"a\"b":{"last_accessed_at":"2999-01-01T00:00:00Z"}}}"#;
        let doc = StateDoc::parse(text.as_bytes()).expect("parses");
        assert_eq!(doc.sessions[0].id, "a\"b");
        for bad in [&b"[]"[..], b"{\"sessions\":[]}", b"{\"sessions\":{\"a\":1", b"{} x", b"\xff", b""] {
            assert!(StateDoc::parse(bad).is_err(), "{:?}", String::from_utf8_lossy(bad));
        }
    }

    #[test]
    fn the_sweep_runs_at_most_every_interval_and_keeps_its_time_in_the_file() {
        let text = r#"{"schema_version":"1","sessions":{"live":{"last_accessed_at":"2026-01-01T00:00:00Z"},"old":{"last_accessed_at":"2020-01-01T00:00:00Z"},"odd":{"x":1}}}"#;
        let now = Timestamp::parse("2026-01-01T01:00:00Z").expect("time");
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        assert_eq!(doc.sweep(now, 86_400), Some(2), "the expired session and the one without a readable time");
        assert_eq!(doc.sweep(Timestamp(now.0 + 10), 0), None, "not again within the interval");
        assert_eq!(doc.sweep(Timestamp(now.0 + SWEEP_INTERVAL_SECONDS), 0), Some(1), "but after it");
        let dir = scratch("swept");
        let path = dir.join("state.json");
        doc.save(&path).expect("saves");
        let saved = std::fs::read(&path).expect("reads");
        let reread = StateDoc::parse(&saved).expect("parses");
        assert_eq!(reread.swept_at, Some(Timestamp(now.0 + SWEEP_INTERVAL_SECONDS)));
        let _ = std::fs::remove_dir_all(dir);
    }

    /// A file in the line layout, swept at 2026-01-01T00:00:00Z, whose session `z` is not JSON.
    const IN_LINES_WITH_A_BROKEN_SESSION: &str = "{\"schema_version\":\"1\",\"swept_at\":\"2026-01-01T00:00:00Z\",\"sessions\":{\n\"a\":{\"last_accessed_at\":\"2026-01-01T00:00:00Z\"},\n\"z\":{\"x\":[1,}\n}}";

    #[test]
    fn in_the_line_layout_an_event_reads_only_the_sessions_it_decodes() {
        let dir = scratch("lines");
        let path = dir.join("state.json");
        std::fs::write(&path, IN_LINES_WITH_A_BROKEN_SESSION).expect("writes");
        let bytes = std::fs::read(&path).expect("reads");
        let now = Timestamp::parse("2026-01-01T00:01:00Z").expect("time");
        let mut doc = StateDoc::load(&path, Some(&bytes), now, &["a"]);
        assert_eq!(doc.sweep(now, 86_400), None, "swept a minute ago");
        let session = doc.take_session("a", now, 86_400);
        assert_eq!(session.last_accessed_at, "2026-01-01T00:00:00Z", "the session was read");
        doc.put_session("a", &session);
        doc.save(&path).expect("saves");
        let saved = std::fs::read_to_string(&path).expect("reads");
        assert!(saved.ends_with("\n\"z\":{\"x\":[1,}\n}}"), "the unread line is written back as it was: {saved}");
        assert!(path.exists() && !dir.join(format!("state.json.corrupt-{}", now.0)).exists());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_session_decoded_at_load_is_taken_once_and_never_outlives_a_put() {
        let bytes = IN_LINES_WITH_A_BROKEN_SESSION.as_bytes();
        let now = Timestamp::parse("2026-01-01T00:01:00Z").expect("time");
        let path = Path::new("/nonexistent/state.json");
        let mut doc = StateDoc::load(path, Some(bytes), now, &["a", "new"]);
        assert_eq!(doc.decoded.len(), 1, "`a` was decoded by the check; `new` is not in the file");
        let mut session = doc.take_session("a", now, 86_400);
        assert_eq!(session.last_accessed_at, "2026-01-01T00:00:00Z");
        assert!(doc.decoded.is_empty(), "taken, not copied");
        session.last_accessed_at = now.format();
        doc.put_session("a", &session);
        assert_eq!(doc.take_session("a", now, 86_400).last_accessed_at, now.format(), "the put version");
        let mut doc = StateDoc::load(path, Some(bytes), now, &["a"]);
        doc.put_session("a", &Session::new(Timestamp(0)));
        assert_eq!(
            doc.take_session("a", now, u64::MAX).created_at,
            "1970-01-01T00:00:00Z",
            "a put replaces the decoded"
        );
    }

    #[test]
    fn a_broken_session_is_found_when_it_is_decoded_or_at_the_sweep() {
        let dir = scratch("broken");
        let path = dir.join("state.json");
        let within = Timestamp::parse("2026-01-01T00:01:00Z").expect("time");
        let sweep_due = Timestamp(within.0 + SWEEP_INTERVAL_SECONDS);
        for (now, decoded) in [(within, "z"), (sweep_due, "a")] {
            std::fs::write(&path, IN_LINES_WITH_A_BROKEN_SESSION).expect("writes");
            let bytes = std::fs::read(&path).expect("reads");
            let doc = StateDoc::load(&path, Some(&bytes), now, &[decoded]);
            assert!(doc.sessions.is_empty(), "a corrupt file starts empty ({decoded})");
            let aside = dir.join(format!("state.json.corrupt-{}", now.0));
            assert_eq!(std::fs::read_to_string(&aside).expect("moved aside"), IN_LINES_WITH_A_BROKEN_SESSION);
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_metrics_totals_are_read_from_the_first_line_even_when_a_session_line_is_broken() {
        let broken = IN_LINES_WITH_A_BROKEN_SESSION.replace(
            "\"swept_at\"",
            "\"metrics\":{\"b\":{\"violations\":3,\"blocks\":1,\"overrides\":0}},\"swept_at\"",
        );
        assert!(StateDoc::parse(broken.as_bytes()).is_err());
        let totals = StateDoc::metrics_in(broken.as_bytes()).expect("totals");
        assert_eq!((totals.get("b").violations, totals.get("b").blocks), (3, 1));
        let compact = r#"{"metrics":{"b":{"violations":2}},"sessions":{}}"#;
        assert_eq!(StateDoc::metrics_in(compact.as_bytes()).map(|totals| totals.get("b").violations), Some(2));
        assert_eq!(StateDoc::metrics_in(b"{\"metrics\":"), None);
    }

    #[test]
    fn files_in_other_layouts_are_read_whole_and_written_one_session_per_line() {
        let pretty = "{\n  \"schema_version\": \"1\",\n  \"swept_at\": \"2026-01-01T00:00:00Z\",\n  \"sessions\": {\n    \"a\": {\n      \"x\": 1\n    }\n  }\n}";
        let now = Timestamp::parse("2026-01-01T00:01:00Z").expect("time");
        assert!(StateDoc::parse_lines(pretty.as_bytes()).is_none(), "not the line layout");
        let dir = scratch("relayout");
        let path = dir.join("state.json");
        let doc = StateDoc::load(&path, Some(pretty.as_bytes()), now, &["b"]);
        doc.save(&path).expect("saves");
        let saved = std::fs::read_to_string(&path).expect("reads");
        assert_eq!(
            saved,
            "{\"schema_version\":\"1\",\"swept_at\":\"2026-01-01T00:00:00Z\",\"sessions\":{\n\"a\":{\"x\":1}\n}}"
        );
        assert!(StateDoc::parse_lines(saved.as_bytes()).is_some());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_document_with_a_snapshot_is_sealed_and_its_head_read_alone() {
        let dir = scratch("sealed");
        let path = dir.join("state.json");
        let text =
            r#"{"schema_version":"1","custom":{"a":1},"metrics":{"b":{"violations":2}},"sessions":{"s":{"x":1}}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        doc.save(&path).expect("saves");
        let head = read_head(&path);
        assert_eq!((head.watch, head.sealed, head.unreadable), (None, None, false), "no snapshot, no seal");
        doc.set_watch("[[\"2\",\"s\",\"h\",\"k\"]]".to_owned());
        doc.save(&path).expect("saves");
        let saved = std::fs::read_to_string(&path).expect("reads");
        assert!(saved.starts_with("{\"watch\":[[\"2\""), "the snapshot first: {saved}");
        let head = read_head(&path);
        assert_eq!(head.watch.as_deref(), Some("[[\"2\",\"s\",\"h\",\"k\"]]"));
        let (seal, sealed) = (head.seal.expect("a seal"), head.sealed.expect("sealed"));
        assert!(seal.matches(&sealed), "the file is the one the hook wrote: {sealed}");
        let reread = StateDoc::parse(saved.as_bytes()).expect("still one document");
        assert_eq!((reread.watch(), reread.sealed()), (Some("[[\"2\",\"s\",\"h\",\"k\"]]"), Some(sealed.as_str())));
        assert!(reread.metrics().is_some() && reread.extra.len() == 1);
        // Written in place by another hand: the same inode, another modification time.
        std::fs::write(&path, saved.replace("\"x\":1", "\"x\":2")).expect("rewrites");
        let head = read_head(&path);
        assert!(!head.seal.expect("a seal").matches(&head.sealed.expect("sealed")), "the seal no longer matches");
        // Put in its place by a rename, even with the sealed modification time: another inode.
        let copy = dir.join("copy.json");
        std::fs::write(&copy, &saved).expect("copy");
        let seconds: u64 = sealed.rsplit('.').next().and_then(|seconds| seconds.parse().ok()).expect("seconds");
        let file = std::fs::File::options().write(true).open(&copy).expect("open the copy");
        file.set_modified(std::time::UNIX_EPOCH + std::time::Duration::from_secs(seconds)).expect("the sealed time");
        std::fs::rename(&copy, &path).expect("renames");
        let head = read_head(&path);
        assert!(!head.seal.expect("a seal").matches(&head.sealed.expect("sealed")));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_expired_session_starts_afresh_when_it_is_used() {
        let text = r#"{"schema_version":"1","sessions":{"s":{"last_accessed_at":"2020-01-01T00:00:00Z","behaviors":{"b":{"counter":4}}}}}"#;
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        let now = Timestamp::parse("2026-01-01T00:00:00Z").expect("time");
        assert!(doc.take_session("s", now, 86_400).behaviors.is_empty());
        let mut doc = StateDoc::parse(text.as_bytes()).expect("parses");
        assert_eq!(doc.take_session("s", now, u64::MAX).behaviors["b"].counter, 4);
    }
}
