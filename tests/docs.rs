//! `docs/agent-clis.md` shows the settings `install` writes (the other documents' checks are in
//! `dotforge-cli/tests/docs.rs`).

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `docs/agent-clis.md` shows the settings `install` writes for the curated catalog, its binary in the project's
/// `target/release/` (entries after the first shortened to `[ … ]`).
#[test]
fn the_documented_claude_code_settings_are_what_install_writes() {
    let project = std::env::temp_dir().join(format!("dotforge-docs-install-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&project);
    std::fs::create_dir_all(project.join("target/release")).expect("project");
    let binary = project.join("target/release/dotforge-hook");
    std::fs::copy(env!("CARGO_BIN_EXE_dotforge-hook"), &binary).expect("copy the binary");
    let output = Command::new(&binary)
        .current_dir(&project)
        .args(["install", "--dry-run"])
        .env_remove("CLAUDE_PROJECT_DIR")
        .output()
        .expect("install");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let written: Value = serde_json::from_slice(&output.stdout).expect("settings JSON");
    let _ = std::fs::remove_dir_all(&project);

    let page = std::fs::read_to_string(workspace().join("docs/agent-clis.md")).expect("docs/agent-clis.md");
    let start = page.find("```json\n").expect("a JSON block") + "```json\n".len();
    let block = &page[start..start + page[start..].find("```").expect("its end")];
    let shown: Value = serde_json::from_str(&block.replace("[ … ]", "[]")).expect("the block is JSON");
    let (shown, written) = (shown["hooks"].as_object().expect("hooks"), written["hooks"].as_object().expect("hooks"));
    assert_eq!(shown.keys().collect::<Vec<_>>(), written.keys().collect::<Vec<_>>(), "the same events, in order");
    for (event, entries) in shown {
        assert_eq!(entries[0]["matcher"], written[event][0]["matcher"], "{event}'s matcher");
        if entries[0]["hooks"].as_array().is_some_and(|hooks| !hooks.is_empty()) {
            assert_eq!(entries[0]["hooks"], written[event][0]["hooks"], "{event}'s command");
        }
    }
}
