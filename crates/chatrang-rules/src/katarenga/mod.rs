//! Katarenga (David Parlett, 2017): pawns move by the colour of their square on a board built
//! from four quarterboards, racing for the two enemy camps. See `docs/rules.md` §3.

pub mod board;
mod eval;
pub(crate) mod game;
pub(crate) mod help;
pub(crate) mod movegen;
pub(crate) mod notation;
pub(crate) mod position;
pub mod text;

pub use board::{Arrangement, BoardCodeError, Hue};
pub use game::{Katarenga, KatarengaGame};
pub use help::HELP;
pub use movegen::Move;
pub use position::{Edge, Phase, Position};

use crate::{OptionSpec, Options, SetupError};

/// The options a new game accepts.
pub(crate) const OPTIONS: [OptionSpec; 3] = [
    OptionSpec {
        name: "board",
        description: "the board code (4 characters, such as AJS2); random when absent",
    },
    OptionSpec {
        name: "baseline",
        description: "Black's baseline chosen in advance (north, east, south or west); the return game of a match uses it",
    },
    OptionSpec {
        name: "position",
        description: "start from this position string instead of the usual setup",
    },
];

/// Starts a game from the options `board` (a board code; random from `seed` when absent) and
/// `baseline` (Black's choice made in advance; asked in play when absent).
pub(crate) fn new_game(options: &Options, seed: u64) -> Result<KatarengaGame, SetupError> {
    let arrangement = match options.get("board") {
        Some(code) => Arrangement::parse(code).map_err(|e| SetupError(e.to_string()))?,
        None => Arrangement::random(seed),
    };
    let mut position = Position::new(arrangement);
    if let Some(edge) = options.get("baseline") {
        let edge = Edge::parse(edge).ok_or_else(|| {
            SetupError(format!(
                "the baseline must be north, east, south or west, not \"{}\"",
                edge.chars().take(20).collect::<String>()
            ))
        })?;
        if position.phase == Phase::ChooseBaseline {
            movegen::apply(&mut position, Move::Baseline(edge));
        }
    }
    Ok(Katarenga::game(position))
}

/// Loads a position string written by [`crate::Game::position_text`].
pub(crate) fn load(text: &str) -> Result<KatarengaGame, SetupError> {
    text::parse(text).map(Katarenga::game)
}

/// The options of the return game of a match (`docs/rules.md` §3.3, match play): the same board
/// with the colours swapped, the other player moving first. Since White always moves first here, the
/// service starts the return game with these options and the two players' colours swapped;
/// the position is then exactly the one White had at the start of the first game.
/// `position_text` is any position of the first game after Black's choice of baseline.
pub fn return_game_options(position_text: &str) -> Result<Options, SetupError> {
    let pos = text::parse(position_text)?;
    if pos.phase == Phase::ChooseBaseline {
        return Err(SetupError(
            "the return game needs the first game's baseline; Black has not chosen it yet".into(),
        ));
    }
    Ok(Options::default()
        .with("board", pos.arrangement.code())
        .with("baseline", Edge::North.name()))
}
