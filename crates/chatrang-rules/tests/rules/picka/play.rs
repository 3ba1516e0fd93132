//! Play in Pick-a-team chess (`docs/rules.md` §2.1): check and mate by fairy pieces, pins, the
//! untouchable Blocking Prince, promotions, pawn multi-steps, the draws, and a royal left
//! attacked when play starts.

use chatrang_rules::{Game, GameId, Outcome, Status, registry};

fn load(fen: &str) -> Box<dyn Game> {
    registry::load(GameId::PickATeam, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal actions starting on `from`, sorted.
fn moves_from(game: &dyn Game, from: &str) -> Vec<String> {
    let mut v: Vec<String> = game
        .legal_actions()
        .into_iter()
        .filter(|a| a.from.is_some_and(|s| s.to_string() == from))
        .map(|a| a.notation)
        .collect();
    v.sort();
    v
}

fn sorted(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

fn win(winner: chatrang_rules::Color, reason: &str) -> Status {
    Status::Over(Outcome::Win {
        winner,
        reason: reason.into(),
    })
}

fn draw(reason: &str) -> Status {
    Status::Over(Outcome::Draw {
        reason: reason.into(),
    })
}

use chatrang_rules::Color::White;

#[test]
fn pao_mates_through_a_screen() {
    // The Knight steps onto the a-file and becomes the screen; a9 is covered through it too.
    let mut game = load("kp8/1p8/10/10/10/10/10/10/2N7/C8K w - - 0 1");
    assert!(
        matches!(game.status(), Status::Ongoing { ref prompt, .. } if prompt == "White to move")
    );
    let played = game.play("c2a3").unwrap();
    assert_eq!(game.status(), win(White, "checkmate"));
    assert!(
        played.description.ends_with("White wins (checkmate)"),
        "{}",
        played.description
    );
}

#[test]
fn grasshopper_mates_over_a_hurdle_next_to_the_king() {
    // The Grasshopper hops f3–f5 over the pawn, then eyes a10 over the pawn on b9, which the
    // Blocking Prince on b8 keeps from moving.
    let mut game = load("kp8/pp8/1[PR]8/10/10/10/5P4/5G3K/10/10 w - - 0 1");
    game.play("f3f5").unwrap();
    assert_eq!(game.status(), win(White, "checkmate"));
}

#[test]
fn a_pinned_piece_may_only_move_along_the_pin() {
    let game = load("4r4k/10/10/10/10/10/10/10/4R5/4K5 w - - 0 1");
    assert_eq!(
        moves_from(game.as_ref(), "e2"),
        sorted("e2e3 e2e4 e2e5 e2e6 e2e7 e2e8 e2e9 e2e10")
    );
}

#[test]
fn two_pieces_between_a_pao_and_the_king_are_both_pinned() {
    // Either piece leaving the file would leave exactly one screen: check from e10.
    let game = load("4c4k/10/10/10/4N5/10/4B5/10/10/4K5 w - - 0 1");
    assert_eq!(moves_from(game.as_ref(), "e6"), Vec::<String>::new());
    assert_eq!(moves_from(game.as_ref(), "e4"), Vec::<String>::new());
    assert!(!moves_from(game.as_ref(), "e1").is_empty());
}

#[test]
fn the_blocking_prince_shields_and_cannot_be_taken_or_take() {
    // The Prince on e5 shields the King from the Rook, which cannot take it.
    let mut game = load("4r4k/10/10/10/10/4[PR]5/10/10/10/4K5 b - - 0 1");
    assert_eq!(
        moves_from(game.as_ref(), "e10"),
        sorted("e10a10 e10b10 e10c10 e10d10 e10f10 e10g10 e10h10 e10i10 e10e9 e10e8 e10e7 e10e6")
    );
    let e = game.play("e10e5").unwrap_err().to_string();
    assert!(e.contains("not a legal move"), "{e}");
    // A Black Prince beside the White King gives no check, and the King cannot take it.
    let game = load("9k/10/10/10/10/10/10/10/4[pr]5/4K5 w - - 0 1");
    assert!(
        matches!(game.status(), Status::Ongoing { ref prompt, .. } if prompt == "White to move")
    );
    assert_eq!(
        moves_from(game.as_ref(), "e1"),
        sorted("e1d1 e1d2 e1f1 e1f2")
    );
}

#[test]
fn pawns_promote_on_the_last_rank_to_any_non_royal_non_pawn_type() {
    let mut game = load("k9/4P5/10/10/10/10/10/10/10/9K w - - 0 1");
    let choices: Vec<String> = moves_from(game.as_ref(), "e9");
    assert_eq!(
        choices,
        sorted(
            "e9e10=Q e9e10=R e9e10=N e9e10=B e9e10=CN e9e10=C e9e10=PR e9e10=G e9e10=JS \
             e9e10=AS e9e10=BS e9e10=DS"
        )
    );
    let e = game.play("e9e10").unwrap_err().to_string();
    assert!(e.contains("needs a promotion choice"), "{e}");
    game.play("e9e10=CN").unwrap();
    assert!(
        game.position_text().starts_with("k3[CN]5/"),
        "{}",
        game.position_text()
    );
}

#[test]
fn mecklenburg_pawns_promote_on_their_eighth_rank() {
    let game = load("k9/10/10/4[MP]5/10/10/10/10/10/9K w - - 0 1");
    let moves = moves_from(game.as_ref(), "e7");
    assert_eq!(moves.len(), 12);
    assert!(moves.iter().all(|m| m.starts_with("e7e8=")));
    // Black's Mecklenburg pawn promotes on rank 3.
    let game = load("k9/10/10/10/10/10/4[mx]5/10/10/9K b - - 0 1");
    let moves = moves_from(game.as_ref(), "e4");
    assert_eq!(moves.len(), 24);
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("e4d3=") || m.starts_with("e4f3="))
    );
}

#[test]
fn defending_and_fish_pawns_promote_on_the_last_rank_too() {
    for symbol in ["DC", "FC"] {
        let game = load(&format!(
            "k9/4[{symbol}]5/10/10/10/10/10/10/10/9K w - - 0 1"
        ));
        let moves = moves_from(game.as_ref(), "e9");
        assert_eq!(moves.iter().filter(|m| m.starts_with("e9e10=")).count(), 12);
    }
}

#[test]
fn spears_never_promote_and_are_stuck_on_the_last_rank() {
    let mut game = load("k9/4[JS]5/10/10/10/10/10/10/10/9K w - - 0 1");
    assert_eq!(moves_from(game.as_ref(), "e9"), vec!["e9e10"]);
    game.play("e9e10").unwrap();
    game.play("a10b10").unwrap();
    assert!(moves_from(game.as_ref(), "e10").is_empty());
}

#[test]
fn pawn_multi_steps_depend_on_the_rank_not_on_having_moved() {
    let game = load("k9/10/10/10/10/10/4P5/3P6/2P7/P8K w - - 0 1");
    assert_eq!(moves_from(game.as_ref(), "a1"), sorted("a1a2 a1a3 a1a4"));
    assert_eq!(moves_from(game.as_ref(), "c2"), sorted("c2c3 c2c4 c2c5"));
    assert_eq!(moves_from(game.as_ref(), "d3"), sorted("d3d4 d3d5"));
    assert_eq!(moves_from(game.as_ref(), "e4"), sorted("e4e5"));
    // A Fish pawn stepping back to its 2nd rank may triple-step again.
    let mut game = load("k9/10/10/10/10/10/10/4[FP]5/10/9K w - - 0 1");
    game.play("e3e2").unwrap();
    game.play("a10b10").unwrap();
    assert_eq!(
        moves_from(game.as_ref(), "e2"),
        sorted("e2e1 e2e3 e2e4 e2e5")
    );
}

#[test]
fn multi_steps_need_every_passed_square_empty_and_never_capture() {
    let game = load("k9/10/10/10/10/10/2p7/4p5/4[BP]5/9K w - - 0 1");
    // d3 is free, c4 holds an enemy: d3 only that way; f3, g4, h5 the other way; the
    // enemy on e3 is taken straight ahead.
    assert_eq!(
        moves_from(game.as_ref(), "e2"),
        sorted("e2d3 e2e3 e2f3 e2g4 e2h5")
    );
    let game = load("k9/10/10/10/10/10/10/4p5/10/4P4K w - - 0 1");
    assert_eq!(moves_from(game.as_ref(), "e1"), sorted("e1e2"));
}

#[test]
fn black_pawns_multi_step_down_from_their_first_three_ranks() {
    let game = load("4p4k/3[mc]6/2[xp]7/10/10/10/10/10/10/9K b - - 0 1");
    assert_eq!(
        moves_from(game.as_ref(), "e10"),
        sorted("e10e9 e10e8 e10e7")
    );
    assert_eq!(moves_from(game.as_ref(), "d9"), sorted("d9d8 d9d7 d9d6"));
    assert_eq!(
        moves_from(game.as_ref(), "c8"),
        sorted("c8b7 c8a6 c8d7 c8e6")
    );
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut game = load("k9/10/10/10/10/10/10/10/10/N8K w - - 0 1");
    for m in ["a1b3", "a10b10", "b3a1", "b10a10", "a1b3", "a10b10", "b3a1"] {
        assert!(
            matches!(game.status(), Status::Ongoing { .. }),
            "before {m}"
        );
        game.play(m).unwrap();
    }
    assert!(matches!(game.status(), Status::Ongoing { .. }));
    game.play("b10a10").unwrap();
    assert_eq!(game.status(), draw("threefold repetition"));
}

#[test]
fn stalemate_is_a_draw() {
    let mut game = load("k9/10/10/10/10/10/10/10/10/2Q6K w - - 0 1");
    game.play("c1c9").unwrap();
    assert_eq!(game.status(), draw("stalemate"));
}

#[test]
fn fifty_moves_without_capture_or_pawn_move_draw() {
    let mut game = load("k9/10/10/10/10/10/10/10/4P5/N8K w - - 99 60");
    game.play("a1b3").unwrap();
    assert_eq!(game.status(), draw("fifty-move rule"));
    // Any pawn-family move resets the count.
    let mut game = load("k9/10/10/10/10/10/10/10/4[FX]5/N8K w - - 99 60");
    game.play("e2f3").unwrap();
    assert!(matches!(game.status(), Status::Ongoing { .. }));
    assert!(
        game.position_text().contains(" - - 0 60"),
        "{}",
        game.position_text()
    );
    // Spears are not pawns: their moves count towards the fifty.
    let mut game = load("k9/10/10/10/10/10/10/10/4[JS]5/9K w - - 99 60");
    game.play("e2e3").unwrap();
    assert_eq!(game.status(), draw("fifty-move rule"));
    // A capture resets it.
    let mut game = load("k9/10/10/10/10/10/10/4p5/4[JS]5/9K w - - 99 60");
    game.play("e2e3").unwrap();
    assert!(matches!(game.status(), Status::Ongoing { .. }));
}

#[test]
fn a_royal_left_attacked_when_play_starts_may_be_taken_and_that_wins() {
    // Both royals attacked, White to move: take the Royal Knight, or get out of check.
    let mut game = load("[rn]6R2/4r5/10/10/10/10/10/10/10/4K5 w - - 0 1");
    let mut legal: Vec<String> = game
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    legal.sort();
    assert_eq!(legal, sorted("h10a10 e1d1 e1d2 e1f1 e1f2"));
    game.play("h10a10").unwrap();
    assert_eq!(game.status(), win(White, "royal piece captured"));
}

#[test]
fn a_draft_that_leaves_blacks_royal_attacked_lets_white_take_it() {
    let white = [
        "K e1", "C a1", "Q b1", "N c1", "CN d1", "G f1", "JS g1", "AS h1", "BS i1", "DS j1",
        "R b2", "B h2", "BP d2", "XP e2", "FX f2",
    ];
    // Unlike the complete game, Black leaves b9 empty: the Diagonal Spear on j1 sees a10.
    let black = [
        "RN a10", "P b10", "CP c10", "MP d10", "MC e10", "MB f10", "MX g10", "DB h10", "DX i10",
        "PR j10", "DP g9", "DC c9", "FP d9", "FC e9", "FB f9",
    ];
    let mut game = registry::new_game(GameId::PickATeam, &Default::default(), 0).unwrap();
    let (mut w, mut b) = (white.iter(), black.iter());
    for i in 0..30usize {
        let pick = if i.div_ceil(2).is_multiple_of(2) {
            w.next()
        } else {
            b.next()
        };
        game.play(&format!("pick {}", pick.unwrap())).unwrap();
    }
    assert!(game.legal_actions().iter().any(|a| a.notation == "j1a10"));
    game.play("j1a10").unwrap();
    assert_eq!(game.status(), win(White, "royal piece captured"));
}
