//! Our move notation as UCI writes moves. UCI moves are single words: `e2e4`, a promotion with
//! the piece's letter in lower case (`e7e8q`, where we write `e7e8=Q`). Our games' other
//! actions are several words (`pick K a1`, `baseline north`); in UCI their spaces become `_`
//! (`pick_K_a1`). A move from the GUI is found by writing each legal action this way, so
//! whatever we can write we can read, and nothing else is played.

use chatrang_rules::Game;

/// `notation` as one UCI word.
pub fn to_uci(notation: &str) -> String {
    let word = notation.trim().replace(' ', "_");
    match word.split_once('=') {
        Some((squares, piece)) if !squares.contains('_') => {
            format!("{squares}{}", piece.to_ascii_lowercase())
        }
        _ => word,
    }
}

/// The legal action of `game` that UCI writes as `word`, in our notation.
pub fn find(game: &dyn Game, word: &str) -> Option<String> {
    game.legal_actions()
        .into_iter()
        .map(|action| action.notation)
        .find(|notation| to_uci(notation) == word)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chatrang_rules::{GameId, Options, registry};

    #[test]
    fn promotions_lose_their_sign_and_actions_of_several_words_are_joined() {
        assert_eq!(to_uci("e2e4"), "e2e4");
        assert_eq!(to_uci("e7e8=Q"), "e7e8q");
        assert_eq!(to_uci("a11a12=AB"), "a11a12ab");
        assert_eq!(to_uci("pick K a1"), "pick_K_a1");
        assert_eq!(to_uci("baseline north"), "baseline_north");
    }

    #[test]
    fn every_legal_action_of_every_game_is_found_again_from_its_uci_word() {
        for id in GameId::ALL {
            let game = registry::new_game(id, &Options::default(), 1).unwrap();
            for action in game.legal_actions() {
                let word = to_uci(&action.notation);
                assert!(!word.contains(char::is_whitespace), "{word}");
                assert_eq!(
                    find(game.as_ref(), &word).as_deref(),
                    Some(action.notation.as_str()),
                    "{}",
                    id.slug()
                );
            }
        }
        let chess = registry::new_game(GameId::Chess, &Options::default(), 1).unwrap();
        assert_eq!(find(chess.as_ref(), "e2e5"), None);
    }
}
