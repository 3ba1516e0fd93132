//! `chatrang bench ladder --fairy-stockfish PATH`: each of the bot's levels against
//! Fairy-Stockfish held to a calibrated strength (`UCI_LimitStrength`, `UCI_Elo`), on a node
//! limit per move so that a busy machine does not change its strength. The bot thinks as in
//! the service (its level's budget and time cap). Chess games start from balanced openings,
//! each played with both colours; a Pick-a-team position that Fairy-Stockfish can express
//! (both armies with the cannon and the grasshopper, from a variant file) is played the same
//! way, so the figures are not chess alone. Each level's Elo on Fairy-Stockfish's scale is the
//! anchor's plus the match's difference, with its 95 % interval.

use std::{io::Write, path::PathBuf};

use super::{
    ai::{ADJUDICATE_AFTER, ADJUDICATE_AT, Clock, Thinking, points, think},
    elo::Tally,
    outside_engine::OutsideEngine,
    rules::HOPPERS,
};
use crate::{
    rules::{Actor, Color, Game, GameId, Status, registry, search::Level},
    uci::moves,
};

/// What the ladder plays.
pub struct Settings {
    /// A Fairy-Stockfish binary (built with large boards for the 10×10 position).
    pub engine: PathBuf,
    /// Games per level and position set (even: each opening with both colours).
    pub games: u32,
    pub levels: Vec<Level>,
    /// Fairy-Stockfish's `UCI_Elo` for each level; `None`: the level's goal.
    pub anchor: Option<u32>,
    /// Fairy-Stockfish's nodes per move.
    pub nodes: u64,
    /// Only the position set whose name starts with this (`chess`, `pick-a-team`), so that
    /// two sets can be measured at once, one per core.
    pub only: Option<String>,
    /// Games played at once, each with its own Fairy-Stockfish: at most one per core, or
    /// with [`Clock::NodesOnly`].
    pub jobs: usize,
    pub clock: Clock,
}

/// The strength each level is meant to have, on Fairy-Stockfish's `UCI_Elo` scale.
pub fn goal(level: Level) -> u32 {
    [800, 1200, 1600, 2000, 2400][usize::from(level.number() - 1)]
}

/// Balanced chess openings of two moves each (UCI), each played once with each colour.
const OPENINGS: &[&str] = &[
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 d7d5 c2c4 e7e6",
    "e2e4 c7c5 g1f3 d7d6",
    "d2d4 g8f6 c2c4 g7g6",
    "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5",
    "c2c4 e7e5 b1c3 g8f6",
    "g1f3 d7d5 g2g3 g8f6",
    "d2d4 g8f6 c2c4 e7e6",
    "e2e4 e7e5 f1c4 g8f6",
];

/// The Pick-a-team position's pieces for Fairy-Stockfish (as `scripts/fairy-stockfish-ratio`
/// checks them by perft): the cannon and the grasshopper, no castling, no double step.
const HOPPERS_VARIANT: &str = "[hoppers:chess]
maxRank = 10
maxFile = j
customPiece1 = c:mRcpR
customPiece2 = g:gQ
castling = false
doubleStep = false
promotionRegionWhite = *10
promotionRegionBlack = *1
";

/// A game longer than this is a draw.
const MOST_PLIES: usize = 400;

/// One set of games: chess from the openings, or the Pick-a-team position.
struct Arena {
    name: &'static str,
    game: GameId,
    /// Our position string and FEN at once; `None` for the usual start.
    start: Option<&'static str>,
    /// Fairy-Stockfish's variant.
    variant: &'static str,
    openings: &'static [&'static str],
}

const ARENAS: [Arena; 2] = [
    Arena {
        name: "chess",
        game: GameId::Chess,
        start: None,
        variant: "chess",
        openings: OPENINGS,
    },
    Arena {
        name: "pick-a-team (hoppers)",
        game: GameId::PickATeam,
        start: Some(HOPPERS),
        variant: "hoppers",
        openings: &[""],
    },
];

/// Why the ladder could not be played.
#[derive(Debug, thiserror::Error)]
pub enum LadderError {
    #[error("Fairy-Stockfish could not be run: {0}")]
    Engine(#[from] std::io::Error),
    #[error("{0}")]
    Setup(String),
}

pub fn run(settings: &Settings) -> Result<(), LadderError> {
    let arenas: Vec<&Arena> = ARENAS
        .iter()
        .filter(|a| {
            settings
                .only
                .as_deref()
                .is_none_or(|o| a.name.starts_with(o))
        })
        .collect();
    if arenas.is_empty() {
        return Err(LadderError::Setup(
            "the ladder plays chess and pick-a-team: --game chess or --game pick-a-team".into(),
        ));
    }
    let variants = std::env::temp_dir().join(format!("chatrang-ladder-{}.ini", std::process::id()));
    std::fs::write(&variants, HOPPERS_VARIANT)?;
    println!(
        "{:<22} {:>5} {:>8} {:>6} {:>11} {:>7} | {:>6} {:>15}",
        "games", "level", "FSF Elo", "games", "+ = -", "score", "Elo", "95 % interval"
    );
    if settings.clock == Clock::NodesOnly {
        println!("(the bot on its node budgets only, no time caps)");
    }
    for arena in arenas {
        for &level in &settings.levels {
            let anchor = settings.anchor.unwrap_or(goal(level));
            let start = || -> Result<OutsideEngine, LadderError> {
                let mut engine = OutsideEngine::start(&settings.engine)?;
                engine.set("VariantPath", &variants.to_string_lossy())?;
                engine.set("UCI_Variant", arena.variant)?;
                engine.set("UCI_LimitStrength", "true")?;
                engine.set("UCI_Elo", &anchor.to_string())?;
                Ok(engine)
            };
            let (results, _) =
                super::jobs::run(settings.games, settings.jobs, start, |engine, i| {
                    let opening = arena.openings[(i as usize / 2) % arena.openings.len()];
                    let ours = if i % 2 == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let seed = u64::from(i) * 7919 + 17;
                    let table = Table {
                        arena,
                        opening,
                        level,
                        ours,
                        seed,
                        nodes: settings.nodes,
                        clock: settings.clock,
                    };
                    let result = play(engine, &table);
                    // Each game's result as it ends, so that a long row shows how it goes.
                    eprint!(
                        "{}",
                        match result {
                            Ok(Some(points)) if points > 0.5 => '+',
                            Ok(Some(points)) if points < 0.5 => '-',
                            Ok(Some(_)) => '=',
                            _ => 'x',
                        }
                    );
                    let _ = std::io::stderr().flush();
                    result
                })?;
            eprintln!();
            let mut tally = Tally::default();
            let mut refused = 0;
            for result in results {
                match result {
                    Some(points) => tally.add(points),
                    None => refused += 1,
                }
            }
            print_row(arena.name, level, anchor, &tally);
            if refused > 0 {
                println!(
                    "  ({refused} {} left out: Fairy-Stockfish played a move our rules refuse)",
                    if refused == 1 { "game" } else { "games" }
                );
            }
        }
    }
    let _ = std::fs::remove_file(&variants);
    Ok(())
}

fn print_row(name: &str, level: Level, anchor: u32, tally: &Tally) {
    let Some(estimate) = tally.estimate() else {
        return;
    };
    let rated = |elo: f64| {
        if elo.is_finite() {
            format!("{:.0}", f64::from(anchor) + elo)
        } else if elo > 0.0 {
            "∞".to_string()
        } else {
            "-∞".to_string()
        }
    };
    println!(
        "{:<22} {:>5} {:>8} {:>6} {:>11} {:>6.1}% | {:>6} {:>15}",
        name,
        level.number(),
        anchor,
        tally.games(),
        format!("+{} ={} -{}", tally.wins, tally.draws, tally.losses),
        100.0 * tally.score(),
        rated(estimate.elo),
        format!("[{}, {}]", rated(estimate.low), rated(estimate.high)),
    );
    // Beyond 90 % either way a match says little about how far apart the two are.
    let score = tally.score();
    if !(0.1..=0.9).contains(&score) {
        let nearer = if score > 0.5 {
            anchor + 400
        } else {
            anchor.saturating_sub(400)
        };
        println!(
            "  (too one-sided to place the level: try --levels {} --anchor {nearer})",
            level.number()
        );
    }
}

/// One game: the bot at `level` with `ours` against Fairy-Stockfish, after `opening`. The
/// bot's points, or `None` when Fairy-Stockfish played a move our rules do not have (a rule
/// the two read differently; counted, not scored). As engine matches are adjudicated, a game
/// whose result the bot's own search has seen for [`ADJUDICATE_AFTER`] moves in a row (ten
/// pawns or a mate, either way) is scored so: at level 5 a lost game otherwise takes minutes
/// of two-second moves to reach the mate.
/// One game of a row: where, from which opening, the bot's level and colour.
struct Table<'a> {
    arena: &'a Arena,
    opening: &'a str,
    level: Level,
    ours: Color,
    seed: u64,
    /// Fairy-Stockfish's nodes per move.
    nodes: u64,
    clock: Clock,
}

/// Plays one game; the bot's points, or `None` when Fairy-Stockfish played a move our rules
/// refuse.
fn play(engine: &mut OutsideEngine, table: &Table) -> Result<Option<f64>, LadderError> {
    let Table {
        arena,
        opening,
        level,
        ours,
        seed,
        nodes,
        clock,
    } = *table;
    let mut game: Box<dyn Game> = match arena.start {
        Some(text) => registry::load(arena.game, text),
        None => registry::new_game(arena.game, &Default::default(), 0),
    }
    .map_err(|e| LadderError::Setup(e.to_string()))?;
    let mut played: Vec<String> = Vec::new();
    for word in opening.split_whitespace() {
        let notation = moves::find(game.as_ref(), word)
            .ok_or_else(|| LadderError::Setup(format!("the opening move {word} is not legal")))?;
        game.play(&notation)
            .map_err(|e| LadderError::Setup(e.to_string()))?;
        played.push(word.to_string());
    }
    let position = match arena.start {
        Some(text) => format!("position fen {text}"),
        None => "position startpos".to_string(),
    };
    let mut thinking = Thinking {
        clock,
        ..Thinking::default()
    };
    let (mut ahead, mut behind) = (0, 0);
    while played.len() < MOST_PLIES {
        let side = match game.status() {
            Status::Over(outcome) => return Ok(Some(points(&outcome, ours))),
            Status::Ongoing {
                actor: Actor::Side(side),
                ..
            } => side,
            Status::Ongoing { .. } => Color::White,
        };
        let notation = if side == ours {
            let thought = think(
                game.as_ref(),
                level,
                seed ^ played.len() as u64,
                &mut thinking,
            )
            .ok_or_else(|| LadderError::Setup("the bot found no move".into()))?;
            ahead = if thought.score >= ADJUDICATE_AT {
                ahead + 1
            } else {
                0
            };
            behind = if thought.score <= -ADJUDICATE_AT {
                behind + 1
            } else {
                0
            };
            if ahead >= ADJUDICATE_AFTER {
                return Ok(Some(1.0));
            }
            if behind >= ADJUDICATE_AFTER {
                return Ok(Some(0.0));
            }
            thought.notation
        } else {
            let moves_part = if played.is_empty() {
                String::new()
            } else {
                format!(" moves {}", played.join(" "))
            };
            let word = engine.best_move(
                &format!("{position}{moves_part}"),
                &format!("go nodes {nodes}"),
            )?;
            match moves::find(game.as_ref(), &word) {
                Some(notation) => notation,
                None => return Ok(None),
            }
        };
        game.play(&notation)
            .map_err(|e| LadderError::Setup(e.to_string()))?;
        played.push(moves::to_uci(&notation));
    }
    Ok(Some(0.5))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_legal_and_the_goals_climb_by_400() {
        for opening in OPENINGS {
            let mut game = registry::new_game(GameId::Chess, &Default::default(), 0).unwrap();
            for word in opening.split_whitespace() {
                let notation = moves::find(game.as_ref(), word).expect(word);
                game.play(&notation).unwrap();
            }
        }
        let goals: Vec<u32> = Level::ALL.iter().map(|&l| goal(l)).collect();
        assert!(goals.windows(2).all(|w| w[1] == w[0] + 400), "{goals:?}");
        assert!(registry::load(GameId::PickATeam, HOPPERS).is_ok());
    }
}
