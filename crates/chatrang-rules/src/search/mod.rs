//! The bot's own play: a search over any game's [`Rules`], with an evaluation per game.
//!
//! Iterative deepening principal-variation search with a transposition table, move ordering
//! (table move, captures by gain, killers, history), quiescence on captures and check
//! extensions. It works on typed moves through copy-make of the rules' position, never through
//! strings. A side may act several times in a row (a draft's two picks, Chromopolis's
//! unbinding choice), so each node's score is for the side acting there and a child's score is
//! negated only when the side changes.
//!
//! The rules stay pure: a search is bounded by a node budget, so the same position, level and
//! seed always give the same move, and the caller may add a stop test (the service's time
//! limit) that is polled, never a clock read here.

mod hash;
mod level;
mod negamax;
mod order;
mod table;

use std::hash::Hash;

pub use level::{Level, LevelError, Limits};
pub use negamax::search;

use super::{Color, kit::Rules};

/// A score in centipawns for the side acting. Wins are near [`MATE`], sooner wins higher.
pub type Score = i32;

/// The score of a win on the spot; a win `n` plies away scores `MATE - n`.
pub const MATE: Score = 1_000_000;

/// Scores beyond this are wins or losses found by search, not evaluations.
pub const MATE_BOUND: Score = MATE - 1_000;

/// What search needs from a game beyond its rules: who acts, how good a position looks, and
/// which moves are captures (for quiescence and ordering).
pub trait Evaluate: Rules<Key: Hash> {
    /// The side acting now. Only asked while the game goes on.
    fn side(&self) -> Color;

    /// How good the position is for [`Evaluate::side`], in centipawns (a pawn is 100).
    fn evaluate(&self) -> Score;

    /// For a capture (or another move that wins material at once): roughly what it gains,
    /// the victim's value less a little of the attacker's. `None` for quiet moves, which
    /// quiescence does not follow.
    fn capture_gain(&self, _m: Self::Move) -> Option<Score> {
        None
    }

    /// True when the side acting is in check: the node is searched one ply deeper, and
    /// quiescence looks at every move rather than standing pat.
    fn in_check(&self) -> bool {
        false
    }

    /// The position's hash for the transposition table and the repetition check. By default
    /// the hash of [`Rules::key`]; a game whose key does not tell positions apart where
    /// repetition cannot happen (Pick-a-team's draft) hashes more.
    fn search_key(&self) -> u64 {
        hash::key_hash(&self.key())
    }

    /// A slot below [`order::HISTORY_SLOTS`] for the history heuristic (from and to squares);
    /// moves sharing a slot share their history.
    fn history_slot(&self, _m: Self::Move) -> usize {
        0
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    /// The move to play.
    pub best: M,
    /// Its score for the side acting.
    pub score: Score,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The expected line, the best move first.
    pub pv: Vec<M>,
}

/// A search's result in the game's notation: what [`super::Game::think`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play, in canonical notation.
    pub notation: String,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
    /// The expected line in canonical notation, the move to play first.
    pub pv: Vec<String>,
}

impl Thought {
    /// The score in words for people: "+1.3", "mate in 2", "mated in 3".
    pub fn score_text(&self) -> String {
        score_text(self.score)
    }
}

/// "+1.25", "-0.40", "wins in 3 moves", "loses in 2 moves" (moves of the side, rounded up).
pub fn score_text(score: Score) -> String {
    if score.abs() > MATE_BOUND {
        let plies = MATE - score.abs();
        let moves = (plies + 1) / 2;
        let s = if moves == 1 { "" } else { "s" };
        return if score > 0 {
            format!("wins in {moves} move{s}")
        } else {
            format!("loses in {moves} move{s}")
        };
    }
    format!("{:+.2}", f64::from(score) / 100.0)
}

pub use order::HISTORY_SLOTS;
