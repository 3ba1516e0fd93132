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

use super::{search::Search, table};
use crate::Color;

/// The most pieces a graph may hold (Catalonia starts with 24 and never gains any).
pub const MAX_PIECES: usize = 24;

/// A defence graph: pieces numbered `0..len`, an arrow from each piece to every piece it
/// defends, and each piece's colour.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct DefenceGraph {
    len: usize,
    pub(super) succ: [u32; MAX_PIECES],
    pub(super) pred: [u32; MAX_PIECES],
    white: u32,
}

/// A graph was asked to hold more than [`MAX_PIECES`] pieces.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("a defence graph holds at most {MAX_PIECES} pieces, not {0}")]
pub struct TooManyPieces(pub usize);

impl DefenceGraph {
    /// A graph without arrows whose pieces have these colours, in order.
    pub fn new(colors: &[Color]) -> Result<DefenceGraph, TooManyPieces> {
        if colors.len() > MAX_PIECES {
            return Err(TooManyPieces(colors.len()));
        }
        let white = colors
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == Color::White)
            .fold(0, |m, (i, _)| m | 1 << i);
        Ok(DefenceGraph {
            len: colors.len(),
            white,
            ..DefenceGraph::default()
        })
    }

    /// Says that `from` defends `to`. Loops and pieces out of range are ignored: a piece never
    /// defends itself.
    pub fn add_edge(&mut self, from: usize, to: usize) {
        if from != to && from < self.len && to < self.len {
            self.succ[from] |= 1 << to;
            self.pred[to] |= 1 << from;
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `from` defends `to`.
    pub fn defends(&self, from: usize, to: usize) -> bool {
        from < self.len && self.succ[from] >> to & 1 == 1
    }

    pub fn color(&self, piece: usize) -> Color {
        if self.white >> piece & 1 == 1 {
            Color::White
        } else {
            Color::Black
        }
    }

    fn all(&self) -> u32 {
        if self.len == 32 {
            u32::MAX
        } else {
            (1u32 << self.len) - 1
        }
    }

    /// Whether a set of pieces holds both colours.
    pub(super) fn mixed(&self, set: u32) -> bool {
        set & self.white != 0 && set & !self.white & self.all() != 0
    }

    /// Every piece reachable from `seeds` along arrows (`adj` = succ) or against them
    /// (`adj` = pred), staying inside `within`; the seeds are included.
    pub(super) fn closure(&self, seeds: u32, within: u32, adj: &[u32; MAX_PIECES]) -> u32 {
        let mut seen = seeds;
        let mut frontier = seeds;
        while frontier != 0 {
            let mut next = 0;
            for v in bits(frontier) {
                next |= adj[v];
            }
            next &= within & !seen;
            seen |= next;
            frontier = next;
        }
        seen
    }

    /// The pieces other than `start`, within `allowed`, that may lie on a chain through it:
    /// reachable from it and reaching back, less the pieces whose only neighbour in the set
    /// is one piece (they can only form loops of two).
    fn region(&self, start: usize, allowed: u32) -> u32 {
        let mut within = allowed | 1 << start;
        loop {
            let forward = self.closure(1 << start, within, &self.succ);
            let backward = self.closure(1 << start, within, &self.pred);
            let strong = forward & backward;
            let narrow = bits(strong)
                .filter(|&v| ((self.succ[v] | self.pred[v]) & strong).count_ones() < 2)
                .fold(0, |m, v| m | 1 << v);
            if narrow & 1 << start != 0 {
                return 0;
            }
            if narrow == 0 {
                return strong & !(1 << start);
            }
            within = strong & !narrow;
        }
    }

    /// The blocks (maximal 2-connected parts) of the undirected graph on `set`, by Tarjan's
    /// low-point search. Every cycle lies inside one block, and a piece joining two blocks
    /// (a cut piece) belongs to both.
    fn blocks(&self, set: u32) -> Vec<u32> {
        struct Tarjan<'a> {
            g: &'a DefenceGraph,
            set: u32,
            disc: [u8; MAX_PIECES],
            low: [u8; MAX_PIECES],
            time: u8,
            stack: Vec<usize>,
            out: Vec<u32>,
        }
        impl Tarjan<'_> {
            fn visit(&mut self, u: usize, parent: Option<usize>) {
                self.time += 1;
                self.disc[u] = self.time;
                self.low[u] = self.time;
                self.stack.push(u);
                for v in bits((self.g.succ[u] | self.g.pred[u]) & self.set) {
                    if self.disc[v] == 0 {
                        self.visit(v, Some(u));
                        self.low[u] = self.low[u].min(self.low[v]);
                        if self.low[v] >= self.disc[u] {
                            let mut block = 1u32 << u;
                            while let Some(w) = self.stack.pop() {
                                block |= 1 << w;
                                if w == v {
                                    break;
                                }
                            }
                            self.out.push(block);
                        }
                    } else if Some(v) != parent {
                        self.low[u] = self.low[u].min(self.disc[v]);
                    }
                }
            }
        }
        let mut t = Tarjan {
            g: self,
            set,
            disc: [0; MAX_PIECES],
            low: [0; MAX_PIECES],
            time: 0,
            stack: Vec::new(),
            out: Vec::new(),
        };
        for v in bits(set) {
            if t.disc[v] == 0 {
                t.visit(v, None);
            }
        }
        t.out
    }

    /// The largest matching of arrows, each piece of `set` used at most once as a tail and once
    /// as a head. A chain within `set` is such a matching (one arrow out of and into each of its
    /// pieces), so this bounds the longest chain. It is tight where plain connectivity is not:
    /// on a bipartite graph of 13 + 11 pieces it says 22, not 24.
    fn matching(&self, set: u32) -> usize {
        let mut owner = [u8::MAX; MAX_PIECES];
        bits(set)
            .filter(|&u| self.augment(u, set, &mut owner, &mut 0))
            .count()
    }

    /// Kuhn's augmenting path from tail `u`.
    fn augment(&self, u: usize, set: u32, owner: &mut [u8; MAX_PIECES], seen: &mut u32) -> bool {
        let heads = self.succ[u] & set;
        if let Some(v) = bits(heads).find(|&v| owner[v] == u8::MAX) {
            owner[v] = u as u8;
            return true;
        }
        for v in bits(heads) {
            if *seen >> v & 1 == 1 {
                continue;
            }
            *seen |= 1 << v;
            if self.augment(usize::from(owner[v]), set, owner, seen) {
                owner[v] = u as u8;
                return true;
            }
        }
        false
    }

    /// Whether the pieces in this order form a chain.
    pub fn is_chain(&self, cycle: &[usize]) -> bool {
        let mut set = 0u32;
        for &p in cycle {
            if p >= self.len || set >> p & 1 == 1 {
                return false;
            }
            set |= 1 << p;
        }
        cycle.len() >= 4
            && self.mixed(set)
            && (0..cycle.len()).all(|i| self.defends(cycle[i], cycle[(i + 1) % cycle.len()]))
    }
}

/// The set bits of a mask, lowest first.
pub(super) fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let v = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(v)
    })
}

/// What a query cost: search nodes visited and table cells filled. The bound proven in the
/// tests is on these counts, not on time.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Work {
    pub search_nodes: u64,
    pub table_cells: u64,
}

impl Work {
    pub fn total(self) -> u64 {
        self.search_nodes + self.table_cells
    }
}

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
    pub fn chain_through(
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

/// The longest chain, by the default solver.
pub fn longest_chain(g: &DefenceGraph) -> Option<Vec<usize>> {
    Solver::default().longest(g)
}

/// Whether some chain passes through `piece`, by the default solver.
pub fn has_chain_through(g: &DefenceGraph, piece: usize) -> bool {
    Solver::default().has_chain_through(g, piece)
}
