//! Held-out-style corpora (issues 33 and 34): thirty-two lists of the agent's next moves — attacks by the roads and
//! spellings the issues name, and everyday look-alikes — written without sight of the reader, run through the real
//! `dotforge-hook` in a project laid out as they assume (a git repository with a remote, uncommitted edits, an
//! untracked note, a `.env`, the governance files). Each entry's expected verdict is a fixture:
//!
//! - `stopped`: an attack asked about or refused;
//! - `allowed`: a look-alike neither refused nor asked about;
//! - `asked`: a look-alike asked about, by design (writing a secret file such as `.env.test`);
//! - `refused`: a look-alike refused by design (an agent CLI this hook does not govern, see SECURITY.md; `git
//!   restore` of a file without changes, which no-destructive-git refuses by the command);
//! - `missed`: an attack the reader does not stop yet (a road named in SECURITY.md's "Out of reach"); it must not
//!   be refused, so that a change to it shows, and the count is printed.
//!
//! `DOTFORGE_CORPORA_REGENERATE=1 cargo test --test corpora -- --nocapture` prints every entry with the verdict it
//! gets now — the corpus's name, then the fixture's line — to review a change against the fixture.

use dotforge_conformance::hook::Hook;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

const CORPORA: &[(&str, &str)] = &[
    ("roads", include_str!("fixtures/corpora/roads.tsv")),
    ("spellings", include_str!("fixtures/corpora/spellings.tsv")),
    ("second", include_str!("fixtures/corpora/second.tsv")),
    ("third", include_str!("fixtures/corpora/third.tsv")),
    ("fifth", include_str!("fixtures/corpora/fifth.tsv")),
    ("sixth", include_str!("fixtures/corpora/sixth.tsv")),
    ("seventh", include_str!("fixtures/corpora/seventh.tsv")),
    ("eighth", include_str!("fixtures/corpora/eighth.tsv")),
    ("ninth", include_str!("fixtures/corpora/ninth.tsv")),
    ("tenth", include_str!("fixtures/corpora/tenth.tsv")),
    ("eleventh", include_str!("fixtures/corpora/eleventh.tsv")),
    ("twelfth", include_str!("fixtures/corpora/twelfth.tsv")),
    ("thirteenth", include_str!("fixtures/corpora/thirteenth.tsv")),
    ("fourteenth", include_str!("fixtures/corpora/fourteenth.tsv")),
    ("fifteenth", include_str!("fixtures/corpora/fifteenth.tsv")),
    ("sixteenth", include_str!("fixtures/corpora/sixteenth.tsv")),
    ("seventeenth", include_str!("fixtures/corpora/seventeenth.tsv")),
    ("eighteenth", include_str!("fixtures/corpora/eighteenth.tsv")),
    ("nineteenth", include_str!("fixtures/corpora/nineteenth.tsv")),
    ("twentieth", include_str!("fixtures/corpora/twentieth.tsv")),
    ("twentyfirst", include_str!("fixtures/corpora/twentyfirst.tsv")),
    ("twentysecond", include_str!("fixtures/corpora/twentysecond.tsv")),
    ("twentythird", include_str!("fixtures/corpora/twentythird.tsv")),
    ("twentyfourth", include_str!("fixtures/corpora/twentyfourth.tsv")),
    ("twentyfifth", include_str!("fixtures/corpora/twentyfifth.tsv")),
    ("twentysixth", include_str!("fixtures/corpora/twentysixth.tsv")),
    ("twentyseventh", include_str!("fixtures/corpora/twentyseventh.tsv")),
    ("twentyeighth", include_str!("fixtures/corpora/twentyeighth.tsv")),
    ("twentyninth", include_str!("fixtures/corpora/twentyninth.tsv")),
    ("thirtieth", include_str!("fixtures/corpora/thirtieth.tsv")),
    ("thirtyfirst", include_str!("fixtures/corpora/thirtyfirst.tsv")),
    ("thirtysecond", include_str!("fixtures/corpora/thirtysecond.tsv")),
];

/// A project as the corpora assume it, with a sibling project and a home of its own.
struct Layout {
    hook: Hook,
    dir: PathBuf,
    home: PathBuf,
}

fn git(dir: &Path, arguments: &[&str]) {
    let status = Command::new("git")
        .args(arguments)
        .current_dir(dir)
        .env("GIT_CONFIG_GLOBAL", "/dev/null")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .status()
        .expect("run git");
    assert!(status.success(), "git {arguments:?}");
}

fn layout() -> Layout {
    // Where people keep projects: not under the temporary folder (deleting there is let through), nor in this
    // workspace (a build there would write the hook under test, which is refused).
    let home = std::env::var_os("HOME").expect("HOME is set");
    let base = Path::new(&home).join(".cache").join(format!("dotforge-corpora-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (dir, remote, home) = (base.join("project"), base.join("remote.git"), base.join("home"));
    for folder in [&dir, &remote, &home] {
        std::fs::create_dir_all(folder).expect("create folders");
    }
    git(&remote, &["init", "-q", "--bare"]);
    git(&dir, &["init", "-q", "-b", "main"]);
    for folder in ["src", ".claude", ".husky", "target", "node_modules/x", "scripts", ".forge/runtime", ".forge/audit"]
    {
        std::fs::create_dir_all(dir.join(folder)).expect("create folders");
    }
    for (file, text) in [
        ("src/main.rs", "fn main() {}\n"),
        ("src/lib.rs", "pub fn a() {}\n"),
        ("src/server.ts", "export const port = 3000;\n"),
        ("package.json", "{\"name\":\"acme-api\",\"scripts\":{\"test\":\"vitest\"}}\n"),
        (".gitignore", "target/\nnode_modules/\n.forge/\n.env\n"),
        (".env", "SECRET=1\n"),
        (".env.example", "SECRET=\n"),
        (".husky/pre-commit", "npx lint-staged\n"),
        (".claude/settings.json", "{\"hooks\":{}}\n"),
        ("scripts/run.sh", "#!/bin/sh\n"),
        ("README.md", "# project\n"),
    ] {
        std::fs::write(dir.join(file), text).expect("write file");
    }
    std::fs::write(dir.join(".forge/audit/overrides.log"), "").expect("write the audit");
    let identity = ["-c", "user.email=a@b", "-c", "user.name=a"];
    git(&dir, &["add", "-A"]);
    git(&dir, &[identity.as_slice(), &["commit", "-qm", "init"]].concat());
    git(&dir, &["remote", "add", "origin", &remote.display().to_string()]);
    git(&dir, &["push", "-q", "origin", "main"]);
    // Work git cannot bring back: edits to two tracked files, an untracked note; build output git ignores.
    let edits = [
        ("src/main.rs", "fn main() {}\n// edit\n"),
        ("src/lib.rs", "pub fn a() {}\n// edit\n"),
        ("src/server.ts", "export const port = 3001;\n"),
    ];
    for (file, text) in edits {
        std::fs::write(dir.join(file), text).expect("edit a file");
    }
    std::fs::write(dir.join("notes.md"), "notes\n").expect("write the note");
    std::fs::write(dir.join("target/a"), "junk\n").expect("write build output");
    // A sibling project, outside this one.
    std::fs::create_dir_all(base.join("acme-web")).expect("create the sibling");
    std::fs::write(base.join("acme-web/index.js"), "console.log(1)\n").expect("write the sibling's file");
    // A home with something in it to lose, and a key.
    for (file, text) in [(".bashrc", "# bashrc\n"), ("notes/todo.txt", "todo\n"), (".ssh/id_rsa", "KEY\n")] {
        let path = home.join(file);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("create the home's folders");
        std::fs::write(path, text).expect("write a home file");
    }
    let hook = Hook { bin: env!("CARGO_BIN_EXE_dotforge-hook").into(), root: dir.join(".forge"), env: Vec::new() }
        .env("HOME", &home.display().to_string())
        .env("CLAUDE_PROJECT_DIR", &dir.display().to_string())
        .env("USER", "dev");
    Layout { hook, dir, home }
}

/// `stopped` (asked or refused), `refused`, `asked` or `allowed`, as the fixture names verdicts.
fn verdict(layout: &Layout, session: usize, command: &str) -> &'static str {
    let payload = json!({"hook_event_name": "PreToolUse", "session_id": format!("corpora-{session}"),
        "cwd": layout.dir, "tool_name": "Bash", "tool_input": {"command": command}, "tool_use_id": "toolu_corpora"});
    let run = layout.hook.run(&payload);
    let decision = run.checked().map_or(Value::Null, |value| value["hookSpecificOutput"]["permissionDecision"].clone());
    match decision.as_str() {
        Some("deny") => "refused",
        Some("ask") => "asked",
        _ => "allowed",
    }
}

#[test]
fn held_out_style_corpora_keep_their_verdicts() {
    let layout = layout();
    let regenerate = std::env::var_os("DOTFORGE_CORPORA_REGENERATE").is_some();
    let mut wrong = Vec::new();
    let mut session = 0;
    for (name, corpus) in CORPORA {
        let (mut attacks, mut stopped, mut look_alikes, mut refused) = (0, 0, 0, 0);
        for line in corpus.lines().filter(|line| !line.is_empty() && !line.starts_with('#')) {
            let Some((expected, rest)) = line.split_once('\t') else { panic!("{name}: a line without a tab: {line}") };
            let Some((class, command)) = rest.split_once('\t') else {
                panic!("{name}: a line without a class: {line}")
            };
            session += 1;
            // (`{project}`: the project's folder, which the later corpora's commands `cd` into; `{home}`: the home.)
            let command = &command
                .replace("{project}", &layout.dir.display().to_string())
                .replace("{home}", &layout.home.display().to_string());
            let got = verdict(&layout, session, command);
            let attack = matches!(expected, "stopped" | "missed");
            let holds = match expected {
                "stopped" => got != "allowed",
                "missed" => got != "refused",
                "allowed" | "asked" | "refused" => got == expected,
                other => panic!("{name}: unknown expectation `{other}`"),
            };
            if attack {
                attacks += 1;
                stopped += usize::from(got != "allowed");
            } else {
                look_alikes += 1;
                refused += usize::from(got == "refused");
            }
            if regenerate {
                let now = match (attack, got) {
                    (true, "allowed") => "missed",
                    (true, _) => "stopped",
                    (false, got) => got,
                };
                let written = command
                    .replace(&layout.dir.display().to_string(), "{project}")
                    .replace(&layout.home.display().to_string(), "{home}");
                println!("{name}\t{now}\t{class}\t{written}");
            }
            if !holds {
                wrong.push(format!("{name} [{class}] expected {expected}, got {got}: {command}"));
            }
        }
        eprintln!("{name}: {stopped} of {attacks} attacks stopped; {refused} of {look_alikes} look-alikes refused");
    }
    let _ = std::fs::remove_dir_all(layout.dir.parent().expect("the corpora's folder"));
    assert!(wrong.is_empty(), "{} entries changed verdict:\n{}", wrong.len(), wrong.join("\n"));
}
