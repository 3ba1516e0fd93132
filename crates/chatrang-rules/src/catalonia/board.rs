//! The board: pieces and pits on 8×8 squares, and what follows from them alone: legal moves,
//! the defence graph, escape squares and trapped Peasants.

use super::{
    chain::{DefenceGraph, MAX_PIECES},
    pieces::{Kind, Piece, SIDE, defence_rays, geometry, may_enter, move_rays, slot, square_of},
};
use crate::{
    Color, Square, SquareSet,
    board_field::{self, CellCodec, FieldError, Holes},
};

#[derive(Clone, Debug, Eq, PartialEq, Hash)]
/// The Catalonia board: which piece stands on each square, and which squares are pits.
pub struct Board {
    cells: [Option<Piece>; 64],
    pits: SquareSet,
}

impl Default for Board {
    fn default() -> Board {
        Board::empty()
    }
}

impl Board {
    /// A board without pieces or pits.
    pub fn empty() -> Board {
        Board {
            cells: [None; 64],
            pits: SquareSet::EMPTY,
        }
    }

    /// The starting position: b1–g1 Knight, Bishop, Lady, Gentleman, Bishop, Knight, Peasants
    /// b2–g2, Black mirrored on ranks 8 and 7.
    pub fn start() -> Board {
        use Kind::*;
        let mut board = Board::empty();
        let back = [Knight, Bishop, Lady, Gentleman, Bishop, Knight];
        for (i, kind) in back.into_iter().enumerate() {
            let file = i as u8 + 1;
            for (color, back_rank, pawn_rank) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                board.put(sq(file, back_rank), Some(Piece::new(color, kind)));
                board.put(sq(file, pawn_rank), Some(Piece::new(color, Peasant)));
            }
        }
        board
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        if geometry().contains(square) {
            self.cells[slot(square)]
        } else {
            None
        }
    }

    /// Places or clears a piece; squares off the board are ignored.
    pub fn put(&mut self, square: Square, piece: Option<Piece>) {
        if geometry().contains(square) {
            self.cells[slot(square)] = piece;
        }
    }

    /// Whether a bomb has dug a pit here (no piece may stand on it).
    pub fn is_pit(&self, square: Square) -> bool {
        self.pits.contains(square)
    }

    /// Every pit on the board.
    pub fn pits(&self) -> SquareSet {
        self.pits
    }

    /// Digs a pit; a piece standing there is the caller's business.
    pub fn add_pit(&mut self, square: Square) {
        if geometry().contains(square) {
            self.pits.insert(square);
        }
    }

    /// On the board, without piece and without pit.
    pub(crate) fn is_free(&self, square: Square) -> bool {
        geometry().contains(square) && self.piece_at(square).is_none() && !self.is_pit(square)
    }

    /// Every piece, in square order (a1, b1, … h8).
    pub(crate) fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (square_of(i), p)))
    }

    /// How many pieces are on the board.
    pub fn piece_count(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// The squares of the pieces that the piece on `from` defends: along each ray, the first
    /// piece met; a pit stops a slider's defence (a leaper's single step just finds no piece).
    pub fn defended_by(&self, from: Square) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        let Some(piece) = self.piece_at(from) else {
            return out;
        };
        for ray in defence_rays(piece, from) {
            for step in &ray.steps {
                if self.is_pit(step.to) {
                    break;
                }
                if self.piece_at(step.to).is_some() {
                    out.insert(step.to);
                    break;
                }
            }
        }
        out
    }

    /// The squares the piece on `from` may move to. Nothing moves onto or across a pit or a
    /// piece, except leaps, which only need a free landing square.
    pub fn moves_from(&self, from: Square) -> Vec<Square> {
        let Some(piece) = self.piece_at(from) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for ray in move_rays(piece, from) {
            for step in &ray.steps {
                if !self.is_free(step.to) {
                    break;
                }
                if may_enter(piece, step.to) {
                    out.push(step.to);
                }
            }
        }
        if piece.kind == Kind::Peasant {
            out.extend(self.peasant_double_step(piece, from, false));
        }
        out
    }

    /// The Peasant's double step: forward from its 2nd rank to its 4th, backward from its 4th
    /// to its 2nd. Not a leap, so the middle square must be free, unless `as_leap` (escapes).
    fn peasant_double_step(&self, piece: Piece, from: Square, as_leap: bool) -> Option<Square> {
        let forward = piece.color.forward();
        let rel = geometry().relative_rank(from, piece.color);
        let dir = match rel {
            1 => forward,
            3 => -forward,
            _ => return None,
        };
        let middle = geometry().offset(from, 0, dir)?;
        let to = geometry().offset(from, 0, 2 * dir)?;
        ((as_leap || self.is_free(middle)) && self.is_free(to)).then_some(to)
    }

    /// Every legal move of `color`, as (from, to).
    pub(crate) fn legal_moves(&self, color: Color) -> Vec<(Square, Square)> {
        self.pieces()
            .filter(|(_, p)| p.color == color)
            .flat_map(|(from, _)| self.moves_from(from).into_iter().map(move |to| (from, to)))
            .collect()
    }

    /// Where `piece`, bombed out of `from`, could escape to: its move pattern with every move
    /// treated as a leap, landing only on free squares it may enter.
    pub fn escape_squares(&self, piece: Piece, from: Square) -> Vec<Square> {
        let mut out: Vec<Square> = move_rays(piece, from)
            .iter()
            .flat_map(|ray| ray.steps.iter().map(|s| s.to))
            .filter(|&to| self.is_free(to) && may_enter(piece, to))
            .collect();
        if piece.kind == Kind::Peasant {
            out.extend(self.peasant_double_step(piece, from, true));
        }
        out.sort();
        out.dedup();
        out
    }

    /// The defence graph of the pieces, numbered in square order, with the square of each.
    pub fn graph(&self) -> (DefenceGraph, Vec<Square>) {
        let squares: Vec<Square> = self.pieces().map(|(s, _)| s).take(MAX_PIECES).collect();
        let colors: Vec<Color> = self
            .pieces()
            .map(|(_, p)| p.color)
            .take(MAX_PIECES)
            .collect();
        let mut graph = DefenceGraph::new(&colors).expect("at most MAX_PIECES pieces");
        for (i, &from) in squares.iter().enumerate() {
            for to in self.defended_by(from).iter() {
                if let Some(j) = squares.iter().position(|&s| s == to) {
                    graph.add_edge(i, j);
                }
            }
        }
        (graph, squares)
    }

    /// The Peasants of `color` that may be removed as trapped: blocked forward and backward
    /// each by a pit, the board's edge or (forward) the last rank it may never enter. A piece
    /// in the way does not trap.
    pub fn trapped_peasants(&self, color: Color) -> Vec<Square> {
        let blocked = |from: Square, dir: i8| match geometry().offset(from, 0, dir) {
            None => true,
            Some(to) => self.is_pit(to) || !may_enter(Piece::new(color, Kind::Peasant), to),
        };
        self.pieces()
            .filter(|(_, p)| p.color == color && p.kind == Kind::Peasant)
            .map(|(s, _)| s)
            .filter(|&s| blocked(s, color.forward()) && blocked(s, -color.forward()))
            .collect()
    }

    /// The piece rows of the position string: rank 8 first, `/` between ranks, a digit for a
    /// run of empty squares and `*` for a pit.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for rank in (0..SIDE).rev() {
            let mut empty = 0;
            for file in 0..SIDE {
                let s = sq(file, rank);
                let c = if self.is_pit(s) {
                    Some('*')
                } else {
                    self.piece_at(s).map(Piece::letter)
                };
                match c {
                    Some(c) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// Reads [`Board::to_text`] back, checking the board's shape, the piece count and that no
    /// Peasant stands on its forbidden last rank.
    pub(crate) fn from_text(text: &str) -> Result<Board, BoardTextError> {
        let mut board = Board::empty();
        for (s, cell) in board_field::read(text, geometry(), Holes::Skipped, &Cells)? {
            match cell {
                None => board.add_pit(s),
                Some(piece) if !may_enter(piece, s) => {
                    return Err(BoardTextError::Forbidden {
                        piece: piece.describe(),
                        square: s,
                    });
                }
                Some(piece) => board.put(s, Some(piece)),
            }
        }
        if board.piece_count() > MAX_PIECES {
            return Err(BoardTextError::TooManyPieces(board.piece_count()));
        }
        Ok(board)
    }
}

/// Why the board field of a Catalonia position string cannot be read.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum BoardTextError {
    /// Too many or too few ranks or squares.
    #[error(transparent)]
    Shape(#[from] FieldError),
    #[error(
        "'{0}' is not a Catalonia piece; use N B L G P (black in lower case), * for a pit, digits for empty squares"
    )]
    /// A letter that is no Catalonia piece.
    UnknownPiece(char),
    /// A Peasant on the last rank it may never enter (the piece as people read it).
    #[error("a {piece} cannot stand on {square}")]
    /// A piece stands where it may not (on a pit, or off its colour).
    Forbidden {
        /// The piece concerned.
        piece: String,
        /// The square concerned.
        square: Square,
    },
    #[error("a Catalonia board holds at most {MAX_PIECES} pieces, this one {0}")]
    /// More pieces than the chain solver can hold.
    TooManyPieces(usize),
}

/// A Catalonia square: a piece letter (upper case White) or `*` for a pit (`None`).
struct Cells;

impl CellCodec for Cells {
    type Cell = Option<Piece>;
    type Error = BoardTextError;

    fn read(&self, _: Square, text: &str) -> Result<(Option<Piece>, usize), BoardTextError> {
        let c = text.chars().next().unwrap_or(' ');
        if c == '*' {
            return Ok((None, 1));
        }
        let piece = Piece::from_letter(c).ok_or(BoardTextError::UnknownPiece(c))?;
        Ok((Some(piece), c.len_utf8()))
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("on the 8×8 board")
}
