//! The table: players ordered by points, then by tie-breaks, tied players sharing a place.
//!
//! Round robin: Sonneborn-Berger. Swiss: Buchholz, Buchholz cut-1, Sonneborn-Berger, in that
//! order. Unplayed rounds follow the "dummy opponent" of the FIDE tie-break regulations
//! (C.07, 2023): a round in which a player met nobody over the board — a bye of any kind, a
//! forfeit won or lost, an absence, a round after withdrawing or before joining, a game not
//! yet finished — counts as a game against a dummy opponent whose score is the player's own
//! final score, and the player's points for that round as the result against it. Opponents'
//! scores are their final scores as they stand (their own byes and forfeits included, not
//! adjusted).
//!
//! * Buchholz: the sum of the opponents' scores, one per round (dummy included).
//! * Buchholz cut-1: the same without the lowest of those numbers.
//! * Sonneborn-Berger: the sum over rounds of opponent's score × the player's points against
//!   that opponent (a win counts the whole score, a draw half of it, a loss nothing).
//!
//! Values are whole quarter-points ([`TieValue`]), so no float ever rounds.

use std::fmt;

use crate::{
    model::{Entry, History, PlayerNumber},
    points::Points,
};

/// A tie-break value in quarter-points: `TieValue(10)` is 2.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct TieValue(pub u64);

/// Written with up to two decimals: "2.5", "3.75", "4".
impl fmt::Display for TieValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let whole = self.0 / 4;
        match self.0 % 4 {
            0 => write!(f, "{whole}"),
            1 => write!(f, "{whole}.25"),
            2 => write!(f, "{whole}.5"),
            _ => write!(f, "{whole}.75"),
        }
    }
}

/// The tie-breaks a table can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// Sum of the opponents' scores.
    Buchholz,
    /// Buchholz without the lowest opponent score.
    BuchholzCut1,
    /// Sum of the scores of the opponents beaten, and half those drawn with.
    SonnebornBerger,
}

impl TieBreak {
    /// The tie-breaks of a round robin: Sonneborn-Berger.
    pub const ROUND_ROBIN: &'static [TieBreak] = &[TieBreak::SonnebornBerger];
    /// The tie-breaks of a Swiss: Buchholz, Buchholz cut-1, Sonneborn-Berger.
    pub const SWISS: &'static [TieBreak] = &[
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
    ];

    /// The short name used in table headings.
    pub fn label(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::SonnebornBerger => "SB",
        }
    }
}

/// One line of the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StandingRow {
    /// The first place this player shares (1-based).
    pub rank: u32,
    /// The last place this player shares: equal to `rank` unless tied after all tie-breaks.
    pub rank_to: u32,
    /// The player.
    pub player: PlayerNumber,
    /// Points.
    pub points: Points,
    /// The tie-break values, in the order asked for.
    pub tie_breaks: Vec<TieValue>,
}

impl StandingRow {
    /// The place as shown: "3" or, when shared, "3–4".
    pub fn place(&self) -> String {
        if self.rank == self.rank_to {
            self.rank.to_string()
        } else {
            format!("{}–{}", self.rank, self.rank_to)
        }
    }
}

/// The opponent's score and this player's points, both in half-points, for each round: the
/// dummy opponent (own score) for every round not played over the board.
fn contributions(history: &History, player: PlayerNumber) -> Vec<(u64, u64)> {
    let own = u64::from(history.points(player).halves());
    history
        .rounds
        .iter()
        .map(|round| match round.entry(player) {
            Entry::Game {
                opponent,
                points,
                outcome,
                ..
            } if outcome.is_played() => (
                u64::from(history.points(opponent).halves()),
                u64::from(points.halves()),
            ),
            entry => (own, u64::from(entry.points().halves())),
        })
        .collect()
}

/// One tie-break of one player, in quarter-points.
pub fn tie_break(history: &History, player: PlayerNumber, kind: TieBreak) -> TieValue {
    let rounds = contributions(history, player);
    // Half-points to quarter-points: × 2; opponent score × result: halves × halves = quarters.
    match kind {
        TieBreak::Buchholz => TieValue(rounds.iter().map(|(opp, _)| opp * 2).sum()),
        TieBreak::BuchholzCut1 => {
            let total: u64 = rounds.iter().map(|(opp, _)| opp * 2).sum();
            let lowest = rounds.iter().map(|(opp, _)| opp * 2).min().unwrap_or(0);
            TieValue(total - lowest)
        }
        TieBreak::SonnebornBerger => TieValue(rounds.iter().map(|(opp, res)| opp * res).sum()),
    }
}

/// The table of every entrant: points first, then `tie_breaks` in order; players equal on all
/// of them share a place (listed by pairing number).
pub fn standings(history: &History, tie_breaks: &[TieBreak]) -> Vec<StandingRow> {
    let mut rows: Vec<StandingRow> = history
        .players
        .iter()
        .map(|p| StandingRow {
            rank: 0,
            rank_to: 0,
            player: p.number,
            points: history.points(p.number),
            tie_breaks: tie_breaks
                .iter()
                .map(|&t| tie_break(history, p.number, t))
                .collect(),
        })
        .collect();
    rows.sort_by(|a, b| {
        (b.points, &b.tie_breaks)
            .cmp(&(a.points, &a.tie_breaks))
            .then(a.player.cmp(&b.player))
    });
    let mut start = 0;
    while start < rows.len() {
        let mut end = start + 1;
        while end < rows.len()
            && rows[end].points == rows[start].points
            && rows[end].tie_breaks == rows[start].tie_breaks
        {
            end += 1;
        }
        for row in &mut rows[start..end] {
            row.rank = start as u32 + 1;
            row.rank_to = end as u32;
        }
        start = end;
    }
    rows
}
