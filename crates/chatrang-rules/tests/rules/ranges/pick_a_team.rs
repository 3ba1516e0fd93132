//! Pick-a-team chess, Version One (`docs/rules.md` §2.1): all 30 types of the pool on the 10×10
//! board, each from the centre (e5) and an edge or a corner; hoppers with their screens; every pawn
//! from its 1st, 2nd and 3rd ranks (the multi-steps), with enemies around it, and as Black.

use chatrang_rules::GameId;

use super::{Row, check, chess_like};

/// Where no row's piece reaches them.
const KINGS: &str = "K:j2 k:b10";

fn open(rows: &[Row]) {
    check(chess_like(GameId::PickATeam, 10, 10, KINGS, "-"), rows);
}

/// For the rows of White's royal piece.
fn royal_alone(rows: &[Row]) {
    check(chess_like(GameId::PickATeam, 10, 10, "k:b10", "-"), rows);
}

/// The King (royal).
#[test]
fn king_steps_one_square_any_way() {
    royal_alone(&[
        ("K:e5", "", "e6  f6  f5  f4  e4  d4  d5  d6"),
        ("K:a1", "", "a2  b2  b1"),
    ]);
}

/// The Royal Knight, White's royal in its rows.
#[test]
fn royal_knight_moves_as_a_knight() {
    royal_alone(&[
        ("[RN]:e5", "", "f7  g6  g4  f3  d3  c4  c6  d7"),
        ("[RN]:a1", "", "b3  c2"),
        ("[RN]:j5", "", "i3  h4  h6  i7"),
    ]);
}

/// The Queen.
#[test]
fn queen_slides_along_ranks_files_and_diagonals() {
    open(&[
        (
            "Q:e5",
            "",
            "e6 e7 e8 e9 e10  f6 g7 h8 i9 j10  f5 g5 h5 i5 j5  f4 g3 h2 i1  e4 e3 e2 e1  \
             d4 c3 b2 a1  d5 c5 b5 a5  d6 c7 b8 a9",
        ),
        (
            "Q:a5",
            "",
            "a6 a7 a8 a9 a10  b6 c7 d8 e9 f10  b5 c5 d5 e5 f5 g5 h5 i5 j5  b4 c3 d2 e1  \
             a4 a3 a2 a1",
        ),
    ]);
}

/// The Rook.
#[test]
fn rook_slides_along_ranks_and_files() {
    open(&[
        (
            "R:e5",
            "",
            "e6 e7 e8 e9 e10  f5 g5 h5 i5 j5  e4 e3 e2 e1  d5 c5 b5 a5",
        ),
        (
            "R:a1",
            "",
            "a2 a3 a4 a5 a6 a7 a8 a9 a10  b1 c1 d1 e1 f1 g1 h1 i1 j1",
        ),
        // Takes b5 but not the Blocking Prince on e8, which cannot be captured.
        (
            "R:e5",
            "[pr]:e8 p:b5",
            "e6 e7  f5 g5 h5 i5 j5  e4 e3 e2 e1  d5 c5 b5",
        ),
    ]);
}

/// The Knight.
#[test]
fn knight_leaps() {
    open(&[
        ("N:e5", "", "f7  g6  g4  f3  d3  c4  c6  d7"),
        ("N:a1", "", "b3  c2"),
    ]);
}

/// The Bishop.
#[test]
fn bishop_slides_along_diagonals() {
    open(&[
        (
            "B:e5",
            "",
            "f6 g7 h8 i9 j10  f4 g3 h2 i1  d4 c3 b2 a1  d6 c7 b8 a9",
        ),
        ("B:a5", "", "b6 c7 d8 e9 f10  b4 c3 d2 e1"),
    ]);
}

/// The Chinese Nightrider (nNN): each knight step needs its orthogonal neighbour square empty and
/// every landing square but the last empty.
#[test]
fn chinese_nightrider_repeats_knight_steps_that_pass_an_empty_orthogonal_square() {
    open(&[
        (
            "[CN]:e5",
            "",
            "f7 g9  g6 i7  g4 i3  f3 g1  d3 c1  c4 a3  c6 a7  d7 c9",
        ),
        ("[CN]:a1", "", "b3 c5 d7 e9  c2 e3 g4 i5"),
        // e6 blocks both steps towards rank 7; g6 is taken, ending that ride; its own f3 and c6
        // are not targets; h4 blocks the second step g4-i3.
        (
            "[CN]:e5",
            "P:e6 p:g6 P:f3 P:h4 P:c6",
            "g6  g4  d3 c1  c4 a3",
        ),
    ]);
}

/// The Pao (mRcpR).
#[test]
fn pao_moves_as_a_rook_and_captures_only_over_one_screen() {
    open(&[
        (
            "C:e5",
            "",
            "e6 e7 e8 e9 e10  f5 g5 h5 i5 j5  e4 e3 e2 e1  d5 c5 b5 a5",
        ),
        (
            "C:a1",
            "",
            "a2 a3 a4 a5 a6 a7 a8 a9 a10  b1 c1 d1 e1 f1 g1 h1 i1 j1",
        ),
        // North: over its own e7, takes e9. East: g5 is only a screen; over it, takes i5.
        // South: over e3, takes e2. West: over c5 finds its own b5; a5 is behind two screens.
        (
            "C:e5",
            "P:e7 p:e9 p:g5 p:i5 P:e3 p:e2 p:c5 P:b5 p:a5",
            "e6 e9  f5 i5  e4 e2  d5",
        ),
    ]);
}

/// The Blocking Prince (mK).
#[test]
fn blocking_prince_steps_one_square_and_never_captures() {
    open(&[
        ("[PR]:e5", "", "e6  f6  f5  f4  e4  d4  d5  d6"),
        ("[PR]:a1", "", "a2  b2  b1"),
        // Neither onto its own f6 nor onto the enemy e6 and d4.
        ("[PR]:e5", "p:e6 P:f6 p:d4", "f5  f4  e4  d5  d6"),
    ]);
}

/// The Grasshopper (gQ).
#[test]
fn grasshopper_lands_just_beyond_the_first_piece_on_a_queen_line() {
    open(&[
        // Without hurdles it cannot move.
        ("G:e5", "", ""),
        // Over e7 to e8, over g7 to h8, over g5 taking h5, over d5 to c5; not onto its own b2.
        (
            "G:e5",
            "P:e7 p:g7 P:g5 p:h5 p:c3 P:b2 p:d5",
            "e8  h8  h5  c5",
        ),
    ]);
}

/// Pawn (fmWfcF), Chinese Pawn (fW), Berolina Pawn (fmFfcW), fF-Pawn (fF).
///
/// Each type from the centre (e5), with enemies on the six squares ahead and behind (d6 e6 f6,
/// d4 e4 f4), from its 1st rank (e1: multi-steps of up to three), from its 2nd rank on the edge
/// (a2: up to three), from its 3rd rank (e3: up to two), and as Black from e6 (downwards).
#[test]
fn pawns_move_capture_and_multi_step_as_defined() {
    open(&[
        ("P:e5", "", "e6"),
        ("P:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  d6"),
        ("P:e1", "", "e2 e3 e4"),
        ("P:a2", "", "a3 a4 a5"),
        ("P:e3", "", "e4 e5"),
        ("p:e6", "", "e5"),
        ("[CP]:e5", "", "e6"),
        ("[CP]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6"),
        ("[CP]:e1", "", "e2 e3 e4"),
        ("[CP]:a2", "", "a3 a4 a5"),
        ("[CP]:e3", "", "e4 e5"),
        ("[cp]:e6", "", "e5"),
        ("[BP]:e5", "", "f6  d6"),
        ("[BP]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6"),
        ("[BP]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[BP]:a2", "", "b3 c4 d5"),
        ("[BP]:e3", "", "f4 g5  d4 c5"),
        ("[bp]:e6", "", "f5  d5"),
        ("[XP]:e5", "", "f6  d6"),
        ("[XP]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  d6"),
        ("[XP]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[XP]:a2", "", "b3 c4 d5"),
        ("[XP]:e3", "", "f4 g5  d4 c5"),
        ("[xp]:e6", "", "f5  d5"),
    ]);
}

/// The Mecklenburg Pawns move as the four pawns (only their promotion rank differs).
///
/// Each type from the centre (e5), with enemies on the six squares ahead and behind (d6 e6 f6,
/// d4 e4 f4), from its 1st rank (e1: multi-steps of up to three), from its 2nd rank on the edge
/// (a2: up to three), from its 3rd rank (e3: up to two), and as Black from e6 (downwards).
#[test]
fn mecklenburg_pawns_move_as_the_pawns() {
    open(&[
        ("[MP]:e5", "", "e6"),
        ("[MP]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  d6"),
        ("[MP]:e1", "", "e2 e3 e4"),
        ("[MP]:a2", "", "a3 a4 a5"),
        ("[MP]:e3", "", "e4 e5"),
        ("[mp]:e6", "", "e5"),
        ("[MC]:e5", "", "e6"),
        ("[MC]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6"),
        ("[MC]:e1", "", "e2 e3 e4"),
        ("[MC]:a2", "", "a3 a4 a5"),
        ("[MC]:e3", "", "e4 e5"),
        ("[mc]:e6", "", "e5"),
        ("[MB]:e5", "", "f6  d6"),
        ("[MB]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6"),
        ("[MB]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[MB]:a2", "", "b3 c4 d5"),
        ("[MB]:e3", "", "f4 g5  d4 c5"),
        ("[mb]:e6", "", "f5  d5"),
        ("[MX]:e5", "", "f6  d6"),
        ("[MX]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  d6"),
        ("[MX]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[MX]:a2", "", "b3 c4 d5"),
        ("[MX]:e3", "", "f4 g5  d4 c5"),
        ("[mx]:e6", "", "f5  d5"),
    ]);
}

/// The Defending Pawns: the four pawns plus bmR.
///
/// Each type from the centre (e5), with enemies on the six squares ahead and behind (d6 e6 f6,
/// d4 e4 f4), from its 1st rank (e1: multi-steps of up to three), from its 2nd rank on the edge
/// (a2: up to three), from its 3rd rank (e3: up to two), and as Black from e6 (downwards).
#[test]
fn defending_pawns_also_slide_straight_back_without_capturing() {
    open(&[
        ("[DP]:e5", "", "e6  e4 e3 e2 e1"),
        ("[DP]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  d6"),
        ("[DP]:e1", "", "e2 e3 e4"),
        ("[DP]:a2", "", "a3 a4 a5  a1"),
        ("[DP]:e3", "", "e4 e5  e2 e1"),
        ("[dp]:e6", "", "e7 e8 e9 e10  e5"),
        ("[DC]:e5", "", "e6  e4 e3 e2 e1"),
        ("[DC]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6"),
        ("[DC]:e1", "", "e2 e3 e4"),
        ("[DC]:a2", "", "a3 a4 a5  a1"),
        ("[DC]:e3", "", "e4 e5  e2 e1"),
        ("[dc]:e6", "", "e7 e8 e9 e10  e5"),
        ("[DB]:e5", "", "f6  e4 e3 e2 e1  d6"),
        ("[DB]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6"),
        ("[DB]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[DB]:a2", "", "b3 c4 d5  a1"),
        ("[DB]:e3", "", "f4 g5  e2 e1  d4 c5"),
        ("[db]:e6", "", "e7 e8 e9 e10  f5  d5"),
        ("[DX]:e5", "", "f6  e4 e3 e2 e1  d6"),
        ("[DX]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  d6"),
        ("[DX]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[DX]:a2", "", "b3 c4 d5  a1"),
        ("[DX]:e3", "", "f4 g5  e2 e1  d4 c5"),
        ("[dx]:e6", "", "e7 e8 e9 e10  f5  d5"),
    ]);
}

/// The Fish Pawns: the four pawns plus bW; their multi-steps go forwards only.
///
/// Each type from the centre (e5), with enemies on the six squares ahead and behind (d6 e6 f6,
/// d4 e4 f4), from its 1st rank (e1: multi-steps of up to three), from its 2nd rank on the edge
/// (a2: up to three), from its 3rd rank (e3: up to two), and as Black from e6 (downwards).
#[test]
fn fish_pawns_also_step_straight_back_moving_or_capturing() {
    open(&[
        ("[FP]:e5", "", "e6  e4"),
        ("[FP]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  e4  d6"),
        ("[FP]:e1", "", "e2 e3 e4"),
        ("[FP]:a2", "", "a3 a4 a5  a1"),
        ("[FP]:e3", "", "e4 e5  e2"),
        ("[fp]:e6", "", "e7  e5"),
        ("[FC]:e5", "", "e6  e4"),
        ("[FC]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6  e4"),
        ("[FC]:e1", "", "e2 e3 e4"),
        ("[FC]:a2", "", "a3 a4 a5  a1"),
        ("[FC]:e3", "", "e4 e5  e2"),
        ("[fc]:e6", "", "e7  e5"),
        ("[FB]:e5", "", "f6  e4  d6"),
        ("[FB]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "e6  e4"),
        ("[FB]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[FB]:a2", "", "b3 c4 d5  a1"),
        ("[FB]:e3", "", "f4 g5  e2  d4 c5"),
        ("[fb]:e6", "", "e7  f5  d5"),
        ("[FX]:e5", "", "f6  e4  d6"),
        ("[FX]:e5", "p:d6 p:e6 p:f6 p:d4 p:e4 p:f4", "f6  e4  d6"),
        ("[FX]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[FX]:a2", "", "b3 c4 d5  a1"),
        ("[FX]:e3", "", "f4 g5  e2  d4 c5"),
        ("[fx]:e6", "", "e7  f5  d5"),
    ]);
}

/// Onto the last rank, or a Mecklenburg pawn onto its 8th (promotion choices, one
/// destination).
#[test]
fn pawns_reach_their_promotion_rank() {
    open(&[("P:e9", "", "e10"), ("[MP]:e7", "", "e8")]);
}

/// The Japanese Spear (fR).
#[test]
fn japanese_spear_slides_straight_forward() {
    open(&[
        ("[JS]:e5", "", "e6 e7 e8 e9 e10"),
        ("[JS]:a1", "", "a2 a3 a4 a5 a6 a7 a8 a9 a10"),
        // Enemies on e8, g7 and c7.
        ("[JS]:e5", "p:e8 p:g7 p:c7", "e6 e7 e8"),
        // Black, downwards.
        ("[js]:e6", "", "e5 e4 e3 e2 e1"),
    ]);
}

/// The Arabic Spear (fmRfcB): moves as a forward rook, captures as a forward
/// bishop.
#[test]
fn arabic_spear_moves_straight_and_captures_diagonally_forward() {
    open(&[
        ("[AS]:e5", "", "e6 e7 e8 e9 e10"),
        ("[AS]:a1", "", "a2 a3 a4 a5 a6 a7 a8 a9 a10"),
        // Enemies on e8, g7 and c7.
        ("[AS]:e5", "p:e8 p:g7 p:c7", "e6 e7  g7  c7"),
        // Black, downwards.
        ("[as]:e6", "", "e5 e4 e3 e2 e1"),
    ]);
}

/// The Berolina Spear (fmBfcR): moves as a forward bishop, captures as a forward
/// rook.
#[test]
fn berolina_spear_moves_diagonally_and_captures_straight_forward() {
    open(&[
        ("[BS]:e5", "", "f6 g7 h8 i9 j10  d6 c7 b8 a9"),
        ("[BS]:a1", "", "b2 c3 d4 e5 f6 g7 h8 i9 j10"),
        // Enemies on e8, g7 and c7.
        ("[BS]:e5", "p:e8 p:g7 p:c7", "e8  f6  d6"),
        // Black, downwards.
        ("[bs]:e6", "", "f5 g4 h3 i2 j1  d5 c4 b3 a2"),
    ]);
}

/// The Diagonal Spear (fB).
#[test]
fn diagonal_spear_slides_diagonally_forward() {
    open(&[
        ("[DS]:e5", "", "f6 g7 h8 i9 j10  d6 c7 b8 a9"),
        ("[DS]:a1", "", "b2 c3 d4 e5 f6 g7 h8 i9 j10"),
        // Enemies on e8, g7 and c7.
        ("[DS]:e5", "p:e8 p:g7 p:c7", "f6 g7  d6 c7"),
        // Black, downwards.
        ("[ds]:e6", "", "f5 g4 h3 i2 j1  d5 c4 b3 a2"),
    ]);
}
