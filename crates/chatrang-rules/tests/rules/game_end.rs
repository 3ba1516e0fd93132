//! How games end: checkmate, stalemate, threefold repetition, the fifty-move rule, and that a
//! refused move changes nothing.

use chatrang_rules::{ActionError, Outcome, Status};

use super::helpers::{cataclysm, chess};

fn outcome(status: Status) -> Option<Outcome> {
    match status {
        Status::Over(o) => Some(o),
        Status::Ongoing { .. } => None,
    }
}

#[test]
fn checkmate_wins() {
    let mut game = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for m in ["f2f3", "e7e5", "g2g4"] {
        game.play(m).unwrap();
    }
    let played = game.play("d8h4").unwrap();
    assert!(
        played.description.contains("checkmate"),
        "{}",
        played.description
    );
    assert!(matches!(
        outcome(game.status()),
        Some(Outcome::Win {
            winner: chatrang_rules::Color::Black,
            ..
        })
    ));
    assert!(matches!(game.play("e2e4"), Err(ActionError::GameOver(_))));
}

#[test]
fn stalemate_draws() {
    let mut game = chess("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1");
    game.play("f1f7").unwrap();
    match outcome(game.status()) {
        Some(Outcome::Draw { reason }) => assert_eq!(reason, "stalemate"),
        other => panic!("expected stalemate, got {other:?}"),
    }
}

#[test]
fn threefold_repetition_draws() {
    let mut game = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        game.play(m).unwrap();
        assert!(outcome(game.status()).is_none(), "too early after {m}");
    }
    game.play("f6g8").unwrap();
    match outcome(game.status()) {
        Some(Outcome::Draw { reason }) => assert_eq!(reason, "threefold repetition"),
        other => panic!("expected repetition, got {other:?}"),
    }
}

#[test]
fn fifty_move_rule_draws_and_a_pawn_move_resets_it() {
    let mut game = chess("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    game.play("a1a2").unwrap();
    match outcome(game.status()) {
        Some(Outcome::Draw { reason }) => assert_eq!(reason, "fifty-move rule"),
        other => panic!("expected the fifty-move rule, got {other:?}"),
    }
    let mut game = chess("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
    game.play("e2e3").unwrap();
    assert!(outcome(game.status()).is_none());
    assert_eq!(game.position_text().split_whitespace().nth(4), Some("0"));
}

#[test]
fn cataclysm_fifty_move_rule_counts_captures_and_pawn_moves() {
    let mut game = cataclysm("K:i2 k:h11 R:a5 c:a8 P:c4", "w", "-");
    game.play("a5a8").unwrap();
    assert_eq!(game.position_text().split_whitespace().nth(4), Some("0"));
}

#[test]
fn an_illegal_move_leaves_the_position_unchanged() {
    let mut game = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let before = game.position_text();
    for bad in [
        "e2e5",
        "e7e5",
        "zz",
        "",
        "e2",
        "Qh5",
        "e1g1",
        "a1a9",
        "é4",
        &"x".repeat(10_000),
    ] {
        assert!(game.play(bad).is_err(), "{bad:?} should be refused");
        assert_eq!(game.position_text(), before);
    }
    let error = game.play("e2e5").unwrap_err().to_string();
    assert!(error.contains("not a legal move"), "{error}");
}

#[test]
fn moving_into_check_is_refused() {
    let mut game = cataclysm("K:i2 k:h11 r:j9", "w", "-");
    assert!(game.play("i2j2").is_err());
    assert!(game.play("i2h2").is_ok());
}
