//! Moves of the chess-like games.

use super::piece::TypeId;
use crate::Square;

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
/// What else a move does besides taking its piece from one square to another.
pub enum MoveKind {
    /// A move or capture, possibly promoting.
    Normal,
    /// A pawn's two-square first move, which may be taken en passant.
    DoubleStep,
    /// Capture of the pawn on `victim` by moving to the square it passed.
    /// Takes `victim`, the pawn that has just passed the target square.
    EnPassant {
        /// The square of the pawn taken.
        victim: Square,
    },
    /// Orthodox castling: the king goes from `from` to `to`, the rook as given.
    /// The King castles; the rook goes from `rook_from` to `rook_to`.
    Castle {
        /// Where the rook starts.
        rook_from: Square,
        /// Where the rook ends.
        rook_to: Square,
    },
    /// Cataclysm: a second unmoved pawn advances one square too.
    /// Cataclysm's two-pawn move: a second pawn goes from `from2` to `to2`.
    TwoPawn {
        /// Where the second pawn starts.
        from2: Square,
        /// Where the second pawn ends.
        to2: Square,
    },
}

#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
/// One move of a chess-like game.
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it ends.
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
