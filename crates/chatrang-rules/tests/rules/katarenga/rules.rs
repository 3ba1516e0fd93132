//! Katarenga rules (`docs/rules.md` §3), one test per rule, in positions built for each.

use chatrang_rules::{
    Actor, Color, Game, GameId, Options, Outcome, Status, Tile,
    katarenga::{self, Arrangement, Hue, board},
    registry,
};

use crate::helpers::{self, legal, legal_starting as moves_from};

/// Board AJS2 is Q1a, Q2a, Q3a, Q4a unturned; its ranks, for reading the tests:
/// 8 RYBGRYGB  7 GRGBGYRY  6 YYBRBBGR  5 BGRYYRBG
/// 4 RGBYRGBY  3 YYGRYYBR  2 BBRGBGRG  1 GRYBGRYB
const START: &str = "AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP w ---- wb 1";

fn load(text: &str) -> Box<dyn Game> {
    helpers::load(GameId::Katarenga, text)
}

fn hue_letters(hues: &[Hue; 64], rank: usize) -> String {
    (0..8)
        .map(|f| match hues[rank * 8 + f] {
            Hue::Red => 'R',
            Hue::Yellow => 'Y',
            Hue::Green => 'G',
            Hue::Blue => 'B',
        })
        .collect()
}

// ---- 3.1 The board -------------------------------------------------------------------------

#[test]
fn each_face_has_four_squares_of_each_colour_and_four_different_corners() {
    for q in 0..4 {
        for side in 0..2 {
            let f = board::face(q, side);
            for hue in Hue::ALL {
                let n = f.iter().flatten().filter(|&&h| h == hue).count();
                assert_eq!(n, 4, "Q{}{} has {n} {hue:?}", q + 1, ["a", "b"][side]);
            }
            let corners = [f[0][0], f[0][3], f[3][0], f[3][3]];
            for hue in Hue::ALL {
                assert!(corners.contains(&hue), "Q{} corners {corners:?}", q + 1);
            }
        }
    }
}

#[test]
fn each_b_face_is_the_mirror_image_of_its_a_face() {
    // The mirror is the reflection in the diagonal through the red top-left corner.
    for q in 0..4 {
        let a = board::face(q, 0);
        let b = board::face(q, 1);
        for r in 0..4 {
            for c in 0..4 {
                assert_eq!(b[r][c], a[c][r], "Q{} at row {r} column {c}", q + 1);
            }
        }
    }
}

#[test]
fn a_board_is_the_four_quarterboards_in_the_frame() {
    let hues = Arrangement::parse("AJS2").unwrap().hues();
    assert_eq!(hue_letters(&hues, 7), "RYBGRYGB"); // Q1a and Q2a top rows
    assert_eq!(hue_letters(&hues, 0), "GRYBGRYB"); // Q3a and Q4a bottom rows
    // Q1 turned once clockwise (B), Q2's b face (N), Q3 (S), Q4 (2).
    let turned = Arrangement::parse("BNS2").unwrap().hues();
    // Q1a turned clockwise: its left column read bottom to top becomes the top row.
    assert_eq!(&hue_letters(&turned, 7)[..4], "BYGR");
    assert_eq!(&hue_letters(&turned, 7)[4..], "RGBY"); // Q2b top row
}

#[test]
fn there_are_98304_boards_and_every_code_names_exactly_one() {
    assert_eq!(Arrangement::COUNT, 98_304);
    let mut codes = std::collections::HashSet::new();
    for i in (0..Arrangement::COUNT).step_by(7) {
        let a = Arrangement::from_index(i);
        assert_eq!(a.code().len(), 4);
        assert_eq!(Arrangement::parse(&a.code().to_lowercase()), Ok(a));
        assert!(codes.insert(a.code()));
    }
}

#[test]
fn a_bad_board_code_is_a_clear_error() {
    for bad in ["", "AJS", "AJS22", "AJSI", "AAS2", "A J S", "ÄJS2"] {
        let e = Arrangement::parse(bad).unwrap_err().to_string();
        assert!(
            e.contains("board code") || e.contains("cannot be"),
            "{bad}: {e}"
        );
    }
    let opts = Options::default().with("board", "XXXX");
    let e = registry::new_game(GameId::Katarenga, &opts, 1).unwrap_err();
    assert!(e.to_string().contains("quarterboard"), "{e}");
}

#[test]
fn the_board_is_drawn_from_the_seed_and_named_by_its_code() {
    let a = registry::new_game(GameId::Katarenga, &Options::default(), 42).unwrap();
    let b = registry::new_game(GameId::Katarenga, &Options::default(), 42).unwrap();
    assert_eq!(a.position_text(), b.position_text());
    let boards: std::collections::HashSet<String> = (0..20)
        .map(|seed| {
            registry::new_game(GameId::Katarenga, &Options::default(), seed)
                .unwrap()
                .position_text()[..4]
                .to_string()
        })
        .collect();
    assert!(boards.len() > 15, "seeds give different boards: {boards:?}");
    let code = &a.position_text()[..4];
    let same = registry::new_game(
        GameId::Katarenga,
        &Options::default().with("board", code),
        7,
    )
    .unwrap();
    assert_eq!(same.position_text(), a.position_text());
}

// ---- The opening decision --------------------------------------------------------------------

#[test]
fn black_chooses_the_baseline_first() {
    let opts = Options::default().with("board", "AJS2");
    let game = registry::new_game(GameId::Katarenga, &opts, 0).unwrap();
    match game.status() {
        Status::Ongoing { actor, prompt } => {
            assert_eq!(actor, Actor::Side(Color::Black));
            assert!(prompt.contains("baseline"), "{prompt}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        legal(&*game),
        [
            "baseline east",
            "baseline north",
            "baseline south",
            "baseline west"
        ]
    );
    assert!(game.view().pieces.is_empty());
    let mut g = game.clone_game();
    assert!(g.play("c2c3").is_err());
    assert_eq!(g.position_text(), game.position_text());
}

#[test]
fn choosing_north_keeps_the_board_and_white_takes_the_opposite_edge_and_moves_first() {
    let mut game = registry::new_game(
        GameId::Katarenga,
        &Options::default().with("board", "AJS2"),
        0,
    )
    .unwrap();
    game.play("baseline north").unwrap();
    assert_eq!(game.position_text(), START);
    assert!(matches!(
        game.status(),
        Status::Ongoing {
            actor: Actor::Side(Color::White),
            ..
        }
    ));
}

#[test]
fn choosing_another_edge_turns_the_board_so_that_edge_is_blacks_baseline() {
    let before = Arrangement::parse("AJS2").unwrap().hues();
    let mut game = registry::new_game(
        GameId::Katarenga,
        &Options::default().with("board", "AJS2"),
        0,
    )
    .unwrap();
    game.play("baseline east").unwrap();
    let code = game.position_text()[..4].to_string();
    let after = Arrangement::parse(&code).unwrap().hues();
    // The east edge (the h file, h8 to h1) is now rank 8, a8 to h8.
    for f in 0..8 {
        assert_eq!(after[7 * 8 + f], before[(7 - f) * 8 + 7]);
    }
    // White is on the old west edge (a8 to a1), now rank 1, a1 to h1.
    for f in 0..8 {
        assert_eq!(after[f], before[(7 - f) * 8]);
    }
    assert!(
        game.position_text()
            .contains("pppppppp/8/8/8/8/8/8/PPPPPPPP w")
    );
    // South turns the board half round; west a quarter clockwise.
    let mut south = registry::new_game(
        GameId::Katarenga,
        &Options::default().with("board", "AJS2"),
        0,
    )
    .unwrap();
    south.play("baseline south").unwrap();
    let s = Arrangement::parse(&south.position_text()[..4])
        .unwrap()
        .hues();
    for i in 0..64 {
        assert_eq!(s[i], before[63 - i]);
    }
}

#[test]
fn the_baseline_option_makes_blacks_choice_in_advance() {
    let opts = Options::default()
        .with("board", "AJS2")
        .with("baseline", "north");
    let game = registry::new_game(GameId::Katarenga, &opts, 0).unwrap();
    assert_eq!(game.position_text(), START);
    let bad = Options::default().with("baseline", "up");
    assert!(registry::new_game(GameId::Katarenga, &bad, 0).is_err());
}

// ---- 3.2 Movement ----------------------------------------------------------------------------

#[test]
fn red_slides_orthogonally_and_stop_on_the_first_red_square() {
    // b1 is red; up the b file: b2 B, b3 Y, b4 G, b5 G, b6 Y, b7 R, b8 Y.
    let game = load(START);
    assert_eq!(
        moves_from(&*game, "b1"),
        ["b1b2", "b1b3", "b1b4", "b1b5", "b1b6", "b1b7"]
    );
}

#[test]
fn yellow_slides_diagonally_and_stop_on_the_first_yellow_square() {
    // c1 is yellow: d2 G then e3 Y (stop; f4 is not reached); b2 B then a3 Y.
    let game = load(START);
    assert_eq!(moves_from(&*game, "c1"), ["c1a3", "c1b2", "c1d2", "c1e3"]);
}

#[test]
fn slides_do_not_pass_over_pawns() {
    // A black pawn on b4 stops the red slide from b1 at b3 (and cannot be taken on the
    // first move); a white pawn on d2 blocks c1's yellow slide towards e3.
    let game = load("AJS2 7p/8/8/8/1p6/8/3P4/1PP5 w ---- wb 1");
    assert_eq!(moves_from(&*game, "b1"), ["b1a1", "b1b2", "b1b3"]);
    assert_eq!(moves_from(&*game, "c1"), ["c1a3", "c1b2"]);
}

#[test]
fn green_leaps_like_a_knight_over_pawns() {
    // a1 is green; b1, b2, a2 are full but the leap to b3 and c2 still works.
    let game = load("AJS2 pppppppp/8/8/8/8/8/PP6/PP6 w ---- wb 1");
    assert_eq!(moves_from(&*game, "a1"), ["a1b3", "a1c2"]);
}

#[test]
fn blue_steps_one_square_any_way() {
    // d1 is blue: c2, d2, e2 (c1 and e1 are White's own).
    let game = load(START);
    assert_eq!(moves_from(&*game, "d1"), ["d1c2", "d1d2", "d1e2"]);
    let alone = load("AJS2 pppppppp/8/8/8/8/8/8/3P3P w ---- - 5");
    assert_eq!(
        moves_from(&*alone, "d1"),
        ["d1c1", "d1c2", "d1d2", "d1e1", "d1e2"]
    );
}

#[test]
fn a_pawn_may_not_land_on_its_own_pawn() {
    let mut game = load(START);
    let err = game.play("d1e1").unwrap_err().to_string();
    assert!(err.contains("your own pawn"), "{err}");
    assert_eq!(game.position_text(), START);
}

#[test]
fn a_pawn_captures_by_landing_on_an_enemy_pawn() {
    let mut game = load("AJS2 ppppppp1/8/8/8/1p6/8/8/PPPPPPPP w ---- - 5");
    assert!(legal(&*game).contains(&"b1b4".to_string()));
    let played = game.play("b1b4").unwrap();
    assert!(
        played.description.contains("takes"),
        "{}",
        played.description
    );
    assert_eq!(
        game.position_text(),
        "AJS2 ppppppp1/8/8/8/1P6/8/8/P1PPPPPP b ---- - 5"
    );
}

#[test]
fn white_may_not_capture_on_its_first_move() {
    let text = "AJS2 ppppppp1/8/8/8/1p6/8/8/PPPPPPPP w ---- wb 1";
    let mut game = load(text);
    assert!(!legal(&*game).contains(&"b1b4".to_string()));
    let err = game.play("b1b4").unwrap_err().to_string();
    assert!(err.contains("first move"), "{err}");
    assert_eq!(game.position_text(), text);
    // After that first move, the capture is allowed.
    game.play("d1d2").unwrap();
    game.play("a8a7").unwrap_or_else(|e| panic!("{e}"));
    assert!(legal(&*game).contains(&"b1b4".to_string()));
}

#[test]
fn black_may_not_capture_on_its_first_move_either() {
    // White has moved; Black has not. Black's b8 is yellow and a White pawn stands on a7,
    // diagonally next to it.
    let text = "AJS2 pppppppp/P7/8/8/8/8/8/1PPPPPPP b ---- b 3";
    let mut game = load(text);
    assert!(!legal(&*game).contains(&"b8a7".to_string()));
    let err = game.play("b8a7").unwrap_err().to_string();
    assert!(err.contains("first move"), "{err}");
    let later = load("AJS2 pppppppp/P7/8/8/8/8/8/1PPPPPPP b ---- - 3");
    assert!(legal(&*later).contains(&"b8a7".to_string()));
}

// ---- 3.3 Camps and winning -------------------------------------------------------------------

#[test]
fn a_pawn_on_the_enemy_baseline_may_enter_a_free_camp() {
    let text = "AJS2 1ppppppp/8/8/8/8/8/8/P1PPPPPP b ---- - 9";
    let mut game = load(text);
    // Black has no pawn on rank 1: no camp move.
    assert!(!legal(&*game).iter().any(|n| n.ends_with("camp")));
    let mut white = load("AJS2 Pppppppp/8/8/8/8/8/8/2PPPPPP w ---- - 9");
    assert!(legal(&*white).contains(&"a8-camp".to_string()));
    let played = white.play("a8 camp").unwrap();
    assert_eq!(played.notation, "a8-camp");
    assert!(played.description.contains("camp beyond a8"));
    assert!(
        white.position_text().contains(" P--- "),
        "{}",
        white.position_text()
    );
    let camp = white
        .view()
        .outside
        .into_iter()
        .find(|s| s.beside.to_string() == "a8")
        .unwrap();
    assert_eq!(camp.owner, Color::White);
    assert!(camp.piece.is_some());
    let err = game.play("c8-camp").unwrap_err().to_string();
    assert!(err.contains("only from"), "{err}");
}

#[test]
fn a_pawn_on_the_enemy_baseline_may_also_move_on_or_be_captured() {
    // White's pawn on c8 (blue) may camp, step back into the board, or capture.
    let game = load("AJS2 1pPppppp/8/8/8/8/8/8/2PPPPPP w ---- - 9");
    assert_eq!(
        moves_from(&*game, "c8"),
        ["c8-camp", "c8b7", "c8b8", "c8c7", "c8d7", "c8d8"]
    );
    // It is not safe there: Black's pawn on d7 (blue) takes it.
    let mut black = load("AJS2 1pPppppp/3p4/8/8/8/8/8/2PPPPPP b ---- - 9");
    black.play("d7c8").unwrap();
    assert!(
        black.position_text().starts_with("AJS2 1ppppppp/8/"),
        "{}",
        black.position_text()
    );
}

#[test]
fn camp_entry_only_from_the_enemy_baseline() {
    let text = "AJS2 1ppppppp/P7/8/8/8/8/8/1PPPPPPP w ---- - 9";
    let mut game = load(text);
    let err = game.play("a7-camp").unwrap_err().to_string();
    assert!(err.contains("only from Black's baseline"), "{err}");
    assert_eq!(game.position_text(), text);
}

#[test]
fn a_camp_holds_one_pawn_so_the_next_goes_to_the_free_camp() {
    // The camp beyond a8 is taken; the pawn on b8 (nearer a8) goes beyond h8.
    let mut game = load("AJS2 1Ppppppp/8/8/8/8/8/8/2PPPPPP w P--- - 9");
    let played = game.play("b8-camp").unwrap();
    assert!(
        played.description.contains("beyond h8"),
        "{}",
        played.description
    );
}

#[test]
fn two_pawns_in_camp_win() {
    let mut game = load("AJS2 1Ppppppp/8/8/8/8/8/8/2PPPPPP w P--- - 9");
    assert!(matches!(game.status(), Status::Ongoing { .. }));
    game.play("b8-camp").unwrap();
    match game.status() {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(winner, Color::White);
            assert!(reason.contains("camp"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert!(game.legal_actions().is_empty());
    assert!(game.play("c1c2").is_err());
}

#[test]
fn a_camped_pawn_is_safe_and_counts_as_a_pawn_left() {
    // Black: one pawn on the board and one in camp is two pawns: the game goes on.
    let game = load("AJS2 8/8/8/8/1p6/8/8/PPPPPPPP w --p- - 9");
    assert!(matches!(game.status(), Status::Ongoing { .. }));
}

#[test]
fn fewer_than_two_pawns_left_loses() {
    let mut game = load("AJS2 7p/8/8/8/1p6/8/8/PPPPPPPP w ---- - 9");
    game.play("b1b4").unwrap();
    match game.status() {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(winner, Color::White);
            assert!(reason.contains("fewer than two"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_side_with_no_legal_move_is_passed_over() {
    // Black's first move is due, so it may not capture. Its pawns on g8 (green) and h8
    // (blue) have every target held by White pawns: Black must pass after White's move.
    let text = "AJS2 6pp/4P1PP/5P1P/8/8/8/8/P7 w ---- b 3";
    let mut game = load(text);
    let played = game.play("a1b3").unwrap();
    assert!(
        played
            .description
            .contains("Black has no legal move and passes")
    );
    assert!(matches!(
        game.status(),
        Status::Ongoing {
            actor: Actor::Side(Color::White),
            ..
        }
    ));
    assert!(
        game.position_text().contains(" w "),
        "{}",
        game.position_text()
    );
    let err = game.play("pass").unwrap_err().to_string();
    assert!(err.contains("automatically"), "{err}");
}

#[test]
fn threefold_repetition_is_a_draw() {
    // b1 is red and b2 blue; c8 and d7 are blue: both sides can step back and forth.
    let mut game = load("AJS2 2p4p/8/8/8/8/8/8/1P5P w ---- - 9");
    for m in [
        "b1b2", "c8d7", "b2b1", "d7c8", "b1b2", "c8d7", "b2b1", "d7c8",
    ] {
        assert!(
            matches!(game.status(), Status::Ongoing { .. }),
            "before {m}"
        );
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    match game.status() {
        Status::Over(Outcome::Draw { reason }) => assert!(reason.contains("repetition")),
        other => panic!("{other:?}"),
    }
}

// ---- Pictures, notation and the record ---------------------------------------------------------

#[test]
fn the_view_colours_every_square_and_shows_four_camps() {
    let view = load(START).view();
    assert_eq!(view.tiles.len(), 64);
    assert!(
        view.tiles
            .iter()
            .any(|(s, t)| s.to_string() == "a8" && *t == Tile::Red)
    );
    assert_eq!(view.outside.len(), 4);
    assert_eq!(view.pieces.len(), 16);
    assert!(view.header.contains("AJS2"), "{}", view.header);
    assert!(
        registry::load(GameId::Katarenga, START)
            .unwrap()
            .piece_diagram("green")
            .unwrap()
            .marks
            .len()
            >= 3
    );
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut game = load(START);
    let huge = "a".repeat(100_000);
    for bad in [
        "",
        "   ",
        "zz",
        "c3",
        "c3c9",
        "a1a1a1",
        "baseline up",
        &huge,
        "é4é5",
    ] {
        assert!(game.play(bad).is_err(), "{bad:?} accepted");
        assert_eq!(game.position_text(), START);
    }
    for bad in [
        "",
        "AJS2",
        "AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP x ---- wb 1",
        "AJS2 ppppppppp/8/8/8/8/8/8/PPPPPPPP w ---- wb 1",
        "AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP w pP-- wb 1",
        "AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP baseline ---- wb 1",
        "AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP w ---- wb 0",
        &huge,
    ] {
        assert!(registry::load(GameId::Katarenga, bad).is_err(), "{bad:?}");
    }
}

#[test]
fn the_position_string_reads_back_to_the_same_game_at_every_step() {
    let mut game = registry::new_game(GameId::Katarenga, &Options::default(), 99).unwrap();
    let mut record = Vec::new();
    for ply in 0..200 {
        let text = game.position_text();
        assert_eq!(load(&text).position_text(), text);
        let actions = game.legal_actions();
        if actions.is_empty() {
            break;
        }
        let pick = &actions[(ply * 7 + 3) % actions.len()];
        let played = game.play(&pick.notation).unwrap();
        assert_eq!(played.notation, pick.notation);
        record.push(played.notation);
    }
    let mut replay = registry::new_game(GameId::Katarenga, &Options::default(), 99).unwrap();
    for n in &record {
        replay.play(n).unwrap();
    }
    assert_eq!(replay.position_text(), game.position_text());
    assert_eq!(replay.status(), game.status());
}

#[test]
fn the_return_game_is_the_same_board_with_white_to_move_from_the_same_position() {
    let mut first = registry::new_game(
        GameId::Katarenga,
        &Options::default().with("board", "AJS2"),
        0,
    )
    .unwrap();
    first.play("baseline west").unwrap();
    let start_of_first = first.position_text();
    first
        .play(&first.legal_actions()[0].notation.clone())
        .unwrap();
    let options = katarenga::return_game_options(&first.position_text()).unwrap();
    let second = registry::new_game(GameId::Katarenga, &options, 12345).unwrap();
    assert_eq!(second.position_text(), start_of_first);
    let before_choice = registry::new_game(GameId::Katarenga, &Options::default(), 0)
        .unwrap()
        .position_text();
    assert!(katarenga::return_game_options(&before_choice).is_err());
}

#[test]
fn neither_side_able_to_move_is_a_draw() {
    // No real position gets here: a search of all 98,304 boards found no set of 16 or fewer
    // squares whose pawns could all be stuck. So the rule is checked on a board filled with
    // pawns (more than a real game has), neither side having made its first move, so that no
    // pawn may capture and every square is taken.
    let mut pos = katarenga::Position::new(Arrangement::parse("AJS2").unwrap());
    for i in 0..64 {
        pos.cells[i] = Some(if i < 32 { Color::White } else { Color::Black });
    }
    pos.phase = katarenga::Phase::Turn(Color::White);
    let game = katarenga::Katarenga::game(pos);
    match game.status() {
        Status::Over(Outcome::Draw { reason }) => assert!(reason.contains("neither side")),
        other => panic!("{other:?}"),
    }
    assert!(game.legal_actions().is_empty());
}

#[test]
fn the_registry_offers_the_options_and_help() {
    let names: Vec<&str> = registry::option_specs(GameId::Katarenga)
        .iter()
        .map(|o| o.name)
        .collect();
    assert_eq!(names, ["board", "baseline", "position"]);
    let help = registry::help(GameId::Katarenga);
    for needed in [
        "board code",
        "baseline",
        "c8-camp",
        "passed over",
        "return game",
    ] {
        assert!(help.contains(needed), "help lacks {needed}");
    }
}
