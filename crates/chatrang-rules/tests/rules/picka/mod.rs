//! Pick-a-team and Patch (`docs/rules.md` §2): the pieces, army lists, the draft, play, check
//! detection and legality against slow references, help texts, robustness, and whole games.

mod armies;
mod attacks;
mod draft;
pub mod games;
mod help;
mod legality;
mod pieces;
mod play;
mod robustness;
