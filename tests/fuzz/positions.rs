//! Position strings, as the table of games loads them (from `/new … position=…` and from the
//! database): any text is read or refused with a clause, and what is read writes back to a
//! string that reads to the same position.

use chatrang::rules::GAMES;
use proptest::{prelude::*, strategy::Union};

use super::{Verdict, clause, corpus, text_near};

/// A row of the table of games and a text to load as its position.
pub type Input = (usize, String);

/// Every row as likely as the others. Each row's strategy is built once, here: drawn through
/// `prop_flat_map`, a row's seeds and strategies would be built again for every input.
pub fn strategy() -> impl Strategy<Value = Input> {
    Union::new((0..GAMES.len()).map(|row| (Just(row), text_near(corpus::positions(row))).boxed()))
}

pub fn check((row, text): &Input) -> Verdict {
    let spec = &GAMES[*row];
    let game = match (spec.load)(text) {
        Ok(game) => game,
        Err(e) => {
            return clause(&e.to_string(), text)
                .map_err(|m| format!("{}, {text:?}: {m}", spec.slug));
        }
    };
    let written = game.position_text();
    let again = (spec.load)(&written).map_err(|e| {
        format!(
            "{}: {text:?} is read, but its text {written:?} is not: {e}",
            spec.slug
        )
    })?;
    ensure!(
        again.position_text() == written,
        "{}: {text:?} writes {written:?}, which writes {:?}",
        spec.slug,
        again.position_text()
    );
    // The deep code behind a loaded position must stand it too.
    let _ = game.status();
    let _ = game.legal_actions();
    let _ = game.view();
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_position_strings(input in strategy()) {
        check(&input).map_err(TestCaseError::fail)?;
    }
}

/// Each game's position string has a limit: a real position padded with spaces to the limit
/// still loads, and one character more is refused with the limit named.
#[test]
fn a_position_string_just_over_its_limit_is_refused_and_names_it() {
    use chatrang::rules::{GameId, limits};
    let cases = [
        (GameId::Chess, limits::CHESS_LIKE_POSITION),
        (GameId::Cataclysm, limits::CHESS_LIKE_POSITION),
        (GameId::PickATeam, limits::PICK_A_TEAM_POSITION),
        (GameId::Patch, limits::PICK_A_TEAM_POSITION),
        (GameId::Katarenga, limits::KATARENGA_POSITION),
        (GameId::Chromopolis, limits::CHROMOPOLIS_POSITION),
        (GameId::Catalonia, limits::CATALONIA_POSITION),
    ];
    for (id, limit) in cases {
        let row = GAMES.iter().position(|g| g.id == id).unwrap();
        let real = &corpus::positions(row)[0];
        let fits = format!("{real}{}", " ".repeat(limit - real.chars().count()));
        assert!((GAMES[row].load)(&fits).is_ok(), "{id:?}");
        let over = format!("{fits} ");
        let e = (GAMES[row].load)(&over).unwrap_err().to_string();
        let named = format!("{} characters; a", limit + 1);
        assert!(
            e.contains(&named) && e.contains(&format!("at most {limit}")),
            "{id:?}: {e}"
        );
    }
}
