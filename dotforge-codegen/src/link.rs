//! Link settings for a fast-starting hook binary, printed as cargo directives from `build.rs`.
//!
//! A hook is a new process on every tool call, so what the kernel and the dynamic loader do before `main` counts.
//! Three settings, all on Linux only:
//!
//! - **Fixed address.** A position-independent executable (the default) carries thousands of relative relocations —
//!   every `&'static str` of the catalog, every table of `clap` — that `ld.so` applies at each start, dirtying the
//!   pages that hold them. Linked as a fixed-address executable, the binary has none: about 0.15 ms less per event
//!   on the development machine (BENCHMARKS.md). The cost is that the executable's own code is not placed at a random
//!   address (shared libraries, stack and heap still are); `DOTFORGE_PIE=1` at build time keeps a PIE.
//! - **Hot code first.** Each page of code an event runs is a page fault. Left to the linker, the few hundred
//!   functions an event runs lie spread over most of the 2 MB of code (about 25 faults); a linker script puts the
//!   functions named in `hot_code.txt` (written by `scripts/hot-code` from callgrind profiles of hook events) into
//!   one `.text.hot` section in front of `.text` (7–9). A name that matches nothing only costs its place in the
//!   list; `DOTFORGE_HOT_CODE=0` at build time leaves the layout to the linker. Not used with gold or mold, which do
//!   not take the script's `INSERT` command.
//! - **libc searched first.** `ld.so` resolves every symbol the C library itself imports by searching the libraries
//!   in the executable's `DT_NEEDED` order; the linker writes that order as the libraries first appear on its command
//!   line, which depends on which crates the binary links. With `libgcc_s` (the unwinder) ahead of libc, each of
//!   those ~200 lookups searched it in vain first: 8,700 more instructions of `ld.so` per event, every event, once a
//!   dependency changed the order (BENCHMARKS.md, stop 41). glibc targets link libc first, named by the package.
//! - **Static C runtime.** Built with `-C target-feature=+crt-static`, the binary needs no loader at all (no libc to
//!   map, relocate and search: about 0.3 ms less per event on the development machine, BENCHMARKS.md); it is then
//!   linked as a static executable, and libc is not named.

use std::path::Path;

/// The functions a hook event runs, one link-order pattern per line (see `scripts/hot-code`).
const HOT_CODE: &str = include_str!("hot_code.txt");

/// Asks cargo to link the package's binaries for a fast start on Linux: as fixed-address (non-PIE) executables
/// unless the build environment sets `DOTFORGE_PIE=1`, with the hot code first unless it sets
/// `DOTFORGE_HOT_CODE=0`. Call it from `build.rs` next to [`compile`](crate::compile). Other targets are left as
/// they are.
pub fn link_for_fast_start() {
    println!("cargo:rerun-if-env-changed=DOTFORGE_PIE");
    println!("cargo:rerun-if-env-changed=DOTFORGE_HOT_CODE");
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").ok();
    let keep_pie = std::env::var("DOTFORGE_PIE").ok();
    if let Some(directive) = fast_start_directive(target_os.as_deref(), keep_pie.as_deref()) {
        println!("{directive}");
    }
    // A C runtime linked in statically (`-C target-feature=+crt-static`) leaves no libc to order.
    let static_crt = std::env::var("CARGO_CFG_TARGET_FEATURE").is_ok_and(|features| is_static_crt(&features));
    if let Some(directive) = static_directive(target_os.as_deref(), keep_pie.as_deref(), static_crt) {
        println!("{directive}");
    }
    let target_env = std::env::var("CARGO_CFG_TARGET_ENV").ok();
    if let Some(directive) = libc_first_directive(target_os.as_deref(), target_env.as_deref()).filter(|_| !static_crt) {
        println!("{directive}");
    }
    // The linker is chosen by rustflags (`-fuse-ld=…`) or by cargo's `linker` setting (`RUSTC_LINKER`).
    let linker_settings =
        ["CARGO_ENCODED_RUSTFLAGS", "RUSTC_LINKER"].map(|name| std::env::var(name).unwrap_or_default()).join(" ");
    let wanted = std::env::var("DOTFORGE_HOT_CODE").ok();
    if !hot_code_applies(target_os.as_deref(), wanted.as_deref(), &linker_settings) {
        return;
    }
    let Some(out_dir) = std::env::var_os("OUT_DIR") else { return };
    let script = Path::new(&out_dir).join("dotforge-hot-code.ld");
    if script.to_string_lossy().contains(',') {
        // `-Wl,` splits at commas: the linker would get a cut path and fail.
        println!("cargo:warning=dotforge: hot code not placed first (a comma in {})", script.display());
        return;
    }
    match std::fs::write(&script, hot_code_script(HOT_CODE)) {
        Ok(()) => println!("cargo:rustc-link-arg-bins=-Wl,-T,{}", script.display()),
        // Only speed is lost: the binary links as it would without the call.
        Err(error) => println!("cargo:warning=dotforge: hot code not placed first ({}: {error})", script.display()),
    }
}

/// The directive for a target OS and a `DOTFORGE_PIE` value, if any.
fn fast_start_directive(target_os: Option<&str>, keep_pie: Option<&str>) -> Option<&'static str> {
    (target_os == Some("linux") && !is_set(keep_pie)).then_some("cargo:rustc-link-arg-bins=-no-pie")
}

/// Whether the target features cargo reports (`CARGO_CFG_TARGET_FEATURE`, comma-separated) link the C runtime in.
fn is_static_crt(features: &str) -> bool {
    features.split(',').any(|feature| feature == "crt-static")
}

/// With the C runtime linked in, a fixed-address executable must be asked for as a static one: rustc links a
/// static PIE, which `-no-pie` turns into a fixed-address executable that still names a loader and crashes at its
/// first instruction.
fn static_directive(target_os: Option<&str>, keep_pie: Option<&str>, static_crt: bool) -> Option<&'static str> {
    (static_crt && fast_start_directive(target_os, keep_pie).is_some()).then_some("cargo:rustc-link-arg-bins=-static")
}

/// The directive that puts libc first among the libraries the binary needs: glibc on Linux (musl links it
/// statically).
fn libc_first_directive(target_os: Option<&str>, target_env: Option<&str>) -> Option<&'static str> {
    (target_os == Some("linux") && target_env == Some("gnu")).then_some("cargo:rustc-link-lib=dylib=c")
}

/// Whether to link with the hot-code script: on Linux, unless `DOTFORGE_HOT_CODE=0` or the rustflags or linker
/// setting name a linker without `INSERT` (gold, mold).
fn hot_code_applies(target_os: Option<&str>, wanted: Option<&str>, linker_settings: &str) -> bool {
    let turned_off = wanted.is_some_and(|value| value.trim() == "0");
    let other_linker = ["gold", "mold"].iter().any(|linker| linker_settings.contains(linker));
    target_os == Some("linux") && !turned_off && !other_linker
}

/// Whether an opt-in variable holds something other than nothing or `0`.
fn is_set(value: Option<&str>) -> bool {
    value.is_some_and(|value| !value.is_empty() && value != "0")
}

/// The linker script: one output section, `.text.hot`, in front of `.text`, holding the functions `patterns` name
/// in the order listed. `.text.*` before each pattern also takes `.text.unlikely.` sections (LLVM's home for
/// `#[cold]` functions, some of which run on every event). A second one, `.rodata.dfa`, in front of `.rodata`, takes
/// the behaviors' precompiled DFAs (statics named `…_DFA`, see `emit.rs`): they are most of the read-only data, and
/// left among the rest they spread the constants every event reads over most of its pages.
fn hot_code_script(patterns: &str) -> String {
    let mut script = String::from(
        "/* @generated by dotforge_codegen::link_for_fast_start from hot_code.txt: the functions a hook event runs,\n   \
         placed together in front of the rest of the code. */\nSECTIONS\n{\n  .text.hot :\n  {\n",
    );
    for pattern in patterns.lines().map(str::trim).filter(|line| !line.is_empty()) {
        script.push_str(&format!("    *(.text.*{pattern})\n"));
    }
    script.push_str("  }\n}\nINSERT BEFORE .text;\n");
    script.push_str("SECTIONS\n{\n  .rodata.dfa :\n  {\n    *(.rodata.*_DFA17h*)\n  }\n}\nINSERT BEFORE .rodata;\n");
    script
}

#[cfg(test)]
mod tests {
    use super::{
        fast_start_directive, hot_code_applies, hot_code_script, is_static_crt, libc_first_directive, static_directive,
        HOT_CODE,
    };

    #[test]
    fn only_linux_and_only_unless_pie_is_asked_for() {
        assert_eq!(fast_start_directive(Some("linux"), None), Some("cargo:rustc-link-arg-bins=-no-pie"));
        assert_eq!(fast_start_directive(Some("linux"), Some("0")), Some("cargo:rustc-link-arg-bins=-no-pie"));
        assert_eq!(fast_start_directive(Some("linux"), Some("1")), None);
        assert_eq!(fast_start_directive(Some("macos"), None), None);
        assert_eq!(fast_start_directive(Some("windows"), None), None);
        assert_eq!(fast_start_directive(None, None), None);
    }

    #[test]
    fn a_static_c_runtime_links_a_static_executable_where_the_pie_is_dropped() {
        assert!(is_static_crt("fxsr,crt-static,sse2") && !is_static_crt("fxsr,sse2") && !is_static_crt(""));
        assert_eq!(static_directive(Some("linux"), None, true), Some("cargo:rustc-link-arg-bins=-static"));
        assert_eq!(static_directive(Some("linux"), Some("1"), true), None, "a static PIE stays one");
        assert_eq!(static_directive(Some("linux"), None, false), None);
        assert_eq!(static_directive(Some("macos"), None, true), None);
    }

    #[test]
    fn libc_first_on_glibc_linux_only() {
        assert_eq!(libc_first_directive(Some("linux"), Some("gnu")), Some("cargo:rustc-link-lib=dylib=c"));
        assert_eq!(libc_first_directive(Some("linux"), Some("musl")), None);
        assert_eq!(libc_first_directive(Some("macos"), Some("")), None);
        assert_eq!(libc_first_directive(None, None), None);
    }

    #[test]
    fn hot_code_on_linux_unless_turned_off_or_another_linker_is_chosen() {
        assert!(hot_code_applies(Some("linux"), None, ""));
        assert!(hot_code_applies(Some("linux"), Some("1"), "-Ctarget-cpu=native"));
        assert!(!hot_code_applies(Some("linux"), Some("0"), ""));
        assert!(!hot_code_applies(Some("linux"), None, "-Clink-arg=-fuse-ld=mold"));
        assert!(!hot_code_applies(Some("linux"), None, "-Clink-arg=-fuse-ld=gold"));
        assert!(!hot_code_applies(Some("macos"), None, ""));
        assert!(!hot_code_applies(None, None, ""));
    }

    #[test]
    fn the_script_puts_the_patterns_in_order_before_text_and_the_dfas_before_rodata() {
        let script = hot_code_script("_ZN1a1f17h*\n\n  _RNvCs*_1b1g*\n");
        let (code, data) = script.split_once("INSERT BEFORE .text;").expect("the code section is inserted");
        let body: Vec<&str> = code.lines().filter(|line| line.trim_start().starts_with("*(")).collect();
        assert_eq!(body, ["    *(.text.*_ZN1a1f17h*)", "    *(.text.*_RNvCs*_1b1g*)"]);
        assert!(code.contains(".text.hot :") && !code.contains("rodata"));
        assert!(data.contains(".rodata.dfa :") && data.contains("*(.rodata.*_DFA17h*)"));
        assert!(data.trim_end().ends_with("INSERT BEFORE .rodata;"));
    }

    #[test]
    fn the_shipped_patterns_are_tokens_a_linker_script_takes() {
        // Mangled names use letters, digits, `_`, `.` and (legacy) `$`, which scripts/hot-code turns into `?`;
        // anything else — a `)` or `;` above all — would end the pattern early.
        assert!(HOT_CODE.lines().count() > 50, "hot_code.txt looks truncated");
        for pattern in HOT_CODE.lines() {
            assert!(
                pattern.chars().all(|c| c.is_ascii_alphanumeric() || "_.*?".contains(c)),
                "pattern {pattern:?} has a character a linker script would misread"
            );
        }
    }
}
