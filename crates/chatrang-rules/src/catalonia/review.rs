//! A turn's best moves, for the review of a finished game: every order the turn's two moves
//! may come in (White first, or Black first after a swap), every move of the first side and
//! every reply of the second, each board read by the exact chain solver. Unlike the partner's
//! plan (`partner`), which also weighs the chains to come, this asks only what the turn itself
//! could have scored: a review compares it with what the turn did score.

use super::{
    board::Board,
    chain::Solver,
    notation::Act,
    position::{Phase, Position},
};
use crate::{BestTurn, Color, Square};

/// The most the current turn could score with its moves still to be made; `None` unless a
/// move of the turn is pending.
pub(crate) fn best_turn(pos: &Position) -> Option<BestTurn> {
    let orders: Vec<(Color, Option<Color>)> = match *pos.phase() {
        Phase::Move {
            side,
            second: false,
            may_swap: true,
        } => vec![(side, Some(!side)), (!side, Some(side))],
        Phase::SwapProposed => vec![
            (Color::White, Some(Color::Black)),
            (Color::Black, Some(Color::White)),
        ],
        Phase::Move {
            side,
            second: false,
            ..
        } => vec![(side, Some(!side))],
        Phase::Move { side, .. } => vec![(side, None)],
        _ => return None,
    };
    // The longest chain found so far, and the moves that make it.
    let mut best: Option<(Vec<Square>, Vec<Step>)> = None;
    for (first, second) in orders {
        for one in moves_or_pass(pos.board(), first) {
            let once = after(pos.board(), one);
            let replies = match second {
                Some(side) => moves_or_pass(&once, side),
                None => vec![None],
            };
            for two in replies {
                let board = after(&once, two);
                let chain = longest_chain(&board);
                if best.as_ref().is_none_or(|(b, _)| chain.len() > b.len()) {
                    best = Some((chain, one.into_iter().chain(two).collect()));
                }
            }
        }
    }
    let (chain, moves) = best?;
    let length = chain.len() as u32;
    Some(BestTurn {
        turn: u32::from(pos.turn()),
        points: length * length,
        moves: moves
            .into_iter()
            .map(|(from, to)| Act::Move(from, to).notation())
            .collect(),
        chain,
    })
}

/// A move: from, to.
type Step = (Square, Square);

/// The side's moves, or a single pass when it has none (it is passed over).
fn moves_or_pass(board: &Board, side: Color) -> Vec<Option<Step>> {
    let moves = board.legal_moves(side);
    if moves.is_empty() {
        vec![None]
    } else {
        moves.into_iter().map(Some).collect()
    }
}

fn after(board: &Board, step: Option<Step>) -> Board {
    let mut next = board.clone();
    if let Some((from, to)) = step {
        let piece = next.piece_at(from);
        next.put(from, None);
        next.put(to, piece);
    }
    next
}

fn longest_chain(board: &Board) -> Vec<Square> {
    let (graph, squares) = board.graph();
    Solver::default()
        .longest(&graph)
        .map(|c| c.into_iter().map(|v| squares[v]).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Chance, Game, Status,
        catalonia::{Catalonia, dice::Roller},
    };

    /// Plays games with the stand-in's choices (the longest chain now), checking at each
    /// turn's start that its best moves make the chain claimed and that the turn then scores
    /// no more than its best.
    #[test]
    fn no_turn_scores_more_than_its_best_and_the_best_moves_score_it() {
        for seed in 0..3 {
            let mut game = Catalonia::game(Position::new(15, true, seed));
            let mut checked = 0;
            while !matches!(game.status(), Status::Over(_)) {
                let start = game.rules().position.clone();
                if let Some(best) = game.best_turn() {
                    assert_eq!(best.turn, u32::from(start.turn()));
                    // The best moves, made on the board, give the chain claimed.
                    let mut board = start.board().clone();
                    for m in &best.moves {
                        let (from, to) = crate::two_squares(m).expect("a move");
                        let piece = board.piece_at(from);
                        board.put(from, None);
                        board.put(to, piece);
                    }
                    assert_eq!(longest_chain(&board).len(), best.chain.len());
                    assert_eq!(best.points, (best.chain.len() * best.chain.len()) as u32);
                    // Play the turn's moves as the stand-in would, and compare its score.
                    let turn = start.turn();
                    while !matches!(game.status(), Status::Over(_))
                        && game.rules().position.turn() == turn
                        && matches!(
                            game.rules().position.phase(),
                            Phase::Move { .. } | Phase::SwapProposed
                        )
                    {
                        let act = game.stand_in().expect("a choice");
                        game.play(&act).unwrap();
                    }
                    let scored = game
                        .turn_scores()
                        .into_iter()
                        .find(|(t, _)| *t == u32::from(turn))
                        .map_or(0, |(_, points)| points);
                    assert!(
                        scored <= best.points,
                        "turn {turn}: {scored} > {}",
                        best.points
                    );
                    checked += 1;
                } else {
                    // No move of the turn is pending: a bomb, an escape or trapped Peasants.
                    assert!(!matches!(
                        game.rules().position.phase(),
                        Phase::Move { .. } | Phase::SwapProposed
                    ));
                    let act = game.stand_in().expect("a choice");
                    game.play(&act).unwrap();
                }
            }
            assert!(checked >= 5, "only {checked} turns checked");
        }
    }

    /// The most the turn's points can be, found the slow way: every sequence of the turn's
    /// actions through the real turn machine (the swap offer, its answer, both moves), each
    /// ended by the turn's own scoring. No dice are given, so the turn stops at its bomb.
    fn best_by_playing(pos: &Position, turn: u8) -> u32 {
        // Without dice the position stops where the bomb would roll, its phase unchanged:
        // the turn's record says it was scored.
        let pending = |p: &Position| {
            p.turn() == turn
                && p.history().iter().all(|r| r.turn != turn)
                && matches!(p.phase(), Phase::Move { .. } | Phase::SwapProposed)
        };
        if !pending(pos) {
            return pos
                .history()
                .iter()
                .find(|r| r.turn == turn)
                .map_or(0, |r| r.points);
        }
        pos.legal()
            .into_iter()
            .map(|act| {
                let mut next = pos.clone();
                next.apply(act, &mut Roller::new(Chance::Recorded(&[])));
                best_by_playing(&next, turn)
            })
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn the_best_turn_agrees_with_every_way_of_playing_the_turn() {
        let mut compared = 0;
        for seed in 0..12 {
            let mut game = Catalonia::game(Position::new(15, true, seed));
            for _ in 0..120 {
                if matches!(game.status(), Status::Over(_)) {
                    break;
                }
                let pos = game.rules().position.clone();
                if let Some(best) = best_turn(&pos) {
                    assert_eq!(
                        best.points,
                        best_by_playing(&pos, pos.turn()),
                        "seed {seed}, turn {}",
                        pos.turn()
                    );
                    compared += 1;
                }
                let act = game.stand_in().expect("a choice");
                game.play(&act).unwrap();
            }
        }
        assert!(compared >= 10, "only {compared} positions compared");
    }

    /// A turn (found by playing random games) whose longest chain needs Black to move first,
    /// after White's swap: a chain of 10 that way, of 9 at most with White first.
    #[test]
    fn the_best_turn_may_need_the_swapped_order() {
        let pos = Position::from_text(SWAP_WINS).unwrap();
        let best = best_turn(&pos).unwrap();
        assert_eq!(best.points, 100);
        assert_eq!(best_by_playing(&pos, pos.turn()), 100);
        let mut white_first = pos.clone();
        white_first.apply(Act::Swap, &mut Roller::new(Chance::Draw));
        white_first.apply(Act::Decline, &mut Roller::new(Chance::Draw));
        assert_eq!(best_turn(&white_first).unwrap().points, 81);
    }

    const SWAP_WINS: &str = "2b2b2/1*1*2*1/2**1*2/2*1***n/4N1l1/1P**Bp**/2*gP*G1/4LBN1 20/30 random chacha8:0000000000000002:44 white-moves 4:16:f1.e2.f3.g2:c2,5:16:f1.e2.f3.g2:c5,6:16:f1.e2.f3.g2:c3,7:16:f1.e2.f3.g2:b7,8:64:f1.e2.d3.e4.f6.g5.f3.g2:e5,9:121:f1.e2.d3.e4.g5.h3.f2.g3.f4.f3.g2:g5,10:36:f2.g3.f4.f3.g2.h3:h3,11:81:e1.f1.e2.f3.g2.f2.g3.f4.d2:d7,12:144:e1.f1.g2.g1.f3.e2.d3.e4.f2.g3.f4.d2:f2,13:64:e1.f1.e2.f3.g2.g3.f4.d2:d3,14:100:e1.f1.e2.f3.g2.g3.f4.f5.e4.d2:c6,15:121:c1.f1.e2.f3.g2.g3.f4.f5.f6.e4.d2:g3,16:121:e1.f1.e2.f3.g2.g4.h5.f4.f5.e4.d2:f5,17:81:c1.f1.e2.f3.g2.e4.d6.f4.d2:d6,18:64:e1.f1.e2.f3.g2.g4.e4.d2:f6,19:64:e1.f1.e2.f3.g2.g4.e4.d2:g7 g7";
}
