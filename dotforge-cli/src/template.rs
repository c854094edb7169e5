//! `dotforge new`: renders `template-project/` (embedded at build time) the way cargo-generate does, without
//! cargo-generate or a network: `{{name}}` placeholders, `{% if name != "" %}…{% else %}…{% endif %}` blocks and
//! `{% raw %}…{% endraw %}` — the only Liquid the template uses — and the same defaults as its `cargo-generate.toml`.

use std::collections::BTreeMap;
use std::path::Path;

include!(concat!(env!("OUT_DIR"), "/template_files.rs"));

/// The registry version of dotforge-runtime and dotforge-codegen a project depends on when no local checkout is
/// given: this one (as in `cargo-generate.toml`).
pub const DEFAULT_VERSION: &str = env!("CARGO_PKG_VERSION");

/// cargo-generate's project-name rule: kebab-case.
pub fn project_name(name: &str) -> Result<String, String> {
    let kebab: String =
        name.trim().chars().map(|c| if c == '_' || c == ' ' { '-' } else { c.to_ascii_lowercase() }).collect();
    let valid = kebab.starts_with(|c: char| c.is_ascii_lowercase())
        && kebab.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !kebab.ends_with('-');
    if valid {
        Ok(kebab)
    } else {
        Err(format!("`{name}` is not a usable project name; use letters, digits and hyphens, starting with a letter"))
    }
}

/// Renders one template text.
pub fn render(text: &str, vars: &BTreeMap<&str, String>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{%") {
        out.push_str(&substitute(&rest[..start], vars)?);
        let end = rest[start..].find("%}").ok_or("unclosed `{%`")? + start;
        let tag = rest[start + 2..end].trim();
        if tag == "raw" {
            // `{% raw %}…{% endraw %}`: kept as written (a workflow's `${{ matrix.os }}`).
            let body = &rest[end + 2..];
            let endraw = body.find("{% endraw %}").ok_or("`{% raw %}` without `{% endraw %}`")?;
            out.push_str(&body[..endraw]);
            rest = &body[endraw + "{% endraw %}".len()..];
            continue;
        }
        let condition = tag.strip_prefix("if ").ok_or_else(|| format!("unsupported tag `{tag}`"))?;
        let (name, comparison) =
            condition.split_once("!=").ok_or_else(|| format!("unsupported condition `{condition}`"))?;
        if comparison.trim() != "\"\"" {
            return Err(format!("unsupported condition `{condition}`"));
        }
        let value = vars.get(name.trim()).ok_or_else(|| format!("unknown placeholder `{}`", name.trim()))?;
        let body = &rest[end + 2..];
        let endif = body.find("{% endif %}").ok_or("`{% if %}` without `{% endif %}`")?;
        let (then_part, else_part) = match body[..endif].split_once("{% else %}") {
            Some((then_part, else_part)) => (then_part, else_part),
            None => (&body[..endif], ""),
        };
        out.push_str(&substitute(if value.is_empty() { else_part } else { then_part }, vars)?);
        rest = &body[endif + "{% endif %}".len()..];
    }
    out.push_str(&substitute(rest, vars)?);
    Ok(out)
}

fn substitute(text: &str, vars: &BTreeMap<&str, String>) -> Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let end = rest[start..].find("}}").ok_or("unclosed `{{`")? + start;
        let name = rest[start + 2..end].trim();
        out.push_str(vars.get(name).ok_or_else(|| format!("unknown placeholder `{name}`"))?);
        rest = &rest[end + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The values of the template's placeholders (`cargo-generate.toml`), but the project's name.
#[derive(Debug, Default)]
pub struct Values {
    /// The dotforge checkout the project depends on, as its manifest names it ("": the registry).
    pub dotforge_path: String,
    /// The registry version otherwise.
    pub dotforge_version: String,
    /// The repository a teammate and the CI job clone to `dotforge_path` ("": none known), and its commit.
    pub dotforge_checkout_git: String,
    pub dotforge_checkout_rev: String,
}

/// Writes the rendered project into `target` (which must not exist or be empty). Returns the files written.
pub fn generate(target: &Path, name: &str, values: &Values) -> Result<Vec<String>, String> {
    if target.exists() && std::fs::read_dir(target).map_or(true, |mut entries| entries.next().is_some()) {
        return Err(format!("{} already exists and is not empty", target.display()));
    }
    let mut vars = BTreeMap::new();
    vars.insert("project-name", name.to_owned());
    vars.insert("crate_name", name.replace('-', "_"));
    vars.insert("dotforge_path", values.dotforge_path.clone());
    vars.insert("dotforge_version", values.dotforge_version.clone());
    vars.insert("dotforge_checkout_git", values.dotforge_checkout_git.clone());
    vars.insert("dotforge_checkout_rev", values.dotforge_checkout_rev.clone());
    let mut written = Vec::new();
    for (relative, text) in TEMPLATE_FILES.iter().filter(|(relative, _)| *relative != "cargo-generate.toml") {
        let rendered = render(text, &vars).map_err(|problem| format!("template file {relative}: {problem}"))?;
        let path = target.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|error| format!("cannot create {}: {error}", parent.display()))?;
        }
        std::fs::write(&path, rendered).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        written.push((*relative).to_owned());
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_placeholders_and_conditions() {
        let mut vars = BTreeMap::new();
        vars.insert("project-name", "my-hooks".to_owned());
        vars.insert("dotforge_path", String::new());
        vars.insert("dotforge_version", "1.2.3".to_owned());
        let text = "name = \"{{project-name}}\"\n{% if dotforge_path != \"\" %}path = \"{{dotforge_path}}\"{% else %}version = \"{{ dotforge_version }}\"{% endif %}\n";
        assert_eq!(render(text, &vars).as_deref(), Ok("name = \"my-hooks\"\nversion = \"1.2.3\"\n"));
        vars.insert("dotforge_path", "/src/dotforge".to_owned());
        assert_eq!(render(text, &vars).as_deref(), Ok("name = \"my-hooks\"\npath = \"/src/dotforge\"\n"));
        assert!(render("{{nope}}", &vars).is_err());
        assert_eq!(
            render("a {% raw %}${{ matrix.os }}{% endraw %} {{project-name}}", &vars).as_deref(),
            Ok("a ${{ matrix.os }} my-hooks")
        );
    }

    #[test]
    fn the_default_version_is_cargo_generates_default() {
        let (_, manifest) = TEMPLATE_FILES.iter().find(|(path, _)| *path == "cargo-generate.toml").expect("embedded");
        let section = manifest.split("[placeholders.dotforge_version]").nth(1).expect("the version placeholder");
        assert!(section.contains(&format!("default = \"{DEFAULT_VERSION}\"")), "{section}");
        // Every placeholder `Values` fills is one cargo-generate knows, with a default (so `--silent` renders).
        for placeholder in ["dotforge_path", "dotforge_version", "dotforge_checkout_git", "dotforge_checkout_rev"] {
            let section = manifest.split(&format!("[placeholders.{placeholder}]\n")).nth(1).expect(placeholder);
            let section = section.split("\n[").next().unwrap_or_default();
            assert!(section.contains("\ndefault = "), "{placeholder}: {section}");
        }
    }

    #[test]
    fn names_follow_cargo_generate() {
        assert_eq!(project_name("My_Hooks").as_deref(), Ok("my-hooks"));
        assert!(project_name("9lives").is_err());
        assert!(TEMPLATE_FILES.iter().any(|(path, _)| *path == "behaviors/search-first/behavior.yaml"));
    }
}
