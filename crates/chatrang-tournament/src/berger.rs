//! Round robin by the Berger tables of the FIDE Handbook (C.05, Annex 1): for an even number
//! n of players, n − 1 rounds in which every pair meets once; an odd number of players adds a
//! dummy, and whoever is drawn against it has the bye. A double round robin plays the table
//! twice, the second cycle with colours reversed.
//!
//! The table is built, not stored: the last number stays put while the others turn. In round r
//! the player p(r) meets n (p(r) = (r + 1) / 2 in odd rounds, with White; n/2 + r/2 in even
//! rounds, where n has White), and the other boards pair p + k (White) with p − k (Black),
//! counting 1 … n − 1 around a circle, for k = 1 … n/2 − 1, in that board order.

use crate::{
    error::TournamentError,
    model::PlayerNumber,
    pairing::{Board, Pairings},
};

/// The whole schedule of a round robin among players 1 … `players`: one [`Pairings`] per round
/// (n − 1 rounds for even n, n for odd n; twice as many when `double`). With an odd number,
/// `bye` names the player without a game that round; round robins usually score that free
/// round 0, so record it as [`Absence::Absent`](crate::Absence::Absent) (or as
/// [`Absence::PairingBye`](crate::Absence::PairingBye) if the tournament gives it a point).
pub fn round_robin(players: u32, double: bool) -> Result<Vec<Pairings>, TournamentError> {
    if players < 2 {
        return Err(TournamentError::TooFewPlayers {
            players: players as usize,
        });
    }
    let n = players + players % 2;
    let dummy = (players % 2 == 1).then_some(n);
    let mut rounds: Vec<Pairings> = (1..n).map(|r| berger_round(n, r, dummy)).collect();
    if double {
        let second: Vec<Pairings> = rounds
            .iter()
            .map(|p| Pairings {
                boards: p
                    .boards
                    .iter()
                    .map(|b| Board {
                        white: b.black,
                        black: b.white,
                    })
                    .collect(),
                bye: p.bye,
            })
            .collect();
        rounds.extend(second);
    }
    Ok(rounds)
}

/// Round `r` (1-based) of the Berger table for an even `n`, the dummy's opponent given the bye.
fn berger_round(n: u32, r: u32, dummy: Option<PlayerNumber>) -> Pairings {
    let p = if r % 2 == 1 {
        r.div_ceil(2)
    } else {
        n / 2 + r / 2
    };
    // Numbers 1 … n − 1 around a circle.
    let around = |x: i64| -> u32 { ((x - 1).rem_euclid(i64::from(n) - 1) + 1) as u32 };
    let mut boards = vec![if r % 2 == 1 {
        Board { white: p, black: n }
    } else {
        Board { white: n, black: p }
    }];
    for k in 1..n / 2 {
        boards.push(Board {
            white: around(i64::from(p) + i64::from(k)),
            black: around(i64::from(p) - i64::from(k)),
        });
    }
    let mut bye = None;
    if let Some(d) = dummy {
        boards.retain(|b| {
            if b.white == d || b.black == d {
                bye = Some(if b.white == d { b.black } else { b.white });
                false
            } else {
                true
            }
        });
    }
    Pairings { boards, bye }
}
