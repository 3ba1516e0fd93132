//! Pairing one bracket (C.04.3 articles 3 and 4): candidates are made in the order the rules
//! prescribe — moved-down players (S1) against residents (S2) in transposition order, then the
//! remainder split into S1 and S2, its transpositions, then its exchanges (fewest players
//! exchanged first, then the smallest difference of the pairing numbers exchanged, then the
//! lowest S1 players and highest S2 players first) — and each is judged by the quality
//! criteria. The first candidate that meets the best conceivable quality is taken; otherwise
//! the best seen (the first among equals), within a budget that keeps a round well under a
//! second. A candidate only counts when the players it leaves over can still all be paired
//! (the completion criterion).
//!
//! The criteria that look at the next bracket (C7: the most pairs there, then the smallest
//! score differences) pair it as the completion criterion allows: the players handed down
//! and the next score group, with everyone below still to be paired and the bye going to the
//! lowest score that can take it (see [`Graph::next_bracket`]).
//!
//! The search is branch and bound: a candidate being built is dropped as soon as the least it
//! could still come to (see [`Context::quality`]) is no better than the best found. When the
//! players below force this bracket to keep fewer pairs than its own players could make, a
//! second search sizes S1 by that number (MaxPairs), as the rules do.

use std::ops::ControlFlow;

use crate::dutch::{
    graph::Graph,
    matching::maximum_matching,
    quality::{Context, Effect, Quality},
};

/// How the next bracket pairs at best: the players left without a partner there and the
/// score differences of those moving on (see [`Graph::next_bracket`]).
type NextBracket = (usize, Vec<u32>);

/// Candidates judged per bracket before settling for the best seen.
const BUDGET: usize = 300_000;

/// Partial candidates looked at per bracket before settling for the best seen.
const NODES: usize = 1_000_000;

/// The chosen pairing of a bracket: its pairs and its downfloaters.
pub struct Choice {
    /// Pairs of ranking indices.
    pub pairs: Vec<(usize, usize)>,
    /// Players left over (moved down, or the bye in the last bracket).
    pub downfloaters: Vec<usize>,
}

struct Search<'a> {
    ctx: &'a Context<'a>,
    graph: &'a Graph,
    rest: &'a [usize],
    bracket_score: u32,
    last: bool,
    ideal: Quality,
    /// The size of the next score group (0 for the last bracket).
    next_group: u32,
    /// Position of each ranking index in the bracket (for `effects`).
    position: Vec<usize>,
    /// The effect of each pair of the bracket, by positions.
    effects: Vec<Effect>,
    size: usize,
    best: Option<(Quality, Choice)>,
    judged: usize,
    /// Partial candidates looked at.
    visited: usize,
    /// The lowest score of a bye-eligible player below this bracket.
    rest_bye_score: Option<u32>,
    /// The pairs the bracket can have once the players below are provided for (MaxPairs):
    /// known after a first search, it sizes S1.
    pairs_cap: Option<usize>,
    /// The colour clashes forced among a set of open players (by bit set of ranking indices).
    clash_cache: std::collections::HashMap<u128, u32>,
    /// How the next bracket can be paired (see [`Graph::next_bracket`]), by this bracket's
    /// downfloaters and the bye's score.
    next_cache: std::collections::HashMap<(Vec<usize>, u32), Option<NextBracket>>,
    /// [`Search::single_left`] by player.
    single_cache: std::collections::HashMap<usize, u32>,
}

impl Search<'_> {
    fn quality(&self, pairs: &[(usize, usize)], downfloaters: &[usize], open: &[usize]) -> Quality {
        let effects =
            |a: usize, b: usize| self.effects[self.position[a] * self.size + self.position[b]];
        self.ctx
            .quality(&effects, pairs, downfloaters, open, self.bracket_score)
    }

    /// Whether nothing built on this start can beat the best so far.
    fn hopeless(
        &mut self,
        pairs: &[(usize, usize)],
        downfloaters: &[usize],
        open: &[usize],
    ) -> bool {
        self.visited += 1;
        if self.visited > NODES {
            return true;
        }
        if self.best.is_none() {
            return false;
        }
        let mut q = self.quality(pairs, downfloaters, open);
        // The players left over here and the next score group can at best all be paired
        // there but one.
        if q.unpaired > 0 && !self.rest.is_empty() {
            q.next_left = (q.unpaired + self.next_group) % 2;
            // A single leftover: at least the least any one of them could leave there.
            if q.unpaired == 1 {
                let candidates = if downfloaters.is_empty() {
                    open
                } else {
                    downfloaters
                };
                let least = candidates
                    .iter()
                    .map(|&x| self.single_left(x))
                    .min()
                    .unwrap_or(0);
                q.next_left = q.next_left.max(least);
            }
        }
        // The bye (when there is one) goes to an eligible player not yet paired: no lower
        // than the lowest such score.
        if (downfloaters.len() + open.len() + self.rest.len()) % 2 == 1 {
            let eligible = downfloaters
                .iter()
                .chain(open)
                .filter(|&&x| self.graph.bye_eligible[x]);
            let here = eligible.map(|&x| self.ctx.players[x].score).min();
            q.bye_score = here
                .into_iter()
                .chain(self.rest_bye_score)
                .min()
                .unwrap_or(0);
        }
        let Some((best, _)) = &self.best else {
            return false;
        };
        if q >= *best {
            return true;
        }
        if open.len() >= 4 {
            // A sharper bound: pairs whose colours clash are at least the pairs the open
            // players cannot form among colour-agreeing, compatible partners.
            let key = open.iter().fold(0u128, |k, &x| k | (1u128 << (x % 128)));
            let ctx = self.ctx;
            let graph = self.graph;
            let clashes = *self.clash_cache.entry(key).or_insert_with(|| {
                let adjacent: Vec<Vec<bool>> = open
                    .iter()
                    .map(|&a| {
                        open.iter()
                            .map(|&b| a != b && graph.compatible[a][b] && ctx.colours_agree(a, b))
                            .collect()
                    })
                    .collect();
                (open.len() / 2 - maximum_matching(&adjacent)) as u32
            });
            let cheap = ctx.open_colour_bound(open);
            if clashes > cheap {
                q.colour_missed += clashes - cheap;
                return q >= *best;
            }
        }
        false
    }

    /// The fewest players the next bracket leaves without a partner there when `x` alone
    /// moves down to it (the bye going to anyone who may take it: a lower bound).
    fn single_left(&mut self, x: usize) -> u32 {
        if let Some(&left) = self.single_cache.get(&x) {
            return left;
        }
        let group = self.next_group as usize;
        let mut next = vec![x];
        next.extend_from_slice(&self.rest[..group]);
        let cost = vec![0; next.len()];
        let graph = self.graph;
        let left = graph
            .next_bracket(&next, &cost, &self.rest[group..], &|y| {
                graph.bye_eligible[y]
            })
            .map_or(next.len() % 2, |(left, _)| left) as u32;
        self.single_cache.insert(x, left);
        left
    }

    /// Judges one candidate; breaks when it is ideal or the budget is spent.
    fn judge(&mut self, pairs: &[(usize, usize)], downfloaters: &[usize]) -> ControlFlow<()> {
        self.judged += 1;
        if self.last && downfloaters.len() > 1 {
            return self.budget();
        }
        let mut q = self.quality(pairs, downfloaters, &[]);
        let mut left: Vec<usize> = downfloaters.to_vec();
        left.extend_from_slice(self.rest);
        // Cheap first: the bye's score can be no lower than the lowest eligible score left.
        if left.len() % 2 == 1 {
            let eligible = left.iter().filter(|&&x| self.graph.bye_eligible[x]);
            q.bye_score = eligible
                .map(|&x| self.ctx.players[x].score)
                .min()
                .unwrap_or(0);
        }
        if self.best.as_ref().is_some_and(|(b, _)| *b <= q) {
            return self.budget();
        }
        let Some(takers) = self.graph.bye_takers(&left) else {
            return self.budget();
        };
        q.bye_score = takers
            .iter()
            .map(|&t| self.ctx.players[t].score)
            .min()
            .unwrap_or(0);
        // C9 counts when this bracket's single leftover is the only one who can take the bye.
        if let ([d], [t]) = (downfloaters, takers.as_slice())
            && d == t
        {
            q.bye_unplayed = self.ctx.players[*d].unplayed;
        }
        if self.best.as_ref().is_some_and(|(b, _)| *b <= q) {
            return self.budget();
        }
        if let Some(&first) = self.rest.first()
            && !downfloaters.is_empty()
        {
            let group = self.ctx.players[first].score;
            let residents: Vec<usize> = self
                .rest
                .iter()
                .copied()
                .take_while(|&x| self.ctx.players[x].score == group)
                .collect();
            let mut next: Vec<usize> = downfloaters.to_vec();
            next.extend(&residents);
            let cost: Vec<u32> = next
                .iter()
                .map(|&x| {
                    let score = self.ctx.players[x].score;
                    if score > group { score + 2 - group } else { 0 }
                })
                .collect();
            let below = &self.rest[residents.len()..];
            // The next bracket is paired as the bye allows: it goes to a player of the lowest
            // score that can take it.
            let bye_score = q.bye_score;
            let bye_ok =
                |x: usize| self.graph.bye_eligible[x] && self.ctx.players[x].score <= bye_score;
            let key = (downfloaters.to_vec(), bye_score);
            let graph = self.graph;
            let found = self
                .next_cache
                .entry(key)
                .or_insert_with(|| graph.next_bracket(&next, &cost, below, &bye_ok))
                .clone();
            match found {
                Some((left, costs)) => {
                    q.next_left = left as u32;
                    q.next_differences = costs;
                }
                None => {
                    q.next_left = (next.len() - 2 * self.graph.most_pairs(&next)) as u32;
                }
            }
            if self.best.as_ref().is_some_and(|(b, _)| *b <= q) {
                return self.budget();
            }
        }
        let ideal = q <= self.ideal;
        self.best = Some((
            q,
            Choice {
                pairs: pairs.to_vec(),
                downfloaters: downfloaters.to_vec(),
            },
        ));
        if ideal {
            ControlFlow::Break(())
        } else {
            self.budget()
        }
    }

    fn budget(&self) -> ControlFlow<()> {
        if self.judged >= BUDGET {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// Moved-down players from `i` on pick residents in order (or stay for the remainder).
    fn movers(
        &mut self,
        mdps: &[usize],
        i: usize,
        free: &mut Vec<bool>,
        residents: &[usize],
        pairs: &mut Vec<(usize, usize)>,
        skipped: &mut Vec<usize>,
    ) -> ControlFlow<()> {
        let mut open: Vec<usize> = skipped.clone();
        open.extend_from_slice(&mdps[i..]);
        open.extend(
            residents
                .iter()
                .zip(free.iter())
                .filter(|(_, f)| **f)
                .map(|(r, _)| *r),
        );
        if self.hopeless(pairs, &[], &open) {
            return ControlFlow::Continue(());
        }
        if i == mdps.len() {
            let mut remainder: Vec<usize> = skipped.clone();
            remainder.extend(
                residents
                    .iter()
                    .zip(free.iter())
                    .filter(|(_, f)| **f)
                    .map(|(r, _)| *r),
            );
            remainder.sort_unstable();
            return self.homogeneous(&remainder, pairs);
        }
        let m = mdps[i];
        for (k, &r) in residents.iter().enumerate() {
            if free[k] && self.graph.compatible[m][r] {
                free[k] = false;
                pairs.push((m, r));
                let flow = self.movers(mdps, i + 1, free, residents, pairs, skipped);
                pairs.pop();
                free[k] = true;
                flow?;
            }
        }
        skipped.push(m);
        let flow = self.movers(mdps, i + 1, free, residents, pairs, skipped);
        skipped.pop();
        flow
    }

    /// The remainder: S1 the top players, as many as there can be pairs, S2 the rest;
    /// transpositions, then exchanges.
    fn homogeneous(
        &mut self,
        players: &[usize],
        prefix: &mut Vec<(usize, usize)>,
    ) -> ControlFlow<()> {
        // S1 holds as many players as there can be pairs (article 3: MaxPairs).
        let mut half = self.graph.most_pairs(players);
        if let Some(cap) = self.pairs_cap {
            half = half.min(cap.saturating_sub(prefix.len()));
        }
        let (s1, s2) = players.split_at(half);
        self.transpositions(s1, s2, prefix)?;
        for k in 1..=half.min(s2.len()) {
            if self.hopeless(prefix, &[], players) {
                return ControlFlow::Continue(());
            }
            let mut swaps: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            'all: for a in combinations(half, k) {
                for b in combinations(s2.len(), k) {
                    swaps.push((a.clone(), b));
                    if swaps.len() > BUDGET {
                        break 'all;
                    }
                }
            }
            // Positions in the bracket (BSN) are indices into `players`.
            swaps.sort_by_cached_key(|(a, b)| {
                let sa: usize = a.iter().sum();
                let sb: usize = b.iter().map(|x| x + half).sum();
                let mut high: Vec<usize> = a.clone();
                high.sort_unstable_by(|x, y| y.cmp(x));
                (sb - sa, std::cmp::Reverse(high), b.clone())
            });
            for (a, b) in swaps {
                let mut new1: Vec<usize> = (0..half)
                    .filter(|i| !a.contains(i))
                    .map(|i| s1[i])
                    .collect();
                new1.extend(b.iter().map(|&j| s2[j]));
                let mut new2: Vec<usize> = (0..s2.len())
                    .filter(|j| !b.contains(j))
                    .map(|j| s2[j])
                    .collect();
                new2.extend(a.iter().map(|&i| s1[i]));
                new1.sort_unstable();
                new2.sort_unstable();
                self.transpositions(&new1, &new2, prefix)?;
            }
        }
        ControlFlow::Continue(())
    }

    fn transpositions(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        prefix: &mut Vec<(usize, usize)>,
    ) -> ControlFlow<()> {
        let mut used = vec![false; s2.len()];
        let mut left = Vec::new();
        self.transpose(s1, s2, 0, &mut used, prefix, &mut left)
    }

    fn transpose(
        &mut self,
        s1: &[usize],
        s2: &[usize],
        i: usize,
        used: &mut Vec<bool>,
        pairs: &mut Vec<(usize, usize)>,
        left: &mut Vec<usize>,
    ) -> ControlFlow<()> {
        if i == s1.len() {
            let mut down: Vec<usize> = left.clone();
            down.extend(
                s2.iter()
                    .zip(used.iter())
                    .filter(|(_, u)| !**u)
                    .map(|(p, _)| *p),
            );
            down.sort_unstable();
            // Candidates already beaten (mostly: the last S1 player left over) are not judged,
            // so that they do not use up the budget.
            if self.hopeless(pairs, &down, &[]) {
                return ControlFlow::Continue(());
            }
            return self.judge(pairs, &down);
        }
        let mut open: Vec<usize> = s1[i..].to_vec();
        open.extend(
            s2.iter()
                .zip(used.iter())
                .filter(|(_, u)| !**u)
                .map(|(p, _)| *p),
        );
        if self.hopeless(pairs, left, &open) {
            return ControlFlow::Continue(());
        }
        for j in 0..s2.len() {
            if !used[j] && self.graph.compatible[s1[i]][s2[j]] {
                used[j] = true;
                pairs.push((s1[i], s2[j]));
                let flow = self.transpose(s1, s2, i + 1, used, pairs, left);
                pairs.pop();
                used[j] = false;
                flow?;
            }
        }
        left.push(s1[i]);
        let flow = self.transpose(s1, s2, i + 1, used, pairs, left);
        left.pop();
        flow
    }
}

/// All `k`-element subsets of `0..n`, in lexicographic order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..k).collect();
    if k > n {
        return out;
    }
    loop {
        out.push(current.clone());
        if out.len() > BUDGET {
            return out;
        }
        let Some(i) = (0..k).rev().find(|&i| current[i] < n - k + i) else {
            return out;
        };
        current[i] += 1;
        for j in i + 1..k {
            current[j] = current[j - 1] + 1;
        }
    }
}

/// Pairs one bracket: `mdps` moved down from above, `residents` of its score group, `rest`
/// the players of the brackets below. `None` when no candidate lets the round be completed.
pub fn pair_bracket(
    ctx: &Context,
    graph: &Graph,
    mdps: &[usize],
    residents: &[usize],
    rest: &[usize],
) -> Option<Choice> {
    let bracket_score = residents
        .first()
        .or(mdps.last())
        .map_or(0, |&r| ctx.players[r].score);
    let last = rest.is_empty();
    let mut all: Vec<usize> = mdps.to_vec();
    all.extend_from_slice(residents);
    let ideal = ideal(ctx, graph, mdps, residents, rest, bracket_score);
    let mut position = vec![usize::MAX; ctx.players.len()];
    for (i, &x) in all.iter().enumerate() {
        position[x] = i;
    }
    let size = all.len();
    let mut effects = vec![Effect::default(); size * size];
    for (i, &a) in all.iter().enumerate() {
        for (j, &b) in all.iter().enumerate() {
            if i != j {
                effects[i * size + j] = ctx.pair_effect(a, b);
            }
        }
    }
    let mut search = Search {
        ctx,
        graph,
        rest,
        bracket_score,
        last,
        ideal,
        next_group: rest
            .iter()
            .take_while(|&&x| ctx.players[x].score == ctx.players[rest[0]].score)
            .count() as u32,
        position,
        effects,
        size,
        best: None,
        judged: 0,
        visited: 0,
        rest_bye_score: rest
            .iter()
            .filter(|&&x| graph.bye_eligible[x])
            .map(|&x| ctx.players[x].score)
            .min(),
        pairs_cap: None,
        clash_cache: Default::default(),
        next_cache: Default::default(),
        single_cache: Default::default(),
    };
    let mut free = vec![true; residents.len()];
    let _ = search.movers(
        mdps,
        0,
        &mut free,
        residents,
        &mut Vec::new(),
        &mut Vec::new(),
    );
    // When the players below take some of this bracket's players, MaxPairs is smaller than
    // the bracket's own matching: search again with S1 that size, so that the candidates come
    // in the order the rules give them.
    if let Some((q, _)) = &search.best {
        let pairs = (all.len() - q.unpaired as usize) / 2;
        if pairs < graph.most_pairs(&all) {
            search.pairs_cap = Some(pairs);
            search.best = None;
            search.judged = 0;
            search.visited = 0;
            let _ = search.movers(
                mdps,
                0,
                &mut free,
                residents,
                &mut Vec::new(),
                &mut Vec::new(),
            );
        }
    }
    search.best.map(|(_, choice)| choice)
}

/// The best quality a bracket could conceivably have: the most pairs, moved-down players
/// paired with residents, colour preferences met as far as their numbers allow, no repeated
/// float a moved-down player does not already carry.
fn ideal(
    ctx: &Context,
    graph: &Graph,
    mdps: &[usize],
    residents: &[usize],
    rest: &[usize],
    bracket_score: u32,
) -> Quality {
    let mut all: Vec<usize> = mdps.to_vec();
    all.extend_from_slice(residents);
    let odd = (all.len() + rest.len()) % 2 == 1;
    let pairs = graph.most_pairs(&all);
    let unpaired = all.len() - 2 * pairs;
    let paired_mdps = mdps.len().min(pairs);
    let mut differences: Vec<u32> = Vec::new();
    for &m in &mdps[..paired_mdps] {
        differences.push(ctx.players[m].score - bracket_score);
    }
    for &m in &mdps[paired_mdps..] {
        differences.push(ctx.players[m].score + 2 - bracket_score);
    }
    let resident_down = unpaired.saturating_sub(mdps.len() - paired_mdps);
    differences.extend(std::iter::repeat_n(2, resident_down));
    differences.extend(std::iter::repeat_n(0, pairs - paired_mdps));
    differences.sort_unstable_by(|a, b| b.cmp(a));
    let (mut white, mut black, mut none) = (0i64, 0i64, 0i64);
    for &x in &all {
        match crate::dutch::colour::preference(&ctx.players[x]) {
            Some(p) if p.colour == crate::model::Colour::White => white += 1,
            Some(_) => black += 1,
            None => none += 1,
        }
    }
    let colour_missed = (((white - black).abs() - none - unpaired as i64).max(0) / 2) as u32;
    let carried = |slot: usize| {
        mdps.iter()
            .filter(|&&m| ctx.players[m].floats[slot] == Some(crate::dutch::state::Float::Down))
            .count() as u32
    };
    // C9 only counts when this bracket settles the bye; a lower bound is then the fewest
    // unplayed rounds of an eligible player in the bracket, and 0 otherwise.
    let bye_unplayed = if odd && rest.is_empty() {
        all.iter()
            .filter(|&&x| graph.bye_eligible[x])
            .map(|&x| ctx.players[x].unplayed)
            .min()
            .unwrap_or(0)
    } else {
        0
    };
    Quality {
        unpaired: unpaired as u32,
        score_differences: differences,
        bye_score: if odd {
            all.iter()
                .chain(rest)
                .filter(|&&x| graph.bye_eligible[x])
                .map(|&x| ctx.players[x].score)
                .min()
                .unwrap_or(0)
        } else {
            0
        },
        // The next bracket's players (those left over here and its score group) can all be
        // paired there at best up to one.
        next_left: if unpaired > 0 && !rest.is_empty() {
            let group = ctx.players[rest[0]].score;
            let residents = rest
                .iter()
                .take_while(|&&x| ctx.players[x].score == group)
                .count();
            ((unpaired + residents) % 2) as u32
        } else {
            0
        },
        next_differences: Vec::new(),
        bye_unplayed,
        topscorer_difference: 0,
        topscorer_repeat: 0,
        colour_missed,
        strong_missed: ctx.bound_leaving(&all, crate::dutch::colour::Strength::Strong, unpaired),
        down_again: carried(0),
        up_again: 0,
        down_two_ago: carried(1),
        up_two_ago: 0,
        repeat_differences: Default::default(),
    }
}
