//! Moves, picks and every other action typed in a game, read against a legal position of every
//! game: any text is played or refused with a clause; a refusal changes nothing; what is played
//! is a legal action whose canonical notation plays the same move again.

use chatrang::rules::{GAMES, limits};
use proptest::prelude::*;

use super::{Verdict, clause, corpus, text_near};

/// A row of the table, one of its corpus positions, and a text to play there.
pub type Input = (usize, usize, String);

/// Lenient forms the readers know, beside every legal action's canonical notation, so that
/// the parsers stay fuzzed around them too.
const FORMS: &[&str] = &[
    "e2-e4",
    "Nf3",
    "O-O",
    "0-0-0",
    "e7e8=Q",
    "e8(Q)",
    "exd5",
    "d4d5&k4k5",
    "K4-K5, D4-D5",
    "pick Queen d1",
    "pick G c1",
    "baseline north",
    "north",
    "e1-camp",
    "unbind c4 n",
    "swap",
    "target c4",
    "pass",
    // Pasted and printed forms: score sheets, figurines, full width, the bot's own posts.
    "1. e4",
    "1... e5",
    "12…Nc6",
    "♗c4",
    "♞f6",
    "ｅ４ｅ６",
    "ｅ２－ｅ４",
    "e4–e6",
    "Pawn e2–e4",
    "d4 d5 k4 k5",
    "two-pawn move d4–d5 and k4–k5",
];

pub fn strategy() -> impl Strategy<Value = Input> {
    (0..GAMES.len())
        .prop_flat_map(|row| (Just(row), 0..corpus::games()[row].len()))
        .prop_flat_map(|(row, at)| {
            let mut seeds: Vec<String> = corpus::games()[row][at]
                .legal_actions()
                .into_iter()
                .map(|a| a.notation)
                .collect();
            seeds.extend(FORMS.iter().map(|f| f.to_string()));
            (Just(row), Just(at), text_near(seeds))
        })
}

pub fn check((row, at, text): &Input) -> Verdict {
    let key = GAMES[*row].slug;
    let game = &corpus::games()[*row][*at];
    let before = game.position_text();
    let mut played_game = game.clone_game();
    let played = match played_game.play(text) {
        Ok(played) => played,
        Err(e) => {
            ensure!(
                played_game.position_text() == before,
                "{key}: the refused {text:?} changed {before:?}"
            );
            return clause(&e.to_string(), text)
                .map_err(|m| format!("{key}, {before:?}, {text:?}: {m}"));
        }
    };
    let legal: Vec<String> = game
        .legal_actions()
        .into_iter()
        .map(|a| a.notation)
        .collect();
    ensure!(
        legal.contains(&played.notation),
        "{key}: {text:?} played {:?}, which is not among the legal actions of {before:?}",
        played.notation
    );
    let mut again = game.clone_game();
    let replayed = again.play(&played.notation).map_err(|e| {
        format!(
            "{key}: {text:?} played {:?}, which is then refused: {e}",
            played.notation
        )
    })?;
    ensure!(
        replayed.notation == played.notation
            && again.position_text() == played_game.position_text(),
        "{key}: {text:?} and its notation {:?} play differently from {before:?}",
        played.notation
    );
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_moves(input in strategy()) {
        check(&input).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn a_move_just_over_the_limit_is_refused_and_names_it() {
    for (row, spec) in GAMES.iter().enumerate() {
        let mut game = corpus::games()[row][0].clone_game();
        let at_limit = format!("{}{}", "e2e4", " ".repeat(limits::ACTION - 4));
        if let Err(e) = game.play(&at_limit) {
            assert!(!e.to_string().contains("at most"), "{}: {e}", spec.slug);
        }
        let over = "e".repeat(limits::ACTION + 1);
        let e = game.play(&over).unwrap_err().to_string();
        assert!(
            e.contains("101 characters; a move is at most 100"),
            "{}: {e}",
            spec.slug
        );
    }
}

#[test]
fn every_legal_action_reads_back_as_itself() {
    for (row, games) in corpus::games().iter().enumerate() {
        for game in games {
            for action in game.legal_actions() {
                let mut copy = game.clone_game();
                let played = copy.play(&action.notation).unwrap_or_else(|e| {
                    panic!("{}: {} is refused: {e}", GAMES[row].slug, action.notation)
                });
                assert_eq!(played.notation, action.notation, "{}", GAMES[row].slug);
            }
        }
    }
}

/// Found by the fuzzer: a chess move refused with the spaces typed around it opened the
/// refusal with white space (and a `;` typed first opened it with punctuation; that one is
/// the text refused, named as typed).
#[test]
fn a_refused_move_is_named_without_the_spaces_around_it() {
    let mut game = corpus::games()[0][0].clone_game();
    let e = game.play("  e2e5 ").unwrap_err().to_string();
    assert_eq!(
        e,
        "e2e5 is not a legal move here; /moves lists the legal ones"
    );
}
