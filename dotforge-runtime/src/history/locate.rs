//! Where each CLI keeps a project's history, found the way the CLI itself finds it (read from the pinned CLIs):
//!
//! - Claude Code: `~/.claude/projects/<the project folder, every character but ASCII letters and digits as `->/`;
//! - Codex CLI: `$CODEX_HOME/sessions/` (`~/.codex/sessions/`), every rollout whose `session_meta` names the
//!   project folder;
//! - Gemini CLI: `~/.gemini/tmp/<name>/chats/` (`$GEMINI_CLI_HOME` in place of `~`), the name the project folder has
//!   in `~/.gemini/projects.json`, or the SHA-256 of the folder in hex (older versions, before they moved it);
//! - Copilot CLI: `$COPILOT_HOME/session-state/` (`~/.copilot/session-state/`), every session whose
//!   `session.start` names the project folder;
//! - Qwen Code: `~/.qwen/projects/<the folder, as Claude Code writes it>/chats/` (`$QWEN_RUNTIME_DIR`, else
//!   `$QWEN_HOME`, in place of `~/.qwen`);
//! - Factory Droid: `~/.factory/sessions/-<the folder's real path without its first slash, each `/` as `->/`.

use super::json::{self, raw_fields, Raw};
use crate::harness::Harness;
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// Where one CLI keeps a project's history: the folder it would be in, and the history found there.
#[derive(Debug)]
pub(crate) struct Place {
    pub harness: Harness,
    pub folder: PathBuf,
    /// The folder itself, or the files of the project in it (for the CLIs that keep every project's sessions in
    /// one folder); empty when there is none.
    pub found: Vec<PathBuf>,
}

/// Each CLI's history of the project folder `project`, for the user whose home is `home`; `variable` reads the
/// environment (a variable that is set and not empty).
pub(crate) fn project_histories(project: &Path, home: &Path, variable: &dyn Fn(&str) -> Option<PathBuf>) -> Vec<Place> {
    let folder_place = |harness, folder: PathBuf| {
        let found = if folder.is_dir() { vec![folder.clone()] } else { Vec::new() };
        Place { harness, folder, found }
    };
    let sessions_of = |harness, folder: PathBuf, started_in: fn(&Path) -> Option<PathBuf>| {
        let files = super::files(&folder).unwrap_or_default();
        let found = files.into_iter().filter(|file| started_in(file).is_some_and(|cwd| cwd == project)).collect();
        Place { harness, folder, found }
    };
    let codex_home = variable("CODEX_HOME").unwrap_or_else(|| home.join(".codex"));
    let copilot_home = variable("COPILOT_HOME").unwrap_or_else(|| home.join(".copilot"));
    let qwen_home =
        variable("QWEN_RUNTIME_DIR").or_else(|| variable("QWEN_HOME")).unwrap_or_else(|| home.join(".qwen"));
    let gemini_home = variable("GEMINI_CLI_HOME").unwrap_or_else(|| home.to_path_buf()).join(".gemini");
    let real_project = std::fs::canonicalize(project).unwrap_or_else(|_| project.to_path_buf());
    let gemini = gemini_chats(&gemini_home, project);
    vec![
        folder_place(Harness::ClaudeCode, claude_folder(home, project)),
        sessions_of(Harness::Codex, codex_home.join("sessions"), rollout_folder),
        Place { harness: Harness::Gemini, folder: gemini.0, found: gemini.1 },
        sessions_of(Harness::Copilot, copilot_home.join("session-state"), copilot_folder),
        folder_place(Harness::Qwen, qwen_home.join("projects").join(letters_and_digits(project)).join("chats")),
        folder_place(Harness::Droid, home.join(".factory/sessions").join(droid_key(&real_project))),
    ]
}

/// The project folder Claude Code keeps transcripts in for `project`.
pub(crate) fn claude_folder(home: &Path, project: &Path) -> PathBuf {
    home.join(".claude").join("projects").join(letters_and_digits(project))
}

/// The folder with every character but ASCII letters and digits written as `-` (Claude Code's and Qwen Code's
/// project folder names).
fn letters_and_digits(project: &Path) -> String {
    project.to_string_lossy().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect()
}

/// Droid's name for a project folder: `-`, then its path without leading or trailing slashes, each run of slashes
/// as one `-`.
fn droid_key(project: &Path) -> String {
    let text = project.to_string_lossy();
    let parts: Vec<&str> = text.split('/').filter(|part| !part.is_empty()).collect();
    format!("-{}", parts.join("-"))
}

/// Gemini CLI's chats folder for `project` under `base` (`~/.gemini`), and the chats found: the project's name in
/// `projects.json`, then the hash-named folder of older versions.
fn gemini_chats(base: &Path, project: &Path) -> (PathBuf, Vec<PathBuf>) {
    let registry: Option<serde_json::Value> =
        std::fs::read(base.join("projects.json")).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok());
    let key = project.to_string_lossy();
    let named = registry.as_ref().and_then(|registry| registry["projects"][key.as_ref()].as_str()).map(str::to_owned);
    let hashed = crate::hash::sha256_hex(key.as_bytes());
    let folders: Vec<PathBuf> =
        named.into_iter().chain([hashed]).map(|name| base.join("tmp").join(name).join("chats")).collect();
    let found = folders.iter().filter(|folder| folder.is_dir()).cloned().collect();
    (folders[0].clone(), found)
}

raw_fields!(
    /// The first line of a rollout or a Copilot session, and what it holds.
    Start<'a> {
        kind: "type" => Raw<'a>,
        payload: "payload" => Raw<'a>,
        data: "data" => Raw<'a>,
        context: "context" => Raw<'a>,
        cwd: "cwd" => Raw<'a>,
    }
);

/// The first line of a file, read as [`Start`]'s fields.
fn first_line(file: &Path) -> Option<String> {
    let mut line = String::new();
    std::io::BufReader::new(std::fs::File::open(file).ok()?).read_line(&mut line).ok()?;
    Some(line)
}

/// The folder a Codex rollout's session started in (its `session_meta`).
fn rollout_folder(file: &Path) -> Option<PathBuf> {
    let line = first_line(file)?;
    let start = json::line::<Start<'_>>(&line).filter(|start| json::is(start.kind, "session_meta"))?;
    let meta = json::object::<Start<'_>>(start.payload)?;
    json::text(meta.cwd).map(|cwd| PathBuf::from(cwd.as_ref()))
}

/// The folder a Copilot session started in (its `session.start`).
fn copilot_folder(file: &Path) -> Option<PathBuf> {
    let line = first_line(file)?;
    let start = json::line::<Start<'_>>(&line).filter(|start| json::is(start.kind, "session.start"))?;
    let context = json::object::<Start<'_>>(json::object::<Start<'_>>(start.data)?.context)?;
    json::text(context.cwd).map(|cwd| PathBuf::from(cwd.as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_folders_are_named_as_each_cli_names_them() {
        assert_eq!(
            claude_folder(Path::new("/home/u"), Path::new("/tmp/My.proj_dir x/sub-é")),
            Path::new("/home/u/.claude/projects/-tmp-My-proj-dir-x-sub--"),
            "as Claude Code 2.1.328 names it"
        );
        assert_eq!(
            letters_and_digits(Path::new("/work/my_app.v2")),
            "-work-my-app-v2",
            "Qwen Code 0.24.4's sanitizeCwd"
        );
        assert_eq!(
            droid_key(Path::new("/work/my_app.v2/")),
            "-work-my_app.v2",
            "Droid 0.225.2 keeps dots and underscores"
        );
    }

    #[test]
    fn without_a_history_each_cli_says_where_it_looked() {
        let home = Path::new("/nonexistent-home");
        let none = |_: &str| None;
        let places = project_histories(Path::new("/work/p"), home, &none);
        let folders: Vec<String> = places.iter().map(|place| place.folder.display().to_string()).collect();
        assert_eq!(
            folders,
            [
                "/nonexistent-home/.claude/projects/-work-p",
                "/nonexistent-home/.codex/sessions",
                "/nonexistent-home/.gemini/tmp/1eb39ff2d919a732f952aac9ea183bb78deace6b582fcc07894f4473fb92581a/chats",
                "/nonexistent-home/.copilot/session-state",
                "/nonexistent-home/.qwen/projects/-work-p/chats",
                "/nonexistent-home/.factory/sessions/-work-p",
            ]
        );
        assert!(places.iter().all(|place| place.found.is_empty()));
        let moved = |name: &str| (name == "CODEX_HOME").then(|| PathBuf::from("/codex"));
        assert_eq!(project_histories(Path::new("/work/p"), home, &moved)[1].folder, Path::new("/codex/sessions"));
    }
}
