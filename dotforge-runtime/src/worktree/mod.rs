//! What git could not bring back if a path were destroyed (for the `loses_work` condition, a DSL extension): the
//! repository a path is in ([`repository`]), git's index ([`index`]) and ignore rules ([`ignore`]) read as git reads
//! them, and the bounded walk that compares the files with them ([`scan`]). Read only when a command destroys a path.

pub(crate) mod clean;
pub(crate) mod ignore;
pub(crate) mod index;
pub(crate) mod repository;
pub(crate) mod scan;

pub(crate) use scan::{Destroyed, Limits, Scanner, Unsaved, Why};

#[cfg(test)]
pub(crate) mod test_repos;
