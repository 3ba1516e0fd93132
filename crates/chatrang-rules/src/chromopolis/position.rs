//! A Chromopolis position: unbound pieces (at most one a square), bound pieces (any number a
//! square, stacked), whose turn it is, the unbinding choices still owed, and the counters of the
//! 50-move rule.

use super::board::{Kind, Piece, geometry, tables};
use crate::{Color, Square};

/// Square indices (`rank * 16 + file`) of this board are all below this.
pub(crate) const CELLS: usize = 96;

#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) struct Position {
    /// The unbound piece on each square, by square index.
    pub(crate) board: [Option<Piece>; CELLS],
    /// Bound pieces with their squares, kept sorted so equal positions compare equal.
    pub(crate) bound: Vec<(Square, Piece)>,
    /// The side to move, or (with `pending`) the side finishing its turn.
    pub(crate) side: Color,
    /// Squares where the side to act must choose which of its bound pieces to unbind, in
    /// the order they will be asked (by square). The turn passes when it is empty.
    pub(crate) pending: Vec<Square>,
    /// Half-moves since the last binding, unbinding or pawn move.
    pub(crate) halfmove: u32,
    /// Starts at 1 and goes up after each Black turn.
    pub(crate) fullmove: u32,
}

/// What decides repetition: everything but the counters.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Key {
    board: [Option<Piece>; CELLS],
    bound: Vec<(Square, Piece)>,
    side: Color,
    pending: Vec<Square>,
}

impl Position {
    pub(crate) fn empty() -> Position {
        Position {
            board: [None; CELLS],
            bound: Vec::new(),
            side: Color::White,
            pending: Vec::new(),
            halfmove: 0,
            fullmove: 1,
        }
    }

    pub(crate) fn at(&self, square: Square) -> Option<Piece> {
        self.board.get(square.index()).copied().flatten()
    }

    pub(crate) fn set(&mut self, square: Square, piece: Option<Piece>) {
        self.board[square.index()] = piece;
    }

    /// The bound pieces on one square.
    pub(crate) fn bound_on(&self, square: Square) -> impl Iterator<Item = Piece> + '_ {
        self.bound
            .iter()
            .filter(move |(s, _)| *s == square)
            .map(|&(_, p)| p)
    }

    pub(crate) fn add_bound(&mut self, square: Square, piece: Piece) {
        let at = self.bound.partition_point(|&e| e <= (square, piece));
        self.bound.insert(at, (square, piece));
    }

    /// Removes one bound piece; false if there was none like it.
    pub(crate) fn remove_bound(&mut self, square: Square, piece: Piece) -> bool {
        match self.bound.iter().position(|&e| e == (square, piece)) {
            Some(i) => {
                self.bound.remove(i);
                true
            }
            None => false,
        }
    }

    /// The distinct kinds of `color`'s bound pieces on `square`, in kind order.
    pub(crate) fn bound_kinds(&self, square: Square, color: Color) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = self
            .bound_on(square)
            .filter(|p| p.color == color)
            .map(|p| p.kind)
            .collect();
        kinds.dedup();
        kinds
    }

    /// Unbound pieces with their squares, in square order.
    pub(crate) fn unbound(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        geometry()
            .squares()
            .filter_map(|s| self.at(s).map(|p| (s, p)))
    }

    /// How many of `color`'s unbound pieces apply force to each square.
    pub(crate) fn force_counts(&self, color: Color) -> [u8; CELLS] {
        let t = tables();
        let mut counts = [0u8; CELLS];
        for (from, piece) in self.unbound().filter(|(_, p)| p.color == color) {
            for to in t.force(color, piece.kind, from).iter() {
                counts[to.index()] += 1;
            }
        }
        counts
    }

    /// The side whose King is bound, if any (that side has lost).
    pub(crate) fn bound_king(&self) -> Option<Color> {
        self.bound
            .iter()
            .find(|(_, p)| p.kind == Kind::King)
            .map(|(_, p)| p.color)
    }

    pub(crate) fn key(&self) -> Key {
        Key {
            board: self.board,
            bound: self.bound.clone(),
            side: self.side,
            pending: self.pending.clone(),
        }
    }
}
