//! The answer of every pairing system: the boards of one round and who is left without an
//! opponent. The caller turns it into a [`Round`](crate::Round) by adding results.

use crate::model::{Absence, Game, Outcome, PlayerNumber, Round, Unpaired};

/// One board to be played: who has White and who has Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    /// The player with White.
    pub white: PlayerNumber,
    /// The player with Black.
    pub black: PlayerNumber,
}

/// The pairings of one round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairings {
    /// The boards, first board first.
    pub boards: Vec<Board>,
    /// The player with the pairing-allocated bye (a full point), if the number to pair was odd.
    pub bye: Option<PlayerNumber>,
}

impl Pairings {
    /// The round these pairings start: every game [`Outcome::Unfinished`], the bye listed,
    /// and `unpaired` (requested byes, absences, withdrawals) added as they are.
    pub fn to_round(&self, unpaired: &[Unpaired]) -> Round {
        let games = self
            .boards
            .iter()
            .map(|b| Game {
                white: b.white,
                black: b.black,
                outcome: Outcome::Unfinished,
            })
            .collect();
        let mut all: Vec<Unpaired> = unpaired.to_vec();
        if let Some(player) = self.bye {
            all.push(Unpaired {
                player,
                absence: Absence::PairingBye,
            });
        }
        Round {
            games,
            unpaired: all,
        }
    }
}
