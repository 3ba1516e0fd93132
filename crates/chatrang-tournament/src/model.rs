//! The tournament as plain data: who plays (by pairing number) and what happened in each round.
//! The bot stores these rows in its own tables with its own ids and hands them to this crate;
//! nothing here knows a chat, a clock or a database.

use crate::points::Points;

/// A player's pairing number: 1 for the first entrant of the initial ranking (highest rating,
/// then name), late joiners after everyone else.
pub type PlayerNumber = u32;

/// One entrant. The caller lists entrants in pairing-number order, 1, 2, 3, …
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The pairing number (position in the initial ranking, late joiners at the end).
    pub number: PlayerNumber,
    /// The rating the initial ranking was sorted by.
    pub rating: u32,
    /// The name shown in standings and report files.
    pub name: String,
}

/// Which side a player had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// How a game ended (or that it has not yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// White won over the board.
    WhiteWins,
    /// Black won over the board.
    BlackWins,
    /// A draw over the board.
    Draw,
    /// Black did not play: White gets the point, the game counts as unplayed.
    WhiteWinsByForfeit,
    /// White did not play: Black gets the point, the game counts as unplayed.
    BlackWinsByForfeit,
    /// Neither played: no points, unplayed for both.
    DoubleForfeit,
    /// Still being played: no points yet; a round with such a game cannot be followed.
    Unfinished,
}

impl Outcome {
    /// Whether the game was played over the board (forfeits and unfinished games were not).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            Outcome::WhiteWins | Outcome::BlackWins | Outcome::Draw
        )
    }

    /// The points of the player who had `colour`.
    pub fn points_for(self, colour: Colour) -> Points {
        let white = match self {
            Outcome::WhiteWins | Outcome::WhiteWinsByForfeit => Points::ONE,
            Outcome::Draw => Points::HALF,
            _ => Points::ZERO,
        };
        let black = match self {
            Outcome::BlackWins | Outcome::BlackWinsByForfeit => Points::ONE,
            Outcome::Draw => Points::HALF,
            _ => Points::ZERO,
        };
        match colour {
            Colour::White => white,
            Colour::Black => black,
        }
    }
}

/// One board of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    /// The player with White.
    pub white: PlayerNumber,
    /// The player with Black.
    pub black: PlayerNumber,
    /// How it ended.
    pub outcome: Outcome,
}

/// Why a player had no opponent in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Absence {
    /// The pairing left this player over (odd number of players): a full point, unplayed.
    PairingBye,
    /// The player asked for a bye worth half a point.
    HalfPointBye,
    /// The player was away (asked for a zero-point bye, or was not there): no points.
    Absent,
    /// The player left the tournament this round; never paired again.
    Withdrawn,
}

impl Absence {
    /// The points this absence is worth.
    pub fn points(self) -> Points {
        match self {
            Absence::PairingBye => Points::ONE,
            Absence::HalfPointBye => Points::HALF,
            Absence::Absent | Absence::Withdrawn => Points::ZERO,
        }
    }
}

/// A player without an opponent in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Unpaired {
    /// Who.
    pub player: PlayerNumber,
    /// Why, and so how many points.
    pub absence: Absence,
}

/// One round: its boards and the players without an opponent. A player in neither list (a late
/// joiner's rounds before joining) counts as [`Absence::Absent`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    /// The boards, first board first.
    pub games: Vec<Game>,
    /// Byes, absences and withdrawals.
    pub unpaired: Vec<Unpaired>,
}

/// What one player did in one round, seen from that player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A game against `opponent` with `colour`, worth `points` to this player; `played` is
    /// false for forfeits (either way) and unfinished games.
    Game {
        /// The other player.
        opponent: PlayerNumber,
        /// This player's colour.
        colour: Colour,
        /// This player's points.
        points: Points,
        /// The outcome of the game.
        outcome: Outcome,
    },
    /// No opponent.
    Unpaired(Absence),
}

impl Entry {
    /// This player's points for the round.
    pub fn points(self) -> Points {
        match self {
            Entry::Game { points, .. } => points,
            Entry::Unpaired(absence) => absence.points(),
        }
    }

    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, Entry::Game { outcome, .. } if outcome.is_played())
    }
}

impl Round {
    /// What `player` did in this round ([`Absence::Absent`] when not listed at all).
    pub fn entry(&self, player: PlayerNumber) -> Entry {
        for game in &self.games {
            if game.white == player {
                let points = game.outcome.points_for(Colour::White);
                return Entry::Game {
                    opponent: game.black,
                    colour: Colour::White,
                    points,
                    outcome: game.outcome,
                };
            }
            if game.black == player {
                let points = game.outcome.points_for(Colour::Black);
                return Entry::Game {
                    opponent: game.white,
                    colour: Colour::Black,
                    points,
                    outcome: game.outcome,
                };
            }
        }
        self.unpaired
            .iter()
            .find(|u| u.player == player)
            .map_or(Entry::Unpaired(Absence::Absent), |u| {
                Entry::Unpaired(u.absence)
            })
    }
}

/// The players and the rounds played so far: everything pairing and standings need.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct History {
    /// The entrants, numbered 1, 2, 3, … in this order.
    pub players: Vec<Player>,
    /// The rounds so far, round 1 first.
    pub rounds: Vec<Round>,
}

impl History {
    /// A player's points after all rounds so far.
    pub fn points(&self, player: PlayerNumber) -> Points {
        self.points_after(player, self.rounds.len())
    }

    /// A player's points after the first `rounds` rounds.
    pub fn points_after(&self, player: PlayerNumber, rounds: usize) -> Points {
        self.rounds
            .iter()
            .take(rounds)
            .map(|r| r.entry(player).points())
            .sum()
    }

    /// Whether the player withdrew in some round so far.
    pub fn has_withdrawn(&self, player: PlayerNumber) -> bool {
        self.rounds
            .iter()
            .any(|r| r.entry(player) == Entry::Unpaired(Absence::Withdrawn))
    }
}

impl History {
    /// The colour player 1 had, or would have had, in round 1 — the colour the colour rules
    /// give the first of the players being paired when nothing else decides. Read off the
    /// first round with a game: the colour of the first player (by pairing number) who took
    /// part in its pairing (a game or the pairing-allocated bye), reversed when they were the
    /// second, fourth, … such player. `None` before any game.
    pub fn initial_colour(&self) -> Option<Colour> {
        let round = self.rounds.iter().find(|r| !r.games.is_empty())?;
        let mut position = 0;
        for player in &self.players {
            match round.entry(player.number) {
                Entry::Game { colour, .. } => {
                    return Some(if position % 2 == 0 {
                        colour
                    } else {
                        colour.opposite()
                    });
                }
                Entry::Unpaired(Absence::PairingBye) => position += 1,
                Entry::Unpaired(_) => {}
            }
        }
        None
    }
}
