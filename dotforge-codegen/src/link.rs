//! Link settings for a fast-starting hook binary, printed as cargo directives from `build.rs`.
//!
//! A hook is a new process on every tool call, so the dynamic loader's work counts. A position-independent
//! executable (the default) carries thousands of relative relocations — every `&'static str` of the catalog, every
//! table of `clap` — that `ld.so` applies at each start, dirtying the pages that hold them. Linked as a fixed-address
//! executable, the binary has none: about 0.15 ms less per event on the development machine (BENCHMARKS.md). The
//! cost is that the executable's own code is not placed at a random address (shared libraries, stack and heap still
//! are); set `DOTFORGE_PIE=1` when building to keep a position-independent executable.

/// Asks cargo to link the package's binaries as fixed-address (non-PIE) executables on Linux, unless the build
/// environment sets `DOTFORGE_PIE=1`. Call it from `build.rs` next to [`compile`](crate::compile). Other targets
/// are left as they are.
pub fn link_for_fast_start() {
    println!("cargo:rerun-if-env-changed=DOTFORGE_PIE");
    if let Some(directive) = fast_start_directive(
        std::env::var("CARGO_CFG_TARGET_OS").ok().as_deref(),
        std::env::var("DOTFORGE_PIE").ok().as_deref(),
    ) {
        println!("{directive}");
    }
}

/// The directive for a target OS and a `DOTFORGE_PIE` value, if any.
fn fast_start_directive(target_os: Option<&str>, keep_pie: Option<&str>) -> Option<&'static str> {
    let keep_pie = keep_pie.is_some_and(|value| !value.is_empty() && value != "0");
    (target_os == Some("linux") && !keep_pie).then_some("cargo:rustc-link-arg-bins=-no-pie")
}

#[cfg(test)]
mod tests {
    use super::fast_start_directive;

    #[test]
    fn only_linux_and_only_unless_pie_is_asked_for() {
        assert_eq!(fast_start_directive(Some("linux"), None), Some("cargo:rustc-link-arg-bins=-no-pie"));
        assert_eq!(fast_start_directive(Some("linux"), Some("0")), Some("cargo:rustc-link-arg-bins=-no-pie"));
        assert_eq!(fast_start_directive(Some("linux"), Some("1")), None);
        assert_eq!(fast_start_directive(Some("macos"), None), None);
        assert_eq!(fast_start_directive(Some("windows"), None), None);
        assert_eq!(fast_start_directive(None, None), None);
    }
}
