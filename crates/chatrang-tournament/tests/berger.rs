//! The round robin against FIDE's published Berger tables (FIDE Handbook C.05, Annex 1,
//! "Berger Tables for Round-Robin Tournaments"): rows typed in from the handbook, each pair
//! written White–Black in board order. Every schedule is also checked for its defining
//! properties: each pair meets exactly once (twice, colours swapped, in a double round robin)
//! and colours are as balanced as a round robin allows.

use std::collections::BTreeMap;

use chatrang_tournament::{Board, Pairings, round_robin};

/// FIDE Handbook C.05 Annex 1, the table for 3 or 4 players (rounds 1–3).
const FIDE_4: [[(u32, u32); 2]; 3] = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];

/// FIDE Handbook C.05 Annex 1, the table for 5 or 6 players (rounds 1–5).
const FIDE_6: [[(u32, u32); 3]; 5] = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
];

/// FIDE Handbook C.05 Annex 1, the table for 7 or 8 players (rounds 1–7).
const FIDE_8: [[(u32, u32); 4]; 7] = [
    [(1, 8), (2, 7), (3, 6), (4, 5)],
    [(8, 5), (6, 4), (7, 3), (1, 2)],
    [(2, 8), (3, 1), (4, 7), (5, 6)],
    [(8, 6), (7, 5), (1, 4), (2, 3)],
    [(3, 8), (4, 2), (5, 1), (6, 7)],
    [(8, 7), (1, 6), (2, 5), (3, 4)],
    [(4, 8), (5, 3), (6, 2), (7, 1)],
];

fn boards(p: &Pairings) -> Vec<(u32, u32)> {
    p.boards
        .iter()
        .map(|b: &Board| (b.white, b.black))
        .collect()
}

#[test]
fn four_six_and_eight_players_follow_the_fide_tables() {
    let four = round_robin(4, false).unwrap();
    assert_eq!(four.len(), 3);
    for (round, expected) in four.iter().zip(FIDE_4) {
        assert_eq!(boards(round), expected.to_vec());
        assert_eq!(round.bye, None);
    }
    let six = round_robin(6, false).unwrap();
    assert_eq!(six.len(), 5);
    for (round, expected) in six.iter().zip(FIDE_6) {
        assert_eq!(boards(round), expected.to_vec());
    }
    let eight = round_robin(8, false).unwrap();
    assert_eq!(eight.len(), 7);
    for (round, expected) in eight.iter().zip(FIDE_8) {
        assert_eq!(boards(round), expected.to_vec());
    }
}

/// An odd number of players uses the next even table; whoever meets the missing last number
/// has the bye (the handbook: "if there is an odd number of players, the player who would
/// play the last number has a free round").
#[test]
fn seven_players_use_the_eight_player_table_with_a_bye() {
    let seven = round_robin(7, false).unwrap();
    assert_eq!(seven.len(), 7);
    for (round, expected) in seven.iter().zip(FIDE_8) {
        let with_eight: Vec<(u32, u32)> = expected
            .iter()
            .copied()
            .filter(|&(w, b)| w != 8 && b != 8)
            .collect();
        let bye = expected
            .iter()
            .find(|&&(w, b)| w == 8 || b == 8)
            .map(|&(w, b)| if w == 8 { b } else { w });
        assert_eq!(boards(round), with_eight);
        assert_eq!(round.bye, bye);
    }
    let five = round_robin(5, false).unwrap();
    for (round, expected) in five.iter().zip(FIDE_6) {
        let bye = expected
            .iter()
            .find(|&&(w, b)| w == 6 || b == 6)
            .map(|&(w, b)| if w == 6 { b } else { w });
        assert_eq!(round.bye, bye);
    }
}

/// Every pair meets exactly once per cycle, every player once per round, and colours are as
/// even as possible: in a single round robin of even n, every player has n/2 or n/2 − 1
/// Whites.
#[test]
fn every_pair_meets_once_and_colours_are_balanced() {
    for n in 2..=20u32 {
        for double in [false, true] {
            let schedule = round_robin(n, double).unwrap();
            let cycle = n - 1 + n % 2;
            assert_eq!(schedule.len() as u32, cycle * if double { 2 } else { 1 });
            let mut met: BTreeMap<(u32, u32), Vec<(u32, u32)>> = BTreeMap::new();
            let mut whites = vec![0u32; n as usize + 1];
            let mut byes = vec![0u32; n as usize + 1];
            for round in &schedule {
                let mut seen = vec![false; n as usize + 1];
                for b in &round.boards {
                    assert!(!seen[b.white as usize] && !seen[b.black as usize]);
                    seen[b.white as usize] = true;
                    seen[b.black as usize] = true;
                    met.entry((b.white.min(b.black), b.white.max(b.black)))
                        .or_default()
                        .push((b.white, b.black));
                    whites[b.white as usize] += 1;
                }
                if let Some(p) = round.bye {
                    assert!(!seen[p as usize]);
                    seen[p as usize] = true;
                    byes[p as usize] += 1;
                }
                assert!(
                    seen[1..].iter().all(|&s| s),
                    "everyone plays or has the bye each round"
                );
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2, "n={n}");
            for (pair, games) in &met {
                if double {
                    assert_eq!(games.len(), 2, "{pair:?}");
                    assert_eq!(
                        games[0],
                        (games[1].1, games[1].0),
                        "the second cycle swaps colours"
                    );
                } else {
                    assert_eq!(games.len(), 1, "{pair:?}");
                }
            }
            for p in 1..=n as usize {
                assert!(byes[p] == u32::from(n % 2 == 1) * if double { 2 } else { 1 });
                if !double && n % 2 == 0 {
                    assert!(
                        whites[p] == n / 2 || whites[p] + 1 == n / 2,
                        "n={n} player {p}: {} whites",
                        whites[p]
                    );
                }
                if double {
                    assert_eq!(whites[p], cycle - u32::from(n % 2 == 1), "n={n} player {p}");
                }
            }
        }
    }
    assert!(round_robin(1, false).is_err());
}
