//! Environment variables that make a process load code before its own — whatever the program is: the dynamic
//! linker's preloads, and the runtimes' option variables that load a module first (`NODE_OPTIONS=--require FILE`
//! for node and every program written in it, `PERL5OPT=-MModule`, `RUBYOPT=-rlib`, `JAVA_TOOL_OPTIONS=-javaagent`).
//! What such code does cannot be read from the line: the command asks. Values that load nothing stay silent
//! (`NODE_OPTIONS=--max-old-space-size=4096`, a preload from the system's own library folders).

/// What a variable's value must hold to load code.
#[derive(Debug)]
enum Loads {
    /// Any value, except libraries under these system folders (`LD_PRELOAD=/usr/lib/…/libjemalloc.so`).
    AnyOutside(&'static [&'static str]),
    /// A value holding one of these options.
    WithOption(&'static [&'static str]),
}

/// Each variable and what makes it load code.
const CODE_LOADING_VARIABLES: &[(&str, Loads)] = &[
    ("LD_PRELOAD", Loads::AnyOutside(SYSTEM_LIBRARIES)),
    ("LD_AUDIT", Loads::AnyOutside(SYSTEM_LIBRARIES)),
    ("DYLD_INSERT_LIBRARIES", Loads::AnyOutside(SYSTEM_LIBRARIES)),
    ("NODE_OPTIONS", Loads::WithOption(&["--require", "-r", "--import", "--loader", "--experimental-loader"])),
    ("PERL5OPT", Loads::WithOption(&["-M", "-m", "-d", "-I"])),
    ("RUBYOPT", Loads::WithOption(&["-r", "-I"])),
    ("JAVA_TOOL_OPTIONS", Loads::WithOption(&["-javaagent", "-agentpath", "-agentlib"])),
    ("_JAVA_OPTIONS", Loads::WithOption(&["-javaagent", "-agentpath", "-agentlib"])),
    ("JDK_JAVA_OPTIONS", Loads::WithOption(&["-javaagent", "-agentpath", "-agentlib"])),
];

/// The system's library folders.
const SYSTEM_LIBRARIES: &[&str] = &["/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/lib", "/opt/homebrew/lib"];

/// Whether an environment (`NAME=value` words) makes a process load code the line cannot show.
pub(crate) fn loads_unknown_code<'w>(environment: impl IntoIterator<Item = &'w str>) -> bool {
    environment.into_iter().any(|assignment| {
        let Some((name, value)) = assignment.split_once('=') else { return false };
        let Some((_, loads)) = CODE_LOADING_VARIABLES.iter().find(|(known, _)| *known == name) else { return false };
        let value = value.trim();
        match loads {
            Loads::AnyOutside(folders) => {
                !value.is_empty()
                    && value.split([':', ' ']).filter(|library| !library.is_empty()).any(|library| {
                        !folders
                            .iter()
                            .any(|folder| library.strip_prefix(folder).is_some_and(|rest| rest.starts_with('/')))
                            || library.contains("..")
                    })
            }
            Loads::WithOption(options) => value
                .split_whitespace()
                .any(|word| options.iter().any(|option| word == *option || word.starts_with(option))),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preloads_and_runtime_options_load_code() {
        for loading in [
            "LD_PRELOAD=/tmp/l.so",
            "LD_PRELOAD=./hook.so",
            "NODE_OPTIONS=--require /tmp/r.js",
            "NODE_OPTIONS=-r ./x.js",
            "NODE_OPTIONS=--import=./x.mjs",
            "PERL5OPT=-M5;system(q{rm -rf .forge})",
            "RUBYOPT=-r./x",
            "JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar",
        ] {
            assert!(loads_unknown_code([loading]), "{loading}");
        }
        for silent in [
            "NODE_OPTIONS=--max-old-space-size=4096",
            "LD_PRELOAD=/usr/lib/x86_64-linux-gnu/libjemalloc.so.2",
            "LD_PRELOAD=",
            "PERL5LIB=lib",
            "RUBYOPT=-W0",
            "JAVA_TOOL_OPTIONS=-Xmx2g",
            "PATH=/usr/bin",
        ] {
            assert!(!loads_unknown_code([silent]), "{silent}");
        }
    }
}
