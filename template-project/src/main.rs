//! {{project-name}}: a Claude Code hook compiled by dotforge from `behaviors/`.
#![forbid(unsafe_code)]

dotforge_runtime::include_behaviors!();

fn main() {
    dotforge_runtime::main(&behaviors::CATALOG)
}
