//! The hook binary's layout on Linux (`dotforge_codegen::link_for_fast_start`): a fixed-address executable whose
//! hot code — what every hook event runs — sits in one `.text.hot` section in front of `.text`, and whose operator
//! commands stay out of it, and whose behaviors' DFAs sit in a `.rodata.dfa` section of their own in front of
//! `.rodata`, and which names libc first among the libraries it needs. Fails when the build stops passing the linker
//! script, or when renamed hot functions leave `hot_code.txt` behind (then run `scripts/hot-code`).
#![cfg(target_os = "linux")]

use object::{Object, ObjectSection, ObjectSymbol};

struct Layout {
    hot: std::ops::Range<u64>,
    dfas: std::ops::Range<u64>,
    rodata: std::ops::Range<u64>,
    text_start: u64,
    is_fixed_address: bool,
    symbols: Vec<(String, u64)>,
}

fn hook_layout() -> Layout {
    let bytes = std::fs::read(env!("CARGO_BIN_EXE_dotforge-hook")).expect("read the hook binary");
    let file = object::File::parse(&*bytes).expect("an ELF file");
    let section = |name: &str| file.section_by_name(name).unwrap_or_else(|| panic!("no {name} section"));
    let range = |name: &str| {
        let found = section(name);
        found.address()..found.address() + found.size()
    };
    Layout {
        hot: range(".text.hot"),
        dfas: range(".rodata.dfa"),
        rodata: range(".rodata"),
        text_start: section(".text").address(),
        is_fixed_address: file.kind() == object::ObjectKind::Executable,
        symbols: file.symbols().filter_map(|symbol| Some((symbol.name().ok()?.to_owned(), symbol.address()))).collect(),
    }
}

/// The address of the function with this mangled path, e.g. `16dotforge_runtime3cli9hook_main` (legacy mangling:
/// the path, then `17h` and the hash).
fn address_of(layout: &Layout, path: &str) -> u64 {
    let prefix = format!("_ZN{path}17h");
    let found: Vec<u64> =
        layout.symbols.iter().filter(|(name, _)| name.starts_with(&prefix)).map(|(_, address)| *address).collect();
    assert_eq!(found.len(), 1, "expected one symbol containing {path}, found {}", found.len());
    found[0]
}

#[test]
fn hook_event_code_is_placed_first_and_operator_commands_are_not() {
    let layout = hook_layout();
    assert!(layout.is_fixed_address, "the hook binary is not linked -no-pie");
    assert!(layout.hot.end <= layout.text_start, ".text.hot {:x?} does not precede .text", layout.hot);
    for hot in [
        "16dotforge_runtime3cli9hook_main",
        "16dotforge_runtime4hook19evaluate_with_state",
        "16dotforge_runtime6engine9run_chain",
        "16dotforge_runtime5state56_$LT$impl$u20$dotforge_runtime..state..doc..StateDoc$GT$4save",
    ] {
        let address = address_of(&layout, hot);
        assert!(layout.hot.contains(&address), "{hot} at {address:x} is outside .text.hot {:x?}", layout.hot);
    }
    for cold in ["16dotforge_runtime3cli6status3run", "16dotforge_runtime3cli5audit3run"] {
        let address = address_of(&layout, cold);
        assert!(!layout.hot.contains(&address), "{cold} at {address:x} is inside .text.hot");
    }
}

#[test]
fn the_behaviors_dfas_are_kept_apart_from_the_other_read_only_data() {
    let layout = hook_layout();
    assert!(layout.dfas.end <= layout.rodata.start, ".rodata.dfa {:x?} does not precede .rodata", layout.dfas);
    let dfas: Vec<&(String, u64)> =
        layout.symbols.iter().filter(|(name, _)| name.contains("9behaviors") && name.contains("_DFA17h")).collect();
    assert!(dfas.len() >= 5, "expected the catalog's DFAs, found {}", dfas.len());
    for (name, address) in dfas {
        assert!(layout.dfas.contains(address), "{name} at {address:x} is outside .rodata.dfa {:x?}", layout.dfas);
    }
    let escape = address_of(&layout, "10serde_json3ser6ESCAPE");
    assert!(layout.rodata.contains(&escape), "serde_json's ESCAPE table at {escape:x} left .rodata");
}

/// The libraries the hook binary needs, in its `DT_NEEDED` order (the order `ld.so` searches them in).
fn needed_libraries() -> Vec<String> {
    use object::read::elf::{Dyn, ElfFile64, SectionHeader};
    let bytes = std::fs::read(env!("CARGO_BIN_EXE_dotforge-hook")).expect("read the hook binary");
    let file = ElfFile64::<object::Endianness>::parse(&*bytes).expect("a 64-bit ELF file");
    let (endian, sections) = (file.endian(), file.elf_section_table());
    let mut needed = Vec::new();
    for section in sections.iter() {
        let Ok(Some((entries, strings_index))) = section.dynamic(endian, &*bytes) else { continue };
        let strings = sections.strings(endian, &*bytes, strings_index).expect("the dynamic strings");
        for entry in entries.iter().filter(|entry| entry.tag32(endian) == Some(object::elf::DT_NEEDED)) {
            let name = entry.string(endian, strings).expect("a library name");
            needed.push(String::from_utf8_lossy(name).into_owned());
        }
    }
    needed
}

#[cfg(target_env = "gnu")]
#[test]
fn libc_comes_first_among_the_libraries_the_hook_needs() {
    let needed = needed_libraries();
    assert_eq!(needed.first().map(String::as_str), Some("libc.so.6"), "DT_NEEDED order: {needed:?}");
}
