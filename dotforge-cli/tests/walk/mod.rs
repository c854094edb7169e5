//! Walking documents as a reader would: the fenced blocks of a markdown section, the commands of a shell block (with
//! the output the document shows under a command), and a shell that runs them one after another in a scratch world —
//! `cd` carried from one command to the next, HOME of its own, cargo offline, and every cargo project's `target/` a
//! link to a target folder shared between runs and between the builds of one run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// One fenced block: its language (`sh`, `yaml`…) and its text.
pub struct Block {
    pub language: String,
    pub text: String,
}

/// The fenced blocks under the heading `heading` (a whole line, `## …`), up to the next heading of that level or
/// higher.
pub fn section_blocks(markdown: &str, heading: &str) -> Vec<Block> {
    let level = heading.chars().take_while(|c| *c == '#').count();
    let mut lines = markdown.lines().skip_while(|line| *line != heading);
    assert!(lines.next().is_some(), "no heading `{heading}`");
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    for line in lines {
        match open.as_mut() {
            Some(_) if line.starts_with("```") => blocks.extend(open.take()),
            Some(block) => {
                block.text.push_str(line);
                block.text.push('\n');
            }
            None if line.starts_with("```") => {
                open = Some(Block { language: line.trim_start_matches('`').trim().to_owned(), text: String::new() })
            }
            None => {
                let hashes = line.chars().take_while(|c| *c == '#').count();
                if hashes > 0 && hashes <= level && line[hashes..].starts_with(' ') {
                    break;
                }
            }
        }
    }
    blocks
}

/// One command of a shell block, and the output the document shows for it (the `# {…}` lines under it).
pub struct Step {
    pub command: String,
    pub shown: Vec<String>,
}

/// The commands of a shell block in order: continuation lines joined, comments and blank lines left out, a comment
/// that starts with `{` or `[` taken as the output shown for the command before it.
pub fn steps(block: &str) -> Vec<Step> {
    let mut steps: Vec<Step> = Vec::new();
    let mut pending = String::new();
    for line in block.lines() {
        let trimmed = line.trim();
        if pending.is_empty() {
            if let Some(comment) = trimmed.strip_prefix('#') {
                let comment = comment.trim();
                if comment.starts_with('{') || comment.starts_with('[') {
                    if let Some(last) = steps.last_mut() {
                        last.shown.push(comment.to_owned());
                    }
                }
                continue;
            }
            if trimmed.is_empty() {
                continue;
            }
        }
        match trimmed.strip_suffix('\\') {
            Some(head) => {
                pending.push_str(head);
                pending.push(' ');
            }
            None => {
                pending.push_str(trimmed);
                steps.push(Step { command: std::mem::take(&mut pending), shown: Vec::new() });
            }
        }
    }
    steps
}

/// Whether `printed` is what a document shows, `…` standing for any text: the pieces between the ellipses appear in
/// order, the first at the start and the last at the end.
pub fn matches_shown(printed: &str, shown: &str) -> bool {
    let printed = printed.trim();
    let pieces: Vec<&str> = shown.split('…').collect();
    let (first, middle, last) = match pieces.as_slice() {
        [only] => return printed == *only,
        [first, middle @ .., last] => (first, middle, last),
        [] => return false,
    };
    let Some(mut rest) = printed.strip_prefix(first) else { return false };
    for piece in middle {
        match rest.find(piece) {
            Some(at) => rest = &rest[at + piece.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// What a command printed and how it ended.
pub struct Ran {
    pub command: String,
    pub status: std::process::ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Ran {
    /// Panics with the command and everything it printed unless it succeeded.
    pub fn succeeded(self) -> Ran {
        assert!(
            self.status.success(),
            "`{}` failed ({}):\n{}\n{}",
            self.command,
            self.status,
            self.stdout,
            self.stderr
        );
        self
    }
}

/// A shell session in a scratch world.
pub struct Shell {
    pub cwd: PathBuf,
    home: PathBuf,
    cargo_home: PathBuf,
    rustup_home: Option<PathBuf>,
    /// Shared target folders: a dotforge checkout's builds go to `checkout`, a hook project's to `hooks`.
    targets: PathBuf,
    /// Text replaced in every command (a document's placeholder path, say).
    replace: Vec<(String, String)>,
}

fn real_home() -> PathBuf {
    std::env::var_os("HOME").map(PathBuf::from).expect("HOME")
}

impl Shell {
    /// A shell in `cwd`, with `home` as HOME and the target folders under `targets`.
    pub fn new(cwd: &Path, home: &Path, targets: &Path) -> Shell {
        std::fs::create_dir_all(home).expect("home");
        let cargo_home = std::env::var_os("CARGO_HOME").map_or_else(|| real_home().join(".cargo"), PathBuf::from);
        let rustup_home = std::env::var_os("RUSTUP_HOME")
            .map(PathBuf::from)
            .or_else(|| Some(real_home().join(".rustup")).filter(|dir| dir.is_dir()));
        Shell {
            cwd: cwd.to_path_buf(),
            home: home.to_path_buf(),
            cargo_home,
            rustup_home,
            targets: targets.to_path_buf(),
            replace: Vec::new(),
        }
    }

    /// Replaces `from` with `to` in every command from now on.
    pub fn replacing(mut self, from: &str, to: &Path) -> Shell {
        self.replace.push((from.to_owned(), to.to_str().expect("UTF-8 path").to_owned()));
        self
    }

    /// Links `dir/target` to the shared target folder of its kind, when `dir` is a cargo project without one.
    pub fn share_target(&self, dir: &Path) {
        let link = dir.join("target");
        if !dir.join("Cargo.toml").is_file() || link.symlink_metadata().is_ok() {
            return;
        }
        let kind = if dir.join("dotforge-runtime/Cargo.toml").is_file() { "checkout" } else { "hooks" };
        let shared = self.targets.join(kind);
        std::fs::create_dir_all(&shared).expect("shared target");
        link_dir(&shared, &link);
    }

    /// Runs one command in the current folder; a `cd` in it carries over to the next command.
    pub fn run(&mut self, command: &str) -> Ran {
        self.share_target(&self.cwd.clone());
        let mut command_text = command.to_owned();
        for (from, to) in &self.replace {
            command_text = command_text.replace(from, to);
        }
        let marker = "@@dotforge-walk-cwd=";
        let script = format!("{command_text}\nstatus=$?\nprintf '\\n{marker}%s\\n' \"$PWD\"\nexit $status\n");
        let output = self.command("sh").arg("-c").arg(&script).current_dir(&self.cwd).output().expect("sh");
        let mut stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        if let Some(at) = stdout.rfind(&format!("\n{marker}")) {
            let cwd = stdout[at + 1 + marker.len()..].trim_end().to_owned();
            self.cwd = PathBuf::from(cwd);
            stdout.truncate(at);
        }
        self.share_target(&self.cwd.clone());
        Ran {
            command: command_text,
            status: output.status,
            stdout,
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    /// A program to run in this world's environment.
    pub fn command(&self, program: &str) -> Command {
        let mut command = Command::new(program);
        // Nothing of this machine's setup leaks in: no hook settings (`FORGE_…`), no other target folder, no other
        // home of an agent CLI, no other git repository.
        let leaks = |key: &str| {
            key.starts_with("FORGE_")
                || key.starts_with("GIT_")
                || ["CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR", "CLAUDE_PROJECT_DIR", "DOTFORGE_BEHAVIORS_DIR"]
                    .contains(&key)
                || ["XDG_CONFIG_HOME", "CODEX_HOME", "QWEN_HOME"].contains(&key)
        };
        for (key, _) in std::env::vars_os() {
            if key.to_str().is_some_and(leaks) {
                command.env_remove(key);
            }
        }
        command
            .env("HOME", &self.home)
            .env("CARGO_HOME", &self.cargo_home)
            .env("CARGO_NET_OFFLINE", "true")
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .stdin(Stdio::null());
        if let Some(rustup_home) = &self.rustup_home {
            command.env("RUSTUP_HOME", rustup_home);
        }
        command
    }
}

#[cfg(unix)]
fn link_dir(target: &Path, link: &Path) {
    std::os::unix::fs::symlink(target, link).expect("link target/");
}

#[cfg(windows)]
fn link_dir(target: &Path, link: &Path) {
    std::os::windows::fs::symlink_dir(target, link).expect("link target/");
}

/// Gives every file under `copy` (but `.git/` and `target/`) that is byte for byte the same file under `original`
/// the modification time of the original. A clone's files are all new to cargo, which would compile every crate of
/// it again; with the times of the files it was made from, cargo compiles again exactly what changed since the
/// last run — what it does in the original folder. Only the time changes, never a byte.
pub fn keep_times_of(original: &Path, copy: &Path) {
    fn walk(original: &Path, copy: &Path) {
        let Ok(entries) = std::fs::read_dir(copy) else { return };
        for entry in entries.filter_map(Result::ok) {
            let name = entry.file_name();
            if name == ".git" || name == "target" {
                continue;
            }
            let (from, to) = (original.join(&name), entry.path());
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => walk(&from, &to),
                Ok(kind) if kind.is_file() => {
                    let same =
                        std::fs::read(&from).is_ok_and(|bytes| std::fs::read(&to).is_ok_and(|ours| ours == bytes));
                    let time = std::fs::metadata(&from).and_then(|meta| meta.modified());
                    if let (true, Ok(time)) = (same, time) {
                        let file = std::fs::OpenOptions::new().write(true).open(&to).expect("open");
                        file.set_modified(time).expect("set the time");
                    }
                }
                _ => {}
            }
        }
    }
    walk(original, copy);
}

/// Runs `git` with an identity of its own in `dir`; panics when it fails.
pub fn git(shell: &Shell, dir: &Path, args: &[&str]) -> Output {
    let output = shell
        .command("git")
        .current_dir(dir)
        .args(["-c", "user.name=Dev", "-c", "user.email=dev@example.com", "-c", "init.defaultBranch=main"])
        .args(args)
        .output()
        .expect("git");
    assert!(
        output.status.success(),
        "git {args:?} in {}: {}{}",
        dir.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_join_continuations_and_keep_the_output_shown() {
        let block = "# 1. a step\necho '{\"a\":1}' \\\n  | cat\n# {\"a\":…}\n\ncd ../x   # go there\n";
        let steps = steps(block);
        assert_eq!(steps.len(), 2);
        assert_eq!(steps[0].command, "echo '{\"a\":1}'  | cat");
        assert_eq!(steps[0].shown, ["{\"a\":…}"]);
        assert_eq!(steps[1].command, "cd ../x   # go there");
        assert!(matches_shown("{\"a\":1}\n", "{\"a\":…}"));
        assert!(!matches_shown("{\"b\":1}", "{\"a\":…}"));
        assert!(matches_shown("{\"x\":{\"y\":2},\"m\":\"hi\"}", "{\"x\":{…},\"m\":\"hi\"}"));
    }
}
