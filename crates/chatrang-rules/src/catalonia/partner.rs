//! The bot as a Catalonia partner, and `/hint`: the move pair that makes the turn's longest
//! chain longest.
//!
//! Catalonia is played together, so there is no opponent to search against: at the start of
//! a turn the planner tries every move of the first side with every reply of the second and
//! keeps the pair after which the longest chain is longest (the turn's score is its square),
//! preferring, among equals, the board whose pieces defend each other most (chains to come).
//! The second mover's move and every decision are chosen the same way, one action deep. It
//! never looks at dice still to be rolled: the bomb's square is drawn after the moves.

use super::{
    board::Board,
    chain::Solver,
    dice::Roller,
    notation::Act,
    position::{Phase, Position},
};
use crate::{Chance, Square};

/// How promising a board is for this turn and the next: (longest chain, defence links).
type Promise = (usize, usize);

fn promise(board: &Board) -> Promise {
    let (graph, _) = board.graph();
    let chain = Solver::default().longest(&graph).map_or(0, |c| c.len());
    let n = graph.len();
    let links = (0..n)
        .flat_map(|a| (0..n).map(move |b| (a, b)))
        .filter(|&(a, b)| graph.defends(a, b))
        .count();
    (chain, links)
}

fn after(board: &Board, (from, to): (Square, Square)) -> Board {
    let mut next = board.clone();
    let piece = next.piece_at(from);
    next.put(from, None);
    next.put(to, piece);
    next
}

/// The plan for the action pending now: a pair of moves at the start of a turn (the second
/// side's reply included), otherwise one action. Also the number of boards weighed, and the
/// longest chain the plan leads to. `None` when nothing is pending.
pub(crate) fn plan(pos: &Position, legal: &[Act]) -> Option<(Vec<Act>, usize, u64)> {
    let board = pos.board();
    let mut weighed = 0u64;
    let mut best: Option<(Promise, Vec<Act>)> = None;
    let mut consider = |promise: Promise, acts: Vec<Act>| {
        if best.as_ref().is_none_or(|(b, _)| promise > *b) {
            best = Some((promise, acts));
        }
    };
    match pos.phase() {
        Phase::Move {
            side,
            second: false,
            ..
        } => {
            for first in board.legal_moves(*side) {
                let once = after(board, first);
                let replies = once.legal_moves(side.other());
                if replies.is_empty() {
                    weighed += 1;
                    consider(promise(&once), vec![Act::Move(first.0, first.1)]);
                }
                for reply in replies {
                    weighed += 1;
                    consider(
                        promise(&after(&once, reply)),
                        vec![Act::Move(first.0, first.1), Act::Move(reply.0, reply.1)],
                    );
                }
            }
        }
        Phase::Move { .. } => {
            for &act in legal {
                if let Act::Move(from, to) = act {
                    weighed += 1;
                    consider(promise(&after(board, (from, to))), vec![act]);
                }
            }
        }
        _ => {
            for &act in legal {
                let mut next = pos.clone();
                next.apply(act, &mut Roller::new(Chance::Draw));
                weighed += 1;
                consider(promise(next.board()), vec![act]);
            }
        }
    }
    let ((chain, _), acts) = best?;
    legal.contains(&acts[0]).then_some((acts, chain, weighed))
}
