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
        let n = players.len();
        let size = n + n % 2;
        let mut adjacent = vec![vec![false; size]; size];
        for i in 0..n {
            for j in 0..n {
                adjacent[i][j] = i != j && self.compatible[players[i]][players[j]];
            }
            if n % 2 == 1 {
                adjacent[i][n] = self.bye_eligible[players[i]];
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
}
