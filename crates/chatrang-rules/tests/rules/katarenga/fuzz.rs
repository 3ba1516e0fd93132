//! Katarenga parsers against arbitrary input: nothing panics, and a refused action changes
//! nothing.

use chatrang_rules::{GameId, Options, registry};
use proptest::prelude::*;

proptest! {
    #[test]
    fn position_like_text_is_read_or_refused_without_panicking(
        text in "[A-Z2-9]{4} [pP1-8/]{8,30} (w|b|baseline) [pP-]{4} (wb|w|b|-) [0-9]{1,3}"
    ) {
        if let Ok(game) = registry::load(GameId::Katarenga, &text) {
            let _ = game.status();
            let _ = game.legal_actions();
        }
    }

    #[test]
    fn any_action_text_is_played_or_refused_leaving_the_game_unchanged(
        input in "(baseline )?[a-i]?[0-9]{0,2}[-x ]?[a-i]?[0-9]{0,2}(-camp)?|.{0,20}",
        seed in 0u64..1000,
    ) {
        let game = registry::new_game(
            GameId::Katarenga,
            &Options::default().with("baseline", "north"),
            seed,
        )
        .unwrap();
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
