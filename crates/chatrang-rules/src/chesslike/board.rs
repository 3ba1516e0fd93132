//! The hot position state of a chess-like game: cells, side to move, rights, en passant and
//! clocks. `Copy`-sized and free of history, so search can copy-make it cheaply.

use super::{
    cell::{Cell, cell, cell_color, cell_type},
    moves::{Move, MoveKind},
    piece::TypeId,
    rights::{
        BLACK_KINGSIDE, BLACK_LEAP, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_LEAP, WHITE_QUEENSIDE,
    },
    variant::Variant,
};
use crate::{Color, Square, SquareSet};

#[derive(Clone, Debug, PartialEq, Eq)]
/// The board of a chess-like game: the cells, the side to move, the rights, en passant and the clocks.
pub struct Board {
    /// 256 squares plus one always-empty cell at [`NO_SQUARE`].
    pub(crate) cells: [Cell; 257],
    /// The side to move.
    pub side: Color,
    /// The royal piece's square per side (`None` when a side has none, as during a draft).
    pub royal: [Option<Square>; 2],
    pub(crate) rights: u8,
    /// The square a pawn just passed with its double step, and that pawn's square.
    pub ep: Option<(Square, Square)>,
    pub(crate) halfmove: u16,
    /// The move number, from 1, growing after Black's move.
    pub fullmove: u16,
    pub(crate) hash: u64,
    /// The squares holding a piece, per colour: move generation visits only these.
    pub(crate) occupied: [SquareSet; 2],
}

/// A fixed mixing function: the Zobrist key of any (what, where) pair, without a table.
#[inline]
pub(crate) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[inline]
fn piece_key(c: Cell, sq: usize) -> u64 {
    mix(((c as u64) << 9) | sq as u64)
}

const SIDE_KEY: u64 = 0x5A5A_1234_9876_F00D;

impl Board {
    /// A board without pieces, White to move.
    pub fn empty() -> Board {
        Board {
            cells: [0; 257],
            side: Color::White,
            royal: [None, None],
            rights: 0,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            occupied: [SquareSet::EMPTY; 2],
        }
    }

    #[inline]
    pub(crate) fn at(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// Who has won by the bare-king rule, where the variant plays it: as Fairy-Stockfish
    /// judges it, the side to move wins when the other side has only one piece left and it has
    /// two or more; it loses when it has one piece left and the other three or more (with
    /// exactly two, its move may take the other side's last piece but one, and play goes on).
    pub(crate) fn bare_king_winner(&self, v: &Variant) -> Option<Color> {
        if !v.rules.end.bare_king_loses {
            return None;
        }
        let us = self.side;
        let ours = self.occupied[us.index()].len();
        let theirs = self.occupied[us.other().index()].len();
        if theirs <= 1 && ours >= 2 {
            Some(us)
        } else if ours <= 1 && theirs >= 3 {
            Some(us.other())
        } else {
            None
        }
    }

    /// The colour and type of the piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<(Color, TypeId)> {
        let c = self.at(sq);
        (c != 0).then(|| (cell_color(c), cell_type(c)))
    }

    /// Puts a piece (or nothing) on a square, keeping royals and the hash right.
    pub fn set(&mut self, v: &Variant, sq: Square, piece: Option<(Color, TypeId)>) {
        let old = self.cells[sq.index()];
        if old != 0 {
            self.hash ^= piece_key(old, sq.index());
            self.occupied[cell_color(old).index()].remove(sq);
            if self.royal[cell_color(old).index()] == Some(sq) {
                self.royal[cell_color(old).index()] = None;
            }
        }
        let new = piece.map_or(0, |(c, t)| cell(c, t));
        self.cells[sq.index()] = new;
        if let Some((color, t)) = piece {
            self.hash ^= piece_key(new, sq.index());
            self.occupied[color.index()].insert(sq);
            if v.piece_type(t).royal {
                self.royal[color.index()] = Some(sq);
            }
        }
    }

    /// The hash of the whole state that matters for repetition.
    pub(crate) fn full_hash(&self) -> u64 {
        let mut h = self.hash ^ mix(0xABCD_0000 | self.rights as u64);
        if self.side == Color::Black {
            h ^= SIDE_KEY;
        }
        if let Some((ep, _)) = self.ep {
            h ^= mix(0xEEEE_0000 | ep.index() as u64);
        }
        h
    }

    /// The other side to move with nothing moved (the search's null move): no en passant,
    /// and the move count goes on as for a quiet move.
    pub(crate) fn pass(&mut self) {
        self.side = self.side.other();
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
    }

    /// Whether `side` has a piece other than its pawns and royal piece: without one, passing
    /// might be its best move (zugzwang), which a null move would miss.
    pub(crate) fn has_officers(&self, v: &Variant, side: Color) -> bool {
        self.occupied[side.index()].iter().any(|sq| {
            let t = v.piece_type(cell_type(self.cells[sq.index()]));
            !t.pawn && !t.royal
        })
    }

    /// Plays a move known to be pseudo-legal.
    pub fn make(&mut self, v: &Variant, m: Move) {
        let us = self.side;
        let moving = self.cells[m.from.index()];
        let captured = self.cells[m.to.index()];
        let t = cell_type(moving);
        let placed = m.promotion.map_or(moving, |p| cell(us, p));
        let irreversible = captured != 0 || v.piece_type(t).pawn;
        self.ep = None;
        match m.kind {
            MoveKind::Normal | MoveKind::DoubleStep => {
                self.move_cell(m.from, m.to, placed);
                if m.kind == MoveKind::DoubleStep && self.en_passant_possible(v, m.to, us.other()) {
                    let passed = Square::from_index(((m.from.index() + m.to.index()) / 2) as u8);
                    self.ep = Some((passed, m.to));
                }
            }
            MoveKind::EnPassant { victim } => {
                self.move_cell(m.from, m.to, placed);
                self.clear_cell(victim);
            }
            MoveKind::Castle { rook_from, rook_to } => {
                let rook = self.cells[rook_from.index()];
                self.clear_cell(rook_from);
                self.move_cell(m.from, m.to, placed);
                self.put_cell(rook_to, rook);
            }
            MoveKind::TwoPawn { from2, to2 } => {
                self.move_cell(m.from, m.to, placed);
                let second = self.cells[from2.index()];
                self.move_cell(from2, to2, second);
            }
        }
        if v.piece_type(t).royal {
            self.royal[us.index()] = Some(m.to);
            self.rights &= match us {
                Color::White => !(WHITE_KINGSIDE | WHITE_QUEENSIDE | WHITE_LEAP),
                Color::Black => !(BLACK_KINGSIDE | BLACK_QUEENSIDE | BLACK_LEAP),
            };
        }
        if captured != 0 && v.piece_type(cell_type(captured)).royal {
            self.royal[us.other().index()] = None;
        }
        if self.rights & 0x0F != 0 {
            self.rights &= v.castle_mask(m.from) & v.castle_mask(m.to);
        }
        self.halfmove = if irreversible || matches!(m.kind, MoveKind::EnPassant { .. }) {
            0
        } else {
            self.halfmove + 1
        };
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.other();
    }

    /// Whether a piece of `by` that can take en passant stands beside `pawn`. Only then is
    /// the en-passant square recorded, so that repetition compares what can really happen.
    pub(crate) fn en_passant_possible(&self, v: &Variant, pawn: Square, by: Color) -> bool {
        [-1, 1].into_iter().any(|dx| {
            v.geometry()
                .offset(pawn, dx, 0)
                .and_then(|s| self.piece_at(s))
                .is_some_and(|(c, t)| {
                    c == by && v.piece_type(t).betza.atoms.iter().any(|a| a.en_passant)
                })
        })
    }

    #[inline]
    fn move_cell(&mut self, from: Square, to: Square, placed: Cell) {
        self.clear_cell(from);
        self.put_cell(to, placed);
    }

    #[inline]
    fn clear_cell(&mut self, sq: Square) {
        let old = self.cells[sq.index()];
        if old != 0 {
            self.hash ^= piece_key(old, sq.index());
            self.occupied[cell_color(old).index()].remove(sq);
            self.cells[sq.index()] = 0;
        }
    }

    #[inline]
    fn put_cell(&mut self, sq: Square, c: Cell) {
        self.clear_cell(sq);
        self.cells[sq.index()] = c;
        self.hash ^= piece_key(c, sq.index());
        self.occupied[cell_color(c).index()].insert(sq);
    }
}
