//! Variant definitions (`docs/variants.md`): any text is read or refused with a clause that
//! names the line; what is read writes a canonical text that reads to the same definition;
//! compiling it and reading its start position never panic, and a start position that reads
//! lists its moves and plays a few of them (its promotions, castling and end rules at work).

use chatrang::rules::{Options, custom, registry};
use proptest::prelude::*;

use super::{Verdict, clause, text_near};

/// The example definitions of the rules crate's tests, as written and in canonical form.
pub fn definitions() -> Vec<String> {
    let written: Vec<String> = [
        include_str!("../../crates/chatrang-rules/tests/data/variants/amazon.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/berolina.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/capablanca.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/courier.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/embassy.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/grand.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/grasshopper.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/janus.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/losalamos.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/makruk.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/nightrider.ini"),
        include_str!("../../crates/chatrang-rules/tests/data/variants/shatranj.ini"),
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    let canonical = written
        .iter()
        .filter_map(|t| custom::parse(t).ok())
        .map(|d| d.to_text());
    written.iter().cloned().chain(canonical).collect()
}

pub fn strategy() -> impl Strategy<Value = String> {
    text_near(definitions())
}

pub fn check(text: &str) -> Verdict {
    let definition = match custom::parse(text) {
        Ok(d) => d,
        Err(e) => return clause(&e.to_string(), text).map_err(|m| format!("{text:?}: {m}")),
    };
    let written = definition.to_text();
    ensure!(
        custom::parse(&written).as_ref() == Ok(&definition),
        "{text:?} is read, but its canonical text {written:?} reads differently"
    );
    match definition.start_position() {
        Ok(start) => {
            // A few plies, each the last legal move (promotions and castling come last), so
            // that move generation, making moves and the end rules all run.
            let mut position = start;
            for _ in 0..6 {
                let Some(&m) = position.legal_moves().last() else {
                    break;
                };
                position.play_unchecked(m);
            }
        }
        Err(e) => clause(&e.to_string(), text).map_err(|m| format!("{text:?}: {m}"))?,
    }
    Ok(())
}

/// Position strings of defined variants, as a stored game carries them (the board, then its
/// definition packed on one line): each example's start and the position six plies on.
pub fn defined_positions() -> Vec<String> {
    let mut seeds = Vec::new();
    for text in definitions() {
        let options = Options::default().with("definition", text.as_str());
        let Ok(mut game) = registry::new_game(registry::DEFINED.id, &options, 0) else {
            continue;
        };
        seeds.push(game.position_text());
        for _ in 0..6 {
            let Some(action) = game.legal_actions().pop() else {
                break;
            };
            if game.play(&action.notation).is_err() {
                break;
            }
        }
        seeds.push(game.position_text());
    }
    seeds
}

pub fn defined_strategy() -> impl Strategy<Value = String> {
    text_near(defined_positions())
}

/// A defined variant's position string is loaded or refused with a clause; one that loads
/// writes a string that loads to itself.
pub fn check_defined(text: &str) -> Verdict {
    let load = registry::DEFINED.load;
    let game = match load(text) {
        Ok(game) => game,
        Err(e) => return clause(&e.to_string(), text).map_err(|m| format!("{text:?}: {m}")),
    };
    let written = game.position_text();
    let again = load(&written)
        .map_err(|e| format!("{text:?} is read, but its text {written:?} is not: {e}"))?;
    ensure!(
        again.position_text() == written,
        "{text:?} writes {written:?}, which writes {:?}",
        again.position_text()
    );
    let _ = game.status();
    let _ = game.legal_actions();
    let _ = game.view();
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_defined_positions(text in defined_strategy()) {
        check_defined(&text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn fuzz_variant_definitions(text in strategy()) {
        check(&text).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn every_example_starts_a_game_whose_position_carries_its_definition() {
    let seeds = defined_positions();
    assert_eq!(seeds.len(), 2 * definitions().len());
    for seed in &seeds {
        assert!(seed.contains("|["), "{seed}");
        check_defined(seed).unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn every_example_definition_is_read_and_starts() {
    for text in definitions() {
        let d = custom::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(d.start_position().is_ok(), "{}", d.name);
    }
}
