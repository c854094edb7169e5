//! Git driven from code through a library rather than the `git` program — GitPython (`repo.git.push('--force')`,
//! `index.commit(…, skip_hooks=True)`), pygit2, dulwich, isomorphic-git, simple-git, magit — read as the git
//! command each call amounts to, so the catalog's git rules see it. GitPython's `repo.git.NAME(ARGS)` is git's own
//! command line; the others are a table of the calls (and arguments) that force, reset hard or skip hooks.

/// `(fragments, command)`: code holding every fragment (compared without blanks) runs the command.
const CALLS: &[(&[&str], &str)] = &[
    (&["skip_hooks=True"], "git commit --no-verify"),
    (&[".reset(", "working_tree=True"], "git reset --hard"),
    (&["importgit", ".push(", "force=True"], "git push --force"),
    (&["fromgit", ".push(", "force=True"], "git push --force"),
    (&["pygit2", "GIT_RESET_HARD"], "git reset --hard"),
    (&["pygit2", "GIT_CHECKOUT_FORCE"], "git checkout --force"),
    (&["dulwich", ".push(", "+refs/"], "git push --force"),
    (&["dulwich", ".push(", "force=True"], "git push --force"),
    (&["dulwich", ".reset(", "'hard'"], "git reset --hard"),
    (&["dulwich", ".reset(", "\"hard\""], "git reset --hard"),
    (&["isomorphic-git", ".push(", "force:true"], "git push --force"),
    (&["isomorphic-git", ".push(", "delete:true"], "git push --delete"),
    (&["simple-git", ".push(", "--force"], "git push --force"),
    (&["simple-git", ".push(", "'-f'"], "git push --force"),
    (&["simple-git", ".reset(", "hard"], "git reset --hard"),
    (&["simple-git", "--no-verify"], "git commit --no-verify"),
    (&["magit-run-git", "\"push\"", "--force"], "git push --force"),
    (&["magit-run-git", "\"reset\"", "--hard"], "git reset --hard"),
    (&["magit-push", "--force"], "git push --force"),
];

/// The git command lines `code` runs through a git library.
pub(crate) fn commands(code: &str) -> Vec<String> {
    let mut found = git_python_commands(code);
    if !["git", "dulwich"].iter().any(|name| code.contains(name)) {
        return found;
    }
    let compact: String = code.chars().filter(|c| !c.is_whitespace()).collect();
    for (fragments, command) in CALLS {
        if fragments.iter().all(|fragment| compact.contains(fragment)) {
            found.push((*command).to_owned());
        }
    }
    found
}

/// GitPython's `X.git.NAME(ARGS)`: `git NAME ARGS`, each string argument a word and each keyword an option
/// (`force=True` is `--force`, `A=True` is `-A`, `m='x'` is `-m x`; a false one is left out).
fn git_python_commands(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find(".git.") {
        let after = &rest[at + 5..];
        rest = after;
        let length = after.bytes().take_while(|byte| byte.is_ascii_alphanumeric() || *byte == b'_').count();
        let (name, call) = after.split_at(length);
        let Some(arguments) = call.strip_prefix('(') else { continue };
        let Some(end) = crate::lexer::matching_close(arguments.as_bytes(), 0, b'(', b')') else { continue };
        let mut words = vec!["git".to_owned(), name.replace('_', "-")];
        for argument in arguments[..end].split(',').map(str::trim).filter(|argument| !argument.is_empty()) {
            let literal = |text: &str| text.trim_matches(|c| c == '\'' || c == '"').to_owned();
            match argument.split_once('=') {
                Some((key, value)) if !key.contains(['\'', '"']) => {
                    let key = key.trim().replace('_', "-");
                    let option = if key.len() == 1 { format!("-{key}") } else { format!("--{key}") };
                    match value.trim() {
                        "False" | "None" => {}
                        "True" => words.push(option),
                        value => words.extend([option, literal(value)]),
                    }
                }
                _ => words.push(literal(argument)),
            }
        }
        found.push(words.iter().map(|word| crate::argv::quote(word)).collect::<Vec<_>>().join(" "));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::commands;

    #[test]
    fn library_calls_are_the_git_commands_they_amount_to() {
        assert_eq!(
            commands("import git; git.Repo('.').git.push('--force', 'origin', 'main')"),
            ["git push --force origin main"]
        );
        assert_eq!(commands("r.git.reset(hard=True)"), ["git reset --hard"]);
        assert_eq!(commands("r.git.commit(m='wip', no_verify=True)"), ["git commit -m wip --no-verify"]);
        assert_eq!(commands("r.git.status()"), ["git status"]);
        assert!(commands("import git; r = git.Repo('.'); r.index.commit('wip', skip_hooks=True)")
            .contains(&"git commit --no-verify".to_owned()));
        assert_eq!(commands("import pygit2; r.reset(r.head.target, pygit2.GIT_RESET_HARD)"), ["git reset --hard"]);
        assert_eq!(
            commands(
                "from dulwich import porcelain; porcelain.push('.', 'origin', b'+refs/heads/main:refs/heads/main')"
            ),
            ["git push --force"]
        );
        assert_eq!(
            commands("git.push({fs, http, dir: '.', ref: 'main', force: true}) // isomorphic-git"),
            ["git push --force"]
        );
        assert_eq!(
            commands("(magit-run-git \"push\" \"--force-with-lease\" \"origin\" \"main\")"),
            ["git push --force"]
        );
        assert!(commands("import pygit2; print(pygit2.Repository('.').head.shorthand)").is_empty());
        assert!(commands("print('git is great')").is_empty());
    }
}
