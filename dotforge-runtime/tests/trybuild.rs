//! Compile tests of generated code against the facade (`dotforge_runtime::codegen`).
//!
//! `pass/` cases include the golden files of `dotforge-codegen/tests/golden/`, compile them against this runtime and
//! run them; `fail/` cases show that wrong uses of the facade are rejected by the type system, with `.stderr`
//! snapshots (refresh with `TRYBUILD=overwrite cargo test -p dotforge-runtime --test trybuild` and review).

#[test]
fn generated_code_against_the_facade() {
    let cases = trybuild::TestCases::new();
    cases.pass("tests/ui/pass/*.rs");
    cases.compile_fail("tests/ui/fail/*.rs");
}
