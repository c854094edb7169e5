//! Path globs of the `reads` and `writes` conditions, matched against absolute paths: the placeholders replaced by
//! the event's places, `*` and `?` within a component, `**` for any number of them, exclusions, writes to a folder
//! that holds what a glob names, and a path's other names (symbolic and hard links, from [`super::file_facts`]).

use super::file_facts::file_facts;
use crate::model::Place;
use dotforge_shell::access::NameGlob;
use dotforge_shell::pattern::{glob_matches, star_match};
use std::cell::OnceCell;
use std::path::{Component, Path, PathBuf};

/// The globs of one `reads`/`writes` condition, compiled at build time.
#[derive(Clone, Copy, Debug)]
pub struct PathGlobs {
    /// Paths that match.
    pub include: &'static [&'static str],
    /// Paths that never match (written with a leading `!`).
    pub exclude: &'static [&'static str],
}

/// The places the placeholders stand for, for one event.
#[derive(Clone, Debug, Default)]
pub(crate) struct Places {
    /// Where relative paths start (the payload's `cwd`, else the hook's own directory).
    pub cwd: Option<PathBuf>,
    pub project_dir: Option<PathBuf>,
    pub forge_root: Option<PathBuf>,
    pub home: Option<PathBuf>,
    pub hook_binary: Option<PathBuf>,
    pub hook_sources: Option<PathBuf>,
    pub behaviors_dir: Option<PathBuf>,
    /// The places above as path components, each worked out the first time a glob needs it.
    pub parts: PlaceParts,
}

/// The components of each place that a glob may start with, each worked out the first time a glob starts with it.
#[derive(Clone, Debug, Default)]
pub(crate) struct PlaceParts {
    forge_root: OnceCell<Option<Vec<String>>>,
    project_dir: OnceCell<Option<Vec<String>>>,
    hook_binary: OnceCell<Option<Vec<String>>>,
    hook_sources: OnceCell<Option<Vec<String>>>,
    behaviors_dir: OnceCell<Option<Vec<String>>>,
    home: OnceCell<Option<Vec<String>>>,
}

/// The components of `place`, worked out once.
fn place_parts<'a>(cell: &'a OnceCell<Option<Vec<String>>>, place: &Option<PathBuf>) -> Option<&'a [String]> {
    cell.get_or_init(|| place.as_deref().map(components_of)).as_deref()
}

/// A glob with its placeholders replaced, as path components; `None` when a placeholder has no value.
fn expand<'a>(glob: &'a str, places: &'a Places) -> Option<Vec<&'a str>> {
    let parts = &places.parts;
    let placed = Place::ALL.into_iter().find_map(|place| Some((place, glob.strip_prefix(place.placeholder())?)));
    let (base, rest): (&[String], &str) = if let Some((place, rest)) = placed {
        let (cell, path) = match place {
            Place::ForgeRoot => (&parts.forge_root, &places.forge_root),
            Place::ProjectDir => (&parts.project_dir, &places.project_dir),
            Place::HookBinary => (&parts.hook_binary, &places.hook_binary),
            Place::HookSources => (&parts.hook_sources, &places.hook_sources),
            Place::BehaviorsDir => (&parts.behaviors_dir, &places.behaviors_dir),
        };
        (place_parts(cell, path)?, rest)
    } else if let Some(rest) = glob.strip_prefix('~') {
        (place_parts(&parts.home, &places.home)?, rest)
    } else {
        (&[], glob) // absolute, or `**/…`
    };
    let mut components: Vec<&str> = Vec::with_capacity(base.len() + rest.matches('/').count() + 1);
    components.extend(base.iter().map(String::as_str));
    components.extend(rest.split('/').filter(|part| !part.is_empty() && *part != "."));
    Some(components)
}

/// The named components of a path after resolving `.` and `..` lexically (what `normalize` keeps), in one pass.
pub(crate) fn components_of(path: &Path) -> Vec<String> {
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop();
            }
            Component::RootDir | Component::CurDir | Component::Prefix(_) => {}
        }
    }
    parts
}

/// Whether path components match glob components (`**` spans any number of them).
fn components_match(glob: &[&str], path: &[String]) -> bool {
    // Unless the glob ends in `**`, its last component can only meet the path's last one: most paths fail there.
    if let (Some(last), Some(last_component)) = (glob.last(), path.last()) {
        if *last != "**" && !glob_matches(last, last_component) {
            return false;
        }
    }
    star_match(glob, path, |part| *part == "**", |part, component| glob_matches(part, component))
}

/// Whether `path` is a folder that holds what `glob` names: the glob's literal part (before any wildcard) is the
/// folder or lies inside it, and the glob goes deeper than the folder.
fn holds_what_glob_names(glob: &[&str], path: &[String]) -> bool {
    let literal = glob.iter().take_while(|part| !part.contains(['*', '?'])).count();
    // A glob with no literal folder (`**/.env`) names files everywhere: a folder holding one cannot be told.
    !path.is_empty()
        && path.len() <= literal
        && path.len() < glob.len()
        && glob.iter().zip(path).all(|(part, component)| *part == component)
}

/// The first component a glob writes without a wildcard after the place it starts from (`.kilo` of
/// `{project_dir}/.kilo/**`): a path without that component matches no expansion of the glob. Worked out only for a
/// glob whose last component does not rule the path out.
fn written_first(text: &'static str) -> Option<&'static str> {
    let rest = match text.strip_prefix('{') {
        Some(rest) => &rest[rest.find('}')? + 1..],
        None => text.strip_prefix('~').unwrap_or(text),
    };
    let rest = rest.trim_start_matches('/');
    let first = &rest[..rest.find('/').unwrap_or(rest.len())];
    let literal = !first.bytes().any(|byte| matches!(byte, b'*' | b'?' | b'[' | b'{'));
    (literal && !first.is_empty() && first != "." && first != "..").then_some(first)
}

/// One glob of a condition, for one event: expanded (placeholders replaced, split into components) the first time a
/// path's last component does not rule it out.
#[derive(Debug)]
struct EventGlob<'a> {
    text: &'static str,
    /// The last component as written, when the text shows it: not `**`, not a placeholder.
    written_last: Option<&'static str>,
    places: &'a Places,
    components: OnceCell<Option<Vec<&'a str>>>,
}

impl<'a> EventGlob<'a> {
    fn new(text: &'static str, places: &'a Places) -> Self {
        let last = text.as_bytes().iter().rposition(|&byte| byte == b'/').map_or(text, |slash| &text[slash + 1..]);
        let shown = !last.is_empty() && last != "." && last != "**" && last != "~" && !last.starts_with('{');
        EventGlob { text, written_last: shown.then_some(last), places, components: OnceCell::new() }
    }

    /// The components, `None` when a placeholder has no value (the glob matches nothing).
    fn components(&self) -> Option<&[&'a str]> {
        self.components.get_or_init(|| expand(self.text, self.places)).as_deref()
    }

    /// Whether the path components match the glob.
    fn matches(&self, path: &[String]) -> bool {
        if let (Some(last), Some(component)) = (self.written_last, path.last()) {
            if !glob_matches(last, component) {
                return false; // settled without expanding the glob
            }
        }
        if let Some(first) = written_first(self.text) {
            if !path.iter().any(|component| component == first) {
                return false; // settled too: the component the glob writes is nowhere in the path
            }
        }
        self.components().is_some_and(|glob| components_match(glob, path))
    }
}

/// The path globs of one condition for one event's places.
#[derive(Debug)]
pub(crate) struct CompiledGlobs<'a> {
    include: Vec<EventGlob<'a>>,
    exclude: Vec<EventGlob<'a>>,
}

impl PathGlobs {
    /// The globs for this event's places.
    pub(crate) fn compile<'a>(&self, places: &'a Places) -> CompiledGlobs<'a> {
        CompiledGlobs {
            include: self.include.iter().map(|glob| EventGlob::new(glob, places)).collect(),
            exclude: self.exclude.iter().map(|glob| EventGlob::new(glob, places)).collect(),
        }
    }

    /// Whether the absolute path matches (see [`CompiledGlobs::matches`]).
    #[cfg(test)]
    pub(crate) fn matches(&self, path: &Path, tree: bool, places: &Places) -> bool {
        self.compile(places).matches(&Candidate::new(path), tree)
    }
}

/// An absolute path made ready for matching against globs, once per path and event however many conditions ask:
/// its components as written and, when they differ, as reached through symbolic links, and its inode when the file
/// has other names (hard links).
#[derive(Debug)]
pub(crate) struct Candidate {
    written: Vec<String>,
    real: Option<Vec<String>>,
    linked_inode: Option<(u64, u64)>,
}

impl Candidate {
    pub(crate) fn new(path: &Path) -> Candidate {
        let facts = file_facts(path);
        let written = components_of(path);
        let real = facts.real.as_deref().map(components_of).filter(|real| *real != written);
        Candidate { written, real, linked_inode: facts.linked_inode }
    }
}

impl CompiledGlobs<'_> {
    /// Whether the path matches (as written, or as reached through symbolic links or another hard link).
    pub(crate) fn matches(&self, candidate: &Candidate, tree: bool) -> bool {
        let (include, exclude) = (&self.include, &self.exclude);
        let hit = std::iter::once(&candidate.written).chain(&candidate.real).any(|components| {
            let holds =
                |glob: &EventGlob<'_>| glob.components().is_some_and(|glob| holds_what_glob_names(glob, components));
            // Exclusions only matter for a path some glob includes (most paths match none).
            include.iter().any(|glob| glob.matches(components) || (tree && holds(glob)))
                && !exclude.iter().any(|glob| glob.matches(components))
        });
        hit || candidate.linked_inode.is_some_and(|inode| self.is_hard_link_to_a_match(inode, include, exclude))
    }

    /// Whether a tree written only where names match (`find ROOT -name '*.pyc' -delete`) reaches what a glob names:
    /// an existing entry the glob names, under `root`, with a name on the way from `root` to it (`root`'s own
    /// included: a matching folder may be deleted whole) that matches every one of `names`. The folders looked
    /// through are the globs' own, not the whole tree, and no deeper below `root` than `max_depth` (`find
    /// -maxdepth`); past 2,000 entries it counts as reached.
    pub(crate) fn matches_named(&self, root: &Candidate, names: &[NameGlob], max_depth: Option<u32>) -> bool {
        if !self.matches(root, true) {
            return false;
        }
        let root = &root.written;
        let named = |components: &[String]| {
            let first = root.len().saturating_sub(1);
            components.get(first..).unwrap_or(&[]).iter().any(|name| names.iter().all(|glob| glob.matches(name)))
        };
        let mut budget = 2_000usize;
        for glob in self.include.iter().filter_map(EventGlob::components) {
            let names_root = components_match(glob, root) || holds_what_glob_names(glob, root);
            if !names_root {
                continue;
            }
            let literal: Vec<String> =
                glob.iter().take_while(|part| !part.contains(['*', '?'])).map(|part| (*part).to_owned()).collect();
            let start = if literal.len() >= root.len() { literal } else { root.clone() };
            let mut stack = vec![(start, 0usize)];
            while let Some((components, depth)) = stack.pop() {
                let below = components.len().saturating_sub(root.len());
                if max_depth.is_some_and(|max| below > max as usize) {
                    continue; // find does not go this deep
                }
                let path: PathBuf = std::iter::once("/".to_owned()).chain(components.iter().cloned()).collect();
                let Ok(meta) = std::fs::symlink_metadata(&path) else { continue };
                let excluded = || self.exclude.iter().any(|glob| glob.matches(&components));
                if components_match(glob, &components) && !excluded() && named(&components) {
                    return true;
                }
                // Nothing deeper can be what a glob without `**` names once the path is as long as the glob.
                let deeper = glob.contains(&"**") || components.len() < glob.len();
                let at_max_depth = max_depth.is_some_and(|max| below >= max as usize);
                if !meta.is_dir() || depth >= 8 || !deeper || at_max_depth {
                    continue;
                }
                let Ok(entries) = std::fs::read_dir(&path) else { continue };
                for entry in entries.flatten() {
                    budget = budget.saturating_sub(1);
                    if budget == 0 {
                        return true;
                    }
                    let mut child = components.clone();
                    child.push(entry.file_name().to_string_lossy().into_owned());
                    stack.push((child, depth + 1));
                }
            }
        }
        false
    }

    /// Whether a tree read only where names match (`find ROOT -name .env -exec cat {} +`) reads what a glob names:
    /// an existing file under `root` (no deeper than `max_depth`) whose own name matches every one of `names` and
    /// whose path a glob names. The tree is walked (git's and dependency folders skipped) up to 5,000 entries; past
    /// that it counts as not reached — what a command prints is screened after it runs.
    pub(crate) fn reads_named(&self, root: &Candidate, names: &[NameGlob], max_depth: Option<u32>) -> bool {
        let mut budget = 5_000usize;
        let mut stack = vec![(root.written.clone(), 0u32)];
        while let Some((components, depth)) = stack.pop() {
            let path: PathBuf = std::iter::once("/".to_owned()).chain(components.iter().cloned()).collect();
            let Ok(entries) = std::fs::read_dir(&path) else { continue };
            for entry in entries.flatten() {
                budget = budget.saturating_sub(1);
                if budget == 0 {
                    return false;
                }
                let name = entry.file_name().to_string_lossy().into_owned();
                let mut child = components.clone();
                child.push(name.clone());
                let is_dir = entry.file_type().is_ok_and(|kind| kind.is_dir());
                if !is_dir && names.iter().all(|glob| glob.matches(&name)) {
                    let included = self.include.iter().any(|glob| glob.matches(&child));
                    if included && !self.exclude.iter().any(|glob| glob.matches(&child)) {
                        return true;
                    }
                }
                let deeper = max_depth.is_none_or(|max| depth + 1 < max);
                if is_dir && deeper && depth < 16 && !matches!(name.as_str(), ".git" | "node_modules" | "target") {
                    stack.push((child, depth + 1));
                }
            }
        }
        false
    }

    /// A file with more than one name (`inode` = device and inode) whose other name matches.
    #[cfg(unix)]
    fn is_hard_link_to_a_match(&self, inode: (u64, u64), include: &[EventGlob<'_>], exclude: &[EventGlob<'_>]) -> bool {
        use std::os::unix::fs::MetadataExt;
        let mut budget = 2_000usize;
        include.iter().filter_map(EventGlob::components).any(|glob| {
            let literal = glob.iter().take_while(|part| !part.contains(['*', '?'])).copied();
            let folder: PathBuf = std::iter::once("/").chain(literal).collect();
            let folder =
                if folder.is_dir() { folder } else { folder.parent().map(Path::to_path_buf).unwrap_or_default() };
            let mut stack = vec![(folder, 0usize)];
            while let Some((dir, depth)) = stack.pop() {
                let Ok(entries) = std::fs::read_dir(&dir) else { continue };
                for entry in entries.flatten() {
                    budget = budget.saturating_sub(1);
                    if budget == 0 {
                        return false;
                    }
                    let entry_path = entry.path();
                    let Ok(other) = std::fs::symlink_metadata(&entry_path) else { continue };
                    if other.is_dir() && depth < 4 {
                        stack.push((entry_path, depth + 1));
                    } else if (other.dev(), other.ino()) == inode {
                        let components = components_of(&entry_path);
                        if components_match(glob, &components) && !exclude.iter().any(|glob| glob.matches(&components))
                        {
                            return true;
                        }
                    }
                }
            }
            false
        })
    }

    #[cfg(not(unix))]
    fn is_hard_link_to_a_match(&self, _: (u64, u64), _: &[EventGlob<'_>], _: &[EventGlob<'_>]) -> bool {
        false
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use dotforge_shell::normalize;

    #[test]
    fn the_first_component_a_glob_writes_rules_out_paths_without_it() {
        assert_eq!(written_first("{project_dir}/.kilo/**"), Some(".kilo"));
        assert_eq!(written_first("~/.config/kilo/**"), Some(".config"));
        assert_eq!(written_first("/etc/qwen-code/**"), Some("etc"));
        for none in ["**/.env", "{hook_binary}", "{project_dir}/*.pem", "~"] {
            assert_eq!(written_first(none), None, "{none}");
        }
        let globs = PathGlobs { include: &["{project_dir}/.kilo/**"], exclude: &[] };
        assert!(globs.matches(Path::new("/p/.kilo/plugin/dotforge.js"), false, &places()));
        assert!(!globs.matches(Path::new("/p/src/app.ts"), false, &places()));
        assert!(globs.matches(Path::new("/p"), true, &places()), "a delete of the project holds the folder");
    }

    #[test]
    fn a_name_filtered_tree_is_walked_no_deeper_than_find_goes() {
        let dir = std::env::temp_dir().join(format!("dotforge-maxdepth-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("a/b")).expect("folders");
        std::fs::write(dir.join("a/b/c.orig"), "").expect("file");
        let glob: &'static str = Box::leak(format!("{}/**", dir.display()).into_boxed_str());
        let globs = PathGlobs { include: Box::leak(Box::new([glob])), exclude: &[] };
        let places = places();
        let compiled = globs.compile(&places);
        let names = [NameGlob { glob: "*.orig".to_owned(), ignore_case: false }];
        let root = Candidate::new(&dir);
        assert!(compiled.matches_named(&root, &names, None), "no limit: a/b/c.orig is found");
        assert!(compiled.matches_named(&root, &names, Some(3)), "-maxdepth 3 reaches a/b/c.orig");
        assert!(!compiled.matches_named(&root, &names, Some(2)), "-maxdepth 2 stops at a/b");
        let other = [NameGlob { glob: "*.bak".to_owned(), ignore_case: false }];
        assert!(!compiled.matches_named(&root, &other, None), "no entry has the name");
        let _ = std::fs::remove_dir_all(dir);
    }

    /// The places of a project at `/p`, for the tests of paths.
    pub(crate) fn places() -> Places {
        Places {
            cwd: Some(PathBuf::from("/p")),
            project_dir: Some(PathBuf::from("/p")),
            forge_root: Some(PathBuf::from("/p/.forge")),
            home: Some(PathBuf::from("/home/u")),
            hook_binary: Some(PathBuf::from("/p/target/release/hook")),
            hook_sources: Some(PathBuf::from("/src/hooks")),
            behaviors_dir: Some(PathBuf::from("/src/rules")),
            parts: PlaceParts::default(),
        }
    }

    const GOVERNANCE: PathGlobs = PathGlobs {
        include: &[
            "{forge_root}/runtime/**",
            "{forge_root}/audit/**",
            "{project_dir}/.claude/settings*.json",
            "~/.claude/settings*.json",
        ],
        exclude: &[],
    };
    const SECRETS: PathGlobs = PathGlobs { include: &["**/.env", "**/.env.*"], exclude: &["**/.env.example"] };

    #[test]
    fn the_build_places_are_placeholders_too() {
        const SOURCES: PathGlobs =
            PathGlobs { include: &["{hook_sources}/**", "{behaviors_dir}/**"], exclude: &["{hook_sources}/target/**"] };
        let places = places();
        let hit = |path: &str, tree: bool| SOURCES.matches(Path::new(path), tree, &places);
        assert!(hit("/src/hooks/src/main.rs", false));
        assert!(hit("/src/rules/no-publish/behavior.yaml", false));
        assert!(!hit("/src/hooks/target/release/hook", false), "what the build writes is not a source");
        assert!(!hit("/p/src/main.rs", false));
        assert!(hit("/src", true), "moving the folder moves the sources");
        let unknown =
            Places { hook_sources: None, behaviors_dir: None, parts: PlaceParts::default(), ..places.clone() };
        assert!(!SOURCES.matches(Path::new("/src/hooks/src/main.rs"), false, &unknown), "no place, no match");
    }

    #[test]
    fn globs_with_placeholders() {
        let places = places();
        let hit = |path: &str, tree: bool| GOVERNANCE.matches(Path::new(path), tree, &places);
        assert!(hit("/p/.forge/runtime/state.json", false));
        assert!(hit("/p/.forge/runtime", false));
        assert!(hit("/p/.forge/audit/overrides.log", false));
        assert!(hit("/p/.claude/settings.local.json", false));
        assert!(hit("/home/u/.claude/settings.json", false));
        assert!(!hit("/p/.forge/other", false));
        assert!(!hit("/p/.claude/commands/x.md", false));
        assert!(hit("/p/.forge", true), "deleting the folder deletes the runtime");
        assert!(hit("/p", true));
        assert!(!hit("/p/.forge", false), "creating a file named .forge is not a write to the runtime");
        assert!(!hit("/p/src", true));
        assert!(hit("/p/.claude", true), "moving the folder moves the settings in it");
    }

    #[test]
    fn exclusions_and_anywhere_globs() {
        let places = places();
        assert!(SECRETS.matches(Path::new("/p/.env"), false, &places));
        assert!(SECRETS.matches(Path::new("/p/app/.env.local"), false, &places));
        assert!(!SECRETS.matches(Path::new("/p/.env.example"), false, &places));
        assert!(!SECRETS.matches(Path::new("/p/app"), true, &places), "a folder that may hold one is not a secret");
    }

    /// The definition: `**` takes any number of components, anything else exactly one.
    fn matches_by_definition(glob: &[&str], path: &[String]) -> bool {
        match glob.split_first() {
            None => path.is_empty(),
            Some((&"**", rest)) => (0..=path.len()).any(|skip| matches_by_definition(rest, &path[skip..])),
            Some((part, rest)) => path
                .split_first()
                .is_some_and(|(first, tail)| glob_matches(part, first) && matches_by_definition(rest, tail)),
        }
    }

    proptest::proptest! {
        #[test]
        fn components_are_the_named_parts_of_the_normalized_path(
            absolute in proptest::bool::ANY,
            parts in proptest::collection::vec(proptest::sample::select(vec!["a", "b", "..", ".", "", "é"]), 0..7),
        ) {
            let text = format!("{}{}", if absolute { "/" } else { "" }, parts.join("/"));
            let by_definition: Vec<String> = normalize(Path::new(&text))
                .components()
                .filter_map(|component| match component {
                    Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect();
            proptest::prop_assert_eq!(components_of(Path::new(&text)), by_definition, "{}", text);
        }

        #[test]
        fn the_written_last_component_only_rules_out_what_the_expanded_glob_would_not_match(
            start in proptest::sample::select(vec!["", "~", "{forge_root}", "{project_dir}", "{hook_binary}", "**"]),
            parts in proptest::collection::vec(proptest::sample::select(vec!["**", "*", "u", "p", ".env*", ".", ""]), 0..4),
            path in proptest::collection::vec(proptest::sample::select(vec!["home", "u", "p", ".forge", ".env", "hook"]), 0..5),
        ) {
            let text: &'static str = Box::leak(std::iter::once(start).chain(parts).collect::<Vec<_>>().join("/").into_boxed_str());
            let places = places();
            let path: Vec<String> = path.into_iter().map(str::to_owned).collect();
            let expanded = expand(text, &places).is_some_and(|glob| components_match(&glob, &path));
            proptest::prop_assert_eq!(EventGlob::new(text, &places).matches(&path), expanded, "{}", text);
        }

        #[test]
        fn component_matching_follows_the_definition(
            glob in proptest::collection::vec(proptest::sample::select(vec!["**", "*", "a", "b", "a*", ".env*"]), 0..6),
            path in proptest::collection::vec(proptest::sample::select(vec!["a", "b", "ab", ".env", ".env.x"]), 0..6),
        ) {
            let path: Vec<String> = path.into_iter().map(str::to_owned).collect();
            proptest::prop_assert_eq!(components_match(&glob, &path), matches_by_definition(&glob, &path));
        }
    }
}
