//! The search: iterative deepening over a principal-variation alpha-beta search, with
//! quiescence at the leaves.

use rand::{SeedableRng, seq::SliceRandom};
use rand_chacha::ChaCha8Rng;

use super::{
    Evaluate, Found, Limits, MATE, MATE_BOUND, Score, choice,
    hash::{key_hash, mix},
    order::{MAX_PLY, Order},
    table::{Bound, Table, from_table},
};
use crate::{Color, Outcome};

/// Above every score.
const INFINITY: Score = MATE + 1;

/// Delta pruning: quiescence skips a capture that could not lift the score to alpha even if
/// it won this much more than its victim (two pawns), which keeps large boards with many
/// captures from spending the budget on hopeless exchanges.
const DELTA_MARGIN: Score = 200;

/// Null-move pruning is tried from this depth on, searching the pass this much shallower
/// (plus a ply for every six of depth).
const NULL_MOVE_DEPTH: i32 = 3;
const NULL_MOVE_REDUCTION: i32 = 2;

/// Frontier pruning (where [`Evaluate::frontier_pruning`]): at depth `d` up to
/// `REVERSE_FUTILITY_DEPTH`, a node outside the principal variation whose evaluation is at least
/// `REVERSE_FUTILITY_MARGIN * d` above beta returns its evaluation; at depth `d` up to two, a
/// quiet move that gives no check is skipped when the evaluation plus `FUTILITY_MARGIN[d]` is
/// still at or below alpha.
const REVERSE_FUTILITY_DEPTH: i32 = 3;
const REVERSE_FUTILITY_MARGIN: Score = 120;
const FUTILITY_MARGIN: [Score; 3] = [0, 150, 300];

/// Aspiration windows: from this depth on, the root is searched first within this many
/// centipawns either side of the last depth's score; a side that fails is widened, doubling,
/// and past `ASPIRATION_WIDEST` opened fully.
const ASPIRATION_DEPTH: u32 = 4;
const ASPIRATION_WINDOW: Score = 35;
const ASPIRATION_WIDEST: Score = 500;

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
    let mut root_moves = moves;
    match root_moves.as_slice() {
        [] => return None,
        [only] => {
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
    let mut done: Option<(R::Move, Score, u32)> = None;
    // The weaker levels choose among every root move's exact score at the last full depth.
    let mut scored: Vec<(R::Move, Score)> = Vec::new();
    let mut chosen_from: Vec<(R::Move, Score)> = Vec::new();

    for depth in 1..=limits.depth.max(1) {
        s.order
            .sort(root, &mut root_moves, done.map(|(m, _, _)| m), 0);

        // Aspiration: a window around the last depth's score, widened on each side it fails.
        let mut delta = ASPIRATION_WINDOW;
        let (mut low, mut high) = match done {
            Some((_, score, _))
                if limits.choice == 0 && depth >= ASPIRATION_DEPTH && score.abs() < MATE_BOUND =>
            {
                (score - delta, score + delta)
            }
            _ => (-INFINITY, INFINITY),
        };
        let best = loop {
            scored.clear();
            let best = s.root_pass(root, &root_moves, depth, low, high, &mut scored);
            let Some((m, v)) = best else { break best };
            if s.stopped || (v > low && v < high) {
                break best;
            }
            delta *= 2;
            let wide = delta > ASPIRATION_WIDEST;
            if v <= low {
                low = if wide { -INFINITY } else { v - delta };
            } else {
                high = if wide { INFINITY } else { v + delta };
                // The move that failed high is searched first again.
                let at = root_moves.iter().position(|r| *r == m).unwrap_or(0);
                root_moves[..=at].rotate_right(1);
            }
        };
        if s.stopped {
            // The previous best move is searched first, so a move that beat it (or the window)
            // before the budget ran out is better at this depth too: keep it. A pass that
            // failed low on every move it searched says nothing: the last depth's move stays.
            if let Some((m, score)) = best.filter(|&(_, score)| score > low) {
                done = Some((m, score, depth - 1));
            }
            break;
        }
        let (m, score) = best.expect("the root has moves");
        s.table
            .put(root_key, depth as i32, score, Bound::Exact, Some(m), 0);
        done = Some((m, score, depth));
        std::mem::swap(&mut chosen_from, &mut scored);
        let mate_found = score.abs() > MATE_BOUND && (MATE - score.abs()) as u32 <= depth;
        if mate_found || s.nodes >= limits.nodes {
            break;
        }
    }

    let (mut best, mut score, depth) = done.unwrap_or_else(|| (root_moves[0], root.evaluate(), 0));
    if limits.choice > 0 && !chosen_from.is_empty() {
        (best, score) = choice::choose(&chosen_from, limits.choice, &mut rng);
    }
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
    /// One pass over the root's moves at `depth` within the window `low`..`high`: the best
    /// move with its score, `None` if the budget ran out before the first move's score. Stops
    /// at the first move scoring `high` or more. Where the level chooses among the moves, each
    /// is searched with the whole window and its exact score is pushed on `scored`.
    fn root_pass(
        &mut self,
        root: &R,
        root_moves: &[R::Move],
        depth: u32,
        low: Score,
        high: Score,
        scored: &mut Vec<(R::Move, Score)>,
    ) -> Option<(R::Move, Score)> {
        let side = root.side();
        let d = depth as i32 - 1;
        let exact = self.limits.choice > 0;
        let mut alpha = low;
        let mut best: Option<(R::Move, Score)> = None;
        for (i, &m) in root_moves.iter().enumerate() {
            let (child, child_since) = self.play(root, m, 0);
            let v = if i == 0 || exact {
                self.child(&child, side, d, 1, low, high, child_since)
            } else {
                let v = self.child(&child, side, d, 1, alpha, alpha + 1, child_since);
                if v > alpha && v < high {
                    self.child(&child, side, d, 1, alpha, high, child_since)
                } else {
                    v
                }
            };
            self.path.pop();
            if self.stopped {
                break;
            }
            if exact {
                scored.push((m, v));
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((m, v));
                alpha = alpha.max(v);
            }
            if v >= high {
                break;
            }
        }
        best
    }

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
        if pos.repetition_limit().is_some() && earlier.contains(&now) {
            return Some(0);
        }
        if pos
            .move_rule_plies()
            .is_some_and(|plies| pos.halfmove_clock() >= plies)
        {
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
        let in_check = pos.in_check();
        let pv_node = beta > alpha + 1;
        let may_pass = !std::mem::take(&mut self.after_null);
        // The static evaluation, where a pruning compares it with the window.
        let frontier = pos.frontier_pruning();
        let wants_eval =
            (frontier && depth <= REVERSE_FUTILITY_DEPTH) || (may_pass && depth >= NULL_MOVE_DEPTH);
        let eval = (!in_check && wants_eval).then(|| pos.evaluate());
        if frontier
            && !pv_node
            && depth <= REVERSE_FUTILITY_DEPTH
            && beta.abs() < MATE_BOUND
            && let Some(eval) = eval
            && eval - REVERSE_FUTILITY_MARGIN * depth >= beta
        {
            return eval;
        }
        if may_pass
            && depth >= NULL_MOVE_DEPTH
            && beta.abs() < MATE_BOUND
            && eval.is_some_and(|eval| eval >= beta)
            && let Some(score) = self.null_move_cut(pos, depth, ply, beta)
        {
            return score;
        }
        let mut moves = self.legal_moves(pos);
        let side = pos.side();
        if moves.is_empty() {
            return self.done_with(moves, outcome_score(&pos.without_moves(), side, ply));
        }
        // Frontier nodes hopelessly below alpha try only the moves that may change the material
        // or the king's safety.
        let futile = frontier
            && !pv_node
            && depth <= 2
            && alpha.abs() < MATE_BOUND
            && eval.is_some_and(|eval| eval + FUTILITY_MARGIN[depth.max(0) as usize] <= alpha);
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
                if futile && quiet {
                    self.path.pop();
                    continue;
                }
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

    /// Null-move pruning: where the side to act stands at or above `beta` even before moving
    /// (the caller checks its evaluation), it lets the opponent move twice, searched
    /// `NULL_MOVE_REDUCTION` plies shallower; if that still leaves the score at `beta` or more,
    /// a real move would only do better, and the node is cut without searching its moves.
    /// Returns the cut's score.
    fn null_move_cut(&mut self, pos: &R, depth: i32, ply: usize, beta: Score) -> Option<Score> {
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
        let deepest = qply >= self.limits.quiescence || ply >= MAX_PLY;
        let mut best = -INFINITY;
        if !every_move || deepest {
            let stand = pos.evaluate();
            if stand >= beta || deepest {
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
                    && !pos.losing_capture(m)
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
