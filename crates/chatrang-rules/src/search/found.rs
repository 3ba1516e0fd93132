//! What a search gives back: scores, the typed result and the result in notation. A leaf
//! module, so that the game loop ([`crate::kit`]) and the [`crate::Game`] trait can name a
//! search's result without depending on the search itself.

/// A score in centipawns for the side acting. Wins are near [`MATE`], sooner wins higher.
pub type Score = i32;

/// The score of a win on the spot; a win `n` plies away scores `MATE - n`.
pub const MATE: Score = 1_000_000;

/// Scores beyond this are wins or losses found by search, not evaluations.
pub const MATE_BOUND: Score = MATE - 1_000;

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found<M> {
    /// The move to play.
    pub best: M,
    /// Its score for the side acting.
    pub(crate) score: Score,
    /// The depth of the last completed iteration.
    pub(crate) depth: u32,
    /// Positions visited.
    pub(crate) nodes: u64,
    /// The expected line, the best move first.
    pub(crate) pv: Vec<M>,
}

/// A search's result in the game's notation: what `super::Game::think` returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The move to play, in canonical notation.
    pub notation: String,
    /// Its score for the side acting.
    pub score: Score,
    /// The depth of the last completed iteration.
    pub depth: u32,
    /// Positions visited.
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
