//! The rules of every game Chatrang hosts: pure and deterministic (no I/O, no clock, no global
//! randomness). Vocabulary types first (squares, colours, board shapes, XBetza pieces), then
//! the shared chess-like engine, then one module per game. The bot and its pictures build on
//! this crate; it depends on nothing of theirs (its only dependencies are `rand`,
//! `rand_chacha` and `thiserror`).
//!
//! Every game is a row of the table of games ([`GAMES`]), named by its [`GameId`], and is
//! played through the one [`Game`] interface: read its position string, list its legal
//! actions, play one by its notation, ask the bot for a move.
//!
//! ```
//! use chatrang_rules::{Game, GameId, Options, Status};
//!
//! // Chess from its row of the table, with the usual options and seed 0.
//! let mut game = GameId::Chess.spec().start(&Options::default(), 0)?;
//! let actions = game.legal_actions();
//! assert_eq!(actions.len(), 20);
//! assert!(actions.iter().any(|a| a.notation == "e2e4"));
//!
//! let played = game.play("e2e4")?;
//! println!("{}", played.description);
//! assert!(matches!(game.status(), Status::Ongoing { .. }));
//!
//! // The position string reads back to the same position.
//! let text = game.position_text();
//! let again = chatrang_rules::registry::load(GameId::Chess, &text)?;
//! assert_eq!(again.position_text(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

mod best_turn;
mod board_edge;
pub mod board_field;
mod color;
mod game;
mod geometry;
mod piece;
mod square;
mod square_set;
mod view_moves;

pub mod cataclysm;
pub mod catalonia;
pub mod chess;
pub mod chesslike;
pub mod chromopolis;
pub mod custom;
pub mod katarenga;
pub mod kit;
pub mod limits;
pub mod move_table;
pub mod phrases;
pub mod picka;
pub mod registry;
pub mod score_sheet;
pub mod search;
pub mod typed;
pub mod xbetza;

pub use best_turn::BestTurn;
pub use board_edge::BoardEdge;
pub use color::{ByColor, Color};
pub use game::{
    Action, ActionError, Actor, BoardView, Chance, Game, GameId, Mark, OptionSpec, Options,
    Outcome, OutsideSlot, PieceInfo, PieceView, Played, Promotion, Rolls, RollsError, SetupError,
    Status, Tile, UnknownGame,
};
pub use geometry::{BoardSquareError, Geometry, GeometryError};
pub use piece::{Piece, PieceKind};
pub use registry::{GAMES, GameSpec};
pub use square::{MAX_SIDE, Square, SquareError, square_names, two_squares};
pub use square_set::SquareSet;
