//! The absolute rules of the Swiss pairing, checked on many tournaments played with random
//! results, byes, absences, withdrawals and late joiners: nobody meets the same opponent
//! twice over the board, nobody gets a second pairing-allocated bye or one after winning a
//! point without playing, players away or withdrawn are never paired, everyone else is, and
//! two players who both must have the same colour (absolute preference) never meet before
//! the last round. The expectations are the FIDE rules, not our output.

use std::collections::BTreeSet;

use chatrang_tournament::{
    Absence, Colour, Entry, Game, History, Outcome, Player, Round, Unpaired, pair_dutch,
};
use proptest::prelude::*;

fn colours(history: &History, p: u32) -> Vec<Colour> {
    history
        .rounds
        .iter()
        .filter_map(|r| match r.entry(p) {
            Entry::Game {
                colour, outcome, ..
            } if outcome.is_played() => Some(colour),
            _ => None,
        })
        .collect()
}

fn absolute(c: &[Colour]) -> Option<Colour> {
    let cd: i32 = c
        .iter()
        .map(|&x| if x == Colour::White { 1 } else { -1 })
        .sum();
    let n = c.len();
    if cd > 1 || (n >= 2 && c[n - 1] == Colour::White && c[n - 2] == Colour::White) {
        Some(Colour::Black)
    } else if cd < -1 || (n >= 2 && c[n - 1] == Colour::Black && c[n - 2] == Colour::Black) {
        Some(Colour::White)
    } else {
        None
    }
}

fn play(seed: u64, entrants: u32, rounds: usize) -> Result<(), TestCaseError> {
    let mut state = seed | 1;
    let mut roll = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let player = |n: u32| Player {
        number: n,
        rating: 2500 - n,
        name: format!("P{n}"),
    };
    let mut history = History {
        players: (1..=entrants).map(player).collect(),
        rounds: vec![],
    };
    let mut withdrawn: BTreeSet<u32> = BTreeSet::new();
    for r in 0..rounds {
        if r == 1 && roll(3) == 0 {
            // A late joiner: the next pairing number, no points from round 1.
            history
                .players
                .push(player(history.players.len() as u32 + 1));
        }
        let mut away = Vec::new();
        for p in &history.players {
            if withdrawn.contains(&p.number) {
                continue;
            }
            match roll(40) {
                0 => away.push(Unpaired {
                    player: p.number,
                    absence: Absence::HalfPointBye,
                }),
                1 => away.push(Unpaired {
                    player: p.number,
                    absence: Absence::Absent,
                }),
                2 if r > 0 => {
                    away.push(Unpaired {
                        player: p.number,
                        absence: Absence::Withdrawn,
                    });
                    withdrawn.insert(p.number);
                }
                _ => {}
            }
        }
        let pairings = match pair_dutch(&history, rounds, Colour::White, &away) {
            Ok(p) => p,
            // Small fields can run out of opponents; refusing is allowed, pairing wrongly is not.
            Err(_) => return Ok(()),
        };
        let away_now: BTreeSet<u32> = away.iter().map(|u| u.player).collect();
        let mut seen = BTreeSet::new();
        let last_round = r + 1 == rounds;
        for b in &pairings.boards {
            prop_assert!(
                seen.insert(b.white) && seen.insert(b.black),
                "a player twice in round {}",
                r + 1
            );
            for p in [b.white, b.black] {
                prop_assert!(
                    !away_now.contains(&p) && !history.has_withdrawn(p),
                    "player {p} was away"
                );
            }
            let met = history.rounds.iter().any(|past| {
                matches!(past.entry(b.white), Entry::Game { opponent, outcome, .. } if opponent == b.black && outcome.is_played())
            });
            prop_assert!(!met, "{} and {} meet again", b.white, b.black);
            if !last_round {
                let (aw, ab) = (
                    absolute(&colours(&history, b.white)),
                    absolute(&colours(&history, b.black)),
                );
                prop_assert!(
                    aw.is_none() || aw != ab,
                    "both {} and {} must have {:?}",
                    b.white,
                    b.black,
                    aw
                );
            }
        }
        if let Some(bye) = pairings.bye {
            prop_assert!(seen.insert(bye));
            let scored_unplayed = history.rounds.iter().any(|past| match past.entry(bye) {
                Entry::Unpaired(Absence::PairingBye) => true,
                Entry::Game {
                    outcome, points, ..
                } => !outcome.is_played() && points.halves() == 2,
                _ => false,
            });
            prop_assert!(!scored_unplayed, "player {bye} gets a second free point");
        }
        for p in &history.players {
            if !away_now.contains(&p.number) && !history.has_withdrawn(p.number) {
                prop_assert!(seen.contains(&p.number), "player {} left out", p.number);
            }
        }
        prop_assert!(pairings.bye.is_some() == (seen.len() % 2 == 1));
        let games = pairings
            .boards
            .iter()
            .map(|b| Game {
                white: b.white,
                black: b.black,
                outcome: match roll(20) {
                    0..=7 => Outcome::WhiteWins,
                    8..=14 => Outcome::BlackWins,
                    15..=17 => Outcome::Draw,
                    18 => Outcome::WhiteWinsByForfeit,
                    _ => Outcome::BlackWinsByForfeit,
                },
            })
            .collect();
        history
            .rounds
            .push(pairings_round(games, away, pairings.bye));
    }
    Ok(())
}

fn pairings_round(games: Vec<Game>, mut unpaired: Vec<Unpaired>, bye: Option<u32>) -> Round {
    if let Some(player) = bye {
        unpaired.push(Unpaired {
            player,
            absence: Absence::PairingBye,
        });
    }
    Round { games, unpaired }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn swiss_rounds_keep_the_absolute_rules(seed in any::<u64>(), entrants in 7u32..30, rounds in 5usize..10) {
        play(seed, entrants, rounds.min(entrants as usize - 2))?;
    }
}

#[test]
fn a_late_joiner_with_no_points_is_paired_and_a_withdrawn_player_is_not() {
    let player = |n: u32| Player {
        number: n,
        rating: 2000 - n,
        name: format!("P{n}"),
    };
    let history = History {
        players: (1..=7).map(player).collect(),
        rounds: vec![Round {
            games: vec![
                Game {
                    white: 1,
                    black: 4,
                    outcome: Outcome::WhiteWins,
                },
                Game {
                    white: 5,
                    black: 2,
                    outcome: Outcome::Draw,
                },
                Game {
                    white: 3,
                    black: 6,
                    outcome: Outcome::BlackWins,
                },
            ],
            // Player 7 joined after round 1 (no entry: absent, no points).
            unpaired: vec![],
        }],
    };
    let away = [Unpaired {
        player: 1,
        absence: Absence::Withdrawn,
    }];
    let pairings = pair_dutch(&history, 5, Colour::White, &away).unwrap();
    let paired: BTreeSet<u32> = pairings
        .boards
        .iter()
        .flat_map(|b| [b.white, b.black])
        .collect();
    assert_eq!(paired, BTreeSet::from([2, 3, 4, 5, 6, 7]));
    assert_eq!(pairings.bye, None);
    // After withdrawing, player 1 stays out without being listed again.
    let mut later = history.clone();
    later.rounds.push(pairings.to_round(&away));
    for g in &mut later.rounds[1].games {
        g.outcome = Outcome::Draw;
    }
    let next = pair_dutch(&later, 5, Colour::White, &[]).unwrap();
    assert!(next.boards.iter().all(|b| b.white != 1 && b.black != 1));
    assert_eq!(next.bye, None);
    // An unfinished game stops the next pairing.
    let mut unfinished = later.clone();
    unfinished.rounds[1].games[0].outcome = Outcome::Unfinished;
    assert!(pair_dutch(&unfinished, 5, Colour::White, &[]).is_err());
}
