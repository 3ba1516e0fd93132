//! Chromopolis rules (`docs/rules.md` §4), one test per rule, in positions built for each.

use chatrang_rules::{
    ActionError, Actor, Color, Game, GameId, Mark, Options, Outcome, Status,
    chromopolis::{self, START},
    registry,
};

use crate::helpers::{self, chromopolis_board, legal, legal_starting as moves_from, sq};

/// A position string with these squares filled (`"N"`, `".[p]"`, `"A[NL]"`), the rest empty.
fn setup(filled: &[(&str, &str)], side: &str, counters: &str) -> String {
    format!("{} {side} {counters}", chromopolis_board(filled))
}

fn load(text: &str) -> Box<dyn Game> {
    helpers::load(GameId::Chromopolis, text)
}

/// The pieces drawn on a square: (symbol, colour, bound).
fn on(game: &dyn Game, square: &str) -> Vec<(String, Color, bool)> {
    let mut v: Vec<(String, Color, bool)> = game
        .view()
        .pieces
        .into_iter()
        .filter(|(s, _)| *s == sq(square))
        .map(|(_, p)| (p.symbol, p.color, p.bound))
        .collect();
    v.sort();
    v
}

fn play(game: &mut Box<dyn Game>, m: &str) -> String {
    game.play(m)
        .unwrap_or_else(|e| panic!("{m}: {e} in {}", game.position_text()))
        .description
}

// ---- 4.1 and 4.2: board and setup --------------------------------------------------------------

#[test]
fn the_board_is_a_40_square_cylinder_without_a1_and_a6() {
    let g = chromopolis::geometry();
    assert_eq!(g.square_count(), 40);
    assert!(!g.contains(sq("a1")) && !g.contains(sq("a6")));
    assert!(g.contains(sq("a2")) && g.contains(sq("a5")));
    assert_eq!(g.offset(sq("a3"), -1, 0), Some(sq("g3")));
    assert_eq!(g.offset(sq("g3"), 1, 0), Some(sq("a3")));
}

#[test]
fn a_new_game_starts_from_the_reconstructed_setup() {
    let game = registry::new_game(GameId::Chromopolis, &Options::default(), 0).unwrap();
    assert_eq!(game.position_text(), START);
    assert_eq!(START, "lankal/1pppppp/7/7/1PPPPPP/LANKAL w - 0 1");
    assert_eq!(on(&*game, "e1"), [("K".into(), Color::White, false)]);
    assert_eq!(on(&*game, "d6"), [("N".into(), Color::Black, false)]);
    assert!(
        chromopolis::HELP.contains("Reconstructed") || chromopolis::HELP.contains("reconstruct")
    );
}

#[test]
fn another_setup_can_be_given_as_a_position_string_and_is_validated() {
    let text = setup(&[("d1", "K"), ("e6", "k"), ("c3", "N")], "w", "- 0 1");
    let opts = Options::default().with("position", text.clone());
    let game = registry::new_game(GameId::Chromopolis, &opts, 0).unwrap();
    assert_eq!(game.position_text(), text);
    let bad = [
        setup(&[("d1", "K"), ("c3", "N")], "w", "- 0 1"), // no Black King
        setup(&[("d1", "K"), ("e1", "K"), ("e6", "k")], "w", "- 0 1"), // two Kings
        setup(&[("d1", "K"), ("e6", "k"), ("a3", "P")], "w", "- 0 1"), // pawn on the a file
        setup(&[("d1", "K"), ("e6", "k"), ("c6", "P")], "w", "- 0 1"), // unpromoted pawn
        setup(&[("d1", "K[k]"), ("e6", ".[K]")], "w", "- 0 1"),
        setup(&[("d1", "K"), ("e6", "k"), ("c3", ".[N]")], "w", "c3 0 1"), // no choice there
        setup(&[("d1", "K"), ("e6", "k")], "w", "- 101 1"),
        setup(&[("d1", "K"), ("e6", "k"), ("c3", "N[")], "w", "- 0 1"),
        setup(&[("d1", "K"), ("e6", "k"), ("c3", ".[]")], "w", "- 0 1"),
        "lankal/1pppppp/7/7/1PPPPPP/LANKALL w - 0 1".into(),
        "lankal/1pppppp/7/7/1PPPPPP w - 0 1".into(),
        "lankal/1pppppp/7/7/1PPPPPP/LANKAL x - 0 1".into(),
        "lankal/1pppppp/7/7/1PPPPPP/LANKAQ w - 0 1".into(),
        String::new(),
        "[".repeat(5000),
    ];
    for text in bad {
        assert!(
            registry::load(GameId::Chromopolis, &text).is_err(),
            "accepted {text}"
        );
    }
}

// ---- 4.3 Pieces, movement and force ------------------------------------------------------------

#[test]
fn pieces_move_and_apply_force_as_in_the_table() {
    // (piece, moves, force) counted on an empty board from the diagram square (b3; pawn b2).
    let game = load(START);
    for (piece, moves, force) in [
        ("K", 8, 8),
        ("N", 7, 7), // b3's knight square a1 does not exist
        ("A", 8, 8), // ferz a2 a4 c2 c4; dabbaba b1 b5 d3 and, round the cylinder, g3
        ("L", 4, 11),
        ("P", 1, 2),
    ] {
        let view = game.piece_diagram(piece).unwrap();
        let count = |mark| view.marks.iter().filter(|(_, m)| *m == mark).count();
        assert_eq!(count(Mark::Move), moves, "{piece} moves");
        assert_eq!(count(Mark::Force), force, "{piece} force");
    }
    let pawn = game.piece_diagram("pawn").unwrap();
    let force: Vec<String> = pawn
        .marks
        .iter()
        .filter(|(_, m)| *m == Mark::Force)
        .map(|(s, _)| s.to_string())
        .collect();
    assert_eq!(force, ["a3", "c3"]);
    let advocate = game.piece_diagram("advocate").unwrap();
    for square in ["a2", "a4", "c2", "c4", "b1", "b5", "d3", "g3"] {
        assert!(
            advocate.marks.contains(&(sq(square), Mark::Move)),
            "Advocate b3 to {square}"
        );
    }
}

#[test]
fn knight_moves_wrap_around_the_cylinder() {
    let game = load(&setup(
        &[("d1", "K"), ("e6", "k"), ("b3", "N")],
        "w",
        "- 0 1",
    ));
    assert_eq!(
        moves_from(&*game, "b3"),
        ["b3a5", "b3c1", "b3c5", "b3d2", "b3d4", "b3g2", "b3g4"]
    );
}

#[test]
fn pawns_step_straight_forward_and_never_enter_the_a_file() {
    let game = load(START);
    assert_eq!(moves_from(&*game, "b2"), ["b2b3"]);
    assert_eq!(moves_from(&*game, "g2"), ["g2g3"]);
    for action in game.legal_actions() {
        let (from, to) = (action.from.unwrap(), action.to.unwrap());
        if from.rank() == 1 && from.file() > 0 {
            assert_eq!(to.file(), from.file(), "{}", action.notation);
        }
        assert!(
            !(to.file() == 0 && from.rank() == 1),
            "pawn to the a file: {}",
            action.notation
        );
    }
    let black = load(&setup(
        &[("d1", "K"), ("e6", "k"), ("b5", "p")],
        "b",
        "- 0 1",
    ));
    assert_eq!(moves_from(&*black, "b5"), ["b5b4"]);
}

#[test]
fn prelate_moves_diagonally_but_applies_force_to_knight_and_wazir_squares() {
    let game = load(START);
    let view = game.piece_diagram("prelate").unwrap();
    let count = |mark| view.marks.iter().filter(|(_, m)| *m == mark).count();
    // From b3: four diagonal steps; force on 7 knight squares (a1 does not exist) and 4
    // wazir squares, a3 on the wrapped side included.
    assert_eq!(count(Mark::Move), 4);
    assert_eq!(count(Mark::Force), 11);
    assert!(view.marks.contains(&(sq("g2"), Mark::Force)));
    assert!(view.marks.contains(&(sq("a3"), Mark::Force)));
    assert!(game.piece_diagram("queen").is_err());
}

#[test]
fn force_wraps_across_the_a_file() {
    // A Black Knight on a4 gets force from the Knight on b2 and, across the a file, from
    // the Knight on f3 (f + 2 files = a).
    let text = setup(
        &[
            ("e1", "K"),
            ("e6", "k"),
            ("b2", "N"),
            ("f3", "N"),
            ("a4", "n"),
        ],
        "w",
        "- 0 1",
    );
    let mut game = load(&text);
    let said = play(&mut game, "e1d1");
    assert!(said.contains("binds Black Knight on a4"), "{said}");
    assert_eq!(on(&*game, "a4"), [("N".into(), Color::Black, true)]);
}

// ---- 4.4 A turn ---------------------------------------------------------------------------------

#[test]
fn a_piece_never_moves_onto_an_unbound_piece() {
    let text = setup(
        &[
            ("d1", "K"),
            ("e6", "k"),
            ("c3", "N"),
            ("d5", "p"),
            ("e4", "N"),
        ],
        "w",
        "- 0 1",
    );
    let mut game = load(&text);
    assert!(!legal(&*game).contains(&"c3d5".to_string()));
    assert!(!legal(&*game).contains(&"c3e4".to_string()));
    let err = game.play("c3d5").unwrap_err().to_string();
    assert!(err.contains("unbound piece"), "{err}");
    assert_eq!(game.position_text(), text);
}

#[test]
fn a_piece_may_move_onto_bound_pieces_and_they_stack() {
    let text = setup(
        &[("d1", "K"), ("e6", "k"), ("b3", "N"), ("d4", ".[pA]")],
        "w",
        "- 0 1",
    );
    let mut game = load(&text);
    assert!(
        game.position_text().contains("[Ap]"),
        "bound pieces are sorted"
    );
    play(&mut game, "b3d4");
    assert_eq!(
        on(&*game, "d4"),
        [
            ("A".into(), Color::White, true),
            ("N".into(), Color::White, false),
            ("P".into(), Color::Black, true)
        ]
    );
    assert!(
        game.position_text().contains("N[Ap]"),
        "{}",
        game.position_text()
    );
}

#[test]
fn binding_needs_force_from_two_pieces() {
    // Black pawn on d4. The King going to e3 applies force to it; the Knight on b3 already
    // does. With the Knight: bound. Without it: one source only, nothing happens.
    let two = setup(
        &[("e2", "K"), ("e6", "k"), ("b3", "N"), ("d4", "p")],
        "w",
        "- 0 1",
    );
    let mut game = load(&two);
    let said = play(&mut game, "e2e3");
    assert!(said.contains("binds Black Pawn on d4"), "{said}");
    assert_eq!(on(&*game, "d4"), [("P".into(), Color::Black, true)]);

    let one = setup(&[("e2", "K"), ("e6", "k"), ("d4", "p")], "w", "- 0 1");
    let mut game = load(&one);
    let said = play(&mut game, "e2e3");
    assert!(!said.contains("binds"), "{said}");
    assert_eq!(on(&*game, "d4"), [("P".into(), Color::Black, false)]);
}

#[test]
fn only_the_movers_force_binds_and_only_enemy_pieces() {
    // Black's Knights both apply force to d4, where a White pawn stands, but it is White's
    // turn: nothing is bound at the end of it. White's own pieces are never bound by White.
    let text = setup(
        &[
            ("e2", "K"),
            ("e6", "k"),
            ("b5", "n"),
            ("f5", "n"),
            ("d4", "P"),
            ("g3", "N"),
        ],
        "w",
        "- 0 1",
    );
    let mut game = load(&text);
    play(&mut game, "e2e1");
    assert_eq!(on(&*game, "d4"), [("P".into(), Color::White, false)]);
    play(&mut game, "e6e5");
    assert_eq!(on(&*game, "d4"), [("P".into(), Color::White, true)]);
}

/// White's bound Knight on c3; the King on d2 applies force to c3, and the Knight moving
/// g5–e4 adds a second unit.
fn unbinding(extra: &[(&'static str, &'static str)], c3: &'static str) -> Box<dyn Game> {
    let mut filled = vec![("d2", "K"), ("f6", "k"), ("g5", "N"), ("c3", c3)];
    filled.extend_from_slice(extra);
    load(&setup(&filled, "w", "- 0 1"))
}

#[test]
fn unbinding_frees_a_bound_piece_under_two_friendly_forces_and_no_enemy_force() {
    let mut game = unbinding(&[], ".[N]");
    let said = play(&mut game, "g5e4");
    assert!(said.contains("unbinds White Knight on c3"), "{said}");
    assert_eq!(on(&*game, "c3"), [("N".into(), Color::White, false)]);
}

#[test]
fn unbinding_refused_when_an_unbound_piece_shares_the_square() {
    let mut game = unbinding(&[], "A[N]");
    let said = play(&mut game, "g5e4");
    assert!(!said.contains("unbinds"), "{said}");
    assert_eq!(
        on(&*game, "c3"),
        [
            ("A".into(), Color::White, false),
            ("N".into(), Color::White, true)
        ]
    );
}

#[test]
fn unbinding_refused_with_only_one_unit_of_force() {
    let text = setup(
        &[("e1", "K"), ("f6", "k"), ("g5", "N"), ("c3", ".[N]")],
        "w",
        "- 0 1",
    );
    let mut game = load(&text);
    let said = play(&mut game, "g5e4");
    assert!(!said.contains("unbinds"), "{said}");
    assert_eq!(on(&*game, "c3"), [("N".into(), Color::White, true)]);
}

#[test]
fn unbinding_refused_under_enemy_force() {
    // A Black Knight on a4 applies force to c3.
    let mut game = unbinding(&[("a4", "n")], ".[N]");
    let said = play(&mut game, "g5e4");
    assert!(!said.contains("unbinds"), "{said}");
    assert_eq!(on(&*game, "c3"), [("N".into(), Color::White, true)]);
}

#[test]
fn enemy_force_counts_after_binding_so_a_piece_bound_this_turn_no_longer_blocks_unbinding() {
    // As above, but the Black Knight on a4 is itself bound this turn by the force of the
    // Knights on b2 and f3: judged after step 3, it applies no force any more.
    let mut game = unbinding(&[("b2", "N"), ("f3", "N"), ("a4", "n")], ".[N]");
    let said = play(&mut game, "g5e4");
    assert!(said.contains("binds Black Knight on a4"), "{said}");
    assert!(said.contains("unbinds White Knight on c3"), "{said}");
}

#[test]
fn force_from_a_piece_just_unbound_does_not_count() {
    // Two bound White pieces: the Knight on c3 qualifies. The Advocate on e2 has one unit
    // (the King on d2) and would get a second only from the Knight freed on c3, which does
    // not count: it stays bound.
    let mut game = unbinding(&[("e2", ".[A]")], ".[N]");
    let said = play(&mut game, "g5e4");
    assert!(said.contains("unbinds White Knight on c3"), "{said}");
    assert!(!said.contains("Advocate"), "{said}");
    assert_eq!(on(&*game, "e2"), [("A".into(), Color::White, true)]);
}

/// docs/rules.md §9: at a deadline the bot makes a pending decision (the first choice), but a
/// late move is not made for anyone: that side loses on time.
#[test]
fn a_late_unbinding_choice_is_made_by_the_bot_but_a_late_move_is_not() {
    let mut game = unbinding(&[], ".[NALp]");
    assert_eq!(game.stand_in(), None, "a move: the late side loses");
    play(&mut game, "g5e4");
    let first = game.legal_actions()[0].notation.clone();
    assert!(first.starts_with("unbind c3"), "{first}");
    assert_eq!(game.stand_in(), Some(first));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(crate::helpers::chess(start).stand_in(), None);
}

#[test]
fn the_owner_chooses_one_of_three_bound_pieces_on_a_square() {
    let mut game = unbinding(&[], ".[NALp]");
    let said = play(&mut game, "g5e4");
    assert!(said.contains("must choose"), "{said}");
    match game.status() {
        Status::Ongoing { actor, prompt } => {
            assert_eq!(actor, Actor::Side(Color::White));
            assert!(prompt.contains("unbind c3 A"), "{prompt}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(legal(&*game), ["unbind c3 A", "unbind c3 L", "unbind c3 N"]);
    // The pending choice is part of the position string.
    let saved = game.position_text();
    assert!(saved.contains(" w c3 "), "{saved}");
    assert_eq!(load(&saved).position_text(), saved);
    let err = game.play("d2d3").unwrap_err().to_string();
    assert!(err.contains("choose"), "{err}");
    let said = play(&mut game, "unbind c3 advocate");
    assert!(said.contains("unbinds the Advocate on c3"), "{said}");
    assert_eq!(
        on(&*game, "c3"),
        [
            ("A".into(), Color::White, false),
            ("L".into(), Color::White, true),
            ("N".into(), Color::White, true),
            ("P".into(), Color::Black, true)
        ]
    );
    assert!(matches!(
        game.status(),
        Status::Ongoing {
            actor: Actor::Side(Color::Black),
            ..
        }
    ));
}

#[test]
fn promotion_is_compulsory() {
    let text = setup(&[("e1", "K"), ("g6", "k"), ("c5", "P")], "w", "- 0 1");
    let mut game = load(&text);
    assert_eq!(moves_from(&*game, "c5"), ["c5c6=A", "c5c6=L", "c5c6=N"]);
    let err = game.play("c5c6").unwrap_err();
    let ActionError::NeedsPromotion { choices, .. } = &err else {
        panic!("c5c6 must ask for the promotion: {err}");
    };
    let offered: Vec<(&str, &str)> = choices
        .iter()
        .map(|c| (c.notation.as_str(), c.piece.as_str()))
        .collect();
    assert_eq!(
        offered,
        [
            ("c5c6=N", "Knight"),
            ("c5c6=A", "Advocate"),
            ("c5c6=L", "Prelate")
        ]
    );
    assert!(game.play("c5c6=K").is_err());
    assert_eq!(game.position_text(), text);
}

#[test]
fn promotion_happens_before_binding() {
    // The King on f4 applies force to the Black Advocate on e5; a Knight on c6 adds the
    // second unit, an Advocate there would not.
    let text = setup(
        &[("f4", "K"), ("g6", "k"), ("c5", "P"), ("e5", "a")],
        "w",
        "- 0 1",
    );
    let mut knight = load(&text);
    let said = play(&mut knight, "c5c6=N");
    assert!(said.contains("binds Black Advocate on e5"), "{said}");
    let mut advocate = load(&text);
    let said = play(&mut advocate, "c5c6=A");
    assert!(!said.contains("binds"), "{said}");
}

#[test]
fn a_bound_king_loses() {
    let text = setup(&[("e2", "K"), ("b3", "N"), ("d4", "k")], "w", "- 0 1");
    let mut game = load(&text);
    play(&mut game, "e2e3");
    match game.status() {
        Status::Over(Outcome::Win { winner, reason }) => {
            assert_eq!(winner, Color::White);
            assert!(reason.contains("King is bound"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    assert!(game.legal_actions().is_empty());
    assert!(game.play("e3e2").is_err());
}

#[test]
fn there_is_no_check_rule() {
    // The White King may stand where two Black pieces apply force; it is bound only at the
    // end of Black's turn.
    let text = setup(
        &[("e3", "K"), ("b5", "n"), ("f5", "n"), ("g6", "k")],
        "w",
        "- 0 1",
    );
    let mut game = load(&text);
    assert!(legal(&*game).contains(&"e3d4".to_string()));
    play(&mut game, "e3d4");
    assert!(matches!(game.status(), Status::Ongoing { .. }));
    play(&mut game, "g6g5");
    assert!(matches!(
        game.status(),
        Status::Over(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
}

#[test]
fn no_legal_move_is_a_draw() {
    // White's King on b1 is walled in by unbound pieces and both White pawns are blocked.
    let text = "3k2/7/7/1pp4/nPP4/Kn4 w - 0 1";
    let game = load(text);
    assert!(game.legal_actions().is_empty());
    match game.status() {
        Status::Over(Outcome::Draw { reason }) => assert!(reason.contains("no legal move")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    let mut game = load(&setup(&[("d1", "K"), ("e6", "k")], "w", "- 0 1"));
    for m in [
        "d1d2", "e6e5", "d2d1", "e5e6", "d1d2", "e6e5", "d2d1", "e5e6",
    ] {
        assert!(
            matches!(game.status(), Status::Ongoing { .. }),
            "before {m}"
        );
        play(&mut game, m);
    }
    match game.status() {
        Status::Over(Outcome::Draw { reason }) => assert!(reason.contains("repetition")),
        other => panic!("{other:?}"),
    }
}

#[test]
fn fifty_moves_each_without_binding_unbinding_or_pawn_move_is_a_draw() {
    let mut game = load(&setup(&[("d1", "K"), ("e6", "k")], "w", "- 99 60"));
    assert!(matches!(game.status(), Status::Ongoing { .. }));
    play(&mut game, "d1d2");
    match game.status() {
        Status::Over(Outcome::Draw { reason }) => assert!(reason.contains("50 moves")),
        other => panic!("{other:?}"),
    }
    // A pawn move resets the count.
    let mut pawn = load(&setup(
        &[("d1", "K"), ("e6", "k"), ("c2", "P")],
        "w",
        "- 99 60",
    ));
    play(&mut pawn, "c2c3");
    assert!(
        pawn.position_text().ends_with(" 0 60"),
        "{}",
        pawn.position_text()
    );
    assert!(matches!(pawn.status(), Status::Ongoing { .. }));
}

// ---- Notation, pictures and the record ------------------------------------------------------------

#[test]
fn the_view_draws_stacks_with_bound_pieces_marked() {
    let game = load(&setup(
        &[("d1", "K"), ("e6", "k"), ("c3", "N[pA]")],
        "w",
        "- 0 1",
    ));
    let view = game.view();
    let c3: Vec<_> = view.pieces.iter().filter(|(s, _)| *s == sq("c3")).collect();
    assert_eq!(c3.len(), 3);
    assert_eq!(c3.iter().filter(|(_, p)| p.bound).count(), 2);
    assert!(view.header.contains("White to move"), "{}", view.header);
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut game = load(START);
    let huge = "b".repeat(100_000);
    for bad in [
        "",
        "  ",
        "b2",
        "b2b4",
        "b2a3",
        "a2a3",
        "e1e2",
        "b7b8",
        "unbind",
        "unbind c3 N",
        &huge,
        "b2b3=Q",
        "ü2b3",
    ] {
        assert!(game.play(bad).is_err(), "{bad:?} accepted");
        assert_eq!(game.position_text(), START);
    }
}

#[test]
fn the_position_string_reads_back_and_the_record_replays() {
    for seed in 0..4 {
        let mut game = registry::new_game(GameId::Chromopolis, &Options::default(), 0).unwrap();
        let mut record = Vec::new();
        for ply in 0..160 {
            let text = game.position_text();
            assert_eq!(load(&text).position_text(), text);
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            let pick = &actions[(ply * 13 + seed * 5 + 1) % actions.len()];
            let played = game.play(&pick.notation).unwrap();
            assert_eq!(played.notation, pick.notation);
            record.push(played.notation);
        }
        let mut replay = registry::new_game(GameId::Chromopolis, &Options::default(), 0).unwrap();
        for n in &record {
            replay.play(n).unwrap();
        }
        assert_eq!(replay.position_text(), game.position_text());
        assert_eq!(replay.status(), game.status());
    }
}

#[test]
fn the_registry_offers_the_position_option_and_help() {
    let names: Vec<&str> = registry::option_specs(GameId::Chromopolis)
        .iter()
        .map(|o| o.name)
        .collect();
    assert_eq!(names, ["position"]);
    let help = registry::help(GameId::Chromopolis);
    for needed in ["Reconstructed", "unbind c4 N", "c5c6=N", "`.[pa]`"] {
        assert!(help.contains(needed), "help lacks {needed}");
    }
}
