//! Catalonia (`docs/rules.md` §5.1): every piece in the movement phase, from the middle and an
//! edge, with pits (`*`) and pieces in the way. Pieces move only onto empty squares that are not
//! pits; slides never cross a pit or a piece, leaps pass over both.

use chatrang_rules::{Color, GameId};

use super::{Row, check, load};
use crate::helpers::board;

/// Turn 1 of 15, random mode, the row's side to move (Black as the second mover).
fn catalonia(rows: &[Row]) {
    check(
        |pieces: &str, side: Color| {
            let field = board(8, 8, pieces);
            let phase = match side {
                Color::White => "white-moves",
                Color::Black => "black-moves-second",
            };
            load(
                GameId::Catalonia,
                &format!("{field} 1/15 random 0000000000000000 {phase} - -"),
            )
        },
        rows,
    );
}

/// The Knight: a knight leap onto an empty square that is not a pit.
#[test]
fn knight_leaps_over_pieces_and_pits_onto_empty_squares() {
    catalonia(&[
        ("N:d4", "", "e6  f5  f3  e2  c2  b3  b5  c6"),
        ("N:a1", "", "b3  c2"),
        ("N:h5", "", "g3  f4  f6  g7"),
        // Leaps over d5, e5 and e4; never onto the pit e6 or the piece on f5.
        ("N:d4", "*:e6 p:f5 *:d5 P:e5 *:e4", "f3  e2  c2  b3  b5  c6"),
    ]);
}

/// The Bishop: a bishop slide over empty squares, never across a pit.
#[test]
fn bishop_slides_diagonally_and_never_across_a_pit() {
    catalonia(&[
        ("B:d4", "", "e5 f6 g7 h8  e3 f2 g1  c3 b2 a1  c5 b6 a7"),
        ("B:a5", "", "b6 c7 d8  b4 c3 d2 e1"),
        // Stopped short of the pits f6 and c5 and of the piece on b2 (no captures).
        ("B:d4", "*:f6 p:b2 *:c5", "e5  e3 f2 g1  c3"),
    ]);
}

/// The Lady: a queen slide over empty squares, never across a pit.
#[test]
fn lady_slides_like_a_queen_and_never_across_a_pit() {
    catalonia(&[
        (
            "L:d4",
            "",
            "d5 d6 d7 d8  e5 f6 g7 h8  e4 f4 g4 h4  e3 f2 g1  d3 d2 d1  c3 b2 a1  c4 b4 a4  \
             c5 b6 a7",
        ),
        (
            "L:a5",
            "",
            "a6 a7 a8  b6 c7 d8  b5 c5 d5 e5 f5 g5 h5  b4 c3 d2 e1  a4 a3 a2 a1",
        ),
        // Stopped short of the pits d6, e3, c5 and of the pieces on f4 and b4.
        (
            "L:d4",
            "*:d6 p:f4 *:e3 P:b4 *:c5",
            "d5  e5 f6 g7 h8  e4  d3 d2 d1  c3 b2 a1  c4",
        ),
    ]);
}

/// The Gentleman (KAD): a king step, or an alfil or dabbaba leap over anything.
#[test]
fn gentleman_steps_or_leaps_two_squares_straight_or_diagonally() {
    catalonia(&[
        (
            "G:d4",
            "",
            "d5 d6  e5 f6  e4 f4  e3 f2  d3 d2  c3 b2  c4 b4  c5 b6",
        ),
        ("G:a1", "", "a2 a3  b2 c3  b1 c1"),
        ("G:h5", "", "h6 h7  h4 h3  g4 f3  g5 f5  g6 f7"),
        // Steps: not onto the pit d5 or the pieces on e3 and c4. Leaps: over e3 to f2 and over d5
        // and c4 alike, but never onto the piece on d6 or the pits f6 and b4.
        (
            "G:d4",
            "*:d5 p:d6 *:f6 P:e3 *:b4 p:c4",
            "e5  e4 f4  f2  d3 d2  c3 b2  c5 b6",
        ),
    ]);
}

/// The Peasant: one step forward or back; two forward from its 2nd rank to its 4th or back
/// from its 4th to its 2nd, over an empty square; never onto its last rank.
#[test]
fn peasant_steps_forward_or_back_and_double_steps_between_its_2nd_and_4th_ranks() {
    catalonia(&[
        ("P:d2", "", "d3 d4  d1"),
        ("P:d3", "", "d4  d2"),
        ("P:d4", "", "d5  d3 d2"),
        // Back on its own first rank: forward only (no double step from there).
        ("P:d1", "", "d2"),
        // Never onto rank 8.
        ("P:d7", "", "d6"),
        ("P:a2", "", "a3 a4  a1"),
        // A pit blocks both the step and the double step.
        ("P:d2", "*:d3", "d1"),
        // A piece behind blocks the step back and the double step back.
        ("P:d4", "p:d3", "d5"),
        // The double step back may not land on a pit.
        ("P:d4", "*:d2", "d5  d3"),
        // Black, forward is down: from its 2nd rank (7) to its 4th (5).
        ("p:e7", "", "e8  e6 e5"),
        // Black on its 4th rank: back two to e7.
        ("p:e5", "", "e6 e7  e4"),
        // Never onto rank 1.
        ("p:e2", "", "e3"),
        ("p:e8", "", "e7"),
        ("p:h7", "*:h6", "h8"),
    ]);
}
