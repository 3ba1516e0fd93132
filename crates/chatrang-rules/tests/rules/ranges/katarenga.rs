//! Katarenga (`docs/rules.md` §3.2): a pawn moves by the colour of the square it stands on. A pawn
//! on a square of each colour of board AJS2, in the middle and on an edge, with blockers, and on
//! the opponent's baseline (where it may also enter a camp, written `camp`). Captures are allowed
//! (neither side's first move is due).

use chatrang_rules::{Color, GameId};

use super::{Row, check, load, side_letter};
use crate::helpers::board;

/// Board AJS2 (Q1a, Q2a, Q3a, Q4a unturned), Black's baseline north:
/// ```text
/// 8 R Y B G R Y G B
/// 7 G R G B G Y R Y
/// 6 Y Y B R B B G R
/// 5 B G R Y Y R B G
/// 4 R G B Y R G B Y
/// 3 Y Y G R Y Y B R
/// 2 B B R G B G R G
/// 1 G R Y B G R Y B
///   a b c d e f g h
/// ```
/// Each side needs two pawns to play on; these stand where no row's pawn reaches them.
const OTHER_PAWNS: &str = "P:h1 P:g1 p:g8 p:h7";

fn board_ajs2(rows: &[Row]) {
    check(
        |pieces: &str, side: Color| {
            let field = board(8, 8, &format!("{OTHER_PAWNS} {pieces}"));
            load(
                GameId::Katarenga,
                &format!("AJS2 {field} {} ---- - 5", side_letter(side)),
            )
        },
        rows,
    );
}

/// Red: a rook slide that stops on the first red square it meets.
#[test]
fn red_square_slides_orthogonally_up_to_the_first_red_square() {
    board_ajs2(&[
        // e4: up to e8, the first red square north; to the edges east and south;
        // west to a4, red.
        ("P:e4", "", "e5 e6 e7 e8  f4 g4 h4  e3 e2 e1  d4 c4 b4 a4"),
        ("P:a4", "", "a5 a6 a7 a8  b4 c4 d4 e4  a3 a2 a1"),
        // Stopped short of its own e6; takes f4 and c4, ending those lines.
        ("P:e4", "P:e6 p:c4 p:f4", "e5  f4  e3 e2 e1  d4 c4"),
        // On Black's baseline: also into a camp.
        ("P:a8", "", "b8 c8 d8 e8  a7 a6 a5 a4  camp"),
        // A Black pawn on White's baseline: also into a camp.
        ("p:b1", "", "b2 b3 b4 b5 b6 b7  c1 d1 e1 f1  a1  camp"),
    ]);
}

/// Yellow: a bishop slide that stops on the first yellow square it meets.
#[test]
fn yellow_square_slides_diagonally_up_to_the_first_yellow_square() {
    board_ajs2(&[
        ("P:d4", "", "e5  e3  c3 b2 a1  c5 b6"),
        ("P:a6", "", "b7 c8  b5 c4 d3 e2 f1"),
        // Takes e5; stopped short of its own b2.
        ("P:d4", "p:e5 P:b2", "e5  e3  c3  c5 b6"),
        // Black, on a yellow square: the same lines.
        ("p:e5", "", "f6 g7 h8  f4 g3 h2  d4  d6 c7 b8"),
    ]);
}

/// Green: a knight leap, over any pawns.
#[test]
fn green_square_leaps_like_a_knight() {
    board_ajs2(&[
        ("P:f4", "", "g6  h5  h3  g2  e2  d3  d5  e6"),
        ("P:a1", "", "b3  c2"),
        // Leaps over e5 and f5; not onto its own g6 and d5; takes e2.
        ("P:f4", "P:g6 p:e2 P:d5 P:e5 P:f5", "h5  h3  g2  e2  d3  e6"),
    ]);
}

/// Blue: one king step.
#[test]
fn blue_square_steps_one_square_any_way() {
    board_ajs2(&[
        ("P:c4", "", "c5  d5  d4  d3  c3  b3  b4  b5"),
        ("P:a5", "", "a6  b6  b5  b4  a4"),
        // Not onto its own b5; takes d3.
        ("P:c4", "P:b5 p:d3", "c5  d5  d4  d3  c3  b3  b4"),
        // On Black's baseline: a step, a capture, or into a camp.
        ("P:c8", "p:d8", "d8  d7  c7  b7  b8  camp"),
    ]);
}
