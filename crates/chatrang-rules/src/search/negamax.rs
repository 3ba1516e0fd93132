//! The search: iterative deepening over a principal-variation alpha-beta search, with
//! quiescence at the leaves.

use rand::{Rng, SeedableRng, seq::SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::{
    Evaluate, Found, Limits, MATE, MATE_BOUND, Score,
    hash::{key_hash, mix},
    order::{MAX_PLY, Order},
    table::{Bound, Table, from_table},
};
use crate::{Color, Outcome};

/// Above every score.
const INFINITY: Score = MATE + 1;

/// Plies of quiescence at most below the main search's leaves.
const MAX_QUIESCENCE: u32 = 8;

/// Delta pruning: quiescence skips a capture that could not lift the score to alpha even if
/// it won this much more than its victim (two pawns), which keeps large boards with many
/// captures from spending the budget on hopeless exchanges.
const DELTA_MARGIN: Score = 200;

/// Null-move pruning is tried from this depth on, searching the pass this much shallower
/// (plus a ply for every six of depth).
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_REDUCTION: i32 = 2;

/// Checks the stop test this often (a power of two, in nodes).
const POLL: u64 = 1024;

/// Searches `root` within `limits` and returns the move to play, or `None` when the game is
/// over there. `history` holds the keys of the game's positions since its last irreversible
/// move, `root`'s last (as [`crate::kit::Match`] keeps them), for the repetition rule.
pub(crate) fn search<R: Evaluate>(
    root: &R,
    history: &[R::Key],
    limits: &Limits<'_>,
) -> Option<Found<R::Move>> {
    if root.decided().is_some() {
        return None;
    }
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let root_key = root.search_key();
    let mut rng = ChaCha8Rng::seed_from_u64(mix(limits.seed ^ root_key));
    moves.shuffle(&mut rng);
    let noise: Vec<Score> = moves
        .iter()
        .map(|_| match limits.noise {
            0 => 0,
            n => rng.random_range(-n..=n),
        })
        .collect();
    let mut root_moves: Vec<(R::Move, Score)> = moves.into_iter().zip(noise).collect();
    match root_moves.as_slice() {
        [] => return None,
        [(only, _)] => {
            return Some(Found {
                best: *only,
                score: root.evaluate(),
                depth: 0,
                nodes: 0,
                pv: vec![*only],
            });
        }
        _ => {}
    }

    let mut path: Vec<u64> = history.iter().map(key_hash).collect();
    if path.last() != Some(&root_key) {
        path.push(root_key);
    }
    let mut s = Searcher {
        limits,
        nodes: 0,
        stopped: false,
        table: Table::new(table_size(limits.nodes)),
        order: Order::new(),
        path,
        after_null: false,
        spare_lists: Vec::new(),
    };
    let since = 0;
    let side = root.side();
    let mut done: Option<(R::Move, Score, u32)> = None;

    for depth in 1..=limits.depth.max(1) {
        let mut order: Vec<R::Move> = root_moves.iter().map(|(m, _)| *m).collect();
        s.order.sort(root, &mut order, done.map(|(m, _, _)| m), 0);
        root_moves.sort_by_key(|(m, _)| order.iter().position(|o| o == m));

        let mut alpha = -INFINITY;
        let mut best: Option<(R::Move, Score)> = None;
        for (i, &(m, noise)) in root_moves.iter().enumerate() {
            let (child, child_since) = s.play(root, m, since);
            let d = depth as i32 - 1;
            let v = if i == 0 || limits.noise > 0 {
                s.child(&child, side, d, 1, -INFINITY, INFINITY, child_since)
            } else {
                let v = s.child(&child, side, d, 1, alpha, alpha + 1, child_since);
                if v > alpha {
                    s.child(&child, side, d, 1, alpha, INFINITY, child_since)
                } else {
                    v
                }
            };
            s.path.pop();
            if s.stopped {
                break;
            }
            // Noise varies the weaker levels' ordinary moves, never a win or a loss found.
            let v = if v.abs() < MATE_BOUND { v + noise } else { v };
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
                alpha = alpha.max(v);
            }
        }
        if s.stopped {
            // The previous best move is searched first, so a move that beat it before the
            // budget ran out is better at this depth too: keep it.
            if let Some((m, score)) = best {
                done = Some((m, score, depth - 1));
            }
            break;
        }
        let (m, score) = best.expect("the root has moves");
        s.table
            .put(root_key, depth as i32, score, Bound::Exact, Some(m), 0);
        done = Some((m, score, depth));
        let mate_found = score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth;
        if mate_found || s.nodes >= limits.nodes {
            break;
        }
    }

    let (best, score, depth) = done.unwrap_or_else(|| (root_moves[0].0, root.evaluate(), 0));
    let pv = principal_variation(root, best, &s.table);
    Some(Found {
        best,
        score,
        depth,
        nodes: s.nodes,
        pv,
    })
}

/// Late move reductions: a quiet move ordered late (after the table move, the captures and the
/// killers) is rarely the best, so it is first searched a ply shallower (two when very late
/// in a deep node); only if it then beats alpha is it searched again at full depth.
fn late_move_reduction(index: usize, depth: i32, quiet: bool) -> i32 {
    match (quiet, index, depth) {
        (false, _, _) | (_, 0..=2, _) | (_, _, ..=2) => 0,
        (true, 3..=7, _) | (true, _, ..=5) => 1,
        (true, _, _) => 2,
    }
}

/// Table slots for a search of this many nodes: about one per node, within 4 K and 1 M.
fn table_size(nodes: u64) -> usize {
    (nodes as usize).clamp(1 << 12, 1 << 20)
}

/// The best move, then the table's best moves after it while they are legal.
fn principal_variation<R: Evaluate>(
    root: &R,
    best: R::Move,
    table: &Table<R::Move>,
) -> Vec<R::Move> {
    let mut pv = vec![best];
    let mut pos = root.clone();
    pos.apply(best);
    let mut legal = Vec::new();
    while pv.len() < 12 && pos.decided().is_none() {
        let Some(m) = table.get(pos.search_key()).and_then(|e| e.best) else {
            break;
        };
        legal.clear();
        pos.legal_moves(&mut legal);
        if !legal.contains(&m) {
            break;
        }
        pv.push(m);
        pos.apply(m);
    }
    pv
}

/// The score of a finished game for `side`, `ply` plies from the root: sooner wins score
/// higher and later losses less badly.
fn outcome_score(outcome: &Outcome, side: Color, ply: usize) -> Score {
    match outcome {
        Outcome::Win { winner, .. } if *winner == side => MATE - ply as Score,
        Outcome::Win { .. } => -(MATE - ply as Score),
        Outcome::Draw { .. } => 0,
        Outcome::Score { points, .. } => (*points as Score).saturating_mul(100),
    }
}

struct Searcher<'l, R: Evaluate> {
    limits: &'l Limits<'l>,
    nodes: u64,
    /// Set once the budget or the stop test ends the search; every score after it is void.
    stopped: bool,
    table: Table<R::Move>,
    order: Order<R::Move>,
    /// Hashes of the positions since the game's last irreversible move, the node's last.
    path: Vec<u64>,
    /// Set for the node right after a null move, which may not pass again.
    after_null: bool,
    /// Move lists no node is using, kept so that a node reuses one rather than allocating
    /// its own (nodes nest, so a stack serves).
    spare_lists: Vec<Vec<R::Move>>,
}

impl<R: Evaluate> Searcher<'_, R> {
    /// `pos`'s legal moves in a list from the spares.
    fn legal_moves(&mut self, pos: &R) -> Vec<R::Move> {
        let mut list = self.spare_lists.pop().unwrap_or_default();
        list.clear();
        pos.legal_moves(&mut list);
        list
    }

    /// Returns `moves` to the spares, and `score`.
    fn done_with(&mut self, moves: Vec<R::Move>, score: Score) -> Score {
        self.spare_lists.push(moves);
        score
    }

    /// Plays `m` on a copy of `pos` and pushes the new position's hash on the path; returns
    /// it with the path index from which repetitions count.
    fn play(&mut self, pos: &R, m: R::Move, since: usize) -> (R, usize) {
        let mut child = pos.clone();
        let effect = child.apply(m);
        let child_since = if R::irreversible(&effect) {
            self.path.len()
        } else {
            since
        };
        self.path.push(child.search_key());
        (child, child_since)
    }

    /// A child's score for the parent's side: a finished game scored for that side at once,
    /// otherwise the child's search, negated when the side to act changes.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        child: &R,
        parent: Color,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        since: usize,
    ) -> Score {
        if let Some(outcome) = child.decided() {
            self.nodes += 1;
            return outcome_score(&outcome, parent, ply);
        }
        if child.side() == parent {
            self.node(child, depth, ply, alpha, beta, since)
        } else {
            -self.node(child, depth, ply, -beta, -alpha, since)
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if !self.stopped {
            self.stopped = self.nodes >= self.limits.nodes
                || (self.nodes.is_multiple_of(POLL) && (self.limits.stop)());
        }
        self.stopped
    }

    /// Counts a visit; the score when the node needs no search: the budget is spent (the
    /// score is void), or a draw is settled.
    fn enter(&mut self, pos: &R, since: usize) -> Option<Score> {
        self.nodes += 1;
        if self.out_of_budget() {
            return Some(0);
        }
        self.settled(pos, since)
    }

    /// A draw the position's history decides without searching: a repetition (twice on the
    /// path is enough inside a search) or the fifty-move rule. Finished games are scored by
    /// the parent (see [`Searcher::child`]).
    fn settled(&self, pos: &R, since: usize) -> Option<Score> {
        if pos.draws_wait() {
            return None;
        }
        let now = *self.path.last().expect("the path holds the node");
        let earlier = &self.path[since.min(self.path.len() - 1)..self.path.len() - 1];
        if R::REPETITION && earlier.contains(&now) {
            return Some(0);
        }
        if R::FIFTY_MOVES.is_some() && pos.halfmove_clock() >= 100 {
            return Some(0);
        }
        None
    }

    fn node(
        &mut self,
        pos: &R,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        since: usize,
    ) -> Score {
        if let Some(score) = self.enter(pos, since) {
            return score;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiesce(pos, ply, alpha, beta, since, 0);
        }
        let key = *self.path.last().expect("the path holds the node");
        let mut table_move = None;
        if let Some(e) = self.table.get(key) {
            table_move = e.best;
            if e.depth >= depth {
                let s = from_table(e.score, ply as u32);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if usable {
                    return s;
                }
            }
        }
        let may_pass = !std::mem::take(&mut self.after_null);
        if may_pass
            && depth >= NULL_MOVE_DEPTH
            && beta.abs() < MATE_BOUND
            && let Some(score) = self.null_move_cut(pos, depth, ply, beta)
        {
            return score;
        }
        let mut moves = self.legal_moves(pos);
        let side = pos.side();
        if moves.is_empty() {
            return self.done_with(moves, outcome_score(&pos.without_moves(), side, ply));
        }
        let in_check = pos.in_check();
        let depth = if in_check { depth + 1 } else { depth };
        self.order.sort(pos, &mut moves, table_move, ply);
        let alpha_before = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for (i, &m) in moves.iter().enumerate() {
            let (child, child_since) = self.play(pos, m, since);
            let d = depth - 1;
            let v = if i == 0 {
                self.child(&child, side, d, ply + 1, alpha, beta, child_since)
            } else {
                let quiet = !in_check && pos.capture_gain(m).is_none() && !child.in_check();
                let r = late_move_reduction(i, depth, quiet);
                let mut v = self.child(&child, side, d - r, ply + 1, alpha, alpha + 1, child_since);
                if r > 0 && v > alpha {
                    v = self.child(&child, side, d, ply + 1, alpha, alpha + 1, child_since);
                }
                if v > alpha && v < beta {
                    self.child(&child, side, d, ply + 1, alpha, beta, child_since)
                } else {
                    v
                }
            };
            self.path.pop();
            if self.stopped {
                return self.done_with(moves, 0);
            }
            if v > best {
                best = v;
                best_move = Some(m);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                self.order.cut(pos, m, depth, ply);
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha_before {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .put(key, depth, best, bound, best_move, ply as u32);
        self.done_with(moves, best)
    }

    /// Null-move pruning: where the side to act stands at or above `beta` even before moving,
    /// it lets the opponent move twice, searched `NULL_MOVE_REDUCTION` plies shallower; if
    /// that still leaves the score at `beta` or more, a real move would only do better, and
    /// the node is cut without searching its moves. Returns the cut's score.
    fn null_move_cut(&mut self, pos: &R, depth: i32, ply: usize, beta: Score) -> Option<Score> {
        if pos.evaluate() < beta {
            return None;
        }
        let passed = pos.null_move()?;
        // No repetition counts across a pass: the path starts again at the passed position.
        let since = self.path.len();
        self.path.push(passed.search_key());
        self.after_null = true;
        let reduced = depth - 1 - NULL_MOVE_REDUCTION - depth / 6;
        let v = -self.node(&passed, reduced, ply + 1, -beta, -beta + 1, since);
        self.after_null = false;
        self.path.pop();
        // A mate found after a pass is not proven for a real move: claim only `beta`.
        (!self.stopped && v >= beta).then_some(if v >= MATE_BOUND { beta } else { v })
    }

    /// Follows captures (and every move when in check or when a decision is pending) until
    /// the position is quiet, standing pat on the evaluation otherwise.
    fn quiesce(
        &mut self,
        pos: &R,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        since: usize,
        qply: u32,
    ) -> Score {
        let every_move = pos.in_check() || pos.draws_wait();
        let mut best = -INFINITY;
        if !every_move || qply >= MAX_QUIESCENCE || ply >= MAX_PLY {
            let stand = pos.evaluate();
            if stand >= beta || qply >= MAX_QUIESCENCE || ply >= MAX_PLY {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        let mut moves = self.legal_moves(pos);
        let side = pos.side();
        if moves.is_empty() {
            return self.done_with(moves, outcome_score(&pos.without_moves(), side, ply));
        }
        if !every_move {
            // `best` is the stand-pat score here.
            moves.retain(|&m| {
                pos.capture_gain(m)
                    .is_some_and(|gain| best + gain + DELTA_MARGIN > alpha)
            });
        }
        self.order.sort(pos, &mut moves, None, MAX_PLY);
        for &m in moves.iter() {
            let (child, child_since) = self.play(pos, m, since);
            let v = if let Some(outcome) = child.decided() {
                self.nodes += 1;
                outcome_score(&outcome, side, ply + 1)
            } else if child.side() == side {
                self.qnode(&child, ply + 1, alpha, beta, child_since, qply + 1)
            } else {
                -self.qnode(&child, ply + 1, -beta, -alpha, child_since, qply + 1)
            };
            self.path.pop();
            if self.stopped {
                return self.done_with(moves, 0);
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.done_with(moves, best)
    }

    fn qnode(
        &mut self,
        pos: &R,
        ply: usize,
        alpha: Score,
        beta: Score,
        since: usize,
        qply: u32,
    ) -> Score {
        if let Some(score) = self.enter(pos, since) {
            return score;
        }
        self.quiesce(pos, ply, alpha, beta, since, qply)
    }
}
