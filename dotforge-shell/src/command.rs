//! What the reader finds in a command line: simple commands with their words, redirections and working directory,
//! and which commands feed others their output.

use crate::lexer::{RedirectKind, Word};
pub use crate::programs::program_name;
use crate::programs::Shape;
use std::cell::OnceCell;
use std::path::PathBuf;

/// Where a command runs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cwd {
    /// A known directory (absolute, or relative to the payload's `cwd`).
    Known(PathBuf),
    /// Changed by something whose target is not known (`cd "$X"`, `popd`).
    Unknown,
}

/// A redirection of a command.
#[derive(Clone, Debug)]
pub struct Redirect {
    /// What the redirection does.
    pub kind: RedirectKind,
    /// The target word (for a heredoc, its delimiter).
    pub target: Word,
    /// The heredoc or here-string text fed to the command's input.
    pub input_text: Option<String>,
}

/// One simple command.
#[derive(Clone, Debug)]
pub struct SimpleCommand {
    /// `argv`: the program and its arguments (wrappers and leading assignments removed for derived commands).
    pub words: Vec<Word>,
    /// `NAME=value` words before the written command, which set its environment (shared by what it runs).
    pub assignments: Vec<Word>,
    /// Its redirections, in order.
    pub redirects: Vec<Redirect>,
    /// The output of the command piped into it, when it can be known (`printf ',d\nw\n' | ed -s f`); a heredoc's,
    /// a here-string's and a file's are its redirections'.
    pub piped_input: Option<String>,
    /// Where it runs.
    pub cwd: Cwd,
    /// The commands derived from one written command (a wrapper and what it runs) share a group.
    pub group: usize,
    /// The text came from the crude reading: words may be commands that do not exist.
    pub crude: bool,
    /// The road that reached it, when another command ran it (a script, a file, interpreter code), `None` for a
    /// command of the line as written.
    pub via: Option<Via>,
    /// What the reader could not know about it: its program, or everything it runs (text computed while the line
    /// runs). Such a command may be any command: a pattern is taken to match it, and the hook asks.
    pub unknown: Unknown,
    /// What the program table says of its words, once asked.
    pub(crate) shape: OnceCell<Shape>,
}

/// What the reader could not know about a command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Unknown {
    /// Nothing: its program and words are as read.
    #[default]
    Nothing,
    /// Its program, computed while the line runs (`$CMD push -f`, `"$(…)" push -f`); its arguments are as read.
    Program,
    /// Everything it runs: text computed while the line runs is run as commands (`eval "$X"`, `… | base64 -d | sh`,
    /// `source /dev/stdin` fed by an unknown command).
    Everything,
    /// Whether it runs at all: a command line given as text to a program that may run it — an argument of a program
    /// the table does not know (`mytool --on-done 'git push -f'`), an option named for a command, a variable, a file
    /// the line wrote (see `possible`). Its words are as read.
    Possible,
}

/// How a command was reached: the command that ran it, and the file read on the way, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Via {
    /// The index (in [`CommandLine::commands`]) of the command that ran it.
    pub command: usize,
    /// Where its text was read, when from a file (`Makefile: deploy`, `package.json: test`, `deploy.sh`).
    pub file: Option<String>,
}

impl SimpleCommand {
    /// The program's file name (`/usr/bin/git` → `git`), or `""`.
    pub fn program(&self) -> &str {
        self.words.first().map_or("", |word| program_name(&word.text))
    }

    /// What the program table says of its words.
    pub(crate) fn shape(&self) -> &Shape {
        self.shape.get_or_init(|| Shape::of(&self.words))
    }
}

/// A command's words as one line, cut to [`ROAD_STEP_CHARS`].
fn shortened(words: &[Word]) -> String {
    let text = words.iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match text.char_indices().nth(ROAD_STEP_CHARS) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// A command line read as commands.
#[derive(Clone, Debug, Default)]
pub struct CommandLine {
    /// Every simple command found, in the order they were read.
    pub commands: Vec<SimpleCommand>,
    /// For each group, the groups whose output it reads (pipes, substitutions, process substitutions).
    pub fed_by: Vec<Vec<usize>>,
    /// Some of it could only be read crudely.
    pub degraded: bool,
    /// The names `for NAME in …` and `select NAME in …` headers bind, anywhere on the line (their headers are no
    /// commands of it).
    pub loop_names: Vec<String>,
}

/// Longest command text shown in a road.
const ROAD_STEP_CHARS: usize = 60;

impl CommandLine {
    /// The road that reached command `index`, the command first: `git push -f ← Makefile: deploy ← make deploy`
    /// (each command's words, shortened), or `None` for a command of the line as written.
    pub fn road(&self, index: usize) -> Option<String> {
        let mut steps = Vec::new();
        let mut at = Some(index);
        let mut hops = 0;
        while let Some(command) = at.and_then(|index| self.commands.get(index)) {
            steps.push(shortened(&command.words));
            let Some(via) = &command.via else { break };
            steps.extend(via.file.iter().cloned());
            // A road cannot loop (each command is ran by an earlier one), but a bound costs nothing.
            hops += 1;
            at = (via.command < index && hops < 64).then_some(via.command);
        }
        (steps.len() > 1).then(|| steps.join(" ← "))
    }

    /// Whether group `to` reads (directly or through other commands) the output of group `from`.
    pub fn feeds(&self, from: usize, to: usize) -> bool {
        self.any_feeds(&[from], &[to])
    }

    /// Whether some group of `to` reads (directly or through other commands) the output of some group of `from`:
    /// one search back from all of `to` at once, each group visited once.
    pub fn any_feeds(&self, from: &[usize], to: &[usize]) -> bool {
        let mut seen = vec![false; self.fed_by.len()];
        let mut is_source = vec![false; self.fed_by.len()];
        for &group in from {
            if let Some(flag) = is_source.get_mut(group) {
                *flag = true;
            }
        }
        let mut stack = to.to_vec();
        while let Some(group) = stack.pop() {
            for &source in self.fed_by.get(group).map_or(&[][..], Vec::as_slice) {
                if is_source.get(source).copied().unwrap_or(false) {
                    return true;
                }
                if !std::mem::replace(&mut seen[source], true) {
                    stack.push(source);
                }
            }
        }
        false
    }
}
