//! The exact half of the chain solver: dynamic programming over subsets. For a start piece
//! and the `k` pieces that may share a cycle with it, it records for every subset the pieces
//! a path from the start through exactly that subset can end on, and reads off the largest
//! subset whose path closes back to the start. O(2^k · k) work whatever the graph.
//!
//! Two layouts compute the same table. `scalar` keeps one word of end pieces per subset.
//! `sliced` (used from 7 pieces on) keeps one bit per (subset, end piece) and handles 64
//! subsets that differ in the 6 lowest pieces with each word operation, which is several times
//! faster and reads memory in straight lines.

use super::graph::{DefenceGraph, Work, bits};
use crate::Color;

/// The longest chain through `start` and pieces of `region` only, longer than `beat`.
pub(super) fn longest(
    g: &DefenceGraph,
    start: usize,
    region: u32,
    beat: usize,
    work: &mut Work,
) -> Option<Vec<usize>> {
    if region.count_ones() >= 7 {
        sliced(g, start, region, beat, work)
    } else {
        scalar(g, start, region, beat, work)
    }
}

/// The pieces renumbered 0..k, with arrows among them, from and to the start, and colours.
struct Relabelled {
    verts: Vec<usize>,
    pred: Vec<u32>,
    from_start: u32,
    closes: u32,
    white: u32,
    start_white: bool,
}

fn relabel(g: &DefenceGraph, start: usize, region: u32) -> Relabelled {
    let verts: Vec<usize> = bits(region).collect();
    let mut r = Relabelled {
        pred: vec![0; verts.len()],
        from_start: 0,
        closes: 0,
        white: 0,
        start_white: g.color(start) == Color::White,
        verts: Vec::new(),
    };
    for (i, &v) in verts.iter().enumerate() {
        for (j, &u) in verts.iter().enumerate() {
            if g.defends(u, v) {
                r.pred[i] |= 1 << j;
            }
        }
        if g.defends(start, v) {
            r.from_start |= 1 << i;
        }
        if g.defends(v, start) {
            r.closes |= 1 << i;
        }
        if g.color(v) == Color::White {
            r.white |= 1 << i;
        }
    }
    r.verts = verts;
    r
}

/// The 64 positions of a word whose low 6 bits include piece `v` (v < 6).
const HAS_LOW: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

/// The positions 0..64 whose bits meet `mask`.
fn positions_meeting(mask: u32) -> u64 {
    (0..64u32)
        .filter(|p| p & mask != 0)
        .fold(0, |acc, p| acc | 1 << p)
}

fn sliced(
    g: &DefenceGraph,
    start: usize,
    region: u32,
    beat: usize,
    work: &mut Work,
) -> Option<Vec<usize>> {
    let r = relabel(g, start, region);
    let k = r.verts.len();
    let words = 1usize << (k - 6);
    work.table_cells += 1u64 << k;
    // ends[w * k + v] bit p: a path from the start through exactly the subset
    // (w << 6 | p) can end on piece v.
    let mut ends = vec![0u64; k * words];
    let at_least: [u64; 8] = std::array::from_fn(|t| {
        (0..64u32)
            .filter(|p| p.count_ones() as usize >= t)
            .fold(0, |acc, p| acc | 1 << p)
    });
    let black = !r.white & ((1u32 << k) - 1);
    let low_white = positions_meeting(r.white & 63);
    let low_black = positions_meeting(black & 63);
    let mut best: Option<usize> = None;
    let mut best_len = beat;
    for w in 0..words {
        let high = (w as u32) << 6;
        // Rows of smaller subsets are final; this word's row is being filled.
        let (done, rest) = ends.split_at_mut(w * k);
        let row = &mut rest[..k];
        for v in bits(high) {
            let src = w ^ (1 << (v - 6));
            let src_row = &done[src * k..src * k + k];
            let mut acc = 0u64;
            // Only pieces of the smaller subset can end a path through it.
            for u in bits(r.pred[v] & ((src as u32) << 6 | 63)) {
                acc |= src_row[u];
            }
            if src == 0 && r.from_start >> v & 1 == 1 {
                acc |= 1;
            }
            row[v] = acc;
        }
        // Low pieces extend paths within the word. What the high pieces (final for this word)
        // bring to each is fixed; then repeat until nothing changes (at most one round per
        // low piece, plus one).
        let mut from_high = [0u64; 6];
        let mut low = [0u64; 6];
        for v in 0..6 {
            for u in bits(r.pred[v] & high) {
                from_high[v] |= row[u];
            }
            if w == 0 && r.from_start >> v & 1 == 1 {
                low[v] = 1 << (1 << v);
            }
        }
        loop {
            let mut changed = false;
            for v in 0..6 {
                let mut acc = from_high[v];
                for u in bits(r.pred[v] & 63) {
                    acc |= low[u];
                }
                let new = low[v] | ((acc << (1u32 << v)) & HAS_LOW[v]);
                changed |= new != low[v];
                low[v] = new;
            }
            if !changed {
                break;
            }
        }
        row[..6].copy_from_slice(&low);
        // Subsets whose path closes, large enough to beat the best so far, with both colours.
        let high_size = high.count_ones() as usize;
        let Some(need) = Some(best_len.saturating_sub(high_size)).filter(|&t| t <= 6) else {
            continue;
        };
        let mut closing = 0u64;
        for v in bits(r.closes) {
            closing |= ends[w * k + v];
        }
        closing &= at_least[need];
        if r.start_white && high & black == 0 {
            closing &= low_black;
        }
        if !r.start_white && high & r.white == 0 {
            closing &= low_white;
        }
        if closing == 0 {
            continue;
        }
        let mut p_best = 0u32;
        let mut c = closing;
        while c != 0 {
            let p = c.trailing_zeros();
            c &= c - 1;
            if p.count_ones() > p_best.count_ones() || p_best == 0 {
                p_best = p;
            }
        }
        let set = (w << 6) | p_best as usize;
        best_len = set.count_ones() as usize + 1;
        best = Some(set);
    }
    let mut set = best?;
    let ends_of = |set: usize| -> u32 {
        (0..k).fold(0, |acc, v| {
            acc | (((ends[(set >> 6) * k + v] >> (set & 63)) & 1) as u32) << v
        })
    };
    let mut cur = (ends_of(set) & r.closes).trailing_zeros() as usize;
    let mut backwards = vec![r.verts[cur]];
    loop {
        set &= !(1 << cur);
        if set == 0 {
            break;
        }
        let prev = (ends_of(set) & r.pred[cur]).trailing_zeros() as usize;
        backwards.push(r.verts[prev]);
        cur = prev;
    }
    backwards.push(start);
    backwards.reverse();
    Some(backwards)
}

/// The exact method: for every subset `s` of `region`, `reach[s]` is the set of pieces of `s`
/// on which a path from `start` visiting exactly `s` can end. Bit 31 stands for the empty path.
fn scalar(
    g: &DefenceGraph,
    start: usize,
    region: u32,
    beat: usize,
    work: &mut Work,
) -> Option<Vec<usize>> {
    const START: u32 = 1 << 31;
    let r = relabel(g, start, region);
    let (verts, closes, white, start_white) = (&r.verts, r.closes, r.white, r.start_white);
    let k = verts.len();
    // Bit 31 of a predecessor mask stands for the start itself.
    let pred: Vec<u32> = (0..k)
        .map(|i| r.pred[i] | if r.from_start >> i & 1 == 1 { START } else { 0 })
        .collect();
    let full = if k == 0 { 0 } else { u32::MAX >> (32 - k) };
    let mixed = |set: u32| {
        let has_white = start_white || set & white != 0;
        let has_black = !start_white || set & !white & full != 0;
        has_white && has_black
    };
    work.table_cells += 1u64 << k;
    let mut reach = vec![0u32; 1usize << k];
    reach[0] = START;
    let mut best: Option<(usize, u32, u32)> = None;
    let mut best_len = beat;
    for set in 1..=full as usize {
        let mut ends = 0u32;
        let mut left = set as u32;
        while left != 0 {
            let v = left.trailing_zeros() as usize;
            left &= left - 1;
            ends |= u32::from(pred[v] & reach[set ^ 1 << v] != 0) << v;
        }
        reach[set] = ends;
        let size = set.count_ones() as usize + 1;
        if size > best_len && ends & closes != 0 && size >= 4 && mixed(set as u32) {
            best_len = size;
            best = Some((size, set as u32, ends & closes));
        }
    }
    let (_, mut set, ends) = best?;
    // Walk back from an end that closes the cycle.
    let mut cur = ends.trailing_zeros() as usize;
    let mut backwards = vec![verts[cur]];
    loop {
        set &= !(1 << cur);
        if set == 0 {
            break;
        }
        let prev = (reach[set as usize] & pred[cur]).trailing_zeros() as usize;
        backwards.push(verts[prev]);
        cur = prev;
    }
    backwards.push(start);
    backwards.reverse();
    Some(backwards)
}
