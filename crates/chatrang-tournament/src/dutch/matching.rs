//! Whether a set of players can all be paired (the completion criterion, C.04.3 article 2.2):
//! a maximum-cardinality matching in a general graph by Edmonds' blossom algorithm, written
//! here from the textbook description (breadth-first alternating trees, odd cycles contracted
//! to their base). Graphs are small (at most a few dozen players), so adjacency is a matrix.

/// The size of a maximum matching of the graph on `n` vertices whose edges are `adjacent`
/// (`adjacent[u][v]`, symmetric).
pub fn maximum_matching(adjacent: &[Vec<bool>]) -> usize {
    let n = adjacent.len();
    let mut mate: Vec<Option<usize>> = vec![None; n];
    // Greedy start.
    for u in 0..n {
        if mate[u].is_none()
            && let Some(v) = (0..n).find(|&v| v != u && mate[v].is_none() && adjacent[u][v])
        {
            mate[u] = Some(v);
            mate[v] = Some(u);
        }
    }
    let mut size = mate.iter().filter(|m| m.is_some()).count() / 2;
    for root in 0..n {
        if mate[root].is_none() && augment(adjacent, &mut mate, root) {
            size += 1;
        }
    }
    size
}

/// Grows an alternating tree from the free vertex `root`; flips the augmenting path found, if
/// any.
fn augment(adjacent: &[Vec<bool>], mate: &mut [Option<usize>], root: usize) -> bool {
    let n = adjacent.len();
    let mut parent: Vec<Option<usize>> = vec![None; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut outer = vec![false; n];
    outer[root] = true;
    let mut queue = std::collections::VecDeque::from([root]);
    while let Some(v) = queue.pop_front() {
        for u in 0..n {
            if !adjacent[v][u] || base[v] == base[u] || mate[v] == Some(u) {
                continue;
            }
            if u == root || mate[u].is_some_and(|m| parent[m].is_some()) {
                // Both ends outer: an odd cycle, contract it.
                let stem = common_base(mate, &parent, &base, v, u);
                let mut in_blossom = vec![false; n];
                mark_path(mate, &mut parent, &base, &mut in_blossom, v, stem, u);
                mark_path(mate, &mut parent, &base, &mut in_blossom, u, stem, v);
                for w in 0..n {
                    if in_blossom[base[w]] {
                        base[w] = stem;
                        if !outer[w] {
                            outer[w] = true;
                            queue.push_back(w);
                        }
                    }
                }
            } else if parent[u].is_none() {
                parent[u] = Some(v);
                match mate[u] {
                    None => {
                        // Augmenting path root … v u: flip it.
                        let mut cur = Some(u);
                        while let Some(x) = cur {
                            let p = parent[x].expect("tree vertex has a parent");
                            let next = mate[p];
                            mate[x] = Some(p);
                            mate[p] = Some(x);
                            cur = next;
                        }
                        return true;
                    }
                    Some(m) => {
                        outer[m] = true;
                        queue.push_back(m);
                    }
                }
            }
        }
    }
    false
}

/// The base of the smallest blossom holding both outer vertices `a` and `b`.
fn common_base(
    mate: &[Option<usize>],
    parent: &[Option<usize>],
    base: &[usize],
    a: usize,
    b: usize,
) -> usize {
    let mut seen = vec![false; mate.len()];
    let mut x = a;
    loop {
        x = base[x];
        seen[x] = true;
        match mate[x] {
            None => break,
            Some(m) => x = parent[m].expect("matched outer vertex hangs from the tree"),
        }
    }
    let mut y = b;
    loop {
        y = base[y];
        if seen[y] {
            return y;
        }
        y = parent[mate[y].expect("non-root outer vertex is matched")]
            .expect("tree vertex has a parent");
    }
}

/// Marks the blossom's vertices on the path from `v` down to `stem`, pointing the inner
/// vertices' parents across the cycle through `child`.
fn mark_path(
    mate: &[Option<usize>],
    parent: &mut [Option<usize>],
    base: &[usize],
    in_blossom: &mut [bool],
    mut v: usize,
    stem: usize,
    mut child: usize,
) {
    while base[v] != stem {
        let m = mate[v].expect("non-base blossom vertex is matched");
        in_blossom[base[v]] = true;
        in_blossom[base[m]] = true;
        parent[v] = Some(child);
        child = m;
        v = parent[m].expect("tree vertex has a parent");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
        let mut g = vec![vec![false; n]; n];
        for &(a, b) in edges {
            g[a][b] = true;
            g[b][a] = true;
        }
        g
    }

    /// Brute force: the largest matching by trying every edge for the first free vertex.
    fn brute(g: &[Vec<bool>], used: &mut Vec<bool>) -> usize {
        let Some(u) = (0..g.len()).find(|&u| !used[u]) else {
            return 0;
        };
        used[u] = true;
        let mut best = brute(g, used);
        for v in 0..g.len() {
            if !used[v] && g[u][v] {
                used[v] = true;
                best = best.max(1 + brute(g, used));
                used[v] = false;
            }
        }
        used[u] = false;
        best
    }

    #[test]
    fn odd_cycle_with_a_tail_is_matched_through_the_blossom() {
        // A triangle 0-1-2 with tails 2-3 and 0-4: perfect matching needs the blossom.
        let g = graph(6, &[(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]);
        assert_eq!(maximum_matching(&g), 3);
    }

    #[test]
    fn agrees_with_brute_force_on_pseudo_random_graphs() {
        let mut seed: u64 = 12345;
        for n in 2..11 {
            for _ in 0..60 {
                let mut edges = Vec::new();
                for a in 0..n {
                    for b in a + 1..n {
                        seed = seed
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        if (seed >> 33).is_multiple_of(3) {
                            edges.push((a, b));
                        }
                    }
                }
                let g = graph(n, &edges);
                let mut used = vec![false; n];
                assert_eq!(maximum_matching(&g), brute(&g, &mut used), "graph {g:?}");
            }
        }
    }
}
