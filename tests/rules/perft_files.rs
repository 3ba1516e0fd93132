//! Perft counts kept as data files (tests/data/*.perft), checked against the move generator.

use chatrang::rules::{GameId, registry};

struct Case {
    id: String,
    position: String,
    depths: Vec<(u32, u64)>,
}

fn read(file: &str) -> Vec<Case> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(id) = line.strip_prefix("id ") {
            cases.push(Case {
                id: id.to_string(),
                position: String::new(),
                depths: Vec::new(),
            });
        } else if let Some(epd) = line.strip_prefix("epd ") {
            cases.last_mut().expect("id before epd").position = epd.to_string();
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').expect("perft DEPTH NODES");
            cases
                .last_mut()
                .expect("id before perft")
                .depths
                .push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    assert!(!cases.is_empty(), "{path} holds no cases");
    cases
}

/// Runs every case of a file up to `max_depth` (and at most `max_nodes` nodes per count).
fn check(file: &str, id: GameId, max_depth: u32, max_nodes: u64) {
    let mut checked = 0;
    for case in read(file) {
        let game =
            registry::load(id, &case.position).unwrap_or_else(|e| panic!("{}: {e}", case.id));
        for &(depth, nodes) in &case.depths {
            if depth > max_depth || nodes > max_nodes {
                continue;
            }
            assert_eq!(game.perft(depth), nodes, "{} depth {depth}", case.id);
            checked += 1;
        }
    }
    assert!(checked > 0, "nothing checked in {file}");
}

#[test]
fn chess_perft_matches_published_counts() {
    check("chess.perft", GameId::Chess, 5, 5_000_000);
}

#[test]
fn cataclysm_perft_to_depth_2() {
    check("cataclysm.perft", GameId::Cataclysm, 2, u64::MAX);
}

/// Depth 3 (15 million nodes) takes seconds; CI runs it with
/// `cargo test --test rules cataclysm_perft_to_depth_3 -- --ignored`.
#[test]
#[ignore]
fn cataclysm_perft_to_depth_3() {
    check("cataclysm.perft", GameId::Cataclysm, 3, u64::MAX);
}
