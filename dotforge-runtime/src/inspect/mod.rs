//! What one tool call does, worked out at most once per event and only when a condition asks: its `command` read
//! as commands (`dotforge_shell`, with the files it runs), the paths those commands read and write, where the
//! placeholders of path globs point ([`Places`]), and whether a program is this hook's own binary (under any name).
//! A backtest keeps these across the events one thread replays ([`Memo`]).

mod memo;

pub(crate) use memo::Memo;

use crate::loads_hook::{ReadFile, Registration};
use crate::losses::{self, DestroyedPath, Losses};
use crate::model::{HookSources, PathRole};
use crate::paths::{self, Candidate, PathGlobs, PlaceParts, Places};
use crate::payload::Payload;
use crate::script_files::DiskFiles;
use crate::settings::{RunMode, Settings};
use dotforge_shell::access::{self, Access, AccessKind};
use dotforge_shell::pattern::{self, CommandPattern, Surroundings};
use dotforge_shell::program_index::ProgramIndex;
use dotforge_shell::Sources;
use dotforge_shell::{self as shell, program_name, CommandLine, Cwd, Unknown, Word};
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Mutex, OnceLock};

/// The lazily computed facts about one event's tool call.
#[derive(Debug)]
pub(crate) struct Inspection<'a> {
    payload: &'a Payload,
    settings: &'a Settings,
    sources: HookSources,
    places: OnceCell<Places>,
    /// The command read as commands, its accesses and the paths they stand for, each worked out the first time a
    /// condition asks (or known already, in a backtest's [`Memo`]).
    command_facts: OnceCell<Rc<memo::CommandFacts>>,
    dotglob: OnceCell<bool>,
    /// The paths each path field asked about stands for, and the answers about them (`file_path` is asked by
    /// several behaviors).
    field_paths: RefCell<Vec<(String, Rc<memo::FieldFacts>)>>,
    /// A backtest thread's facts of the calls it replayed before.
    memo: Option<&'a Memo>,
    /// The command a `runs` condition matched that another command ran (see [`Inspection::take_road`]).
    reached: Cell<Option<usize>>,
    /// Whether conditions may match what the reader could not know (commands computed while the line runs, and
    /// the paths their programs name): set for the second reading of a call (see [`crate::engine`]).
    allow_unknown: Cell<bool>,
    /// What a condition matched that the reader could not know, in words, since the last
    /// [`Inspection::take_unknown`].
    unknown_hit: RefCell<Option<String>>,
    /// Whether the line holds commands the reader could not know.
    unknown_in_line: OnceCell<bool>,
    /// Which entries of the catalog's program index the line runs (see [`Inspection::runs_listed`]).
    program_marks: OnceCell<Vec<bool>>,
    /// What the call destroys and creates (`loses_work`).
    losses: Losses,
}

/// The paths an access stands for, made ready to match.
fn access_paths(access: &Access, places: &Places, dotglob: bool) -> memo::AccessPaths {
    let landed = paths::resolve_access(access, places, dotglob);
    let unknown_member = landed
        .members_unknown
        .then(|| landed.paths.iter().map(|(folder, _)| Candidate::new(&folder.join("an-archive-member"))).collect());
    let candidates = landed.paths.iter().map(|(path, tree)| (Candidate::new(path), *tree)).collect();
    memo::AccessPaths { candidates, unknown_member }
}

/// What the reader could not know about command `index`, in words, with the road that reached it.
fn describe_unknown(line: &CommandLine, index: usize) -> String {
    let command = &line.commands[index];
    let what = match command.unknown {
        Unknown::Program => {
            let words: Vec<&str> = command.words.iter().map(|word| word.text.as_str()).collect();
            format!("`{}`: its program is computed as it runs", words.join(" "))
        }
        Unknown::Possible => {
            let words: Vec<&str> = command.words.iter().map(|word| word.text.as_str()).collect();
            format!("`{}` is given as text that may be run as a command", words.join(" "))
        }
        _ => "text computed as the command runs is run as commands".to_owned(),
    };
    match command.via.as_ref().and_then(|via| line.road(via.command)) {
        Some(road) => format!("{what}, by {road}"),
        None => match &command.via {
            Some(via) => {
                let runner: Vec<&str> =
                    line.commands[via.command].words.iter().map(|word| word.text.as_str()).collect();
                format!("{what}, by `{}`", runner.join(" "))
            }
            None => what,
        },
    }
}

/// A program word and, for a path, the directory it is relative to.
type ProgramWord = (Option<PathBuf>, String);

/// This hook's executable, to recognize it under another name or path.
#[derive(Debug)]
struct HookBinary {
    path: PathBuf,
    name: String,
    len: OnceLock<Option<u64>>,
    digest: OnceLock<Option<[u8; 32]>>,
}

impl<'a> Inspection<'a> {
    pub(crate) fn new(payload: &'a Payload, settings: &'a Settings, sources: HookSources) -> Self {
        Inspection {
            payload,
            settings,
            sources,
            places: OnceCell::new(),
            command_facts: OnceCell::new(),
            dotglob: OnceCell::new(),
            field_paths: RefCell::new(Vec::new()),
            memo: None,
            reached: Cell::new(None),
            allow_unknown: Cell::new(false),
            unknown_hit: RefCell::new(None),
            unknown_in_line: OnceCell::new(),
            program_marks: OnceCell::new(),
            losses: Losses::default(),
        }
    }

    /// The inspection of a backtest's event, sharing what is known of its command and paths with the events the
    /// same thread replayed before (a backtest reads no file, so these depend on the command, path and folder
    /// alone).
    pub(crate) fn remembering(self, memo: &'a Memo) -> Self {
        let memo = (self.settings.mode == RunMode::InMemory).then_some(memo);
        Inspection { memo, ..self }
    }

    pub(crate) fn places(&self) -> &Places {
        self.places.get_or_init(|| {
            let cwd = self
                .payload
                .cwd()
                .map(PathBuf::from)
                .or_else(|| std::env::current_dir().ok())
                .map(|dir| shell::normalize(&dir));
            let absolute = |path: PathBuf| match &cwd {
                Some(cwd) if path.is_relative() => shell::normalize(&cwd.join(path)),
                _ => shell::normalize(&path),
            };
            let forge_root = match (self.settings.mode.is_recorded(), self.payload.cwd()) {
                (true, Some(recorded)) => PathBuf::from(recorded).join(".forge"),
                _ => self.settings.forge_root.clone(),
            };
            Places {
                project_dir: self.settings.project_dir.clone().or_else(|| cwd.clone()).map(absolute),
                forge_root: Some(absolute(forge_root)),
                home: std::env::var_os("HOME").filter(|home| !home.is_empty()).map(PathBuf::from),
                hook_binary: HookBinary::current().map(|hook| hook.path.clone()),
                hook_sources: self.sources.package_dir.map(|dir| shell::normalize(Path::new(dir))),
                behaviors_dir: self.sources.behaviors_dir.map(|dir| shell::normalize(Path::new(dir))),
                cwd,
                parts: PlaceParts::default(),
            }
        })
    }

    fn command(&self) -> &str {
        self.payload.tool_input().get("command").and_then(serde_json::Value::as_str).unwrap_or("")
    }

    /// Whether the command may make globs match hidden files (`shopt -s dotglob`, `GLOBIGNORE`), looked at once.
    fn dotglob(&self) -> bool {
        *self.dotglob.get_or_init(|| self.command().contains("dotglob") || self.command().contains("GLOBIGNORE"))
    }

    /// The command read as commands — with what the scripts, Makefiles, package scripts and git aliases it runs
    /// hold, read from disk, except in a backtest (the files of the past are not the files of now).
    fn command_facts(&self) -> &memo::CommandFacts {
        self.command_facts.get_or_init(|| match self.memo {
            Some(memo) => memo.command(self.payload.cwd(), self.command()),
            None => Rc::default(),
        })
    }

    fn line(&self) -> &CommandLine {
        self.command_facts().line.get_or_init(|| {
            let cwd = self.places().cwd.clone();
            match self.settings.mode {
                RunMode::InMemory => shell::parse(self.command(), cwd),
                RunMode::Live | RunMode::Replay => shell::parse_with(self.command(), cwd, &DiskFiles),
            }
        })
    }

    fn accesses(&self) -> &[Access] {
        self.command_facts().accesses.get_or_init(|| access::accesses(self.line(), self.command()))
    }

    /// Whether the command has parts the reader could not know (read only when a condition read the command): an
    /// archive's members, a computed program or folder, a path that is the root when a variable is empty.
    pub(crate) fn has_unknown(&self) -> bool {
        self.command_facts.get().is_some_and(|facts| {
            facts.members_unknown.get()
                || facts.line.get().is_some_and(|line| self.line_has_unknown(line))
                || facts.accesses.get().is_some_and(|accesses| accesses.iter().any(|access| access.possible))
        })
    }

    /// Whether `line` (this call's) holds commands the reader could not know, looked at once.
    fn line_has_unknown(&self, line: &CommandLine) -> bool {
        // (A command whose folder cannot be known may reach a relative path in the working folder.)
        *self.unknown_in_line.get_or_init(|| {
            line.commands.iter().any(|command| command.unknown != Unknown::Nothing || command.cwd == Cwd::Unknown)
        })
    }

    /// Lets conditions match what the reader could not know (or stops them).
    pub(crate) fn allow_unknown(&self, allow: bool) {
        self.allow_unknown.set(allow);
    }

    /// What a condition matched that the reader could not know, since the last call, in words; forgets it.
    pub(crate) fn take_unknown(&self) -> Option<String> {
        self.unknown_hit.borrow_mut().take()
    }

    /// `runs`: some command of the line matches the pattern (one the reader could not know only when that is
    /// allowed; see [`Inspection::allow_unknown`]).
    pub(crate) fn runs(&self, pattern: &CommandPattern) -> bool {
        let line = self.line();
        // What the reader knows is an answer a backtest keeps for the command; what it could not know is asked anew.
        let known = self.command_facts().runs.get_or(memo::asked(pattern, false), || {
            let mut asked = Asked(self);
            if self.line_has_unknown(line) {
                pattern::first_match_among(pattern, line, false, &mut asked)
            } else {
                pattern::first_match(pattern, line, &mut asked)
            }
        });
        let Some(index) = known else {
            if self.allow_unknown.get() {
                if let Some(index) = pattern::first_match_among(pattern, line, true, &mut Asked(self)) {
                    self.note_unknown(describe_unknown(line, index));
                    return true;
                }
            }
            return false;
        };
        // The first command matched that another one ran (a script's, a Makefile's), for the message to show how.
        if self.line().commands[index].via.is_some() && self.reached.get().is_none() {
            self.reached.set(Some(index));
        }
        true
    }

    /// Whether some command of the line runs a program of these `entries` of `index` (the programs a `runs`
    /// pattern, or a group of them, names): the line's programs are looked up in the index once per call.
    pub(crate) fn runs_listed(&self, index: &ProgramIndex, entries: &[u16]) -> bool {
        let line = self.line();
        // A command the reader could not know may be any program.
        if self.allow_unknown.get() && self.line_has_unknown(line) {
            return true;
        }
        let marks = self.program_marks.get_or_init(|| index.marks(line));
        entries.iter().any(|&entry| marks.get(usize::from(entry)).copied().unwrap_or(true))
    }

    /// The road to the first command a `runs` condition matched since the last call, when another command ran it
    /// (`git push -f ← Makefile: deploy ← make deploy`) — or, after a `loses_work` condition found work to lose,
    /// what would be lost (`Would lose …`); forgets it.
    pub(crate) fn take_road(&self) -> Option<String> {
        if let Some(shown) = self.losses.take_shown() {
            self.reached.take();
            return Some(shown);
        }
        let index = self.reached.take()?;
        self.line().road(index)
    }

    /// `loses_work` (DSL extension): the call destroys — on `command`, a command of the line deletes, truncates or
    /// replaces; on `paths`, a file tool deletes — a path the globs match that holds work git could not bring back,
    /// and that is not among `created` (what this session made). Not answered in a backtest: the files of now are
    /// not the files the recorded call met.
    pub(crate) fn loses_work(
        &self,
        field: &str,
        named: &[(String, PathRole)],
        globs: &PathGlobs,
        created: &[String],
    ) -> bool {
        if self.settings.mode == RunMode::InMemory {
            return false;
        }
        let places = self.places();
        let destroyed: Vec<DestroyedPath> = if field == "command" {
            let effects = self.losses.effects(|| dotforge_shell::losses::effects(self.line(), self.command()));
            if effects.losses.is_empty() {
                return false; // most commands: no file is read
            }
            losses::destroyed_by_command(effects, places, self.dotglob())
        } else {
            let cwd = places.cwd.clone().map_or(Cwd::Unknown, Cwd::Known);
            named
                .iter()
                .filter(|(_, role)| *role == PathRole::Delete)
                .flat_map(|(path, _)| paths::resolve(&losses::word_of(path), &cwd, places, false))
                .map(|path| DestroyedPath { path, tree: true, only_named: Vec::new(), tracked_only: false })
                .collect()
        };
        !destroyed.is_empty() && self.losses.first_unsaved(&destroyed, globs, places, created).is_some()
    }

    /// The paths this call would create that do not exist yet (on PreToolUse: a file tool's new file, a command's
    /// redirection target, `touch`, `mkdir`, a copy's destination…), worked out once. None in a backtest.
    pub(crate) fn created_now(&self, named: &[(String, PathRole)]) -> &[String] {
        self.losses.created(|| {
            if self.settings.mode == RunMode::InMemory {
                return Vec::new();
            }
            let places = self.places();
            let mut found = Vec::new();
            if !self.command().is_empty() {
                let effects = self.losses.effects(|| dotforge_shell::losses::effects(self.line(), self.command()));
                found = losses::missing_creations(effects, places, self.dotglob());
            }
            let cwd = places.cwd.clone().map_or(Cwd::Unknown, Cwd::Known);
            let written = named
                .iter()
                .filter(|(_, role)| *role == PathRole::Write)
                .flat_map(|(path, _)| paths::resolve(&losses::word_of(path), &cwd, places, false))
                .map(|path| (path, false));
            for path in losses::missing(written) {
                if !found.contains(&path) {
                    found.push(path);
                }
            }
            found
        })
    }

    /// `reads` / `writes` on `command`: some command of the line reads (writes) a matching path.
    pub(crate) fn command_accesses(&self, kind: AccessKind, globs: &PathGlobs) -> bool {
        // Accesses the reader could not know are looked at anew (and noted); the others' answer a backtest keeps.
        if self.allow_unknown.get() {
            return self.command_accesses_found(kind, globs);
        }
        let key = memo::asked(globs, kind == AccessKind::Write);
        self.command_facts().accesses_match.get_or(key, || self.command_accesses_found(kind, globs))
    }

    fn command_accesses_found(&self, kind: AccessKind, globs: &PathGlobs) -> bool {
        let places = self.places();
        let all = self.accesses();
        let allow_unknown = self.allow_unknown.get();
        let mut accesses = all
            .iter()
            .enumerate()
            .filter(|(_, access)| access.kind == kind && (allow_unknown || !access.possible))
            .peekable();
        if accesses.peek().is_none() {
            return false;
        }
        // Compiled for the first path there is to match (often none: a path that cannot be known, a tool's project
        // root that does not exist).
        let compiled = OnceCell::new();
        let facts = self.command_facts();
        let resolved = facts.access_paths.get_or_init(|| all.iter().map(|_| OnceCell::new()).collect());
        accesses.any(|(index, access)| {
            let landed = resolved[index].get_or_init(|| access_paths(access, places, self.dotglob()));
            if landed.candidates.is_empty() {
                return false;
            }
            let globs = compiled.get_or_init(|| globs.compile(places));
            let matches = |candidate: &Candidate, tree: bool| match access.only_named.as_slice() {
                [] => globs.matches(candidate, tree),
                names if access.kind == AccessKind::Read => globs.reads_named(candidate, names, access.max_depth),
                names => globs.matches_named(candidate, names, access.max_depth),
            };
            let matched = || landed.candidates.iter().any(|(candidate, tree)| matches(candidate, *tree));
            if let Some(unknown_member) = &landed.unknown_member {
                facts.members_unknown.set(true);
                // Whatever lands in a folder the globs name throughout is what they name.
                if unknown_member.iter().any(|member| matches(member, false)) {
                    return true;
                }
                let matched = allow_unknown && matched();
                if matched {
                    self.note_unknown(format!(
                        "`{}` extracts into `{}` an archive whose members cannot be read before it runs",
                        self.command_words(),
                        access.path.text
                    ));
                }
                return matched;
            }
            let matched = matched();
            if matched && access.possible {
                let commands = &self.line().commands;
                let computed = commands.iter().any(|command| command.unknown == Unknown::Program);
                let given = commands.iter().any(|command| command.unknown == Unknown::Possible);
                let why = if computed {
                    "its program is computed"
                } else if given {
                    "it is given as text that may be run as a command"
                } else if access.path.text.starts_with('/') {
                    "a variable it names may be empty"
                } else {
                    "the folder it runs in is computed"
                };
                self.note_unknown(format!(
                    "`{}` names `{}`, and {why} as it runs",
                    self.command_words(),
                    access.path.text
                ));
            }
            matched
        })
    }

    /// The command's words, one space apart.
    fn command_words(&self) -> String {
        self.command().split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn note_unknown(&self, what: String) {
        self.unknown_hit.borrow_mut().get_or_insert(what);
    }

    /// `reads` / `writes` on a path field (`file_path`, `notebook_path`): the path matches.
    pub(crate) fn path_matches(&self, path: &str, globs: &PathGlobs) -> bool {
        self.path_or_tree_matches(path, false, globs)
    }

    /// [`Inspection::path_matches`], and with `tree` everything under the path as well (a folder deleted or moved
    /// away takes what it holds).
    pub(crate) fn path_or_tree_matches(&self, path: &str, tree: bool, globs: &PathGlobs) -> bool {
        if path.is_empty() {
            return false;
        }
        let facts = self.field_paths(path);
        facts.matches.get_or(memo::asked(globs, tree), || {
            let globs = globs.compile(self.places());
            facts.paths.iter().any(|path| globs.matches(path, tree))
        })
    }

    /// The paths a path field stands for, resolved once per event and field value (once per folder, in a backtest).
    fn field_paths(&self, path: &str) -> Rc<memo::FieldFacts> {
        if let Some((_, known)) = self.field_paths.borrow().iter().find(|(asked, _)| asked == path) {
            return Rc::clone(known);
        }
        let resolve = || {
            let places = self.places();
            let word = Word { text: path.to_owned(), tilde: path.starts_with('~'), ..Word::default() };
            let cwd = places.cwd.clone().map_or(Cwd::Unknown, Cwd::Known);
            let paths = paths::resolve(&word, &cwd, places, false).iter().map(|path| Candidate::new(path)).collect();
            Rc::new(memo::FieldFacts { paths, matches: memo::Answers::default() })
        };
        let resolved = match self.memo {
            Some(memo) => memo.field(self.payload.cwd(), path, resolve),
            None => resolve(),
        };
        self.field_paths.borrow_mut().push((path.to_owned(), Rc::clone(&resolved)));
        resolved
    }

    /// Whether a program word runs this hook's binary: by name, by path, or as a copy of it. Answers are kept for
    /// the process (a backtest asks about the same programs again and again).
    fn is_hook_binary(&self, word: &Word) -> bool {
        static KNOWN: OnceLock<Mutex<BTreeMap<ProgramWord, bool>>> = OnceLock::new();
        let Some(hook) = HookBinary::current() else { return false };
        if program_name(&word.text) == hook.name {
            return true;
        }
        let cwd = word.text.contains('/').then(|| self.places().cwd.clone()).flatten();
        let key = (cwd, word.text.clone());
        let known = KNOWN.get_or_init(|| Mutex::new(BTreeMap::new()));
        if let Some(answer) = known.lock().ok().and_then(|known| known.get(&key).copied()) {
            return answer;
        }
        let answer = self.runs_a_copy(&word.text, hook);
        if let Ok(mut known) = known.lock() {
            known.insert(key, answer);
        }
        answer
    }

    /// Whether the program a word names is the hook binary under another name or path: the same file (through a
    /// link), or a copy with the same bytes. Either has the hook's size, so any other size settles it at once.
    fn runs_a_copy(&self, program: &str, hook: &HookBinary) -> bool {
        let Some((program, len)) = self.locate(program) else { return false };
        if Some(len) != hook.len() {
            return false;
        }
        std::fs::canonicalize(&program).is_ok_and(|real| real == hook.path)
            || hook.digest().is_some_and(|digest| file_digest(&program) == Some(digest))
    }

    /// The file a program word runs — a path (relative to `cwd`), or the first match on `PATH` — and its size.
    fn locate(&self, program: &str) -> Option<(PathBuf, u64)> {
        let file_len = |path: &Path| std::fs::metadata(path).ok().filter(|meta| meta.is_file()).map(|meta| meta.len());
        // Relative to the directory the command runs in, as the shell resolves it (not this process's).
        let in_cwd = |path: PathBuf| match &self.places().cwd {
            Some(cwd) if path.is_relative() => cwd.join(path),
            _ => path,
        };
        if program.contains('/') {
            let path = in_cwd(PathBuf::from(program));
            let len = file_len(&path)?;
            return Some((path, len));
        }
        let mut searched: Vec<PathBuf> = Vec::new();
        let mut candidate = PathBuf::new();
        for dir in std::env::split_paths(&std::env::var_os("PATH")?) {
            // An empty entry is the current directory; a folder listed twice cannot hold a first match the second time.
            let dir = in_cwd(if dir.as_os_str().is_empty() { PathBuf::from(".") } else { dir });
            if searched.iter().any(|seen| seen.as_os_str() == dir.as_os_str()) {
                continue;
            }
            candidate.clear();
            candidate.push(&dir);
            candidate.push(program);
            if let Some(len) = file_len(&candidate) {
                return Some((candidate, len));
            }
            searched.push(dir);
        }
        None
    }
}

/// What a `runs` pattern asks beyond a command's words, answered for one event: whether a program is this hook, what
/// a file a value names holds (read as the shell reader reads scripts; nothing in a backtest), and whether an agent
/// CLI started in a folder loads this hook ([`Registration`]).
struct Asked<'i, 'a>(&'i Inspection<'a>);

impl Asked<'_, '_> {
    /// The one path a word stands for in the directory `cwd`, when it can be known.
    fn path(&self, text: &str, cwd: &Cwd) -> Option<PathBuf> {
        let word = Word { text: text.to_owned(), tilde: text.starts_with('~'), ..Word::default() };
        let mut found = paths::resolve(&word, cwd, self.0.places(), false);
        (found.len() == 1).then(|| found.remove(0))
    }

    /// Whether files may be read: not in a backtest, which judges recorded commands by their text.
    fn reads_files(&self) -> bool {
        self.0.settings.mode != RunMode::InMemory
    }
}

impl Surroundings for Asked<'_, '_> {
    fn is_hook_binary(&mut self, program: &Word) -> bool {
        self.0.is_hook_binary(program)
    }

    fn file_text(&mut self, path: &str, cwd: &Cwd) -> Option<String> {
        self.reads_files().then(|| self.path(path, cwd)).flatten().and_then(|path| DiskFiles.read(&path))
    }

    fn loads_this_hook(&mut self, program: &str, cwd: &Cwd) -> bool {
        let folder = self.path(".", cwd);
        let places = self.0.places();
        let read = |path: &Path| DiskFiles.read(path);
        let registration = Registration {
            project_dir: places.project_dir.as_deref(),
            home: places.home.as_deref(),
            hook_name: HookBinary::current().map_or("", |hook| hook.name.as_str()),
            read: self.reads_files().then_some(&read as ReadFile<'_>),
        };
        registration.loads_hook(program, folder.as_deref())
    }
}

impl HookBinary {
    /// This process's executable, looked up once.
    fn current() -> Option<&'static HookBinary> {
        static CURRENT: OnceLock<Option<HookBinary>> = OnceLock::new();
        CURRENT
            .get_or_init(|| {
                let executable = std::env::current_exe().ok()?;
                // Linux names the executable by its resolved path (/proc/self/exe); elsewhere it is resolved here.
                let path =
                    if cfg!(target_os = "linux") { executable } else { std::fs::canonicalize(executable).ok()? };
                let name = path.file_name()?.to_string_lossy().into_owned();
                Some(HookBinary { path, name, len: OnceLock::new(), digest: OnceLock::new() })
            })
            .as_ref()
    }

    /// The executable's size, looked up the first time a program word needs it.
    fn len(&self) -> Option<u64> {
        *self.len.get_or_init(|| std::fs::metadata(&self.path).ok().map(|meta| meta.len()))
    }

    fn digest(&self) -> Option<[u8; 32]> {
        *self.digest.get_or_init(|| file_digest(&self.path))
    }
}

fn file_digest(path: &Path) -> Option<[u8; 32]> {
    let bytes = std::fs::read(path).ok()?;
    Some(hmac_sha256::Hash::hash(&bytes))
}
