//! Chromopolis (Alexandre Owen Muñiz, 1999/2000): a 40-square cylinder where pieces are not
//! captured but bound by force from two enemy pieces, and can be freed again. See `docs/rules.md`
//! §4.

pub(crate) mod board;
mod eval;
pub(crate) mod game;
pub(crate) mod help;
pub(crate) mod movegen;
pub(crate) mod notation;
pub(crate) mod position;
pub mod text;

pub use board::{Kind, Piece, geometry};
pub use game::{Chromopolis, ChromopolisGame, START};
pub use help::HELP;

use crate::SetupError;

/// Loads a position string written by [`crate::Game::position_text`].
pub(crate) fn load(text: &str) -> Result<ChromopolisGame, SetupError> {
    text::parse(text).map(Chromopolis::game)
}
