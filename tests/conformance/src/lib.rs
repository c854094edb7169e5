//! `dotforge-conformance`: the test harness of dotforge, as a library the workspace's tests depend on.
//!
//! - [`hook`] runs a hook binary as an agent CLI runs it (a payload on stdin, the environment, a fresh `.forge`) and
//!   reads back state.json and the audit files;
//! - [`client`], [`codex`] and [`gemini`] drive the real Claude Code, Codex and Gemini CLIs, offline, each against a
//!   scripted stand-in for its model API; [`copilot`], [`qwen`], [`droid`] and [`kilo`] the CLIs that speak OpenAI's
//!   chat completions, against [`chat`]'s;
//! - [`history`] backtests the session histories those CLIs leave, and makes them the fixtures of
//!   `tests/backtest.rs` when asked to;
//! - [`npm`] installs the agent CLIs those tiers drive, at their pinned versions, on first use, and [`mcp`] the real
//!   MCP servers they connect to;
//! - [`target`] finds the workspace's target folder and the binaries cargo built beside the tests.
//!
//! The package's binaries are hooks built from the fixture catalogs in `catalogs/` (and a lock holder); its own
//! tests in `tests/` prove the SPEC and CONTRACT against them.
#![forbid(unsafe_code)]

pub mod chat;
pub mod client;
pub mod codex;
pub mod copilot;
pub mod droid;
pub mod gemini;
pub mod history;
pub mod hook;
pub mod http;
pub mod kilo;
pub mod mcp;
pub mod npm;
pub mod qwen;
pub mod target;
