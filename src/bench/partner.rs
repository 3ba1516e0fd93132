//! Catalonia solo, measured: the average score of games where the bot partners a person who
//! plays at random or greedily (the move that makes the longest chain now, ties at random,
//! as a player looking one move ahead would), against two such people playing together.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::rules::{
    Actor, Chance, Color, Outcome, Status,
    catalonia::{chain::Solver, dice::Roller, game::Catalonia, notation::Act, position::Position},
    kit::Rules,
    search::Level,
};

/// Who makes a side's decisions.
#[derive(Copy, Clone, Debug)]
pub enum Partner {
    Random,
    Greedy,
    Bot,
}

impl Partner {
    fn name(self) -> &'static str {
        match self {
            Partner::Random => "random",
            Partner::Greedy => "greedy",
            Partner::Bot => "the bot",
        }
    }
}

/// The longest chain after `act`.
fn chain_after(position: &Position, act: Act) -> usize {
    let mut next = position.clone();
    next.apply(act, &mut Roller::new(Chance::Draw));
    Solver::default()
        .longest(&next.board().graph().0)
        .map_or(0, |c| c.len())
}

/// Plays one 15-turn game, `white` and `black` deciding for their sides (the person, White,
/// also makes the decisions anyone may make), and returns its score.
fn play(white: Partner, black: Partner, seed: u64) -> u32 {
    let mut position = Position::new(15, true, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5EED);
    for _ in 0..2_000 {
        let side = match position.status() {
            Status::Over(Outcome::Score { points, .. }) => return points,
            Status::Over(_) => return 0,
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => side,
            Status::Ongoing { .. } => Color::White,
        };
        let legal = position.legal();
        let who = if side == Color::White { white } else { black };
        let act = match who {
            Partner::Random => legal[rng.random_range(0..legal.len())],
            Partner::Greedy => {
                let lengths: Vec<usize> =
                    legal.iter().map(|&a| chain_after(&position, a)).collect();
                let best = lengths.iter().copied().max().unwrap_or(0);
                let ties: Vec<Act> = (0..legal.len())
                    .filter(|&i| lengths[i] == best)
                    .map(|i| legal[i])
                    .collect();
                ties[rng.random_range(0..ties.len())]
            }
            Partner::Bot => {
                let game = Catalonia {
                    position: position.clone(),
                };
                match game.think(&[], &Level::DEFAULT.limits(seed)) {
                    Some(found) => found.best,
                    None => legal[0],
                }
            }
        };
        position.apply(act, &mut Roller::new(Chance::Draw));
    }
    0
}

/// The average score of `games` games and the share that scored at all.
fn average(white: Partner, black: Partner, games: u32) -> (f64, f64) {
    let scores: Vec<u32> = (0..games)
        .map(|i| play(white, black, u64::from(i) * 7919 + 17))
        .collect();
    let n = f64::from(games.max(1));
    let total: u64 = scores.iter().map(|&s| u64::from(s)).sum();
    let scored = scores.iter().filter(|&&s| s > 0).count();
    (total as f64 / n, scored as f64 / n)
}

/// Prints the averages: two people together, then the bot with each, on either side.
pub fn print(games: u32) {
    println!(
        "Catalonia, average score over {games} games of 15 turns (share of games that scored):"
    );
    let pairs = [
        (Partner::Random, Partner::Random),
        (Partner::Greedy, Partner::Greedy),
        (Partner::Random, Partner::Bot),
        (Partner::Bot, Partner::Random),
        (Partner::Greedy, Partner::Bot),
        (Partner::Bot, Partner::Greedy),
    ];
    for (white, black) in pairs {
        let (score, share) = average(white, black, games);
        println!(
            "  White {:<8} Black {:<8} {score:>7.1}  ({:.0} %)",
            white.name(),
            black.name(),
            share * 100.0
        );
    }
}
