//! Whether an agent CLI started in a folder loads this hook: the `@elsewhere` test of command patterns. Claude Code
//! reads a project's settings only in the folder it starts in — not a parent's, not the repository root's (measured
//! with 2.1.328: a hook in `.claude/settings.json` does not run for `claude -p` started in a subfolder) — and its
//! user's and managed settings everywhere. So a nested CLI loads this hook when it starts in the project folder this
//! hook serves, or when a file it reads everywhere (its user settings, Claude Code's managed settings) names this
//! hook's binary (an installed plugin of this hook is named after it too: `enabledPlugins`). Those files are the
//! person's: self-protection keeps the agent from writing them, so a file the agent wrote elsewhere proves nothing and
//! is not read.

use crate::harness::{self, Harness};
use std::path::Path;

/// Reads a file's text, `None` when it cannot be read.
pub(crate) type ReadFile<'a> = &'a dyn Fn(&Path) -> Option<String>;

/// What the answer is drawn from.
pub(crate) struct Registration<'a> {
    /// The project folder this hook serves (`{project_dir}`).
    pub project_dir: Option<&'a Path>,
    /// The home folder (for the user's settings).
    pub home: Option<&'a Path>,
    /// This hook's executable's file name (`dotforge-hook`).
    pub hook_name: &'a str,
    /// Reads a file's text (`None` when it cannot be read); `None` itself when no file may be read (a backtest).
    pub read: Option<ReadFile<'a>>,
}

impl Registration<'_> {
    /// Whether `program` (`claude`), started in `folder` (absolute; `None` when not known), loads this hook. A program
    /// that is not an agent CLI this hook knows loads nothing; a folder that cannot be known is not the project's.
    pub(crate) fn loads_hook(&self, program: &str, folder: Option<&Path>) -> bool {
        let Some(harness) = harness_of(program) else { return false };
        if folder.is_some_and(|folder| self.project_dir == Some(folder)) {
            return true;
        }
        let Some(read) = self.read else { return false };
        let names_hook = |path: &Path| read(path).is_some_and(|text| text.contains(self.hook_name));
        let managed = (harness == Harness::ClaudeCode).then(harness::managed_settings);
        !self.hook_name.is_empty()
            && (harness::user_settings(harness, self.home).is_some_and(|user| names_hook(&user))
                || managed.is_some_and(|managed| names_hook(&managed)))
    }
}

/// The agent CLI a program's file name runs (`claude`, `claude.exe`), if it is one this hook serves.
fn harness_of(program: &str) -> Option<Harness> {
    Harness::parse(program.strip_suffix(".exe").unwrap_or(program))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn files(found: &'static [(&'static str, &'static str)]) -> impl Fn(&Path) -> Option<String> {
        move |path| found.iter().find(|(name, _)| Path::new(name) == path).map(|(_, text)| (*text).to_owned())
    }

    #[test]
    fn only_the_project_folder_or_a_registration_everywhere_loads_the_hook() {
        let project = PathBuf::from("/work/app");
        let none = files(&[]);
        let registration = Registration {
            project_dir: Some(&project),
            home: Some(Path::new("/home/dev")),
            hook_name: "dotforge-hook",
            read: Some(&none),
        };
        assert!(registration.loads_hook("claude", Some(Path::new("/work/app"))));
        for elsewhere in ["/work/app/src", "/tmp", "/work"] {
            assert!(!registration.loads_hook("claude", Some(Path::new(elsewhere))), "{elsewhere}");
        }
        assert!(!registration.loads_hook("claude", None), "a folder that cannot be known");
        assert!(!registration.loads_hook("vim", Some(Path::new("/work/app"))), "not an agent CLI");
        let user = files(&[(
            "/home/dev/.claude/settings.json",
            r#"{"hooks": {"PreToolUse": [{"hooks": [{"type":
            "command", "command": "/opt/bin/dotforge-hook"}]}]}}"#,
        )]);
        let everywhere = Registration { read: Some(&user), ..registration };
        assert!(everywhere.loads_hook("claude", Some(Path::new("/tmp"))), "the user's settings load everywhere");
        assert!(everywhere.loads_hook("claude.exe", None));
        let backtest = Registration { read: None, ..everywhere };
        assert!(!backtest.loads_hook("claude", Some(Path::new("/tmp"))), "a backtest reads no file");
    }
}
