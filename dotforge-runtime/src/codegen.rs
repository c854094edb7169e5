//! The facade used by generated code — and nothing else of the runtime is.
//!
//! Code emitted by `dotforge-codegen` refers only to `::dotforge_runtime::codegen::*`, so the runtime's internals can
//! change freely as long as this module stays put. [`FacadeV5`] pins the generated code to this shape: a runtime
//! with another facade version fails to compile the generated code instead of misbehaving.

pub use crate::call::{Call, Scope};
pub use crate::catalog::{
    Behavior, Catalog, Category, Event, HookSources, Level, OnPresent, Outcome, Recovery, SecretPattern, Segment,
    Templates, ToolMatcher, TriggerInfo, Var,
};
pub use crate::paths::PathGlobs;
pub use crate::regex_cache::{AlignAs, DfaBytes, LazyRegex};
pub use crate::scenario::{
    Expect, ExpectDecision, ExpectLevel, Scenario, ScenarioRepository, SoftBlockMode, Step, UserAnswer,
};
pub use crate::scenario_runner::assert_scenario;
pub use dotforge_shell::pattern::{ArgTest, CommandPattern, Requirement};
pub use dotforge_shell::program_index::ProgramIndex;

/// Marker checked by every generated file (`const _: FacadeV5 = FacadeV5;`). Version 2: the catalog says where it
/// was built from ([`HookSources`]); version 3: a behavior carries its secret formats ([`SecretPattern`]); version 4:
/// `loses_work` conditions (`Call::loses_work`, which reads the session's created paths through the [`Scope`]) and
/// a behavior's `remembers_created`; version 5: the catalog's [`ProgramIndex`], asked through `Call::runs_listed`
/// before a `runs` pattern is evaluated.
#[derive(Clone, Copy, Debug)]
pub struct FacadeV5;
