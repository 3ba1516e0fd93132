//! Checks that a history handed in by the caller is consistent before anything is computed
//! from it: players numbered 1, 2, 3, …, rounds naming only entered players, each at most
//! once per round.

use std::collections::BTreeSet;

use crate::{error::TournamentError, model::History};

/// `Ok` when the history can be paired and scored.
pub fn validate(history: &History) -> Result<(), TournamentError> {
    for (i, player) in history.players.iter().enumerate() {
        let expected = i as u32 + 1;
        if player.number != expected {
            return Err(TournamentError::Numbering {
                expected,
                found: player.number,
            });
        }
    }
    let entered = history.players.len() as u32;
    for (r, round) in history.rounds.iter().enumerate() {
        let mut seen = BTreeSet::new();
        let names = round
            .games
            .iter()
            .flat_map(|g| [g.white, g.black])
            .chain(round.unpaired.iter().map(|u| u.player));
        for player in names {
            if player == 0 || player > entered {
                return Err(TournamentError::UnknownPlayer {
                    round: r + 1,
                    player,
                });
            }
            if !seen.insert(player) {
                return Err(TournamentError::TwiceInRound {
                    round: r + 1,
                    player,
                });
            }
        }
    }
    Ok(())
}
