//! Native build systems whose files run commands: Ninja's `command =` rules, qmake's `system()` and `$$cat()`, SCons'
//! Python (`SConstruct`), Buck2's `genrule` `cmd`, autotools' `configure.ac` and `Makefile.am` (m4, not read: asked
//! about when the line wrote one), xmake's and premake's Lua (asked when it may act).

use super::entry::{Example, Expect, Program, Runs};
use crate::argv::Options;

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("fCjlkt", &[]),
        runs: &[Runs::ConfigCommands {
            files: &["build.ninja", "*.ninja", "-f"],
            keys: &[("command", "")],
            unknown: &["subninja ", "include "],
        }],
        examples: &[
            Example(
                "printf 'rule r\\n  command = gh release create v1 --generate-notes\\nbuild x: r\\n' > build.ninja && ninja x",
                Expect::Runs("gh release create"),
            ),
            Example("printf 'rule cc\\n  command = cc -c $in -o $out\\nbuild a.o: cc a.c\\n' > build.ninja && ninja", Expect::Inert(".forge")),
        ],
        ..Program::named(&["ninja", "samu"])
    },
    Program {
        options: Options::new("o", &[]),
        runs: &[Runs::ConfigCommands {
            files: &["*.pro", "*.pri", "*.prf"],
            keys: &[("system(", ""), ("$$cat(", "cat")],
            unknown: &["QMAKE_POST_LINK", "QMAKE_PRE_LINK", "QMAKE_EXTRA_TARGETS", "include("],
        }],
        examples: &[
            Example("printf 'TEMPLATE = aux\\nsystem(rm -rf ../acme-web)\\n' > a.pro && qmake a.pro", Expect::Writes("../acme-web")),
            Example("printf 'TEMPLATE = aux\\nmessage($$cat(.env, lines))\\n' > a.pro && qmake a.pro", Expect::Reads(".env")),
            Example("printf 'TEMPLATE = app\\nSOURCES += main.cpp\\n' > a.pro && qmake a.pro", Expect::Inert(".forge")),
        ],
        ..Program::named(&["qmake", "qmake6"])
    },
    // SCons reads `SConstruct` (Python) and the `SConscript` files it names.
    Program {
        options: Options::new("fCj", &["file", "directory", "jobs"]),
        runs: &[Runs::CodeRecipes(&["SConstruct", "Sconstruct", "sconstruct", "*SConscript", "-f", "--file"])],
        examples: &[
            Example("printf 'import os\\nos.system(\"git push -f\")\\n' > SConstruct && scons -Q", Expect::Runs("git push -f")),
            Example("printf 'Program(\"hello.c\")\\n' > SConstruct && scons -Q", Expect::Inert(".forge")),
        ],
        ..Program::named(&["scons"])
    },
    Program {
        runs: &[Runs::ConfigCommands { files: &["BUCK", "TARGETS", "*BUCK"], keys: &[("cmd", ""), ("bash", "")], unknown: &[] }],
        examples: &[
            Example("printf 'genrule(\\n    name = \"p\",\\n    cmd = \"npm publish > $OUT\",\\n)\\n' > BUCK && buck2 build //:p", Expect::Runs("npm publish")),
            Example("printf 'genrule(\\n    name = \"v\",\\n    cmd = \"echo 1 > $OUT\",\\n)\\n' > BUCK && buck2 build //:v", Expect::Inert(".forge")),
        ],
        ..Program::named(&["buck2", "buck"])
    },
    // autotools: m4 macros run shell at `autoconf` time (`m4_esyscmd`) and in `configure` (`AC_CONFIG_COMMANDS`).
    Program {
        runs: &[Runs::UnreadRecipes(&["configure.ac", "configure.in", "Makefile.am", "acinclude.m4", "*.m4"])],
        examples: &[
            Example("printf 'AC_INIT([a], [1])\\nAC_CONFIG_COMMANDS_PRE([rm -f src/main.rs])\\n' > configure.ac && autoconf", Expect::Unknown),
            Example("autoreconf -fi", Expect::Inert(".forge")),
        ],
        ..Program::named(&["autoconf", "autoreconf", "automake", "aclocal", "autoheader"])
    },
    // xmake and premake: Lua, not read.
    Program {
        options: Options::new("PF", &["project", "file"]),
        runs: &[Runs::CodeRecipes(&["xmake.lua", "*xmake.lua", "premake5.lua", "premake4.lua", "--file"])],
        examples: &[
            Example("printf 'target(\"w\")\\n  on_build(function () os.rm(\"notes.md\") end)\\n' > xmake.lua && xmake build w", Expect::Unknown),
            Example("printf 'os.remove(\"notes.md\")\\n' > premake5.lua && premake5 gmake2", Expect::Unknown),
            Example("printf 'target(\"a\")\\n  set_kind(\"binary\")\\n  add_files(\"src/*.c\")\\n' > xmake.lua && xmake", Expect::Inert(".forge")),
        ],
        ..Program::named(&["xmake", "premake5", "premake4"])
    },
];
