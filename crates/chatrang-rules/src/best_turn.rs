//! The review of a game played together: what a turn could have scored. A cooperative game
//! has no side to blame and no evaluation to lose, so its review asks, turn by turn, whether
//! the moves the group made were the ones that scored most, and shows the ones that would have.

use crate::Square;

/// The most a turn of a cooperative game could score from here with the moves still to be
/// made in it, and the moves that score it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BestTurn {
    /// The turn's number, from 1.
    pub turn: u32,
    /// The points those moves score.
    pub points: u32,
    /// The moves, canonical, in the order they are made (empty when nobody can move).
    pub moves: Vec<String>,
    /// The chain they make: each square defends the next, the last the first.
    pub chain: Vec<Square>,
}
