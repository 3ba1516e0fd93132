//! Every built-in piece of every game, pinned by its exact set of destinations: from a central
//! square, from an edge or a corner, and wherever a range has a limit (reached exactly, cut by the
//! board's edge, stopped by an own or an enemy piece). Any change to how far or where a piece moves
//! fails a row here.
//!
//! Each game is a module of tables, one test per piece or family of pieces. A row is the moving
//! piece on its square, the other pieces on the board (the table adds the Kings or fillers its game
//! needs, where no row's piece reaches them), and every square the piece may go to. The expected
//! squares were worked out from the rules (`docs/rules.md`, the project's reading of the seeds)
//! line by line, not taken from the move generator; they are written one line of movement after
//! another (two spaces between lines, nearest square first) so that each can be checked by eye.
//! Their order does not matter to the test.

mod armies;
mod cataclysm;
mod catalonia;
mod chess;
mod chromopolis;
mod katarenga;
mod pick_a_team;

use std::collections::BTreeSet;

use chatrang_rules::{Color, Game, GameId};

use super::helpers::board;

/// The moving piece on its square (`"D:h6"`, `"[CN]:e5"`; upper case is White), the other
/// pieces (`"p:h9 P:j4"`), and every destination of the moving piece.
pub type Row = (&'static str, &'static str, &'static str);

/// Checks every row of a table and reports all the rows that differ at once. `setup` builds the
/// game from the pieces of a row (the moving piece first) with the moving piece's side to move.
pub fn check(setup: impl Fn(&str, Color) -> Box<dyn Game>, rows: &[Row]) {
    let mut failures = Vec::new();
    for &(mover, others, expected) in rows {
        let (piece, from) = mover
            .rsplit_once(':')
            .expect("a row's piece is symbol:square");
        let game = setup(&format!("{mover} {others}"), side_of(piece));
        let want = squares(expected);
        let got = destinations(&*game, from);
        if got != want {
            let missing: Vec<&String> = want.difference(&got).collect();
            let unexpected: Vec<&String> = got.difference(&want).collect();
            failures.push(format!(
                "{mover} with [{others}]: missing {missing:?}, unexpected {unexpected:?}\n    \
                 in {}",
                game.position_text()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rows differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// The side of a piece: the letter case of its symbol (`P`, `[CN]`, `.[n]`).
fn side_of(piece: &str) -> Color {
    let letter = piece
        .chars()
        .find(char::is_ascii_alphabetic)
        .expect("a piece has a letter");
    if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// The expected squares of a row; a square written twice is a mistake in the table.
fn squares(expected: &str) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    for square in expected.split_whitespace() {
        assert!(
            set.insert(square.to_string()),
            "{square} twice in \"{expected}\""
        );
    }
    set
}

/// Where the piece on `from` may go: the target square of each legal action starting there, or
/// `camp` for a Katarenga camp entry. Cataclysm's two-pawn moves (`d4d5&k4k5`) are left out:
/// they move two pieces and are pinned by the Cataclysm rule tests.
pub fn destinations(game: &dyn Game, from: &str) -> BTreeSet<String> {
    game.legal_actions()
        .into_iter()
        .filter(|a| a.from.is_some_and(|s| s.to_string() == from) && !a.notation.contains('&'))
        .map(|a| a.to.map_or_else(|| "camp".to_string(), |s| s.to_string()))
        .collect()
}

pub use super::helpers::load;

/// `w` or `b`, as the position strings of the chess-like games write the side to move.
pub fn side_letter(side: Color) -> &'static str {
    match side {
        Color::White => "w",
        Color::Black => "b",
    }
}

/// A chess-like game (`chess`, Cataclysm, the Pick-a-team family) on an otherwise empty
/// `files`×`ranks` board with `kings` added, with these castling or leap `rights`.
pub fn chess_like(
    game: GameId,
    files: u8,
    ranks: u8,
    kings: &'static str,
    rights: &'static str,
) -> impl Fn(&str, Color) -> Box<dyn Game> {
    move |pieces: &str, side: Color| {
        let field = board(files, ranks, &format!("{kings} {pieces}"));
        load(
            game,
            &format!("{field} {} {rights} - 0 1", side_letter(side)),
        )
    }
}
