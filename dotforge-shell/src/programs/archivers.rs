//! Archivers, compressors and filters that write: what they extract or create, replace in place, or write to an
//! output option (read by [`crate::rewriters`]).

use super::entry::{Example, Expect, Filter, Logic, Program, Runs, Touches};
use crate::argv::Options;

const fn rewriter(names: &'static [&'static str], options: Options, logic: Logic) -> Program {
    Program { options, touches: Touches::Own(logic), ..Program::named(names) }
}

pub(super) const PROGRAMS: &[Program] = &[
    Program {
        examples: &[
            Example("tar -xzf a.tgz -C .forge", Expect::Writes(".forge")),
            Example("tar --remove-files -czf /tmp/a.tgz .forge", Expect::Writes(".forge")),
            Example("tar -tzf a.tgz", Expect::Inert(".forge")),
            Example("tar -cf /dev/null --to-command='git push -f' src", Expect::Runs("git push -f")),
            Example("tar -xf x.tar --checkpoint=1 --checkpoint-action=exec='rm -rf .forge'", Expect::Writes(".forge")),
            Example("tar -I 'sh -c \"git push -f\"' -cf x.tar src", Expect::Runs("git push -f")),
            Example("tar -I zstd -cf x.tar.zst src", Expect::Inert(".forge")),
        ],
        runs: &[Runs::ScriptOption(&[
            "to-command",
            "checkpoint-action",
            "use-compress-program",
            "I",
            "info-script",
            "new-volume-script",
            "F",
        ])],
        // Old-style options (`tar xvf`) are read by `rewriters`.
        ..rewriter(
            &["tar", "bsdtar", "gtar"],
            Options::new(
                "fCbTXNLVgKIF",
                &[
                    "file",
                    "directory",
                    "files-from",
                    "exclude-from",
                    "exclude",
                    "blocking-factor",
                    "newer",
                    "tape-length",
                    "label",
                    "listed-incremental",
                    "starting-file",
                    "use-compress-program",
                    "transform",
                    "xform",
                    "owner",
                    "group",
                    "mode",
                    "mtime",
                    "format",
                    "to-command",
                    "checkpoint-action",
                    "info-script",
                    "new-volume-script",
                ],
            ),
            Logic::Tar,
        )
    },
    Program {
        examples: &[Example("unzip -o a.zip -d .forge", Expect::Writes(".forge"))],
        ..rewriter(&["unzip"], Options::new("dx", &[]), Logic::Unzip)
    },
    Program {
        // `-T` tests the archive with `unzip`, or with the command `-TT` (`--unzip-command`) gives.
        runs: &[Runs::ScriptOption(&["unzip-command", "-TT"])],
        examples: &[
            Example("zip -rm /tmp/a.zip .forge", Expect::Writes(".forge")),
            Example("zip a.zip README.md -T -TT 'git push -f #'", Expect::Runs("git push -f")),
            Example("zip -r a.zip src -T", Expect::Inert(".forge")),
        ],
        ..rewriter(
            &["zip"],
            Options::new("bntO", &["temp-path", "suffixes", "from-date", "output-file", "unzip-command"]),
            Logic::Zip,
        )
    },
    Program {
        examples: &[Example("7z x a.7z -o.forge", Expect::Writes(".forge"))],
        ..rewriter(&["7z", "7za"], Options::NONE, Logic::SevenZip)
    },
    Program {
        examples: &[Example("patch .forge/audit/overrides.log fix.diff", Expect::Writes(".forge/audit/overrides.log"))],
        ..rewriter(
            &["patch"],
            Options::new("iopdDBFrVYzg", &["input", "output", "directory", "reject-file"]),
            Logic::Patch,
        )
    },
    Program {
        examples: &[
            Example("sort -o .forge/audit/overrides.log x", Expect::Writes(".forge/audit/overrides.log")),
            Example("sort -t, -k2 data.csv", Expect::Inert(".forge")),
        ],
        ..rewriter(
            &["sort"],
            Options::new("oktST", &["output", "key", "field-separator", "buffer-size", "temporary-directory"]),
            Logic::OutputOption(&["o", "output"]),
        )
    },
    Program {
        examples: &[
            Example("gpg --batch --yes -d -o src/main.rs /tmp/m.gpg", Expect::Writes("src/main.rs")),
            Example("gpg --verify release.tar.gz.sig", Expect::Inert(".forge")),
        ],
        ..rewriter(
            &["gpg", "gpg2"],
            Options::new("orRuf", &["output", "recipient", "local-user", "homedir", "passphrase", "keyring"]),
            Logic::OutputOption(&["o", "output"]),
        )
    },
    // Backups restored into a folder (`restic restore SNAPSHOT --target DIR`): what lands there is the backup's, not
    // known here, so the folder is written.
    Program {
        examples: &[
            Example("restic -r /srv/restic restore latest --target .forge", Expect::Writes(".forge")),
            Example("restic -r /srv/restic restore latest --target /tmp/restore", Expect::Inert(".forge")),
        ],
        ..rewriter(
            &["restic"],
            Options::new("rtp", &["repo", "target", "password-file", "include", "exclude", "host", "path", "tag"]),
            Logic::OutputOption(&["t", "target"]),
        )
    },
    // Database dumps written to a file.
    Program {
        examples: &[
            Example("pg_dump -d app --schema-only -f src/server.ts", Expect::Writes("src/server.ts")),
            Example("redis-cli --rdb src/lib.rs", Expect::Writes("src/lib.rs")),
            Example("pg_dump -d app -f /tmp/app.sql", Expect::Inert(".forge")),
        ],
        ..rewriter(
            &["pg_dump", "pg_dumpall"],
            Options::new("fdhpUnNtTFZ", &["file", "dbname", "host", "port", "username", "schema", "table", "format"]),
            Logic::OutputOption(&["f", "file"]),
        )
    },
    rewriter(
        &["mysqldump", "mariadb-dump"],
        Options::new("rhPuD", &["result-file", "host", "port", "user", "databases"]),
        Logic::OutputOption(&["r", "result-file"]),
    ),
    rewriter(
        &["redis-cli"],
        Options::new("hpanu", &["rdb", "functions-rdb", "host", "port", "user", "pass"]),
        Logic::OutputOption(&["rdb", "functions-rdb"]),
    ),
    rewriter(
        &["split"],
        Options::new("abClnt", &["suffix-length", "bytes", "line-bytes", "lines", "number"]),
        Logic::Split,
    ),
    rewriter(&["csplit"], Options::new("fbn", &["prefix", "suffix-format", "digits"]), Logic::Csplit),
    Program {
        examples: &[
            Example("gzip .forge/audit/overrides.log", Expect::Writes(".forge/audit/overrides.log")),
            Example("gzip -c .forge/audit/overrides.log", Expect::Inert(".forge/audit/overrides.log")),
        ],
        ..rewriter(
            &[
                "gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "lzma", "unlzma", "zstd", "unzstd", "lz4",
                "compress",
            ],
            Options::new("S", &["suffix"]),
            Logic::Compress,
        )
    },
    Program {
        examples: &[
            Example("awk 'BEGIN{system(\"rm -rf .forge/runtime\")}' /dev/null", Expect::Writes(".forge/runtime")),
            Example(
                "gawk -i inplace 'BEGIN{system(\"rm -rf .forge/runtime\")}' /dev/null",
                Expect::Writes(".forge/runtime"),
            ),
            Example(
                "gawk -i inplace '{print}' .forge/audit/overrides.log",
                Expect::Writes(".forge/audit/overrides.log"),
            ),
            Example("awk -F: '{print $1}' /etc/passwd", Expect::Inert(".forge")),
            Example("gawk -e 'BEGIN{system(\"rm -rf .forge\")}'", Expect::Writes(".forge")),
            Example("awk 'BEGIN{system(\"git push --force\")}'", Expect::Runs("git push --force")),
            Example("awk 'BEGIN { \"git push -f\" | getline }'", Expect::Runs("git push -f")),
        ],
        runs: &[Runs::FilterScript(Filter::Awk)],
        ..rewriter(
            &["awk", "gawk", "mawk", "nawk"],
            Options::new("fvFie", &["file", "assign", "field-separator", "include", "source"]),
            Logic::Awk,
        )
    },
];
