//! What a board picture shows, in words, for people who cannot see it: the text a platform
//! gives with the picture (a screen reader's alt text, the caption a Matrix client without
//! pictures shows). Written where the picture is made, so that every platform has the same.

use crate::rules::BoardView;

/// A game's position, from the line the picture's header shows and its highlighted last move:
/// "Board of game #12: Chess · move 3 · Black to move; last move e2–e4."
pub(crate) fn position(game: i64, view: &BoardView) -> String {
    marked(game, view, "")
}

/// The same with what is drawn on the board besides (`marks`: "the moves of …", "the hint's
/// line …").
pub(crate) fn marked(game: i64, view: &BoardView, marks: &str) -> String {
    let mut text = format!(
        "Board of game #{game}: {}",
        view.header.trim().trim_end_matches('.')
    );
    if let Some(last) = last_move(view) {
        text.push_str(&format!("; last move {last}"));
    }
    if !marks.is_empty() {
        text.push_str(&format!("; marked: {marks}"));
    }
    text.push('.');
    text
}

/// The last move as its highlighted squares show it: from one to the other (`e2–e4`; the
/// first two squares of a move that touched more, such as a castling king's), or the one
/// square of a drop or a decision.
fn last_move(view: &BoardView) -> Option<String> {
    match view.last_move.as_slice() {
        [] => None,
        [one] => Some(one.to_string()),
        [from, to, ..] => Some(format!("{from}–{to}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Options, registry};

    #[test]
    fn a_position_is_described_by_its_header_and_last_move() {
        let mut game =
            registry::new_game(GameId::Chess, &Options::default(), 0).expect("chess starts");
        let start = position(7, &game.view());
        assert!(start.starts_with("Board of game #7: Chess"), "{start}");
        assert!(start.contains("White to move"), "{start}");
        assert!(!start.contains("last move"), "{start}");
        game.play("e2e4").expect("a legal move");
        let after = position(7, &game.view());
        assert!(after.contains("Black to move"), "{after}");
        assert!(after.ends_with("; last move e2–e4."), "{after}");
        let marked = marked(7, &game.view(), "the moves of the knight on g8");
        assert!(
            marked.ends_with("e2–e4; marked: the moves of the knight on g8."),
            "{marked}"
        );
    }
}
