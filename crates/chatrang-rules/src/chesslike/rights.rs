//! The bits of a chess-like position's rights (castling, Cataclysm's King's leap): written by
//! the position string, kept by the board, cleared by the variant's castle masks. Their own
//! file so that the board and the variant both read them without reading each other.

/// Castling rights, one bit each.
pub(crate) const WHITE_KINGSIDE: u8 = 1;
pub(crate) const WHITE_QUEENSIDE: u8 = 2;
pub(crate) const BLACK_KINGSIDE: u8 = 4;
pub(crate) const BLACK_QUEENSIDE: u8 = 8;
/// King's leap: the King has not moved.
pub(crate) const WHITE_LEAP: u8 = 16;
pub(crate) const BLACK_LEAP: u8 = 32;
