//! XBetza piece definitions (from army lists and the position strings that carry them): any
//! text is read or refused with a clause naming the character, and what is read reads again
//! to the same piece.

use chatrang::rules::{chesslike::PieceType, limits, xbetza::Betza};
use proptest::prelude::*;

use super::{Verdict, clause, corpus, text_near};

pub fn strategy() -> impl Strategy<Value = String> {
    text_near(corpus::betzas())
}

pub fn check(text: &str) -> Verdict {
    let betza = match Betza::parse(text) {
        Ok(betza) => betza,
        Err(e) => return clause(&e.to_string(), text).map_err(|m| format!("{text:?}: {m}")),
    };
    ensure!(betza.text == text, "{text:?} is kept as {:?}", betza.text);
    ensure!(
        Betza::parse(&betza.text).as_ref() == Ok(&betza),
        "{text:?} reads differently the second time"
    );
    ensure!(
        !betza.atoms.is_empty(),
        "{text:?} is read as no move at all"
    );
    ensure!(
        PieceType::new("Fuzz", "F", "custom", text).is_ok(),
        "{text:?} is read but makes no piece"
    );
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_xbetza(text in strategy()) {
        check(&text).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn an_xbetza_string_just_over_the_limit_is_refused_and_names_it() {
    let fits = "fW".repeat(limits::XBETZA / 2);
    assert!(Betza::parse(&fits).is_ok());
    let over = format!("{fits}W");
    let e = Betza::parse(&over).unwrap_err().to_string();
    assert!(e.contains("at most 64"), "{e}");
    assert!(e.contains("65 characters"), "{e}");
}
