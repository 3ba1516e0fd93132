//! Moves written the ways people really write them: typed back from the bot's own posts (the
//! announcement's `Pawn e2–e4`, the board's `Last move: d4 d5 k4 k5`), pasted from score sheets
//! (`1. e4`, `1... e5`), with figurines (`♘f3`) or full-width characters (`ｅ２ｅ４`). And
//! what a refusal says: this game's own letters and moves, not chess's.

use chatrang_rules::{ActionError, Game, GameId, Options, chromopolis};

use super::helpers::{cataclysm, chess, load};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The notation `input` plays in `game`, on a copy.
fn reads(game: &dyn Game, input: &str) -> Result<String, ActionError> {
    game.clone_game().play(input).map(|p| p.notation)
}

/// What the bot prints about `notation` played in `game`: the announcement without its side
/// (`Pawn e2–e4`), and the board's last move as the text board writes it (`e2 e4`).
fn printed(game: &dyn Game, notation: &str) -> (String, String) {
    let mut after = game.clone_game();
    let played = after.play(notation).unwrap();
    let announced = played
        .description
        .split_once(": ")
        .map_or(played.description.clone(), |(_, rest)| rest.to_string());
    let last_move: Vec<String> = after
        .view()
        .last_move
        .iter()
        .map(|s| s.to_string())
        .collect();
    (announced, last_move.join(" "))
}

#[test]
fn what_the_bot_prints_reads_back_as_the_same_move() {
    let chess_start = chess(START);
    let two_pawns = cataclysm("K:i2 k:h11 P:d4 P:k4", "w", "-");
    let quiet = cataclysm("K:i2 k:h11 P:e4", "w", "-");
    let cases: [(&dyn Game, &str); 4] = [
        (&*chess_start, "e2e4"),
        (&*chess_start, "g1f3"),
        (&*two_pawns, "d4d5&k4k5"),
        (&*quiet, "e4e5"),
    ];
    for (game, notation) in cases {
        let (announced, last_move) = printed(game, notation);
        assert_eq!(reads(game, &announced).unwrap(), notation, "{announced}");
        assert_eq!(reads(game, &last_move).unwrap(), notation, "{last_move}");
    }
    let (announced, _) = printed(&*two_pawns, "d4d5&k4k5");
    assert!(
        announced.contains('–'),
        "the en dash is what was printed: {announced}"
    );
}

#[test]
fn score_sheet_moves_figurines_and_full_width_characters_are_read() {
    let start = chess(START);
    for input in [
        "1. e4",
        "1.e4",
        "ｅ２ｅ４",
        "ｅ４",
        "e2–e4",
        "e2—e4",
        "1. e2–e4",
    ] {
        assert_eq!(reads(&*start, input).unwrap(), "e2e4", "{input}");
    }
    assert_eq!(reads(&*start, "♘f3").unwrap(), "g1f3");
    assert_eq!(reads(&*start, "1. ♘f3").unwrap(), "g1f3");
    let black = chess("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    assert_eq!(reads(&*black, "1... e5").unwrap(), "e7e5");
    assert_eq!(reads(&*black, "1…e5").unwrap(), "e7e5");
    let bishop_out = chess("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert_eq!(reads(&*bishop_out, "2. ♗c4").unwrap(), "f1c4");
    // Every game reads them, not only chess: Chromopolis's first legal move in full width.
    let chromopolis = load(GameId::Chromopolis, chromopolis::START);
    let first = chromopolis.legal_actions()[0].notation.clone();
    let wide: String = first
        .chars()
        .map(|c| char::from_u32(c as u32 + 0xFEE0).unwrap())
        .collect();
    assert_eq!(reads(&*chromopolis, &wide).unwrap(), first, "{wide}");
}

#[test]
fn a_refusal_names_this_games_letters_and_moves() {
    let game = GameId::Cataclysm
        .spec()
        .start(&Options::default(), 1)
        .unwrap();
    let error = game.clone_game().play("Nf6").unwrap_err().to_string();
    assert!(error.contains("Cataclysm has no piece N"), "{error}");
    let letters = error.split("written ").nth(1).unwrap_or("");
    assert!(
        letters.split(", ").any(|l| l == "K"),
        "the letters White has: {error}"
    );
    let unreadable = game.clone_game().play("hello").unwrap_err().to_string();
    assert!(!unreadable.contains("e7e8=Q"), "{unreadable}");
    let legal: Vec<String> = game
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    assert!(
        legal
            .iter()
            .any(|l| unreadable.contains(&format!("such as {l},"))),
        "the example is a move legal here: {unreadable}"
    );
    // A letter the game has keeps the usual answer.
    let error = game.clone_game().play("Kf6").unwrap_err().to_string();
    assert!(error.contains("not a legal move here"), "{error}");
}

#[test]
fn promotion_is_worded_alike_in_every_game() {
    let mut chess_game = chess("8/P7/8/8/8/8/k7/4K3 w - - 0 1");
    let chess_said = chess_game.play("a7a8=R").unwrap().description;
    assert!(
        chess_said.contains("Pawn a7–a8, promotes to a Rook"),
        "{chess_said}"
    );
    let text = format!(
        "{} w - 0 1",
        super::helpers::chromopolis_board(&[("e1", "K"), ("g6", "k"), ("c5", "P")])
    );
    let mut chromopolis_game = load(GameId::Chromopolis, &text);
    let said = chromopolis_game.play("c5c6=A").unwrap().description;
    assert!(
        said.contains("Pawn c5–c6, promotes to an Advocate"),
        "{said}"
    );
}
