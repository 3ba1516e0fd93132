//! The Swiss system by FIDE's Dutch rules (C.04.3, the 2025 edition that bbpPairings v6
//! implements): players are ranked by score, then pairing number; score groups are paired from
//! the top down, each bracket's leftovers moving down to the next; the absolute criteria (no
//! rematch, at most one pairing-allocated bye and none after scoring without playing, no two
//! non-topscorers with the same absolute colour preference) are never broken, the completion
//! criterion keeps every bracket's choice compatible with pairing everyone below, and the
//! quality criteria choose among the rest.

mod bracket;
mod colour;
mod graph;
mod matching;
mod quality;
mod state;

use std::collections::BTreeSet;

use crate::{
    dutch::{
        bracket::pair_bracket,
        colour::{Strength, preference},
        graph::Graph,
        quality::Context,
        state::{PlayerState, player_state},
    },
    error::TournamentError,
    model::{Absence, Colour, Entry, History, Outcome, PlayerNumber, Unpaired},
    pairing::{Board, Pairings},
    validate::validate,
};

/// Pairs the next round of a Swiss tournament of `total_rounds` rounds by the Dutch system.
/// `first_colour` is the colour player 1 gets in round 1 (used until a round has been
/// paired; after that it is read off the history, see [`History::initial_colour`]).
/// `unpaired` lists the players who will not be paired this round (requested byes, absences,
/// withdrawals); players who withdrew in an earlier round are left out on their own. Boards
/// are ordered by the higher score, then the higher-ranked player of each pair.
pub fn pair_dutch(
    history: &History,
    total_rounds: usize,
    first_colour: Colour,
    unpaired: &[Unpaired],
) -> Result<Pairings, TournamentError> {
    validate(history)?;
    let round = history.rounds.len() + 1;
    if round > total_rounds {
        return Err(TournamentError::Over {
            rounds: total_rounds,
        });
    }
    for (r, past) in history.rounds.iter().enumerate() {
        if past.games.iter().any(|g| g.outcome == Outcome::Unfinished) {
            return Err(TournamentError::Unfinished { round: r + 1 });
        }
    }
    let away: BTreeSet<PlayerNumber> = unpaired.iter().map(|u| u.player).collect();
    let mut players: Vec<PlayerState> = history
        .players
        .iter()
        .filter(|p| !away.contains(&p.number) && !history.has_withdrawn(p.number))
        .map(|p| player_state(history, p.number))
        .collect();
    // The last colour rule counts pairing numbers among the players taking part: those
    // paired this round, and those paired (a game, even forfeited, or the pairing-allocated
    // bye) in an earlier round. A player who has only been away so far (not yet joined) is
    // not counted, so that the numbers, and with them the colours, run on as if they had not
    // entered; in the first round this is the place among the players present.
    let taking_part = |number: PlayerNumber| {
        players.iter().any(|p| p.number == number)
            || history.rounds.iter().any(|r| {
                matches!(
                    r.entry(number),
                    Entry::Game { .. } | Entry::Unpaired(Absence::PairingBye)
                )
            })
    };
    let counted: Vec<PlayerNumber> = history
        .players
        .iter()
        .map(|p| p.number)
        .filter(|&n| taking_part(n))
        .collect();
    for p in players.iter_mut() {
        p.position = counted.iter().filter(|&&n| n < p.number).count() as u32 + 1;
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.number.cmp(&b.number)));
    let n = players.len();
    let played = history.rounds.len() as u32;
    let last_round = round == total_rounds;
    let topscorer: Vec<bool> = players
        .iter()
        .map(|p| last_round && p.score > played)
        .collect();
    let absolute: Vec<Option<Colour>> = players
        .iter()
        .map(|p| {
            preference(p)
                .filter(|q| q.strength == Strength::Absolute)
                .map(|q| q.colour)
        })
        .collect();
    let compatible: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| {
                    a != b
                        && !players[a].met.contains(&players[b].number)
                        && (absolute[a].is_none()
                            || absolute[a] != absolute[b]
                            || topscorer[a]
                            || topscorer[b])
                })
                .collect()
        })
        .collect();
    let graph = Graph {
        compatible,
        bye_eligible: players.iter().map(|p| p.bye_eligible).collect(),
    };
    let all: Vec<usize> = (0..n).collect();
    if !graph.completable(&all) {
        return Err(TournamentError::NoPairing { round });
    }
    let ctx = Context {
        players: &players,
        topscorer: &topscorer,
        initial: history.initial_colour().unwrap_or(first_colour),
    };
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut mdps: Vec<usize> = Vec::new();
    let mut bye = None;
    let mut start = 0;
    while start < n || !mdps.is_empty() {
        let mut end = start;
        while end < n && players[end].score == players[start].score {
            end += 1;
        }
        let residents: Vec<usize> = (start..end).collect();
        let rest: Vec<usize> = (end..n).collect();
        match pair_bracket(&ctx, &graph, &mdps, &residents, &rest) {
            Some(choice) => {
                pairs.extend(choice.pairs);
                if rest.is_empty() {
                    bye = choice.downfloaters.first().copied();
                    mdps.clear();
                } else {
                    mdps = choice.downfloaters;
                }
            }
            // No candidate: everyone in the bracket moves down (the bracket collapses).
            None if !rest.is_empty() => {
                mdps.extend(residents);
                mdps.sort_unstable();
            }
            None => return Err(TournamentError::NoPairing { round }),
        }
        start = end;
    }
    let mut boards: Vec<(u32, usize, Board)> = pairs
        .iter()
        .map(|&(a, b)| {
            let (white, black) = ctx.colours(a, b);
            let top = a.min(b);
            let key = players[a].score.max(players[b].score);
            (
                key,
                top,
                Board {
                    white: players[white].number,
                    black: players[black].number,
                },
            )
        })
        .collect();
    boards.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    Ok(Pairings {
        boards: boards.into_iter().map(|b| b.2).collect(),
        bye: bye.map(|i| players[i].number),
    })
}
