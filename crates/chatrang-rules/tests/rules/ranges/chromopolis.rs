//! Chromopolis (`docs/rules.md` §4.1, §4.3–4.4) on its 40-square cylinder (files a–g wrap round, a1
//! and a6 do not exist): every piece from the middle, from the a file, round the wrap and next to
//! the missing squares; a move may not end on an unbound piece of either colour, but may end on
//! bound ones.

use chatrang_rules::{Color, Game, GameId};

use super::{Row, check, load, side_letter};
use crate::helpers::chromopolis_board;

/// Where no row's piece reaches them.
const KINGS: &str = "K:e3 k:c6";

fn open(rows: &[Row]) {
    check(cylinder(KINGS), rows);
}

/// For the White King's own rows.
fn king_alone(rows: &[Row]) {
    check(cylinder("k:c6"), rows);
}

/// A game with `kings` and the row's pieces (`"N:b3"`, bound pieces as `".[n]:f3"`).
fn cylinder(kings: &'static str) -> impl Fn(&str, Color) -> Box<dyn Game> {
    move |pieces: &str, side: Color| {
        let text = format!(
            "{} {} - 0 1",
            board(&format!("{kings} {pieces}")),
            side_letter(side)
        );
        load(GameId::Chromopolis, &text)
    }
}

/// The board field of these pieces (`"N:b3"`, bound pieces as `".[n]:f3"`).
fn board(pieces: &str) -> String {
    let placed: Vec<(&str, &str)> = pieces
        .split_whitespace()
        .map(|p| p.rsplit_once(':').expect("content:square"))
        .map(|(content, square)| (square, content))
        .collect();
    chromopolis_board(&placed)
}

/// The King: a king step; files wrap (a is next to b and g), ranks do not.
#[test]
fn king_steps_one_square_any_way_round_the_cylinder() {
    king_alone(&[
        ("K:d3", "", "d4  e4  e3  e2  d2  c2  c3  c4"),
        // a1 does not exist.
        ("K:b1", "", "b2  c2  c1  a2"),
        // From the a file to b and, round the cylinder, g.
        ("K:a3", "", "a4  b4  b3  b2  a2  g2  g3  g4"),
        // From the g file round to the a file.
        ("K:g4", "", "g5  a5  a4  a3  g3  f3  f4  f5"),
    ]);
}

/// The Knight: a knight leap, wrapping round the files.
#[test]
fn knight_leaps_round_the_cylinder() {
    open(&[
        ("N:d3", "", "e5  f4  f2  e1  c1  b2  b4  c5"),
        // Its leap to a1 finds no square there.
        ("N:b3", "", "c5  d4  d2  c1  g2  g4  a5"),
        ("N:a4", "", "b6  c5  c3  b2  g2  f3  f5  g6"),
        ("N:b1", "", "c3  d2  g2  a3"),
        // Not onto an unbound piece of either colour; onto f2, where a piece lies bound.
        ("N:d3", "p:e5 P:b4 .[p]:f2", "f4  f2  e1  c1  b2  c5"),
    ]);
}

/// The Advocate (FD): a ferz step or a dabbaba leap.
#[test]
fn advocate_steps_diagonally_or_leaps_two_squares_orthogonally() {
    open(&[
        ("A:d3", "", "d5  e4  f3  e2  d1  c2  b3  c4"),
        // The leap west from b1 passes the missing a1 and lands on g1.
        ("A:b1", "", "b3  c2  d1  g1  a2"),
        // a6 does not exist; the leap west lands on f4.
        ("A:a4", "", "b5  c4  b3  a2  g3  f4  g5"),
        // The leap east lands on a3.
        ("A:f3", "", "f5  g4  a3  g2  f1  e2  d3  e4"),
        // Leaps over d4 but not onto d5 (unbound); c2 is its own; f3 holds only a bound piece.
        ("A:d3", "P:d4 p:d5 N:c2 .[n]:f3", "e4  f3  e2  d1  b3  c4"),
    ]);
}

/// The Prelate: a ferz step (its force reaches other squares).
#[test]
fn prelate_steps_diagonally() {
    open(&[
        ("L:d3", "", "e4  e2  c2  c4"),
        // Round the cylinder to g1 and g3.
        ("L:a2", "", "b3  b1  g1  g3"),
        ("L:b6", "", "c5  a5"),
        // Not onto the unbound c4; onto e4, where a piece lies bound.
        ("L:d3", "n:c4 .[p]:e4", "e4  e2  c2"),
    ]);
}

/// The Pawn: one step straight forward (no double step, no capture).
#[test]
fn pawn_steps_straight_forward() {
    open(&[
        ("P:d2", "", "d3"),
        // Onto the last rank (promotion choices, one destination).
        ("P:d5", "", "d6"),
        ("P:b4", "", "b5"),
        ("P:g3", "", "g4"),
        // Blocked by an unbound piece.
        ("P:d2", "p:d3", ""),
        // Not blocked by a bound one.
        ("P:d2", ".[n]:d3", "d3"),
        // Black, downwards.
        ("p:d5", "", "d4"),
        ("p:b2", "", "b1"),
    ]);
}

/// A bound piece does not move at all.
#[test]
fn a_bound_piece_does_not_move() {
    open(&[(".[N]:d3", "", "")]);
}
