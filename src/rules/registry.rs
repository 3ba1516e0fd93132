//! Where games are created and loaded by id. Adding a game means adding its arms here; nothing
//! outside the rules needs to change.

use super::{
    Game, GameId, OptionSpec, Options, SetupError, cataclysm, catalonia, chess,
    chesslike::{ChessLikeGame, Position},
};

/// Starts a new game. `seed` feeds every random choice the game makes (boards, dice), so the
/// same seed and options always give the same game.
pub fn new_game(id: GameId, options: &Options, seed: u64) -> Result<Box<dyn Game>, SetupError> {
    let _ = seed;
    if let Some(text) = options.get("position") {
        return load(id, text);
    }
    match id {
        GameId::Chess => Ok(Box::new(ChessLikeGame::new(Position::start(
            chess::variant(),
        )))),
        GameId::Cataclysm => Ok(Box::new(ChessLikeGame::new(Position::start(
            cataclysm::variant(),
        )))),
        GameId::Catalonia => catalonia::new_game(options, seed),
        other => Err(not_yet(other)),
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
        GameId::Catalonia => catalonia::load(text),
        other => Err(not_yet(other)),
    }
}

/// The options a game accepts when it starts.
pub fn option_specs(id: GameId) -> &'static [OptionSpec] {
    const POSITION: OptionSpec = OptionSpec {
        name: "position",
        description: "start from this position string instead of the usual setup",
    };
    match id {
        GameId::Chess | GameId::Cataclysm => &[POSITION],
        GameId::Catalonia => &catalonia::OPTIONS,
        _ => &[],
    }
}

/// The rules summary shown by `/help`.
pub fn help(id: GameId) -> &'static str {
    match id {
        GameId::Chess => chess::HELP,
        GameId::Cataclysm => cataclysm::HELP,
        GameId::Catalonia => catalonia::HELP,
        _ => "This game is not available yet.",
    }
}

fn not_yet(id: GameId) -> SetupError {
    SetupError(format!("{} is not available yet", id.display_name()))
}
