//! The engine shared by the games that play like chess with fairy pieces: orthodox chess,
//! Cataclysm and the Pick-a-team family. A variant is data (board, XBetza pieces, rule
//! switches); the engine compiles it once and generates legal moves from tables.

mod attack;
pub mod board;
pub mod cell;
pub mod eval;
pub mod exposure;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
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
