//! Katarenga (`docs/rules.md` §3): one test per rule, and its parsers against arbitrary input.

mod fuzz;
mod rules;
