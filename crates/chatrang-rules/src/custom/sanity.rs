//! The sanity run a definition passes before a server saves it (issue 41): perft to depth 3
//! and 200 random games, each move listed checked to play, each position checked to write a
//! position string that reads back to itself. It is bounded by counts of work, not by a clock,
//! so that it stays pure and gives the same verdict on every machine: the perft stops before a
//! depth whose estimated count passes [`SanityLimits::perft_nodes`], and each game before
//! [`SanityLimits::plies_per_game`].

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Definition, DefinitionError};
use crate::{Game, Status, chesslike::ChessLike, chesslike::Position};

/// How much work a sanity run may do.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct SanityLimits {
    /// The deepest perft.
    pub perft_depth: u32,
    /// The most leaf nodes a perft depth may be expected to count; deeper is skipped.
    pub perft_nodes: u64,
    /// Random games played from the start.
    pub games: u32,
    /// The most plies of one random game.
    pub plies_per_game: u32,
    /// The seed of the random games' moves.
    pub seed: u64,
}

impl SanityLimits {
    /// What a definition passes before it is saved: perft 3 (to 20 million nodes) and 200
    /// random games of up to 400 plies.
    pub const SAVE: SanityLimits = SanityLimits {
        perft_depth: 3,
        perft_nodes: 20_000_000,
        games: 200,
        plies_per_game: 400,
        seed: 41,
    };
}

/// What a sanity run did.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SanityReport {
    /// The perft counts, depth 1 first.
    pub perft: Vec<u64>,
    /// Random games played.
    pub games: u32,
    /// Of those, how many ended by the rules (the others reached the ply limit).
    pub ended: u32,
    /// Plies played in all.
    pub plies: u64,
}

/// Why a definition failed its sanity run.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum SanityError {
    /// The definition does not make a game.
    #[error(transparent)]
    Definition(#[from] DefinitionError),
    /// The start position has no legal move.
    #[error(
        "the start position has no legal move for the side to move; change startFen so that it has one"
    )]
    NoMoveAtStart,
    /// The caller's bound (a time limit, for the service) stopped the run before its end.
    #[error(
        "the check stopped after {games} of its random games: this variant is too slow to play \
         in chat; make its board or its pieces' moves smaller"
    )]
    Stopped {
        /// Random games finished before it stopped.
        games: u32,
    },
    /// A move the game listed was refused when played: a fault of the engine, not of the
    /// definition, which is kept out until it is fixed.
    #[error(
        "random game {game}, ply {ply}: the move {notation} was listed but refused ({why}); please report this variant"
    )]
    MoveRefused {
        /// The game, from 1.
        game: u32,
        /// The ply, from 1.
        ply: u32,
        /// The move.
        notation: String,
        /// The refusal.
        why: String,
    },
    /// A position string that does not read back to itself.
    #[error(
        "random game {game}, ply {ply}: the position {text} does not read back ({why}); please report this variant"
    )]
    TextDoesNotReadBack {
        /// The game, from 1.
        game: u32,
        /// The ply, from 1.
        ply: u32,
        /// The position string, cut to 80 characters.
        text: String,
        /// What reading it said, or what it read to.
        why: String,
    },
}

/// Runs the sanity checks of `limits` on a definition.
pub fn sanity_run(
    definition: &Definition,
    limits: &SanityLimits,
) -> Result<SanityReport, SanityError> {
    sanity_run_while(definition, limits, &mut || true)
}

/// [`sanity_run`], asking `go_on` before each perft depth and each random game whether to go
/// on: the service bounds the run by a clock this way, the rules themselves never read one.
pub fn sanity_run_while(
    definition: &Definition,
    limits: &SanityLimits,
    go_on: &mut dyn FnMut() -> bool,
) -> Result<SanityReport, SanityError> {
    let start = definition.start_position()?;
    let perft = bounded_perft(&start, limits, go_on).ok_or(SanityError::Stopped { games: 0 })?;
    if perft.first() == Some(&0) {
        return Err(SanityError::NoMoveAtStart);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(limits.seed);
    let mut report = SanityReport {
        perft,
        games: 0,
        ended: 0,
        plies: 0,
    };
    for game in 1..=limits.games {
        if !go_on() {
            return Err(SanityError::Stopped { games: game - 1 });
        }
        let (plies, ended) = random_game(&start, game, limits.plies_per_game, &mut rng)?;
        report.games += 1;
        report.plies += u64::from(plies);
        report.ended += u32::from(ended);
    }
    Ok(report)
}

/// Perft depth by depth, stopping before a depth whose count, estimated from the last
/// branching factor, would pass the node limit; `None` when `go_on` stopped it.
fn bounded_perft(
    start: &Position,
    limits: &SanityLimits,
    go_on: &mut dyn FnMut() -> bool,
) -> Option<Vec<u64>> {
    let mut counts: Vec<u64> = Vec::new();
    for depth in 1..=limits.perft_depth {
        if let Some(&last) = counts.last() {
            let before = if counts.len() >= 2 {
                counts[counts.len() - 2]
            } else {
                1
            };
            let branching = last / before.max(1) + 1;
            if last == 0 || last.saturating_mul(branching) > limits.perft_nodes {
                break;
            }
        }
        if !go_on() {
            return None;
        }
        counts.push(start.perft(depth));
    }
    Some(counts)
}

/// One random game from the start: every ply a move chosen among the listed ones, played by
/// its notation, the position string then read back. Returns the plies and whether the game
/// ended by its rules.
fn random_game(
    start: &Position,
    game_number: u32,
    max_plies: u32,
    rng: &mut ChaCha8Rng,
) -> Result<(u32, bool), SanityError> {
    let mut game = ChessLike::game(start.clone());
    for ply in 1..=max_plies {
        if matches!(game.status(), Status::Over(_)) {
            return Ok((ply - 1, true));
        }
        let actions = game.legal_actions();
        if actions.is_empty() {
            return Ok((ply - 1, true));
        }
        let notation = actions[rng.random_range(0..actions.len())].notation.clone();
        if let Err(e) = game.play(&notation) {
            return Err(SanityError::MoveRefused {
                game: game_number,
                ply,
                notation,
                why: format!("{e:?}"),
            });
        }
        // Read back as the service reads a stored game: the board and the definition it carries.
        let text = game.position_text();
        let read = super::played::load(&text)
            .map(|g| g.position_text())
            .map_err(|e| e.0);
        if read.as_ref() != Ok(&text) {
            return Err(SanityError::TextDoesNotReadBack {
                game: game_number,
                ply,
                text: text.chars().take(80).collect(),
                why: match read {
                    Ok(other) => {
                        format!("it reads as {}", other.chars().take(80).collect::<String>())
                    }
                    Err(e) => e,
                },
            });
        }
    }
    Ok((max_plies, matches!(game.status(), Status::Over(_))))
}
