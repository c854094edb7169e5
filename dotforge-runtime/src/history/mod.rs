//! Every governed CLI's history, read back as the hook events its CLI would have sent (for `backtest`).
//!
//! A history file is told by its content, not its name or place ([`detect`]): Claude Code transcripts
//! ([`claude`]), Codex CLI rollouts ([`codex`]), Gemini CLI chats ([`gemini`]), Copilot CLI session events
//! ([`copilot`]), Qwen Code chats ([`qwen`]) and Factory Droid sessions ([`droid`]) — each read line by line
//! ([`lines`]) into payloads in its CLI's own words, which `crate::harness::canonical` then reads exactly as it reads
//! that CLI's live hook payloads. [`locate`] finds where each CLI keeps a project's history. Kilo Code keeps its
//! history in a database, not in files of lines: it has no reader.

mod claude;
mod codex;
mod copilot;
mod droid;
mod gemini;
pub(crate) mod json;
pub(crate) mod lines;
pub(crate) mod locate;
mod qwen;

use crate::harness::Harness;
use json::{raw_fields, Raw};
use lines::{HistoryEvent, LineReader, Skipped};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// The history files under a path: the file itself, or every `*.jsonl` in a folder and its subfolders, in name
/// order. `Err` when the path does not exist.
pub(crate) fn files(path: &Path) -> Result<Vec<PathBuf>, String> {
    let meta = std::fs::metadata(path).map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut found = Vec::new();
    let mut folders = vec![path.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let entries =
            std::fs::read_dir(&folder).map_err(|error| format!("cannot read {}: {error}", folder.display()))?;
        for entry in entries.flatten() {
            let entry_path = entry.path();
            if entry_path.is_dir() {
                folders.push(entry_path);
            } else if entry_path.extension().is_some_and(|ext| ext == "jsonl") {
                found.push(entry_path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The files of one session: the file itself — or, for a Claude Code transcript, `<id>.jsonl` and the
/// `<id>/subagents/*.jsonl` beside it. Files with the same key are replayed together.
pub(crate) fn session_key(file: &Path) -> PathBuf {
    let parent = file.parent();
    if parent.and_then(|dir| dir.file_name()).is_some_and(|name| name == "subagents") {
        if let Some(session_dir) = parent.and_then(Path::parent) {
            return session_dir.to_path_buf();
        }
    }
    file.with_extension("")
}

raw_fields!(
    /// What tells a history's lines apart.
    Probe<'a> {
        kind: "type" => Raw<'a>,
        payload: "payload" => Raw<'a>,
        data: "data" => Raw<'a>,
        session_id: "sessionId" => Raw<'a>,
        project_hash: "projectHash" => Raw<'a>,
        set: "$set" => Raw<'a>,
        message: "message" => Raw<'a>,
        provenance: "provenance" => Raw<'a>,
    }
);

raw_fields!(
    /// A probed line's message.
    ProbeMessage<'a> { parts: "parts" => Raw<'a>, content: "content" => Raw<'a> }
);

/// How many of a file's first lines [`detect`] reads before it settles on Claude Code's transcripts.
const PROBED_LINES: usize = 16;

/// The CLI one line says wrote it, when it says.
fn written_by(probe: &Probe<'_>) -> Option<Harness> {
    let kind = json::text(probe.kind);
    let kind = kind.as_deref();
    let message = json::object::<ProbeMessage<'_>>(probe.message).unwrap_or_default();
    if kind == Some("session_meta") || (probe.payload.is_some() && probe.session_id.is_none()) {
        return Some(Harness::Codex);
    }
    if kind == Some("session.start") || (probe.data.is_some() && kind.is_some_and(|kind| kind.contains('.'))) {
        return Some(Harness::Copilot);
    }
    if kind == Some("session_start") || (kind == Some("message") && probe.session_id.is_none()) {
        return Some(Harness::Droid);
    }
    if probe.project_hash.is_some() || probe.set.is_some() || kind == Some("gemini") {
        return Some(Harness::Gemini);
    }
    if message.parts.is_some() || probe.provenance.is_some() {
        return Some(Harness::Qwen);
    }
    (kind.is_some() && (probe.session_id.is_some() || message.content.is_some())).then_some(Harness::ClaudeCode)
}

/// The CLI whose history `path` is, told by the first of its lines that says (Claude Code's transcripts when none
/// does: an empty or unknown file is read, and its lines counted, as one).
pub(crate) fn detect(path: &Path) -> Harness {
    let Ok(file) = std::fs::File::open(path) else { return Harness::ClaudeCode };
    let mut input = std::io::BufReader::new(file);
    let mut buffer = Vec::new();
    for _ in 0..PROBED_LINES {
        buffer.clear();
        if !matches!(input.read_until(b'\n', &mut buffer), Ok(read) if read > 0) {
            break;
        }
        let probe = std::str::from_utf8(&buffer).ok().and_then(json::line::<Probe<'_>>);
        if let Some(harness) = probe.as_ref().and_then(written_by) {
            return harness;
        }
    }
    Harness::ClaudeCode
}

/// The events of one history file, with the CLI that wrote it, counting what is skipped. `Err` when the file
/// cannot be read.
pub(crate) fn read_file(path: &Path, skipped: &mut Skipped) -> Result<(Harness, Vec<HistoryEvent>), String> {
    let harness = detect(path);
    let mut reader: Box<dyn LineReader> = match harness {
        Harness::Codex => Box::new(codex::Rollout::new(path)),
        Harness::Gemini => Box::new(gemini::Chat::new(path)),
        Harness::Copilot => Box::new(copilot::Events::new(path)),
        Harness::Qwen => Box::new(qwen::Chat::new()),
        Harness::Droid => Box::new(droid::Session::new(path)),
        Harness::ClaudeCode | Harness::Kilo => Box::new(claude::Transcript::new(path)),
    };
    lines::read_file(path, reader.as_mut(), skipped).map(|events| (harness, events))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("dotforge-history-{label}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch");
        dir
    }

    #[test]
    fn every_jsonl_under_a_folder_in_name_order_and_a_missing_path_is_an_error() {
        let dir = scratch("files");
        for name in ["b.jsonl", "a/subagents/agent-1.jsonl", "a.jsonl", "notes.json", "a/x.settings.json"] {
            std::fs::create_dir_all(dir.join(name).parent().expect("parent")).expect("dir");
            std::fs::write(dir.join(name), "").expect("write");
        }
        let found = files(&dir).expect("files");
        let names: Vec<String> =
            found.iter().map(|file| file.strip_prefix(&dir).expect("inside").display().to_string()).collect();
        assert_eq!(names, ["a/subagents/agent-1.jsonl", "a.jsonl", "b.jsonl"], "path order: by component");
        assert_eq!(session_key(&found[0]), session_key(&found[1]), "a subagent is replayed with its session");
        assert!(files(&dir.join("missing")).is_err());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn each_cli_is_told_by_its_lines_whatever_the_file_is_called() {
        let dir = scratch("detect");
        let cases = [
            (r#"{"timestamp":"t","type":"session_meta","payload":{"id":"x"}}"#, Harness::Codex),
            (r#"{"sessionId":"x","projectHash":"h","startTime":"t","kind":"main"}"#, Harness::Gemini),
            (r#"{"type":"session.start","data":{"sessionId":"x"},"id":"i","timestamp":"t"}"#, Harness::Copilot),
            (r#"{"type":"session_start","id":"x","cwd":"/p","version":2}"#, Harness::Droid),
            (
                r#"{"uuid":"u","sessionId":"x","type":"user","provenance":"real_user","message":{"role":"user","parts":[]}}"#,
                Harness::Qwen,
            ),
            (r#"{"type":"queue-operation","sessionId":"x"}"#, Harness::ClaudeCode),
            ("", Harness::ClaudeCode),
        ];
        for (index, (first, harness)) in cases.into_iter().enumerate() {
            let path = dir.join(format!("{index}.jsonl"));
            std::fs::write(&path, format!("not json\n{first}\n")).expect("write");
            assert_eq!(detect(&path), harness, "{first}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
