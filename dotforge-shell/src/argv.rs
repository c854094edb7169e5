//! The one option parser: a command's argv read the way getopt-style programs read it, driven by the program's
//! [`Options`] (which short and long options take a value) from the program table ([`crate::programs`]). Every
//! question about options and operands — the operands, an option's values, whether a flag is given, where the
//! wrapped command of a wrapper starts — is a view of one [`Parsed`].

use crate::lexer::Word;

/// Which options of a program take a value, as getopt reads them: `-o FILE` or `-oFILE` for a letter of `short`,
/// `--output FILE` or `--output=FILE` for a name of `long`. Other options are flags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Options {
    /// Letters of the short options that take a value.
    pub short: &'static str,
    /// Names (without the dashes) of the long options that take a value.
    pub long: &'static [&'static str],
    /// Names of the long options that take two values (`bwrap --bind SRC DEST`).
    pub long_pairs: &'static [&'static str],
}

impl Options {
    /// A program whose options all are flags.
    pub(crate) const NONE: Options = Options { short: "", long: &[], long_pairs: &[] };

    /// Options with these value-taking letters and names.
    pub(crate) const fn new(short: &'static str, long: &'static [&'static str]) -> Options {
        Options { short, long, long_pairs: &[] }
    }

    /// These options, and long options that take two values.
    pub(crate) const fn with_pairs(self, long_pairs: &'static [&'static str]) -> Options {
        Options { long_pairs, ..self }
    }

    /// Whether the short option `letter` takes a value.
    pub(crate) fn short_takes_value(&self, letter: char) -> bool {
        self.short.contains(letter)
    }

    /// Whether the long option `name` takes a value.
    pub(crate) fn long_takes_value(&self, name: &str) -> bool {
        self.long.contains(&name)
    }
}

/// Where a parse stops.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Order {
    /// GNU's permuting order: options and operands mix until `--`.
    Permute,
    /// POSIX order: the first operand ends the options (wrappers, git's global options, interpreters). A word for
    /// which the given test holds is skipped as if it were an option (`env NAME=value CMD`).
    UntilOperand(fn(&Word) -> bool),
}

/// An option's value: the next word, or the rest of the option's own word (`-oFILE`, `--output=FILE`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Value<'w> {
    /// The word after the option.
    Next(&'w Word),
    /// The option's word from this byte on.
    Attached(&'w Word, usize),
}

impl<'w> Value<'w> {
    /// The value's text.
    pub(crate) fn text(&self) -> &'w str {
        match *self {
            Value::Next(word) => &word.text,
            Value::Attached(word, at) => &word.text[at..],
        }
    }

    /// The value as a word of its own (what the word knows — quoting, `~`, variables — kept).
    pub(crate) fn word(&self) -> Word {
        match *self {
            Value::Next(word) => word.clone(),
            Value::Attached(word, at) => Word { text: word.text[at..].to_owned(), ..word.clone() },
        }
    }
}

/// One argument as the program reads it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Arg<'w> {
    /// A short option, with its value when it takes one (`None` at the end of the words).
    Short(char, Option<Value<'w>>),
    /// A long option without its dashes, with its value when attached or when it takes one.
    Long(&'w str, Option<Value<'w>>),
    /// An operand (also `-`, and every word after `--`).
    Operand(&'w Word),
}

/// A command's words (the program first) read as options and operands.
#[derive(Debug)]
pub(crate) struct Parsed<'w> {
    /// The arguments in order.
    pub args: Vec<Arg<'w>>,
    /// With [`Order::UntilOperand`]: the index (in the words) of the first operand, or the words' length when there is
    /// none. With [`Order::Permute`], the words' length.
    pub rest: usize,
}

impl<'w> Parsed<'w> {
    /// Reads `words[1..]` as `options` say, in `order`.
    pub(crate) fn of(words: &'w [Word], options: &Options, order: Order) -> Parsed<'w> {
        let mut args = Vec::new();
        let mut index = 1;
        let mut only_operands = false;
        while let Some(word) = words.get(index) {
            let text = word.text.as_str();
            let is_option = !only_operands && text.len() > 1 && text.starts_with('-');
            if !is_option {
                if let Order::UntilOperand(skip) = order {
                    if only_operands || !skip(word) {
                        return Parsed { args, rest: index };
                    }
                    index += 1;
                    continue;
                }
                args.push(Arg::Operand(word));
                index += 1;
                continue;
            }
            index += 1;
            if text == "--" {
                if matches!(order, Order::UntilOperand(_)) {
                    return Parsed { args, rest: index };
                }
                only_operands = true;
            } else if let Some(long) = text.strip_prefix("--") {
                match long.split_once('=') {
                    Some((name, _)) => args.push(Arg::Long(name, Some(Value::Attached(word, name.len() + 3)))),
                    None if options.long_takes_value(long) => {
                        args.push(Arg::Long(long, words.get(index).map(Value::Next)));
                        index += 1;
                    }
                    None if options.long_pairs.contains(&long) => {
                        args.push(Arg::Long(long, words.get(index).map(Value::Next)));
                        index += 2;
                    }
                    None => args.push(Arg::Long(long, None)),
                }
            } else {
                for (at, letter) in text.char_indices().skip(1) {
                    if !options.short_takes_value(letter) {
                        args.push(Arg::Short(letter, None));
                        continue;
                    }
                    let after = at + letter.len_utf8();
                    if after < text.len() {
                        args.push(Arg::Short(letter, Some(Value::Attached(word, after))));
                    } else {
                        args.push(Arg::Short(letter, words.get(index).map(Value::Next)));
                        index += 1;
                    }
                    break;
                }
            }
        }
        Parsed { args, rest: words.len().min(index) }
    }

    /// The operands, in order.
    pub(crate) fn operands(&self) -> impl Iterator<Item = &'w Word> + '_ {
        self.args.iter().filter_map(|arg| match arg {
            Arg::Operand(word) => Some(*word),
            _ => None,
        })
    }

    /// The values given to the short options `short` and the long options `long`, in order.
    pub(crate) fn values(&self, short: &[char], long: &[&str]) -> Vec<Value<'w>> {
        self.args
            .iter()
            .filter_map(|arg| match *arg {
                Arg::Short(letter, value) if short.contains(&letter) => value,
                Arg::Long(name, value) if long.contains(&name) => value,
                _ => None,
            })
            .collect()
    }

    /// The values of the options `names` (without dashes: `o`, `output`), as words. A name `OPTION:KEY` stands for
    /// the part after `=` of the values that set KEY — `-DKEY=FILE` (also typed, `-DKEY:FILEPATH=FILE`), `--conf
    /// KEY=PATH`, one pair of a list, `--config a=1,KEY=PATH` — with a `file://` prefix taken off.
    pub(crate) fn named_values(&self, names: &[&str]) -> Vec<Word> {
        let mut found = Vec::new();
        for name in names {
            let (option, key) = name.split_once(':').map_or((*name, None), |(option, key)| (option, Some(key)));
            let (letters, longs) = split_names(&[option]);
            for value in self.values(&letters, &longs) {
                let word = value.word();
                let Some(key) = key else {
                    found.push(word);
                    continue;
                };
                for pair in word.text.split(',') {
                    let Some((set, path)) = pair.split_once('=') else { continue };
                    if set.split(':').next() == Some(key) {
                        let path = path.strip_prefix("file://").unwrap_or(path);
                        found.push(Word { text: path.to_owned(), ..word.clone() });
                    }
                }
            }
        }
        found
    }

    /// Whether the short option `letter` is given (alone or in a cluster: `-rf`).
    pub(crate) fn has_short(&self, letter: char) -> bool {
        self.args.iter().any(|arg| matches!(arg, Arg::Short(given, _) if *given == letter))
    }

    /// Whether the long option `name` is given (`--name` or `--name=value`).
    pub(crate) fn has_long(&self, name: &str) -> bool {
        self.args.iter().any(|arg| matches!(arg, Arg::Long(given, _) if *given == name))
    }

    /// Whether the flag is given, as the letter or the long name.
    pub(crate) fn has(&self, letter: char, long: &str) -> bool {
        self.has_short(letter) || self.has_long(long)
    }
}

/// Option names (without dashes) as the letters and the long names they are: `["o", "output"]` → `(['o'],
/// ["output"])`.
pub(crate) fn split_names<'n>(names: &[&'n str]) -> (Vec<char>, Vec<&'n str>) {
    let letters = names.iter().filter(|name| name.chars().count() == 1).filter_map(|name| name.chars().next());
    (letters.collect(), names.iter().copied().filter(|name| name.chars().count() > 1).collect())
}

/// `text` as one shell word: single-quoted unless it is plain (`'it'\''s'`).
pub fn quote(text: &str) -> String {
    let plain = !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "-_./=:@%+,".contains(c));
    if plain {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<Word> {
        text.split_whitespace().map(|part| Word { text: part.to_owned(), ..Word::default() }).collect()
    }

    fn texts<'a>(found: impl IntoIterator<Item = &'a Word>) -> Vec<String> {
        found.into_iter().map(|word| word.text.clone()).collect()
    }

    #[test]
    fn values_attached_or_next_and_clusters_cut_at_a_value_letter() {
        let options = Options::new("ot", &["output", "target-directory"]);
        let argv = words("cp -rfo out --output=o2 -tdir a -- -b --output c");
        let parsed = Parsed::of(&argv, &options, Order::Permute);
        assert_eq!(texts(parsed.operands()), ["a", "-b", "--output", "c"]);
        let values: Vec<&str> = parsed.values(&['o', 't'], &["output"]).iter().map(Value::text).collect();
        assert_eq!(values, ["out", "o2", "dir"]);
        assert!(parsed.has_short('r') && parsed.has_short('f') && !parsed.has_short('d'), "`d` is -t's value");
        assert!(parsed.has_long("output"));
    }

    #[test]
    fn named_values_take_a_keys_value_from_a_setting_or_a_list_of_them() {
        let options = Options::new("D", &["conf", "config"]);
        let argv = words(
            "x -DCMAKE_X:FILEPATH=a.cmake -DOTHER=b --conf k.dir=file:///p/.forge --config s=1,shots=.forge,t=2 -Dc",
        );
        let parsed = Parsed::of(&argv, &options, Order::Permute);
        let texts = |names: &[&str]| parsed.named_values(names).into_iter().map(|word| word.text).collect::<Vec<_>>();
        assert_eq!(texts(&["D:CMAKE_X"]), ["a.cmake"]);
        assert_eq!(texts(&["conf:k.dir"]), ["/p/.forge"]);
        assert_eq!(texts(&["config:shots"]), [".forge"]);
        assert_eq!(texts(&["D"]), ["CMAKE_X:FILEPATH=a.cmake", "OTHER=b", "c"]);
        assert!(texts(&["conf:other", "config:t.x"]).is_empty());
    }

    #[test]
    fn posix_order_stops_at_the_first_operand() {
        let argv = words("env -u X A=1 -C /d git push -f");
        let parsed =
            Parsed::of(&argv, &Options::new("uC", &["unset", "chdir"]), Order::UntilOperand(|w| w.text.contains('=')));
        assert_eq!(argv[parsed.rest].text, "git");
        assert_eq!(parsed.values(&['C'], &[]).iter().map(Value::text).collect::<Vec<_>>(), ["/d"]);
        let argv = words("nice -5 -- rm x");
        assert_eq!(argv[Parsed::of(&argv, &Options::new("n", &[]), Order::UntilOperand(|_| false)).rest].text, "rm");
        let argv = words("timeout");
        assert_eq!(Parsed::of(&argv, &Options::NONE, Order::UntilOperand(|_| false)).rest, 1);
    }
}
