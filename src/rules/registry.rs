//! Where games are created and loaded by id. Adding a game means adding its arms here; nothing
//! outside the rules needs to change. The matches are exhaustive, so a new `GameId` cannot be
//! forgotten.

use super::{
    Game, GameId, OptionSpec, Options, SetupError, cataclysm, catalonia, chess,
    chesslike::{ChessLikeGame, Position},
    chromopolis, katarenga, picka,
};

/// Starts a new game. `seed` feeds every random choice the game makes (boards, dice), so the
/// same seed and options always give the same game.
pub fn new_game(id: GameId, options: &Options, seed: u64) -> Result<Box<dyn Game>, SetupError> {
    let is_picka = matches!(
        id,
        GameId::PickATeam | GameId::PickATeamV2 | GameId::Patch | GameId::EasyPatch
    );
    // Pick-a-team reads its own `position` together with the armies.
    if !is_picka && let Some(text) = options.get("position") {
        return load(id, text);
    }
    match id {
        GameId::PickATeam | GameId::PickATeamV2 | GameId::Patch | GameId::EasyPatch => {
            picka::new_game(id, options)
        }
        GameId::Chess => Ok(Box::new(ChessLikeGame::new(Position::start(
            chess::variant(),
        )))),
        GameId::Cataclysm => Ok(Box::new(ChessLikeGame::new(Position::start(
            cataclysm::variant(),
        )))),
        GameId::Katarenga => Ok(Box::new(katarenga::new_game(options, seed)?)),
        GameId::Chromopolis => Ok(Box::new(chromopolis::ChromopolisGame::start())),
        GameId::Catalonia => catalonia::new_game(options, seed),
    }
}

/// Loads a game from a position string written by [`Game::position_text`].
pub fn load(id: GameId, text: &str) -> Result<Box<dyn Game>, SetupError> {
    let chess_like = |variant| {
        Position::from_text(variant, text)
            .map(|p| Box::new(ChessLikeGame::new(p)) as Box<dyn Game>)
            .map_err(|e| SetupError(e.to_string()))
    };
    match id {
        GameId::Chess => chess_like(chess::variant()),
        GameId::Cataclysm => chess_like(cataclysm::variant()),
        GameId::PickATeam | GameId::PickATeamV2 | GameId::Patch | GameId::EasyPatch => {
            picka::load(id, text)
        }
        GameId::Katarenga => Ok(Box::new(katarenga::load(text)?)),
        GameId::Chromopolis => Ok(Box::new(chromopolis::load(text)?)),
        GameId::Catalonia => catalonia::load(text),
    }
}

/// The options a game accepts when it starts.
pub fn option_specs(id: GameId) -> &'static [OptionSpec] {
    const POSITION: OptionSpec = OptionSpec {
        name: "position",
        description: "start from this position string instead of the usual setup",
    };
    match id {
        GameId::Chess | GameId::Cataclysm | GameId::Chromopolis => &[POSITION],
        GameId::Katarenga => &[
            OptionSpec {
                name: "board",
                description: "the board code (4 characters, such as AJS2); random when absent",
            },
            OptionSpec {
                name: "baseline",
                description: "Black's baseline chosen in advance (north, east, south or west); the return game of a match uses it",
            },
            POSITION,
        ],
        GameId::PickATeam | GameId::PickATeamV2 | GameId::Patch | GameId::EasyPatch => {
            picka::option_specs(id)
        }
        GameId::Catalonia => &catalonia::OPTIONS,
    }
}

/// The rules summary shown by `/help`.
pub fn help(id: GameId) -> &'static str {
    match id {
        GameId::Chess => chess::HELP,
        GameId::Cataclysm => cataclysm::HELP,
        GameId::Katarenga => katarenga::HELP,
        GameId::Chromopolis => chromopolis::HELP,
        GameId::PickATeam | GameId::PickATeamV2 | GameId::Patch | GameId::EasyPatch => {
            picka::help(id)
        }
        GameId::Catalonia => catalonia::HELP,
    }
}
