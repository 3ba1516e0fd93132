//! Catalonia, one test per rule of `docs/rules.md` §5, each in a position built for it.

use chatrang_rules::{
    Actor, Chance, Color, Game, GameId, Options, Outcome, Rolls, Square, Status,
    catalonia::{
        Catalonia, CataloniaGame, Phase, Position,
        board::Board,
        dice::Dice,
        pieces::{Kind, Piece},
    },
    registry,
};

use crate::helpers::{catalonia_board, legal, sq};

fn names(set: impl IntoIterator<Item = Square>) -> Vec<String> {
    let mut v: Vec<String> = set.into_iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn set(squares: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// A board with these pieces (letter case gives the colour) and pits.
fn board(pieces: &[(&str, char)], pits: &[&str]) -> Board {
    catalonia_board(pieces, pits)
}

fn defended(b: &Board, from: &str) -> Vec<String> {
    names(b.defended_by(sq(from)).iter())
}

/// A game on `b` at `turns` (like "1/15"), in `mode`, with the dice of a new game seeded
/// `dice`, waiting for `phase`, after `history`.
fn game(
    b: &Board,
    turns: &str,
    mode: &str,
    dice: u64,
    phase: &str,
    history: &str,
) -> CataloniaGame {
    let text = format!(
        "{} {turns} {mode} {} {phase} {history} -",
        b.to_text(),
        Dice::chacha8(dice).to_text()
    );
    Catalonia::game(Position::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

/// A seed whose dice roll these (file die, rank die) pairs first.
fn dice_rolling(rolls: &[(u8, u8)]) -> u64 {
    (0..u64::MAX)
        .find(|&seed| {
            let mut d = Dice::chacha8(seed);
            rolls.iter().all(|&(f, r)| d.d6() == f && d.d6() == r)
        })
        .unwrap()
}

fn actor(g: &dyn Game) -> Actor {
    match g.status() {
        Status::Ongoing { actor, .. } => actor,
        Status::Over(o) => panic!("the game is over: {o}"),
    }
}

/// Four Gentlemen in a square, two of each colour, defending each other all round: a chain of
/// 4. A Black Knight on a8 makes the move that ends the turn (a8c7 joins no chain).
fn chain_of_gentlemen(extra: &[(&str, char)], pits: &[&str]) -> Board {
    let mut pieces = vec![
        ("c3", 'G'),
        ("d3", 'g'),
        ("c4", 'g'),
        ("d4", 'G'),
        ("a8", 'n'),
    ];
    pieces.extend_from_slice(extra);
    board(&pieces, pits)
}

// ---------------------------------------------------------------- setup and pieces

#[test]
fn setup_has_six_pieces_and_six_peasants_a_side_with_files_a_and_h_empty() {
    let b = Board::start();
    assert_eq!(b.piece_count(), 24);
    assert_eq!(
        b.piece_at(sq("d1")),
        Some(Piece::new(Color::White, Kind::Lady))
    );
    assert_eq!(
        b.piece_at(sq("e8")),
        Some(Piece::new(Color::Black, Kind::Gentleman))
    );
    assert_eq!(
        b.piece_at(sq("g7")),
        Some(Piece::new(Color::Black, Kind::Peasant))
    );
    for rank in 1..=8 {
        assert!(b.piece_at(sq(&format!("a{rank}"))).is_none());
        assert!(b.piece_at(sq(&format!("h{rank}"))).is_none());
    }
}

#[test]
fn knight_defends_its_knight_squares_only() {
    let b = board(
        &[
            ("d4", 'N'),
            ("e6", 'p'),
            ("b3", 'P'),
            ("d5", 'p'),
            ("f3", 'g'),
            ("f2", 'l'),
        ],
        &[],
    );
    assert_eq!(defended(&b, "d4"), set(&["b3", "e6", "f3"]));
}

#[test]
fn bishop_defends_the_first_piece_on_each_diagonal() {
    let b = board(
        &[
            ("d4", 'B'),
            ("f6", 'p'),
            ("g7", 'p'),
            ("b2", 'N'),
            ("d5", 'g'),
        ],
        &[],
    );
    assert_eq!(defended(&b, "d4"), set(&["b2", "f6"]));
}

#[test]
fn slider_defence_is_stopped_by_a_pit() {
    let b = board(
        &[("d4", 'L'), ("d7", 'p'), ("g7", 'n'), ("a4", 'N')],
        &["d6", "f6"],
    );
    // d7 lies behind the pit on d6, g7 behind the pit on f6; a4 is in plain sight.
    assert_eq!(defended(&b, "d4"), set(&["a4"]));
    let bishop = board(&[("c1", 'B'), ("e3", 'p')], &["d2"]);
    assert!(defended(&bishop, "c1").is_empty());
}

#[test]
fn lady_defends_the_first_piece_on_each_line() {
    let b = board(
        &[
            ("d4", 'L'),
            ("d6", 'p'),
            ("d8", 'p'),
            ("a1", 'n'),
            ("h4", 'G'),
            ("c5", 'P'),
        ],
        &[],
    );
    assert_eq!(defended(&b, "d4"), set(&["a1", "c5", "d6", "h4"]));
}

#[test]
fn gentleman_defends_king_alfil_and_dabbaba_squares() {
    let b = board(
        &[
            ("d4", 'G'),
            ("d5", 'p'),
            ("d6", 'p'),
            ("f6", 'n'),
            ("b4", 'P'),
            ("e2", 'l'),
            ("c6", 'b'),
        ],
        &[],
    );
    // The leaps to d6 and f6 ignore what lies between; c6 is a knight's distance away.
    assert_eq!(defended(&b, "d4"), set(&["b4", "d5", "d6", "f6"]));
}

#[test]
fn leaper_defence_passes_over_a_pit() {
    let b = board(&[("d4", 'G'), ("d6", 'p'), ("b5", 'n')], &["d5"]);
    assert_eq!(defended(&b, "d4"), set(&["d6"]));
    let knight = board(&[("d4", 'N'), ("e6", 'p')], &["d5", "e5"]);
    assert_eq!(defended(&knight, "d4"), set(&["e6"]));
}

#[test]
fn peasant_defends_both_forward_diagonals_only() {
    let b = board(
        &[
            ("d4", 'P'),
            ("c5", 'n'),
            ("e5", 'N'),
            ("d5", 'p'),
            ("c3", 'p'),
        ],
        &[],
    );
    assert_eq!(defended(&b, "d4"), set(&["c5", "e5"]));
    let black = board(&[("d5", 'p'), ("c4", 'N'), ("e6", 'N')], &[]);
    assert_eq!(defended(&black, "d5"), set(&["c4"]));
}

#[test]
fn pieces_move_only_to_empty_squares_and_never_across_a_pit() {
    let b = board(&[("a1", 'L'), ("a4", 'p'), ("c3", 'P')], &["b2"]);
    let moves = names(b.moves_from(sq("a1")));
    assert_eq!(
        moves,
        set(&["a2", "a3", "b1", "c1", "d1", "e1", "f1", "g1", "h1"])
    );
}

#[test]
fn leaps_pass_over_pits_and_pieces_but_never_land_on_them() {
    let b = board(
        &[("d4", 'G'), ("d5", 'p'), ("d6", 'p')],
        &["e5", "f6", "b4"],
    );
    let moves = names(b.moves_from(sq("d4")));
    assert!(moves.contains(&"f4".to_string()) && moves.contains(&"b6".to_string()));
    assert!(!moves.contains(&"f6".to_string()) && !moves.contains(&"d6".to_string()));
    assert!(!moves.contains(&"e5".to_string()) && !moves.contains(&"b4".to_string()));
    let knight = board(&[("b1", 'N'), ("b2", 'P'), ("c2", 'P')], &["a2", "d2"]);
    assert_eq!(names(knight.moves_from(sq("b1"))), set(&["a3", "c3"]));
}

#[test]
fn peasant_steps_forward_or_back_and_double_steps_between_its_2nd_and_4th_ranks() {
    let b = board(&[("d2", 'P'), ("e4", 'P'), ("c7", 'p'), ("f5", 'p')], &[]);
    assert_eq!(names(b.moves_from(sq("d2"))), set(&["d1", "d3", "d4"]));
    assert_eq!(names(b.moves_from(sq("e4"))), set(&["e2", "e3", "e5"]));
    assert_eq!(names(b.moves_from(sq("c7"))), set(&["c5", "c6", "c8"]));
    assert_eq!(names(b.moves_from(sq("f5"))), set(&["f4", "f6", "f7"]));
}

#[test]
fn peasant_double_step_is_not_a_leap() {
    let blocked_by_pit = board(&[("d2", 'P')], &["d3"]);
    assert_eq!(names(blocked_by_pit.moves_from(sq("d2"))), set(&["d1"]));
    let blocked_by_piece = board(&[("e4", 'P'), ("e3", 'n')], &[]);
    assert_eq!(names(blocked_by_piece.moves_from(sq("e4"))), set(&["e5"]));
}

#[test]
fn peasant_never_enters_its_last_rank() {
    let b = board(&[("d7", 'P'), ("e2", 'p')], &[]);
    assert_eq!(names(b.moves_from(sq("d7"))), set(&["d6"]));
    assert_eq!(names(b.moves_from(sq("e2"))), set(&["e3"]));
}

// ---------------------------------------------------------------- chains

#[test]
fn a_chain_works_in_one_direction_only_when_the_defences_do() {
    // d4 (White Peasant) → e5 (Black Knight) → c6 (White Bishop) → d5 (Black Lady) → d4.
    let b = board(&[("d4", 'P'), ("e5", 'n'), ("c6", 'B'), ("d5", 'l')], &[]);
    let g = game(&b, "1/15", "random", 0, "white-moves", "-");
    assert_eq!(
        names(g.rules().current_chain()),
        set(&["c6", "d4", "d5", "e5"])
    );
    let (graph, squares) = b.graph();
    let index = |s: &str| squares.iter().position(|&x| x == sq(s)).unwrap();
    let forward = ["d4", "e5", "c6", "d5"].map(index);
    let backward = ["d5", "c6", "e5", "d4"].map(index);
    assert!(graph.is_chain(&forward));
    assert!(
        !graph.is_chain(&backward),
        "the Peasant does not defend the Lady"
    );
}

#[test]
fn a_loop_of_three_pieces_is_not_a_chain() {
    // e5 → c6 → d5 → e5 is a loop of 3 with both colours.
    let b = board(&[("e5", 'n'), ("c6", 'B'), ("d5", 'l')], &[]);
    let g = game(&b, "1/15", "random", 0, "white-moves", "-");
    assert!(g.rules().current_chain().is_empty());
}

#[test]
fn a_chain_of_one_colour_is_not_a_chain() {
    let white = board(&[("c3", 'G'), ("d3", 'G'), ("c4", 'G'), ("d4", 'G')], &[]);
    assert!(
        game(&white, "1/15", "random", 0, "white-moves", "-")
            .rules()
            .current_chain()
            .is_empty()
    );
    let mixed = board(&[("c3", 'G'), ("d3", 'G'), ("c4", 'G'), ("d4", 'g')], &[]);
    assert_eq!(
        game(&mixed, "1/15", "random", 0, "white-moves", "-")
            .rules()
            .current_chain()
            .len(),
        4
    );
}

#[test]
fn the_start_position_has_no_chain() {
    let g = registry::new_game(GameId::Catalonia, &Options::default(), 1).unwrap();
    assert!(g.view().arrows.is_empty());
}

#[test]
fn a_turn_scores_the_square_of_the_longest_chain_and_draws_it() {
    let b = chain_of_gentlemen(&[], &[]);
    let mut g = game(
        &b,
        "2/15",
        "random",
        dice_rolling(&[(6, 6)]),
        "black-moves-second",
        "-",
    );
    let view = g.view();
    assert_eq!(view.arrows.len(), 4);
    for (from, to) in &view.arrows {
        assert!(b.defended_by(*from).contains(*to));
    }
    let played = g.play("a8c7").unwrap();
    assert!(
        played.description.contains("chain of 4"),
        "{}",
        played.description
    );
    assert_eq!(g.rules().position.history()[0].points, 16);
    assert_eq!(g.rules().position.total(), 16);
    assert!(g.view().header.contains("total 16"), "{}", g.view().header);
}

// ---------------------------------------------------------------- the bomb

#[test]
fn the_bomb_hitting_a_piece_makes_a_pit_and_the_piece_escapes() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        dice_rolling(&[(2, 2)]),
        "black-moves-second",
        "-",
    );
    let played = g.play("a8c7").unwrap();
    assert!(played.description.contains("c3"), "{}", played.description);
    let board = g.rules().position.board();
    assert!(board.is_pit(sq("c3")));
    assert!(board.piece_at(sq("c3")).is_none());
    assert_eq!(
        g.rules().position.phase(),
        &Phase::Escape {
            from: sq("c3"),
            piece: Piece::new(Color::White, Kind::Gentleman)
        }
    );
    assert_eq!(actor(&g), Actor::Side(Color::White));
}

#[test]
fn an_escape_with_several_qualifying_squares_is_the_owners_choice() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        dice_rolling(&[(2, 2)]),
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    let choices = legal(&g);
    assert!(choices.len() >= 2, "{choices:?}");
    assert!(choices.contains(&"escape e3".to_string()), "{choices:?}");
    // Every listed square joins a chain; a square of the pattern that joins none is refused.
    assert!(!choices.contains(&"escape a1".to_string()));
    let before = g.position_text();
    let error = g.play("escape a1").unwrap_err().to_string();
    assert!(error.contains("e3"), "{error}");
    assert_eq!(g.position_text(), before);
    g.play("escape e3").unwrap();
    assert_eq!(
        g.rules().position.board().piece_at(sq("e3")),
        Some(Piece::new(Color::White, Kind::Gentleman))
    );
    assert_eq!(g.rules().position.turn(), 2);
    assert_eq!(actor(&g), Actor::Side(Color::White));
}

#[test]
fn an_escape_with_no_qualifying_square_removes_the_piece() {
    let mut g = game(
        &chain_of_gentlemen(&[("g2", 'P')], &[]),
        "1/15",
        "random",
        dice_rolling(&[(6, 1)]),
        "black-moves-second",
        "-",
    );
    let played = g.play("a8c7").unwrap();
    assert!(
        played.description.contains("removed"),
        "{}",
        played.description
    );
    let board = g.rules().position.board();
    assert!(board.is_pit(sq("g2")));
    assert_eq!(board.piece_count(), 5);
    assert_eq!(g.rules().position.turn(), 2);
}

#[test]
fn the_escape_treats_every_move_as_a_leap() {
    // A Lady walled in by pieces and pits still escapes along her lines.
    let b = board(
        &[("a1", 'l'), ("b1", 'N'), ("a2", 'N'), ("b2", 'N')],
        &["c3"],
    );
    let escapes = names(b.escape_squares(Piece::new(Color::Black, Kind::Lady), sq("a1")));
    assert!(escapes.contains(&"h8".to_string()) && escapes.contains(&"a8".to_string()));
    assert!(!escapes.contains(&"c3".to_string()) && !escapes.contains(&"b2".to_string()));
}

#[test]
fn the_bomb_on_an_empty_square_with_neighbours_lets_anyone_choose_the_target() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        dice_rolling(&[(3, 4)]),
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    assert_eq!(
        g.rules().position.phase(),
        &Phase::Target {
            center: Some(sq("d5"))
        }
    );
    assert_eq!(actor(&g), Actor::Anyone);
    assert_eq!(legal(&g), vec!["bomb c4", "bomb d4"]);
    assert!(g.play("bomb e5").is_err());
    g.play("bomb d4").unwrap();
    assert!(g.rules().position.board().is_pit(sq("d4")));
    assert!(!g.rules().position.board().is_pit(sq("d5")));
}

#[test]
fn the_bomb_on_an_empty_square_without_neighbours_just_makes_a_pit() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        dice_rolling(&[(6, 6)]),
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    assert_eq!(
        names(g.rules().position.board().pits().iter()),
        set(&["g7"])
    );
    assert_eq!(g.rules().position.board().piece_count(), 5);
    assert_eq!(g.rules().position.turn(), 2);
}

#[test]
fn the_bomb_is_rerolled_when_it_falls_on_a_pit() {
    let mut g = game(
        &chain_of_gentlemen(&[], &["g7"]),
        "1/15",
        "random",
        dice_rolling(&[(6, 6), (5, 6)]),
        "black-moves-second",
        "-",
    );
    let played = g.play("a8c7").unwrap();
    assert!(
        played.description.contains("roll again"),
        "{}",
        played.description
    );
    assert_eq!(
        names(g.rules().position.board().pits().iter()),
        set(&["f7", "g7"])
    );
}

#[test]
fn the_dice_map_one_to_six_onto_files_b_to_g_and_ranks_2_to_7() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        dice_rolling(&[(1, 6)]),
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    // b7 is next to the Knight that just arrived on c7: the only target, hit at once.
    assert!(g.rules().position.board().is_pit(sq("c7")));
}

// ---------------------------------------------------------------- the dice and the record

/// A game waiting for Black's second move; a8c7 then scores a chain of four and bombs.
fn before_the_bomb(dice: &str, pits: &[&str]) -> CataloniaGame {
    let text = format!(
        "{} 1/15 random {dice} black-moves-second - -",
        chain_of_gentlemen(&[], pits).to_text()
    );
    Catalonia::game(Position::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

/// The dice field of a position string.
fn dice_field(g: &CataloniaGame) -> String {
    g.position_text()
        .split_whitespace()
        .nth(3)
        .unwrap()
        .to_string()
}

#[test]
fn new_games_roll_chacha8_dice_keyed_by_their_seed() {
    let g = registry::new_game(GameId::Catalonia, &Options::default(), 0x2a).unwrap();
    assert!(
        g.position_text()
            .contains(" random chacha8:000000000000002a:0 "),
        "{}",
        g.position_text()
    );
}

#[test]
fn a_bomb_reports_the_rolls_it_made() {
    // g7 is a pit already: the first roll is rolled again.
    let seed = dice_rolling(&[(6, 6), (5, 6)]);
    let mut g = before_the_bomb(&Dice::chacha8(seed).to_text(), &["g7"]);
    let (_, rolls) = g.play_with("a8c7", Chance::Draw).unwrap();
    assert_eq!(rolls, Rolls(vec![6, 6, 5, 6]));
    assert_eq!(dice_field(&g), format!("chacha8:{seed:016x}:4"));
    // A move without a bomb rolls nothing.
    let mut quiet = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        0,
        "white-moves",
        "-",
    );
    let (_, rolls) = quiet.play_with("c3b2", Chance::Draw).unwrap();
    assert!(rolls.is_empty());
}

#[test]
fn a_replayed_bomb_takes_its_dice_from_the_record_whatever_the_generator_says() {
    // The generator would roll 6-6 (g7, nobody near); the record says 1-6 (b7, next to c7).
    let seed = dice_rolling(&[(6, 6)]);
    let mut g = before_the_bomb(&Dice::chacha8(seed).to_text(), &[]);
    let (played, rolls) = g.play_with("a8c7", Chance::Recorded(&[1, 6])).unwrap();
    assert_eq!(rolls, Rolls(vec![1, 6]));
    assert!(
        played.description.contains("roll 1-6"),
        "{}",
        played.description
    );
    assert!(g.rules().position.board().is_pit(sq("c7")));
    assert!(!g.rules().position.board().is_pit(sq("g7")));
    // The generator moved past the two rolls as if it had made them.
    assert_eq!(dice_field(&g), format!("chacha8:{seed:016x}:2"));
}

#[test]
fn recorded_rolls_that_do_not_fit_the_action_are_refused_and_change_nothing() {
    let fresh = before_the_bomb(&Dice::chacha8(5).to_text(), &[]);
    for (rolls, why) in [
        (&[][..], "no dice roll"),
        (&[6][..], "no dice roll"),
        (&[1, 6, 3][..], "more than this action makes"),
        (&[0, 6][..], "not a die face"),
        (&[7, 6][..], "not a die face"),
    ] {
        let mut g = fresh.clone();
        let error = g
            .play_with("a8c7", Chance::Recorded(rolls))
            .unwrap_err()
            .to_string();
        assert!(error.contains(why), "{rolls:?}: {error}");
        assert_eq!(g.rules(), fresh.rules(), "{rolls:?}");
    }
    // Rolls recorded for a move that rolls nothing are refused too.
    let mut quiet = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        0,
        "white-moves",
        "-",
    );
    assert!(quiet.play_with("c3b2", Chance::Recorded(&[2, 2])).is_err());
}

#[test]
fn games_from_before_the_rolls_were_recorded_roll_their_old_dice_again() {
    // A legacy dice state (16 hex digits) whose old generator rolls 1-6 first.
    let state = (0..u64::MAX)
        .find(|&s| {
            let mut d = Dice::new(s);
            d.d6() == 1 && d.d6() == 6
        })
        .unwrap();
    let mut g = before_the_bomb(&format!("{state:016x}"), &[]);
    // The record of such a game holds no rolls: the old generator rolls them again.
    let (_, rolls) = g.play_with("a8c7", Chance::Recorded(&[])).unwrap();
    assert_eq!(rolls, Rolls(vec![1, 6]));
    assert!(g.rules().position.board().is_pit(sq("c7")));
    let mut after = Dice::new(state);
    after.skip();
    after.skip();
    assert_eq!(dice_field(&g), after.to_text(), "still the old generator");
}

// ---------------------------------------------------------------- trapped Peasants

#[test]
fn a_peasant_between_a_pit_and_the_board_edge_is_trapped() {
    let b = board(&[("d1", 'P'), ("e8", 'p')], &["d2", "e7"]);
    assert_eq!(names(b.trapped_peasants(Color::White)), set(&["d1"]));
    assert_eq!(names(b.trapped_peasants(Color::Black)), set(&["e8"]));
}

#[test]
fn a_peasant_between_a_pit_and_its_forbidden_last_rank_is_trapped() {
    let b = board(&[("d7", 'P'), ("e2", 'p')], &["d6", "e3"]);
    assert_eq!(names(b.trapped_peasants(Color::White)), set(&["d7"]));
    assert_eq!(names(b.trapped_peasants(Color::Black)), set(&["e2"]));
}

#[test]
fn a_peasant_in_a_pit_corridor_is_trapped() {
    let b = board(&[("e4", 'P')], &["e3", "e5"]);
    assert_eq!(names(b.trapped_peasants(Color::White)), set(&["e4"]));
}

#[test]
fn a_peasant_blocked_by_a_piece_is_not_trapped() {
    let b = board(
        &[("d1", 'P'), ("d2", 'n'), ("e4", 'P'), ("e5", 'p')],
        &["e3"],
    );
    assert!(b.trapped_peasants(Color::White).is_empty());
}

#[test]
fn trapped_peasants_may_be_removed_by_their_side_at_the_end_of_the_turn() {
    let mut g = game(
        &chain_of_gentlemen(&[("g1", 'P'), ("h4", 'P')], &["g2", "h3", "h5"]),
        "1/15",
        "random",
        dice_rolling(&[(6, 6)]),
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    assert_eq!(
        g.rules().position.phase(),
        &Phase::Trapped { side: Color::White }
    );
    assert_eq!(actor(&g), Actor::Side(Color::White));
    assert_eq!(legal(&g), vec!["keep", "remove g1", "remove h4"]);
    g.play("remove g1").unwrap();
    assert!(g.rules().position.board().piece_at(sq("g1")).is_none());
    assert_eq!(legal(&g), vec!["keep", "remove h4"]);
    g.play("keep").unwrap();
    assert!(g.rules().position.board().piece_at(sq("h4")).is_some());
    assert_eq!(g.rules().position.turn(), 2);
}

// ---------------------------------------------------------------- turns and the end

#[test]
fn five_turn_rule_no_chain_by_the_end_of_turn_5_and_everyone_loses() {
    let start = Board::start();
    let mut g = game(&start, "5/15", "random", 0, "black-moves-second", "-");
    g.play("b7b6").unwrap();
    match g.status() {
        Status::Over(Outcome::Score { points, reason }) => {
            assert_eq!(points, 0);
            assert!(reason.contains("turn 5"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let mut earlier = game(&start, "4/15", "random", 0, "black-moves-second", "-");
    earlier.play("b7b6").unwrap();
    assert_eq!(earlier.rules().position.turn(), 5);
    assert_eq!(actor(&earlier), Actor::Side(Color::White));
}

#[test]
fn the_final_turn_is_scored_and_ends_the_game_with_the_sum_of_the_turns() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "15/15",
        "random",
        0,
        "black-moves-second",
        "14:16:c3.d3.d4.c4",
    );
    g.play("a8c7").unwrap();
    assert_eq!(
        g.status(),
        Status::Over(Outcome::Score {
            points: 32,
            reason: "after 15 turns".into()
        })
    );
    assert!(
        g.rules().position.board().pits().is_empty(),
        "no bomb after the last scoring"
    );
    assert!(g.play("c7a8").is_err());
    // Each scored turn with its points, as a duplicate event's standings compare them.
    let scores = chatrang_rules::Game::turn_scores(&g);
    assert_eq!(scores, vec![(14, 16), (15, 16)]);
}

#[test]
fn turns_after_the_first_chain_are_scored_even_without_a_chain() {
    let b = board(&[("a8", 'n'), ("h1", 'N')], &[]);
    let mut g = game(
        &b,
        "3/15",
        "random",
        dice_rolling(&[(6, 6)]),
        "black-moves-second",
        "2:16:c3.d3.d4.c4",
    );
    g.play("a8c7").unwrap();
    let last = g.rules().position.history().last().unwrap();
    assert_eq!((last.turn, last.points), (3, 0));
    assert!(
        g.rules().position.board().is_pit(sq("g7")),
        "the bomb still falls"
    );
}

#[test]
fn the_turn_limit_is_an_option_from_5_to_30() {
    for bad in ["4", "31", "many", ""] {
        let options = Options::default().with("turns", bad);
        assert!(
            registry::new_game(GameId::Catalonia, &options, 0).is_err(),
            "{bad}"
        );
    }
    let options = Options::default().with("turns", "20");
    let g = registry::new_game(GameId::Catalonia, &options, 0).unwrap();
    assert!(g.view().header.contains("turn 1/20"), "{}", g.view().header);
    let default = registry::new_game(GameId::Catalonia, &Options::default(), 0).unwrap();
    assert!(default.view().header.contains("turn 1/15"));
    let bad = Options::default().with("nonrandom", "perhaps");
    assert!(registry::new_game(GameId::Catalonia, &bad, 0).is_err());
}

#[test]
fn swapped_move_order_needs_a_proposal_and_an_acceptance() {
    let mut g = registry::new_game(GameId::Catalonia, &Options::default(), 3).unwrap();
    assert!(legal(g.as_ref()).contains(&"swap".to_string()));
    g.play("swap").unwrap();
    assert_eq!(actor(g.as_ref()), Actor::Side(Color::Black));
    assert_eq!(legal(g.as_ref()), vec!["accept", "decline"]);
    assert!(g.play("e2e3").is_err());
    g.play("accept").unwrap();
    assert_eq!(actor(g.as_ref()), Actor::Side(Color::Black));
    assert!(g.play("e2e3").is_err(), "White must wait for Black");
    g.play("e7e6").unwrap();
    assert_eq!(actor(g.as_ref()), Actor::Side(Color::White));
    assert!(!legal(g.as_ref()).contains(&"swap".to_string()));
    g.play("e2e3").unwrap();
    // Turn 2 starts with White again, and the swap may be proposed again.
    assert_eq!(actor(g.as_ref()), Actor::Side(Color::White));
    assert!(legal(g.as_ref()).contains(&"swap".to_string()));
}

#[test]
fn a_declined_swap_leaves_white_to_move_first_without_a_second_proposal() {
    let mut g = registry::new_game(GameId::Catalonia, &Options::default(), 3).unwrap();
    g.play("swap").unwrap();
    g.play("decline").unwrap();
    assert_eq!(actor(g.as_ref()), Actor::Side(Color::White));
    assert!(!legal(g.as_ref()).contains(&"swap".to_string()));
    assert!(g.play("swap").is_err());
    g.play("d2d4").unwrap();
    assert_eq!(actor(g.as_ref()), Actor::Side(Color::Black));
}

#[test]
fn a_side_without_a_legal_move_passes() {
    // White's only piece is a Peasant walled in by pits.
    let b = board(&[("d4", 'P'), ("a8", 'n'), ("h8", 'n')], &["d3", "d5"]);
    let mut g = game(&b, "1/15", "random", 0, "black-moves-second", "-");
    let played = g.play("a8c7").unwrap();
    assert!(
        played
            .description
            .contains("White has no legal move and passes"),
        "{}",
        played.description
    );
    assert_eq!(actor(&g), Actor::Side(Color::Black));
}

#[test]
fn the_non_random_variant_targets_a_piece_of_a_longest_chain_chosen_by_anyone() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "nonrandom",
        0,
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    assert_eq!(g.rules().position.phase(), &Phase::Target { center: None });
    assert_eq!(actor(&g), Actor::Anyone);
    assert_eq!(legal(&g), vec!["bomb c3", "bomb c4", "bomb d3", "bomb d4"]);
    assert!(
        g.play("bomb c7").is_err(),
        "the Knight is in no longest chain"
    );
    g.play("bomb c4").unwrap();
    assert!(g.rules().position.board().is_pit(sq("c4")));
}

#[test]
fn the_non_random_variant_has_no_bomb_in_a_turn_without_a_chain() {
    let b = board(&[("a8", 'n'), ("h1", 'N')], &[]);
    let mut g = game(
        &b,
        "3/15",
        "nonrandom",
        0,
        "black-moves-second",
        "2:16:c3.d3.d4.c4",
    );
    let played = g.play("a8c7").unwrap();
    assert!(
        played.description.contains("no bomb"),
        "{}",
        played.description
    );
    assert!(g.rules().position.board().pits().is_empty());
    assert_eq!(g.rules().position.turn(), 4);
}

// ---------------------------------------------------------------- input and records

#[test]
fn bad_input_is_refused_with_advice_and_changes_nothing() {
    let mut g = registry::new_game(GameId::Catalonia, &Options::default(), 9).unwrap();
    let before = g.position_text();
    let huge = "e2e4".repeat(10_000);
    for bad in [
        "",
        "hello",
        "e7e6",
        "e2e5",
        "b1b3",
        "escape d5",
        "bomb c4",
        "keep",
        "e4",
        huge.as_str(),
    ] {
        let error = g.play(bad).expect_err(bad);
        assert!(!error.to_string().is_empty());
        assert_eq!(g.position_text(), before, "{bad:.20}");
    }
}

#[test]
fn malformed_position_strings_are_refused() {
    let good = Position::new(15, true, 0).to_text();
    assert!(registry::load(GameId::Catalonia, &good).is_ok());
    for bad in [
        "",
        "x",
        &good.replace("1/15", "16/15"),
        &good.replace("1/15", "1/40"),
        &good.replace("white-moves", "dancing"),
        &good.replace("random", "sometimes"),
        &good.replacen("1nblgbn1", "1nblgbn1x", 1),
        &good.replacen("1nblgbn1", "Pnblgbn1", 1),
        &format!("{good} extra"),
        &"8/".repeat(5000),
    ] {
        assert!(registry::load(GameId::Catalonia, bad).is_err(), "{bad:.60}");
    }
}

#[test]
fn a_game_saved_mid_decision_loads_back_equal() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        dice_rolling(&[(3, 4)]),
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    let text = g.position_text();
    assert!(text.contains("target-near-d5"), "{text}");
    let loaded = registry::load(GameId::Catalonia, &text).unwrap();
    assert_eq!(loaded.position_text(), text);
    assert_eq!(loaded.status(), g.status());
    assert_eq!(legal(loaded.as_ref()), legal(&g));
}

#[test]
fn help_and_options_are_registered() {
    assert!(registry::help(GameId::Catalonia).contains("Catalonia"));
    let names: Vec<&str> = registry::option_specs(GameId::Catalonia)
        .iter()
        .map(|o| o.name)
        .collect();
    assert!(names.contains(&"turns") && names.contains(&"nonrandom"));
}

#[test]
fn piece_diagrams_mark_moves_and_defence() {
    let g = registry::new_game(GameId::Catalonia, &Options::default(), 0).unwrap();
    for name in ["Knight", "bishop", "L", "Gentleman", "peasant"] {
        let view = g.piece_diagram(name).unwrap();
        assert_eq!(view.pieces.len(), 1);
        assert!(view.marks.len() > 2, "{name}");
    }
    assert!(g.piece_diagram("Queen").is_err());
}

#[test]
fn an_escape_square_qualifies_only_with_the_new_pit_in_place() {
    // With c3 empty the Bishop on a1 would defend d4 and a1→d4→d2→b3→a1 would be a chain;
    // the pit dug on c3 blocks the Bishop, so the Black Gentleman may not escape to d4.
    let gentleman = Piece::new(Color::Black, Kind::Gentleman);
    let pieces = [("a1", 'B'), ("d2", 'N'), ("b3", 'N'), ("h8", 'n')];
    let with_pit = game(
        &board(&pieces, &["c3"]),
        "2/15",
        "random",
        0,
        "white-moves",
        "-",
    );
    assert!(
        !with_pit
            .rules()
            .position
            .qualifying_escapes(gentleman, sq("c3"))
            .contains(&sq("d4"))
    );
    let mut without = board(&pieces, &[]);
    without.put(sq("d4"), Some(gentleman));
    let g = game(&without, "2/15", "random", 0, "white-moves", "-");
    assert_eq!(
        g.rules().current_chain().len(),
        4,
        "the chain exists when c3 is open"
    );
}

#[test]
fn an_escape_with_a_single_qualifying_square_is_made_at_once() {
    let mut g = game(
        &chain_of_gentlemen(&[], &[]),
        "1/15",
        "random",
        dice_rolling(&[(2, 2)]),
        "black-moves-second",
        "-",
    );
    // Fill every qualifying square but e3 with pits, so e3 is the only way out.
    let options: Vec<Square> = {
        let mut probe = g.clone();
        probe.play("a8c7").unwrap();
        probe
            .legal_actions()
            .iter()
            .filter_map(|a| a.to)
            .filter(|&s| s != sq("e3"))
            .collect()
    };
    let mut b = g.rules().position.board().clone();
    for s in options {
        b.add_pit(s);
    }
    g = game(
        &b,
        "1/15",
        "random",
        dice_rolling(&[(2, 2)]),
        "black-moves-second",
        "-",
    );
    let played = g.play("a8c7").unwrap();
    assert!(
        played.description.contains("escapes to e3, the one square"),
        "{}",
        played.description
    );
    assert_eq!(g.rules().position.turn(), 2);
}

#[test]
fn the_non_random_target_may_be_any_piece_of_any_longest_chain() {
    let b = chain_of_gentlemen(&[("g1", 'G'), ("h1", 'g'), ("g2", 'g'), ("h2", 'G')], &[]);
    let mut g = game(&b, "1/15", "nonrandom", 0, "black-moves-second", "-");
    g.play("a8c7").unwrap();
    assert_eq!(
        legal(&g),
        vec![
            "bomb c3", "bomb c4", "bomb d3", "bomb d4", "bomb g1", "bomb g2", "bomb h1", "bomb h2"
        ]
    );
}

#[test]
fn the_picture_shows_pits_the_chain_and_the_scores() {
    let b = chain_of_gentlemen(&[], &["f6", "b2"]);
    let g = game(&b, "3/15", "random", 0, "white-moves", "2:16:c3.d3.d4.c4");
    let view = g.view();
    let pits: Vec<Square> = view
        .tiles
        .iter()
        .filter(|(_, t)| *t == chatrang_rules::Tile::Pit)
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(names(pits), set(&["b2", "f6"]));
    assert_eq!(view.arrows.len(), 4);
    // Nobody has moved in turn 3: the header gives turn 2's score, not the chain's value now.
    assert!(view.header.contains("turn 3/15"), "{}", view.header);
    assert!(view.header.contains("turn 2 scored 16"), "{}", view.header);
    assert!(view.header.contains("total 16"), "{}", view.header);
    let piece = view.pieces.iter().find(|(s, _)| *s == sq("c3")).unwrap();
    assert_eq!(piece.1.kind, "gentleman");
}

#[test]
fn a_saved_decision_with_no_choice_is_refused_rather_than_stuck() {
    // White to move with no legal move, or an escape with no square, cannot be loaded.
    let walled = board(&[("d4", 'P'), ("a8", 'n')], &["d3", "d5"]);
    let text = format!(
        "{} 1/15 random 0000000000000000 white-moves - -",
        walled.to_text()
    );
    assert!(Position::from_text(&text).is_err());
    let lonely = board(&[("a8", 'n')], &["c3"]);
    let text = format!(
        "{} 2/15 random 0000000000000000 escape-G-c3 1:16:c3.d3.d4.c4 -",
        lonely.to_text()
    );
    assert!(Position::from_text(&text).is_err());
}

/// The sentences a bad position string gets name the field and say what it should be.
#[test]
fn an_unreadable_position_string_says_which_field_is_wrong() {
    let start = "1nblgbn1/1pppppp1/8/8/8/8/1PPPPPP1/1NBLGBN1";
    let with = |turns: &str, mode: &str, phase: &str, history: &str| {
        format!("{start} {turns} {mode} chacha8:000000000000002a:0 {phase} {history} -")
    };
    let refusal = |text: &str| Position::from_text(text).unwrap_err().to_string();
    for (text, sentence) in [
        (
            format!("{start} 1/15 random"),
            "a Catalonia position has 7 fields (board, turn/limit, random or nonrandom, dice, \
             decision, history, last squares); this one has 3",
        ),
        (
            with("16/15", "random", "white-moves", "-"),
            "turn 16 of 15 is impossible: the limit is 5 to 30 and the turn 1 to the limit",
        ),
        (
            with("1/15", "sometimes-random", "white-moves", "-"),
            "\"sometimes-ra\" should be random or nonrandom",
        ),
        (
            with("1/15", "random", "dancing", "-"),
            "\"dancing\" is not a pending decision of Catalonia",
        ),
        (
            with("1/15", "random", "white-moves", "3:9"),
            "\"3:9\" should be turn:points:chain",
        ),
        (
            format!(
                "x{} 1/15 random 0000000000000000 white-moves - -",
                &start[1..]
            ),
            "'x' is not a Catalonia piece; use N B L G P (black in lower case), * for a pit, \
             digits for empty squares",
        ),
        (
            format!("{start} 1/15 random 2a white-moves - -"),
            "the dice should be chacha8:<seed, 16 hexadecimal digits>:<rolls made>, or 16 \
             hexadecimal digits in a game from before the rolls were recorded",
        ),
    ] {
        assert_eq!(refusal(&text), sentence, "{text}");
    }
}

#[test]
fn help_fits_in_one_discord_message() {
    assert!(registry::help(GameId::Catalonia).chars().count() <= 2000);
}
