//! Chromopolis parsers against arbitrary input: nothing panics, and a refused action changes
//! nothing.

use chatrang_rules::{GameId, registry};
use proptest::prelude::*;

proptest! {
    #[test]
    fn position_like_text_is_read_or_refused_without_panicking(
        text in "[knalpKNALP1-7/.\\[\\]]{10,60} (w|b) (-|[a-g][1-6](,[a-g][1-6])?) [0-9]{1,3} [0-9]{1,2}"
    ) {
        if let Ok(game) = registry::load(GameId::Chromopolis, &text) {
            let again = registry::load(GameId::Chromopolis, &game.position_text()).unwrap();
            prop_assert_eq!(again.position_text(), game.position_text());
            let _ = game.status();
            for action in game.legal_actions() {
                let mut next = game.clone_game();
                prop_assert!(next.play(&action.notation).is_ok());
            }
        }
    }

    #[test]
    fn any_action_text_is_played_or_refused_leaving_the_game_unchanged(
        input in "(unbind )?[a-h]?[0-9]{0,2}[- ]?[a-h]?[0-9]{0,2}(=?[nalkqp])?( [nalp])?|.{0,20}",
    ) {
        let game = registry::new_game(GameId::Chromopolis, &Default::default(), 0).unwrap();
        let mut copy = game.clone_game();
        match copy.play(&input) {
            Ok(played) => {
                let legal: Vec<String> =
                    game.legal_actions().into_iter().map(|a| a.notation).collect();
                prop_assert!(legal.contains(&played.notation));
            }
            Err(_) => prop_assert_eq!(copy.position_text(), game.position_text()),
        }
    }
}
