//! The bot's own play: a search over any game's [`Rules`], with an evaluation per game.
//!
//! Iterative deepening principal-variation search with aspiration windows at the root and a
//! transposition table, move ordering (table move, captures by gain, killers, history, losing
//! captures among the quiet moves), late move reductions, null-move pruning where a game allows
//! a fair pass (`Evaluate::null_move`), reverse futility and futility pruning at the frontier
//! where its evaluation is steady (`Evaluate::frontier_pruning`), quiescence on the captures
//! that do not lose material at once, and check extensions. Each pruning was kept on a match against the search without it (the README's
//! "Playing against the bot" gives the figures). It works on typed moves through copy-make of
//! the rules' position, never through strings. A side may act several times in a row (a
//! draft's two picks, Chromopolis's unbinding choice), so each node's score is for the side
//! acting there and a child's score is negated only when the side changes.
//!
//! The rules stay pure: a search is bounded by a node budget, so the same position, level and
//! seed always give the same move, and the caller may add a stop test (the service's time
//! limit) that is polled, never a clock read here.

mod choice;
pub(crate) mod found;
mod hash;
pub(crate) mod level;
mod negamax;
mod order;
pub mod reading;
mod table;

use std::hash::Hash;

pub use found::{Found, MATE, MATE_BOUND, Score, Thought, score_text};
pub use level::{FULL_QUIESCENCE, Level, LevelError, Limits};
pub(crate) use negamax::search;

use super::{Color, kit::Rules};

/// What search needs from a game beyond its rules: who acts, how good a position looks, and
/// which moves are captures (for quiescence and ordering).
pub(crate) trait Evaluate: Rules<Key: Hash> {
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

    /// For a capture: whether it most likely loses material at once (a piece worth more than
    /// its victim taking on a square the enemy attacks). Quiescence leaves such captures out
    /// and the ordering tries them after the quiet moves that cut before. False by default.
    fn losing_capture(&self, _m: Self::Move) -> bool {
        false
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

    /// The position with the other side to act and nothing moved (a "null move"), where
    /// passing is a fair test of the position: the search asks "even if I did nothing, would
    /// this already be too good for the opponent?" and skips the node when it would. `None`
    /// where it is not a fair test: in check, where a side may be in zugzwang (only pawns and
    /// the king), or in games whose turns do not simply alternate (the default).
    fn null_move(&self) -> Option<Self> {
        None
    }

    /// Whether the evaluation is steady enough between quiet moves for pruning at the frontier:
    /// a node a few plies from the leaves whose evaluation stands far above beta is cut
    /// (reverse futility), and one far below alpha skips its quiet moves (futility). True where
    /// a quiet move rarely swings the score by more than the margins (the chess-like games);
    /// false by default, where one quiet move can turn the board (Katarenga's camps,
    /// Chromopolis's binding, a Pick-a-team draft).
    fn frontier_pruning(&self) -> bool {
        false
    }

    /// A slot below [`order::HISTORY_SLOTS`] for the history heuristic (from and to squares);
    /// moves sharing a slot share their history.
    fn history_slot(&self, _m: Self::Move) -> usize {
        0
    }
}
