//! Shared by the replay tests and the checker run: comparing our pairing of a round with the
//! round as another engine paired it.

#![allow(dead_code)]

use std::collections::BTreeSet;

use chatrang_tournament::{Absence, Colour, Entry, History, Pairings, Round, Unpaired, pair_dutch};

/// The players of `round` not to be paired: everyone without an opponent except the
/// pairing-allocated bye (requested byes, absences, withdrawals).
pub fn not_paired(history: &History, round: &Round) -> Vec<Unpaired> {
    history
        .players
        .iter()
        .filter_map(|p| match round.entry(p.number) {
            Entry::Unpaired(Absence::PairingBye) | Entry::Game { .. } => None,
            Entry::Unpaired(absence) => Some(Unpaired {
                player: p.number,
                absence,
            }),
        })
        .collect()
}

/// The boards (white, black) and bye of a round as it was paired.
pub fn as_paired(round: &Round) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let boards = round.games.iter().map(|g| (g.white, g.black)).collect();
    let bye = round
        .unpaired
        .iter()
        .find(|u| u.absence == Absence::PairingBye)
        .map(|u| u.player);
    (boards, bye)
}

/// The boards and bye of our pairings.
pub fn ours(pairings: &Pairings) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    (
        pairings.boards.iter().map(|b| (b.white, b.black)).collect(),
        pairings.bye,
    )
}

/// Pairs round `r` (0-based) of `full` from the rounds before it; `Ok(None)` when ours agrees,
/// `Ok(Some(text))` describing the difference otherwise.
pub fn replay_round(
    full: &History,
    total_rounds: usize,
    r: usize,
) -> Result<Option<String>, String> {
    let before = History {
        players: full.players.clone(),
        rounds: full.rounds[..r].to_vec(),
    };
    let round = &full.rounds[r];
    let pairings = pair_dutch(
        &before,
        total_rounds,
        full.initial_colour().unwrap_or(Colour::White),
        &not_paired(full, round),
    )
    .map_err(|e| e.to_string())?;
    let theirs = as_paired(round);
    let mine = ours(&pairings);
    if theirs == mine {
        return Ok(None);
    }
    let only_theirs: Vec<_> = theirs.0.difference(&mine.0).collect();
    let only_mine: Vec<_> = mine.0.difference(&theirs.0).collect();
    Ok(Some(format!(
        "round {}: expected only {:?} bye {:?}; ours only {:?} bye {:?}",
        r + 1,
        only_theirs,
        theirs.1,
        only_mine,
        mine.1
    )))
}
