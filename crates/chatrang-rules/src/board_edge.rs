//! The four edges of a board by compass name, so that a game can have its picture name them
//! (Katarenga's Black chooses a baseline by these names) and the renderer can draw each name
//! beside the right edge whichever side is at the bottom.

/// An edge of the board as White sees it: north is beyond the last rank, south beyond the
/// first, east beyond the last file, west beyond the first.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum BoardEdge {
    /// Beyond the last rank (rank 8 on an 8×8 board).
    North,
    /// Beyond the last file (the h-file on an 8×8 board).
    East,
    /// Beyond the first rank.
    South,
    /// Beyond the first file (the a-file).
    West,
}

impl BoardEdge {
    /// Every edge, clockwise from north.
    pub const ALL: [BoardEdge; 4] = [
        BoardEdge::North,
        BoardEdge::East,
        BoardEdge::South,
        BoardEdge::West,
    ];
}
