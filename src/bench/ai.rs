//! `chatrang bench ai`: how well and how fast the bot plays. Per game: level 1 against a
//! random mover, level 3 against level 1, nodes per second and think times per level; for
//! chess also a tactics set with known answers (`assets/tactics/chess.txt`).

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{
    Color, Game, GameId, Outcome, SetupError, Status, registry,
    search::{Level, Limits},
};

/// The games the bot plays against people: every game but the cooperative ones.
pub fn competitive_games() -> impl Iterator<Item = GameId> {
    GameId::ALL.into_iter().filter(|g| !g.is_cooperative())
}

/// A game longer than this many actions is scored a draw (drafts count: 60 picks).
const MAX_ACTIONS: usize = 400;

/// Who makes a side's moves.
#[derive(Copy, Clone, Debug)]
pub enum Player {
    /// A uniformly random legal action.
    Random,
    Bot(Level),
}

/// The time and nodes of the bot's moves in a run.
#[derive(Default)]
pub struct Thinking {
    pub times: Vec<Duration>,
    pub nodes: u64,
}

impl Thinking {
    fn median(&self) -> Duration {
        let mut t = self.times.clone();
        t.sort();
        t.get(t.len() / 2).copied().unwrap_or_default()
    }

    fn max(&self) -> Duration {
        self.times.iter().max().copied().unwrap_or_default()
    }

    fn nodes_per_second(&self) -> f64 {
        let total: f64 = self.times.iter().map(Duration::as_secs_f64).sum();
        if total > 0.0 {
            self.nodes as f64 / total
        } else {
            0.0
        }
    }
}

/// Plays one game from `game`'s usual start, `white` against `black`, and returns the points
/// White scored (1, ½ or 0).
pub fn play_out(
    mut game: Box<dyn Game>,
    white: Player,
    black: Player,
    seed: u64,
    thinking: &mut Thinking,
) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for ply in 0..MAX_ACTIONS {
        let side = match game.status() {
            Status::Over(outcome) => return points(&outcome, Color::White),
            Status::Ongoing { actor, .. } => match actor {
                crate::rules::Actor::Side(side) => side,
                crate::rules::Actor::Anyone => Color::White,
            },
        };
        let player = if side == Color::White { white } else { black };
        let action = match player {
            Player::Random => {
                let legal = game.legal_actions();
                legal[rng.random_range(0..legal.len())].notation.clone()
            }
            Player::Bot(level) => {
                let limits = level.limits(seed ^ ply as u64);
                let started = Instant::now();
                let thought = game.think(&limits).expect("the game goes on");
                thinking.times.push(started.elapsed());
                thinking.nodes += thought.nodes;
                thought.notation
            }
        };
        game.play(&action).expect("chosen among the legal actions");
    }
    match game.status() {
        Status::Over(outcome) => points(&outcome, Color::White),
        Status::Ongoing { .. } => 0.5,
    }
}

fn points(outcome: &Outcome, side: Color) -> f64 {
    match outcome {
        Outcome::Win { winner, .. } if *winner == side => 1.0,
        Outcome::Win { .. } => 0.0,
        _ => 0.5,
    }
}

/// The share of the points `strong` scores against `weak` over `games` games, colours
/// alternating, each from the game's start with its own seed.
fn match_score(
    id: GameId,
    strong: Player,
    weak: Player,
    games: u32,
    thinking: &mut Thinking,
) -> Result<f64, SetupError> {
    let mut total = 0.0;
    for i in 0..games {
        let seed = u64::from(i) * 7919 + 17;
        let game = id.spec().start(&Default::default(), seed)?;
        total += if i % 2 == 0 {
            play_out(game, strong, weak, seed, thinking)
        } else {
            1.0 - play_out(game, weak, strong, seed, thinking)
        };
    }
    Ok(total / f64::from(games))
}

/// One position of the tactics set: a position, the moves that solve it, what kind it is.
pub struct Tactic {
    pub fen: String,
    pub answers: Vec<String>,
    pub kind: String,
}

/// The chess tactics set (see `assets/tactics/SOURCES.md`).
pub fn tactics() -> Vec<Tactic> {
    include_str!("../../assets/tactics/chess.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let fields: Vec<&str> = line.split('|').map(str::trim).collect();
            let [fen, answers, kind, ..] = fields.as_slice() else {
                return None;
            };
            Some(Tactic {
                fen: fen.to_string(),
                answers: answers.split_whitespace().map(uci_to_ours).collect(),
                kind: kind.to_string(),
            })
        })
        .collect()
}

/// `a7a8q` → `a7a8=Q`, the bot's notation for promotions.
fn uci_to_ours(uci: &str) -> String {
    match uci.len() {
        5 => format!("{}={}", &uci[..4], uci[4..].to_ascii_uppercase()),
        _ => uci.to_string(),
    }
}

/// How many of the tactics `level` solves, by kind: (kind, solved, tried).
pub fn solve_tactics(level: Level, thinking: &mut Thinking) -> Vec<(String, u32, u32)> {
    let mut by_kind: Vec<(String, u32, u32)> = Vec::new();
    for t in tactics() {
        let Ok(game) = registry::load(GameId::Chess, &t.fen) else {
            continue;
        };
        let started = Instant::now();
        let Some(thought) = game.think(&level.limits(1)) else {
            continue;
        };
        thinking.times.push(started.elapsed());
        thinking.nodes += thought.nodes;
        let solved = t.answers.contains(&thought.notation);
        match by_kind.iter_mut().find(|(k, _, _)| *k == t.kind) {
            Some(entry) => {
                entry.1 += u32::from(solved);
                entry.2 += 1;
            }
            None => by_kind.push((t.kind.clone(), u32::from(solved), 1)),
        }
    }
    by_kind
}

/// Runs the whole report: `games` games per match.
pub fn print(games: u32) -> Result<(), SetupError> {
    println!("Level 1 against a random mover, level 3 against level 1 ({games} games each):");
    let mut per_level: Vec<Thinking> = (0..5).map(|_| Thinking::default()).collect();
    for id in competitive_games() {
        let mut l1 = Thinking::default();
        let random = match_score(id, Player::Bot(Level::MIN), Player::Random, games, &mut l1)?;
        let mut l3 = Thinking::default();
        let versus = match_score(
            id,
            Player::Bot(Level::DEFAULT),
            Player::Bot(Level::MIN),
            games,
            &mut l3,
        )?;
        println!(
            "  {:<14} L1 vs random {:>5.1} %   L3 vs L1 {:>5.1} %   L3: {:>6.0} k nodes/s, median {:>5} ms, max {:>5} ms",
            id.id(),
            random * 100.0,
            versus * 100.0,
            l3.nodes_per_second() / 1000.0,
            l3.median().as_millis(),
            l3.max().as_millis(),
        );
        per_level[0].times.extend(l1.times);
        per_level[0].nodes += l1.nodes;
    }
    println!("Think time per level (chess, the tactics set's positions):");
    for level in Level::ALL {
        let mut thinking = Thinking::default();
        let solved = solve_tactics(level, &mut thinking);
        let summary: Vec<String> = solved
            .iter()
            .map(|(kind, s, n)| format!("{kind} {s}/{n}"))
            .collect();
        let (s, n) = solved
            .iter()
            .fold((0, 0), |(a, b), (_, s, n)| (a + s, b + n));
        println!(
            "  {level}: solves {s}/{n} ({:.0} %: {}), {:.0} k nodes/s, median {} ms, max {} ms",
            f64::from(s) * 100.0 / f64::from(n.max(1)),
            summary.join(", "),
            thinking.nodes_per_second() / 1000.0,
            thinking.median().as_millis(),
            thinking.max().as_millis(),
        );
    }
    Ok(())
}

/// A search with explicit limits, for tests that need a small budget.
pub fn limits(nodes: u64, seed: u64) -> Limits<'static> {
    Limits {
        nodes,
        ..Level::MIN.limits(seed)
    }
}
