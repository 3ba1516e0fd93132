//! Catalonia (`docs/rules.md` §5): one test per rule, the chain solver, and whole games replayed
//! from their records.

mod chain;
mod posts;
mod replay;
mod rules;
