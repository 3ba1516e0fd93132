//! `chatrang bench rules`: the speed of move generation, as perft (bulk-counted: the last ply
//! is counted, not played) of a fixed list of positions, each the median of several runs.
//! `scripts/fairy-stockfish-ratio` runs the chess and hopper cases through Fairy-Stockfish too.

use std::time::Instant;

use crate::rules::{Game, GameId, Options, SetupError, registry};

/// One timed perft: a name, the game, its position (`None`: a new game with seed 0) and depth.
pub struct Case {
    pub name: &'static str,
    pub game: GameId,
    pub position: Option<&'static str>,
    pub depth: u32,
}

/// A 10×10 Pick-a-team middlegame with a Pao (`C`, mRcpR) and a Grasshopper (`G`, gQ) a side
/// and pawns that cannot promote within five plies. Its counts are in
/// `crates/chatrang-rules/tests/data/perft/pick-a-team.perft` (record `hoppers`), where Fairy-Stockfish agrees. The
/// pawns stand beyond their third rank: Fairy-Stockfish has no triple steps.
pub const HOPPERS: &str =
    "rnb1k2bnr/10/10/pp1pp1g1pp/2c2p1p2/2C2P1P2/PP1PP1G1PP/10/10/RNB1K2BNR w - - 0 1";

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// Katarenga board AJS2 after Black chose the north edge (`crates/chatrang-rules/tests/data/perft/katarenga.perft`).
const KATARENGA: &str = "AJS2 pppppppp/8/8/8/8/8/8/PPPPPPPP w ---- wb 1";

pub const CASES: [Case; 7] = [
    Case {
        name: "chess start",
        game: GameId::Chess,
        position: None,
        depth: 6,
    },
    Case {
        name: "kiwipete",
        game: GameId::Chess,
        position: Some(KIWIPETE),
        depth: 5,
    },
    Case {
        name: "hoppers 10x10",
        game: GameId::PickATeam,
        position: Some(HOPPERS),
        depth: 5,
    },
    Case {
        name: "cataclysm start",
        game: GameId::Cataclysm,
        position: None,
        depth: 3,
    },
    Case {
        name: "cataclysm start",
        game: GameId::Cataclysm,
        position: None,
        depth: 4,
    },
    Case {
        name: "chromopolis start",
        game: GameId::Chromopolis,
        position: None,
        depth: 6,
    },
    Case {
        name: "katarenga AJS2",
        game: GameId::Katarenga,
        position: Some(KATARENGA),
        depth: 5,
    },
];

impl Case {
    pub fn start(&self) -> Result<Box<dyn Game>, SetupError> {
        match self.position {
            Some(text) => registry::load(self.game, text),
            None => registry::new_game(self.game, &Options::default(), 0),
        }
    }
}

/// Runs every case whose name or game id contains `only` (all when `None`), `runs` times
/// each, and prints the median. The counts are printed too, so a wrong generator shows.
pub fn print(runs: u32, only: Option<&str>) -> Result<(), String> {
    let runs = runs.max(1);
    let cases: Vec<&Case> = CASES.iter().filter(|c| selected(c, only)).collect();
    if cases.is_empty() {
        let mut names: Vec<&str> = CASES.iter().map(|c| c.name).collect();
        names.dedup();
        return Err(format!(
            "no case matches \"{}\"; the cases: {}",
            only.unwrap_or_default(),
            names.join(", ")
        ));
    }
    println!("perft, bulk-counted; median of {runs} run(s)");
    for case in cases {
        let game = case.start().map_err(|e| format!("{}: {e}", case.name))?;
        let mut seconds = Vec::new();
        let mut nodes = 0;
        for _ in 0..runs {
            let started = Instant::now();
            nodes = game.perft(case.depth);
            seconds.push(started.elapsed().as_secs_f64());
        }
        seconds.sort_by(f64::total_cmp);
        let median = seconds[seconds.len() / 2];
        println!(
            "{:<18} perft {}: {nodes:>13} nodes in {median:>8.3} s = {:>6.1} M nodes/s",
            case.name,
            case.depth,
            nodes as f64 / median / 1e6
        );
    }
    Ok(())
}

fn selected(case: &Case, only: Option<&str>) -> bool {
    // In any letter case, as game names are read everywhere else (`--game Katarenga`).
    only.map(str::to_lowercase).is_none_or(|word| {
        case.name.to_lowercase().contains(&word) || case.game.slug().contains(&word)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_is_chosen_by_its_game_in_any_letter_case() {
        let katarenga = CASES.iter().find(|c| c.game == GameId::Katarenga).unwrap();
        for typed in ["katarenga", "Katarenga", "KATARENGA", "AJS2"] {
            assert!(selected(katarenga, Some(typed)), "{typed}");
        }
        assert!(!selected(katarenga, Some("chess")));
    }
}
