//! Documentation and site generators: most run code of the project as they build — MkDocs' hooks, Sphinx's
//! `conf.py` and extensions, Jupyter Book's and pdoc's imports, Quarto's pre-render scripts and code cells, Jekyll's
//! plugins, Asciidoctor's extensions, pandoc's filters, the JavaScript configs of Docusaurus, VitePress and TypeDoc —
//! so a file of that code the line wrote is read as the code it runs (asked where its language is not read), and
//! their output folders are written, with all they held before (a build cleans them).

use super::entry::{Example, Expect, Logic, Program, Runs, Touches};
use super::runners::JAVASCRIPT_FILES;
use crate::argv::Options;
use crate::markup::Markup;

/// Python a generator imports from anywhere the line put it (a hook, an extension, the module documented), and the
/// files its Markdown and reStructuredText documents include.
const PYTHON_FILES: &[Runs] = &[Runs::CodeRecipes(&["*.py"]), Runs::IncludedFiles(&[".md", ".rst", ".txt"])];

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        options: Options::new("fad", &["config-file", "site-dir", "dev-addr", "theme", "remote-branch", "remote-name"]),
        runs: PYTHON_FILES,
        touches: Touches::Own(Logic::OutputOption(&["d", "site-dir"])),
        examples: &[
            Example(
                "printf 'import subprocess\ndef on_pre_build(config, **kw):\n    subprocess.run([\"git\", \"push\", \"-f\"])\n' \
                 > hooks.py && printf 'hooks:\n  - hooks.py\n' > mkdocs.yml && mkdocs build",
                Expect::Runs("git push -f"),
            ),
            Example("mkdocs build --clean --site-dir .forge", Expect::Writes(".forge")),
            Example("mkdocs build --strict --site-dir /tmp/site", Expect::Inert(".forge")),
        ],
        ..Program::named(&["mkdocs"])
    },
    Program {
        options: Options::new("bcdDjtw", &["builder", "jobs"]),
        runs: PYTHON_FILES,
        examples: &[
            Example(
                "printf 'import shutil\nshutil.rmtree(\".forge\")\n' > docs/conf.py && sphinx-build -b html docs out",
                Expect::Writes(".forge"),
            ),
            Example(
                "printf '.. literalinclude:: ../.env\n' > docs/index.rst && sphinx-build -b text docs out",
                Expect::Reads(".env"),
            ),
            Example("sphinx-build -b html docs docs/_build/html", Expect::Inert(".forge")),
        ],
        ..Program::named(&["sphinx-build", "sphinx-autobuild", "jupyter-book", "jb"])
    },
    Program {
        options: Options::new("o", &["output-directory", "template-directory", "docformat"]),
        runs: PYTHON_FILES,
        touches: Touches::Own(Logic::OutputOption(&["o", "output-directory"])),
        examples: &[
            Example("printf 'import os\nos.system(\"git push -f\")\n' > m.py && pdoc m.py -o site", Expect::Runs("git push -f")),
            Example("pdoc src/acme -o .forge", Expect::Writes(".forge")),
        ],
        ..Program::named(&["pdoc", "pdoc3"])
    },
    // Quarto runs its project's pre- and post-render scripts (any language) and the code cells of what it renders.
    Program {
        options: Options::new("MPo", &["to", "output", "output-dir", "execute-params", "profile"]),
        runs: &[
            Runs::CodeRecipes(&["*.py"]),
            Runs::UnreadRecipes(&["_quarto.yml", "_quarto.yaml", "*.qmd", "*.Rmd", "*.ipynb", "*.R", "*.lua"]),
            Runs::IncludedFiles(&[".qmd", ".md"]),
        ],
        touches: Touches::Own(Logic::OutputOption(&["output-dir"])),
        examples: &[
            Example("printf '```{python}\nimport os\n```\n' > e.qmd && quarto render e.qmd", Expect::Unknown),
            Example("quarto render report.qmd --to html", Expect::Inert(".forge")),
        ],
        ..Program::named(&["quarto"])
    },
    Program {
        options: Options::new("dsp", &["destination", "source", "config", "plugins", "layouts"]),
        runs: &[Runs::CodeRecipes(&["*.rb"])],
        touches: Touches::Own(Logic::OutputOption(&["d", "destination"])),
        examples: &[
            Example(
                "printf 'system(\"git push -f\")\n' > _plugins/x.rb && jekyll build",
                Expect::Runs("git push -f"),
            ),
            Example("jekyll build -d _site", Expect::Inert(".forge")),
        ],
        ..Program::named(&["jekyll"])
    },
    Program {
        options: Options::new("rDoabBTES", &["require", "destination-dir", "out-file", "attribute", "base-dir", "backend"]),
        runs: &[Runs::CodeRecipes(&["-r", "--require"]), Runs::IncludedFiles(&[".adoc", ".asciidoc", ".asc"])],
        touches: Touches::Own(Logic::OutputOption(&["o", "out-file", "D", "destination-dir"])),
        examples: &[
            Example(
                "printf 'File.delete(\"src/lib.rs\")\n' > x.rb && asciidoctor -r ./x.rb -o /tmp/r.html README.adoc",
                Expect::Writes("src/lib.rs"),
            ),
            Example("asciidoctor -o /tmp/readme.html README.adoc", Expect::Inert(".forge")),
            Example("printf 'include::.env[]\n' > c.adoc && asciidoctor -S unsafe -o - c.adoc", Expect::Reads(".env")),
        ],
        ..Program::named(&["asciidoctor", "asciidoctor-pdf"])
    },
    // pandoc runs its filters: an executable (`--filter`, by its first line) or Lua (`--lua-filter`).
    Program {
        options: Options::new("oFLftMVdA", &["output", "filter", "lua-filter", "from", "to", "defaults", "metadata"]),
        runs: &[Runs::CodeRecipes(&["-F", "--filter", "-L", "--lua-filter"])],
        touches: Touches::Own(Logic::OutputOption(&["o", "output"])),
        examples: &[
            Example(
                "printf '#!/bin/sh\ngit push -f\ncat\n' > f.sh && pandoc --filter ./f.sh README.md -o /tmp/r.html",
                Expect::Runs("git push -f"),
            ),
            Example("printf 'os.execute(\"rm -rf ~\")\n' > c.lua && pandoc -L c.lua README.md", Expect::Unknown),
            Example("pandoc notes.md -o .forge/audit/overrides.log", Expect::Writes(".forge/audit/overrides.log")),
            Example(
                "printf 'function Header(el) return el end\n' > s.lua && pandoc --lua-filter=s.lua README.md -o /tmp/r.html",
                Expect::Inert(".forge"),
            ),
        ],
        ..Program::named(&["pandoc"])
    },
    Program {
        options: Options::new("dcsb", &["destination", "source", "config", "baseURL", "environment", "theme"]),
        touches: Touches::Own(Logic::OutputOption(&["d", "destination"])),
        examples: &[
            Example("hugo --destination .claude --cleanDestinationDir", Expect::Writes(".claude")),
            Example("hugo --destination /tmp/hugo-preview --cleanDestinationDir", Expect::Inert(".forge")),
        ],
        ..Program::named(&["hugo"])
    },
    // JavaScript site builders load their config (and any module it imports) from where the line wrote it.
    Program {
        options: Options::new("", &["out-dir", "outDir", "config", "out", "plugin", "options", "entryPoints"]),
        runs: &[Runs::CodeRecipes(JAVASCRIPT_FILES)],
        touches: Touches::Own(Logic::OutputOption(&["out-dir", "outDir", "out"])),
        examples: &[
            Example(
                "printf 'require(\"fs\").rmSync(\".husky\", {recursive: true})\n' > docs/.vitepress/config.mjs && \
                 vitepress build docs",
                Expect::Writes(".husky"),
            ),
            Example("docusaurus build --out-dir behaviors", Expect::Writes("behaviors")),
            Example("typedoc --out .forge src/server.ts", Expect::Writes(".forge")),
            Example("typedoc --out docs/api src/server.ts", Expect::Inert(".forge")),
        ],
        ..Program::named(&["docusaurus", "vitepress", "typedoc"])
    },
    // Doxygen runs its input filters (`INPUT_FILTER`, `FILTER_PATTERNS`) as commands; mdBook its preprocessors and
    // renderers (`command = …` in `book.toml`): neither file read.
    Program {
        runs: &[Runs::UnreadRecipes(&["Doxyfile", "*Doxyfile", "*.doxyfile", "*.doxy"])],
        examples: &[Example("printf 'INPUT_FILTER = \"rm -rf ~\"\n' > Doxyfile && doxygen Doxyfile", Expect::Unknown)],
        ..Program::named(&["doxygen"])
    },
    Program {
        options: Options::new("d", &["dest-dir"]),
        runs: &[Runs::UnreadRecipes(&["book.toml"]), Runs::IncludedFiles(&[".md"])],
        touches: Touches::Own(Logic::OutputOption(&["d", "dest-dir"])),
        examples: &[
            Example("printf '[preprocessor.x]\ncommand = \"sh x\"\n' > book.toml && mdbook build", Expect::Unknown),
            Example("mdbook build -d /tmp/book", Expect::Inert(".forge")),
        ],
        ..Program::named(&["mdbook"])
    },
    // TeX engines run `\write18{CMD}` (with shell escape) and read the files their inputs name into the document;
    // latexmk also runs its rc files (Perl).
    Program {
        runs: &[Runs::Markup(Markup::Tex), Runs::CodeRecipes(&[".latexmkrc", "latexmkrc", "-r"])],
        options: Options::new("er", &[]),
        examples: &[
            Example("pdflatex --shell-escape '\\immediate\\write18{rm -rf .forge}\\end'", Expect::Writes(".forge")),
            Example("pdflatex '\\documentclass{article}\\begin{document}\\verbatiminput{.env}\\end{document}'", Expect::Reads(".env")),
            Example("printf '$pdflatex = \"git push -f\";\\nsystem(\"git push -f\");\\n' > .latexmkrc && latexmk -pdf", Expect::Runs("git push -f")),
            Example("pdflatex -interaction=nonstopmode main.tex", Expect::Inert(".forge")),
            Example("latexmk -pdf -outdir=build main.tex", Expect::Inert(".forge")),
        ],
        ..Program::named(&[
            "tex", "etex", "pdftex", "xetex", "latex", "pdflatex", "xelatex", "platex", "uplatex",
            "latexmk",
        ])
    },
    // roff formatters run `.sy CMD` and `.pso CMD` (unsafe mode, `-U`) and read `.so FILE`.
    Program {
        runs: &[Runs::Markup(Markup::Roff)],
        options: Options::new("TmdfFIMnoPrwK", &[]),
        examples: &[
            Example("printf '.sy rm -rf .forge\\n' | groff -U -Tutf8", Expect::Writes(".forge")),
            Example("printf '.so .env\\n' | groff -Tutf8", Expect::Reads(".env")),
            Example("zcat /usr/share/man/man1/ls.1.gz | groff -man -Tutf8", Expect::Inert(".forge")),
            Example("groff -ms -Tpdf notes.ms", Expect::Inert(".forge")),
        ],
        ..Program::named(&["groff", "troff", "nroff", "gtroff"])
    },
];
