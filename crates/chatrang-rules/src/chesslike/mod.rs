//! The engine shared by the games that play like chess with fairy pieces: orthodox chess,
//! Cataclysm and the Pick-a-team family. A variant is data (board, XBetza pieces, rule
//! switches); the engine compiles it once and generates legal moves from tables.

mod attack;
pub(crate) mod board;
pub(crate) mod cell;
pub(crate) mod eval;
pub(crate) mod exposure;
pub(crate) mod fen;
pub(crate) mod game;
pub(crate) mod movegen;
pub(crate) mod moves;
pub mod notation;
pub(crate) mod perft;
pub(crate) mod piece;
pub(crate) mod position;
pub mod san;
pub mod special;
mod tables;
mod values;
pub mod variant;

pub use board::Board;
pub use fen::{FenError, Setup};
pub use game::{ChessLike, ChessLikeGame};
pub use movegen::MoveSink;
pub use moves::{Move, MoveKind};
pub use piece::{PieceType, PromotionRule, TypeId};
pub use position::{PlayError, Position, PositionError};
pub use values::EvalTables;
pub use variant::{RightsKind, Variant, VariantError, VariantRules};
