//! Plain-words descriptions of triggers, embedded in the generated metadata for `describe`-style commands.

use crate::ir::{Action, Compare, Condition, Logic, Matcher, PathAccess, Test, Trigger};

/// One sentence describing a trigger, e.g. "on PreToolUse for Write|Edit when `file_path` matches regex `…`:
/// check flag `x` (present: consume, absent: violate)".
pub(crate) fn trigger(trigger: &Trigger) -> String {
    let mut text = format!("on {}", trigger.event.name());
    match &trigger.matcher {
        Matcher::Any if trigger.event.has_tool() => text.push_str(" for any tool"),
        Matcher::Any => {}
        Matcher::Names(names) => text.push_str(&format!(" for {}", names.join("|"))),
        Matcher::Regex(pattern) => text.push_str(&format!(" for tools matching `{pattern}`")),
    }
    if !trigger.conditions.is_empty() {
        let joiner = match trigger.logic {
            Logic::All => " and ",
            Logic::Any => " or ",
        };
        let conditions: Vec<String> = trigger.conditions.iter().map(condition).collect();
        text.push_str(&format!(" when {}", conditions.join(joiner)));
    }
    text.push_str(": ");
    text.push_str(&match &trigger.action {
        Action::Evaluate => "violation".to_owned(),
        Action::SetFlag(flag) => format!("set flag `{flag}`"),
        Action::CheckFlag { flag, consume, violate } => format!(
            "check flag `{flag}` (present: {}, absent: {})",
            if *consume { "consume" } else { "keep" },
            if *violate { "violation" } else { "skip" }
        ),
    });
    text
}

fn condition(condition: &Condition) -> String {
    let field = &condition.field;
    match &condition.test {
        Test::Regex(pattern) => format!("`{field}` matches regex `{pattern}`"),
        Test::Contains(value) => format!("`{field}` contains `{value}`"),
        Test::NotContains(value) => format!("`{field}` does not contain `{value}`"),
        Test::Equals(value) => format!("`{field}` equals `{value}`"),
        Test::StartsWith(value) => format!("`{field}` starts with `{value}`"),
        Test::EndsWith(value) => format!("`{field}` ends with `{value}`"),
        Test::Exists(true) | Test::CounterExists(true) => format!("`{field}` is set"),
        Test::Exists(false) | Test::CounterExists(false) => format!("`{field}` is empty"),
        Test::Counter(compare, value) => {
            let symbol = match compare {
                Compare::Gt => ">",
                Compare::Lt => "<",
                Compare::Gte => ">=",
                Compare::Lte => "<=",
                Compare::Eq => "==",
            };
            format!("`counter` {symbol} {value}")
        }
        Test::Runs { text, .. } => format!("`{field}` runs `{text}`"),
        Test::Paths { access: PathAccess::Writes, text, .. } => format!("`{field}` writes `{text}`"),
        Test::Paths { access: PathAccess::Reads, text, .. } => format!("`{field}` reads `{text}`"),
        Test::Paths { access: PathAccess::LosesWork, text, .. } => {
            format!("`{field}` destroys work git cannot bring back under `{text}`")
        }
    }
}
