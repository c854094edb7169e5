//! The behavior files the documents show are valid, and name only tools Claude Code 2.1.328 offers: every YAML block
//! of the README and `docs/` whose first line names a behavior file (`# behaviors/<id>/behavior.yaml`) or a scenario
//! of one (`# behaviors/<id>/tests/<name>.yaml …`) is written into a catalog of its own, which `dotforge check` and
//! `dotforge check --client-tools tests/conformance/claude-code-tools.txt` must pass without a problem.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).canonicalize().expect("workspace")
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

fn documents() -> Vec<PathBuf> {
    let mut files = vec![workspace().join("README.md")];
    let mut pages: Vec<PathBuf> = std::fs::read_dir(workspace().join("docs"))
        .expect("docs/")
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

#[test]
fn the_documented_behaviors_pass_check_and_name_only_the_tools_claude_code_offers() {
    let catalog = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("docs-examples-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&catalog);
    let mut ids = BTreeSet::new();
    let mut files = 0;
    for document in documents() {
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
    for document in documents() {
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
