//! Tests of the readings that need the whole reader (`parse`): computed words, filters' scripts, containers'
//! commands. (In a module of their own: the modules they test sit below the reader.)

mod computed {
    use crate::reader::parse;
    use crate::Unknown;

    fn read(text: &str) -> Vec<(String, Unknown)> {
        parse(text, None)
            .commands
            .iter()
            .map(|command| {
                let words: Vec<&str> = command.words.iter().map(|word| word.text.as_str()).collect();
                (words.join(" "), command.unknown)
            })
            .collect()
    }

    fn runs(text: &str, expected: &str) -> bool {
        read(text).iter().any(|(command, unknown)| command == expected && *unknown == Unknown::Nothing)
    }

    #[test]
    fn computed_program_words_are_resolved_where_they_can_be() {
        assert!(runs("$(which git) push --force", "git push --force"));
        assert!(runs("`which git` push -f origin main", "git push -f origin main"));
        assert!(runs("\"$(command -v git)\" push --force", "git push --force"));
        // The first of several lookups tried in turn, and a variable that keeps one.
        assert!(runs("\"$(command -v git || which git)\" push --force", "git push --force"));
        assert!(runs("g=$(command -v git || command -v hub); \"$g\" push -f", "git push -f"));
        assert!(runs("$(printf 'gi%s' t) push --force", "git push --force"));
        assert!(runs("$(printf %b '\\x67\\x69\\x74') push --force", "git push --force"));
        // Variables built up on the line: appended to, or from another's value.
        assert!(runs("c='git push'; c+=' --force'; eval \"$c\"", "git push --force"));
        assert!(runs("a=git; b=${a}; $b push -f", "git push -f"));
        // Positional parameters: set on the line, or given to `sh -c` after its `$0`.
        assert!(runs("set -- git push -f; \"$@\"", "git push -f"));
        assert!(runs("a=(git push); a+=(-f origin main); \"${a[@]}\"", "git push -f origin main"));
        assert!(runs("IFS=,; c=\"git,push,-f\"; $c", "git push -f"));
        assert!(runs("v='ecrof--'; git push $(rev <<< \"$v\") origin", "git push --force origin"));
        assert!(runs("git push origin \"$(printf '\\x2b')main\"", "git push origin +main"));
        assert!(runs("git push \"--for$(echo ce)\" origin", "git push --force origin"));
        assert!(runs("sh -c '\"$@\"' _ git push --force", "git push --force"));
        assert!(runs("bash -c '$1 $2 $3' sh git push -f", "git push -f"));
        assert!(runs("`echo git` push --force", "git push --force"));
        assert!(runs("x=$(echo rm); $x -rf .forge", "rm -rf .forge"));
        assert!(runs("g${IFS}push${IFS}--force", "g push --force"));
        assert!(runs("git${IFS}push${IFS}-f", "git push -f"));
        assert!(runs("rm${IFS}-rf${IFS}$HOME/notes", "rm -rf $HOME/notes"));
        assert!(runs("cmd=(git push --force); \"${cmd[@]}\"", "git push --force"));
        assert!(runs("eval \"$(echo git push --force)\"", "git push --force"));
        // Arguments too, where what they print is known; the others stay as written.
        assert!(runs("git push $(echo -f)", "git push -f"));
        assert!(runs("git push \"$(printf -- '-%s' f)\" origin", "git push -f origin"));
        assert!(runs("git $(echo push --force)", "git push --force"));
        assert!(runs("args=(push -f); git \"${args[@]}\"", "git push -f"));
        // (What git prints there the hook finds itself.)
        assert!(runs("cd \"$(git rev-parse --show-toplevel)\"", "cd $DOTFORGE_GIT_TOPLEVEL"));
    }

    #[test]
    fn a_function_defined_on_the_line_runs_its_body_with_the_calls_arguments() {
        assert!(runs("g() { git \"$@\"; }; g push --force", "git push --force"));
        assert!(runs("function g { git \"$@\"; }; g push -f origin main", "git push -f origin main"));
        assert!(runs("g() { git $1 $2; }\ng push --force", "git push --force"));
        assert!(runs("g() { \"$@\"; }; g git push -f", "git push -f"));
        assert!(runs("g() { command git \"$@\"; }; g push -f", "git push -f"));
        assert!(runs("g() (git \"$@\"); g push -f", "git push -f"));
        assert!(runs("p() { echo \"$1\" | sh; }; p 'git push -f'", "git push -f"));
        // The call of a function that does something else runs only that.
        assert!(!runs("g() { git \"$@\"; }; g status", "git push --force"));
        assert!(runs("g() { git \"$@\"; }; g status", "git status"));
    }

    #[test]
    fn what_stays_unknown_is_marked() {
        assert!(read("$X push --force").contains(&("$X push --force".to_owned(), Unknown::Program)));
        assert!(read("${SHELL} -c 'git push --force'").contains(&("git push --force".to_owned(), Unknown::Nothing)));
        assert!(read("eval $CMD").iter().any(|(_, unknown)| *unknown == Unknown::Everything));
        assert!(read("$(cat cmd.txt)").iter().any(|(_, unknown)| *unknown == Unknown::Everything));
        assert!(read("\"$PYTHON\" -m pytest").contains(&("$PYTHON -m pytest".to_owned(), Unknown::Program)));
        assert!(read("eval \"$(ssh-agent -s)\"").iter().all(|(_, unknown)| *unknown == Unknown::Nothing));
        assert!(read("eval \"$(direnv hook bash)\"").iter().all(|(_, unknown)| *unknown == Unknown::Nothing));
        assert!(read("ls \"$(git rev-parse --show-toplevel)\"")
            .iter()
            .all(|(_, unknown)| *unknown == Unknown::Nothing));
    }
}

mod filters {
    use crate::filters::*;
    use crate::lexer::Word;
    use crate::programs;
    use crate::programs::Filter;

    fn of(line: &str) -> FilterRuns {
        let words: Vec<Word> = crate::reader::parse(line, None).commands[0].words.clone();
        let program = programs::lookup(&words[0].text).expect("a filter");
        let filter = if words[0].text.contains("sed") { Filter::Sed } else { Filter::Awk };
        runs(&words, program, filter, None)
    }

    #[test]
    fn awk_runs_its_system_calls_and_pipes() {
        assert_eq!(of("awk 'BEGIN{system(\"git push -f\")}'").scripts, ["git push -f"]);
        assert_eq!(of("awk 'BEGIN { \"rm -rf .forge\" | getline x }'").scripts, ["rm -rf .forge"]);
        let into_shell = of("awk '{ print | \"sh\" }' cmds.txt");
        assert!(into_shell.unknown && into_shell.scripts == ["sh"]);
        assert_eq!(of("gawk -e 'BEGIN{system(\"id\")}' x").scripts, ["id"]);
        assert_eq!(of("awk -F: '{print $1}' /etc/passwd"), FilterRuns::default());
        assert_eq!(of("awk '{ print \"a\" || \"b\" }'"), FilterRuns::default());
    }

    #[test]
    fn sed_runs_its_e_commands_and_flags() {
        assert_eq!(of("sed -n '1e git push --force' README.md").scripts, ["git push --force"]);
        assert_eq!(of("sed 's/.*/rm -rf .forge/e' README.md").scripts, ["rm -rf .forge"]);
        assert_eq!(of("sed -e '/x/e id' f").scripts, ["id"]);
        assert!(of("sed 'e' list.txt").unknown);
        assert_eq!(of("sed -i 's/e/E/g' notes.txt"), FilterRuns::default());
        assert_eq!(of("sed -n '/error/p' log"), FilterRuns::default());
        assert_eq!(of("sed 's|a|b|' f"), FilterRuns::default());
    }
}

mod containers {
    use crate::containers::*;
    use crate::lexer::Word;
    use crate::programs;

    fn of(line: &str) -> Vec<String> {
        let words: Vec<Word> = crate::reader::parse(line, None).commands[0].words[1..].to_vec();
        let docker = programs::lookup("docker").expect("docker");
        let entry = docker.subcommand_entry(&words[0].text).expect("run or exec");
        let image = words[0].text == "run";
        commands(&words, entry, image)
            .iter()
            .map(|command| command.iter().map(|word| word.text.as_str()).collect::<Vec<_>>().join(" "))
            .collect()
    }

    #[test]
    fn a_container_runs_its_command_with_mounted_paths_mapped_back() {
        assert_eq!(of("docker run --rm -v $PWD:/w -w /w alpine rm -rf /w/.forge"), ["rm -rf ./.forge"]);
        assert_eq!(of("docker run -v \"$PWD\":/w alpine/git push --force"), ["git push --force", "push --force"]);
        assert_eq!(of("docker run --mount type=bind,source=/p,target=/src x sh -c 'ls /src'"), ["sh -c ls /p"]);
        assert_eq!(of("docker run -v /p:/w x sh -c 'rm -rf /w/.forge /work'"), ["sh -c rm -rf /p/.forge /work"]);
        assert_eq!(of("docker run --entrypoint git alpine push -f"), ["git push -f"]);
        assert_eq!(of("docker exec -it web git push -f"), ["git push -f"]);
        assert_eq!(of("docker run -d -p 80:80 nginx"), Vec::<String>::new());
    }
}
