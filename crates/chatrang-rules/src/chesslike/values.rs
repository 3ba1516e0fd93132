//! A variant's evaluation tables, the data only: piece values and square bonuses. A leaf, so
//! that the [`super::Variant`] can keep them beside its move tables while the evaluation
//! (which builds them from the variant) stays above it.

use super::piece::TypeId;
use crate::Color;

/// A variant's evaluation tables, computed once per variant.
#[derive(Clone, Debug)]
pub struct EvalTables {
    /// Per type, in centipawns.
    pub(crate) value: Vec<i32>,
    /// Per (type, colour, square index): the square bonus (centralisation, or a pawn's
    /// advance). Royal pieces use [`EvalTables::royal_centre`] instead.
    pub(super) square: Vec<i16>,
    /// Per square index: how central a royal piece stands there (its mobility above average).
    pub(super) royal_centre: Vec<i16>,
    /// Per (colour, square index): where a royal piece stands well while the enemy has its
    /// pieces (on its home rank, towards a wing).
    pub(super) royal_home: Vec<i16>,
    /// Per (type, colour, square index): the middlegame cost of a light piece still at home.
    pub(super) undeveloped: Vec<i16>,
    /// Per (type, colour, square index): how much of its way to promotion a pawn-family
    /// piece there has covered (0.0 to 1.0), negative where it has no promotion.
    pub(super) advance: Vec<f32>,
    /// Non-pawn, non-royal material of both sides at the start, for the game phase.
    pub(super) full_material: i32,
}

impl EvalTables {
    #[inline]
    pub(super) fn square_bonus(&self, t: TypeId, color: Color, sq: usize) -> i32 {
        i32::from(self.square[(t as usize * 2 + color.index()) * 256 + sq])
    }

    #[inline]
    pub(super) fn undeveloped(&self, t: TypeId, color: Color, sq: usize) -> i32 {
        i32::from(self.undeveloped[(t as usize * 2 + color.index()) * 256 + sq])
    }

    /// How far along its way to promotion a pawn-family piece stands, if it promotes.
    #[inline]
    pub(super) fn advance(&self, t: TypeId, color: Color, sq: usize) -> Option<f64> {
        let done = self.advance[(t as usize * 2 + color.index()) * 256 + sq];
        (done >= 0.0).then_some(f64::from(done))
    }

    #[inline]
    pub(super) fn royal_home(&self, color: Color, sq: usize) -> i32 {
        i32::from(self.royal_home[color.index() * 256 + sq])
    }
}
