//! Catalonia (François Tremblay, 2010), the cooperative game: pieces defend each other in
//! chains, bombs dig pits, and everyone shares one score. See `docs/rules.md` §5.
//!
//! `pieces` and `board` hold the rules of the pieces; `graph` the defence graph; `chain` the
//! exact chain solver, with `search` and `table` its fast and its exact halves; `dice` the seeded dice and where an action's rolls come from; `position` and
//! `turn` the state and its turn machine; `notation` and `text` the words and the position
//! string; `picture` what a post draws; `game` the [`Game`] implementation; `help` the rules
//! summary.
//! `hard_graphs` are the solver's worst cases, for its tests and the bot's `bench catalonia`.

pub mod board;
pub mod chain;
pub mod dice;
pub mod game;
mod graph;
pub mod hard_graphs;
mod help;
pub mod notation;
pub(crate) mod partner;
mod picture;
pub mod pieces;
pub mod position;
pub(crate) mod review;
mod search;
mod table;
mod text;
mod turn;

pub use game::{Catalonia, CataloniaGame};
pub use help::{HELP, hint_outcome};
pub use position::{DEFAULT_TURNS, Phase, Position, TURN_RANGE, TurnRecord};
pub use text::PositionTextError;

use crate::{Game, OptionSpec, Options, SetupError};

/// The options a new game accepts.
pub(crate) const OPTIONS: [OptionSpec; 3] = [
    OptionSpec {
        name: "turns",
        description: "how many turns the game lasts, 5 to 30 (default 15)",
    },
    OptionSpec {
        name: "nonrandom",
        description: "true for the non-random variant: no dice, the players choose a piece of a longest chain as the bomb's target",
    },
    OptionSpec {
        name: "position",
        description: "start from this position string instead of the usual setup",
    },
];

/// A new game with these options; `seed` drives the dice.
pub(crate) fn new_game(options: &Options, seed: u64) -> Result<Box<dyn Game>, SetupError> {
    let limit = match options.get("turns") {
        None => DEFAULT_TURNS,
        Some(text) => text
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|t| TURN_RANGE.contains(t))
            .ok_or_else(|| {
                SetupError(format!(
                    "turns must be a whole number from 5 to 30, not \"{}\"",
                    text.chars().take(20).collect::<String>()
                ))
            })?,
    };
    let nonrandom = match options
        .get("nonrandom")
        .map(|t| t.trim().to_ascii_lowercase())
    {
        None => false,
        Some(t) if ["true", "yes", "on", "1"].contains(&t.as_str()) => true,
        Some(t) if ["false", "no", "off", "0"].contains(&t.as_str()) => false,
        Some(t) => {
            return Err(SetupError(format!(
                "nonrandom must be true or false, not \"{}\"",
                t.chars().take(20).collect::<String>()
            )));
        }
    };
    Ok(Box::new(Catalonia::game(Position::new(
        limit, !nonrandom, seed,
    ))))
}

/// Loads a game from its position string.
pub(crate) fn load(text: &str) -> Result<Box<dyn Game>, SetupError> {
    Position::from_text(text)
        .map(|p| Box::new(Catalonia::game(p)) as Box<dyn Game>)
        .map_err(|e| SetupError(e.to_string()))
}
