//! The engine shared by the games that play like chess with fairy pieces: orthodox chess,
//! Cataclysm and the Pick-a-team family. A variant is data (board, XBetza pieces, rule
//! switches); the engine compiles it once and generates legal moves from tables.
//!
//! The files, bottom to top; each uses only files listed before it:
//! 1. `piece`, `moves`, `cell`, `values`, `rights`: piece types, moves, the compact cell and
//!    step encoding, the evaluation tables' data, the bits of the castling rights.
//! 2. `tables`, `variant`: the compiled rays and probes, and the variant that owns them.
//! 3. `board`: the position state and making a move.
//! 4. `attack`, `exposure`, `special`, `movegen`: attacks and checks, pins, the special moves
//!    (castling, King's leap, two-pawn move), and legal move generation.
//! 5. `fen`, `royal_eval`, `eval`, `position`, `perft`: the position string, the evaluation
//!    (the royal piece's part in its own file), the position with its variant, perft.
//! 6. `reading`, `notation`, `san`, `game`: reading and writing moves (`reading` holds the
//!    forgiving forms and what a refusal says), and the game loop's rules.

mod attack;
pub(crate) mod board;
pub(crate) mod cell;
pub(crate) mod eval;
mod exchange;
pub(crate) mod exposure;
pub(crate) mod fen;
pub(crate) mod game;
pub(crate) mod movegen;
pub(crate) mod moves;
pub mod notation;
mod pawn_structure;
pub(crate) mod perft;
pub(crate) mod piece;
pub(crate) mod position;
mod reading;
pub(crate) mod rights;
mod royal_eval;
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
pub use variant::{
    CastlingFiles, DefinedLabel, EndRules, RightsKind, Stalemate, Variant, VariantError,
    VariantRules,
};
