//! `chatrang bench ai`: how well and how fast the bot plays. Per game: level 1 against a
//! random mover, level 3 against level 1, nodes per second and think times per level; for
//! chess also a tactics set with known answers (`assets/tactics/chess.txt`); for Catalonia the
//! average score of solo games ([`super::partner`]).

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::elo::Tally;
use crate::rules::{
    Color, Game, GameId, Outcome, SetupError, Status, registry,
    search::{Level, Limits, Thought},
};

/// The games the bot plays against people: every game but the cooperative ones.
pub fn competitive_games() -> impl Iterator<Item = GameId> {
    GameId::ALL.into_iter().filter(|g| !g.is_cooperative())
}

/// A game longer than this many actions is scored a draw (drafts count: 60 picks).
const MAX_ACTIONS: usize = 400;

/// A competitive game is scored a win for a bot whose search says it is this far ahead
/// (ten pawns, or a mate) on [`ADJUDICATE_AFTER`] of its moves in a row, as engine matches
/// are adjudicated: the bot would win it, just slowly.
pub(super) const ADJUDICATE_AT: i32 = 1_000;
pub(super) const ADJUDICATE_AFTER: u32 = 3;

/// The bot's search at `level`, stopped by the level's think time as in the service (unless
/// the run is [`Clock::NodesOnly`]).
pub(super) fn think(
    game: &dyn Game,
    level: Level,
    seed: u64,
    thinking: &mut Thinking,
) -> Option<Thought> {
    let started = Instant::now();
    let cap = level.think_time();
    let capped = thinking.clock == Clock::Capped;
    let stop = move || capped && started.elapsed() > cap;
    let thought = game.think(&level.limits(seed).with_stop(&stop))?;
    thinking.times.push(started.elapsed());
    thinking.nodes += thought.nodes;
    thinking.depths += u64::from(thought.depth);
    Some(thought)
}

/// Who makes a side's moves.
#[derive(Copy, Clone, Debug)]
pub enum Player {
    /// A uniformly random legal action.
    Random,
    Bot(Level),
}

/// How a run's searches are stopped.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Clock {
    /// As in the service: at the level's node budget or its think time, whichever comes first.
    #[default]
    Capped,
    /// At the node budget alone, as a quiet machine plays (`--nodes-only`): other work on the
    /// machine, or several games at once, then changes how long a run takes, not its result.
    NodesOnly,
}

/// The time and nodes of the bot's moves in a run, and how its searches are stopped.
#[derive(Default)]
pub struct Thinking {
    pub times: Vec<Duration>,
    pub nodes: u64,
    /// The sum of the depths the searches completed.
    pub depths: u64,
    pub clock: Clock,
}

impl Thinking {
    /// An empty record for another job of the same run.
    pub(super) fn fresh(&self) -> Thinking {
        Thinking {
            clock: self.clock,
            ..Thinking::default()
        }
    }

    /// Adds another job's moves.
    pub(super) fn absorb(&mut self, other: Thinking) {
        self.times.extend(other.times);
        self.nodes += other.nodes;
        self.depths += other.depths;
    }

    fn mean_depth(&self) -> f64 {
        self.depths as f64 / self.times.len().max(1) as f64
    }

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
    game: Box<dyn Game>,
    white: Player,
    black: Player,
    seed: u64,
    thinking: &mut Thinking,
) -> f64 {
    play_to_end(game, white, black, seed, thinking).map_or(0.5, |o| points(&o, Color::White))
}

/// Plays `game` to its end, `white` making White's actions (and anyone's) and `black`
/// Black's; `None` when it lasts more than [`MAX_ACTIONS`].
fn play_to_end(
    mut game: Box<dyn Game>,
    white: Player,
    black: Player,
    seed: u64,
    thinking: &mut Thinking,
) -> Option<Outcome> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let adjudicates = !game.id().is_cooperative();
    let mut far_ahead = [0u32; 2];
    for ply in 0..MAX_ACTIONS {
        let side = match game.status() {
            Status::Over(outcome) => return Some(outcome),
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
                let thought = think(game.as_ref(), level, seed ^ ply as u64, thinking)
                    .expect("the game goes on");
                let count = &mut far_ahead[usize::from(side == Color::Black)];
                *count = if thought.score >= ADJUDICATE_AT {
                    *count + 1
                } else {
                    0
                };
                if adjudicates && *count >= ADJUDICATE_AFTER {
                    return Some(Outcome::Win {
                        winner: side,
                        reason: "adjudicated".into(),
                    });
                }
                thought.notation
            }
        };
        game.play(&action).expect("chosen among the legal actions");
    }
    match game.status() {
        Status::Over(outcome) => Some(outcome),
        Status::Ongoing { .. } => None,
    }
}

/// The points `side` scored: 1 for a win, ½ for a draw, 0 for a loss.
pub(super) fn points(outcome: &Outcome, side: Color) -> f64 {
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
    Ok(match_tally(id, strong, weak, games, 1, thinking)?.score())
}

/// `strong`'s wins, draws and losses against `weak`, as [`match_score`] plays them, `jobs`
/// games at once.
fn match_tally(
    id: GameId,
    strong: Player,
    weak: Player,
    games: u32,
    jobs: usize,
    thinking: &mut Thinking,
) -> Result<Tally, SetupError> {
    let (scores, records) = super::jobs::run(
        games,
        jobs,
        || Ok::<_, SetupError>(thinking.fresh()),
        |record, i| {
            let seed = u64::from(i) * 7919 + 17;
            let game = id.spec().start(&Default::default(), seed)?;
            Ok(if i % 2 == 0 {
                play_out(game, strong, weak, seed, record)
            } else {
                1.0 - play_out(game, weak, strong, seed, record)
            })
        },
    )?;
    for record in records {
        thinking.absorb(record);
    }
    let mut tally = Tally::default();
    for score in scores {
        tally.add(score);
    }
    Ok(tally)
}

/// `chatrang bench ai --levels A,B`: level A against level B in every competitive game (or
/// only `only`), `games` games each with the colours alternating, and A's Elo over B with its
/// 95 % interval: whether the ladder's steps hold in our own games, not only in chess.
pub fn print_versus(
    strong: Level,
    weak: Level,
    games: u32,
    only: Option<GameId>,
    jobs: usize,
    clock: Clock,
) -> Result<(), SetupError> {
    println!(
        "{strong} against {weak}, {games} games a game; a bot ten pawns ahead on three moves in a \
         row is scored the winner{}:",
        match clock {
            Clock::Capped => "",
            Clock::NodesOnly => "; node budgets only, no time caps",
        }
    );
    for id in competitive_games().filter(|&id| only.is_none_or(|o| o == id)) {
        let mut thinking = Thinking {
            clock,
            ..Thinking::default()
        };
        let tally = match_tally(
            id,
            Player::Bot(strong),
            Player::Bot(weak),
            games,
            jobs,
            &mut thinking,
        )?;
        let Some(e) = tally.estimate() else {
            continue;
        };
        println!(
            "  {:<14} +{} ={} -{}  {:>5.1} %  Elo {} [{}, {}]",
            id.slug(),
            tally.wins,
            tally.draws,
            tally.losses,
            100.0 * tally.score(),
            signed_elo(e.elo),
            signed_elo(e.low),
            signed_elo(e.high),
        );
    }
    Ok(())
}

/// An Elo difference as `+120`, `-35` or `+∞`.
fn signed_elo(elo: f64) -> String {
    match elo {
        e if e == f64::INFINITY => "+∞".to_string(),
        e if e == f64::NEG_INFINITY => "-∞".to_string(),
        e => format!("{e:+.0}"),
    }
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
        let Some(thought) = think(game.as_ref(), level, 1, thinking) else {
            continue;
        };
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

/// Runs the whole report: `games` games per match, for every game or only `only`.
pub fn print(games: u32, only: Option<GameId>) -> Result<(), SetupError> {
    let wanted = |id: GameId| only.is_none_or(|o| o == id);
    let ids: Vec<GameId> = competitive_games().filter(|&id| wanted(id)).collect();
    if !ids.is_empty() {
        println!(
            "Level 1 against a random mover ({games} games), level 3 against level 1 ({} games); \
             a bot ten pawns ahead on three moves in a row is scored the winner:",
            games.div_ceil(2)
        );
    }
    for &id in &ids {
        let random = match_score(
            id,
            Player::Bot(Level::MIN),
            Player::Random,
            games,
            &mut Thinking::default(),
        )?;
        let mut l3 = Thinking::default();
        let versus = match_score(
            id,
            Player::Bot(Level::DEFAULT),
            Player::Bot(Level::MIN),
            games.div_ceil(2),
            &mut l3,
        )?;
        println!(
            "  {:<14} L1 vs random {:>5.1} %   L3 vs L1 {:>5.1} %   L3: {:>5.0} k nodes/s",
            id.slug(),
            random * 100.0,
            versus * 100.0,
            l3.nodes_per_second() / 1000.0,
        );
    }
    if !ids.is_empty() {
        println!(
            "Think time per level, median / max in ms and the mean depth searched, on positions \
             from play:"
        );
        println!(
            "  {:<14} {:>18} {:>18} {:>18} {:>18} {:>18}",
            "", "level 1", "level 2", "level 3", "level 4", "level 5"
        );
    }
    for &id in &ids {
        let positions = positions_from_play(id, THINK_POSITIONS)?;
        let cells: Vec<String> = Level::ALL
            .iter()
            .map(|&level| {
                let thinking = think_on(&positions, level);
                format!(
                    "{} / {} d{:.1}",
                    thinking.median().as_millis(),
                    thinking.max().as_millis(),
                    thinking.mean_depth()
                )
            })
            .collect();
        println!(
            "  {:<14} {:>18} {:>18} {:>18} {:>18} {:>18}",
            id.slug(),
            cells[0],
            cells[1],
            cells[2],
            cells[3],
            cells[4]
        );
    }
    if wanted(GameId::Catalonia) {
        super::partner::print(games);
    }
    if wanted(GameId::Chess) {
        println!(
            "Chess tactics set ({} positions), per level:",
            tactics().len()
        );
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
    }
    Ok(())
}

/// How many positions per game the think times are measured on.
const THINK_POSITIONS: usize = 8;

/// `count` positions met while level 1 plays a random mover from the game's start, spread
/// over the opening, middle and end (every fifth action, past any draft).
fn positions_from_play(id: GameId, count: usize) -> Result<Vec<Box<dyn Game>>, SetupError> {
    let mut positions = Vec::new();
    let mut seed = 1;
    while positions.len() < count && seed < 100 {
        let mut game = id.spec().start(&Default::default(), seed)?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for ply in 0..MAX_ACTIONS {
            let Status::Ongoing { .. } = game.status() else {
                break;
            };
            if ply % 5 == 4 && !game.position_text().contains("draft") {
                positions.push(game.clone_game());
                if positions.len() == count {
                    break;
                }
            }
            let action = if ply % 2 == 0 {
                game.think(&Level::MIN.limits(seed ^ ply as u64))
                    .expect("the game goes on")
                    .notation
            } else {
                let legal = game.legal_actions();
                legal[rng.random_range(0..legal.len())].notation.clone()
            };
            game.play(&action).expect("chosen among the legal actions");
        }
        seed += 1;
    }
    Ok(positions)
}

/// The bot's think times at `level` on each of `positions`.
fn think_on(positions: &[Box<dyn Game>], level: Level) -> Thinking {
    let mut thinking = Thinking::default();
    for (i, game) in positions.iter().enumerate() {
        think(game.as_ref(), level, i as u64, &mut thinking);
    }
    thinking
}

/// A search with explicit limits, for tests that need a small budget.
pub fn limits(nodes: u64, seed: u64) -> Limits<'static> {
    Limits {
        nodes,
        ..Level::MIN.limits(seed)
    }
}
