//! Chatrang: a chat bot that hosts unusual chess variants.
//!
//! Data flows one way: chat adapter → service → rules, render, store. The rules and the
//! pictures are crates of their own (`chatrang-rules`, `chatrang-render`, re-exported here as
//! [`rules`] and [`render`]), so the compiler keeps them from reaching up; this crate holds the
//! bot: the service, the store, the adapters, the command line and the benchmarks.

// matrix-sdk's sync futures are deep: proving them `Send` for `tokio::spawn` needs more than the
// default 128 levels.
#![recursion_limit = "256"]

pub mod backups;
pub mod bench;
pub mod check_config;
pub mod cli;
pub mod config;
pub mod console;
pub mod discord;
pub mod export;
pub mod http;
pub mod logging;
pub mod matrix;
pub mod service;
pub mod stopping;
pub mod store;

pub use chatrang_render as render;
pub use chatrang_rules as rules;
pub use chatrang_uci as uci;
