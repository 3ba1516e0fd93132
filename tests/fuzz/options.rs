//! The options of `/new` as each game reads them (`board=AJS2`, `turns=15`, `position=…`, the
//! bot's `ai=3`): any values are taken or refused with a clause, and a game started from them
//! writes a position string that loads to the same position.

use chatrang::rules::{GAMES, Options, search::Level};
use proptest::{prelude::*, strategy::Union};

use super::{Verdict, clause, corpus, text_near};

/// A row of the table, its options by index into its option list, and a seed.
pub type Input = (usize, Vec<(usize, String)>, u64);

/// Real values of an option.
fn values(name: &str) -> Vec<String> {
    let some: &[&str] = match name {
        "board" => &["AJS2", "aks3", "AKU5", "BJR1"],
        "baseline" => &["north", "East", "south", "west"],
        "turns" => &["15", "5", "30", " 12 "],
        "nonrandom" => &["true", "no", "on", "0"],
        "position" => return corpus::all_positions(),
        _ => return corpus::army_lists(),
    };
    some.iter().map(|v| v.to_string()).collect()
}

/// Every row as likely as the others, and each of its options. The strategies are built once,
/// here: drawn through `prop_flat_map`, a row's seeds and strategies would be built again for
/// every input.
pub fn strategy() -> impl Strategy<Value = Input> {
    Union::new(GAMES.iter().enumerate().map(|(row, spec)| {
        let one = Union::new(
            spec.options
                .iter()
                .enumerate()
                .map(|(i, option)| (Just(i), text_near(values(option.name))).boxed()),
        );
        (Just(row), prop::collection::vec(one, 1..=2), any::<u64>()).boxed()
    }))
}

pub fn check((row, given, seed): &Input) -> Verdict {
    let spec = &GAMES[*row];
    let options = given.iter().fold(Options::default(), |o, (i, value)| {
        o.with(spec.options[*i].name, value.as_str())
    });
    match spec.start(&options, *seed) {
        Ok(game) => {
            let written = game.position_text();
            let again = (spec.load)(&written)
                .map_err(|e| format!("{}, {options:?}: {written:?} is refused: {e}", spec.slug))?;
            ensure!(
                again.position_text() == written,
                "{}, {options:?}: {written:?} reads differently",
                spec.slug
            );
            Ok(())
        }
        Err(e) => {
            let typed: String = given.iter().map(|(_, v)| v.as_str()).collect();
            clause(&e.to_string(), &typed).map_err(|m| format!("{}, {options:?}: {m}", spec.slug))
        }
    }
}

/// The bot's level, `ai=3` (also `level 3`, `l3`).
pub fn level_strategy() -> impl Strategy<Value = String> {
    text_near(
        ["3", "1", "5", "level 2", "l4", " 3 "]
            .map(String::from)
            .to_vec(),
    )
}

pub fn check_level(text: &str) -> Verdict {
    match Level::parse(text) {
        Ok(level) => {
            ensure!(
                Level::parse(&level.number().to_string()) == Ok(level),
                "{text:?} reads as {level:?}, whose number reads differently"
            );
            Ok(())
        }
        Err(e) => clause(&e.to_string(), text).map_err(|m| format!("{text:?}: {m}")),
    }
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_new_game_options(input in strategy()) {
        check(&input).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn fuzz_bot_level(text in level_strategy()) {
        check_level(&text).map_err(TestCaseError::fail)?;
    }
}
