//! The documents hold together: every relative link of the README, `docs/` and the other top-level documents reaches
//! a file (and a heading, when it names one); the README's first screen leads to the quickstart; and the behavior
//! files the README and `docs/` show are valid and name only tools Claude Code 2.1.328 offers — every YAML block whose
//! first line names a behavior file (`# behaviors/<id>/behavior.yaml`) or a scenario of one
//! (`# behaviors/<id>/tests/<name>.yaml …`) is written into a catalog of its own, which `dotforge check` and
//! `dotforge check --client-tools tests/conformance/claude-code-tools.txt` must pass without a problem.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).canonicalize().expect("workspace")
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

/// The lines of a markdown file outside its fenced code blocks.
fn prose_lines(text: &str) -> impl Iterator<Item = &str> {
    let mut fenced = false;
    text.lines().filter(move |line| {
        if line.starts_with("```") {
            fenced = !fenced;
            return false;
        }
        !fenced
    })
}

/// The anchors of a markdown file's headings.
fn anchors(text: &str) -> Vec<String> {
    prose_lines(text).filter(|line| line.starts_with('#')).map(|line| anchor(line.trim_start_matches('#'))).collect()
}

/// The targets of the inline links `[text](target)` of a markdown file (outside code blocks and code spans).
fn links(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in prose_lines(text) {
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

/// The README and `docs/` show behavior files; the other documents do not.
fn shows_behaviors(document: &Path) -> bool {
    document.file_name().is_some_and(|name| name == "README.md")
        || document.parent().is_some_and(|dir| dir.ends_with("docs"))
}

/// Every YAML block of `text`, as (the file its first line names, the block).
fn named_yaml_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<String> = None;
    for line in text.lines() {
        match open.as_mut() {
            Some(_) if line.starts_with("```") => {
                let block = open.take().unwrap_or_default();
                let first = block.lines().next().unwrap_or_default();
                let named = first.strip_prefix("# ").and_then(|rest| rest.split_whitespace().next());
                if let Some(path) = named.filter(|path| path.starts_with("behaviors/") && path.ends_with(".yaml")) {
                    blocks.push((path.trim_start_matches("behaviors/").to_owned(), block));
                }
            }
            Some(block) => {
                block.push_str(line);
                block.push('\n');
            }
            None if line.trim() == "```yaml" => open = Some(String::new()),
            None => {}
        }
    }
    blocks
}

#[test]
fn the_documented_behaviors_pass_check_and_name_only_the_tools_claude_code_offers() {
    let catalog = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("docs-examples-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&catalog);
    let mut ids = BTreeSet::new();
    let mut files = 0;
    for document in documents().into_iter().filter(|document| shows_behaviors(document)) {
        let text = std::fs::read_to_string(&document).expect("document");
        for (relative, block) in named_yaml_blocks(&text) {
            let path = catalog.join(&relative);
            assert!(!path.exists(), "{relative} is shown twice ({})", document.display());
            std::fs::create_dir_all(path.parent().expect("folder")).expect("mkdir");
            std::fs::write(&path, &block).expect("write");
            ids.insert(relative.split('/').next().unwrap_or_default().to_owned());
            files += 1;
        }
    }
    assert!(ids.contains("search-first") && ids.contains("no-console-log") && files >= 4, "{ids:?}, {files} files");
    let index: String = ids.iter().map(|id| format!("  - id: {id}\n")).collect();
    std::fs::write(catalog.join("index.yaml"), format!("schema_version: \"1\"\nbehaviors:\n{index}")).expect("index");

    let dotforge = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_dotforge")).args(args).output().expect("dotforge");
    let dir = catalog.to_str().expect("UTF-8");
    let checked = dotforge(&["check", dir]);
    let said = format!("{}{}", String::from_utf8_lossy(&checked.stdout), String::from_utf8_lossy(&checked.stderr));
    assert!(checked.status.success() && said.contains("no problems"), "{said}");
    let tools = workspace().join("tests/conformance/claude-code-tools.txt");
    let offered = dotforge(&["check", "--client-tools", tools.to_str().expect("UTF-8"), dir]);
    let said = format!("{}{}", String::from_utf8_lossy(&offered.stdout), String::from_utf8_lossy(&offered.stderr));
    assert!(offered.status.success() && said.contains("every tool it names is offered"), "{said}");

    // The scenarios' steps call tools of that Claude Code, too.
    let known: BTreeSet<String> = std::fs::read_to_string(&tools)
        .expect("tools")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.trim().to_owned())
        .collect();
    for document in documents().into_iter().filter(|document| shows_behaviors(document)) {
        let text = std::fs::read_to_string(&document).expect("document");
        for (relative, block) in named_yaml_blocks(&text).into_iter().filter(|(path, _)| path.contains("/tests/")) {
            let scenario: serde_yaml::Value = serde_yaml::from_str(&block).expect("scenario YAML");
            for step in scenario["steps"].as_sequence().into_iter().flatten() {
                let tool = step["tool"].as_str().unwrap_or_default();
                assert!(tool.is_empty() || known.contains(tool), "{relative}: `{tool}` is not offered by 2.1.328");
            }
        }
    }
}
