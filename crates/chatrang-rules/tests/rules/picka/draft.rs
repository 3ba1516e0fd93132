//! The draft of `docs/rules.md` §2.1 and §2.2: the pick order, every reason a pick is refused, the
//! pool, and draft positions that survive being written and read back.

use chatrang_rules::{ActionError, Actor, Color, Game, GameId, Options, Status, registry};

fn new(id: GameId) -> Box<dyn Game> {
    registry::new_game(id, &Options::default(), 1).unwrap()
}

fn actor(game: &dyn Game) -> Color {
    match game.status() {
        Status::Ongoing {
            actor: Actor::Side(c),
            ..
        } => c,
        other => panic!("unexpected status {other:?}"),
    }
}

/// The refusal text of an action, which must leave the game unchanged.
fn refusal(game: &mut Box<dyn Game>, action: &str) -> String {
    let before = game.position_text();
    let e = game.play(action).expect_err(action);
    assert_eq!(game.position_text(), before, "{action} changed the game");
    e.to_string()
}

/// Plays the first legal pick `n` times.
fn pick_first(game: &mut Box<dyn Game>, n: usize) {
    for _ in 0..n {
        let a = game.legal_actions()[0].notation.clone();
        game.play(&a).unwrap();
    }
}

#[test]
fn pick_order_is_w1_b2_w2_then_b1_last_in_version_one() {
    let mut game = new(GameId::PickATeam);
    let mut order = String::new();
    while game.position_text().ends_with("draft") {
        order.push(actor(game.as_ref()).name().chars().next().unwrap());
        pick_first(&mut game, 1);
    }
    assert_eq!(order, "WBBWWBBWWBBWWBBWWBBWWBBWWBBWWB");
    assert!(matches!(
        game.status(),
        Status::Ongoing { actor: Actor::Side(Color::White), ref prompt } if prompt == "White to move"
    ));
}

#[test]
fn pick_order_ends_with_white_in_version_two_and_patch() {
    for (id, total) in [(GameId::PickATeamV2, 40), (GameId::Patch, 32)] {
        let mut game = new(id);
        let mut order = String::new();
        for _ in 0..total {
            order.push(actor(game.as_ref()).name().chars().next().unwrap());
            pick_first(&mut game, 1);
        }
        assert!(order.starts_with("WBBWWBB"), "{order}");
        assert!(order.ends_with("BBW"), "{order}");
        assert_eq!(order.matches('W').count(), total / 2);
        assert!(
            !game.position_text().contains("draft"),
            "{id:?} still drafting"
        );
    }
}

#[test]
fn pick_order_in_easy_patch_is_w1_b2_w2_b2_w2_b2_w2_b1() {
    let mut game = new(GameId::EasyPatch);
    let mut order = String::new();
    for _ in 0..14 {
        order.push(actor(game.as_ref()).name().chars().next().unwrap());
        pick_first(&mut game, 1);
    }
    assert_eq!(order, "WBBWWBBWWBBWWB");
    assert_eq!(actor(game.as_ref()), Color::White);
}

#[test]
fn the_first_pick_of_each_side_must_be_royal() {
    let mut game = new(GameId::PickATeam);
    assert_eq!(
        game.legal_actions().len(),
        2 * 10,
        "two royals on ten squares"
    );
    assert_eq!(
        refusal(&mut game, "pick Queen e1"),
        "the first pick must be royal: choose King (K) or Royal Knight (RN)"
    );
    game.play("pick King e1").unwrap();
    assert_eq!(
        refusal(&mut game, "pick Q e10"),
        "the first pick must be royal: choose Royal Knight (RN)"
    );
    assert_eq!(game.legal_actions().len(), 10);
    game.play("pick RN e10").unwrap();
    // Black's second pick of the turn is free.
    game.play("pick Q d10").unwrap();
}

#[test]
fn a_picked_type_is_gone_from_the_pool() {
    let mut game = new(GameId::PickATeam);
    game.play("pick K e1").unwrap();
    assert_eq!(
        refusal(&mut game, "pick King e10"),
        "the King has already been picked; choose another piece from the pool"
    );
    game.play("pick RN e10").unwrap();
    game.play("pick Grasshopper d10").unwrap();
    assert_eq!(
        refusal(&mut game, "pick G d1"),
        "the Grasshopper has already been picked; choose another piece from the pool"
    );
    assert_eq!(game.view().pool.len(), 27);
    assert!(!game.view().pool.iter().any(|p| p.name == "Grasshopper"));
}

#[test]
fn rank_two_is_open_only_when_rank_one_is_full() {
    let mut game = new(GameId::PickATeam);
    game.play("pick K e1").unwrap();
    game.play("pick RN e10").unwrap();
    game.play("pick Q d10").unwrap();
    assert_eq!(
        refusal(&mut game, "pick R e2"),
        "rank 2 is open only when rank 1 is full; place the piece on an empty square of rank 1"
    );
    // Fill White's rank 1 and Black's rank 10, then the second ranks open.
    while game
        .view()
        .marks
        .iter()
        .all(|&(s, _)| s.rank() == 0 || s.rank() == 9)
    {
        pick_first(&mut game, 1);
    }
    let open: Vec<u8> = game.view().marks.iter().map(|&(s, _)| s.rank()).collect();
    assert!(open.iter().all(|&r| r == 1 || r == 8), "{open:?}");
}

#[test]
fn black_places_on_ranks_ten_and_nine_and_rank_nine_waits_for_rank_ten() {
    let mut game = new(GameId::PickATeam);
    game.play("pick K e1").unwrap();
    assert_eq!(
        refusal(&mut game, "pick RN e1"),
        "Black places pieces on ranks 10 and 9, not on e1"
    );
    assert_eq!(
        refusal(&mut game, "pick RN e9"),
        "rank 9 is open only when rank 10 is full; place the piece on an empty square of rank 10"
    );
}

#[test]
fn picks_go_on_the_own_ranks_one_piece_a_square() {
    let mut game = new(GameId::PickATeam);
    assert_eq!(
        refusal(&mut game, "pick K e5"),
        "White places pieces on ranks 1 and 2, not on e5"
    );
    game.play("pick K e1").unwrap();
    game.play("pick RN e10").unwrap();
    game.play("pick Q d10").unwrap();
    assert_eq!(
        refusal(&mut game, "pick R e1"),
        "e1 is already taken by the King; choose an empty square"
    );
}

#[test]
fn unreadable_and_unknown_picks_say_what_to_write() {
    let mut game = new(GameId::PickATeam);
    assert!(refusal(&mut game, "pick Dragon e1").starts_with(
        "there is no piece called \"Dragon\"; the pool has King (K), Royal Knight (RN), Queen (Q)"
    ));
    assert_eq!(refusal(&mut game, "pick K k1"), "k1 is not on this board");
    for bad in ["", "pick", "pick K", "pick K e", &"pick K e1 ".repeat(50)] {
        let e = game.play(bad).unwrap_err();
        assert!(matches!(e, ActionError::Unreadable { .. }), "{bad}: {e}");
    }
    assert!(refusal(&mut game, "e2e4").starts_with("the draft is still on: White picks"));
}

#[test]
fn picks_are_read_by_name_letter_or_glued() {
    for input in [
        "pick King e1",
        "pick k e1",
        "K@e1",
        "pick K on e1",
        "Ke1",
        "PICK KING E1",
    ] {
        let mut game = new(GameId::PickATeam);
        let played = game.play(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(played.notation, "pick K e1");
        assert_eq!(
            played.description,
            "White picks the King (K) and places it on e1"
        );
    }
    let mut game = new(GameId::PickATeam);
    game.play("pick K e1").unwrap();
    game.play("pick royal-knight e10").unwrap();
    game.play("pick chinese nightrider d10").unwrap();
    game.play("pick ff pawn d1").unwrap();
    assert!(game.position_text().starts_with("3[cn][rn]5/"));
}

#[test]
fn after_the_draft_picks_are_refused_and_moves_accepted() {
    let mut game = new(GameId::EasyPatch);
    pick_first(&mut game, 14);
    assert_eq!(
        refusal(&mut game, "pick Q d1"),
        "the draft is over; move a piece instead, such as e2e4"
    );
    game.play("e2e4").unwrap();
}

#[test]
fn easy_patch_picks_go_on_the_empty_squares_of_the_first_rank() {
    let mut game = new(GameId::EasyPatch);
    assert_eq!(game.legal_actions().len(), 10 * 7);
    assert_eq!(
        refusal(&mut game, "pick Queen e1"),
        "e1 is already taken by the King; choose an empty square"
    );
    assert_eq!(
        refusal(&mut game, "pick Queen e3"),
        "White places pieces on rank 1, not on e3"
    );
    assert!(refusal(&mut game, "pick King d1").starts_with("the King is not in the pool"));
    // Two lists share the Queen: two copies, one for each side here.
    game.play("pick Q d1").unwrap();
    game.play("pick Q d8").unwrap();
    assert_eq!(
        refusal(&mut game, "pick Queen c8"),
        "every Queen has already been picked; choose another piece from the pool"
    );
}

#[test]
fn a_draft_in_progress_round_trips_through_its_position_string() {
    for id in [
        GameId::PickATeam,
        GameId::PickATeamV2,
        GameId::Patch,
        GameId::EasyPatch,
    ] {
        let mut game = new(id);
        for n in 0..5 {
            pick_first(&mut game, n.min(1));
            let text = game.position_text();
            let loaded = registry::load(id, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(loaded.position_text(), text);
            assert_eq!(loaded.status(), game.status());
            let names = |g: &dyn Game| -> Vec<String> {
                g.legal_actions().into_iter().map(|a| a.notation).collect()
            };
            assert_eq!(names(loaded.as_ref()), names(game.as_ref()));
        }
    }
}

#[test]
fn impossible_draft_positions_are_refused_with_a_reason() {
    let empty = "10/10/10/10/10/10/10/10/10/10";
    for (text, reason) in [
        ("10/10/10/10/10/10/10/10/10/4K5 b - - 0 1 draft", ""),
        (
            "10/10/10/10/10/10/10/4Q5/10/10 w - - 0 1 draft",
            "White cannot have placed a piece on e3",
        ),
        (
            "10/10/10/10/10/10/10/10/10/4Q5 b - - 0 1 draft",
            "White must have exactly one royal piece",
        ),
        (
            "10/10/10/10/10/10/10/10/10/4K5 w - - 0 1 draft",
            "after 1 picks it is Black's pick, not White's",
        ),
        ("4[rn]5/10/10/10/10/10/10/10/10/4K5 b - - 0 1 draft", ""),
        (
            &format!("{empty} b - - 0 1 draft"),
            "after 0 picks it is White's pick, not Black's",
        ),
    ] {
        let result = registry::load(GameId::PickATeam, text);
        match (reason, result) {
            ("", Ok(_)) => {}
            ("", Err(e)) => panic!("{text}: {e}"),
            (reason, Ok(_)) => panic!("{text} was accepted; expected: {reason}"),
            (reason, Err(e)) => assert!(e.to_string().contains(reason), "{text}: {e}"),
        }
    }
    let e = registry::load(
        GameId::PickATeam,
        "10/10/10/10/10/10/10/10/10/4K5 b - - 3 1 draft",
    );
    assert!(e.unwrap_err().to_string().contains("nothing has moved"));
    let e = registry::load(
        GameId::PickATeam,
        "3q[rn]5/10/10/10/10/10/10/10/4P5/4K5 w - - 0 1 draft",
    );
    assert!(e.unwrap_err().to_string().contains("second rank"));
}

#[test]
fn a_game_replays_from_its_options_seed_and_notations() {
    let mut game = new(GameId::Patch);
    let mut record = Vec::new();
    for _ in 0..40 {
        let Some(a) = game.legal_actions().into_iter().nth(3) else {
            break;
        };
        record.push(game.play(&a.notation).unwrap().notation);
    }
    let mut replay = new(GameId::Patch);
    for n in &record {
        replay.play(n).unwrap();
    }
    assert_eq!(replay.position_text(), game.position_text());
}

#[test]
fn the_pool_is_shown_with_the_board() {
    let game = new(GameId::PickATeam);
    let view = game.view();
    assert_eq!(view.pool.len(), 30);
    assert_eq!(view.marks.len(), 10);
    assert!(
        view.header.contains("draft, pick 1 of 30 · White to pick"),
        "{}",
        view.header
    );
    // What to pick and where is said once, by the status line, not again in the header.
    let Status::Ongoing { prompt, .. } = game.status() else {
        panic!("the draft goes on");
    };
    assert!(prompt.contains("a piece from the pool"), "{prompt}");
    assert!(
        !view.header.contains("a piece from the pool"),
        "{}",
        view.header
    );
    let kinds: Vec<&str> = view.pool.iter().map(|p| p.kind.as_str()).collect();
    for kind in [
        "king",
        "royal-knight",
        "chinese-nightrider",
        "pao",
        "blocking-prince",
        "grasshopper",
        "pawn-ff-mecklenburg",
        "pawn-berolina-defending",
        "pawn-chinese-fish",
        "spear-arabic",
    ] {
        assert!(kinds.contains(&kind), "{kind} missing from {kinds:?}");
    }
}
