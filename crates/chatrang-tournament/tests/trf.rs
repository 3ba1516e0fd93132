//! The TRF writer and reader: what we write reads back to the same tournament, bbpPairings'
//! files read and write back to the same tournament, and no input makes the reader panic.

use std::path::Path;

use chatrang_tournament::{
    Absence, Game, History, Outcome, Player, Round, TrfHeader, Unpaired, read_trf, write_trf,
};
use proptest::prelude::*;

fn fixture(name: &str) -> String {
    std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/dutch")
            .join(name),
    )
    .unwrap()
}

#[test]
fn what_we_write_reads_back() {
    let history = History {
        players: (1..=5)
            .map(|n| Player {
                number: n,
                rating: 2400 - 10 * n,
                name: format!("Player {n}"),
            })
            .collect(),
        rounds: vec![
            Round {
                games: vec![
                    Game {
                        white: 1,
                        black: 3,
                        outcome: Outcome::WhiteWins,
                    },
                    Game {
                        white: 4,
                        black: 2,
                        outcome: Outcome::BlackWinsByForfeit,
                    },
                ],
                unpaired: vec![Unpaired {
                    player: 5,
                    absence: Absence::PairingBye,
                }],
            },
            Round {
                games: vec![
                    Game {
                        white: 2,
                        black: 1,
                        outcome: Outcome::Draw,
                    },
                    Game {
                        white: 3,
                        black: 5,
                        outcome: Outcome::DoubleForfeit,
                    },
                ],
                unpaired: vec![Unpaired {
                    player: 4,
                    absence: Absence::HalfPointBye,
                }],
            },
            Round {
                games: vec![Game {
                    white: 5,
                    black: 1,
                    outcome: Outcome::WhiteWinsByForfeit,
                }],
                unpaired: vec![
                    Unpaired {
                        player: 2,
                        absence: Absence::Absent,
                    },
                    Unpaired {
                        player: 3,
                        absence: Absence::Absent,
                    },
                    Unpaired {
                        player: 4,
                        absence: Absence::Absent,
                    },
                ],
            },
        ],
    };
    let header = TrfHeader {
        name: "Club Swiss".to_string(),
        total_rounds: 5,
    };
    let text = write_trf(&history, &header);
    assert!(text.starts_with("012 Club Swiss\nXXR 5\nXXC white1\n001    1      Player 1"));
    let (back, back_header) = read_trf(&text).unwrap();
    assert_eq!(back_header, header);
    assert_eq!(back.players, history.players);
    for (r, (a, b)) in back.rounds.iter().zip(&history.rounds).enumerate() {
        for p in 1..=5 {
            assert_eq!(a.entry(p), b.entry(p), "round {} player {p}", r + 1);
        }
    }
    // The columns of TRF-16: rating in 49–52, points in 81–84 (player 1: 1 + ½ + 0 = 1.5),
    // round 1 from column 92 (opponent 92–95, colour 97, result 99).
    let line = text.lines().find(|l| l.starts_with("001    1")).unwrap();
    assert_eq!(&line[48..52], "2390");
    assert_eq!(&line[80..84], " 1.5");
    assert_eq!(&line[91..99], "   3 w 1");
    let bye = text.lines().find(|l| l.starts_with("001    5")).unwrap();
    assert_eq!(&bye[91..99], "0000 - U");
}

#[test]
fn bbp_pairings_files_read_and_write_back_to_the_same_tournament() {
    for name in [
        "t02_p27_r8_s1002.trf",
        "t14_p25_r9_s1014.trf",
        "t20_p7_r6_s1020.trf",
    ] {
        let text = fixture(name);
        let (history, header) = read_trf(&text).unwrap();
        // The points column bbpPairings wrote is the score we compute.
        for line in text.split(['\r', '\n']).filter(|l| l.starts_with("001")) {
            let number: u32 = line[4..8].trim().parse().unwrap();
            assert_eq!(
                history.points(number).decimal(),
                line[80..84].trim(),
                "{name} player {number}"
            );
        }
        let (again, _) = read_trf(&write_trf(&history, &header)).unwrap();
        assert_eq!(again.players, history.players);
        for (a, b) in again.rounds.iter().zip(&history.rounds) {
            for p in &history.players {
                assert_eq!(a.entry(p.number), b.entry(p.number));
            }
        }
    }
}

#[test]
fn malformed_files_are_refused_with_a_sentence() {
    let err = read_trf("001   x      Someone").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Line 1 is not a player line this reader understands: no pairing number."
    );
    assert!(
        read_trf("001    2      Someone").is_err(),
        "numbers must start at 1"
    );
}

proptest! {
    #[test]
    fn the_reader_never_panics_on_any_text(text in "\\PC{0,400}") {
        let _ = read_trf(&text);
    }

    #[test]
    fn the_reader_never_panics_on_damaged_files(cuts in proptest::collection::vec((0usize..6000, any::<char>()), 0..12)) {
        let mut chars: Vec<char> = fixture("t20_p7_r6_s1020.trf").chars().collect();
        for (at, c) in cuts {
            if !chars.is_empty() {
                let i = at % chars.len();
                chars[i] = c;
            }
        }
        let text: String = chars.into_iter().collect();
        let _ = read_trf(&text);
    }

    #[test]
    fn player_lines_with_any_round_fields_never_panic(fields in proptest::collection::vec("[ 0-9]{4} [wb -] [10=+\\-HUFZWDL ]", 0..12)) {
        let mut line = String::from("001    1      A                                 2000                             0.0    1");
        for f in &fields {
            line.push_str("  ");
            line.push_str(f);
        }
        let _ = read_trf(&line);
    }
}
