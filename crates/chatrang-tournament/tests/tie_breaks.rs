//! Standings and tie-breaks against tables worked out by hand. Values are in quarter-points
//! (`TieValue(10)` is 2.5); each number below is computed in the comment above it.

use chatrang_tournament::{
    Absence, Game, History, Outcome, Player, Round, TieBreak, TieValue, Unpaired, standings,
    tie_break,
};

fn players(n: u32) -> Vec<Player> {
    (1..=n)
        .map(|i| Player {
            number: i,
            rating: 2000 - i,
            name: format!("P{i}"),
        })
        .collect()
}

fn game(white: u32, black: u32, outcome: Outcome) -> Game {
    Game {
        white,
        black,
        outcome,
    }
}

/// A four-player round robin on the Berger table: R1 1–4, 2–3; R2 4–3, 1–2; R3 2–4, 3–1.
///
/// Results: R1 1–4 1-0, 2–3 1-0; R2 4–3 ½-½, 1–2 0-1; R3 2–4 0-1, 3–1 0-1.
/// Points: P1 1+0+1 = 2; P2 1+1+0 = 2; P3 0+½+0 = ½; P4 0+½+1 = 1½.
/// Sonneborn-Berger (opponent's score × points against them):
/// * P1: beat P4 (1½) + lost to P2 (0) + beat P3 (½) = 2
/// * P2: beat P3 (½) + beat P1 (2) + lost to P4 (0) = 2½
/// * P4: lost to P1 (0) + drew P3 (½ × ½ = ¼) + beat P2 (2) = 2¼
/// * P3: lost to P2 (0) + drew P4 (1½ × ½ = ¾) + lost to P1 (0) = ¾
///
/// Table: 1. P2 (2, SB 2½), 2. P1 (2, SB 2), 3. P4 (1½), 4. P3 (½).
#[test]
fn four_player_round_robin_by_sonneborn_berger() {
    let history = History {
        players: players(4),
        rounds: vec![
            Round {
                games: vec![
                    game(1, 4, Outcome::WhiteWins),
                    game(2, 3, Outcome::WhiteWins),
                ],
                unpaired: vec![],
            },
            Round {
                games: vec![game(4, 3, Outcome::Draw), game(1, 2, Outcome::BlackWins)],
                unpaired: vec![],
            },
            Round {
                games: vec![
                    game(2, 4, Outcome::BlackWins),
                    game(3, 1, Outcome::BlackWins),
                ],
                unpaired: vec![],
            },
        ],
    };
    let table = standings(&history, TieBreak::ROUND_ROBIN);
    let got: Vec<(String, u32, u32, Vec<TieValue>)> = table
        .iter()
        .map(|r| (r.place(), r.player, r.points.halves(), r.tie_breaks.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("1".to_string(), 2, 4, vec![TieValue(10)]),
            ("2".to_string(), 1, 4, vec![TieValue(8)]),
            ("3".to_string(), 4, 3, vec![TieValue(9)]),
            ("4".to_string(), 3, 1, vec![TieValue(3)]),
        ]
    );
    assert_eq!(TieValue(9).to_string(), "2.25");
}

/// The same table with every game but one drawn: R1 1–4 1-0, the rest ½-½.
/// Points: P1 1+½+½ = 2; P2 ½+½+½ = 1½; P3 ½+½+½ = 1½; P4 0+½+½ = 1.
/// SB: P1: beat P4 (1 → 1) + drew P2 (1½ → ¾) + drew P3 (1½ → ¾) = 2½;
///     P2: drew P3 (1½ → ¾) + drew P1 (2 → 1) + drew P4 (1 → ½) = 2¼;
///     P3: drew P2 (¾) + drew P4 (½) + drew P1 (1) = 2¼;
///     P4: lost to P1 (0) + drew P3 (¾) + drew P2 (¾) = 1½.
/// P2 and P3 are equal on points and SB: they share places 2–3.
#[test]
fn players_equal_on_everything_share_a_place() {
    let history = History {
        players: players(4),
        rounds: vec![
            Round {
                games: vec![game(1, 4, Outcome::WhiteWins), game(2, 3, Outcome::Draw)],
                unpaired: vec![],
            },
            Round {
                games: vec![game(4, 3, Outcome::Draw), game(1, 2, Outcome::Draw)],
                unpaired: vec![],
            },
            Round {
                games: vec![game(2, 4, Outcome::Draw), game(3, 1, Outcome::Draw)],
                unpaired: vec![],
            },
        ],
    };
    let table = standings(&history, TieBreak::ROUND_ROBIN);
    let places: Vec<(String, u32, TieValue)> = table
        .iter()
        .map(|r| (r.place(), r.player, r.tie_breaks[0]))
        .collect();
    assert_eq!(
        places,
        vec![
            ("1".to_string(), 1, TieValue(10)),
            ("2–3".to_string(), 2, TieValue(9)),
            ("2–3".to_string(), 3, TieValue(9)),
            ("4".to_string(), 4, TieValue(6)),
        ]
    );
}

/// A six-player, three-round Swiss with a forfeit, an absence and a pairing-allocated bye.
///
/// R1: 1–4 1-0; 2–5 ½-½; 3–6 won by White by forfeit (3 gets the point, unplayed).
/// R2: 6 absent (0); 3–1 0-1; 4–2 0-1; 5 has the pairing-allocated bye (1 point, unplayed).
/// R3: 1–2 ½-½; 5–3 1-0; 6–4 0-1.
/// Points: P1 1+1+½ = 2½; P2 ½+1+½ = 2; P3 1+0+0 = 1; P4 0+0+1 = 1; P5 ½+1+1 = 2½; P6 0.
///
/// Unplayed rounds count against a dummy opponent with the player's own score.
/// * P1: opponents P4 (1), P3 (1), P2 (2): BH 4; cut-1 drops 1: 3;
///   SB 1×1 + 1×1 + 2×½ = 3.
/// * P2: P5 (2½), P4 (1), P1 (2½): BH 6; cut-1 5; SB 2½×½ + 1×1 + 2½×½ = 3½.
/// * P3: R1 forfeit → dummy (1), P1 (2½), P5 (2½): BH 6; cut-1 5; SB dummy 1×1 + 0 + 0 = 1.
/// * P4: P1 (2½), P2 (2), P6 (0): BH 4½; cut-1 drops 0: 4½; SB only the win over P6: 0×1 = 0.
/// * P5: P2 (2), R2 bye → dummy (2½), P3 (1): BH 5½; cut-1 drops 1: 4½;
///   SB 2×½ + 2½×1 + 1×1 = 4½.
/// * P6: R1 forfeit → dummy (0), R2 absent → dummy (0), P4 (1): BH 1; cut-1 1; SB 0.
///
/// Table: P5 and P1 on 2½, P5 ahead on Buchholz (5½ to 4); P2; P3 and P4 on 1, P3 ahead on
/// Buchholz (6 to 4½); P6.
#[test]
fn six_player_swiss_with_a_forfeit_an_absence_and_a_bye() {
    let history = History {
        players: players(6),
        rounds: vec![
            Round {
                games: vec![
                    game(1, 4, Outcome::WhiteWins),
                    game(2, 5, Outcome::Draw),
                    game(3, 6, Outcome::WhiteWinsByForfeit),
                ],
                unpaired: vec![],
            },
            Round {
                games: vec![
                    game(3, 1, Outcome::BlackWins),
                    game(4, 2, Outcome::BlackWins),
                ],
                unpaired: vec![
                    Unpaired {
                        player: 6,
                        absence: Absence::Absent,
                    },
                    Unpaired {
                        player: 5,
                        absence: Absence::PairingBye,
                    },
                ],
            },
            Round {
                games: vec![
                    game(1, 2, Outcome::Draw),
                    game(5, 3, Outcome::WhiteWins),
                    game(6, 4, Outcome::BlackWins),
                ],
                unpaired: vec![],
            },
        ],
    };
    let q = |x: u64| TieValue(x);
    let table = standings(&history, TieBreak::SWISS);
    let got: Vec<(String, u32, u32, Vec<TieValue>)> = table
        .iter()
        .map(|r| (r.place(), r.player, r.points.halves(), r.tie_breaks.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("1".to_string(), 5, 5, vec![q(22), q(18), q(18)]),
            ("2".to_string(), 1, 5, vec![q(16), q(12), q(12)]),
            ("3".to_string(), 2, 4, vec![q(24), q(20), q(14)]),
            ("4".to_string(), 3, 2, vec![q(24), q(20), q(4)]),
            ("5".to_string(), 4, 2, vec![q(18), q(18), q(0)]),
            ("6".to_string(), 6, 0, vec![q(4), q(4), q(0)]),
        ]
    );
    assert_eq!(
        tie_break(&history, 5, TieBreak::Buchholz).to_string(),
        "5.5"
    );
}
