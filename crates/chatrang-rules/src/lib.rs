//! The rules of every game Chatrang hosts: pure and deterministic (no I/O, no clock, no global
//! randomness). Vocabulary types first (squares, colours, board shapes, XBetza pieces), then
//! the shared chess-like engine, then one module per game. The bot and its pictures build on
//! this crate; it depends on nothing of theirs (its only dependencies are `rand`,
//! `rand_chacha` and `thiserror`).

pub mod board_field;
mod color;
mod game;
mod geometry;
mod piece;
mod square;
mod square_set;

pub mod cataclysm;
pub mod catalonia;
pub mod chess;
pub mod chesslike;
pub mod chromopolis;
pub mod katarenga;
pub mod kit;
pub mod limits;
pub mod move_table;
pub mod picka;
pub mod registry;
pub mod search;
pub mod xbetza;

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
