//! Chatrang: a chat bot that hosts unusual chess variants.
//!
//! Data flows one way: chat adapter → service → rules, render, store. This crate holds all of
//! them; [`rules`] is the pure core every other part builds on.

pub mod bench;
pub mod cli;
pub mod console;
pub mod discord;
pub mod render;
pub mod rules;
pub mod service;
pub mod store;
