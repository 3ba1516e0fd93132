//! Our Dutch engine checked by bbpPairings (run by hand, not in CI):
//!
//! ```text
//! BBP_PAIRINGS=/path/to/bbpPairings.exe cargo test -p chatrang-tournament --test bbp_checker -- --ignored --nocapture
//! ```
//!
//! Plays 50 tournaments with our engine (seeded random results, 7–40 players, 5–11 rounds,
//! with forfeits, half-point byes, absences, withdrawals and late joiners), writes each as a
//! TRF file and lets `bbpPairings --dutch FILE -c` re-pair every round from the rounds before
//! it; prints the agreements and every disagreement. `BBP_TOURNAMENTS` changes the number
//! of tournaments, `BBP_KEEP` a folder to keep the files in.

use std::{path::PathBuf, process::Command};

use chatrang_tournament::{
    Absence, Colour, Game, History, Outcome, Player, Round, TrfHeader, Unpaired, pair_dutch,
    write_trf,
};

/// A small seeded generator (xorshift64*), enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// Plays one tournament with our engine; `Err` when our engine refused a round. Also returns
/// the longest time one pairing took.
fn play(seed: u64) -> Result<(History, usize, std::time::Duration), String> {
    let mut slowest = std::time::Duration::ZERO;
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let entrants = 7 + rng.below(34) as u32;
    let rounds = (5 + rng.below(7) as usize).min(entrants as usize - 2);
    let late = if rng.below(4) == 0 {
        1 + rng.below(3) as u32
    } else {
        0
    };
    let player = |n: u32| Player {
        number: n,
        rating: 2600 - n * 15,
        name: format!("Player {n}"),
    };
    let mut history = History {
        players: (1..=entrants).map(player).collect(),
        rounds: Vec::new(),
    };
    let mut withdrawn: Vec<u32> = Vec::new();
    for r in 0..rounds {
        if r == 2 {
            for _ in 0..late {
                let n = history.players.len() as u32 + 1;
                history.players.push(player(n));
                // Rounds before joining: absent (zero points).
                for past in &mut history.rounds {
                    past.unpaired.push(Unpaired {
                        player: n,
                        absence: Absence::Absent,
                    });
                }
            }
        }
        let mut away: Vec<Unpaired> = Vec::new();
        for p in &history.players {
            if withdrawn.contains(&p.number) {
                continue;
            }
            let roll = rng.below(100);
            let absence = match roll {
                0..=2 => Some(Absence::HalfPointBye),
                3..=4 => Some(Absence::Absent),
                5 if r >= 2 => Some(Absence::Withdrawn),
                _ => None,
            };
            if let Some(absence) = absence {
                away.push(Unpaired {
                    player: p.number,
                    absence,
                });
                if absence == Absence::Withdrawn {
                    withdrawn.push(p.number);
                }
            }
        }
        // Players withdrawn earlier are absent from every later round.
        for &w in &withdrawn {
            if !away.iter().any(|u| u.player == w) {
                away.push(Unpaired {
                    player: w,
                    absence: Absence::Absent,
                });
            }
        }
        let start = std::time::Instant::now();
        let pairings = pair_dutch(&history, rounds, Colour::White, &away)
            .map_err(|e| format!("seed {seed} round {}: {e}", r + 1))?;
        slowest = slowest.max(start.elapsed());
        let games = pairings
            .boards
            .iter()
            .map(|b| {
                let outcome = match rng.below(100) {
                    0..=37 => Outcome::WhiteWins,
                    38..=67 => Outcome::BlackWins,
                    68..=93 => Outcome::Draw,
                    94..=96 => Outcome::WhiteWinsByForfeit,
                    97..=98 => Outcome::BlackWinsByForfeit,
                    _ => Outcome::DoubleForfeit,
                };
                Game {
                    white: b.white,
                    black: b.black,
                    outcome,
                }
            })
            .collect();
        let mut unpaired = away;
        if let Some(bye) = pairings.bye {
            unpaired.push(Unpaired {
                player: bye,
                absence: Absence::PairingBye,
            });
        }
        history.rounds.push(Round { games, unpaired });
    }
    Ok((history, rounds, slowest))
}

#[test]
#[ignore = "needs bbpPairings: set BBP_PAIRINGS to its binary"]
fn bbp_pairings_agrees_with_every_round_we_pair() {
    let Ok(binary) = std::env::var("BBP_PAIRINGS") else {
        panic!("set BBP_PAIRINGS to the bbpPairings binary");
    };
    let count: u64 = std::env::var("BBP_TOURNAMENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let dir = std::env::var("BBP_KEEP")
        .map(PathBuf::from)
        .unwrap_or_else(|_| std::env::temp_dir().join("chatrang-bbp-check"));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut rounds_checked, mut disagreements, mut refused) = (0, Vec::new(), Vec::new());
    let (mut slowest, mut players_checked) = (std::time::Duration::ZERO, 0);
    for seed in 1..=count {
        let (history, total) = match play(seed) {
            Ok((history, total, time)) => {
                slowest = slowest.max(time);
                players_checked += history.players.len();
                (history, total)
            }
            Err(e) => {
                refused.push(e);
                continue;
            }
        };
        let file = dir.join(format!("ours_{seed:03}.trf"));
        let header = TrfHeader {
            name: format!("Chatrang check {seed}"),
            total_rounds: total,
        };
        std::fs::write(&file, write_trf(&history, &header)).unwrap();
        let out = Command::new(&binary)
            .arg("--dutch")
            .arg(&file)
            .arg("-c")
            .output()
            .expect("bbpPairings runs");
        let text = String::from_utf8_lossy(&out.stdout).to_string()
            + &String::from_utf8_lossy(&out.stderr);
        rounds_checked += history.rounds.len();
        if !out.status.success() {
            disagreements.push(format!(
                "seed {seed}: bbpPairings exit {:?}: {text}",
                out.status.code()
            ));
            continue;
        }
        let mut current = String::new();
        let mut block = String::new();
        for line in text.lines() {
            if let Some(at) = line.find("Round #") {
                if !block.is_empty() {
                    disagreements.push(format!("seed {seed} {current}:\n{block}"));
                    block.clear();
                }
                current = line[at..].to_string();
            } else if !line.trim().is_empty() {
                block.push_str(line);
                block.push('\n');
            }
        }
        if !block.is_empty() {
            disagreements.push(format!("seed {seed} {current}:\n{block}"));
        }
        if std::env::var("BBP_KEEP").is_err() {
            let _ = std::fs::remove_file(&file);
        }
    }
    for d in &disagreements {
        println!("{d}");
    }
    for r in &refused {
        println!("refused: {r}");
    }
    println!(
        "{} tournaments ({players_checked} players), {rounds_checked} rounds checked, {} disagreements, {} tournaments our engine could not finish; slowest pairing {:?}",
        count - refused.len() as u64,
        disagreements.len(),
        refused.len(),
        slowest
    );
    assert!(disagreements.is_empty() && refused.is_empty());
}
