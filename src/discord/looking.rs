//! The slash commands that look at a game without changing it: `/board` (turned, or in words),
//! `/pieces` and `/army`. Kept apart from `commands` so that file keeps to the commands that
//! act; each only turns Discord's options into a [`Command`].

use super::{Ctx, Error, autocomplete, call};
use crate::service::Command;

/// How `/board` shows the board, as a choice list.
#[derive(Copy, Clone, Debug, Eq, PartialEq, poise::ChoiceParameter)]
pub enum Look {
    #[name = "white: from White's side"]
    White,
    #[name = "black: from Black's side"]
    Black,
    #[name = "flip: turned round"]
    Flip,
    #[name = "text: in words, rank by rank"]
    Text,
}

impl Look {
    /// The word the service reads.
    fn word(self) -> &'static str {
        match self {
            Look::White => "white",
            Look::Black => "black",
            Look::Flip => "flip",
            Look::Text => "text",
        }
    }
}

/// One side, as a choice list (its own, so that this file does not import `commands`, which
/// lists these commands).
#[derive(Copy, Clone, Debug, Eq, PartialEq, poise::ChoiceParameter)]
pub enum Side {
    White,
    Black,
}

fn side_word(side: Option<Side>) -> String {
    match side {
        Some(Side::White) => "white".into(),
        Some(Side::Black) => "black".into(),
        None => String::new(),
    }
}

/// `/board`.
#[poise::command(slash_command)]
pub async fn board(
    ctx: Ctx<'_>,
    #[description = "From a side, turned round, or in words (text)"] view: Option<Look>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    let command = match view {
        None => Command::Board,
        Some(look) => Command::BoardAs(look.word().into()),
    };
    call::run(ctx, game, command).await.map(drop)
}

/// `/pieces`.
#[poise::command(slash_command)]
pub async fn pieces(
    ctx: Ctx<'_>,
    #[description = "One side (both when not given)"] side: Option<Side>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    call::run(ctx, game, Command::Pieces(side_word(side)))
        .await
        .map(drop)
}

/// `/army`.
#[poise::command(slash_command)]
pub async fn army(
    ctx: Ctx<'_>,
    #[description = "One side (both when not given)"] side: Option<Side>,
    #[description = "Game number (only needed outside the game's thread)"]
    #[autocomplete = "autocomplete::games"]
    game: Option<i64>,
) -> Result<(), Error> {
    call::run(ctx, game, Command::Army(side_word(side)))
        .await
        .map(drop)
}
