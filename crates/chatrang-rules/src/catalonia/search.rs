//! The fast half of the chain solver: a depth-first search from one start piece that cuts
//! every branch whose best possible completion cannot beat the best chain found. The bound is
//! the pieces reachable from the end of the path that can also reach back to the start, all
//! avoiding the path. It runs under a node budget; the caller falls back to the exact table
//! when the budget runs out.

use super::graph::{DefenceGraph, MAX_PIECES, bits};

/// The pruned depth-first search from one start piece.
pub(super) struct Search<'a> {
    pub(super) g: &'a DefenceGraph,
    pub(super) start: usize,
    pub(super) allowed: u32,
    pub(super) best_len: usize,
    pub(super) best: Option<Vec<usize>>,
    pub(super) path: Vec<usize>,
    pub(super) nodes: u64,
    pub(super) budget: u64,
    pub(super) first_only: bool,
    pub(super) ceiling: usize,
    pub(super) stop: bool,
    pub(super) exhausted: bool,
}

impl Search<'_> {
    pub(super) fn dfs(&mut self, cur: usize, visited: u32) {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.exhausted = true;
            self.stop = true;
            return;
        }
        let g = self.g;
        let len = self.path.len();
        if g.succ[cur] >> self.start & 1 == 1 && len > self.best_len && len >= 4 && g.mixed(visited)
        {
            self.best_len = len;
            self.best = Some(self.path.clone());
            if self.first_only || len >= self.ceiling {
                self.stop = true;
                return;
            }
        }
        let free = self.allowed & !visited;
        let next = g.succ[cur] & free;
        if next == 0 {
            return;
        }
        // Pieces that can still extend this path and come back to the start.
        let ahead = g.closure(next, free, &g.succ);
        let back = g.closure(g.pred[self.start] & free, free, &g.pred);
        let useful = ahead & back;
        if len + useful.count_ones() as usize <= self.best_len || !g.mixed(visited | useful) {
            return;
        }
        // Most constrained first: finds long cycles early, so the bound bites sooner.
        let mut children = [(0u32, 0usize); MAX_PIECES];
        let mut count = 0;
        for v in bits(next & useful) {
            children[count] = ((g.succ[v] & useful).count_ones(), v);
            count += 1;
        }
        children[..count].sort_unstable();
        for &(_, v) in &children[..count] {
            self.path.push(v);
            self.dfs(v, visited | 1 << v);
            self.path.pop();
            if self.stop {
                return;
            }
        }
    }
}
