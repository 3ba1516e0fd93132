//! A set of squares as a 256-bit mask: cheap to copy, compare and combine.

use std::fmt;

use super::Square;

/// A set of squares, ordered by its mask (an order with no meaning, but fixed: for sorting).
#[derive(Copy, Clone, Eq, PartialEq, Ord, PartialOrd, Hash, Default)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Whether the square is in the set.
    pub const fn contains(&self, square: Square) -> bool {
        let i = square.index();
        self.0[i >> 6] & (1 << (i & 63)) != 0
    }

    /// Adds the square; true if it was not there.
    pub fn insert(&mut self, square: Square) -> bool {
        let i = square.index();
        let fresh = !self.contains(square);
        self.0[i >> 6] |= 1 << (i & 63);
        fresh
    }

    /// Removes the square.
    pub fn remove(&mut self, square: Square) {
        let i = square.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// The set with the square added.
    pub fn with(mut self, square: Square) -> SquareSet {
        self.insert(square);
        self
    }

    /// How many squares the set holds.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Squares in either set.
    pub fn union(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    /// Squares in both sets.
    pub fn intersection(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    /// Squares in this set but not in the other.
    pub fn difference(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// The squares in index order (rank by rank, file by file).
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros();
                bits &= bits - 1;
                Some(Square::from_index((word as u32 * 64 + bit) as u8))
            })
        })
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
