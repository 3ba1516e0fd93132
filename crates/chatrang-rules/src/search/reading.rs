//! A position as a game's review reads it: the search's move there and White's evaluation,
//! at one fixed node budget so that the same position always reads the same. The bot's
//! `/review` reads every position of a finished game this way, and the gallery its sample
//! games.
//!
//! Evaluations are cut at [`READING_CAP`] (a found win counts as the cap), so that one mate
//! does not flatten a chart of the rest; a finished game reads as its result.

use super::{FULL_QUIESCENCE, Limits, MATE_BOUND, Score};
use crate::{Actor, Color, Game, Outcome, Status};

/// Evaluations are cut at ten pawns; a won game counts as ten.
pub const READING_CAP: Score = 1_000;

/// A move that gives away this much of its side's evaluation (centipawns) is a mistake.
pub const MISTAKE: Score = 100;
/// A move that gives away this much is a blunder.
pub const BLUNDER: Score = 300;

/// What the search makes of one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reading {
    /// White's evaluation in centipawns, cut at the cap.
    pub eval: Score,
    /// The search's move, in canonical notation; `None` when the game is over or nobody's
    /// side acts.
    pub best: Option<String>,
}

/// Reads `game` with `nodes` nodes. Where no side acts (a move anyone may make) the
/// evaluation stays `previous`.
pub fn read(game: &dyn Game, nodes: u64, previous: Score) -> Reading {
    let never = || false;
    let limits = Limits {
        nodes,
        depth: 64,
        quiescence: FULL_QUIESCENCE,
        choice: 0,
        seed: 0,
        stop: &never,
    };
    match game.status() {
        Status::Over(outcome) => Reading {
            eval: result_eval(&outcome),
            best: None,
        },
        Status::Ongoing {
            actor: Actor::Side(side),
            ..
        } => match game.think(&limits) {
            Some(thought) => Reading {
                eval: for_white(side, thought.score),
                best: Some(thought.notation),
            },
            None => Reading {
                eval: previous,
                best: None,
            },
        },
        Status::Ongoing { .. } => Reading {
            eval: previous,
            best: None,
        },
    }
}

/// How much of `side`'s evaluation a move gave away: White's evaluation before it and after
/// it, seen from `side`; never below zero.
pub fn loss(side: Color, before: Score, after: Score) -> Score {
    (side_view(side, before) - side_view(side, after)).max(0)
}

/// A score for `side` as White's evaluation, cut at the cap.
fn for_white(side: Color, score: Score) -> Score {
    let score = if score.abs() > MATE_BOUND {
        READING_CAP * score.signum()
    } else {
        score.clamp(-READING_CAP, READING_CAP)
    };
    side_view(side, score)
}

/// White's evaluation seen from `side` (and back: the turn is its own inverse).
fn side_view(side: Color, eval: Score) -> Score {
    match side {
        Color::White => eval,
        Color::Black => -eval,
    }
}

/// The evaluation of a finished game: the cap for the winner, nothing for a draw.
fn result_eval(outcome: &Outcome) -> Score {
    match outcome {
        Outcome::Win { winner, .. } => side_view(*winner, READING_CAP),
        Outcome::Draw { .. } | Outcome::Score { .. } => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameId, registry};

    #[test]
    fn wins_count_as_the_cap_and_scores_turn_to_whites_view() {
        assert_eq!(for_white(Color::Black, 150), -150);
        assert_eq!(for_white(Color::White, 5_000), READING_CAP);
        assert_eq!(
            for_white(Color::Black, super::super::MATE - 3),
            -READING_CAP
        );
        assert_eq!(loss(Color::Black, 20, 900), 880);
        assert_eq!(loss(Color::White, 20, 900), 0);
    }

    #[test]
    fn a_mate_in_one_reads_as_won_with_the_mating_move() {
        // Scholar's mate, one move before it: White to move, Qxf7# on the board.
        let position = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
        let game = registry::load(GameId::Chess, position).unwrap();
        let reading = read(game.as_ref(), 20_000, 0);
        assert_eq!(reading.best.as_deref(), Some("h5f7"));
        assert_eq!(reading.eval, READING_CAP);
    }
}
