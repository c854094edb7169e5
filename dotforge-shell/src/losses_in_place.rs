//! The losses of programs that rewrite files rather than delete them, for [`crate::losses`]: an edit in place that
//! leaves nothing (`sed -i d`, `perl -pi -e '$_=""'`), an output option that replaces a file with other content
//! (`sort -o FILE` of other input), a patch applied in reverse (`patch -R`: the changes a diff recorded are taken
//! back), the members an extraction names (`tar -xf A src/`: the archive's copies replace them), an editor told to
//! delete every line and save (`vim -es -c '%d' -c wq FILE`), and a redirection into a path a loop was given (`… |
//! while read f; do … > "$f"; done`, `for f in src/*; do : > "$f"; done`: any file of the working folder).
//!
//! An edit in place that keeps content (`sed -i 's/a/b/'`), a backup suffix (`sed -i.bak`), sorting a file into
//! itself and applying a patch forwards are edits, as the file tools' are: none of them is a loss.

use crate::argv::{Parsed, Value};
use crate::command::{CommandLine, SimpleCommand};
use crate::lexer::{RedirectKind, Word};
use crate::programs::{Logic, Program};
use crate::rewriters;
use crate::target::Target;

/// What a rewriting command loses: each path, and whether its whole tree goes.
pub(crate) fn rewritten(command: &SimpleCommand, entry: &'static Program, parsed: &Parsed<'_>) -> Vec<(Word, bool)> {
    let words = &command.words;
    let operands = || parsed.operands().cloned().collect::<Vec<Word>>();
    let values = |short: &[char], long: &[&str]| parsed.values(short, long).iter().map(Value::word).collect::<Vec<_>>();
    let crate::programs::Touches::Own(logic) = entry.touches else { return Vec::new() };
    match logic {
        Logic::Sed => sed_emptied(words, parsed).into_iter().map(|file| (file, false)).collect(),
        Logic::OutputOption(names) => {
            // `sort -o FILE INPUT…`, `gpg -d -o FILE INPUT`: FILE is replaced unless it is among the inputs (sorting
            // a file in place); a folder (`restic restore --target DIR`, `dbt --target-path DIR`) with all it holds.
            let inputs = operands();
            let outputs = parsed.named_values(names);
            outputs
                .into_iter()
                .filter(|output| !inputs.iter().any(|input| input.text == output.text))
                .map(|output| (output, true))
                .collect()
        }
        Logic::Patch if parsed.has('R', "reverse") => {
            // The file named, else the files the patch names: any of its folder (`-d DIR` or the working one).
            match operands().into_iter().next() {
                Some(file) => vec![(file, false)],
                None => {
                    let folder = values(&['d'], &["directory"]).pop();
                    vec![(folder.unwrap_or_else(|| literal(".")), true)]
                }
            }
        }
        Logic::Tar | Logic::Unzip => extracted_members(logic, words, entry, parsed),
        Logic::Interpreter => perl_emptied(words, parsed)
            .into_iter()
            .chain(emacs_emptied(words, parsed))
            .map(|file| (file, false))
            .collect(),
        Logic::Awk => awk_emptied(parsed).into_iter().map(|file| (file, false)).collect(),
        _ => Vec::new(),
    }
}

/// The files an editor's commands empty and save (`vim -es -c '%d' -c wq FILE`, `ex -sc '%d|x' FILE`): a command
/// deletes every line and another writes.
pub(crate) fn editor_emptied(command: &SimpleCommand, entry: &'static Program, parsed: &Parsed<'_>) -> Vec<Word> {
    let names = entry.runs.iter().find_map(|runs| match runs {
        crate::programs::Runs::EditorCommands(names) => Some(*names),
        _ => None,
    });
    // ed takes its commands on its input (`printf ',d\nw\n' | ed -s FILE`), one a line.
    let texts: Vec<String> = match names {
        Some(names) => crate::unwrap::editor_command_texts(&command.words, entry, names),
        None if matches!(command.program(), "ed" | "red") => {
            crate::access::stdin_code(command).map(|text| text.lines().map(str::to_owned).collect()).unwrap_or_default()
        }
        None => return Vec::new(),
    };
    let commands: Vec<String> = texts
        .iter()
        .flat_map(|text| text.split('|').map(|part| part.trim().trim_start_matches(':').trim().to_owned()))
        .collect();
    let empties = commands.iter().any(|command| {
        matches!(command.as_str(), "g/^/d" | "%norm dd" | "%normal dd") || deletes_the_whole_range(command)
    });
    let writes = commands.iter().any(|command| {
        matches!(
            command.as_str(),
            "w" | "w!" | "wq" | "wq!" | "x" | "x!" | "wa" | "wqa" | "wqall" | "xa" | "xall" | "exit" | "up" | "update"
        )
    });
    if !(empties && writes) {
        return Vec::new();
    }
    parsed.operands().filter(|word| !word.text.starts_with('+')).cloned().collect()
}

/// An ex or ed command that deletes every line: the whole range (`%`, `1,$`, `0,$`, ed's `,`), then `:delete` in any of its
/// abbreviations (`d`, `de`, `del`…), maybe into a register (`%delete _`, `%d x`).
fn deletes_the_whole_range(command: &str) -> bool {
    let Some(rest) = ["%", "1,$", "0,$", ","].iter().find_map(|range| command.strip_prefix(range)) else {
        return false;
    };
    let name = rest.trim_start();
    let (name, register) = name.split_once(char::is_whitespace).unwrap_or((name, ""));
    !name.is_empty() && "delete".starts_with(name) && register.trim().chars().count() <= 1
}

/// The members an extraction names (each replaced by the archive's copy, a whole tree); not what an extraction
/// without named members writes (the archive's contents, which only the archive tells).
fn extracted_members(logic: Logic, words: &[Word], entry: &'static Program, parsed: &Parsed<'_>) -> Vec<(Word, bool)> {
    let Some((writes, _)) = rewriters::accesses(logic, words, &entry.options, parsed) else { return Vec::new() };
    let extracts = logic != Logic::Tar || rewriters::tar_extracts(words, parsed);
    if !extracts {
        return Vec::new();
    }
    writes.into_iter().filter(|target: &Target| target.lands_as.is_none()).map(|target| (target.path, true)).collect()
}

/// The files `sed -i SCRIPT FILE…` empties: in place without a backup suffix, the script deletes every line (`d`,
/// `1,$d`, `/.*/d`) or is empty under `-n` (nothing printed).
fn sed_emptied(words: &[Word], parsed: &Parsed<'_>) -> Vec<Word> {
    let in_place = parsed.has('i', "in-place") && !suffixed(words, 'i', Some("in-place"));
    if !in_place || !parsed.values(&['f'], &["file"]).is_empty() {
        return Vec::new(); // a copy kept, or a script file: not known here
    }
    let mut files = parsed.operands();
    let mut scripts: Vec<&str> = parsed.values(&['e'], &["expression"]).iter().map(Value::text).collect();
    if scripts.is_empty() {
        scripts.extend(files.next().map(|word| word.text.as_str()));
    }
    let quiet = parsed.has('n', "quiet") || parsed.has_long("silent");
    let emptied = scripts.iter().any(|script| deletes_every_line(script))
        || (quiet && !scripts.is_empty() && scripts.iter().all(|script| script.trim().is_empty()));
    if emptied {
        files.filter(|file| !file.text.is_empty()).cloned().collect()
    } else {
        Vec::new()
    }
}

/// Whether an in-place option carries a backup suffix: letters after `letter` in its cluster (`-i.bak`, sed's `-ie`,
/// perl's `-ip`), or a value of the long option (`--in-place=.orig`).
fn suffixed(words: &[Word], letter: char, long: Option<&str>) -> bool {
    words.iter().skip(1).any(|word| {
        let text = word.text.as_str();
        match text.strip_prefix("--") {
            Some(name) => long.and_then(|long| name.strip_prefix(long)).is_some_and(|rest| rest.starts_with('=')),
            None => text
                .strip_prefix('-')
                .and_then(|letters| letters.find(letter).map(|at| at + letter.len_utf8() < letters.len()))
                .unwrap_or(false),
        }
    })
}

/// A sed script that deletes every line of its input.
fn deletes_every_line(script: &str) -> bool {
    let compact: String = script.chars().filter(|c| !c.is_whitespace()).collect();
    let compact = compact.trim_end_matches(';');
    let Some(address) = compact.strip_suffix('d') else { return false };
    matches!(address, "" | "1,$" | "0,$" | "/^/" | "/.*/" | "/^.*/" | "/^.*$/" | "\\,.*,")
}

/// The files `gawk -i inplace PROGRAM FILE…` empties: a program with no main rule, only `BEGIN`/`END` blocks (and
/// `BEGINFILE`/`ENDFILE`), prints none of a file's lines back into it (`END { print "x" }` leaves only what it prints).
fn awk_emptied(parsed: &Parsed<'_>) -> Vec<Word> {
    let in_place = parsed.values(&['i'], &["include"]).iter().any(|value| value.text().starts_with("inplace"));
    if !in_place || !parsed.values(&['f'], &["file"]).is_empty() {
        return Vec::new();
    }
    let mut texts: Vec<&str> = parsed.values(&['e'], &["source"]).iter().map(Value::text).collect();
    let mut files = parsed.operands();
    if texts.is_empty() {
        texts.extend(files.next().map(|word| word.text.as_str()));
    }
    if texts.is_empty() || !texts.iter().all(|text| only_special_blocks(text) || prints_no_line(text)) {
        return Vec::new();
    }
    files.filter(|file| !file.text.contains('=')).cloned().collect()
}

/// Whether an awk program is a rule that prints no line: a pattern no line matches (`FNR < 1`, `NR == 0`, `0`) and no
/// action, or an action that prints nothing (`{}`, `{ next }`).
fn prints_no_line(program: &str) -> bool {
    let compact: String = program.chars().filter(|c| !c.is_whitespace() && *c != ';').collect();
    matches!(compact.as_str(), "0" | "FNR<1" | "NR<1" | "FNR==0" | "NR==0" | "FNR<0" | "NR<0" | "{}" | "{next}")
}

/// Whether an awk program is only `BEGIN`, `END`, `BEGINFILE` and `ENDFILE` blocks (no rule runs per line).
fn only_special_blocks(program: &str) -> bool {
    let mut rest = program.trim_start_matches(|c: char| c.is_whitespace() || c == ';');
    let mut blocks = 0;
    while !rest.is_empty() {
        let Some(after) = ["BEGINFILE", "ENDFILE", "BEGIN", "END"].iter().find_map(|name| rest.strip_prefix(name))
        else {
            return false;
        };
        let after = after.trim_start();
        if !after.starts_with('{') {
            return false;
        }
        let Some(end) = crate::lexer::matching_close(after.as_bytes(), 1, b'{', b'}') else { return false };
        rest = after[end + 1..].trim_start_matches(|c: char| c.is_whitespace() || c == ';');
        blocks += 1;
    }
    blocks > 0
}

/// The files `emacs --batch FILE… --eval CODE` empties: code that erases the buffer and saves it (`(progn
/// (erase-buffer) (save-buffer))`) leaves nothing of the files it visits.
fn emacs_emptied(words: &[Word], parsed: &Parsed<'_>) -> Vec<Word> {
    if words.first().is_none_or(|word| crate::program_name(&word.text) != "emacs") {
        return Vec::new();
    }
    let code: Vec<&str> = parsed.values(&[], &["eval", "execute"]).iter().map(Value::text).collect();
    let erases = code.iter().any(|code| code.contains("erase-buffer"));
    let saves = code
        .iter()
        .any(|code| ["save-buffer", "save-some-buffers", "write-file"].iter().any(|save| code.contains(save)));
    if !(erases && saves) {
        return Vec::new();
    }
    parsed.operands().filter(|word| !word.text.starts_with('+')).cloned().collect()
}

/// The files `perl -i -p -e CODE FILE…` (or `-n`) empties: in place without a backup suffix, `-p` with code that
/// sets each line to nothing, `-n` with code that prints nothing.
fn perl_emptied(words: &[Word], parsed: &Parsed<'_>) -> Vec<Word> {
    if words.first().is_none_or(|word| crate::program_name(&word.text) != "perl") {
        return Vec::new();
    }
    let Some(code) = parsed.values(&['e', 'E'], &[]).first().map(Value::text) else { return Vec::new() };
    if !parsed.has_short('i') || suffixed(words, 'i', None) {
        return Vec::new();
    }
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    let empties_line = ["$_=\"\"", "$_=''", "$_=q()", "$_=q{}", "undef$_", "s/.*//s", "s/^.*$//s"]
        .iter()
        .any(|form| compact.contains(form));
    // A statement prints unless a constant false guards it (`print if 0`, `print unless 1`, `0 and print`).
    let prints = compact.split(';').any(|statement| {
        let guarded =
            ["if0", "if(0)", "if\"\"", "if''", "unless1", "unless(1)"].iter().any(|end| statement.ends_with(end))
                || ["0and", "0&&", "1or", "1||"].iter().any(|start| statement.starts_with(start));
        !guarded && ["print", "say", "printf", "syswrite"].iter().any(|name| statement.contains(name))
    });
    let (loops_printing, loops_quiet) = (parsed.has_short('p'), parsed.has_short('n'));
    let emptied = (loops_printing && empties_line) || (loops_quiet && !loops_printing && !prints);
    if !emptied {
        return Vec::new();
    }
    parsed.operands().cloned().collect()
}

/// Whether a redirection writes a path the line's loop was given — a `read`'s name (`while read f; do … > "$f";
/// done`), a `for` loop's (`for f in src/*.rs; do : > "$f"; done`) — or what `xargs` was fed that no one can know
/// (`… | xargs -I{} sh -c 'cmd > {}'`): such a path may be any file of the working folder, which the caller reads
/// as the folder's whole tree.
pub(crate) fn redirected_into_loop_paths(line: &CommandLine, command: &SimpleCommand) -> bool {
    command.redirects.iter().any(|redirect| {
        if !matches!(redirect.kind, RedirectKind::Write | RedirectKind::Duplicate) {
            return false;
        }
        // (The marker's variable, however the word was expanded: `${DOTFORGE_UNKNOWN}` or `$DOTFORGE_UNKNOWN`.)
        if redirect.target.dynamic
            && redirect.target.text.contains(crate::code::UNKNOWN_COMMAND.trim_matches(['$', '{', '}']))
        {
            return true;
        }
        lone_variable(&redirect.target).is_some_and(|name| {
            read_names(line).any(|read| read == name) || line.loop_names.iter().any(|looped| looped == name)
        })
    })
}

/// The names `read` commands of the line assign (`read -r f`, `read -d '' f`).
fn read_names(line: &CommandLine) -> impl Iterator<Item = &str> {
    line.commands.iter().filter(|command| command.program() == "read").flat_map(|command| {
        let mut names = Vec::new();
        let mut rest = command.words.iter().skip(1);
        while let Some(word) = rest.next() {
            let text = word.text.as_str();
            if let Some(letters) = text.strip_prefix('-') {
                // `-a NAME` assigns an array; the other value options take a delimiter, prompt, count or descriptor.
                if letters.ends_with(['d', 'i', 'n', 'N', 'p', 't', 'u']) {
                    rest.next();
                }
                if letters.ends_with('a') {
                    names.extend(rest.next().map(|word| word.text.as_str()));
                }
            } else {
                names.push(text);
            }
        }
        names
    })
}

/// The name of a word that is one variable and nothing else (`"$f"`, `${f}`).
fn lone_variable(word: &Word) -> Option<&str> {
    if !word.dynamic {
        return None;
    }
    let name = word.text.strip_prefix('$')?;
    let name = name.strip_prefix('{').and_then(|inner| inner.strip_suffix('}')).unwrap_or(name);
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')).then_some(name)
}

/// A word of plain text.
fn literal(text: &str) -> Word {
    Word { text: text.to_owned(), ..Word::default() }
}
