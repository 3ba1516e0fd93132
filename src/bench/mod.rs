//! The benchmarks behind `chatrang bench`: [`ai`] (the bot's play), [`rules`] (move
//! generation), [`catalonia`] (the chain solver), [`service`] (moves through the whole
//! service), [`delivery`] (from a bot move's commit to its post), [`fairness`] (people's moves while
//! reviews and bot games run) and [`memory`] (many active games in one process, and a restart). The board pictures' benchmark is
//! `crate::render::command::bench`. They print numbers and assert nothing; they are the only
//! code besides the adapters and the store that reads the clock.

pub mod ai;
pub mod catalonia;
pub mod delivery;
pub mod elo;
pub mod fairness;
pub mod jobs;
pub mod ladder;
pub mod memory;
pub mod outside_engine;
pub mod partner;
pub mod rules;
pub mod service;
