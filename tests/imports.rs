//! Imports go one way: no module of dotforge-runtime, dotforge-codegen or dotforge-shell imports a module that
//! imports it back, directly or around a circle.
//!
//! Each source file is a module (inline modules such as `mod tests` belong to their file). Every path the file names
//! in code — `use` items and paths in expressions, types and patterns, tests included; not doc comments and not
//! the insides of macros — is resolved to the file module it leads to: `crate::a::b::Item` to `a/b.rs` (or to `a`
//! when `b` is an item of it), `super::` and `self::` from where the path stands. A path to an item of the crate root
//! (`lib.rs`) leads to the root. The graph's strongly connected components of more than one module are the circles.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::visit::Visit;

/// A module's path from the crate root (`[]` for `lib.rs`).
type ModulePath = Vec<String>;

/// The file modules of a crate: module path → file.
fn file_modules(src: &Path) -> BTreeMap<ModulePath, PathBuf> {
    let mut found = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("reads the source folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().and_then(|ext| ext.to_str()) != Some("rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("inside src");
            let mut parts: Vec<String> =
                relative.iter().map(|part| part.to_string_lossy().trim_end_matches(".rs").to_owned()).collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                parts.pop();
            }
            found.insert(parts, path);
        }
    }
    found
}

/// One path named in code, with the inline module it stands in (relative to the file's module).
struct Named {
    segments: Vec<String>,
    inline: Vec<String>,
    line: usize,
}

/// Collects the paths a file names.
#[derive(Default)]
struct Collector {
    inline: Vec<String>,
    named: Vec<Named>,
    /// `#[path]` attributes found (a module included from elsewhere hides where it really is).
    path_attributes: Vec<usize>,
}

impl Collector {
    fn name(&mut self, segments: Vec<String>, line: usize) {
        self.named.push(Named { segments, inline: self.inline.clone(), line });
    }

    fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree, line: usize) {
        match tree {
            syn::UseTree::Path(path) => {
                prefix.push(path.ident.to_string());
                self.use_tree(prefix, &path.tree, line);
                prefix.pop();
            }
            syn::UseTree::Name(name) => {
                let mut full = prefix.clone();
                if name.ident != "self" {
                    full.push(name.ident.to_string());
                }
                self.name(full, line);
            }
            syn::UseTree::Rename(rename) => {
                let mut full = prefix.clone();
                if rename.ident != "self" {
                    full.push(rename.ident.to_string());
                }
                self.name(full, line);
            }
            syn::UseTree::Glob(_) => self.name(prefix.clone(), line),
            syn::UseTree::Group(group) => {
                for tree in &group.items {
                    self.use_tree(prefix, tree, line);
                }
            }
        }
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item_use(&mut self, item: &'ast syn::ItemUse) {
        let line = item.use_token.span.start().line;
        self.use_tree(&mut Vec::new(), &item.tree, line);
    }

    fn visit_path(&mut self, path: &'ast syn::Path) {
        let line = path.segments.first().map_or(0, |segment| segment.ident.span().start().line);
        self.name(path.segments.iter().map(|segment| segment.ident.to_string()).collect(), line);
        syn::visit::visit_path(self, path);
    }

    /// `pub(crate)`, `pub(super)`, `pub(in path)` say who may see an item, not what it uses.
    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {}

    fn visit_item_mod(&mut self, item: &'ast syn::ItemMod) {
        if item.attrs.iter().any(|attribute| attribute.path().is_ident("path")) {
            self.path_attributes.push(item.ident.span().start().line);
        }
        if item.content.is_some() {
            self.inline.push(item.ident.to_string());
            syn::visit::visit_item_mod(self, item);
            self.inline.pop();
        }
    }
}

/// The file module a path named in `module` (at inline position `inline`) leads to, if it leads into the crate.
fn resolve(
    module: &ModulePath,
    named: &Named,
    modules: &BTreeMap<ModulePath, PathBuf>,
    children: &BTreeSet<String>,
) -> Option<ModulePath> {
    let mut here: ModulePath = module.iter().chain(&named.inline).cloned().collect();
    let mut segments = named.segments.iter().peekable();
    let mut absolute: ModulePath = match segments.peek().map(|segment| segment.as_str()) {
        Some("crate") => {
            segments.next();
            Vec::new()
        }
        Some("super") => {
            while segments.next_if(|segment| *segment == "super").is_some() {
                here.pop();
            }
            here
        }
        Some("self") => {
            segments.next();
            here
        }
        // A child module of the file named without `self::` (only at the file's own level).
        Some(first) if named.inline.is_empty() && children.contains(first) => here,
        _ => return None,
    };
    absolute.extend(segments.cloned());
    // The longest prefix that is a file module.
    (0..=absolute.len()).rev().map(|length| absolute[..length].to_vec()).find(|prefix| modules.contains_key(prefix))
}

/// Every import edge of a crate, with where it is written.
fn edges(src: &Path) -> BTreeMap<(ModulePath, ModulePath), String> {
    let modules = file_modules(src);
    let mut edges = BTreeMap::new();
    for (module, file) in &modules {
        let text = std::fs::read_to_string(file).expect("reads a source file");
        let parsed = syn::parse_file(&text).unwrap_or_else(|error| panic!("{}: {error}", file.display()));
        let mut collector = Collector::default();
        collector.visit_file(&parsed);
        assert!(
            collector.path_attributes.is_empty(),
            "{}:{:?}: a `#[path]` module hides where it is; make it a module of its own folder",
            file.display(),
            collector.path_attributes
        );
        let children: BTreeSet<String> = modules
            .keys()
            .filter(|other| other.len() == module.len() + 1 && other.starts_with(module))
            .filter_map(|other| other.last().cloned())
            .collect();
        for named in &collector.named {
            let Some(target) = resolve(module, named, &modules, &children) else { continue };
            if target != *module {
                let at = format!("{}:{} `{}`", file.display(), named.line, named.segments.join("::"));
                edges.entry((module.clone(), target)).or_insert(at);
            }
        }
    }
    edges
}

/// The strongly connected components of more than one module (Tarjan's algorithm, iteratively).
fn circles(edges: &BTreeMap<(ModulePath, ModulePath), String>) -> Vec<Vec<ModulePath>> {
    let mut graph: BTreeMap<&ModulePath, Vec<&ModulePath>> = BTreeMap::new();
    for (from, to) in edges.keys() {
        graph.entry(from).or_default().push(to);
        graph.entry(to).or_default();
    }
    let nodes: Vec<&ModulePath> = graph.keys().copied().collect();
    let index_of: BTreeMap<&ModulePath, usize> = nodes.iter().enumerate().map(|(index, node)| (*node, index)).collect();
    let successors: Vec<Vec<usize>> =
        nodes.iter().map(|node| graph[node].iter().map(|next| index_of[next]).collect()).collect();
    let (mut index, mut low, mut on_stack) =
        (vec![usize::MAX; nodes.len()], vec![0; nodes.len()], vec![false; nodes.len()]);
    let (mut stack, mut counter, mut found) = (Vec::new(), 0, Vec::new());
    for start in 0..nodes.len() {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some((node, next)) = work.pop() {
            if next == 0 {
                index[node] = counter;
                low[node] = counter;
                counter += 1;
                stack.push(node);
                on_stack[node] = true;
            }
            if let Some(&successor) = successors[node].get(next) {
                work.push((node, next + 1));
                if index[successor] == usize::MAX {
                    work.push((successor, 0));
                } else if on_stack[successor] {
                    low[node] = low[node].min(index[successor]);
                }
                continue;
            }
            if low[node] == index[node] {
                let mut component = Vec::new();
                while let Some(member) = stack.pop() {
                    on_stack[member] = false;
                    component.push(nodes[member].clone());
                    if member == node {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    found.push(component);
                }
            }
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[node]);
            }
        }
    }
    found
}

fn name(module: &ModulePath) -> String {
    if module.is_empty() {
        "(crate root)".to_owned()
    } else {
        module.join("::")
    }
}

fn assert_no_circle(crate_dir: &str) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join(crate_dir).join("src");
    let edges = edges(&src);
    assert!(edges.len() > 5, "{crate_dir}: too few imports found ({}); is the source folder right?", edges.len());
    let circles = circles(&edges);
    let report: Vec<String> = circles
        .iter()
        .map(|members| {
            let inside: Vec<String> = edges
                .iter()
                .filter(|((from, to), _)| members.contains(from) && members.contains(to))
                .map(|((from, to), at)| format!("    {} → {}  ({at})", name(from), name(to)))
                .collect();
            format!("  {}:\n{}", members.iter().map(name).collect::<Vec<_>>().join(", "), inside.join("\n"))
        })
        .collect();
    assert!(circles.is_empty(), "{crate_dir}: modules that import each other:\n{}", report.join("\n"));
}

#[test]
fn the_runtime_imports_one_way() {
    assert_no_circle("dotforge-runtime");
}

#[test]
fn codegen_imports_one_way() {
    assert_no_circle("dotforge-codegen");
}

#[test]
fn the_shell_reader_imports_one_way() {
    assert_no_circle("dotforge-shell");
}

/// The runtime's layers, lowest first (docs/layout.md, "Layout"): a module imports only from its own layer or lower ones.
const RUNTIME_LAYERS: &[(&str, &[&str])] = &[
    (
        "leaves",
        &[
            "model",
            "scenario",
            "time",
            "hash",
            "fingerprint",
            "lock",
            "atomic",
            "warn",
            "settings",
            "paths",
            "script_files",
            "regex_cache",
            "table",
            "worktree",
            "file_mark",
            "json_edit",
        ],
    ),
    (
        "data",
        &["payload", "session", "state", "metrics", "audit", "approval", "secret_files", "registration", "lockdown"],
    ),
    (
        "evaluation",
        &[
            "inspect",
            "loads_hook",
            "losses",
            "call",
            "catalog",
            "render",
            "output",
            "engine",
            "harness",
            "screen",
            "watch",
        ],
    ),
    ("hook", &["hook"]),
    ("tools", &["replay", "scenario_runner", "simulate", "backtest", "history", "cli", "codegen", ""]),
];

/// The layer of a runtime module: that of its top-level module (the crate root is `""`, with the tools).
fn runtime_layer(module: &ModulePath) -> Option<(usize, &'static str)> {
    let top = module.first().map_or("", String::as_str);
    RUNTIME_LAYERS
        .iter()
        .enumerate()
        .find(|(_, (_, members))| members.contains(&top))
        .map(|(at, (name, _))| (at, *name))
}

#[test]
fn the_runtime_imports_only_from_its_own_layer_or_lower_ones() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("dotforge-runtime/src");
    let mut problems = Vec::new();
    for module in file_modules(&src).keys() {
        if runtime_layer(module).is_none() {
            problems.push(format!("  {} has no layer in RUNTIME_LAYERS", name(module)));
        }
    }
    for ((from, to), at) in edges(&src) {
        if let (Some((from_layer, from_name)), Some((to_layer, to_name))) = (runtime_layer(&from), runtime_layer(&to)) {
            if to_layer > from_layer {
                problems.push(format!("  {} ({from_name}) imports {} ({to_name}): {at}", name(&from), name(&to)));
            }
        }
    }
    assert!(problems.is_empty(), "imports that go up a layer:\n{}", problems.join("\n"));
}

/// The engine decides; it reads and writes nothing (hook mode applies its effects).
#[test]
fn the_engine_does_no_io() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("dotforge-runtime/src/engine.rs");
    let parsed = syn::parse_file(&std::fs::read_to_string(&file).expect("reads engine.rs")).expect("parses");
    let mut collector = Collector::default();
    collector.visit_file(&parsed);
    const IO: &[&str] = &[
        "std::fs",
        "std::io",
        "std::env",
        "std::net",
        "std::process",
        "crate::approval",
        "crate::lock",
        "crate::state",
        "crate::atomic",
        "crate::warn",
        "crate::audit::append",
        "File",
        "OpenOptions",
        "println",
        "eprintln",
        "print",
        "eprint",
        "warn",
        "mark",
        "unmark",
        "append_override",
        "append_switch",
        "save",
        "materialize",
    ];
    let found: Vec<String> = collector
        .named
        .iter()
        .map(|named| named.segments.join("::"))
        .filter(|path| {
            IO.iter()
                .any(|io| path == io || path.starts_with(&format!("{io}::")) || path.starts_with(&format!("{io}_")))
        })
        .collect();
    assert!(found.is_empty(), "engine.rs names what does I/O: {found:?}");
    assert!(collector.named.len() > 20, "too few paths read from engine.rs: {}", collector.named.len());
}

#[test]
fn a_circle_is_found() {
    let edge = |from: &str, to: &str| ((vec![from.to_owned()], vec![to.to_owned()]), String::new());
    let edges: BTreeMap<_, _> = [edge("a", "b"), edge("b", "c"), edge("c", "a"), edge("c", "d")].into_iter().collect();
    let found = circles(&edges);
    assert_eq!(found, [vec![vec!["a".to_owned()], vec!["b".to_owned()], vec!["c".to_owned()]]]);
    let one_way: BTreeMap<_, _> = [edge("a", "b"), edge("b", "c")].into_iter().collect();
    assert!(circles(&one_way).is_empty());
}
