//! The built-in example armies of Version Two (10×10), Patch and Easy Patch (8×8) (`docs/rules.md`
//! §2.2, `crates/chatrang-rules/src/picka/examples.rs`): every type of each game's pool, from the centre, an edge
//! and a corner, with blockers where the piece has lines or leaps to block; every pawn-family piece
//! from the ranks of its multi-steps, and as Black.

use chatrang_rules::GameId;

use super::{Row, check, chess_like};

/// The position strings carry no lists, so the games use their built-in examples.
fn v2(rows: &[Row]) {
    check(
        chess_like(GameId::PickATeamV2, 10, 10, "K:j2 k:b10", "-"),
        rows,
    );
}

fn v2_king(rows: &[Row]) {
    check(chess_like(GameId::PickATeamV2, 10, 10, "k:b10", "-"), rows);
}

fn patch(rows: &[Row]) {
    check(chess_like(GameId::Patch, 8, 8, "K:b8 k:f8", "-"), rows);
}

fn patch_king(rows: &[Row]) {
    check(chess_like(GameId::Patch, 8, 8, "k:a8", "-"), rows);
}

fn easy(rows: &[Row]) {
    check(chess_like(GameId::EasyPatch, 8, 8, "K:c8 k:e8", "-"), rows);
}

fn easy_king(rows: &[Row]) {
    check(chess_like(GameId::EasyPatch, 8, 8, "k:a8", "-"), rows);
}

/// Version Two: the royal King of both example lists.
#[test]
fn version_two_king_steps_one_square() {
    v2_king(&[
        ("K:e5", "", "e6  f6  f5  f4  e4  d4  d5  d6"),
        ("K:a1", "", "a2  b2  b1"),
    ]);
}

/// Version Two: Queen, Rook, Bishop and Knight.
#[test]
fn version_two_orthodox_pieces() {
    v2(&[
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
        (
            "R:e5",
            "",
            "e6 e7 e8 e9 e10  f5 g5 h5 i5 j5  e4 e3 e2 e1  d5 c5 b5 a5",
        ),
        (
            "R:a5",
            "",
            "a6 a7 a8 a9 a10  b5 c5 d5 e5 f5 g5 h5 i5 j5  a4 a3 a2 a1",
        ),
        (
            "B:e5",
            "",
            "f6 g7 h8 i9 j10  f4 g3 h2 i1  d4 c3 b2 a1  d6 c7 b8 a9",
        ),
        ("B:a5", "", "b6 c7 d8 e9 f10  b4 c3 d2 e1"),
        ("N:e5", "", "f7  g6  g4  f3  d3  c4  c6  d7"),
        ("N:a5", "", "b7  c6  c4  b3"),
    ]);
}

/// Version Two: Archbishop (BN), Chancellor (RN) and Centaur (KN).
#[test]
fn version_two_compound_pieces() {
    v2(&[
        (
            "A:e5",
            "",
            "f7  f6 g7 h8 i9 j10  g6  g4  f4 g3 h2 i1  f3  d3  d4 c3 b2 a1  c4  c6  d6 c7 b8 a9  \
             d7",
        ),
        ("A:a5", "", "b7  b6 c7 d8 e9 f10  c6  c4  b4 c3 d2 e1  b3"),
        ("A:a1", "", "b3  b2 c3 d4 e5 f6 g7 h8 i9 j10  c2"),
        (
            "C:e5",
            "",
            "e6 e7 e8 e9 e10  f7  g6  f5 g5 h5 i5 j5  g4  f3  e4 e3 e2 e1  d3  c4  d5 c5 b5 a5  \
             c6  d7",
        ),
        (
            "C:a5",
            "",
            "a6 a7 a8 a9 a10  b7  c6  b5 c5 d5 e5 f5 g5 h5 i5 j5  c4  b3  a4 a3 a2 a1",
        ),
        (
            "C:a1",
            "",
            "a2 a3 a4 a5 a6 a7 a8 a9 a10  b3  c2  b1 c1 d1 e1 f1 g1 h1 i1 j1",
        ),
        (
            "[CE]:e5",
            "",
            "e6  f7  f6  g6  f5  g4  f4  f3  e4  d3  d4  c4  d5  c6  d6  d7",
        ),
        ("[CE]:a5", "", "a6  b7  b6  c6  b5  c4  b4  b3  a4"),
        ("[CE]:a1", "", "a2  b3  b2  c2  b1"),
        // Own g7 and f7 stop a diagonal and a leap; takes c3 (ending that diagonal) and d3.
        (
            "A:e5",
            "P:g7 p:c3 P:f7 p:d3",
            "f6  g6  g4  f4 g3 h2 i1  f3  d3  d4 c3  c4  c6  d6 c7 b8 a9  d7",
        ),
        // Own e8 and f7 stop a file and a leap; takes b5 and d3.
        (
            "C:e5",
            "P:e8 p:b5 P:f7 p:d3",
            "e6 e7  g6  f5 g5 h5 i5 j5  g4  f3  e4 e3 e2 e1  d3  c4  d5 c5 b5  c6  d7",
        ),
    ]);
}

/// Version Two: Camel (C), Zebra (Z), Wazir, Ferz, Dabbaba, Alfil, Threeleaper (H), Tripper
/// (G), Elephant (FA), Alibaba (DA), Phoenix (WA) and Crab (ffNbsN, also as Black).
#[test]
fn version_two_leapers() {
    v2(&[
        ("L:e5", "", "f8  h6  h4  f2  d2  b4  b6  d8"),
        ("L:a5", "", "b8  d6  d4  b2"),
        ("L:a1", "", "b4  d2"),
        ("Z:e5", "", "g8  h7  h3  g2  c2  b3  b7  c8"),
        ("Z:a5", "", "c8  d7  d3  c2"),
        ("Z:a1", "", "c4  d3"),
        ("W:e5", "", "e6  f5  e4  d5"),
        ("W:a5", "", "a6  b5  a4"),
        ("W:a1", "", "a2  b1"),
        ("F:e5", "", "f6  f4  d4  d6"),
        ("F:a5", "", "b6  b4"),
        ("F:a1", "", "b2"),
        ("D:e5", "", "e7  g5  e3  c5"),
        ("D:a5", "", "a7  c5  a3"),
        ("D:a1", "", "a3  c1"),
        ("E:e5", "", "g7  g3  c3  c7"),
        ("E:a5", "", "c7  c3"),
        ("E:a1", "", "c3"),
        ("H:e5", "", "e8  h5  e2  b5"),
        ("H:a5", "", "a8  d5  a2"),
        ("H:a1", "", "a4  d1"),
        ("T:e5", "", "h8  h2  b2  b8"),
        ("T:a5", "", "d8  d2"),
        ("T:a1", "", "d4"),
        ("[EL]:e5", "", "f6 g7  f4 g3  d4 c3  d6 c7"),
        ("[EL]:a5", "", "b6 c7  b4 c3"),
        ("[EL]:a1", "", "b2 c3"),
        ("[AB]:e5", "", "e7  g7  g5  g3  e3  c3  c5  c7"),
        ("[AB]:a5", "", "a7  c7  c5  c3  a3"),
        ("[AB]:a1", "", "a3  c3  c1"),
        ("X:e5", "", "e6  g7  f5  g3  e4  c3  d5  c7"),
        ("X:a5", "", "a6  c7  b5  c3  a4"),
        ("X:a1", "", "a2  c3  b1"),
        ("[CR]:e5", "", "f7  g4  c4  d7"),
        ("[CR]:a5", "", "b7  c4"),
        ("[CR]:a1", "", "b3"),
        // The alfil leaps over d4 to take c3 and over f6, but not onto its own g7.
        ("[EL]:e5", "P:f6 p:d4 P:g7 p:c3", "f4 g3  d4 c3  d6 c7"),
        // Leaps over e6 but not onto its own e7 or g3; takes c5.
        ("[AB]:e5", "P:e6 P:e7 p:c5 P:g3", "g7  g5  e3  c3  c5  c7"),
        // A Black Crab: forwards is down.
        ("[cr]:e5", "", "g6  f3  d3  c6"),
        ("[cr]:a6", "", "c7  b4"),
    ]);
}

/// Version Two: the Nightrider (NN).
#[test]
fn version_two_nightrider() {
    v2(&[
        (
            "[NR]:e5",
            "",
            "f7 g9  g6 i7  g4 i3  f3 g1  d3 c1  c4 a3  c6 a7  d7 c9",
        ),
        ("[NR]:a5", "", "b7 c9  c6 e7 g8 i9  c4 e3 g2 i1  b3 c1"),
        ("[NR]:a1", "", "b3 c5 d7 e9  c2 e3 g4 i5"),
        // Own g6 stops that ride at once; takes g4, ending it; own d3 is no target.
        (
            "[NR]:e5",
            "P:g6 p:g4 P:d3",
            "f7 g9  g4  f3 g1  c4 a3  c6 a7  d7 c9",
        ),
    ]);
}

/// Version Two: the Grasshopper (gQ).
#[test]
fn version_two_grasshopper() {
    v2(&[
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

/// Version Two: the pawn family, Pawn (fmWfcF), Berolina (fmFfcW), Chinese (fW), fF-Pawn (fF) and
/// Soldier (fsW, multi-steps forwards only).
///
/// Each from the centre (e5), with enemies in front and beside it (d6 e6 f6, d5 f5), from its 1st
/// rank (e1: multi-steps of up to three), its 2nd rank (a2 and h2 on the edges: up to three), its
/// 3rd rank (e3: up to two), onto the last rank (e9), and as Black (e5 and d9, from its 2nd rank).
#[test]
fn version_two_pawns() {
    v2(&[
        ("P:e5", "", "e6"),
        ("P:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "f6  d6"),
        ("P:e1", "", "e2 e3 e4"),
        ("P:a2", "", "a3 a4 a5"),
        ("P:h2", "", "h3 h4 h5"),
        ("P:e3", "", "e4 e5"),
        ("P:e9", "", "e10"),
        ("p:e5", "", "e4"),
        ("p:d9", "", "d8 d7 d6"),
        ("[BP]:e5", "", "f6  d6"),
        ("[BP]:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "e6"),
        ("[BP]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[BP]:a2", "", "b3 c4 d5"),
        ("[BP]:h2", "", "i3 j4  g3 f4 e5"),
        ("[BP]:e3", "", "f4 g5  d4 c5"),
        ("[BP]:e9", "", "f10  d10"),
        ("[bp]:e5", "", "f4  d4"),
        ("[bp]:d9", "", "e8 f7 g6  c8 b7 a6"),
        ("[CP]:e5", "", "e6"),
        ("[CP]:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "e6"),
        ("[CP]:e1", "", "e2 e3 e4"),
        ("[CP]:a2", "", "a3 a4 a5"),
        ("[CP]:h2", "", "h3 h4 h5"),
        ("[CP]:e3", "", "e4 e5"),
        ("[CP]:e9", "", "e10"),
        ("[cp]:e5", "", "e4"),
        ("[cp]:d9", "", "d8 d7 d6"),
        ("[FP]:e5", "", "f6  d6"),
        ("[FP]:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "f6  d6"),
        ("[FP]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[FP]:a2", "", "b3 c4 d5"),
        ("[FP]:h2", "", "i3 j4  g3 f4 e5"),
        ("[FP]:e3", "", "f4 g5  d4 c5"),
        ("[FP]:e9", "", "f10  d10"),
        ("[fp]:e5", "", "f4  d4"),
        ("[fp]:d9", "", "e8 f7 g6  c8 b7 a6"),
        ("S:e5", "", "e6  f5  d5"),
        ("S:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "e6  f5  d5"),
        ("S:e1", "", "e2 e3 e4  f1  d1"),
        ("S:a2", "", "a3 a4 a5  b2"),
        ("S:h2", "", "h3 h4 h5  i2  g2"),
        ("S:e3", "", "e4 e5  f3  d3"),
        ("S:e9", "", "e10  f9  d9"),
        ("s:e5", "", "f5  e4  d5"),
        ("s:d9", "", "e9  d8 d7 d6  c9"),
    ]);
}

/// Patch: the royal King of both example lists.
#[test]
fn patch_king_steps_one_square() {
    patch_king(&[
        ("K:d4", "", "d5  e5  e4  e3  d3  c3  c4  c5"),
        ("K:h1", "", "h2  g1  g2"),
    ]);
}

/// Patch: Queen, Rook, Bishop and Knight.
#[test]
fn patch_orthodox_pieces() {
    patch(&[
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
        ("R:d4", "", "d5 d6 d7 d8  e4 f4 g4 h4  d3 d2 d1  c4 b4 a4"),
        ("R:a5", "", "a6 a7 a8  b5 c5 d5 e5 f5 g5 h5  a4 a3 a2 a1"),
        ("B:d4", "", "e5 f6 g7 h8  e3 f2 g1  c3 b2 a1  c5 b6 a7"),
        ("B:a5", "", "b6 c7 d8  b4 c3 d2 e1"),
        ("N:d4", "", "e6  f5  f3  e2  c2  b3  b5  c6"),
        ("N:a5", "", "b7  c6  c4  b3"),
    ]);
}

/// Patch: Archbishop (BN), Chancellor (RN) and Centaur (KN).
#[test]
fn patch_compound_pieces() {
    patch(&[
        (
            "A:d4",
            "",
            "e6  e5 f6 g7 h8  f5  f3  e3 f2 g1  e2  c2  c3 b2 a1  b3  b5  c5 b6 a7  c6",
        ),
        ("A:a5", "", "b7  b6 c7 d8  c6  c4  b4 c3 d2 e1  b3"),
        ("A:h1", "", "f2  g2 f3 e4 d5 c6 b7 a8  g3"),
        (
            "C:d4",
            "",
            "d5 d6 d7 d8  e6  f5  e4 f4 g4 h4  f3  e2  d3 d2 d1  c2  b3  c4 b4 a4  b5  c6",
        ),
        (
            "C:a5",
            "",
            "a6 a7 a8  b7  c6  b5 c5 d5 e5 f5 g5 h5  c4  b3  a4 a3 a2 a1",
        ),
        (
            "C:h1",
            "",
            "h2 h3 h4 h5 h6 h7 h8  g1 f1 e1 d1 c1 b1 a1  f2  g3",
        ),
        (
            "[CE]:d4",
            "",
            "d5  e6  e5  f5  e4  f3  e3  e2  d3  c2  c3  b3  c4  b5  c5  c6",
        ),
        ("[CE]:a5", "", "a6  b7  b6  c6  b5  c4  b4  b3  a4"),
        ("[CE]:h1", "", "h2  g1  f2  g2  g3"),
        (
            "A:d4",
            "P:f6 p:b2 P:e6 p:c2",
            "e5  f5  f3  e3 f2 g1  e2  c2  c3 b2  b3  b5  c5 b6 a7  c6",
        ),
        (
            "C:d4",
            "P:d7 p:a4 P:e6 p:c2",
            "d5 d6  f5  e4 f4 g4 h4  f3  e2  d3 d2 d1  c2  b3  c4 b4 a4  b5  c6",
        ),
        (
            "[CE]:d4",
            "P:d5 P:e5 p:c3 P:e6 p:b5",
            "f5  e4  f3  e3  e2  d3  c2  c3  b3  c4  b5  c5  c6",
        ),
    ]);
}

/// Patch: Zebra (Z), Wazir, Ferz, Dabbaba, Alfil, Threeleaper (H), Tripper (G) and Elephant (FA).
#[test]
fn patch_leapers() {
    patch(&[
        ("Z:d4", "", "f7  g6  g2  f1  b1  a2  a6  b7"),
        ("Z:a5", "", "c8  d7  d3  c2"),
        ("Z:h1", "", "e3  f4"),
        ("W:d4", "", "d5  e4  d3  c4"),
        ("W:a5", "", "a6  b5  a4"),
        ("W:h1", "", "h2  g1"),
        ("F:d4", "", "e5  e3  c3  c5"),
        ("F:a5", "", "b6  b4"),
        ("F:h1", "", "g2"),
        ("D:d4", "", "d6  f4  d2  b4"),
        ("D:a5", "", "a7  c5  a3"),
        ("D:h1", "", "h3  f1"),
        ("E:d4", "", "f6  f2  b2  b6"),
        ("E:a5", "", "c7  c3"),
        ("E:h1", "", "f3"),
        ("H:d4", "", "d7  g4  d1  a4"),
        ("H:a5", "", "a8  d5  a2"),
        ("H:h1", "", "h4  e1"),
        ("T:d4", "", "g7  g1  a1  a7"),
        ("T:a5", "", "d8  d2"),
        ("T:h1", "", "e4"),
        ("[EL]:d4", "", "e5 f6  e3 f2  c3 b2  c5 b6"),
        ("[EL]:a5", "", "b6 c7  b4 c3"),
        ("[EL]:h1", "", "g2 f3"),
        ("[EL]:d4", "P:e5 p:c3 P:f6 p:b2", "e3 f2  c3 b2  c5 b6"),
    ]);
}

/// Patch: the Grasshopper (gQ).
#[test]
fn patch_grasshopper() {
    patch(&[
        // Without hurdles it cannot move.
        ("G:d4", "", ""),
        ("G:a5", "", ""),
        ("G:h1", "", ""),
        // Over d6 to d7, over f6 to g7, over f4 taking g4, over c4 to b4; not onto its own a1.
        (
            "G:d4",
            "P:d6 p:f6 P:f4 p:g4 p:b2 P:a1 p:c4",
            "d7  g7  g4  b4",
        ),
    ]);
}

/// Patch: the pawn family, Pawn (fmWfcF), Berolina (fmFfcW), Chinese (fW), fF-Pawn (fF) and Soldier
/// (fsW, multi-steps forwards only).
///
/// Each from the centre (e5), with enemies in front and beside it (d6 e6 f6, d5 f5), from its 1st
/// rank (e1: multi-steps of up to three), its 2nd rank (a2 and h2 on the edges: up to three), its
/// 3rd rank (e3: up to two), onto the last rank (d7), and as Black (e5, and d7 from its 2nd rank).
#[test]
fn patch_pawns() {
    patch(&[
        ("P:e5", "", "e6"),
        ("P:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "f6  d6"),
        ("P:e1", "", "e2 e3 e4"),
        ("P:a2", "", "a3 a4 a5"),
        ("P:h2", "", "h3 h4 h5"),
        ("P:e3", "", "e4 e5"),
        ("P:d7", "", "d8"),
        ("p:e5", "", "e4"),
        ("p:d7", "", "d6 d5 d4"),
        ("[BP]:e5", "", "f6  d6"),
        ("[BP]:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "e6"),
        ("[BP]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[BP]:a2", "", "b3 c4 d5"),
        ("[BP]:h2", "", "g3 f4 e5"),
        ("[BP]:e3", "", "f4 g5  d4 c5"),
        ("[BP]:d7", "", "e8  c8"),
        ("[bp]:e5", "", "f4  d4"),
        ("[bp]:d7", "", "e6 f5 g4  c6 b5 a4"),
        ("[CP]:e5", "", "e6"),
        ("[CP]:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "e6"),
        ("[CP]:e1", "", "e2 e3 e4"),
        ("[CP]:a2", "", "a3 a4 a5"),
        ("[CP]:h2", "", "h3 h4 h5"),
        ("[CP]:e3", "", "e4 e5"),
        ("[CP]:d7", "", "d8"),
        ("[cp]:e5", "", "e4"),
        ("[cp]:d7", "", "d6 d5 d4"),
        ("[FP]:e5", "", "f6  d6"),
        ("[FP]:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "f6  d6"),
        ("[FP]:e1", "", "f2 g3 h4  d2 c3 b4"),
        ("[FP]:a2", "", "b3 c4 d5"),
        ("[FP]:h2", "", "g3 f4 e5"),
        ("[FP]:e3", "", "f4 g5  d4 c5"),
        ("[FP]:d7", "", "e8  c8"),
        ("[fp]:e5", "", "f4  d4"),
        ("[fp]:d7", "", "e6 f5 g4  c6 b5 a4"),
        ("S:e5", "", "e6  f5  d5"),
        ("S:e5", "p:d6 p:e6 p:f6 p:d5 p:f5", "e6  f5  d5"),
        ("S:e1", "", "e2 e3 e4  f1  d1"),
        ("S:a2", "", "a3 a4 a5  b2"),
        ("S:h2", "", "h3 h4 h5  g2"),
        ("S:e3", "", "e4 e5  f3  d3"),
        ("S:d7", "", "d8  e7  c7"),
        ("s:e5", "", "f5  e4  d5"),
        ("s:d7", "", "e7  d6 d5 d4  c7"),
    ]);
}

/// Easy Patch: the fixed orthodox King.
#[test]
fn easy_patch_king_steps_one_square() {
    easy_king(&[
        ("K:d4", "", "d5  e5  e4  e3  d3  c3  c4  c5"),
        ("K:h1", "", "h2  g1  g2"),
    ]);
}

/// Easy Patch: Queen, Rook, Bishop and Knight.
#[test]
fn easy_patch_orthodox_pieces() {
    easy(&[
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
        ("R:d4", "", "d5 d6 d7 d8  e4 f4 g4 h4  d3 d2 d1  c4 b4 a4"),
        ("R:a5", "", "a6 a7 a8  b5 c5 d5 e5 f5 g5 h5  a4 a3 a2 a1"),
        ("B:d4", "", "e5 f6 g7 h8  e3 f2 g1  c3 b2 a1  c5 b6 a7"),
        ("B:a5", "", "b6 c7 d8  b4 c3 d2 e1"),
        ("N:d4", "", "e6  f5  f3  e2  c2  b3  b5  c6"),
        ("N:a5", "", "b7  c6  c4  b3"),
    ]);
}

/// Easy Patch: Archbishop (BN), Chancellor (RN), Camel (C), Centaur (KN) and Cannon (mRcpR).
#[test]
fn easy_patch_other_pieces() {
    easy(&[
        (
            "A:d4",
            "",
            "e6  e5 f6 g7 h8  f5  f3  e3 f2 g1  e2  c2  c3 b2 a1  b3  b5  c5 b6 a7  c6",
        ),
        ("A:a5", "", "b7  b6 c7 d8  c6  c4  b4 c3 d2 e1  b3"),
        ("A:h1", "", "f2  g2 f3 e4 d5 c6 b7 a8  g3"),
        (
            "C:d4",
            "",
            "d5 d6 d7 d8  e6  f5  e4 f4 g4 h4  f3  e2  d3 d2 d1  c2  b3  c4 b4 a4  b5  c6",
        ),
        (
            "C:a5",
            "",
            "a6 a7 a8  b7  c6  b5 c5 d5 e5 f5 g5 h5  c4  b3  a4 a3 a2 a1",
        ),
        (
            "C:h1",
            "",
            "h2 h3 h4 h5 h6 h7 h8  g1 f1 e1 d1 c1 b1 a1  f2  g3",
        ),
        ("L:d4", "", "e7  g5  g3  e1  c1  a3  a5  c7"),
        ("L:a5", "", "b8  d6  d4  b2"),
        ("L:h1", "", "e2  g4"),
        (
            "[CE]:d4",
            "",
            "d5  e6  e5  f5  e4  f3  e3  e2  d3  c2  c3  b3  c4  b5  c5  c6",
        ),
        ("[CE]:a5", "", "a6  b7  b6  c6  b5  c4  b4  b3  a4"),
        ("[CE]:h1", "", "h2  g1  f2  g2  g3"),
        (
            "[CA]:d4",
            "",
            "d5 d6 d7 d8  e4 f4 g4 h4  d3 d2 d1  c4 b4 a4",
        ),
        ("[CA]:a5", "", "a6 a7 a8  b5 c5 d5 e5 f5 g5 h5  a4 a3 a2 a1"),
        ("[CA]:h1", "", "h2 h3 h4 h5 h6 h7 h8  g1 f1 e1 d1 c1 b1 a1"),
        // North: over its own d6, takes d8. East: f4 is only a screen; over it, takes h4.
        // South: over d2, takes d1. West: over b4 finds its own a4.
        (
            "[CA]:d4",
            "P:d6 p:d8 p:f4 p:h4 P:d2 n:d1 p:b4 P:a4",
            "d5 d8  e4 h4  d3 d1  c4",
        ),
    ]);
}

/// Easy Patch: the Grasshopper (gQ).
#[test]
fn easy_patch_grasshopper() {
    easy(&[
        // Without hurdles it cannot move.
        ("G:d4", "", ""),
        ("G:a5", "", ""),
        ("G:h1", "", ""),
        // Over d6 to d7, over f6 to g7, over f4 taking g4, over c4 to b4; not onto its own a1.
        (
            "G:d4",
            "P:d6 p:f6 P:f4 p:g4 p:b2 P:a1 p:c4",
            "d7  g7  g4  b4",
        ),
    ]);
}

/// Easy Patch: the orthodox pawn, with its double step from the 2nd rank only (no multi-steps).
#[test]
fn easy_patch_orthodox_pawn() {
    easy(&[
        ("P:e2", "", "e3 e4"),
        ("P:e3", "", "e4"),
        // Both captures; e4 blocks the double step.
        ("P:e2", "p:d3 p:f3 p:e4", "e3  f3  d3"),
        ("P:a2", "p:b3", "a3 a4  b3"),
        ("P:h7", "", "h8"),
        ("p:e7", "", "e6 e5"),
        ("p:e6", "", "e5"),
    ]);
}
