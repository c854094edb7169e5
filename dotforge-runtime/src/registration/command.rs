//! The program a hook command runs: its first word, unquoted, with the variables the agent CLIs set for hooks put
//! in — how `doctor` and the tamper check tell a registration of this very binary.

use std::path::{Path, PathBuf};

/// The first word of a hook command, unquoted, with the variables Claude Code sets put in.
pub(crate) fn program_of(command: &str, project: &Path, plugin_root: Option<&Path>) -> PathBuf {
    let command = command.trim_start();
    let word = match command.strip_prefix('"') {
        Some(rest) => {
            // `"$CLAUDE_PROJECT_DIR"/target/…`: the quoted part and what follows it up to a blank.
            let (quoted, after) = rest.split_once('"').unwrap_or((rest, ""));
            let tail = after.split_whitespace().next().filter(|_| !after.starts_with(' ')).unwrap_or("");
            format!("{quoted}{tail}")
        }
        None => command.split_whitespace().next().unwrap_or("").to_owned(),
    };
    let project = project.to_string_lossy();
    let mut expanded = word.replace("${CLAUDE_PROJECT_DIR}", &project).replace("$CLAUDE_PROJECT_DIR", &project);
    if let Some(root) = plugin_root {
        let root = root.to_string_lossy();
        expanded = expanded.replace("${CLAUDE_PLUGIN_ROOT}", &root).replace("$CLAUDE_PLUGIN_ROOT", &root);
    }
    PathBuf::from(expanded)
}

#[cfg(test)]
mod tests {
    use super::program_of;
    use std::path::{Path, PathBuf};

    #[test]
    fn the_program_of_a_hook_command_has_claude_codes_variables_put_in() {
        let project = Path::new("/p");
        let root = Some(Path::new("/plug"));
        assert_eq!(
            program_of("\"$CLAUDE_PROJECT_DIR\"/target/release/hook", project, None),
            PathBuf::from("/p/target/release/hook")
        );
        assert_eq!(program_of("\"${CLAUDE_PLUGIN_ROOT}\"/bin/h", project, root), PathBuf::from("/plug/bin/h"));
        assert_eq!(
            program_of("\"/opt/my hooks/h\" hook --harness codex", project, None),
            PathBuf::from("/opt/my hooks/h")
        );
        assert_eq!(program_of("/usr/bin/h hook", project, None), PathBuf::from("/usr/bin/h"));
    }
}
