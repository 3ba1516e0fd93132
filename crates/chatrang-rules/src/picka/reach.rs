//! What a piece can reach on a given board, computed from its compiled rays: the numbers the
//! list rules of `docs/rules.md` §2.2 are about, and a movement fingerprint that tells whether two
//! differently written pieces move the same way.

use crate::{
    Color, Geometry, Square, SquareSet,
    chesslike::PieceType,
    move_table::{self, Ray},
    xbetza::{Betza, Hop},
};

/// The most squares `betza` reaches from one square of an empty board, and the first square
/// (a1, b1, …) where it does. Hops reach nothing on an empty board.
pub(crate) fn most_on_empty_board(betza: &Betza, geometry: &Geometry) -> (usize, Square) {
    let mut best: Option<(usize, Square)> = None;
    for from in geometry.squares() {
        let rays = move_table::compile(betza, geometry, Color::White, from, false);
        let n = move_table::reach_on_empty_board(&rays).len();
        if best.is_none_or(|(b, _)| n > b) {
            best = Some((n, from));
        }
    }
    best.unwrap_or((0, Square::from_index(0)))
}

/// The most squares the piece could move to from one square in some position (a hop counts
/// every square it could land on with a suitable screen), and the first square where it does.
pub(crate) fn most_in_any_position(piece: &PieceType, geometry: &Geometry) -> (usize, Square) {
    let mut best: Option<(usize, Square)> = None;
    for from in geometry.squares() {
        let mut set = SquareSet::EMPTY;
        for ray in piece.rays(geometry, Color::White, from) {
            let first = match ray.hop {
                Hop::None => ray.pass_first as usize,
                Hop::Cannon | Hop::Grasshopper => 1,
            };
            for step in ray.steps.iter().skip(first) {
                set.insert(step.to);
            }
        }
        if best.is_none_or(|(b, _)| set.len() > b) {
            best = Some((set.len(), from));
        }
    }
    best.unwrap_or((0, Square::from_index(0)))
}

/// A move from some square of White's first rank to the last rank that the piece can make in
/// some position where White's first two ranks are full (the rest of the board being anything).
pub(crate) fn first_rank_to_last(
    piece: &PieceType,
    geometry: &Geometry,
) -> Option<(Square, Square)> {
    let full = |s: Square| s.rank() <= 1;
    let last = geometry.ranks() - 1;
    for from in geometry.squares().filter(|s| s.rank() == 0) {
        for ray in piece.rays(geometry, Color::White, from) {
            if let Some(to) = reaches_rank(&ray, last, &full, from) {
                return Some((from, to));
            }
        }
    }
    None
}

/// Walks one ray where the squares `full` says are occupied, all others free to be empty or
/// occupied as the walk needs; returns a landing square on `rank` if one is reachable.
fn reaches_rank(
    ray: &Ray,
    rank: u8,
    full: &impl Fn(Square) -> bool,
    from: Square,
) -> Option<Square> {
    let occupied = |s: Square| s != from && full(s);
    // How many squares before the current step are surely occupied, and the last of them.
    let mut passed = 0;
    let mut last_piece = None;
    for (j, step) in ray.steps.iter().enumerate() {
        if step.blocks.iter().flatten().any(|&b| occupied(b)) {
            return None;
        }
        let landing = match ray.hop {
            Hop::None => j >= ray.pass_first as usize && passed == 0,
            // Exactly one screen before it: the one sure piece, or any square chosen as one.
            Hop::Cannon => j >= 1 && passed <= 1,
            // Just beyond the first piece: all before it empty, the square before a hurdle.
            Hop::Grasshopper => {
                j >= 1 && (passed == 0 || (passed == 1 && last_piece == Some(j - 1)))
            }
        };
        if landing && step.to.rank() == rank {
            return Some(step.to);
        }
        if occupied(step.to) {
            passed += 1;
            last_piece = Some(j);
        }
        let hopeless = match ray.hop {
            Hop::None => passed > 0,
            Hop::Cannon | Hop::Grasshopper => passed > 1,
        };
        if hopeless {
            return None;
        }
    }
    None
}

/// One move shape from one square: where it lands, how (plain, cannon, grasshopper), the
/// squares on the way and, for a grasshopper, the one it leaps over (the last of them).
type MoveKey = (Square, Square, u8, SquareSet, Option<Square>);

/// A fingerprint of how a piece moves on one board: every move shape (sorted, each once) and
/// whether the piece may move and may capture with it.
pub(crate) type Movement = Vec<(MoveKey, (bool, bool))>;

/// A fingerprint of how the piece moves on this board (for White, from every square). Two
/// pieces with equal fingerprints move identically, however their XBetza is written.
///
/// The squares on the way are a set: what a plain move needs (all empty) and what a cannon
/// needs (exactly one occupied) do not depend on their order, and a grasshopper's one square
/// that does (the hurdle) is kept apart. Keys without allocation, sorted once, make this cheap
/// enough to run for every piece of both lists whenever a game with lists is loaded.
pub(crate) fn movement(piece: &PieceType, geometry: &Geometry) -> Movement {
    movement_from(piece, geometry, geometry.squares())
}

/// [`movement`] from some squares only: two pieces whose fingerprints from these squares
/// differ do not move alike, and only the others need comparing from every square.
pub(crate) fn movement_from(
    piece: &PieceType,
    geometry: &Geometry,
    squares: impl IntoIterator<Item = Square>,
) -> Movement {
    let mut shapes: Movement = Vec::new();
    for from in squares {
        for ray in piece.rays(geometry, Color::White, from) {
            let mut passed = SquareSet::EMPTY;
            for (j, step) in ray.steps.iter().enumerate() {
                let (way, hurdle) = match ray.hop {
                    Hop::None => {
                        step.blocks.iter().flatten().for_each(|&b| {
                            passed.insert(b);
                        });
                        let way = passed;
                        passed.insert(step.to);
                        if j < ray.pass_first as usize {
                            continue;
                        }
                        (way, None)
                    }
                    Hop::Cannon | Hop::Grasshopper => {
                        let way = passed;
                        passed.insert(step.to);
                        if j == 0 {
                            continue;
                        }
                        let last = ray.steps[j - 1].to;
                        (way, (ray.hop == Hop::Grasshopper).then_some(last))
                    }
                };
                let key = (from, step.to, ray.hop as u8, way, hurdle);
                shapes.push((key, (ray.modes.moves, ray.modes.captures)));
            }
        }
    }
    shapes.sort_unstable_by_key(|shape| shape.0);
    shapes.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1.0 |= later.1.0;
            kept.1.1 |= later.1.1;
        }
        same
    });
    shapes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(betza: &str) -> PieceType {
        PieceType::new("x", "X", "custom", betza).unwrap()
    }

    fn g(n: u8) -> Geometry {
        Geometry::rectangle(n, n).unwrap()
    }

    #[test]
    fn empty_board_reach_of_a_queen_on_ten_by_ten_is_35() {
        let (n, at) = most_on_empty_board(&Betza::parse("Q").unwrap(), &g(10));
        assert_eq!((n, at.to_string().as_str()), (35, "e5"));
    }

    #[test]
    fn hops_count_in_any_position_but_not_on_an_empty_board() {
        let pao = piece("mRcpR");
        assert_eq!(most_on_empty_board(&pao.betza, &g(8)).0, 14);
        assert_eq!(most_in_any_position(&pao, &g(8)).0, 14);
        let hopper = piece("gQ");
        assert_eq!(most_on_empty_board(&hopper.betza, &g(8)).0, 0);
        assert_eq!(most_in_any_position(&hopper, &g(8)).0, 27 - 8);
    }

    #[test]
    fn the_last_rank_from_the_first_with_two_full_ranks() {
        assert_eq!(first_rank_to_last(&piece("Q"), &g(10)), None);
        assert_eq!(first_rank_to_last(&piece("NN"), &g(10)), None);
        assert_eq!(first_rank_to_last(&piece("gQ"), &g(10)), None);
        let camel_rider = first_rank_to_last(&piece("CC"), &g(10)).unwrap();
        assert_eq!(camel_rider.1.rank(), 9);
        assert!(first_rank_to_last(&piece("CC"), &g(8)).is_none());
        assert!(first_rank_to_last(&piece("mRcpR"), &g(8)).is_some());
        assert!(first_rank_to_last(&piece("pR4"), &g(8)).is_none());
    }

    #[test]
    fn movement_ignores_how_the_xbetza_is_written() {
        let m = |b| movement(&piece(b), &g(8));
        assert_eq!(m("K"), m("WF"));
        assert_eq!(m("W"), m("mWcW"));
        assert_eq!(m("R"), m("WR"));
        assert_ne!(m("R"), m("R4"));
        assert_ne!(m("mRcpR"), m("R"));
        assert_ne!(m("nN"), m("N"));
    }
}
