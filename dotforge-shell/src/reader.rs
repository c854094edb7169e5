//! The full reading of a command line: each script is lexed ([`crate::lexer`]), split into simple commands, and
//! what those commands run in turn — substitutions, `sh -c` scripts, wrapped commands ([`crate::unwrap`]), text fed
//! to a shell, interpreter code ([`crate::code`]), and, when the caller supplies [`Sources`], the script files,
//! Makefiles, package scripts, justfiles and git aliases they run — is queued and read the same way, without
//! recursion. Scripts nested too deep, too long or not terminated, and lines with too many commands, are read by
//! [`crate::crude`] instead.

use crate::argv::{quote, Order, Parsed};
use crate::braces;
use crate::command::{program_name, CommandLine, Cwd, Redirect, SimpleCommand, Unknown, Via};
use crate::destinations::{self, Folder};
use crate::languages::{self, language_of_file};
use crate::later::{self, Planted};
use crate::lexer::{lex, Op, RedirectKind, Token, Word};
use crate::limits::{MAX_COMMANDS, MAX_DEPTH, MAX_FILE_DEPTH, MAX_SCRIPT_BYTES};
use crate::printed::{self, output_of, pipeline_output};
use crate::programs::{self, Language, Logic, Touches};
use crate::sed_edits;
use crate::sources::{locate, FileScript, LineFiles, NoFiles, Sources};
use crate::unwrap::Input;
use crate::{
    code, code_paths, computed, config_commands, containers, crude, functions, git_config, justfile, make,
    package_scripts, parameters, possible, unwrap,
};
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// One script waiting to be read: its text, depth, the group it feeds, the directory it starts in, the environment
/// it inherits and how many files deep it was found.
struct Job {
    text: String,
    depth: usize,
    feeds: Option<usize>,
    cwd: Cwd,
    environment: Vec<Word>,
    /// The shell's variables the script sees: those of the shell that runs it in itself (`trap`, `eval`); none for
    /// a script another shell runs, which sees only what is exported (`sh -c`).
    variables: Vec<(String, String)>,
    file_depth: usize,
    /// The command that runs this script, and the file it came from (what its commands record as their road).
    via: Option<Via>,
    /// Whether the script may not run at all (see [`Unknown::Possible`]): its commands, and theirs, are possible.
    possible: bool,
}

/// Everything one command line's reading gathers.
struct Reading<'s> {
    line: CommandLine,
    jobs: Vec<Job>,
    files: LineFiles<'s>,
    /// The text each group writes to its output, when known (`echo`, `printf`, `cat`), for what it is piped to.
    outputs: Vec<Option<String>>,
    /// The scripts read crudely so far and the groups that reading made: the same text read again from the same
    /// directory finds the same commands, so it is read once (nested unterminated scripts would otherwise repeat it
    /// at every level).
    crudely_read: HashMap<(String, Cwd), Range<usize>>,
    /// The crude commands found so far, so a copy of the same command in another text is not added again.
    crude_commands: crude::Known,
}

impl Reading<'_> {
    /// Reads `text` crudely (once per text and directory); returns the groups of that reading.
    fn read_crudely(&mut self, text: &str, cwd: &Cwd) -> Range<usize> {
        self.line.degraded = true;
        let key = (text.to_owned(), cwd.clone());
        if let Some(groups) = self.crudely_read.get(&key) {
            return groups.clone();
        }
        let groups_before = self.line.fed_by.len();
        crude::read(text, cwd, &mut self.line, &mut self.crude_commands);
        let groups = groups_before..self.line.fed_by.len();
        self.crudely_read.insert(key, groups.clone());
        groups
    }
}

/// Reads `text` (a Bash tool `command`) as the commands it runs. `cwd` is where it starts (the payload's `cwd`).
/// Reads no file: see [`parse_with`].
pub fn parse(text: &str, cwd: Option<PathBuf>) -> CommandLine {
    parse_with(text, cwd, &NoFiles)
}

/// Reads `text` as [`parse`] does, and also what the files it runs hold — scripts (`bash x.sh`, `./x.sh`,
/// `python x.py`, `source x`), Makefiles (`make deploy`), `package.json` scripts (`npm run x`), justfiles and git
/// aliases — read through `sources` within the budget of [`crate::sources`].
pub fn parse_with(text: &str, cwd: Option<PathBuf>, sources: &dyn Sources) -> CommandLine {
    let start = cwd.map_or(Cwd::Unknown, Cwd::Known);
    let mut reading = Reading {
        line: CommandLine::default(),
        jobs: vec![Job {
            text: text.to_owned(),
            depth: 0,
            feeds: None,
            cwd: start,
            environment: Vec::new(),
            variables: Vec::new(),
            file_depth: 0,
            via: None,
            possible: false,
        }],
        files: LineFiles::new(sources),
        outputs: Vec::new(),
        crudely_read: HashMap::new(),
        crude_commands: crude::Known::default(),
    };
    while let Some(job) = reading.jobs.pop() {
        let commands_before = reading.line.commands.len();
        if commands_before >= MAX_COMMANDS {
            reading.read_crudely(&job.text, &job.cwd);
        } else if job.depth > MAX_DEPTH || job.text.len() > MAX_SCRIPT_BYTES {
            let groups = reading.read_crudely(&job.text, &job.cwd);
            link_feeds(&mut reading.line, groups, job.feeds);
        } else {
            read_script(&job, &mut reading);
            continue;
        }
        if job.possible {
            mark_possible(&mut reading.line.commands[commands_before..]);
        }
    }
    reading.line
}

/// Reads `text` the crude way only (see [`crate::crude`]): what [`parse`] falls back to for scripts it cannot read
/// fully. It finds every program the full reading finds, and more.
pub fn parse_crudely(text: &str, cwd: Option<PathBuf>) -> CommandLine {
    let mut line = CommandLine { degraded: true, ..CommandLine::default() };
    crude::read(text, &cwd.map_or(Cwd::Unknown, Cwd::Known), &mut line, &mut crude::Known::default());
    line
}

/// Marks `commands` as commands that may not run at all ([`Unknown::Possible`]), unless less is known of them.
fn mark_possible(commands: &mut [SimpleCommand]) {
    for command in commands.iter_mut().filter(|command| command.unknown == Unknown::Nothing) {
        command.unknown = Unknown::Possible;
    }
}

/// Makes every group of `groups` feed `target`.
fn link_feeds(line: &mut CommandLine, groups: Range<usize>, target: Option<usize>) {
    if let Some(sources) = target.and_then(|target| line.fed_by.get_mut(target)) {
        sources.extend(groups);
    }
}

/// A command as written, before wrappers are looked through.
#[derive(Default)]
struct Written {
    words: Vec<Word>,
    assignments: Vec<Word>,
    redirects: Vec<Redirect>,
    /// Token indices that belong to it (for nested scripts).
    tokens: Vec<usize>,
}

/// The state of reading one script: where its commands run, the variables it set and exported so far.
struct ScriptState<'j> {
    job: &'j Job,
    cwd: Cwd,
    variables: Vec<(String, String)>,
    /// `NAME=value` exported so far (the job's inherited environment first).
    exported: Vec<Word>,
    /// Folders the line made git's hooks folder (`git config core.hooksPath DIR`): files written there are hooks.
    hooks_paths: Vec<String>,
    /// Arrays assigned so far (`cmd=(git push -f)`).
    arrays: computed::Arrays,
    /// Links and copies of known programs the line made, as `(the new path as written, the program)`.
    program_copies: Vec<(String, String)>,
    /// Images the line built, as `(a name it is tagged with, what its Dockerfile gives its containers)`.
    images: Vec<(String, containers::Image)>,
    /// The functions the script defines, as `(name, body)`.
    functions: Vec<(String, String)>,
    /// The line's writes up to here whose scripts were read as possibly run (see `possible`).
    scripts_considered: usize,
    /// Files the line wrote that a command named, held for the next command that may run them without naming them.
    files_held: Vec<(PathBuf, String)>,
    token_group: Vec<Option<usize>>,
}

impl ScriptState<'_> {
    /// An image the command builds (`docker build -t NAME .`), with the command its Dockerfile gives (read from the
    /// line's files or the disk), for a later `docker run NAME`.
    fn remember_built_image(&mut self, words: &[Word], files: &mut LineFiles<'_>) {
        let Some((tags, dockerfile)) = containers::built_image(words) else { return };
        let Some(path) = locate(&dockerfile, &self.cwd, files.sources()) else { return };
        let Some(image) = files.read(&path).and_then(|text| containers::image_command(&text)) else { return };
        self.images.extend(tags.into_iter().map(|tag| (tag, image.clone())));
    }

    /// The known program a path-like program word runs: a link or copy of it the line made, or a symbolic link to
    /// it on disk.
    fn program_behind(&self, word: &Word, sources: &dyn Sources) -> Option<String> {
        // (A git subcommand's program, which git's links name `git-push`, is read as that subcommand by its name.)
        let git_subcommand = programs::program_name(&word.text).starts_with("git-") && word.text.contains("/git-core/");
        if word.dynamic || !word.text.contains('/') || programs::lookup(&word.text).is_some() || git_subcommand {
            return None;
        }
        let trimmed = word.text.trim_start_matches("./");
        if let Some((_, program)) =
            self.program_copies.iter().rev().find(|(path, _)| path.trim_start_matches("./") == trimmed)
        {
            return Some(program.clone());
        }
        let path = locate(word, &self.cwd, sources)?;
        let target = sources.link_target(&path)?;
        let name = target.file_name()?.to_str()?;
        programs::lookup(name).map(|_| name.to_owned())
    }

    /// Records one written command (and what it runs) in the line; returns its group, `None` for an empty one.
    fn finish(&mut self, current: &mut Written, piped_from: Option<usize>, reading: &mut Reading<'_>) -> Option<usize> {
        let mut written = std::mem::take(current);
        if written.words.is_empty() && written.assignments.is_empty() && written.redirects.is_empty() {
            return None;
        }
        let writes_before = reading.files.writes_so_far();
        written.words = braces::expand_words(std::mem::take(&mut written.words));
        written.words = substitute_variables(std::mem::take(&mut written.words), &self.variables);
        // Expansions, values and program words computed while the line runs, known where they can be (`"$d/audit"`,
        // `${HOME:?}`, `x=$(echo rm)`, `$(which git)`, `"${cmd[@]}"`); what stays unknown marks the command. (Most
        // commands hold no expansion: they skip all of it.)
        let expands = |word: &Word| word.dynamic;
        let computed = written.words.iter().chain(&written.assignments).any(expands)
            || written.redirects.iter().any(|redirect| expands(&redirect.target));
        let mut unknown = Unknown::Nothing;
        if computed {
            let variables = &self.variables;
            // (A program word stays as written: what an expansion makes a program is read as computed.)
            for word in written.words.iter_mut().skip(1).filter(|word| word.dynamic) {
                *word = parameters::expand(std::mem::take(word), variables);
            }
            // An assignment's value too (`f=.e; f=${f}nv`).
            for word in written.assignments.iter_mut().filter(|word| word.dynamic) {
                *word = parameters::expand(std::mem::take(word), variables);
            }
            for redirect in &mut written.redirects {
                redirect.target = parameters::expand(std::mem::take(&mut redirect.target), variables);
            }
            let cwd = self.cwd.clone();
            // (The line's variables are known inside the substitution too: `v=…; git push $(rev <<< "$v")`.)
            let mut printed = |script: &str| {
                let script = Word { text: script.to_owned(), dynamic: true, ..Word::default() };
                pipeline_output(&parameters::expand(script, variables).text, &cwd, &mut reading.files)
            };
            for assignment in written.assignments.iter_mut().chain(written.words.iter_mut()) {
                if let Some(known) = computed::resolve_assignment(assignment, &mut printed) {
                    *assignment = known;
                }
            }
            let resolved = computed::resolve(std::mem::take(&mut written.words), &self.arrays, &mut printed);
            (written.words, unknown) = resolved;
        }
        let arrays = written.assignments.iter().chain(written.words.iter()).filter(|word| word.assignment);
        for assignment in arrays.filter(|word| word.text.contains("=(")) {
            let Some((name, elements)) = computed::array_assignment(assignment) else { continue };
            // `a+=(…)` appends to the array.
            let array = match name.strip_suffix('+') {
                Some(name) => {
                    let before = self.arrays.iter().rev().find(|(known, _)| known == name).map(|(_, words)| words);
                    let mut all = before.cloned().unwrap_or_default();
                    all.extend(elements);
                    (name.to_owned(), all)
                }
                None => (name, elements),
            };
            self.arrays.push(array);
        }
        let mut words = std::mem::take(&mut written.words);
        // A link or copy of a known program runs that program (`ln -s /usr/bin/git g && ./g push -f`).
        if let Some(first) = words.first_mut() {
            if let Some(program) = self.program_behind(first, reading.files.sources()) {
                *first = Word { text: program, ..Word::default() };
            }
        }
        remember_program_copies(&words, &mut self.program_copies);
        // An image the line built runs its Dockerfile's command when `docker run` gives none.
        let words = containers::with_image_command(words, &self.images);
        self.remember_built_image(&words, &mut reading.files);
        written.words = words;
        remember_assignments(&written, &mut self.variables);
        remember_exports(&written, &self.variables, &mut self.exported);
        let group = reading.line.fed_by.len();
        reading.line.fed_by.push(Vec::new());
        for &token in &written.tokens {
            self.token_group[token] = Some(group);
        }
        let stdin = self.input_of(&written, piped_from, reading);
        let output = output_of(&written.words, stdin.as_deref(), &self.cwd, &mut reading.files);
        self.remember_written_files(&written.redirects, output.as_deref(), &mut reading.files);
        remember_hooks_path(&written.words, &mut self.hooks_paths);
        let planted = planted_texts(&written, output.as_deref(), stdin.as_deref(), &self.cwd, &mut reading.files);
        if reading.outputs.len() <= group {
            reading.outputs.resize(group + 1, None);
        }
        reading.outputs[group] = output;
        let next_cwd = unwrap::change_directory(&written.words, &self.cwd);
        let mut environment = self.exported.clone();
        environment.extend(written.assignments.iter().cloned());
        let input_redirected = written.redirects.iter().any(|redirect| {
            matches!(redirect.kind, RedirectKind::Read | RedirectKind::HereDoc | RedirectKind::HereString)
        });
        let fed = piped_from.is_some() || input_redirected;
        let input = match stdin.as_deref() {
            Some(text) => Input::Known(text),
            None if fed => Input::Unknown,
            None => Input::Nothing,
        };
        let mut derived = unwrap::look_through(&written.words, input, &environment);
        // A command line in a variable it sets (`CC="sh -c '…'" make`, `ON_DONE='git push -f' tool`) may be run by
        // the program (see `possible`).
        if !written.assignments.is_empty() {
            derived.possible_scripts.extend(possible::command_lines(&written.assignments, true));
        }
        // A function the script defined runs its body, the call's arguments in place of its parameters.
        let function_body = written.words.first().filter(|name| !name.dynamic).and_then(|name| {
            let defined = |wanted: &str| self.functions.iter().rev().find(|(defined, _)| defined == wanted);
            if let Some((_, body)) = defined(&name.text) {
                let arguments: Vec<String> = written.words[1..].iter().map(|word| word.text.clone()).collect();
                return Some(functions::called(body, &arguments));
            }
            // A program the table does not know may be one no folder on PATH has: bash then calls its
            // `command_not_found_handle` (zsh its `command_not_found_handler`) with the command's words.
            // (Looked up only when the line defines one, as few do.)
            let (_, handler) = defined("command_not_found_handle").or_else(|| defined("command_not_found_handler"))?;
            if programs::lookup(&name.text).is_some() || name.text.contains('/') {
                return None;
            }
            let arguments: Vec<String> = written.words.iter().map(|word| word.text.clone()).collect();
            Some(functions::called(handler, &arguments))
        });
        let piped_input = stdin.clone().filter(|_| !input_redirected);
        let first = SimpleCommand {
            words: written.words,
            assignments: environment,
            redirects: written.redirects,
            piped_input,
            cwd: self.cwd.clone(),
            group,
            crude: false,
            via: self.job.via.clone(),
            unknown,
            shape: Default::default(),
        };
        reading.line.commands.push(first);
        let first_index = reading.line.commands.len() - 1;
        for inner in derived.commands {
            let mut assignments = reading.line.commands[first_index].assignments.clone();
            assignments.extend(inner.assignments);
            let cwd = inner.cwd.map_or_else(|| self.cwd.clone(), Cwd::Known);
            // A wrapped command's program may be computed too (`sudo $CMD`).
            let (words, unknown) = computed::resolve(inner.words, &self.arrays, &mut |_| None);
            reading.line.commands.push(SimpleCommand {
                words,
                assignments,
                redirects: Vec::new(),
                piped_input: None,
                cwd,
                group,
                crude: false,
                via: self.job.via.clone(),
                unknown,
                shape: Default::default(),
            });
        }
        // A script that may not run makes commands that may not (`mytool --on-done 'git push -f'`).
        if self.job.possible {
            mark_possible(&mut reading.line.commands[first_index..]);
        }
        // What the written command finally runs (after its wrappers) is what runs scripts and files.
        let innermost = reading.line.commands.len() - 1;
        let mut files_run = derived.files;
        files_run.extend(path_lookups(&reading.line.commands[innermost]));
        let job = self.job;
        let queue = |reading: &mut Reading<'_>, text: String, cwd: Cwd, file_depth: usize, file: Option<String>| {
            let environment = reading.line.commands[innermost].assignments.clone();
            let via = Some(Via { command: innermost, file });
            reading.jobs.push(Job {
                text,
                depth: job.depth + 1,
                feeds: Some(group),
                cwd,
                environment,
                variables: Vec::new(),
                file_depth,
                via,
                possible: job.possible,
            });
        };
        // A script that may not run at all (see `possible`), queued as such.
        let queue_possible =
            |reading: &mut Reading<'_>, text: String, cwd: Cwd, file_depth: usize, file: Option<String>| {
                queue(reading, text, cwd, file_depth, file);
                if let Some(queued) = reading.jobs.last_mut() {
                    queued.possible = true;
                }
            };
        // `trap` and `eval` run their script in this shell, which sees its variables (`tmp=$(mktemp -d); trap 'rm
        // -rf "$tmp"' EXIT`); another shell sees what is exported.
        let program = reading.line.commands[innermost].words.first().map_or("", |word| word.text.as_str());
        let same_shell = matches!(program_name(program), "trap" | "eval");
        for script in derived.scripts {
            queue(reading, script, self.cwd.clone(), job.file_depth, None);
            if let Some(queued) = reading.jobs.last_mut().filter(|_| same_shell) {
                queued.variables = self.variables.clone();
            }
        }
        for script in derived.possible_scripts {
            queue_possible(reading, script, self.cwd.clone(), job.file_depth, None);
        }
        if let Some(body) = function_body {
            queue(reading, body, self.cwd.clone(), job.file_depth, None);
        }
        // What is written into a file that runs later (a shell's start-up file, a git hook, a cron table, git's
        // config) is read as what will run: still this agent's act.
        for (path, text) in planted {
            let kind = later::planted(&path).or_else(|| {
                let folder = path.rsplit_once('/').map_or("", |(folder, _)| folder);
                self.hooks_paths.iter().any(|hooks| hooks.trim_end_matches('/') == folder).then_some(Planted::Script)
            });
            if let Some(kind) = kind {
                let script = later::planted_script(kind, &text);
                queue(reading, script, self.cwd.clone(), job.file_depth + 1, Some(path));
            }
        }
        // What a process substitution prints, run as a script (`source <(CMD)`): known when `CMD` prints known text.
        let mut unknown = derived.unknown;
        for text in derived.output_scripts {
            match pipeline_output(&text, &self.cwd, &mut reading.files) {
                Some(script) => queue(reading, script, self.cwd.clone(), job.file_depth, None),
                None => unknown = true,
            }
        }
        remember_filled_files(&reading.line.commands[innermost], stdin.as_deref(), &mut reading.files);
        // What files hold: script files, task runners' recipes, git aliases (looked at only for the programs that
        // run them, so other commands cost nothing here).
        let program = reading.line.commands[innermost].shape().entry;
        let runs_files = !files_run.is_empty() || program.is_some_and(|program| program.recipes().next().is_some());
        if runs_files && job.file_depth < MAX_FILE_DEPTH {
            reading.files.take_read_unknown();
            let argv = reading.line.commands[innermost].words.clone();
            let cwd = reading.line.commands[innermost].cwd.clone();
            let mut found: Vec<FileScript> = Vec::new();
            for file in &files_run {
                let Some(path) = locate(&file.path, &cwd, reading.files.sources()) else { continue };
                let Some(text) = reading.files.read(&path) else { continue };
                let language = file.language.unwrap_or_else(|| language_of_file(&file.path.text, &text));
                if reading.files.written_here(&path) {
                    if let Some(inline) = languages::inline_command(language, &text) {
                        queue(reading, inline, cwd.clone(), job.file_depth + 1, Some(file.path.text.clone()));
                    }
                    // Code in a language this crate does not read, written by the line and run (`printf … >
                    // /tmp/x.go && go run /tmp/x.go`): what it does cannot be known when it may act at all.
                    unknown |= language == Language::Other && code_paths::unread_code_acts(&text);
                }
                // A file sourced into this shell exports to the commands after it (`source ~/.bashrc && git
                // commit`), which are read before its own commands are.
                if language == Language::Shell && matches!(program_name(&argv[0].text), "source" | ".") {
                    self.exported.extend(sourced_exports(&text));
                }
                // A shell script's positional parameters are the arguments it is given.
                let known = !file.arguments.is_empty() && file.arguments.iter().all(|word| !word.dynamic);
                let text = if language == Language::Shell && known {
                    let arguments: Vec<String> = file.arguments.iter().map(|word| quote(&word.text)).collect();
                    format!("set -- {}\n{text}", arguments.join(" "))
                } else {
                    text
                };
                found.push(FileScript { text, language, cwd: None, origin: file.path.text.clone() });
            }
            found.extend(make::recipes(&argv, &cwd, &mut reading.files, stdin.as_deref()));
            found.extend(package_scripts::scripts(&argv, &cwd, &mut reading.files));
            found.extend(justfile::recipes(&argv, &cwd, &mut reading.files));
            found.extend(git_config::alias(&argv, &cwd, &mut reading.files));
            for script in found {
                let start = script.cwd.map_or_else(|| cwd.clone(), Cwd::Known);
                let texts = match script.language {
                    Language::Shell => vec![script.text],
                    Language::Other => Vec::new(),
                    language => code::commands_in(language, &script.text),
                };
                let origin = (!script.origin.is_empty()).then_some(script.origin);
                for text in texts {
                    queue(reading, text, start.clone(), job.file_depth + 1, origin.clone());
                }
            }
            // A file it runs that the line wrote with text no one can know (`curl URL > Makefile && make`).
            unknown |= reading.files.take_read_unknown();
        }
        // Recipes the reader does not read, written by the line itself (`printf … > Taskfile.yml && task`); and
        // files of code a tool runs as it starts, written by the line (`conftest.py`, `vitest.config.ts`): read as
        // that code given inline when its language is read, else what no one can know.
        let cwd = reading.line.commands[innermost].cwd.clone();
        // A wrapper's own recipes count too (`mise exec -- git commit` takes its environment from `mise.toml`).
        if let (Cwd::Known(dir), true) = (&cwd, reading.files.wrote_any()) {
            for wrapper in &reading.line.commands[first_index..innermost] {
                let recipes = wrapper.shape().entry.map(|entry| entry.unread_recipes());
                unknown |= recipes.is_some_and(|recipes| reading.files.written_in(dir, recipes));
            }
        }
        // A recipe an option names that the line makes as it runs (`gradle -I <(printf …)`) holds what cannot be
        // known here.
        if let Some(program) = program {
            let argv = &reading.line.commands[innermost].words;
            if argv.iter().any(|word| word.text.starts_with("<(")) {
                let recipes = program.unread_recipes().chain(program.code_recipes());
                let named = program.recipes_named_by_options(argv, recipes);
                unknown |= named.iter().any(|word| word.text.starts_with("<("));
            }
        }
        if let (Some(program), Cwd::Known(dir), true) = (program, &cwd, reading.files.wrote_any()) {
            let argv = &reading.line.commands[innermost].words;
            let named = |words: Vec<Word>| -> Vec<(String, PathBuf)> {
                let located =
                    words.into_iter().filter_map(|word| Some((locate(&word, &cwd, reading.files.sources())?, word)));
                located.map(|(path, word)| (word.text, path)).collect()
            };
            let unread_named = named(program.recipes_named_by_options(argv, program.unread_recipes()));
            // Documents the line wrote whose includes the generator reads (`.. literalinclude:: ../.env`).
            let documents: Vec<PathBuf> = program
                .included_files()
                .flat_map(|ending| reading.files.written_ending(ending).map(Path::to_path_buf).collect::<Vec<_>>())
                .collect();
            // (An option that only lists what the file holds, `act -l`, runs none of it.)
            let mut only_lists = program.unread_recipes().filter_map(|name| name.strip_prefix('!'));
            // (A subcommand so named counts only as the first word after the program: `dart format lib`, not
            // `dart run x.dart format`.)
            let only_lists = only_lists.any(|option| match option.starts_with('-') {
                true => argv.iter().any(|word| word.text == option),
                false => argv.get(1).is_some_and(|word| word.text == option),
            });
            unknown |= !only_lists
                && (reading.files.written_in(dir, program.unread_recipes())
                    || unread_named.iter().any(|(_, path)| reading.files.written_here(path)));
            // (A wrapper's `*` names count too: `conda run` sources its environment's activation scripts.)
            let wrappers =
                reading.line.commands[first_index..innermost].iter().filter_map(|wrapper| wrapper.shape().entry);
            let mut code_names: Vec<&'static str> = program.code_recipes().collect();
            code_names.extend(wrappers.flat_map(|wrapper| wrapper.code_recipes()).filter(|name| name.starts_with('*')));
            let mut recipes =
                recipe_files(&code_names, program, &reading.line.commands[innermost], &cwd, dir, &reading.files);
            // (Nor does such an option or subcommand run the code files: `go build` runs no test.)
            if only_lists {
                recipes.clear();
            }
            for (name, path) in recipes {
                if !reading.files.written_here(&path) {
                    continue;
                }
                let Some(text) = reading.files.read(&path) else {
                    unknown = true;
                    continue;
                };
                // (A shell script — by its `#!` line or its name — is read as it is; code of a language not read counts
                // when it may act at all; a file of no known language is what no one can know.)
                let says_shell =
                    text.starts_with("#!") || [".sh", ".bash", ".zsh"].iter().any(|end| name.ends_with(end));
                let language = language_of_file(&name, &text);
                // (A JavaScript config's `command: '…'` properties are commands the tool starts: Playwright's
                // `webServer`, a dev server's or a reporter's.)
                if language == Language::JavaScript {
                    for command in crate::config_values::command_properties(&text) {
                        queue(reading, command, cwd.clone(), job.file_depth + 1, Some(name.clone()));
                    }
                }
                match language {
                    Language::Shell if says_shell => queue(reading, text, cwd.clone(), job.file_depth + 1, Some(name)),
                    Language::Other => unknown |= code_paths::unread_code_acts(&text),
                    language => match languages::inline_command(language, &text) {
                        Some(inline) => queue(reading, inline, cwd.clone(), job.file_depth + 1, Some(name)),
                        None => unknown = true,
                    },
                }
            }
            for document in documents {
                let (Some(text), Some(folder)) = (reading.files.read(&document), document.parent()) else { continue };
                for path in config_commands::included(&text) {
                    let read = format!("cat -- {}", quote(&path));
                    queue(reading, read, Cwd::Known(folder.to_path_buf()), job.file_depth + 1, None);
                }
            }
        }
        // Config files whose keys hold commands (`.pre-commit-config.yaml`'s `entry:`, MSBuild's `Exec`), the
        // program's and its wrappers' (`pdm run NAME` runs a script of `pyproject.toml`).
        if let (Cwd::Known(dir), true) = (&cwd, reading.files.wrote_any()) {
            let mut configs = Vec::new();
            for command in &reading.line.commands[first_index..=innermost] {
                let Some(holder) = command.shape().entry else { continue };
                for (files, keys, unknowns) in holder.config_commands() {
                    let found = recipe_files(files, holder, command, &cwd, dir, &reading.files);
                    configs.extend(found.into_iter().map(|(_, path)| (path, keys, unknowns)));
                }
            }
            for (path, keys, unknowns) in configs {
                if !reading.files.written_here(&path) {
                    continue;
                }
                let found = reading.files.read(&path).and_then(|text| config_commands::commands(&text, keys, unknowns));
                let Some(commands) = found else {
                    unknown = true;
                    continue;
                };
                for command in commands {
                    queue(reading, command, cwd.clone(), job.file_depth + 1, Some(path.display().to_string()));
                }
            }
        }
        // Scripts and configurations the line wrote before this command, which a program may run without naming
        // them (a hook, a bootstrap, an askpass, a wrapper in a tool's own folder, a tool's config): read as what may
        // run once a command that may run them comes (not one that only handles files: `chmod +x`, `cp`, `ls`).
        if reading.files.wrote_any() && job.file_depth < MAX_FILE_DEPTH {
            let command = &reading.line.commands[innermost];
            let pending = self.scripts_considered < writes_before || !self.files_held.is_empty();
            if possible::may_run_files(command) && pending {
                let mut files = std::mem::take(&mut self.files_held);
                files.extend(reading.files.files_written_between(self.scripts_considered, writes_before));
                self.scripts_considered = writes_before;
                let cwd = command.cwd.clone();
                // (A file the command names is its own business — read as the table says, or below — until a later
                // command that does not name it.)
                let arguments = command.words.iter().skip(1).flat_map(|word| word.text.rsplit('=').next());
                let word = |text: &str| Word { text: text.to_owned(), tilde: text.starts_with('~'), ..Word::default() };
                let named: Vec<PathBuf> =
                    arguments.filter_map(|text| locate(&word(text), &cwd, reading.files.sources())).collect();
                let (held, files): (Vec<_>, Vec<_>) = files.into_iter().partition(|(path, _)| named.contains(path));
                self.files_held = held;
                for (path, text) in files {
                    let origin = path.display().to_string();
                    for script in possible::commands_of_file(&origin, &text) {
                        queue_possible(reading, script, cwd.clone(), job.file_depth + 1, Some(origin.clone()));
                    }
                }
            }
        }
        // Files the line wrote that a command names where a program may run them without saying so
        // (`SUDO_ASKPASS=x sudo -A`, `--exec-command=x`, `dotbot -c x.yaml`): read as what may run (see `possible`).
        if reading.files.wrote_any() && job.file_depth < MAX_FILE_DEPTH {
            let command = &reading.line.commands[innermost];
            let (cwd, named) = (command.cwd.clone(), possible::named_files(command, command.shape().entry.is_none()));
            for word in named {
                let Some(path) = locate(&word, &cwd, reading.files.sources()) else { continue };
                if !reading.files.written_here(&path) {
                    continue;
                }
                let Some(text) = reading.files.read(&path) else { continue };
                for script in possible::commands_of_file(&word.text, &text) {
                    queue_possible(reading, script, cwd.clone(), job.file_depth + 1, Some(word.text.clone()));
                }
            }
        }
        if unknown {
            reading.line.commands.push(SimpleCommand {
                words: Vec::new(),
                assignments: reading.line.commands[innermost].assignments.clone(),
                redirects: Vec::new(),
                piped_input: None,
                cwd: Cwd::Unknown,
                group,
                crude: false,
                via: Some(Via { command: innermost, file: None }),
                unknown: Unknown::Everything,
                shape: Default::default(),
            });
        }
        if let Some(next_cwd) = next_cwd {
            // `cd` sets `OLDPWD` to where it was (`cd .. && rm -rf "$OLDPWD"`).
            self.variables.retain(|(name, _)| name != "OLDPWD");
            if let Cwd::Known(previous) = &self.cwd {
                self.variables.push(("OLDPWD".to_owned(), previous.to_string_lossy().into_owned()));
            }
            self.cwd = next_cwd;
        }
        Some(group)
    }

    /// The text a command reads on its input, when known: a heredoc or here-string, a file (`< file`), or the output
    /// of the command piped to it.
    fn input_of(&self, written: &Written, piped_from: Option<usize>, reading: &mut Reading<'_>) -> Option<String> {
        for redirect in written.redirects.iter().rev() {
            match redirect.kind {
                RedirectKind::HereDoc | RedirectKind::HereString => return redirect.input_text.clone(),
                RedirectKind::Read => {
                    let path = locate(&redirect.target, &self.cwd, reading.files.sources())?;
                    return reading.files.read(&path);
                }
                _ => {}
            }
        }
        piped_from.and_then(|group| reading.outputs.get(group).cloned().flatten())
    }

    /// A command that writes known text into a file (`cat > x.sh <<EOF`, `echo … > x.sh`): the file holds it for the
    /// commands after it in the line.
    fn remember_written_files(&self, redirects: &[Redirect], output: Option<&str>, files: &mut LineFiles<'_>) {
        for redirect in redirects {
            let append = match redirect.kind {
                RedirectKind::Write => false,
                RedirectKind::Append => true,
                _ => continue,
            };
            if let Some(path) = locate(&redirect.target, &self.cwd, files.sources()) {
                match output {
                    Some(output) => files.write(path, output.to_owned(), append),
                    None => files.write_unknown(path),
                }
            }
        }
    }
}

/// Files a command fills, for the commands after it in the line: a copy, move or link of one file holds the
/// source's text when it is known (on disk, or written by the line), else what no one can know (`jq … > /tmp/p.json
/// && cp /tmp/p.json package.json && npm test`); a download's output (`curl -o i.sh URL && sh i.sh`) and the files
/// inline code names when it writes (`node -e "…writeFileSync('package.json', …)" && npm test`) and a compiler's
/// output (`rustc -o /tmp/x x.rs`) cannot be known.
/// `tee FILE…` and `sponge FILE` hold what they are fed (`printf … | sudo tee /etc/apt/apt.conf.d/x`).
/// (Redirects are [`ScriptState::remember_written_files`]'s.)
fn remember_filled_files(command: &SimpleCommand, input: Option<&str>, files: &mut LineFiles<'_>) {
    let Some(entry) = command.shape().entry else { return };
    let unknown = |word: &Word, files: &mut LineFiles<'_>| {
        if let Some(path) = locate(word, &command.cwd, files.sources()) {
            files.write_unknown(path);
        }
    };
    if matches!(entry.touches, Touches::Moves | Touches::Copies | Touches::CopiesOrLinks | Touches::Links) {
        remember_copies(command, entry, files);
    } else if entry.touches == Touches::Creates && matches!(command.program(), "tee" | "sponge") {
        let parsed = Parsed::of(&command.words, &entry.options, Order::Permute);
        let append = parsed.has('a', "append");
        for file in parsed.operands() {
            let Some(path) = locate(file, &command.cwd, files.sources()) else { continue };
            match input {
                Some(text) => files.write(path, text.to_owned(), append),
                None => files.write_unknown(path),
            }
        }
    } else if matches!(entry.touches, Touches::Own(Logic::Compiler | Logic::GoBuild)) {
        // A program built from code the line wrote (`printf … > x.rs && rustc -o /tmp/x x.rs && /tmp/x`): what it
        // does is not read, and asked about when that code may act at all.
        let parsed = Parsed::of(&command.words, &entry.options, Order::Permute);
        let acts = parsed.operands().any(|source| {
            let path = locate(source, &command.cwd, files.sources());
            path.is_some_and(|path| {
                files.written_here(&path) && files.read(&path).is_none_or(|code| code_paths::unread_code_acts(&code))
            })
        });
        if acts {
            for (output, _) in entry.compiled_outputs(&command.words) {
                unknown(&output, files);
            }
        }
    } else if entry.touches == Touches::Own(Logic::Download) {
        let parsed = Parsed::of(&command.words, &entry.options, Order::Permute);
        let letter = if program_name(&command.words[0].text) == "wget" { 'O' } else { 'o' };
        for value in parsed.values(&[letter], &["output", "output-document"]) {
            unknown(&value.word(), files);
        }
    } else if entry.touches == Touches::Own(Logic::Sed) {
        // Files edited in place hold the text plain substitutions make (`sed -i 's/3000/8080/' src/server.ts`), else
        // text the reader does not compute (`sed -i '1i …' env.py && alembic upgrade`).
        let parsed = Parsed::of(&command.words, &entry.options, Order::Permute);
        if parsed.has('i', "in-place") {
            let expressions = parsed.values(&['e'], &["expression"]);
            let from_file = !parsed.values(&['f'], &["file"]).is_empty();
            let scripted = !expressions.is_empty() || from_file;
            let scripts: Vec<&str> = match scripted {
                true => expressions.iter().map(|value| value.text()).collect(),
                false => parsed.operands().next().map(|word| word.text.as_str()).into_iter().collect(),
            };
            // (With `-z` the whole file is one line, with `-n` only what the script prints is kept; a script file is
            // not read here.)
            let quiet = parsed.has('n', "quiet") || parsed.has_long("silent");
            let computed = !from_file && !quiet && !parsed.has('z', "null-data");
            let substitutions = sed_edits::plain_substitutions(&scripts).filter(|_| computed);
            for file in parsed.operands().skip(usize::from(!scripted)) {
                let Some(path) = locate(file, &command.cwd, files.sources()) else { continue };
                let edited = substitutions.as_ref().and_then(|substitutions| {
                    files.text_to_edit(&path).map(|text| sed_edits::apply(&text, substitutions))
                });
                match edited {
                    Some(text) => files.write(path, text, false),
                    None => files.write_unknown(path),
                }
            }
        }
    } else if entry.interpreter().is_some() {
        let Some(code) = languages::inline_code(&command.words) else { return };
        let lower = code.to_ascii_lowercase();
        if code_paths::DESTRUCTIVE_CODE.iter().any(|fragment| lower.contains(fragment)) {
            for path in code_paths::path_like_words_in_code(&code) {
                unknown(&path, files);
            }
        }
    }
}

/// A copy, move or link of files: each destination file holds its source's text (unknown when the source's is).
/// The destination is the file named, or the source's name inside it when it is a folder (`-t DIR`, a trailing
/// `/`, `.`); a destination that may be either (`cp a.json conf`) is both.
fn remember_copies(command: &SimpleCommand, entry: &'static programs::Program, files: &mut LineFiles<'_>) {
    let parsed = Parsed::of(&command.words, &entry.options, Order::Permute);
    let Some(found) = destinations::of(&parsed, entry.touches == Touches::Links) else { return };
    let (destination, sources) = (found.path, found.sources);
    let Some(destination) = locate(&destination, &command.cwd, files.sources()) else { return };
    // (A program copied or linked runs that program — [`remember_program_copies`]; a computed source, most often a
    // program's path (`"$(command -v python3)"`), is not read here.)
    let copies_text = |source: &&Word| !source.dynamic && programs::lookup(program_name(&source.text)).is_none();
    for source in sources.into_iter().filter(copies_text) {
        let Some(from) = locate(source, &command.cwd, files.sources()) else { continue };
        let text = files.read(&from);
        let mut landings = Vec::new();
        let named = from.file_name().filter(|_| !source.text.contains(['*', '?', '[']));
        if let Some(name) = named.filter(|_| found.folder != Folder::Never) {
            landings.push(destination.join(name));
        }
        if found.folder != Folder::Always {
            landings.push(destination.clone());
        }
        for landing in landings {
            match &text {
                Some(text) => files.write(landing, text.clone(), false),
                None => files.write_unknown(landing),
            }
        }
    }
}

/// The files a command's program may be when the line put folders before the system's on `PATH`
/// (`PATH=./bin:$PATH git status`, `export PATH="$PWD/bin:$PATH"`, `PATH="$HOME/bin:$PATH"`): each such folder's
/// file of that name — and, for a program whose subcommands may be plugins (`kubectl NAME` runs `kubectl-NAME`), of
/// the plugin's name — read as the script it is when it exists (a file the line wrote there included).
fn path_lookups(command: &SimpleCommand) -> Vec<unwrap::ScriptFile> {
    let Some(program) = command.words.first().filter(|word| !word.dynamic && !word.text.contains('/')) else {
        return Vec::new();
    };
    let Some(value) = command.assignments.iter().rev().find_map(|word| word.text.strip_prefix("PATH=")) else {
        return Vec::new();
    };
    let mut names = vec![(program.text.clone(), &command.words[1..])];
    let plugin = command.shape().entry.and_then(|entry| entry.path_plugins());
    if let (Some(prefix), Some(name)) = (plugin, command.words.get(1).filter(|word| !word.text.starts_with('-'))) {
        names.push((format!("{prefix}{}", name.text), &command.words[2..]));
    }
    let mut found = Vec::new();
    for folder in value.split(':') {
        if matches!(folder, "$PATH" | "${PATH}") {
            break;
        }
        let spellings = [("${PWD}", "."), ("$PWD", "."), ("$(pwd)", "."), ("${HOME}", "~"), ("$HOME", "~")];
        let folder = spellings
            .iter()
            .find_map(|(spelling, meaning)| folder.strip_prefix(spelling).map(|rest| format!("{meaning}{rest}")))
            .unwrap_or_else(|| folder.to_owned());
        if folder.is_empty() || folder.contains(['$', '`']) {
            continue;
        }
        for (name, arguments) in &names {
            let text = format!("{}/{}", folder.trim_end_matches('/'), name);
            let tilde = text.starts_with('~');
            let path = Word { text, tilde, ..Word::default() };
            found.push(unwrap::ScriptFile { path, language: None, arguments: arguments.to_vec() });
        }
    }
    found
}

/// `ln [-s] PROGRAM NEW`, `cp PROGRAM NEW`, `install PROGRAM NEW` of a known program: NEW runs it.
fn remember_program_copies(words: &[Word], copies: &mut Vec<(String, String)>) {
    let Some(first) = words.first() else { return };
    if !matches!(program_name(&first.text), "ln" | "cp" | "install") {
        return;
    }
    let operands: Vec<&Word> = words[1..].iter().filter(|word| !word.text.starts_with('-')).collect();
    if let [source, target] = operands.as_slice() {
        let program = program_name(&source.text);
        if programs::lookup(program).is_some() {
            copies.push((target.text.clone(), program.to_owned()));
        }
    }
}

/// `git config core.hooksPath DIR` (or `git -c core.hooksPath=DIR …`): DIR holds the hooks from now on.
fn remember_hooks_path(words: &[Word], hooks_paths: &mut Vec<String>) {
    if words.first().is_none_or(|word| program_name(&word.text) != "git") {
        return;
    }
    for (at, word) in words.iter().enumerate() {
        let lower = word.text.to_ascii_lowercase();
        if let Some(value) = lower.strip_prefix("core.hookspath=") {
            hooks_paths.push(word.text[word.text.len() - value.len()..].to_owned());
        } else if lower == "core.hookspath" {
            hooks_paths.extend(words.get(at + 1).map(|value| value.text.clone()));
        }
    }
}

/// The texts a command writes into files, as `(path as written, text)`, when known: its output redirected
/// (`echo … >> ~/.bashrc`), its input copied by `tee FILE`, a file copied by `cp SRC DST` (read when it can be).
fn planted_texts(
    written: &Written,
    output: Option<&str>,
    stdin: Option<&str>,
    cwd: &Cwd,
    files: &mut LineFiles<'_>,
) -> Vec<(String, String)> {
    let mut found = Vec::new();
    if let Some(output) = output {
        for redirect in &written.redirects {
            if matches!(redirect.kind, RedirectKind::Write | RedirectKind::Append) {
                found.push((redirect.target.text.clone(), output.to_owned()));
            }
        }
    }
    let Some(first) = written.words.first() else { return found };
    let operands: Vec<&Word> = written.words[1..].iter().filter(|word| !word.text.starts_with('-')).collect();
    match program_name(&first.text) {
        "tee" => {
            if let Some(stdin) = stdin {
                found.extend(operands.iter().map(|path| (path.text.clone(), stdin.to_owned())));
            }
        }
        "cp" | "install" | "ln" if operands.len() == 2 => {
            let (source, target) = (operands[0], operands[1]);
            if later::planted(&target.text).is_some() {
                if let Some(text) = locate(source, cwd, files.sources()).and_then(|path| files.read(&path)) {
                    found.push((target.text.clone(), text));
                }
            }
        }
        _ => {}
    }
    found
}

fn read_script(job: &Job, reading: &mut Reading<'_>) {
    let lexed = lex(&job.text);
    if lexed.unterminated {
        // bash reads up to the error; what follows it is read crudely, so nothing hides behind it.
        reading.read_crudely(&job.text, &job.cwd);
    }
    let groups_before = reading.line.fed_by.len();
    let mut cwd_stack: Vec<Cwd> = Vec::new();
    let mut state = ScriptState {
        job,
        cwd: job.cwd.clone(),
        variables: job.variables.clone(),
        exported: job.environment.clone(),
        hooks_paths: Vec::new(),
        arrays: Vec::new(),
        program_copies: Vec::new(),
        images: Vec::new(),
        functions: functions::defined(&job.text),
        scripts_considered: reading.files.writes_so_far(),
        files_held: Vec::new(),
        token_group: vec![None; lexed.tokens.len()],
    };
    let mut current = Written::default();
    let mut previous_piped: Option<usize> = None; // the group whose output the next command reads
                                                  // Subshells: where each open one's groups start, the groups of the one just closed, and, when it is piped, the
                                                  // groups that feed the next command besides its last.
    let mut subshell_starts: Vec<usize> = Vec::new();
    let mut closed: Option<Range<usize>> = None;
    let mut subshell_sources: Vec<usize> = Vec::new();
    let mut tokens = lexed.tokens.iter().enumerate().peekable();
    while let Some((index, token)) = tokens.next() {
        match token {
            Token::Word(word) => {
                current.tokens.push(index);
                let reserved = current.words.is_empty() && is_reserved(&word.text) && !word.quoted;
                if reserved && word.text == "function" {
                    // `function NAME [()] { BODY; }`: the name is no command; the body's commands are read.
                    if let Some((next_index, Token::Word(_))) = tokens.peek() {
                        current.tokens.push(*next_index);
                        tokens.next();
                    }
                    continue;
                }
                if reserved && word.text == "coproc" {
                    // `coproc NAME { BODY; }`, `coproc NAME (BODY)`: the name is no command (`coproc CMD` has none).
                    if let Some(&(next_index, Token::Word(_))) = tokens.peek() {
                        let compound = match lexed.tokens.get(next_index + 1) {
                            Some(Token::Word(after)) => after.text == "{" && !after.quoted,
                            Some(Token::Op(Op::Open)) => true,
                            _ => false,
                        };
                        if compound {
                            current.tokens.push(next_index);
                            tokens.next();
                        }
                    }
                    continue;
                }
                if current.words.is_empty() && word.assignment {
                    current.assignments.push(word.clone());
                } else if !reserved {
                    current.words.push(word.clone());
                } else if matches!(word.text.as_str(), "for" | "select" | "case") {
                    // `for NAME in WORDS` / `case WORD in`: not a command; skip to the end of the header, keeping
                    // the name a loop binds (a redirection into it writes any of the words).
                    let mut first = true;
                    while let Some((next_index, Token::Word(next))) = tokens.peek() {
                        current.tokens.push(*next_index);
                        let stop = next.text == "in" && word.text == "case";
                        if std::mem::take(&mut first) && word.text != "case" {
                            reading.line.loop_names.push(next.text.clone());
                        }
                        tokens.next();
                        if stop {
                            break;
                        }
                    }
                    current.words.clear();
                }
            }
            Token::Redirect { kind, heredoc } => {
                current.tokens.push(index);
                let target = match tokens.peek() {
                    Some((next_index, Token::Word(target))) => {
                        current.tokens.push(*next_index);
                        let target = target.clone();
                        tokens.next();
                        target
                    }
                    _ => Word::default(),
                };
                let input_text = match kind {
                    RedirectKind::HereDoc => heredoc.clone(),
                    RedirectKind::HereString => Some(target.text.clone()),
                    _ => None,
                };
                current.redirects.push(Redirect { kind: *kind, target, input_text });
            }
            // `NAME() { BODY; }`: the name is no command (a call of it is); the body's commands are read.
            Token::Op(Op::Open)
                if current.words.len() == 1
                    && current.assignments.is_empty()
                    && matches!(tokens.peek(), Some((_, Token::Op(Op::Close)))) =>
            {
                current.words.clear();
                tokens.next();
            }
            Token::Op(op) => {
                let from = previous_piped.take();
                let group = state.finish(&mut current, from, reading);
                if let (Some(from), Some(to)) = (from, group) {
                    reading.line.fed_by[to].push(from);
                    reading.line.fed_by[to].append(&mut subshell_sources);
                }
                match op {
                    // `( … ) | CMD`: what the subshell's commands print, together, feeds CMD.
                    Op::Pipe if group.is_none() && closed.as_ref().is_some_and(|range| !range.is_empty()) => {
                        let range = closed.take().unwrap_or_default();
                        let printed: Option<Vec<String>> =
                            range.clone().map(|at| reading.outputs.get(at).cloned().flatten()).collect();
                        let last = range.end - 1;
                        if let Some(output) = reading.outputs.get_mut(last) {
                            *output = printed.map(|parts| parts.concat());
                        }
                        previous_piped = Some(last);
                        subshell_sources = range.collect();
                    }
                    Op::Pipe => previous_piped = group,
                    Op::Open => {
                        cwd_stack.push(state.cwd.clone());
                        subshell_starts.push(reading.line.fed_by.len());
                    }
                    Op::Close => {
                        state.cwd = cwd_stack.pop().unwrap_or_else(|| state.cwd.clone());
                        closed = subshell_starts.pop().map(|start| start..reading.line.fed_by.len());
                        continue;
                    }
                    Op::End | Op::AndOr => {}
                }
                closed = None;
            }
        }
    }
    let group = state.finish(&mut current, previous_piped, reading);
    if let (Some(from), Some(to)) = (previous_piped, group) {
        reading.line.fed_by[to].push(from);
        reading.line.fed_by[to].append(&mut subshell_sources);
    }
    // Substitutions: their commands run first and their output becomes part of the command that holds them.
    for nested in lexed.nested {
        let feeds = state.token_group.get(nested.token).copied().flatten();
        let start = match feeds.and_then(|group| reading.line.commands.iter().find(|command| command.group == group)) {
            Some(command) => command.cwd.clone(),
            None => job.cwd.clone(),
        };
        reading.jobs.push(Job {
            text: nested.text,
            depth: job.depth + 1,
            feeds,
            cwd: start,
            environment: state.exported.clone(),
            variables: state.variables.clone(),
            file_depth: job.file_depth,
            // A substitution is written in the text that holds it: its commands come by the same road.
            via: job.via.clone(),
            possible: job.possible,
        });
    }
    if let Some(target) = job.feeds {
        let produced: Vec<usize> = (groups_before..reading.line.fed_by.len()).collect();
        if let Some(sources) = reading.line.fed_by.get_mut(target) {
            sources.extend(produced);
        }
    }
}

/// The `export NAME=value` statements of a sourced file's text (each statement's words as written, quotes around a
/// value removed).
fn sourced_exports(text: &str) -> Vec<Word> {
    text.split(['\n', ';', '&', '|'])
        .filter_map(|statement| statement.trim().strip_prefix("export "))
        .flat_map(|rest| rest.split_whitespace())
        .filter(|word| !word.starts_with('-') && word.contains('='))
        .map(|word| {
            let (name, value) = word.split_once('=').unwrap_or((word, ""));
            let value = value.trim_matches(|c| c == '"' || c == '\'');
            Word { text: format!("{name}={value}"), assignment: true, ..Word::default() }
        })
        .collect()
}

/// `export NAME=value`, `export NAME` (of a variable set before), `declare -x NAME=value`: the names exported to
/// the commands after it.
fn remember_exports(written: &Written, variables: &[(String, String)], exported: &mut Vec<Word>) {
    let Some(first) = written.words.first() else { return };
    let exporting = match program_name(&first.text) {
        "export" => true,
        "declare" | "typeset" => written.words.iter().any(|word| word.text.starts_with('-') && word.text.contains('x')),
        _ => false,
    };
    if !exporting {
        return;
    }
    for word in written.words.iter().skip(1).filter(|word| !word.text.starts_with('-')) {
        let assignment = if word.text.contains('=') {
            word.clone()
        } else {
            match variables.iter().find(|(name, _)| *name == word.text) {
                Some((name, value)) => Word { text: format!("{name}={value}"), ..word.clone() },
                None => continue,
            }
        };
        exported.push(assignment);
    }
}

/// `NAME=value` of a bare assignment or `export`/`declare`/`local`/`readonly`, remembered for the commands after it.
fn remember_assignments(written: &Written, variables: &mut Vec<(String, String)>) {
    // `set -- WORDS` (or `set WORDS`): the positional parameters (`set -- git push -f; "$@"`).
    if let Some((_, rest)) = written.words.split_first().filter(|(first, _)| first.text == "set") {
        let rest = match rest.first() {
            Some(word) if word.text == "--" => &rest[1..],
            Some(word) if !word.text.starts_with(['-', '+']) => rest,
            _ => return,
        };
        variables
            .retain(|(known, _)| !(known == "@" || known == "*" || known.bytes().all(|byte| byte.is_ascii_digit())));
        if rest.iter().all(|word| !word.dynamic) {
            let all = rest.iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" ");
            variables.extend([("@".to_owned(), all.clone()), ("*".to_owned(), all)]);
            variables.extend(rest.iter().enumerate().map(|(at, word)| ((at + 1).to_string(), word.text.clone())));
        }
        return;
    }
    // `printf -v NAME FORMAT ARGS…`: NAME holds what printf would print (`printf -v c '%s %s' git status; $c`).
    if let [printf, option, name, format, values @ ..] = written.words.as_slice() {
        if printf.text == "printf" && option.text == "-v" {
            variables.retain(|(known, _)| *known != name.text);
            let known = !format.dynamic && values.iter().all(|word| !word.dynamic);
            if known {
                let value = printed::formatted(&format.text, values.iter().map(|word| word.text.as_str()));
                variables.push((name.text.clone(), value));
            }
            return;
        }
    }
    let declares = written.words.first().is_some_and(|word| {
        matches!(program_name(&word.text), "export" | "declare" | "local" | "readonly" | "typeset")
    });
    // `declare -n REF=NAME`: REF stands for the variable NAME (`declare -n r=HOME; rm -rf "$r"`).
    let nameref = declares
        && written.words[1..]
            .iter()
            .take_while(|word| word.text.starts_with('-') && !word.text.starts_with("--"))
            .any(|word| word.text.contains('n'));
    let candidates = if written.words.is_empty() {
        written.assignments.iter().collect::<Vec<_>>()
    } else if declares {
        written.words.iter().skip(1).filter(|word| word.assignment).collect()
    } else {
        Vec::new()
    };
    for word in candidates {
        if let Some((name, value)) = word.text.split_once('=') {
            // `NAME+=VALUE` appends to what NAME held.
            let (name, before) = match name.strip_suffix('+') {
                Some(name) => {
                    let known = variables.iter().rev().find(|(known, _)| known == name);
                    (name, known.map(|(_, value)| value.clone()))
                }
                None => (name, Some(String::new())),
            };
            let referred;
            let value = if nameref && !word.dynamic {
                let known = variables.iter().rev().find(|(known, _)| *known == value);
                referred = known.map_or_else(|| format!("${{{value}}}"), |(_, value)| value.clone());
                referred.as_str()
            } else {
                value
            };
            variables.retain(|(known, _)| known != name);
            // (A value made of variables the hook resolves when it runs is known: `x=$HOME; rm -rf "$x"`.)
            let dynamic = (word.dynamic || nameref) && !parameters::resolvable(value);
            if let (false, Some(before)) = (dynamic, before) {
                variables.push((name.to_owned(), before + value));
            }
        }
    }
}

/// Words that are exactly `$NAME` or `${NAME}` of a variable set earlier in the line take its value (split into
/// words unless quoted, as bash does).
fn substitute_variables(words: Vec<Word>, variables: &[(String, String)]) -> Vec<Word> {
    if variables.is_empty() {
        return words;
    }
    // Split as bash splits: at the characters of `IFS` when the line set it (`IFS=,`).
    let separators = variables.iter().rev().find(|(known, _)| known == "IFS").map(|(_, value)| value);
    let mut out = Vec::with_capacity(words.len());
    for word in words {
        let name = word
            .text
            .strip_prefix("${")
            .and_then(|rest| rest.strip_suffix('}'))
            .or_else(|| word.text.strip_prefix('$'));
        let value = name.and_then(|name| variables.iter().find(|(known, _)| known == name)).map(|(_, value)| value);
        // `"$@"` is one word per parameter, quoted or not.
        let each_parameter = matches!(name, Some("@" | "*")) && !(name == Some("*") && word.quoted);
        match value {
            Some(value) if word.dynamic && word.quoted && !each_parameter => {
                out.push(Word { text: value.clone(), dynamic: false, ..word })
            }
            Some(value) if word.dynamic => {
                let parts: Vec<&str> = match separators {
                    Some(separators) if !separators.is_empty() => value
                        .split(|character| separators.contains(character))
                        .filter(|part| !part.is_empty())
                        .collect(),
                    Some(_) => vec![value.as_str()],
                    None => value.split_whitespace().collect(),
                };
                out.extend(parts.into_iter().map(|part| Word { text: part.to_owned(), ..Word::default() }));
            }
            _ => out.push(word),
        }
    }
    out
}

/// Reserved words that may start a command without being one.
fn is_reserved(text: &str) -> bool {
    matches!(
        text,
        "!" | "{"
            | "}"
            | "if"
            | "then"
            | "else"
            | "elif"
            | "fi"
            | "do"
            | "done"
            | "while"
            | "until"
            | "for"
            | "select"
            | "case"
            | "esac"
            | "in"
            | "function"
            | "[["
            | "]]"
            | "coproc"
    )
}

/// The files a program's recipe `names` stand for in the command `argv` run in `dir`: fixed names in that folder,
/// files named by its options (`-c FILE`, `-D:KEY`), and files the line wrote whose path ends so (`*.js`, in any
/// folder) — each as named, with its path, once.
fn recipe_files(
    names: &[&'static str],
    program: &'static programs::Program,
    command: &SimpleCommand,
    cwd: &Cwd,
    dir: &Path,
    files: &LineFiles<'_>,
) -> Vec<(String, PathBuf)> {
    let fixed = names.iter().filter(|name| !name.starts_with(['-', '*', '!', '~', '$']));
    let mut found: Vec<(String, PathBuf)> = fixed.map(|name| ((*name).to_owned(), dir.join(name))).collect();
    // (`~/.curlrc`: in the home; `$WGETRC`, `$CURL_HOME/.curlrc`: where the command's environment says.)
    let home = names.iter().filter_map(|name| name.strip_prefix("~/"));
    found.extend(home.filter_map(|rest| Some((format!("~/{rest}"), files.sources().home()?.join(rest)))));
    for name in names.iter().filter_map(|name| name.strip_prefix('$')) {
        let (variable, rest) = name.split_once('/').unwrap_or((name, ""));
        let assignments: Vec<&Word> = command.assignments.iter().collect();
        let value = unwrap::values_of(&assignments, &[variable])
            .last()
            .map(|value| Word { text: value.to_owned(), ..Word::default() });
        let located = value.and_then(|value| locate(&value, cwd, files.sources()));
        found.extend(located.map(|path| (name.to_owned(), if rest.is_empty() { path } else { path.join(rest) })));
    }
    for word in program.recipes_named_by_options(&command.words, names.iter().copied()) {
        found.extend(locate(&word, cwd, files.sources()).map(|path| (word.text, path)));
    }
    for ending in names.iter().filter_map(|name| name.strip_prefix('*')) {
        found.extend(files.written_ending(ending).map(|path| (path.display().to_string(), path.to_path_buf())));
    }
    // (`%load-plugins`: Python modules the option names, found in the command's `PYTHONPATH` and its folder.)
    let module_options: Vec<&str> = names.iter().filter_map(|name| name.strip_prefix('%')).collect();
    if !module_options.is_empty() {
        let parsed = Parsed::of(&command.words, &program.options, Order::Permute);
        let modules = parsed.named_values(&module_options);
        let assignments: Vec<&Word> = command.assignments.iter().collect();
        let search_path = unwrap::values_of(&assignments, &["PYTHONPATH"]);
        let folder = |text: &str| locate(&Word { text: text.to_owned(), ..Word::default() }, cwd, files.sources());
        let mut folders: Vec<PathBuf> = search_path.flat_map(|value| value.split(':')).filter_map(folder).collect();
        folders.push(dir.to_path_buf());
        for module in modules.iter().flat_map(|word| word.text.split(',')).filter(|name| !name.is_empty()) {
            let relative = module.trim().replace('.', "/");
            for folder in &folders {
                for file in [format!("{relative}.py"), format!("{relative}/__init__.py")] {
                    found.push((file.clone(), folder.join(file)));
                }
            }
        }
    }
    found.sort_by(|a, b| a.1.cmp(&b.1));
    found.dedup_by(|a, b| a.1 == b.1);
    found
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Each command's words, space-joined.
    fn commands(text: &str) -> Vec<String> {
        parse(text, Some(PathBuf::from("/p")))
            .commands
            .iter()
            .map(|command| command.words.iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" "))
            .collect()
    }

    fn contains(text: &str, expected: &str) -> bool {
        commands(text).iter().any(|command| command == expected)
    }

    #[test]
    fn compound_commands_are_split() {
        assert_eq!(
            commands("cd a && git push -f; echo done || true | cat"),
            ["cd a", "git push -f", "echo done", "true", "cat"]
        );
        assert_eq!(commands("if true; then rm -rf x; fi"), ["true", "rm -rf x"]);
        assert_eq!(commands("for f in a b; do git checkout -- $f; done"), ["git checkout -- $f"]);
        assert_eq!(commands("case $x in a) ls;; esac"), ["a", "ls"]);
        assert_eq!(commands("! git push -f"), ["git push -f"]);
    }

    #[test]
    fn loop_headers_bind_names_and_are_no_commands() {
        let line = parse("for f in a b; do :; done; select choice in x y; do break; done; case $v in a) ;; esac", None);
        assert_eq!(line.loop_names, ["f", "choice"]);
        let nested = parse("bash -c 'for target in src/*; do : > \"$target\"; done'", None);
        assert_eq!(nested.loop_names, ["target"]);
        assert!(parse("echo for f in a", None).loop_names.is_empty());
    }

    #[test]
    fn quoted_words_are_arguments_not_commands() {
        assert_eq!(commands("echo 'git push --force' is bad"), ["echo git push --force is bad"]);
        assert_eq!(commands("git log --grep='push --force'"), ["git log --grep=push --force"]);
    }

    #[test]
    fn each_command_records_the_road_that_reached_it() {
        let files = [("/p/Makefile", "deploy:\n\tbash push.sh\n"), ("/p/push.sh", "git push -f origin main\n")];
        let files = crate::sources::tests::MemoryFiles::with(&files);
        let line = parse_with("make deploy", Some(PathBuf::from("/p")), &files);
        let push = line.commands.iter().position(|command| command.program() == "git").expect("the push is found");
        assert_eq!(
            line.road(push).as_deref(),
            Some("git push -f origin main ← push.sh ← bash push.sh ← Makefile: deploy ← make deploy")
        );
        let line = parse("sudo git push -f; bash -c 'rm -rf x'", None);
        let roads: Vec<Option<String>> = (0..line.commands.len()).map(|index| line.road(index)).collect();
        assert_eq!(roads.iter().flatten().collect::<Vec<_>>(), ["rm -rf x ← bash -c rm -rf x"], "{roads:?}");
        let code = parse("python3 -c \"import os; os.system('git push -f')\"", None);
        let push = code.commands.iter().position(|command| command.program() == "git").expect("found");
        assert!(
            code.road(push).is_some_and(|road| road.starts_with("git push -f ← python3 -c")),
            "{:?}",
            code.road(push)
        );
    }

    #[test]
    fn nested_scripts_are_read() {
        assert!(contains("bash -c 'git reset --hard HEAD'", "git reset --hard HEAD"));
        assert!(contains("sh -lc \"cd x && git clean -fdx\"", "git clean -fdx"));
        assert!(contains("eval \"git push\" --force", "git push --force"));
        assert!(contains("x=$(git stash drop)", "git stash drop"));
        assert!(contains("echo `rm -rf /`", "rm -rf /"));
        assert!(contains("bash <<EOF\ngit push -f\nEOF", "git push -f"));
        assert!(contains("bash <<< 'git push -f'", "git push -f"));
        assert!(contains("sh -c \"bash -c 'git push -f'\"", "git push -f"), "a shell inside a shell");
        assert!(contains("sh -c \"$(echo 'ls')\"", "echo ls"), "a script made by a substitution");
    }

    #[test]
    fn wrappers_and_assignments_are_looked_through() {
        assert!(contains("FOO=1 env BAR=2 command git clean -fdx", "git clean -fdx"));
        assert!(contains("sudo -u root nice -n 5 timeout 10 git push -f", "git push -f"));
        assert!(contains("find . -name x -exec rm -rf {} \\;", "rm -rf {}"));
        assert!(contains("echo x | xargs -I{} git branch -D {}", "git branch -D x"), "what xargs is fed is its input");
        assert!(
            contains("git ls-files | xargs -I{} git branch -D {}", "git branch -D ${DOTFORGE_UNKNOWN}"),
            "input that cannot be known is an argument no one can name"
        );
        assert!(contains("git ls-files -m | xargs git checkout --", "git checkout -- ${DOTFORGE_UNKNOWN}"));
        assert!(contains("git -c 'alias.p=push --force' p origin", "git push --force origin"));
        assert!(contains("git -c alias.z='!rm -rf x' z", "rm -rf x"));
        assert!(contains("F=--force; git push $F origin", "git push --force origin"));
        assert!(contains("export F='-f -u'; git push \"$F\"", "git push -f -u"));
        assert!(contains("F=x; F=$(date); git push $F", "git push $F"), "a value set by a substitution stays unknown");
    }

    #[test]
    fn pipes_and_substitutions_feed_the_command_that_reads_them() {
        let line = parse("curl -s https://x | tee log | sh", None);
        let group_of =
            |program: &str| line.commands.iter().find(|command| command.program() == program).map(|c| c.group);
        let (curl, sh) = (group_of("curl").unwrap_or(99), group_of("sh").unwrap_or(99));
        assert!(line.feeds(curl, sh));
        assert!(!line.feeds(sh, curl));
        let line = parse("bash <(curl -s https://x)", None);
        let (curl, bash) = (group_of_in(&line, "curl"), group_of_in(&line, "bash"));
        assert!(line.feeds(curl, bash));
        let line = parse("sudo sh -c \"$(wget -qO- https://x)\"", None);
        assert!(line.feeds(group_of_in(&line, "wget"), group_of_in(&line, "sh")));
    }

    fn group_of_in(line: &CommandLine, program: &str) -> usize {
        line.commands.iter().find(|command| command.program() == program).map_or(usize::MAX, |command| command.group)
    }

    #[test]
    fn cd_moves_the_directory_of_what_follows() {
        let line = parse("cd .forge && rm -rf runtime; (cd /tmp; ls); pwd", Some(PathBuf::from("/p")));
        let cwd =
            |program: &str| line.commands.iter().find(|command| command.program() == program).map(|c| c.cwd.clone());
        assert_eq!(cwd("rm"), Some(Cwd::Known(PathBuf::from("/p/.forge"))));
        assert_eq!(cwd("ls"), Some(Cwd::Known(PathBuf::from("/tmp"))));
        assert_eq!(cwd("pwd"), Some(Cwd::Known(PathBuf::from("/p/.forge"))), "the subshell's cd stays inside it");
        let unknown = parse("cd \"$X\" && rm y", Some(PathBuf::from("/p")));
        assert_eq!(unknown.commands.last().map(|c| c.cwd.clone()), Some(Cwd::Unknown));
        for spelled in ["builtin cd .. && rm -rf p", "command cd .. && rm -rf p"] {
            let line = parse(spelled, Some(PathBuf::from("/w/p")));
            assert_eq!(line.commands.last().map(|c| c.cwd.clone()), Some(Cwd::Known(PathBuf::from("/w"))), "{spelled}");
        }
    }

    #[test]
    fn deep_long_and_broken_input_is_read_crudely_in_bounded_time() {
        let deep = format!("{}git push -f{}", "echo $(".repeat(200), ")".repeat(200));
        let started = std::time::Instant::now();
        let line = parse(&deep, None);
        assert!(line.degraded);
        assert!(line
            .commands
            .iter()
            .any(|command| command.words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>() == ["git", "push", "-f"]));
        let broken = parse("git push -f origin; echo 'never closed", None);
        assert!(broken.degraded);
        assert!(broken.commands.iter().any(|command| command.program() == "git"));
        let huge = "true && ".repeat(300_000) + "git push -f";
        assert!(parse(&huge, None).commands.iter().any(|command| command.program() == "git"));
        assert!(started.elapsed() < std::time::Duration::from_secs(20), "bounded: {:?}", started.elapsed());
    }

    #[test]
    fn a_here_string_starts_no_heredoc_in_the_crude_reading() {
        // `<<<EOF` is a here-string: a heredoc read at its second `<` once hid the rest of the line from the crude
        // reading (found by the property test).
        let line = parse_crudely("cat <<<EOF\n$'x\nEOF\n'\ngit push -f", None);
        assert!(line.commands.iter().any(|command| command.program() == "git"), "{:?}", line.commands);
        let text = "<<<EOF\n$'\nEOF\n'\nEOF\n$'\\x41'<<EOF\n";
        assert!(crate::promise::programs_the_crude_reading_misses(text).is_empty());
    }

    #[test]
    fn printf_into_a_variable_gives_it_the_text_printf_makes() {
        assert_eq!(commands("printf -v c '%s ' git push -f; $c")[1], "git push -f");
        // From a value the line does not know: unknown.
        let line = parse("printf -v c '%s' \"$X\"; $c", Some(PathBuf::from("/p")));
        assert!(line.commands.iter().any(|command| command.unknown == Unknown::Everything), "{:?}", line.commands);
    }

    #[test]
    fn an_empty_piece_after_a_redirection_leaves_the_command_going_on_in_the_crude_reading() {
        // The second `>` of `>>` (or `> >`) once started a new command, taking the script from `bash -c` (found by the
        // property test: `bash -c  >  > - "$'\x41'"` runs `A` to the full reading).
        for text in ["bash -c  >  > - \"$'\\x41'\"", "bash -c >> log 'git push -f'"] {
            assert!(crate::promise::programs_the_crude_reading_misses(text).is_empty(), "{text}");
        }
        let line = parse_crudely("bash -c >> log 'git push -f'", None);
        assert!(line.commands.iter().any(|command| command.program() == "git"), "{:?}", line.commands);
    }

    #[test]
    fn an_input_redirection_leaves_the_command_going_on_in_the_crude_reading() {
        // `<FILE` once ended the piece, taking the script from `bash -c` (found by the property test).
        for text in ["\"\"bash -c <a \\c'\\c<<EOF\n", "\"\"bash -c  > <a \\c'\\c<<EOF\n", "bash -c <in 'git push -f'"] {
            assert!(crate::promise::programs_the_crude_reading_misses(text).is_empty(), "{text}");
        }
        let line = parse_crudely("bash -c < /dev/null 'git push -f'", None);
        assert!(line.commands.iter().any(|command| command.program() == "git"), "{:?}", line.commands);
    }

    #[test]
    fn programs_made_by_trimming_or_a_folder_substitution_are_read_or_unknown_and_found_crudely_too() {
        for text in [
            "x=/usr/bin/git; ${x%/*}/git push -f",
            "x=/usr/bin/gitx; ${x%x} push -f",
            "p=git.sh; ${p%.sh} push -f",
            "$(cd /usr/bin && pwd)/git push -f",
            "$(dirname /usr/bin/x)/git push -f",
        ] {
            // The full reading finds git, or a program it cannot know (which is asked about).
            let full = parse(text, Some(PathBuf::from("/p")));
            let found =
                full.commands.iter().any(|command| command.program() == "git" || command.unknown != Unknown::Nothing);
            assert!(found, "{text}: {:?}", full.commands);
            assert!(crate::promise::programs_the_crude_reading_misses(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn a_sourced_file_exports_to_the_commands_after_it() {
        let files = [("/p/e.sh", "# env\nexport HUSKY=0 CI='1'\nexport -n X; echo hi\n")];
        let line = parse_with(
            "source e.sh && git commit -am wip",
            Some(PathBuf::from("/p")),
            &crate::sources::tests::MemoryFiles::with(&files),
        );
        let git = line.commands.iter().find(|command| command.program() == "git").expect("git is read");
        let environment: Vec<&str> = git.assignments.iter().map(|word| word.text.as_str()).collect();
        assert_eq!(environment, ["HUSKY=0", "CI=1"]);
        let run = parse_with(
            "bash e.sh && git commit -am wip",
            Some(PathBuf::from("/p")),
            &crate::sources::tests::MemoryFiles::with(&files),
        );
        let git = run.commands.iter().find(|command| command.program() == "git").expect("git is read");
        assert!(git.assignments.is_empty(), "a script run in its own shell exports nothing to this one");
    }

    /// Each command's words with files from `files`, in `/p`.
    fn commands_with(text: &str, files: &[(&str, &str)]) -> Vec<String> {
        let files = crate::sources::tests::MemoryFiles::with(files);
        parse_with(text, Some(PathBuf::from("/p")), &files)
            .commands
            .iter()
            .map(|command| command.words.iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" "))
            .collect()
    }

    #[test]
    fn text_fed_to_a_shell_or_an_interpreter_is_read() {
        assert!(contains("echo 'git push --force' | sh", "git push --force"));
        assert!(contains("printf '%s\\n' 'git reset --hard' | bash", "git reset --hard"));
        assert!(contains("cat <<EOF | sh\ngit push -f\nEOF", "git push -f"));
        assert!(contains("bash -s <<< 'git push -f'", "git push -f"));
        assert!(contains("python3 - <<EOF\nimport os\nos.system('git push -f')\nEOF", "git push -f"));
        assert!(contains("echo \"require('child_process').execSync('rm -rf x')\" | node", "rm -rf x"));
        assert!(contains("python3 -c \"import subprocess; subprocess.run(['git', 'push', '-f'])\"", "git push -f"));
        assert!(!contains("echo 'git push --force'", "git push --force"), "printed, not run");
        assert!(!contains("node -e \"console.log('rm -rf /')\"", "rm -rf /"));
    }

    #[test]
    fn script_files_are_read_when_there_are_sources() {
        let files = [
            ("/p/push.sh", "#!/bin/sh\ngit push --force origin HEAD:main\n"),
            ("/p/deploy", "#!/usr/bin/env python3\nimport os\nos.system('git reset --hard')\n"),
            ("/p/outer.sh", "bash push.sh\n"),
        ];
        let found = |text: &str, expected: &str| commands_with(text, &files).iter().any(|command| command == expected);
        assert!(found("bash push.sh", "git push --force origin HEAD:main"));
        assert!(found("sh ./push.sh", "git push --force origin HEAD:main"));
        assert!(found("./push.sh", "git push --force origin HEAD:main"));
        assert!(found("source push.sh", "git push --force origin HEAD:main"));
        assert!(found("cd /p && . ./push.sh", "git push --force origin HEAD:main"));
        assert!(found("./deploy", "git reset --hard"), "the #! line says python");
        assert!(found("bash outer.sh", "git push --force origin HEAD:main"), "a script running a script");
        assert!(found("sudo -E bash /p/push.sh", "git push --force origin HEAD:main"));
        assert!(found("sh < push.sh", "git push --force origin HEAD:main"));
        assert!(found("cat push.sh | sh", "git push --force origin HEAD:main"));
        assert!(
            !commands_with("bash push.sh", &[]).iter().any(|command| command.starts_with("git")),
            "no file, no read"
        );
        assert!(!found("cat push.sh", "git push --force origin HEAD:main"), "read, not run");
        assert!(commands_with("bash push.sh", &files).len() > 1);
        assert!(parse("bash push.sh", Some(PathBuf::from("/p"))).commands.len() == 1, "parse reads no file");
    }

    #[test]
    fn a_script_the_line_writes_is_the_script_it_runs() {
        let fresh = |text: &str| commands_with(text, &[("/p/x.sh", "echo old\n")]);
        assert!(fresh("cat > x.sh <<'EOF'\ngit push -f\nEOF\nbash x.sh").contains(&"git push -f".to_owned()));
        assert!(fresh("echo 'git push -f' > x.sh; sh x.sh").contains(&"git push -f".to_owned()));
        let appended = fresh("echo 'git push -f' >> x.sh && bash x.sh");
        assert!(appended.contains(&"git push -f".to_owned()) && appended.contains(&"echo old".to_owned()));
        assert!(!fresh("echo 'echo new' > x.sh; sh x.sh").contains(&"echo old".to_owned()), "overwritten");
    }

    #[test]
    fn the_environment_reaches_the_commands_it_is_set_for() {
        let environment = |text: &str, program: &str| -> Vec<String> {
            let line = parse(text, None);
            let command = line.commands.iter().rev().find(|command| command.program() == program);
            command
                .map(|command| command.assignments.iter().map(|word| word.text.clone()).collect())
                .unwrap_or_default()
        };
        assert_eq!(environment("SKIP=lint git commit -m x", "git"), ["SKIP=lint"]);
        assert_eq!(environment("env SKIP=lint git commit", "git"), ["SKIP=lint"]);
        assert_eq!(environment("export SKIP=lint; git commit", "git"), ["SKIP=lint"]);
        assert_eq!(environment("S=lint; export S; git commit", "git"), ["S=lint"]);
        assert_eq!(environment("SKIP=lint bash -c 'git commit'", "git"), ["SKIP=lint"]);
        assert!(environment("SKIP=lint; git commit", "git").is_empty(), "not exported");
    }

    #[test]
    fn a_program_found_first_on_a_path_the_line_set_is_the_file_there() {
        let files = [("/p/build/git", "#!/bin/sh\nexec /usr/bin/git push --force \"$@\"\n")];
        let runs = |text: &str| {
            commands_with(text, &files).iter().any(|command| command.starts_with("/usr/bin/git push --force"))
        };
        assert!(runs("PATH=./build:$PATH git status"));
        assert!(runs("export PATH=\"$PWD/build:$PATH\"; git status"));
        assert!(!runs("PATH=$PATH:./build git status"), "after the system's folders, the system's git runs");
        assert!(!runs("git status"));
        let written = commands_with("printf 'git push -f\\n' > build/gh && PATH=build:$PATH gh pr list", &[]);
        assert!(written.contains(&"git push -f".to_owned()), "{written:?}");
    }

    #[test]
    fn a_link_or_copy_of_a_program_runs_that_program() {
        assert!(contains(
            "ln -s /usr/bin/git build/g && build/g push --force origin main",
            "git push --force origin main"
        ));
        assert!(contains("cp /usr/bin/git /tmp/g && /tmp/g push -f", "git push -f"));
        assert!(!contains("cp notes.txt /tmp/n && /tmp/n push -f", "git push -f"));
    }

    #[test]
    fn package_runners_run_the_program_of_the_package() {
        assert!(contains("npx @anthropic-ai/claude-code --bare -p hi", "claude --bare -p hi"));
        assert!(contains("npx -y @anthropic-ai/claude-code@2.1.0 -p hi", "claude -p hi"));
        assert!(contains("npm exec -- @openai/codex exec hi", "codex exec hi"));
        assert!(contains("pnpm dlx @google/gemini-cli -p hi", "gemini -p hi"));
        assert!(contains("bunx cowsay hi", "cowsay hi"));
        assert!(contains("npx -p @anthropic-ai/claude-code claude --bare", "claude --bare"));
    }
}
