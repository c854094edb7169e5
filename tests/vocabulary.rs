//! The vocabulary the build and the hook share is spelled the same on both sides: what `dotforge-codegen` accepts
//! in behavior files (its schema) is what `dotforge-runtime` knows at run time — levels, events, profiles, path
//! placeholders and template variables. Each side keeps its own list (the build does not link the runtime); this
//! test fails when they diverge.

use dotforge_codegen::{ir, schema};
use dotforge_runtime::vocabulary::{Event, Level, Place, Var, PROFILES};

#[test]
fn levels_are_spelled_alike_and_ordered_alike() {
    let runtime: Vec<&str> = Level::ALL.iter().map(|level| level.name()).collect();
    assert_eq!(schema::LEVELS, runtime.as_slice());
    for name in schema::LEVELS {
        let parsed = ir::Level::parse(name).unwrap_or_else(|| panic!("codegen's IR does not parse `{name}`"));
        assert_eq!(parsed.name(), *name);
        assert_eq!(Level::parse(name).map(Level::name), Some(*name));
    }
    let scenario_levels: Vec<&str> = ["pass", "override"].into_iter().chain(runtime.iter().copied()).collect();
    assert_eq!(schema::EXPECT_LEVELS, scenario_levels.as_slice(), "a scenario expects a level or pass/override");
}

#[test]
fn trigger_events_are_spelled_alike() {
    let runtime: Vec<&str> = Event::TRIGGER_EVENTS.iter().map(|event| event.name()).collect();
    assert_eq!(schema::EVENTS, runtime.as_slice());
    for name in schema::EVENTS {
        assert_eq!(ir::Event::parse(name).map(|event| event.name()), Some(*name));
    }
}

#[test]
fn profiles_placeholders_and_template_variables_are_spelled_alike() {
    assert_eq!(schema::PROFILES, PROFILES.as_slice());
    let placeholders: Vec<&str> = Place::ALL.iter().map(|place| place.placeholder()).collect();
    assert_eq!(schema::PLACEHOLDERS, placeholders.as_slice());
    let variables: Vec<&str> = Var::ALL.iter().map(|var| var.name()).collect();
    assert_eq!(schema::TEMPLATE_VARS, variables.as_slice());
}

#[test]
fn the_tool_names_the_build_knows_are_every_clis_and_claude_codes() {
    let runtime = dotforge_runtime::vocabulary::tools();
    for (native, catalog, cli) in &runtime {
        assert!(
            schema::CATALOG_TOOLS.contains(catalog),
            "{cli}'s {native} is read as `{catalog}`, which the build does not know"
        );
    }
    let pinned = include_str!("conformance/claude-code-tools.txt");
    for tool in pinned.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        assert!(schema::CATALOG_TOOLS.contains(&tool.trim()), "Claude Code's `{tool}` is not in the build's list");
    }
    // A CLI's own name that is not the catalog's (beyond its case) is one the build points to the catalog's name.
    let mut natives: Vec<&str> = runtime
        .iter()
        .filter(|(native, catalog, _)| !native.eq_ignore_ascii_case(catalog))
        .map(|(native, _, _)| *native)
        .collect();
    natives.sort_unstable();
    natives.dedup();
    let mut known: Vec<&str> = schema::NATIVE_TOOLS.iter().map(|(native, _)| *native).collect();
    known.sort_unstable();
    assert_eq!(known, natives, "the build's list of the CLIs' own tool names");
    for (native, catalog) in schema::NATIVE_TOOLS {
        assert!(
            runtime.iter().any(|(name, read_as, _)| name == native && read_as == catalog),
            "`{native}` is not read as `{catalog}`"
        );
    }
}
