//! Orthodox chess specifics beyond perft: castling conditions and promotion choices.

use chatrang_rules::ActionError;

use super::helpers::{chess, has, moves_from, sorted};

#[test]
fn castling_is_refused_through_an_attacked_square() {
    let game = chess("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!has(&*game, "e1g1"), "f1 is attacked");
    assert!(has(&*game, "e1c1"));
}

#[test]
fn castling_rights_go_when_the_rook_moves() {
    let mut game = chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    game.play("h1h2").unwrap();
    assert_eq!(game.position_text().split_whitespace().nth(2), Some("Qkq"));
}

#[test]
fn pawn_promotes_to_queen_rook_bishop_or_knight_only() {
    let game = chess("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&*game, "e7"),
        sorted(&["e7e8=Q", "e7e8=R", "e7e8=B", "e7e8=N"])
    );
}

#[test]
fn a_promotion_written_without_its_piece_lists_every_choice_with_the_piece_name() {
    let mut game = chess("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    let before = game.position_text();
    for written in ["e7e8", "e8", "e7-e8"] {
        let error = game.play(written).unwrap_err();
        let ActionError::NeedsPromotion { bare, choices, .. } = &error else {
            panic!("{written} must ask for the promotion: {error}");
        };
        assert_eq!(bare, "e7e8");
        let offered: Vec<(&str, &str)> = choices
            .iter()
            .map(|c| (c.notation.as_str(), c.piece.as_str()))
            .collect();
        assert_eq!(
            offered,
            [
                ("e7e8=Q", "Queen"),
                ("e7e8=R", "Rook"),
                ("e7e8=B", "Bishop"),
                ("e7e8=N", "Knight")
            ],
            "{written}"
        );
        assert_eq!(
            error.to_string(),
            format!("{written} needs a promotion choice: e7e8=Q, e7e8=R, e7e8=B or e7e8=N")
        );
        assert_eq!(game.position_text(), before);
    }
}
