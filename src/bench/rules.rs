//! `chatrang bench rules`: the speed of move generation, as perft of a few games from their
//! usual start, each to a fixed depth.

use std::time::Instant;

use crate::rules::{GameId, SetupError};

/// The games timed and the perft depth of each.
const PERFTS: [(GameId, u32); 4] = [
    (GameId::Chess, 5),
    (GameId::Cataclysm, 3),
    (GameId::Katarenga, 4),
    (GameId::Chromopolis, 5),
];

/// Runs the benchmark and prints one line per game.
pub fn print() -> Result<(), SetupError> {
    for (id, depth) in PERFTS {
        let game = id.spec().example()?;
        let started = Instant::now();
        let nodes = game.perft(depth);
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "{} perft {depth}: {nodes} nodes in {seconds:.3} s = {:.2} M nodes/s",
            id.id(),
            nodes as f64 / seconds / 1e6
        );
    }
    Ok(())
}
