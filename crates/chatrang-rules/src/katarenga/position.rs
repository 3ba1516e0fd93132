//! A Katarenga position: the board, the pawns, the camps, whose turn it is (or that Black is
//! still choosing a baseline), and which sides have not yet made their first move.

use super::board::{Arrangement, Hue};
use std::sync::OnceLock;

use crate::{ByColor, Color, Geometry, Square};

/// An edge of the board as it is shown before Black chooses (north = the rank 8 edge).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Edge {
    /// North.
    North,
    /// East.
    East,
    /// South.
    South,
    /// West.
    West,
}

impl Edge {
    pub(crate) const ALL: [Edge; 4] = [Edge::North, Edge::East, Edge::South, Edge::West];

    pub(crate) const fn name(self) -> &'static str {
        match self {
            Edge::North => "north",
            Edge::East => "east",
            Edge::South => "south",
            Edge::West => "west",
        }
    }

    /// Reads `north`, `n`, `top`, … in any letter case.
    pub(crate) fn parse(text: &str) -> Option<Edge> {
        match text.trim().to_ascii_lowercase().as_str() {
            "north" | "n" | "top" => Some(Edge::North),
            "east" | "e" | "right" => Some(Edge::East),
            "south" | "s" | "bottom" => Some(Edge::South),
            "west" | "w" | "left" => Some(Edge::West),
            _ => None,
        }
    }

    /// Quarter-turns clockwise that bring this edge to the top of the board.
    pub(crate) const fn turns_to_top(self) -> u8 {
        match self {
            Edge::North => 0,
            Edge::East => 3,
            Edge::South => 2,
            Edge::West => 1,
        }
    }
}

/// Whose decision or move it is.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Phase {
    /// Black is choosing which edge is their baseline; no pawns are on the board yet.
    ChooseBaseline,
    /// A side's turn.
    Turn(Color),
}

/// The two camps a side's pawns are trying to reach: `[beside the a-file corner, beside the
/// h-file corner]` of the opponent's baseline.
pub(crate) type Camps = [bool; 2];

#[derive(Clone, Debug, Eq, PartialEq, Hash)]
/// A Katarenga position: the board, the pieces and whose turn it is.
pub struct Position {
    pub(crate) arrangement: Arrangement,
    pub(crate) hues: [Hue; 64],
    /// Pawns on the board, indexed `rank * 8 + file`.
    pub cells: [Option<Color>; 64],
    /// What is being decided now.
    pub phase: Phase,
    /// The camps each side's pawns occupy (White's are beyond a8 and h8, Black's beyond a1 and
    /// h1, after Black's baseline has been turned to the top).
    pub(crate) camps: ByColor<Camps>,
    /// True until that side has made its first move (which may not capture).
    pub(crate) first_move_due: ByColor<bool>,
    /// Starts at 1 and goes up after each Black turn, as in chess.
    pub(crate) fullmove: u32,
}

/// A compact, exact summary of everything that decides what may happen next: used for
/// threefold repetition.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Key {
    white: u64,
    black: u64,
    extra: u8,
}

impl Position {
    /// A new game on this board, before Black's choice of baseline.
    pub fn new(arrangement: Arrangement) -> Position {
        Position {
            arrangement,
            hues: arrangement.hues(),
            cells: [None; 64],
            phase: Phase::ChooseBaseline,
            camps: ByColor::new([false; 2], [false; 2]),
            first_move_due: ByColor::new(true, true),
            fullmove: 1,
        }
    }

    /// The rank each side must reach: Black's baseline (rank 8) for White, rank 1 for Black.
    pub(crate) const fn target_rank(color: Color) -> usize {
        match color {
            Color::White => 7,
            Color::Black => 0,
        }
    }

    pub(crate) fn pawns_on_board(&self, color: Color) -> usize {
        self.cells.iter().filter(|&&c| c == Some(color)).count()
    }

    pub(crate) fn camped(&self, color: Color) -> usize {
        self.camps[color].iter().filter(|&&c| c).count()
    }

    /// Pawns the side still has, on the board and in camp together.
    pub(crate) fn pawns_left(&self, color: Color) -> usize {
        self.pawns_on_board(color) + self.camped(color)
    }

    pub(crate) fn key(&self) -> Key {
        let mask = |color| {
            self.cells
                .iter()
                .enumerate()
                .filter(|&(_, &c)| c == Some(color))
                .fold(0u64, |m, (i, _)| m | 1 << i)
        };
        let side = match self.phase {
            Phase::ChooseBaseline => 0,
            Phase::Turn(Color::White) => 1,
            Phase::Turn(Color::Black) => 2,
        };
        let bits = [
            self.camps.white[0],
            self.camps.white[1],
            self.camps.black[0],
            self.camps.black[1],
            self.first_move_due.white,
            self.first_move_due.black,
        ];
        let extra = bits
            .iter()
            .enumerate()
            .fold(side, |e, (i, &b)| e | (u8::from(b) << (i + 2)));
        Key {
            white: mask(Color::White),
            black: mask(Color::Black),
            extra,
        }
    }
}

/// The 8×8 board; its index space (`rank * 8 + file`) numbers the cells of a position.
pub(crate) fn geometry() -> &'static Geometry {
    static GEOMETRY: OnceLock<Geometry> = OnceLock::new();
    GEOMETRY.get_or_init(|| Geometry::rectangle(8, 8).expect("8×8 is a board"))
}

/// The index of a square, if it is on the board.
pub(crate) fn index_of(square: Square) -> Option<usize> {
    geometry().index_of(square)
}

/// The square of an index below 64.
pub(crate) fn square_of(index: usize) -> Square {
    geometry().square_at(index).expect("index below 64")
}
