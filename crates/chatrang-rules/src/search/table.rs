//! The transposition table: what earlier visits learnt about a position, by its key's hash.

use super::{MATE_BOUND, Score};

/// What a stored score says about the true one.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum Bound {
    Exact,
    /// At least this (the search failed high).
    Lower,
    /// At most this (no move reached alpha).
    Upper,
}

#[derive(Copy, Clone, Debug)]
pub(crate) struct Entry<M> {
    key: u64,
    pub(crate) depth: i32,
    pub(crate) score: Score,
    pub(crate) bound: Bound,
    pub(crate) best: Option<M>,
}

/// A fixed-size table, one entry a slot, replaced when the new search is at least as deep.
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of about `entries` slots (rounded up to a power of two).
    pub(crate) fn new(entries: usize) -> Table<M> {
        let size = entries.max(1).next_power_of_two();
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    pub(crate) fn get(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[key as usize & self.mask]
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores a result. Mate scores are stored relative to this node (`ply` plies from the
    /// root), so that a mate found along one path reads right along another.
    pub(crate) fn put(
        &mut self,
        key: u64,
        depth: i32,
        score: Score,
        bound: Bound,
        best: Option<M>,
        ply: u32,
    ) {
        let slot = &mut self.slots[key as usize & self.mask];
        if let Some(old) = slot
            && old.key == key
            && old.depth > depth
        {
            return;
        }
        *slot = Some(Entry {
            key,
            depth,
            score: to_table(score, ply),
            bound,
            best,
        });
    }
}

fn to_table(score: Score, ply: u32) -> Score {
    match score {
        s if s > MATE_BOUND => s + ply as Score,
        s if s < -MATE_BOUND => s - ply as Score,
        s => s,
    }
}

/// A stored score read back `ply` plies from the root.
pub(crate) fn from_table(score: Score, ply: u32) -> Score {
    match score {
        s if s > MATE_BOUND => s - ply as Score,
        s if s < -MATE_BOUND => s + ply as Score,
        s => s,
    }
}
