//! dotforge's own authoring CLI, which edits a catalog in place: `dotforge on|off ID --project` its `index.yaml`,
//! `dotforge strict|relaxed ID` a behavior's `behavior.yaml` (both in `--dir`, `behaviors` by default), `dotforge
//! schema --write DIR` the schemas, and `dotforge new NAME` a whole project. In the project that builds a hook, the
//! first two change what the next build makes.

use crate::argv::{Order, Parsed, Value};
use crate::command::SimpleCommand;
use crate::lexer::Word;
use crate::programs::Program;
use crate::target::{as_written, inside, Writes};

/// What a `dotforge` command writes, `None` for other programs.
pub(super) fn outputs(command: &SimpleCommand, entry: &Program) -> Option<Writes> {
    let words = &command.words;
    let parsed = Parsed::of(words, &entry.options, Order::Permute);
    let arguments: Vec<&Word> = parsed.operands().collect();
    let (subcommand, name) = (arguments.first()?.text.as_str(), arguments.get(1));
    let last_value = |option: &str| parsed.values(&[], &[option]).last().map(Value::word);
    let catalog = || last_value("dir").unwrap_or_else(|| Word { text: "behaviors".to_owned(), ..Word::default() });
    let writes = match subcommand {
        "on" | "off" => as_written([inside(&catalog(), "index.yaml")], false),
        "strict" | "relaxed" => as_written([inside(&catalog(), &format!("{}/behavior.yaml", name?.text))], false),
        "schema" => as_written(last_value("write"), true),
        "new" => {
            let parent = last_value("path").unwrap_or_else(|| Word { text: ".".to_owned(), ..Word::default() });
            as_written([inside(&parent, &name?.text)], true)
        }
        _ => Vec::new(),
    };
    Some(writes)
}

#[cfg(test)]
mod tests {
    use super::outputs;
    use crate::programs::{self, Logic, Touches};
    use crate::reader::parse;

    fn outputs_of(command: &str) -> Vec<(String, bool)> {
        let line = parse(command, None);
        let entry = |command: &crate::command::SimpleCommand| {
            let entry = programs::of(command.program());
            (entry.touches == Touches::Own(Logic::Dotforge)).then_some(entry)
        };
        let outputs = line.commands.iter().filter_map(|command| outputs(command, entry(command)?)).flatten();
        outputs.map(|target| (target.path.text, target.tree)).collect()
    }

    #[test]
    fn the_authoring_cli_writes_the_catalog_it_edits() {
        let file = |path: &str| vec![(path.to_owned(), false)];
        assert_eq!(outputs_of("dotforge off self-protection --project"), file("behaviors/index.yaml"));
        assert_eq!(outputs_of("dotforge on --project x --dir hooks/behaviors/"), file("hooks/behaviors/index.yaml"));
        assert_eq!(outputs_of("dotforge relaxed no-verify"), file("behaviors/no-verify/behavior.yaml"));
        assert_eq!(outputs_of("dotforge strict --dir=/b search-first"), file("/b/search-first/behavior.yaml"));
        assert_eq!(outputs_of("dotforge schema --write schemas"), [("schemas".to_owned(), true)]);
        assert_eq!(outputs_of("dotforge new hooks --path /p"), [("/p/hooks".to_owned(), true)]);
        for read_only in ["dotforge check", "dotforge check --client-tools tools.txt behaviors", "dotforge schema"] {
            assert_eq!(outputs_of(read_only), [], "{read_only}");
        }
        assert_eq!(outputs_of("cargo off x --project"), []);
    }
}
