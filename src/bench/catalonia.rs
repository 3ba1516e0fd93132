//! `chatrang bench catalonia`: how fast the chain solver is on positions from random play
//! (median and 99th percentile) and on the worst graphs we can build (the maximum). It lives
//! outside `rules`, which never reads the clock.

use std::time::{Duration, Instant};

use crate::rules::{
    Chance,
    catalonia::{
        chain::{DefenceGraph, Solver, Work},
        dice::{Dice, Roller},
        hard_graphs::adversarial_graphs,
        position::{Phase, Position},
    },
};

/// Defence graphs of every position met while playing `games` random games to the end. With
/// `chain_building`, three moves in four are chosen to make the longest chain they can, as
/// players do, so chains and pits are common.
pub fn random_play_graphs(games: u64, seed: u64, chain_building: bool) -> Vec<DefenceGraph> {
    let mut graphs = Vec::new();
    for game in 0..games {
        let mut chooser = Dice::new(seed ^ game.wrapping_mul(0x9E37_79B9));
        let mut position = Position::new(15, game % 2 == 0, seed.wrapping_add(game));
        while position.phase() != &Phase::Over {
            graphs.push(position.board().graph().0);
            let legal = position.legal();
            if legal.is_empty() {
                break;
            }
            let mut roll = || (0..4).fold(0usize, |acc, _| acc * 6 + usize::from(chooser.d6() - 1));
            let mut pick = roll() % legal.len();
            if chain_building && roll() % 4 != 0 {
                let chain_after = |i: usize| {
                    let mut next = position.clone();
                    next.apply(legal[i], &mut Roller::new(Chance::Draw));
                    Solver::default()
                        .longest(&next.board().graph().0)
                        .map_or(0, |c| c.len())
                };
                let lengths: Vec<usize> = (0..legal.len()).map(chain_after).collect();
                let best = lengths.iter().copied().max().unwrap_or(0);
                let ties: Vec<usize> = (0..legal.len()).filter(|&i| lengths[i] == best).collect();
                pick = ties[roll() % ties.len()];
            }
            position.apply(legal[pick], &mut Roller::new(Chance::Draw));
        }
    }
    graphs
}

/// The numbers printed by `chatrang bench catalonia`.
#[derive(Clone, Debug)]
pub struct Report {
    /// Random play, then chain-building play.
    pub play: Vec<PlayTimes>,
    /// Each adversarial graph: name, time, longest chain length, work.
    pub adversarial: Vec<(String, Duration, usize, Work)>,
}

/// The solver's times over the positions of one kind of play.
#[derive(Clone, Debug)]
pub struct PlayTimes {
    pub label: &'static str,
    pub games: u64,
    pub positions: usize,
    pub median: Duration,
    pub p99: Duration,
    pub max_random: Duration,
    /// The costliest random position's work (a time-independent check of the maximum).
    pub most_work: Work,
}

/// Times the solver on every position of `games` games.
fn time_play(label: &'static str, games: u64, chain_building: bool) -> PlayTimes {
    let solver = Solver::default();
    let graphs = random_play_graphs(games, 2024, chain_building);
    let mut most_work = Work::default();
    let mut times: Vec<Duration> = graphs
        .iter()
        .map(|g| {
            let mut work = Work::default();
            let elapsed = fastest_of(REPEATS, || {
                work = Work::default();
                std::hint::black_box(solver.longest_counted(std::hint::black_box(g), &mut work));
            });
            if work.total() > most_work.total() {
                most_work = work;
            }
            elapsed
        })
        .collect();
    times.sort();
    let at = |q: f64| {
        times
            .get(((times.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    PlayTimes {
        label,
        games,
        positions: times.len(),
        median: at(0.5),
        p99: at(0.99),
        max_random: times.last().copied().unwrap_or_default(),
        most_work,
    }
}

/// Runs the benchmark.
pub fn run(games: u64) -> Report {
    let solver = Solver::default();
    let play = vec![
        time_play("random", games, false),
        time_play("chain-building", games / 4, true),
    ];
    let adversarial = adversarial_graphs()
        .into_iter()
        .map(|(name, g)| {
            let mut work = Work::default();
            let mut chain = None;
            let elapsed = fastest_of(REPEATS, || {
                work = Work::default();
                chain = solver.longest_counted(&g, &mut work);
            });
            (name, elapsed, chain.map_or(0, |c| c.len()), work)
        })
        .collect();
    Report { play, adversarial }
}

/// Runs the benchmark and prints it.
pub fn print(games: u64) {
    let report = run(games);
    for p in &report.play {
        println!(
            "catalonia longest chain over {} positions from {} {} games (fastest of {REPEATS} runs each): median {:.1} µs, p99 {:.1} µs, max {:.1} µs (most work: {} search nodes, {} table cells)",
            p.positions,
            p.games,
            p.label,
            micros(p.median),
            micros(p.p99),
            micros(p.max_random),
            p.most_work.search_nodes,
            p.most_work.table_cells
        );
    }
    let mut worst = Duration::ZERO;
    for (name, time, len, work) in &report.adversarial {
        worst = worst.max(*time);
        println!(
            "  adversarial {name}: longest chain {len}, {:.2} ms ({} search nodes, {} table cells)",
            micros(*time) / 1000.0,
            work.search_nodes,
            work.table_cells
        );
    }
    println!(
        "catalonia worst case over {} adversarial graphs: {:.2} ms",
        report.adversarial.len(),
        micros(worst) / 1000.0
    );
    // The guaranteed bound: the exact table alone on the complete graph of 24 pieces, which
    // fills the largest table any query can need (2^23 cells for the first start piece).
    let (name, complete) = &adversarial_graphs()[0];
    let mut work = Work::default();
    let mut chain = None;
    let cpu_before = thread_cpu_time();
    let elapsed = fastest_of(REPEATS, || {
        work = Work::default();
        chain = Solver::TABLE_ONLY.longest_counted(complete, &mut work);
    });
    let cpu = match (cpu_before, thread_cpu_time()) {
        (Some(a), Some(b)) => format!(
            ", {:.2} ms of CPU time per run",
            micros(b.saturating_sub(a)) / 1000.0 / REPEATS as f64
        ),
        _ => String::new(),
    };
    println!(
        "catalonia exact table alone on {name}: {:.2} ms{cpu} ({} table cells, chain {})",
        micros(elapsed) / 1000.0,
        work.table_cells,
        chain.map_or(0, |c| c.len())
    );
}

/// Each measurement is the fastest of this many runs, so that a busy machine's pauses do not
/// count as the solver's time.
const REPEATS: usize = 3;

fn fastest_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The time this thread has spent on a CPU (Linux only): on a busy machine it shows what the
/// wall clock hides.
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}
