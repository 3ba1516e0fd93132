//! What the Dutch system needs to know about each player before pairing a round, read off the
//! history: score, the colours of played games, floats in the last two rounds, whether a
//! pairing-allocated bye is still allowed, and whom they have met.

use std::collections::BTreeSet;

use crate::model::{Colour, Entry, History, PlayerNumber};

/// A float a player received in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    /// Paired with a lower score, or scored more than a loss without playing.
    Down,
    /// Paired with a higher score.
    Up,
}

/// One player as the pairing sees them.
#[derive(Debug, Clone)]
pub struct PlayerState {
    /// The pairing number.
    pub number: PlayerNumber,
    /// The number the last colour rule looks at: the place by pairing number (from 1) among
    /// the players taking part (paired this round or in an earlier one), so the pairing
    /// number unless someone before has not joined yet.
    pub position: u32,
    /// The score in half-points.
    pub score: u32,
    /// The colours of the games played over the board, oldest first.
    pub colours: Vec<Colour>,
    /// The float of the last round and of the round before (index 0: last round).
    pub floats: [Option<Float>; 2],
    /// May still receive the pairing-allocated bye (never had one, never scored without
    /// playing).
    pub bye_eligible: bool,
    /// Rounds so far without a game played over the board.
    pub unplayed: u32,
    /// The players met over the board.
    pub met: BTreeSet<PlayerNumber>,
}

impl PlayerState {
    /// White games minus Black games.
    pub fn colour_difference(&self) -> i32 {
        self.colours
            .iter()
            .map(|&c| if c == Colour::White { 1 } else { -1 })
            .sum()
    }
}

/// The state of `player` after every round of `history`.
pub fn player_state(history: &History, player: PlayerNumber) -> PlayerState {
    let mut state = PlayerState {
        number: player,
        position: player,
        score: 0,
        colours: Vec::new(),
        floats: [None, None],
        bye_eligible: true,
        unplayed: 0,
        met: BTreeSet::new(),
    };
    let rounds = history.rounds.len();
    for (r, round) in history.rounds.iter().enumerate() {
        let entry = round.entry(player);
        let float = match entry {
            Entry::Game {
                opponent,
                colour,
                outcome,
                points,
            } => {
                if outcome.is_played() {
                    state.colours.push(colour);
                    state.met.insert(opponent);
                    let mine = history.points_after(player, r);
                    let theirs = history.points_after(opponent, r);
                    if mine > theirs {
                        Some(Float::Down)
                    } else if mine < theirs {
                        Some(Float::Up)
                    } else {
                        None
                    }
                } else {
                    state.unplayed += 1;
                    if points.halves() >= 2 {
                        state.bye_eligible = false;
                    }
                    if points.halves() > 0 {
                        Some(Float::Down)
                    } else {
                        None
                    }
                }
            }
            Entry::Unpaired(absence) => {
                state.unplayed += 1;
                if absence.points().halves() >= 2 {
                    state.bye_eligible = false;
                }
                (absence.points().halves() > 0).then_some(Float::Down)
            }
        };
        if r + 1 == rounds {
            state.floats[0] = float;
        } else if r + 2 == rounds {
            state.floats[1] = float;
        }
        state.score += entry.points().halves();
    }
    state
}
