//! A defined variant in play: the table of games' row for it ([`crate::registry::DEFINED`])
//! starts a game from a saved definition and loads one from its position string.
//!
//! A game of a defined variant must keep the rules it began with, whatever its server does to
//! the variant afterwards, so its position string carries the whole definition after the
//! board: `FEN|[Name]|maxFile = 10|…`, the canonical text's lines joined by `|` (no line of a
//! definition may hold a `|`: the reader refuses one). The compiled variant is shared by every
//! game loaded with the same definition, as long as one of them is in memory.

use std::sync::Arc;

use super::DefinitionError;
use crate::{
    Game, Options, SetupError,
    chesslike::{ChessLike, Position, Variant},
    limits,
};

/// Starts a game of the definition in the `definition` option (its text, canonical or as a
/// person wrote it), from its start or from the `position` option's board.
pub(crate) fn new_game(options: &Options) -> Result<Box<dyn Game>, SetupError> {
    let text = options.get("definition").ok_or_else(|| {
        SetupError(
            "a defined variant starts from its definition: name a variant of this server".into(),
        )
    })?;
    let variant = compiled(&pack(&super::parse(text).map_err(setup_error)?))?;
    let board = match options.get("position") {
        Some(position) => position.split('|').next().unwrap_or("").to_string(),
        None => variant.rules.start_position.clone(),
    };
    game_at(variant, &board)
}

/// Loads a game from a position string written by [`crate::Game::position_text`]: the board,
/// then the definition it was played with.
pub(crate) fn load(text: &str) -> Result<Box<dyn Game>, SetupError> {
    if let Some(found) = limits::over(text, limits::DEFINED_POSITION) {
        return Err(SetupError(format!(
            "the position string has {found} characters; a defined variant's has at most {}",
            limits::DEFINED_POSITION
        )));
    }
    let (board, packed) = text.split_once('|').ok_or_else(|| {
        SetupError("this position string carries no definition after its board".into())
    })?;
    game_at(compiled(packed)?, board)
}

/// The name of the defined variant whose position string this is, read without compiling
/// it; `None` when the string carries no readable definition.
pub fn variant_name(position: &str) -> Option<String> {
    let (_, packed) = position.split_once('|')?;
    let heading = packed.split('|').next()?.trim();
    let inner = heading.strip_prefix('[')?.strip_suffix(']')?;
    let name = inner.split(':').next()?.trim();
    (!name.is_empty()).then(|| name.to_string())
}

pub use super::compiled::pack;

fn game_at(variant: Arc<Variant>, board: &str) -> Result<Box<dyn Game>, SetupError> {
    Position::from_text(variant, board)
        .map(|p| Box::new(ChessLike::game(p)) as Box<dyn Game>)
        .map_err(|e| SetupError(e.to_string()))
}

/// The compiled variant of a packed definition (see [`shared`]).
fn compiled(packed: &str) -> Result<Arc<Variant>, SetupError> {
    if let Some(variant) = super::compiled::in_cache(packed) {
        return Ok(variant);
    }
    let definition = super::parse(&packed.replace('|', "\n")).map_err(setup_error)?;
    definition.compile().map_err(setup_error)
}

fn setup_error(e: DefinitionError) -> SetupError {
    SetupError(e.to_string())
}
