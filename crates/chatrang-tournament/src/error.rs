//! What can go wrong when a caller hands this crate a tournament: each error's message is a
//! sentence a tournament director can act on.

use thiserror::Error;

use crate::model::PlayerNumber;

/// A tournament that cannot be paired or read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TournamentError {
    /// Pairing numbers must run 1, 2, 3, … in list order.
    #[error(
        "Player {found} is listed where pairing number {expected} was expected; number the players 1, 2, 3, … in order."
    )]
    Numbering {
        /// The number the position calls for.
        expected: PlayerNumber,
        /// The number found there.
        found: PlayerNumber,
    },
    /// A round names a player who is not entered.
    #[error("Round {round} names player {player}, who is not entered in the tournament.")]
    UnknownPlayer {
        /// The round (1-based).
        round: usize,
        /// The unknown number.
        player: PlayerNumber,
    },
    /// A player appears twice in one round.
    #[error("Player {player} appears more than once in round {round}.")]
    TwiceInRound {
        /// The round (1-based).
        round: usize,
        /// The player.
        player: PlayerNumber,
    },
    /// The next round cannot be paired before every game is finished.
    #[error("Round {round} still has an unfinished game; finish it before pairing the next round.")]
    Unfinished {
        /// The round (1-based).
        round: usize,
    },
    /// Round robin needs at least two players.
    #[error("A round robin needs at least two players; {players} entered.")]
    TooFewPlayers {
        /// How many entered.
        players: usize,
    },
    /// All the rounds have been played.
    #[error("All {rounds} rounds have been played; the tournament is over.")]
    Over {
        /// The number of rounds.
        rounds: usize,
    },
    /// No pairing obeys the absolute rules (no rematch, one bye at most, colours).
    #[error(
        "No pairing of round {round} avoids rematches and second byes; the tournament cannot go on as a Swiss."
    )]
    NoPairing {
        /// The round (1-based).
        round: usize,
    },
}
