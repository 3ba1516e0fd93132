//! Bad input never panics and never changes a game: any text as a pick, a move, a position
//! string or an army list gets an error (or is a legal action) and the game stays as it was.

use chatrang_rules::{Game, GameId, Options, picka::Army, registry};
use proptest::prelude::*;

const IDS: [GameId; 4] = [
    GameId::PickATeam,
    GameId::PickATeamV2,
    GameId::Patch,
    GameId::EasyPatch,
];

fn drafting(id: GameId) -> Box<dyn Game> {
    let mut game = registry::new_game(id, &Options::default(), 0).unwrap();
    for _ in 0..3 {
        let a = game.legal_actions()[0].notation.clone();
        game.play(&a).unwrap();
    }
    game
}

fn playing() -> Box<dyn Game> {
    let mut game = registry::new_game(GameId::EasyPatch, &Options::default(), 0).unwrap();
    while game.position_text().contains("draft") {
        let a = game.legal_actions()[0].notation.clone();
        game.play(&a).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_text_as_an_action_is_refused_or_legal(text in "\\PC{0,30}", pick in "(pick )?[A-Za-z -]{0,12} ?[a-z][0-9]{1,2}") {
        for mut game in [drafting(GameId::PickATeam), drafting(GameId::EasyPatch), playing()] {
            for input in [&text, &pick] {
                let before = game.position_text();
                let legal: Vec<String> = game.legal_actions().into_iter().map(|a| a.notation).collect();
                match game.play(input) {
                    Ok(played) => prop_assert!(legal.contains(&played.notation)),
                    Err(_) => prop_assert_eq!(game.position_text(), before),
                }
            }
        }
    }

    #[test]
    fn any_position_string_loads_or_is_refused(text in "[0-9a-zA-Z/\\[\\] |:;,-]{0,80}") {
        for id in IDS {
            let _ = registry::load(id, &text);
        }
    }

    #[test]
    fn any_army_text_parses_or_is_refused(text in "[A-Za-z0-9 ,;\\n]{0,60}") {
        if let Ok(army) = Army::parse(&text) {
            prop_assert_eq!(Army::parse(&army.to_line()), Ok(army));
        }
    }
}

#[test]
fn huge_inputs_are_refused_quickly() {
    let huge = "pick ".repeat(100_000);
    let mut game = drafting(GameId::PickATeam);
    assert!(game.play(&huge).is_err());
    for id in IDS {
        assert!(registry::load(id, &huge).is_err());
    }
    let options = Options::default().with("white-army", "A, A, W\n".repeat(10_000));
    assert!(registry::new_game(GameId::PickATeamV2, &options, 0).is_err());
}
