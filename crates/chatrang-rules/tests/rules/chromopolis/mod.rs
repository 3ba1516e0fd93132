//! Chromopolis (`docs/rules.md` §4): one test per rule, and its parsers against arbitrary input.

mod fuzz;
mod rules;
