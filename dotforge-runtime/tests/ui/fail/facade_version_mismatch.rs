//! Code generated for another facade version fails to compile instead of misbehaving.
use dotforge_runtime::codegen as __forge;

const _: __forge::FacadeV1 = __forge::FacadeV1;

fn main() {}
