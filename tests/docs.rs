//! The documents hold together: every relative link of the README, `docs/` and the other top-level documents reaches
//! a file (and a heading, when it names one), the README's first screen leads to the quickstart, and the settings
//! `docs/agent-clis.md` shows are what `install` writes.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The markdown files a reader follows links through.
fn documents() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["README.md", "SECURITY.md", "BENCHMARKS.md", "RELIABILITY.md"]
        .iter()
        .map(|name| workspace().join(name))
        .collect();
    let docs = std::fs::read_dir(workspace().join("docs")).expect("docs/");
    let mut pages: Vec<PathBuf> = docs
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

/// GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.push(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// The targets of the inline links `[text](target)` of a markdown file (outside code blocks and code spans).
fn links(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut found = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let outside_code: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = outside_code.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            found.push(after[..end].to_owned());
            rest = &after[end..];
        }
    }
    found
}

#[test]
fn every_relative_link_reaches_a_file_and_its_heading() {
    let mut broken = Vec::new();
    for document in documents() {
        let text = std::fs::read_to_string(&document).expect("document");
        for target in links(&text) {
            if target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, heading) = target.split_once('#').unwrap_or((&target, ""));
            let path = if file.is_empty() { document.clone() } else { document.parent().expect("folder").join(file) };
            if !path.exists() {
                broken.push(format!("{}: {target} (no such file)", document.display()));
                continue;
            }
            let is_markdown = path.extension().is_some_and(|ext| ext == "md");
            if !heading.is_empty() && is_markdown {
                let there = std::fs::read_to_string(&path).expect("linked document");
                if !anchors(&there).iter().any(|anchor| anchor == heading) {
                    broken.push(format!("{}: {target} (no such heading)", document.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_follow_github() {
    assert_eq!(anchor(" Is it live? `doctor`"), "is-it-live-doctor");
    assert_eq!(anchor(" Day to day: `status`, `audit`, `on`/`off`, `allow`"), "day-to-day-status-audit-onoff-allow");
    assert_eq!(links("see [a](docs/a.md#b) and `[c](d)` and [e](#f)"), ["docs/a.md#b", "#f"]);
}

#[test]
fn the_readme_first_screen_leads_to_the_quickstart() {
    let readme = std::fs::read_to_string(workspace().join("README.md")).expect("README.md");
    let lines: Vec<&str> = readme.lines().collect();
    let quickstart = lines.iter().position(|line| *line == "## Start a hook project").expect("the quickstart");
    assert!(quickstart < 60, "the quickstart starts at line {}", quickstart + 1);
    let linked = lines[..15].iter().any(|line| line.contains("(#start-a-hook-project)"));
    assert!(linked, "the opening lines link to the quickstart");
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
