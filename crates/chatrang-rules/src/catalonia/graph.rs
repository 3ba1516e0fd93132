//! The defence graph the chain solver works on, and the small pieces its two halves
//! (`search` and `table`) share with it: the piece limit, the bit iterator and the work
//! counts. A leaf of its own so that `chain` uses `search` and `table`, and all three use this.

use crate::Color;

/// The most pieces a graph may hold (Catalonia starts with 24 and never gains any).
pub const MAX_PIECES: usize = 24;

/// A defence graph: pieces numbered `0..len`, an arrow from each piece to every piece it
/// defends, and each piece's colour.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct DefenceGraph {
    pub(super) len: usize,
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

    /// How many pieces the graph holds.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the graph holds no piece.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether `from` defends `to`.
    pub fn defends(&self, from: usize, to: usize) -> bool {
        from < self.len && self.succ[from] >> to & 1 == 1
    }

    pub(crate) fn color(&self, piece: usize) -> Color {
        if self.white >> piece & 1 == 1 {
            Color::White
        } else {
            Color::Black
        }
    }

    pub(super) fn all(&self) -> u32 {
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
    pub(super) fn region(&self, start: usize, allowed: u32) -> u32 {
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
    pub(super) fn blocks(&self, set: u32) -> Vec<u32> {
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
    pub(super) fn matching(&self, set: u32) -> usize {
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
    /// Nodes the pruned search visited.
    pub search_nodes: u64,
    /// Cells the exact table filled.
    pub table_cells: u64,
}

impl Work {
    /// All the work, search and table together.
    pub fn total(self) -> u64 {
        self.search_nodes + self.table_cells
    }
}
