//! Who may meet whom in the round being paired, and the questions the completion criterion
//! asks of it: can these players all be paired, who among them could take the bye, how many
//! pairs can they make.

use crate::dutch::matching::maximum_matching;

/// The graph of allowed pairs and who may take the bye, by ranking index.
pub struct Graph {
    /// `compatible[a][b]`: a and b may meet (not met before, colours allow it).
    pub compatible: Vec<Vec<bool>>,
    /// May receive the pairing-allocated bye.
    pub bye_eligible: Vec<bool>,
}

impl Graph {
    /// Whether `players` can all be paired, one of them (bye-eligible) left over when odd.
    pub fn completable(&self, players: &[usize]) -> bool {
        self.completable_with(players, &|x| self.bye_eligible[x])
    }

    /// The same when only players for whom `bye_ok` holds may take the bye.
    pub fn completable_with(&self, players: &[usize], bye_ok: &dyn Fn(usize) -> bool) -> bool {
        let n = players.len();
        let size = n + n % 2;
        let mut adjacent = vec![vec![false; size]; size];
        for i in 0..n {
            for j in 0..n {
                adjacent[i][j] = i != j && self.compatible[players[i]][players[j]];
            }
            if n % 2 == 1 {
                adjacent[i][n] = bye_ok(players[i]);
                adjacent[n][i] = adjacent[i][n];
            }
        }
        maximum_matching(&adjacent) * 2 == size
    }

    /// When `players` can all be paired (one bye-eligible player left over when odd): who can
    /// take that bye (empty when the number is even). `None` when they cannot all be paired.
    pub fn bye_takers(&self, players: &[usize]) -> Option<Vec<usize>> {
        if players.len().is_multiple_of(2) {
            return self.completable(players).then(Vec::new);
        }
        let takers: Vec<usize> = players
            .iter()
            .copied()
            .filter(|&x| {
                self.bye_eligible[x] && {
                    let others: Vec<usize> = players.iter().copied().filter(|&y| y != x).collect();
                    self.completable(&others)
                }
            })
            .collect();
        (!takers.is_empty()).then_some(takers)
    }

    /// The most pairs among `players`.
    pub fn most_pairs(&self, players: &[usize]) -> usize {
        let adjacent: Vec<Vec<bool>> = players
            .iter()
            .map(|&a| {
                players
                    .iter()
                    .map(|&b| a != b && self.compatible[a][b])
                    .collect()
            })
            .collect();
        maximum_matching(&adjacent)
    }

    /// How the next bracket `group` can at best be paired when `group` and `below` are all
    /// paired (one bye-eligible player left over when odd; the completion criterion): the
    /// fewest players of `group` left without a partner from `group`, then, among the ways
    /// to leave that many, the smallest list (largest first) of the `cost` of those left
    /// (0 costs nothing and is not listed). `None` when they cannot all be paired or the
    /// search would take too long.
    pub fn next_bracket(
        &self,
        group: &[usize],
        cost: &[u32],
        below: &[usize],
        bye_ok: &dyn Fn(usize) -> bool,
    ) -> Option<(usize, Vec<u32>)> {
        let n = group.len();
        let mut tried = 0usize;
        // Fewer than the players its own best pairing leaves over is impossible.
        let fewest = n - 2 * self.most_pairs(group);
        for k in (fewest..=n).step_by(2) {
            let mut best: Option<Vec<u32>> = None;
            for_each_subset(n, k, &mut |out: &[usize]| {
                tried += 1;
                if tried > 20_000 {
                    return true;
                }
                let mut costs: Vec<u32> = out.iter().map(|&i| cost[i]).filter(|&c| c > 0).collect();
                costs.sort_unstable_by(|a, b| b.cmp(a));
                if best.as_ref().is_some_and(|b| *b <= costs) {
                    return false;
                }
                let inside: Vec<usize> = (0..n)
                    .filter(|i| !out.contains(i))
                    .map(|i| group[i])
                    .collect();
                if !self.completable_even(&inside) {
                    return false;
                }
                let mut rest: Vec<usize> = out.iter().map(|&i| group[i]).collect();
                rest.extend_from_slice(below);
                if self.completable_with(&rest, bye_ok) {
                    let done = costs.is_empty();
                    best = Some(costs);
                    return done;
                }
                false
            });
            if tried > 20_000 {
                return None;
            }
            if let Some(costs) = best {
                return Some((k, costs));
            }
        }
        None
    }

    /// Whether `players` (an even number) can all be paired among themselves.
    fn completable_even(&self, players: &[usize]) -> bool {
        players.len().is_multiple_of(2) && self.most_pairs(players) * 2 == players.len()
    }
}

/// Calls `f` on every `k`-element subset of `0..n` (lexicographic order) until it returns
/// true.
fn for_each_subset(n: usize, k: usize, f: &mut dyn FnMut(&[usize]) -> bool) {
    if k > n {
        return;
    }
    let mut current: Vec<usize> = (0..k).collect();
    loop {
        if f(&current) {
            return;
        }
        let Some(i) = (0..k).rev().find(|&i| current[i] < n - k + i) else {
            return;
        };
        current[i] += 1;
        for j in i + 1..k {
            current[j] = current[j - 1] + 1;
        }
    }
}
