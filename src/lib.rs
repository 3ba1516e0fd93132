//! Chatrang: a chat bot that hosts unusual chess variants.
//!
//! Data flows one way: chat adapter → service → rules, render, store. This crate holds all of
//! them; [`rules`] is the pure core every other part builds on.

// matrix-sdk's sync futures are deep: proving them `Send` for `tokio::spawn` needs more than the
// default 128 levels.
#![recursion_limit = "256"]

pub mod bench;
pub mod cli;
pub mod console;
pub mod discord;
pub mod matrix;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
