//! Tests of the bot around the rules: the store and the game service on SQLite and PostgreSQL,
//! every game played through the service and the console front end.

#[path = "../support/postgres.rs"]
mod postgres;

// The database harness first: `on_both_backends!` is used by the modules below.
#[macro_use]
mod common;

mod backups;
mod channel;
mod check_config;
mod claims;
mod clean_stop;
mod console;
mod direct;
mod export;
mod file_names;
mod forget;
mod handled;
mod history;
mod houses;
mod kill_storm;
mod limits;
mod looking;
mod newcomer;
mod observed;
mod offers;
mod outage;
mod outbox;
mod panics;
mod promotion;
mod queue;
mod rating;
mod ratings_race;
mod replays;
mod reviews;
mod seeks;
mod service;
mod service_games;
mod sheet_numbers;
mod store;
mod timed;
mod timed_group;
mod tournament_duplicate;
mod tournaments;
mod two_processes;
mod uci;
mod variants;
mod versus_bot;
