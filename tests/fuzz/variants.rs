//! Variant definitions (`docs/variants.md`): any text is read or refused with a clause that
//! names the line; what is read writes a canonical text that reads to the same definition;
//! compiling it and reading its start position never panic, and a start position that reads
//! lists its moves and plays a few of them (its promotions, castling and end rules at work).

use chatrang::rules::custom;
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

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_variant_definitions(text in strategy()) {
        check(&text).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn every_example_definition_is_read_and_starts() {
    for text in definitions() {
        let d = custom::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(d.start_position().is_ok(), "{}", d.name);
    }
}
