//! The club's two readers: a seek's offer (`/seek cataclysm,katarenga deadline=1d rated=no
//! expires=2d`) and a tournament's terms (`/tournament new chess format=swiss rounds=5
//! deadline=2d start=1d`). Any text is read or refused with a whole sentence that quotes at
//! most 40 characters of what was typed; what is read is within its bounds.

use chatrang::service::{Format, read_seek_offer, read_tournament_terms};
use proptest::prelude::*;

use super::{Verdict, sentence, text_near};

/// Real offers and terms, and a few just out of bounds.
const LINES: &[&str] = &[
    "cataclysm,katarenga",
    "chess deadline=1d rated=no expires=2d",
    "katarenga casual expires=6h",
    "chess expires=5m",
    "chess format=swiss rounds=5",
    "katarenga format=round-robin double=yes deadline=12h rated=no start=1d",
    "chess rounds=3 start=30d",
    "chess format=rr",
    "chess format=swiss",
    "catalonia rounds=3",
    "chess rounds=16",
    "pick-a-team rounds=2",
];

pub fn strategy() -> impl Strategy<Value = String> {
    text_near(LINES.iter().map(|l| l.to_string()).collect())
}

/// No long word of `input` is repeated whole in `refusal`: it shows at most 40 characters.
/// The check looks for the word's first 45 (quote marks left out of both), as the text after
/// the 40 shown (a closing quote, "; the games…") may happen to be the word's next few.
pub(super) fn quotes_little(refusal: &str, input: &str) -> Verdict {
    let unquoted = |text: &str| text.replace('"', "");
    let refusal = unquoted(refusal);
    for word in input.split_whitespace() {
        let long: Vec<char> = unquoted(word).chars().collect();
        if long.len() > 45 {
            let head: String = long[..45].iter().collect();
            ensure!(
                !refusal.contains(&head),
                "{refusal:?} repeats more than 40 characters of {word:?}"
            );
        }
    }
    Ok(())
}

pub fn check(text: &str) -> Verdict {
    match read_seek_offer(text) {
        Ok(offer) => {
            ensure!(!offer.games.is_empty(), "{text:?}: an offer of no game");
            ensure!(
                (600_000..=7 * 86_400_000).contains(&offer.life_ms),
                "{text:?}: a seek waiting {} ms",
                offer.life_ms
            );
        }
        Err(e) => {
            let said = e.to_string();
            sentence(&said, text).map_err(|m| format!("{text:?}: {m}"))?;
            quotes_little(&said, text)?;
        }
    }
    match read_tournament_terms(text) {
        Ok(terms) => {
            ensure!(
                terms.game.is_cooperative() == (terms.format == Format::Duplicate),
                "{text:?}: a duplicate event is a cooperative game's, and only its: {terms:?}"
            );
            match terms.format {
                Format::Duplicate => ensure!(
                    terms.rounds == Some(1) && !terms.double && !terms.rated,
                    "{text:?}: a duplicate event read as {terms:?}"
                ),
                Format::Swiss => ensure!(
                    terms.rounds.is_some_and(|n| (1..=15).contains(&n)) && !terms.double,
                    "{text:?}: a Swiss read as {terms:?}"
                ),
                Format::RoundRobin => ensure!(
                    terms.rounds.is_none(),
                    "{text:?}: a round robin with rounds"
                ),
            }
            if let Some(start) = terms.start_in_ms {
                ensure!(
                    (600_000..=30 * 86_400_000).contains(&start),
                    "{text:?}: starts in {start} ms"
                );
            }
        }
        Err(e) => {
            let said = e.to_string();
            sentence(&said, text).map_err(|m| format!("{text:?}: {m}"))?;
            quotes_little(&said, text)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_seek_offers_and_tournament_terms(text in strategy()) {
        check(&text).map_err(TestCaseError::fail)?;
    }
}

/// Found by the fuzzer: the refusals of `rounds=`, `start=`, `double=` and `rated=` began
/// with the option's name in lower case (not a sentence). Now each is a sentence.
#[test]
fn a_refused_club_option_is_a_sentence() {
    for text in [
        "chess rounds=23",
        "chess rounds=3 start=5s",
        "chess double=0yes",
        "chess rated=maybe",
        "chess,katarenga rated=maybe",
    ] {
        check(text).unwrap_or_else(|why| panic!("{why}"));
        assert!(read_tournament_terms(text).is_err(), "{text}");
    }
}
