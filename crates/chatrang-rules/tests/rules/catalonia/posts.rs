//! What Catalonia's posts say and draw around a scored turn (`docs/rules.md` §5.6): the header
//! gives scores only, the post that ends a turn draws the chain that scored and marks where the
//! bomb fell, the result is said once, and a refused swap gives its real reason.

use chatrang_rules::{
    Game, GameId, Mark, Options, Square,
    catalonia::{Catalonia, CataloniaGame, Position, board::Board, dice::Dice},
    registry,
};

use crate::helpers::{catalonia_board, sq};

/// A game on `b` at `turns` (like "2/15"), random, with the dice of a new game seeded `dice`,
/// waiting for `phase`, after `history`.
fn game(b: &Board, turns: &str, dice: u64, phase: &str, history: &str) -> CataloniaGame {
    let text = format!(
        "{} {turns} random {} {phase} {history} -",
        b.to_text(),
        Dice::chacha8(dice).to_text()
    );
    Catalonia::game(Position::from_text(&text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

/// A seed whose dice roll this (file die, rank die) pair first.
fn dice_rolling(file: u8, rank: u8) -> u64 {
    (0..u64::MAX)
        .find(|&seed| {
            let mut d = Dice::chacha8(seed);
            d.d6() == file && d.d6() == rank
        })
        .unwrap()
}

/// Four Gentlemen defending each other round c3, d3, d4, c4 (a chain of 4, 16 points), and a
/// Black Knight on a8 whose move a8c7 ends the turn.
fn square_of_gentlemen() -> Board {
    catalonia_board(
        &[
            ("c3", 'G'),
            ("d3", 'g'),
            ("c4", 'g'),
            ("d4", 'G'),
            ("a8", 'n'),
        ],
        &[],
    )
}

/// The squares the arrows leave from, sorted.
fn chain_drawn(game: &dyn Game) -> Vec<String> {
    let mut from: Vec<String> = game
        .view()
        .arrows
        .iter()
        .map(|(a, _)| a.to_string())
        .collect();
    from.sort();
    from
}

fn bomb_marked(game: &dyn Game, square: Square) -> bool {
    game.view().marks.contains(&(square, Mark::Capture))
}

#[test]
fn the_post_that_ends_a_turn_shows_the_scored_chain_and_where_the_bomb_fell() {
    // The dice roll 2-2: the bomb falls on c3, a piece of the chain that scored.
    let mut g = game(
        &square_of_gentlemen(),
        "2/15",
        dice_rolling(2, 2),
        "black-moves-second",
        "-",
    );
    g.play("a8c7").unwrap();
    let scored = vec!["c3", "c4", "d3", "d4"];
    // Until the turn is settled (the escape), and in the post that ends it, the chain drawn is
    // the one that scored, though c3 is a pit now, and the bomb's square is marked.
    while !g.view().header.contains("turn 3/15") {
        assert_eq!(chain_drawn(&g), scored, "{}", g.view().header);
        assert!(bomb_marked(&g, sq("c3")));
        let header = g.view().header;
        assert!(header.contains("this turn 16 · total 16"), "{header}");
        let escape = g.legal_actions()[0].notation.clone();
        g.play(&escape).unwrap();
    }
    let header = g.view().header;
    assert!(
        header.contains("turn 3/15 · turn 2 scored 16 · total 16"),
        "the header of the new turn has scores only: {header}"
    );
    assert!(!header.contains("· this turn"), "{header}");
    assert_eq!(chain_drawn(&g), scored);
    assert!(bomb_marked(&g, sq("c3")));
    // The position string keeps where the bomb fell: a reloaded game draws the same.
    let reloaded = registry::load(GameId::Catalonia, &g.position_text()).unwrap();
    assert!(bomb_marked(reloaded.as_ref(), sq("c3")));
    // Once someone moves, the board now: no bomb mark, no score of a turn not yet scored.
    let first = g
        .legal_actions()
        .into_iter()
        .find(|a| a.notation != "swap")
        .unwrap()
        .notation;
    g.play(&first).unwrap();
    let header = g.view().header;
    assert!(
        !header.contains("scored") && !header.contains("this turn"),
        "{header}"
    );
    assert!(!bomb_marked(&g, sq("c3")));
}

#[test]
fn the_result_is_said_once() {
    // The last turn's scoring ends the game.
    let mut last = game(
        &square_of_gentlemen(),
        "15/15",
        0,
        "black-moves-second",
        "-",
    );
    let said = last.play("a8c7").unwrap().description;
    assert_eq!(said.matches("final score").count(), 1, "{said}");
    assert!(said.ends_with("final score 16 (after 15 turns)"), "{said}");
    // No chain by the end of turn 5: everyone has lost, said once.
    let lonely = catalonia_board(&[("a8", 'n'), ("h1", 'N')], &[]);
    let mut fifth = game(&lonely, "5/15", 0, "black-moves-second", "-");
    let said = fifth.play("a8c7").unwrap().description;
    assert_eq!(said.matches("final score").count(), 1, "{said}");
    assert!(said.contains("everyone has lost"), "{said}");
}

#[test]
fn a_second_swap_is_refused_for_the_real_reason() {
    let mut declined = registry::new_game(GameId::Catalonia, &Options::default(), 3).unwrap();
    declined.play("swap").unwrap();
    declined.play("decline").unwrap();
    let why = declined.play("swap").unwrap_err().to_string();
    assert!(why.contains("Black declined the swap this turn"), "{why}");
    assert!(why.contains("once a turn"), "{why}");
    let mut accepted = registry::new_game(GameId::Catalonia, &Options::default(), 3).unwrap();
    accepted.play("swap").unwrap();
    accepted.play("accept").unwrap();
    let why = accepted.play("swap").unwrap_err().to_string();
    assert!(why.contains("Black accepted the swap"), "{why}");
    // After a move, a swap comes too late.
    let mut moved = registry::new_game(GameId::Catalonia, &Options::default(), 3).unwrap();
    moved.play("d2d4").unwrap();
    let why = moved.play("swap").unwrap_err().to_string();
    assert!(why.contains("before anyone moves"), "{why}");
}
