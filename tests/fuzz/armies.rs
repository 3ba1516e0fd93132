//! Army lists of the games with player-defined armies (`white-army=…`, and the lists a
//! position string carries): any text is read or refused with a clause naming the piece; what
//! is read writes to one line that reads to the same list; and a list a game is given is
//! checked against its list rules without panicking.

use chatrang::rules::{
    GameId, Options, limits,
    picka::{Army, ArmyError},
    registry,
};
use proptest::prelude::*;

use super::{Verdict, clause, corpus, text_near};

/// The games whose players bring armies.
const GAMES: [GameId; 3] = [GameId::PickATeamV2, GameId::Patch, GameId::EasyPatch];

/// A list, and the game it is given to.
pub type Input = (String, usize);

pub fn strategy() -> impl Strategy<Value = Input> {
    (text_near(corpus::army_lists()), 0..GAMES.len())
}

pub fn check((text, game): &Input) -> Verdict {
    match Army::parse(text) {
        Ok(army) => {
            let line = army.to_line();
            ensure!(
                Army::parse(&line).as_ref() == Ok(&army),
                "{text:?} is read, but its line {line:?} reads differently"
            );
        }
        Err(e) => clause(&e.to_string(), text).map_err(|m| format!("{text:?}: {m}"))?,
    }
    let id = GAMES[*game];
    let options = Options::default().with("black-army", text.as_str());
    match registry::new_game(id, &options, 0) {
        Ok(started) => {
            let written = started.position_text();
            let again = registry::load(id, &written)
                .map_err(|e| format!("{id:?} with {text:?} writes {written:?}, refused: {e}"))?;
            ensure!(
                again.position_text() == written,
                "{id:?}: {written:?} reads differently"
            );
        }
        Err(e) => clause(&e.to_string(), text).map_err(|m| format!("{id:?}, {text:?}: {m}"))?,
    }
    Ok(())
}

proptest! {
    #![proptest_config(super::config())]

    #[test]
    fn fuzz_army_lists(input in strategy()) {
        check(&input).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn an_army_list_over_the_limits_is_refused_and_names_them() {
    let piece = "Soldier, S, fW\n";
    let fits = format!("{}{}", piece, "#".repeat(limits::ARMY_LIST - piece.len()));
    assert!(Army::parse(&fits).is_ok());
    let e = Army::parse(&format!("{fits}#")).unwrap_err();
    assert_eq!(e, ArmyError::TooLong(limits::ARMY_LIST + 1));
    assert!(
        e.to_string()
            .contains("8001 characters; a list has at most 8000"),
        "{e}"
    );
    // Characters, not bytes: 8,000 accented letters in a comment still fit.
    let accented = format!(
        "{piece}#{}",
        "é".repeat(limits::ARMY_LIST - piece.len() - 1)
    );
    assert!(Army::parse(&accented).is_ok());
    assert!(Army::parse(&piece.repeat(limits::ARMY_PIECES)).is_ok());
    let e = Army::parse(&piece.repeat(limits::ARMY_PIECES + 1)).unwrap_err();
    assert!(e.to_string().contains("at most 64"), "{e}");
}
