//! Cataclysm (`docs/rules.md` §1.2–1.4) on its open 16×12 board: every piece from the centre (h6),
//! an edge and a corner, and each range limit of the Duke (Q3), Tiger (R4F) and Elephant (B4W)
//! reached exactly, cut by the edge and stopped by pieces.

use chatrang_rules::GameId;

use super::{Row, check, chess_like};

/// Where no row's piece reaches them.
const KINGS: &str = "K:o2 k:n11";

/// White to move unless the row's piece is Black; no King's leap.
fn open(rows: &[Row]) {
    check(chess_like(GameId::Cataclysm, 16, 12, KINGS, "-"), rows);
}

/// For the White King's own rows.
fn king_alone(rows: &[Row]) {
    check(chess_like(GameId::Cataclysm, 16, 12, "k:d11", "-"), rows);
}

/// The White King with its leap right (`K`).
fn unmoved_king(rows: &[Row]) {
    check(chess_like(GameId::Cataclysm, 16, 12, "k:n11", "K"), rows);
}

/// The King: one step in any direction (its leap is below).
#[test]
fn king_steps_one_square_any_way() {
    king_alone(&[
        ("K:h6", "", "h7  i7  i6  i5  h5  g5  g6  g7"),
        ("K:a1", "", "a2  b2  b1"),
        ("K:a6", "", "a7  b7  b6  b5  a5"),
        ("K:p12", "", "p11  o11  o12"),
    ]);
}

/// King's leap: an unmoved King not in check may also leap straight to a1 or p1, if empty.
#[test]
fn unmoved_king_may_also_leap_to_an_empty_corner_of_its_first_rank() {
    unmoved_king(&[
        ("K:i2", "", "i3  j3  j2  j1  i1  h1  h2  h3  a1  p1"),
        // Not onto its own Grand Rook, nor onto an enemy piece: the corner must be empty.
        ("K:i2", "G:a1 b:p1", "i3  j3  j2  j1  i1  h1  h2  h3"),
    ]);
}

/// The Queen, as in chess.
#[test]
fn queen_slides_any_distance_along_all_eight_lines() {
    open(&[
        // Centre: 7 squares west, 8 east, 5 south, 6 north and the four diagonals to the edge.
        (
            "Q:h6",
            "",
            "h7 h8 h9 h10 h11 h12  i7 j8 k9 l10 m11 n12  i6 j6 k6 l6 m6 n6 o6 p6  i5 j4 k3 l2 m1  \
             h5 h4 h3 h2 h1  g5 f4 e3 d2 c1  g6 f6 e6 d6 c6 b6 a6  g7 f8 e9 d10 c11 b12",
        ),
        (
            "Q:a6",
            "",
            "a7 a8 a9 a10 a11 a12  b7 c8 d9 e10 f11 g12  \
             b6 c6 d6 e6 f6 g6 h6 i6 j6 k6 l6 m6 n6 o6 p6  b5 c4 d3 e2 f1  a5 a4 a3 a2 a1",
        ),
        // Corner: the whole a file, rank 1 and the long diagonal to l12.
        (
            "Q:a1",
            "",
            "a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12  b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12  \
             b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1 o1 p1",
        ),
        // Own pieces stop short of themselves, enemy pieces are taken and stop the line.
        (
            "Q:h6",
            "P:h9 p:l10 P:e3 p:b6",
            "h7 h8  i7 j8 k9 l10  i6 j6 k6 l6 m6 n6 o6 p6  i5 j4 k3 l2 m1  h5 h4 h3 h2 h1  g5 f4  \
             g6 f6 e6 d6 c6 b6  g7 f8 e9 d10 c11 b12",
        ),
    ]);
}

/// The Rook, as in chess.
#[test]
fn rook_slides_along_ranks_and_files() {
    open(&[
        (
            "R:h6",
            "",
            "h7 h8 h9 h10 h11 h12  i6 j6 k6 l6 m6 n6 o6 p6  h5 h4 h3 h2 h1  g6 f6 e6 d6 c6 b6 a6",
        ),
        (
            "R:a1",
            "",
            "a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12  b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1 o1 p1",
        ),
        // Blocked by its own pawn on h9; takes on d6.
        (
            "R:h6",
            "P:h9 p:d6",
            "h7 h8  i6 j6 k6 l6 m6 n6 o6 p6  h5 h4 h3 h2 h1  g6 f6 e6 d6",
        ),
    ]);
}

/// The Bishop, as in chess.
#[test]
fn bishop_slides_along_diagonals() {
    open(&[
        (
            "B:h6",
            "",
            "i7 j8 k9 l10 m11 n12  i5 j4 k3 l2 m1  g5 f4 e3 d2 c1  g7 f8 e9 d10 c11 b12",
        ),
        ("B:a6", "", "b7 c8 d9 e10 f11 g12  b5 c4 d3 e2 f1"),
        // Corner: the long diagonal ends on l12, the 12th rank.
        ("B:a1", "", "b2 c3 d4 e5 f6 g7 h8 i9 j10 k11 l12"),
        // Blocked by its own pawn on j8; takes on e3.
        (
            "B:h6",
            "P:j8 p:e3",
            "i7  i5 j4 k3 l2 m1  g5 f4 e3  g7 f8 e9 d10 c11 b12",
        ),
    ]);
}

/// The Grand Rook: a rook, or captures like a Xiangqi cannon (exactly one screen of either colour).
#[test]
fn grand_rook_is_a_rook_that_also_captures_over_one_screen() {
    open(&[
        // Centre: with no screen, a plain rook.
        (
            "G:h6",
            "",
            "h7 h8 h9 h10 h11 h12  i6 j6 k6 l6 m6 n6 o6 p6  h5 h4 h3 h2 h1  g6 f6 e6 d6 c6 b6 a6",
        ),
        (
            "G:a1",
            "",
            "a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12  b1 c1 d1 e1 f1 g1 h1 i1 j1 k1 l1 m1 n1 o1 p1",
        ),
        // North: over its own h8, takes h11. West: takes e6, and over e6 takes b6. East: takes l6;
        // over l6 it finds only its own n6, and o6 is behind two screens. South: over h4, takes h2.
        (
            "G:h6",
            "P:h8 r:h11 p:e6 b:b6 p:l6 P:n6 b:o6 P:h4 b:h2",
            "h7 h11  i6 j6 k6 l6  h5 h2  g6 f6 e6 b6",
        ),
    ]);
}

/// The Sorceress: the 8 neighbours, and every square two king steps away through an empty
/// neighbour.
#[test]
fn sorceress_makes_one_or_two_king_steps_the_first_onto_an_empty_square() {
    open(&[
        // Centre: all 24 squares within two king steps.
        (
            "S:h6",
            "",
            "h7 h8  i8  i7 j8  j7  i6 j6  j5  i5 j4  i4  h5 h4  g4  g5 f4  f5  g6 f6  f7  g7 f8  \
             g8",
        ),
        ("S:a1", "", "a2 a3  b3  b2 c3  c2  b1 c1"),
        (
            "S:a6",
            "",
            "a7 a8  b8  b7 c8  c7  b6 c6  c5  b5 c4  b4  a5 a4",
        ),
        ("S:a12", "", "b12 c12  c11  b11 c10  b10  a11 a10"),
        // Own g6 and h7 are neither targets nor first steps; i6 is taken (ending the move), but h8
        // and f6 are still reached through empty neighbours, and i8 is taken on the second step.
        (
            "S:h6",
            "P:g6 P:h7 p:i6 p:i8",
            "h8  i8  i7 j8  j7  i6 j6  j5  i5 j4  i4  h5 h4  g4  g5 f4  f5  f6  f7  g7 f8  g8",
        ),
    ]);
}

/// The Duke (Q3).
#[test]
fn duke_is_a_queen_of_at_most_three_squares() {
    open(&[
        // Centre: exactly three squares along each of the eight lines.
        (
            "D:h6",
            "",
            "h7 h8 h9  i7 j8 k9  i6 j6 k6  i5 j4 k3  h5 h4 h3  g5 f4 e3  g6 f6 e6  g7 f8 e9",
        ),
        // Near the corner the edge cuts the south and west lines to one square.
        (
            "D:b2",
            "",
            "b3 b4 b5  c3 d4 e5  c2 d2 e2  c1  b1  a1  a2  a3",
        ),
        ("D:a12", "", "b12 c12 d12  b11 c10 d9  a11 a10 a9"),
        (
            "D:p6",
            "",
            "p7 p8 p9  p5 p4 p3  o5 n4 m3  o6 n6 m6  o7 n8 m9",
        ),
        // Takes h9, k9 and e3 at exactly three squares; d6 (four squares) is out of reach;
        // its own j4 leaves only i5 on that diagonal.
        (
            "D:h6",
            "p:h9 p:k9 p:d6 P:j4 p:e3",
            "h7 h8 h9  i7 j8 k9  i6 j6 k6  i5  h5 h4 h3  g5 f4 e3  g6 f6 e6  g7 f8 e9",
        ),
    ]);
}

/// The Tiger (R4F).
#[test]
fn tiger_is_a_rook_of_at_most_four_squares_or_one_diagonal_step() {
    open(&[
        // Centre: four squares along each rook line, one diagonal step each way.
        (
            "T:h6",
            "",
            "h7 h8 h9 h10  i7  i6 j6 k6 l6  i5  h5 h4 h3 h2  g5  g6 f6 e6 d6  g7",
        ),
        ("T:a1", "", "a2 a3 a4 a5  b2  b1 c1 d1 e1"),
        // The edge cuts the west line to two squares.
        (
            "T:c6",
            "",
            "c7 c8 c9 c10  d7  d6 e6 f6 g6  d5  c5 c4 c3 c2  b5  b6 a6  b7",
        ),
        ("T:p12", "", "p11 p10 p9 p8  o11  o12 n12 m12 l12"),
        // Takes h10 and l6 at exactly four squares; c6 (five squares) is out of reach;
        // its own h3 stops the south line at h4; takes g7 diagonally; its own i5 is not a target.
        (
            "T:h6",
            "p:h10 p:l6 P:h3 p:c6 p:g7 P:i5",
            "h7 h8 h9 h10  i7  i6 j6 k6 l6  h5 h4  g5  g6 f6 e6 d6  g7",
        ),
    ]);
}

/// The Elephant (B4W).
#[test]
fn elephant_is_a_bishop_of_at_most_four_squares_or_one_orthogonal_step() {
    open(&[
        // Centre: four squares along each diagonal, one orthogonal step each way.
        (
            "E:h6",
            "",
            "h7  i7 j8 k9 l10  i6  i5 j4 k3 l2  h5  g5 f4 e3 d2  g6  g7 f8 e9 d10",
        ),
        ("E:a1", "", "a2  b2 c3 d4 e5  b1"),
        // The edges cut the diagonals.
        (
            "E:b10",
            "",
            "b11  c11 d12  c10  c9 d8 e7 f6  b9  a9  a10  a11",
        ),
        ("E:p7", "", "p8  p6  o6 n5 m4 l3  o7  o8 n9 m10 l11"),
        // Takes h7 by a step and l2 at exactly four squares; m11 and c1 (five squares) are
        // out of reach; its own g6 and f8 stop a step and a diagonal.
        (
            "E:h6",
            "p:h7 P:g6 P:f8 b:l2 p:m11 b:c1",
            "h7  i7 j8 k9 l10  i6  i5 j4 k3 l2  h5  g5 f4 e3 d2  g7",
        ),
    ]);
}

/// The Centaur (KN): a king step or a knight leap; not royal.
#[test]
fn centaur_moves_as_a_knight_or_a_king() {
    open(&[
        // Centre: 8 king steps and 8 knight leaps.
        (
            "C:h6",
            "",
            "h7  i8  i7  j7  i6  j5  i5  i4  h5  g4  g5  f5  g6  f7  g7  g8",
        ),
        ("C:a1", "", "a2  b3  b2  c2  b1"),
        ("C:a6", "", "a7  b8  b7  c7  b6  c5  b5  b4  a5"),
        // Walled in by its own pieces it still leaps, but not onto its own f7; takes j5.
        (
            "C:h6",
            "P:g5 P:h5 P:i5 P:g6 P:i6 P:g7 P:h7 P:i7 P:f7 p:j5",
            "i8  j7  j5  i4  g4  f5  g8",
        ),
    ]);
}

/// The Pawn: one step forward, two from rank 4 over empty squares; captures diagonally forward.
#[test]
fn pawn_steps_forward_two_when_unmoved_and_captures_diagonally() {
    open(&[
        // Unmoved on rank 4.
        ("P:e4", "", "e5 e6"),
        // Moved.
        ("P:e5", "", "e6"),
        // Captures on both forward diagonals.
        ("P:e4", "p:d5 p:f5", "e5 e6  f5  d5"),
        // The double step needs both squares empty.
        ("P:e4", "p:e6", "e5"),
        // On the edge.
        ("P:a4", "p:b5", "a5 a6  b5"),
        // Onto rank 10 (a promotion choice, one destination).
        ("P:h9", "", "h10"),
        // Black, unmoved on rank 9.
        ("p:e9", "", "e8 e7"),
        // Black captures downwards; e7 blocks the double step.
        ("p:e9", "P:d8 P:f8 P:e7", "f8  e8  d8"),
    ]);
}
