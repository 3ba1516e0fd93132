//! Perft of Pick-a-team middlegames from `tests/data/picka-perft.txt`: the hand-checked list
//! of legal moves at depth 1, then the leaf counts of the engine's fast perft, and the same
//! counts through the `Game` interface (notation out and back in) at depth 2.

use chatrang::rules::{Game, GameId, registry};

struct Record {
    id: String,
    game: GameId,
    position: String,
    moves: Vec<String>,
    counts: Vec<(u32, u64)>,
}

fn records() -> Vec<Record> {
    let text = include_str!("data/picka-perft.txt");
    let mut out = Vec::new();
    for block in text.split("\n\n") {
        let mut record = Record {
            id: String::new(),
            game: GameId::PickATeam,
            position: String::new(),
            moves: Vec::new(),
            counts: Vec::new(),
        };
        for line in block
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let (key, value) = line.split_once(' ').unwrap();
            match key {
                "id" => record.id = value.into(),
                "game" => record.game = GameId::parse(value).unwrap(),
                "position" => record.position = value.into(),
                "moves" => record.moves = value.split_whitespace().map(String::from).collect(),
                "perft" => {
                    let (d, n) = value.split_once(' ').unwrap();
                    record.counts.push((d.parse().unwrap(), n.parse().unwrap()));
                }
                other => panic!("unknown key {other}"),
            }
        }
        if !record.id.is_empty() {
            out.push(record);
        }
    }
    out
}

/// Counts leaves by playing every listed action by its notation.
fn perft_by_notation(game: &dyn Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    game.legal_actions()
        .iter()
        .map(|a| {
            let mut next = game.clone_game();
            next.play(&a.notation).unwrap();
            perft_by_notation(next.as_ref(), depth - 1)
        })
        .sum()
}

#[test]
fn the_data_file_has_three_middlegames() {
    assert_eq!(records().len(), 3);
}

#[test]
fn depth_one_moves_are_those_checked_by_hand() {
    for r in records() {
        let game = registry::load(r.game, &r.position).unwrap();
        let mut legal: Vec<String> = game
            .legal_actions()
            .into_iter()
            .map(|a| a.notation)
            .collect();
        legal.sort();
        let mut expected = r.moves.clone();
        expected.sort();
        assert_eq!(legal, expected, "{}", r.id);
    }
}

#[test]
fn perft_counts_match_the_data_file() {
    for r in records() {
        let game = registry::load(r.game, &r.position).unwrap();
        for &(depth, count) in &r.counts {
            assert_eq!(game.perft(depth), count, "{} depth {depth}", r.id);
        }
    }
}

#[test]
fn perft_through_the_game_interface_agrees() {
    for r in records() {
        let game = registry::load(r.game, &r.position).unwrap();
        let (depth, count) = r.counts[1];
        assert_eq!(perft_by_notation(game.as_ref(), depth), count, "{}", r.id);
    }
}
