//! Where this hook is registered, as `install` and `uninstall` left it ([`record`]), and the hook's entries in a
//! settings file's text ([`entries`]): what the tamper check ([`crate::watch`]) compares a settings file with, and
//! how it puts back only the hook's own entries.

mod command;
pub(crate) mod entries;
pub(crate) mod record;

pub(crate) use command::program_of;
pub(crate) use record::{Installed, Record, Written};
