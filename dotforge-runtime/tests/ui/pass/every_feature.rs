//! The golden code that uses every trigger shape compiles, and its tables say what the YAML said.

mod behaviors {
    include!("../../../../dotforge-codegen/tests/golden/features.rs");
}

use dotforge_runtime::Level;

fn main() {
    let behavior = &behaviors::CATALOG.behaviors[0];
    assert_eq!(behavior.id, "every-feature");
    assert!(!behavior.enabled, "disabled in the index");
    assert_eq!(behavior.events.len(), 4);
    assert_eq!(behavior.agents, ["reviewer", "code-writer"]);
    let levels: Vec<Level> = (0..9).map(behaviors::every_feature::level).collect();
    assert_eq!(levels[..3], [Level::Nudge, Level::Nudge, Level::SoftBlock]);
    assert_eq!(levels[7], Level::HardBlock);
    let thresholds: Vec<Option<u32>> = (0..8).map(behaviors::every_feature::threshold).collect();
    assert_eq!(thresholds, [Some(2), Some(2), Some(7), Some(7), Some(7), Some(7), Some(7), None]);
}
