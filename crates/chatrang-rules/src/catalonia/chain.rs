//! The chain solver: the exact longest chain of a defence graph, and "is there a chain through
//! this piece". A chain is a directed simple cycle of at least 4 pieces, each defending the
//! next, with at least one piece of each colour.
//!
//! First the graph is cut down: cycles stay inside one strongly connected part and inside one
//! block (2-connected part) of the undirected graph, so each block is solved alone, largest
//! first; pieces with a single neighbour are dropped. Two upper bounds stop the work as soon
//! as a chain reaches them: the block's size and its largest arrow matching (tight on
//! unbalanced bipartite graphs).
//!
//! Then two methods share the work (see `search` and `table`). A depth-first search with
//! strong pruning settles real positions in microseconds. It runs under a node budget of
//! 1/64 of the exact method's table; when the budget runs out, a dynamic programme over
//! subsets (Held–Karp style) finishes the job. That bounds every query by O(2^k · k) simple
//! operations, k being the pieces that can share a cycle with the start (k ≤ 23), whatever
//! the graph; the adversarial test checks the work counts against that bound.

use super::graph::bits;
pub use super::graph::{DefenceGraph, MAX_PIECES, TooManyPieces, Work};
use super::{search::Search, table};

/// How the solver splits its work between the pruned search and the exact table.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Solver {
    /// Search nodes allowed per query, as a fraction of the table's size: the search gives up
    /// after `2^k / budget_divisor` nodes (at least 64). `None` skips the search and always
    /// builds the table (for tests of the exact method).
    pub budget_divisor: Option<u32>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver {
            budget_divisor: Some(64),
        }
    }
}

impl Solver {
    /// Only the dynamic programme, never the search.
    pub const TABLE_ONLY: Solver = Solver {
        budget_divisor: None,
    };
    /// Only the search, without budget (exponential on bad graphs: for tests and benches).
    pub const SEARCH_ONLY: Solver = Solver {
        budget_divisor: Some(0),
    };

    /// The longest chain, as pieces in order (each defends the next, the last the first), or
    /// `None` when there is no chain. Among equally long chains the first found is returned.
    pub fn longest(&self, g: &DefenceGraph) -> Option<Vec<usize>> {
        self.longest_counted(g, &mut Work::default())
    }

    /// [`Solver::longest`], adding its cost to `work`.
    pub fn longest_counted(&self, g: &DefenceGraph, work: &mut Work) -> Option<Vec<usize>> {
        let mut components = Vec::new();
        let mut left = g.all();
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            let comp = g.region(v, g.all()) | 1 << v;
            left &= !comp;
            if comp.count_ones() >= 4 && g.mixed(comp) {
                // A cycle never leaves one block (2-connected part) of the undirected graph.
                components.extend(
                    g.blocks(comp)
                        .into_iter()
                        .filter(|&b| b.count_ones() >= 4 && g.mixed(b)),
                );
            }
        }
        components.sort_by_key(|c| std::cmp::Reverse(c.count_ones()));
        let mut best: Option<Vec<usize>> = None;
        for comp in components {
            let size = comp.count_ones() as usize;
            if size <= best.as_ref().map_or(3, Vec::len) {
                break;
            }
            let ceiling = size.min(g.matching(comp));
            for start in bits(comp) {
                let beat = best.as_ref().map_or(3, Vec::len);
                if beat >= ceiling {
                    break;
                }
                // Each cycle is found from its lowest-numbered piece.
                let later = comp & !((2u32 << start) - 1);
                let region = g.region(start, later);
                if (region.count_ones() as usize) < beat || !g.mixed(region | 1 << start) {
                    continue;
                }
                let local = ceiling.min(g.matching(region | 1 << start));
                if local <= beat {
                    continue;
                }
                if let Some(cycle) = self.best_from(g, start, region, beat, local, false, work) {
                    best = Some(cycle);
                }
            }
        }
        best
    }

    /// Whether `piece` belongs to some chain.
    pub fn has_chain_through(&self, g: &DefenceGraph, piece: usize) -> bool {
        self.chain_through(g, piece, 3, true, &mut Work::default())
            .is_some()
    }

    /// The longest chain through `piece`, starting with it.
    pub fn longest_through(&self, g: &DefenceGraph, piece: usize) -> Option<Vec<usize>> {
        self.chain_through(g, piece, 3, false, &mut Work::default())
    }

    /// A chain through `piece` longer than `beat` pieces (the first found if `first_only`,
    /// else the longest).
    pub(crate) fn chain_through(
        &self,
        g: &DefenceGraph,
        piece: usize,
        beat: usize,
        first_only: bool,
        work: &mut Work,
    ) -> Option<Vec<usize>> {
        if piece >= g.len {
            return None;
        }
        let region = g.region(piece, g.all());
        if (region.count_ones() as usize) < beat || !g.mixed(region | 1 << piece) {
            return None;
        }
        let ceiling = if first_only {
            MAX_PIECES
        } else {
            g.matching(region | 1 << piece)
        };
        self.best_from(g, piece, region, beat, ceiling, first_only, work)
    }

    /// The best chain longer than `beat` through `start` and pieces of `region` only. The
    /// search stops early on reaching `ceiling`, a proven upper bound.
    #[allow(clippy::too_many_arguments)]
    fn best_from(
        &self,
        g: &DefenceGraph,
        start: usize,
        region: u32,
        beat: usize,
        ceiling: usize,
        first_only: bool,
        work: &mut Work,
    ) -> Option<Vec<usize>> {
        let k = region.count_ones();
        let budget = match self.budget_divisor {
            None => return table::longest(g, start, region, beat, work),
            Some(0) => u64::MAX,
            Some(d) => ((1u64 << k) / u64::from(d)).max(64),
        };
        let mut search = Search {
            g,
            start,
            allowed: region,
            best_len: beat,
            best: None,
            path: vec![start],
            nodes: 0,
            budget,
            first_only,
            ceiling,
            stop: false,
            exhausted: false,
        };
        search.dfs(start, 1 << start);
        work.search_nodes += search.nodes;
        if search.exhausted {
            table::longest(g, start, region, beat, work)
        } else {
            search.best
        }
    }
}
