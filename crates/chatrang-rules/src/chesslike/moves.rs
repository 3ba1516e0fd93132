//! Moves of the chess-like games.

use super::piece::TypeId;
use crate::Square;

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum MoveKind {
    /// A move or capture, possibly promoting.
    Normal,
    /// A pawn's two-square first move, which may be taken en passant.
    DoubleStep,
    /// Capture of the pawn on `victim` by moving to the square it passed.
    EnPassant { victim: Square },
    /// Orthodox castling: the king goes from `from` to `to`, the rook as given.
    Castle { rook_from: Square, rook_to: Square },
    /// Cataclysm: a second unmoved pawn advances one square too.
    TwoPawn { from2: Square, to2: Square },
}

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub(crate) promotion: Option<TypeId>,
    pub(crate) kind: MoveKind,
}

impl Move {
    pub(crate) const fn normal(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            promotion: None,
            kind: MoveKind::Normal,
        }
    }
}
