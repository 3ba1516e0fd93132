//! What a board picture shows, in words, for people who cannot see it: the text a platform
//! gives with the picture (Discord's attachment description, a screen reader's alt text; the
//! `body` a Matrix client without pictures shows). Written where the picture is made, so that
//! every platform has the same: the game and whose turn it is (its header, which also carries
//! a score or a draft's stage), the last move, a check, and each side's material.

use crate::render::{check_words, material_words};
use crate::rules::{BoardView, Color};

/// The most a description may be: Discord's limit for an attachment's description.
pub(crate) const MAX_DESCRIPTION: usize = 1024;

/// A game's position: "Board of game #12: Chess · move 3 · Black to move; last move e2–e4;
/// material: White 16 (8 Pawns, …), Black 16 (…)."
pub(crate) fn position(game: i64, view: &BoardView) -> String {
    marked(game, view, "")
}

/// The same with what is drawn on the board besides (`marks`: "the moves of …", "the hint's
/// line …").
pub(crate) fn marked(game: i64, view: &BoardView, marks: &str) -> String {
    let mut parts = vec![format!(
        "Board of game #{game}: {}",
        view.header.trim().trim_end_matches('.')
    )];
    if let Some(last) = last_move(view) {
        parts.push(format!("last move {last}"));
    }
    for king in check_words(view) {
        parts.push(format!("{king} is in check"));
    }
    if !marks.is_empty() {
        parts.push(format!("marked: {marks}"));
    }
    if view.geometry.is_some() {
        parts.push(format!(
            "material: White {}, Black {}",
            material_words(view, Color::White),
            material_words(view, Color::Black)
        ));
    }
    fit(format!("{}.", parts.join("; ")))
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

/// A description cut to [`MAX_DESCRIPTION`] characters at a word, ending in "…".
fn fit(text: String) -> String {
    if text.chars().count() <= MAX_DESCRIPTION {
        return text;
    }
    let cut: String = text.chars().take(MAX_DESCRIPTION - 1).collect();
    let at_word = cut.rfind(' ').unwrap_or(cut.len());
    format!("{}…", cut[..at_word].trim_end_matches([',', ';', ' ']))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Options, registry};

    #[test]
    fn a_position_is_described_by_its_header_last_move_and_material() {
        let mut game =
            registry::new_game(GameId::Chess, &Options::default(), 0).expect("chess starts");
        let start = position(7, &game.view());
        assert!(start.starts_with("Board of game #7: Chess"), "{start}");
        assert!(start.contains("White to move"), "{start}");
        assert!(!start.contains("last move"), "{start}");
        assert!(
            start.contains(
                "material: White 16 (8 Pawns, 2 Rooks, 2 Knights, 2 Bishops, 1 Queen, 1 King), \
                 Black 16"
            ),
            "{start}"
        );
        game.play("e2e4").expect("a legal move");
        let after = position(7, &game.view());
        assert!(after.contains("Black to move; last move e2–e4;"), "{after}");
        let marked = marked(7, &game.view(), "the moves of the knight on g8");
        assert!(
            marked.contains("e2–e4; marked: the moves of the knight on g8; material"),
            "{marked}"
        );
    }

    #[test]
    fn a_check_and_a_capture_are_described() {
        let mut game =
            registry::new_game(GameId::Chess, &Options::default(), 0).expect("chess starts");
        for m in ["e2e4", "f7f6", "d2d4", "g7g5", "d1h5"] {
            game.play(m).expect("a legal move");
        }
        let text = position(3, &game.view());
        assert!(text.contains("Black King on e8 is in check"), "{text}");
        let mut game =
            registry::new_game(GameId::Chess, &Options::default(), 0).expect("chess starts");
        for m in ["e2e4", "d7d5", "e4d5"] {
            game.play(m).expect("a legal move");
        }
        let text = position(3, &game.view());
        assert!(text.contains("Black 15 (7 Pawns,"), "{text}");
    }

    #[test]
    fn every_game_is_described_within_discords_limit() {
        for spec in &crate::rules::GAMES {
            let game = spec.example().expect("every game has an example");
            let text = position(1, &game.view());
            assert!(text.chars().count() <= MAX_DESCRIPTION, "{text}");
            assert!(text.contains("material: White"), "{}: {text}", spec.name);
        }
        let long = fit(format!("{}.", "word ".repeat(400)));
        assert!(long.chars().count() <= MAX_DESCRIPTION && long.ends_with("word…"));
    }
}
