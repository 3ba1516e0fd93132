//! Move notation: the canonical coordinate form always works; lenient forms are accepted when
//! they name exactly one legal move; errors say what was expected.

use chatrang_rules::ActionError;

use super::helpers::{cataclysm, chess};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn played(position: &str, input: &str) -> Result<String, ActionError> {
    let mut game = chess(position);
    game.play(input).map(|p| p.notation)
}

#[test]
fn coordinate_forms_in_any_case_with_decorations() {
    for input in ["e2e4", "e2-e4", "E2E4", "e2 e4", "e4", "e2e4!?", "e2-e4+"] {
        assert_eq!(played(START, input).unwrap(), "e2e4", "{input}");
    }
}

#[test]
fn piece_letter_and_destination() {
    assert_eq!(played(START, "Nf3").unwrap(), "g1f3");
    assert_eq!(played(START, "nf3").unwrap(), "g1f3");
    assert_eq!(played(START, "Ng1-f3").unwrap(), "g1f3");
}

#[test]
fn a_bare_square_is_a_pawn_move_even_when_a_knight_could_go_there() {
    // a3 and a6 are reachable by the b-knights too; in standard algebraic notation a bare
    // square is the pawn's move.
    assert_eq!(played(START, "a3").unwrap(), "a2a3");
    assert_eq!(played(START, "Na3").unwrap(), "b1a3");
    let black = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    assert_eq!(played(black, "a6").unwrap(), "a7a6");
    // Without a pawn that can go there, the piece that can is meant.
    let no_pawn = "4k3/8/8/8/8/8/8/1N2K3 w - - 0 1";
    assert_eq!(played(no_pawn, "a3").unwrap(), "b1a3");
}

#[test]
fn ambiguous_input_names_the_candidates() {
    let position = "4k3/8/8/8/8/8/8/2N1K1N1 w - - 0 1";
    let error = played(position, "Ne2").unwrap_err().to_string();
    assert!(error.contains("c1e2") || error.contains("g1e2"), "{error}");
    assert!(error.contains(" or "), "{error}");
    assert_eq!(played(position, "Nge2").unwrap(), "g1e2");
}

#[test]
fn promotion_forms() {
    let position = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    for input in [
        "e7e8=Q", "e7e8q", "e7e8Q", "e8=Q", "e8Q", "e7-e8=q", "e8(Q)",
    ] {
        assert_eq!(played(position, input).unwrap(), "e7e8=Q", "{input}");
    }
    assert_eq!(played(position, "e8=N").unwrap(), "e7e8=N");
    let error = played(position, "e7e8").unwrap_err().to_string();
    assert!(error.contains("promotion"), "{error}");
}

#[test]
fn castling_forms() {
    let position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(played(position, "O-O").unwrap(), "e1g1");
    assert_eq!(played(position, "0-0-0").unwrap(), "e1c1");
    assert_eq!(played(position, "e1g1").unwrap(), "e1g1");
}

#[test]
fn unreadable_input_says_what_was_expected() {
    for input in ["", "hello", "e", "??", "99", "e2e4e6e8"] {
        let error = played(START, input).unwrap_err();
        assert!(
            matches!(
                error,
                ActionError::Unreadable { .. } | ActionError::Illegal(_)
            ),
            "{input}: {error:?}"
        );
        assert!(!error.to_string().is_empty());
    }
    // The example is a move legal in this position, in the game's own notation.
    let error = played(START, "hello").unwrap_err().to_string();
    let legal = super::helpers::legal(&*chess(START));
    assert!(legal.iter().any(|l| error.contains(l.as_str())), "{error}");
}

#[test]
fn cataclysm_big_board_squares_and_special_moves() {
    let mut game = cataclysm("K:i2 k:h11 P:a10", "w", "-");
    assert_eq!(game.play("a11=T").unwrap().notation, "a10a11=T");
    let mut game = cataclysm("K:i2 k:h11 P:d4 P:k4", "w", "-");
    assert_eq!(game.play("k5&d5").unwrap().notation, "d4d5&k4k5");
    let mut game = cataclysm("K:i2 k:h11 P:d4 P:k4", "w", "-");
    assert_eq!(game.play("K4-K5, D4-D5").unwrap().notation, "d4d5&k4k5");
    let mut game = cataclysm("K:i2 k:h11", "w", "Kk");
    let played = game.play("i2p1").unwrap();
    assert!(
        played.description.contains("King's leap"),
        "{}",
        played.description
    );
}

#[test]
fn descriptions_read_like_sentences() {
    let mut game = cataclysm("K:i2 k:h11 G:d4 P:d6 r:d9", "w", "-");
    let played = game.play("d4xd9").unwrap();
    assert_eq!(played.notation, "d4d9");
    assert_eq!(played.description, "White: Grand Rook d4 takes Rook on d9");
}

proptest::proptest! {
    #[test]
    fn any_input_gives_a_move_or_an_error_never_a_panic(input in "\\PC{0,30}") {
        let mut game = chess(START);
        let before = game.position_text();
        if game.play(&input).is_err() {
            proptest::prop_assert_eq!(game.position_text(), before);
        }
    }
}
