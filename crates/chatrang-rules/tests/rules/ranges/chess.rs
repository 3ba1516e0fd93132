//! Orthodox chess (`docs/rules.md` §7): each piece from the centre (d4), an edge and a corner, and
//! blocked.

use chatrang_rules::GameId;

use super::{Row, check, chess_like};

/// Where no row's piece reaches them.
const KINGS: &str = "K:b8 k:f8";

fn open(rows: &[Row]) {
    check(chess_like(GameId::Chess, 8, 8, KINGS, "-"), rows);
}

/// For the White King's own rows.
fn king_alone(rows: &[Row]) {
    check(chess_like(GameId::Chess, 8, 8, "k:h8", "-"), rows);
}

/// The King (castling is pinned by the chess rule tests).
#[test]
fn king_steps_one_square_any_way() {
    king_alone(&[
        ("K:d4", "", "d5  e5  e4  e3  d3  c3  c4  c5"),
        ("K:h1", "", "h2  g1  g2"),
        ("K:a5", "", "a6  b6  b5  b4  a4"),
    ]);
}

/// The Queen.
#[test]
fn queen_slides_along_ranks_files_and_diagonals() {
    open(&[
        (
            "Q:d4",
            "",
            "d5 d6 d7 d8  e5 f6 g7 h8  e4 f4 g4 h4  e3 f2 g1  d3 d2 d1  c3 b2 a1  c4 b4 a4  \
             c5 b6 a7",
        ),
        (
            "Q:a5",
            "",
            "a6 a7 a8  b6 c7 d8  b5 c5 d5 e5 f5 g5 h5  b4 c3 d2 e1  a4 a3 a2 a1",
        ),
        (
            "Q:h1",
            "",
            "h2 h3 h4 h5 h6 h7 h8  g1 f1 e1 d1 c1 b1 a1  g2 f3 e4 d5 c6 b7 a8",
        ),
        // Stopped short of its own pieces, takes the enemy ones.
        (
            "Q:d4",
            "P:d6 p:f6 P:b2 p:b4",
            "d5  e5 f6  e4 f4 g4 h4  e3 f2 g1  d3 d2 d1  c3  c4 b4  c5 b6 a7",
        ),
    ]);
}

/// The Rook.
#[test]
fn rook_slides_along_ranks_and_files() {
    open(&[
        ("R:d4", "", "d5 d6 d7 d8  e4 f4 g4 h4  d3 d2 d1  c4 b4 a4"),
        ("R:h1", "", "h2 h3 h4 h5 h6 h7 h8  g1 f1 e1 d1 c1 b1 a1"),
        // Stopped short of its own d6, takes b4.
        ("R:d4", "P:d6 p:b4", "d5  e4 f4 g4 h4  d3 d2 d1  c4 b4"),
    ]);
}

/// The Bishop.
#[test]
fn bishop_slides_along_diagonals() {
    open(&[
        ("B:d4", "", "e5 f6 g7 h8  e3 f2 g1  c3 b2 a1  c5 b6 a7"),
        ("B:a5", "", "b6 c7 d8  b4 c3 d2 e1"),
        // Stopped short of its own f6, takes b2.
        ("B:d4", "P:f6 p:b2", "e5  e3 f2 g1  c3 b2  c5 b6 a7"),
    ]);
}

/// The Knight.
#[test]
fn knight_leaps() {
    open(&[
        ("N:d4", "", "e6  f5  f3  e2  c2  b3  b5  c6"),
        ("N:a5", "", "b7  c6  c4  b3"),
        ("N:h1", "", "f2  g3"),
        // Leaps over a wall of its own pieces; not onto its own c6; takes e6.
        (
            "N:d4",
            "P:c6 p:e6 P:c4 P:d5 P:e5 P:e4 P:d3",
            "e6  f5  f3  e2  c2  b3  b5",
        ),
    ]);
}

/// The Pawn (en passant is pinned by the chess rule tests).
#[test]
fn pawn_steps_forward_two_from_its_first_square_and_captures_diagonally() {
    open(&[
        ("P:e2", "", "e3 e4"),
        ("P:e4", "", "e5"),
        // Both captures; e4 blocks the double step.
        ("P:e2", "p:d3 p:f3 p:e4", "e3  f3  d3"),
        // Blocked.
        ("P:e2", "p:e3", ""),
        ("P:a2", "p:b3", "a3 a4  b3"),
        // Onto the last rank (four promotion choices, one destination).
        ("P:h7", "", "h8"),
        ("p:e7", "", "e6 e5"),
        ("p:e7", "P:d6 P:f6", "f6  e6 e5  d6"),
    ]);
}
