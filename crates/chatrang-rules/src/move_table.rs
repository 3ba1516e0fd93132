//! XBetza atoms laid onto a board: for one piece, one side and one square, the list of rays
//! it may travel. Built once per game and cached, so move generation only walks lists.

use super::{
    Color, Geometry, Square, SquareSet,
    xbetza::{Atom, Betza, Hop, Modes},
};

/// One square a ray can reach, and the squares that must be empty to get there (lame steps).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) struct Step {
    pub(crate) to: Square,
    pub(crate) blocks: [Option<Square>; 2],
}

/// A line of steps from a square, walked in order until a piece stops it.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub(crate) struct Ray {
    pub(crate) steps: Vec<Step>,
    pub(crate) modes: Modes,
    pub(crate) hop: Hop,
    /// Leading steps that must be passed over empty and cannot be landed on (two-leg moves).
    pub(crate) pass_first: u8,
    pub(crate) en_passant: bool,
}

/// Compiles every atom of `betza` for a piece of `color` on `from`. `on_initial_square` says
/// whether `i` atoms apply there (the game decides which squares count as initial).
pub(crate) fn compile(
    betza: &Betza,
    geometry: &Geometry,
    color: Color,
    from: Square,
    on_initial_square: bool,
) -> Vec<Ray> {
    let mut rays = Vec::new();
    for atom in &betza.atoms {
        if atom.initial && !on_initial_square {
            continue;
        }
        compile_atom(atom, geometry, color, from, &mut rays);
    }
    rays
}

fn compile_atom(atom: &Atom, geometry: &Geometry, color: Color, from: Square, out: &mut Vec<Ray>) {
    let flip = color.forward();
    for &(dx, dy) in &atom.directions {
        let (dx, dy) = (dx, dy * flip);
        if let Some(second) = atom.second_leg {
            let Some(first) = step(geometry, from, dx, dy, atom.lame) else {
                continue;
            };
            for &(ex, ey) in &atom.directions {
                let Some(then) = step(geometry, first.to, ex, ey * flip, false) else {
                    continue;
                };
                if then.to != from {
                    out.push(Ray {
                        steps: vec![first, then],
                        modes: second,
                        hop: Hop::None,
                        pass_first: 1,
                        en_passant: false,
                    });
                }
            }
            continue;
        }
        let limit = atom.max_steps.map_or(usize::MAX, usize::from);
        let mut steps = Vec::new();
        let mut at = from;
        while steps.len() < limit {
            let Some(next) = step(geometry, at, dx, dy, atom.lame) else {
                break;
            };
            if next.to == from {
                break; // all the way round a cylinder
            }
            steps.push(next);
            at = next.to;
        }
        if !steps.is_empty() {
            out.push(Ray {
                steps,
                modes: atom.modes,
                hop: atom.hop,
                pass_first: 0,
                en_passant: atom.en_passant,
            });
        }
    }
}

/// One step of (dx, dy) from `at`, with the squares a lame step passes over.
fn step(geometry: &Geometry, at: Square, dx: i8, dy: i8, lame: bool) -> Option<Step> {
    let to = geometry.offset(at, dx, dy)?;
    let mut blocks = [None, None];
    if lame {
        let (ax, ay) = (dx.abs(), dy.abs());
        let (sx, sy) = (dx.signum(), dy.signum());
        if ax == 0 || ay == 0 || ax == ay {
            // Straight lines: every square passed over.
            let n = ax.max(ay);
            for k in 1..n {
                blocks[(k - 1) as usize] = Some(geometry.offset(at, sx * k, sy * k)?);
            }
        } else if ay > ax {
            blocks[0] = Some(geometry.offset(at, 0, sy)?);
        } else {
            blocks[0] = Some(geometry.offset(at, sx, 0)?);
        }
    }
    Some(Step { to, blocks })
}

/// The squares the rays reach on an otherwise empty board (hops find no screen there, so
/// they reach nothing).
pub(crate) fn reach_on_empty_board(rays: &[Ray]) -> SquareSet {
    let mut set = SquareSet::EMPTY;
    for ray in rays {
        if ray.hop != Hop::None {
            continue;
        }
        for step in &ray.steps[ray.pass_first as usize..] {
            set.insert(step.to);
        }
    }
    set
}

/// What must hold for a ray to end a move on one square: whether it may end there on an empty
/// square or on an enemy, and what the board must look like on the way. Only what the move
/// generator really demands is recorded, so two landings that contradict each other can never
/// happen in the same position.
struct Landing {
    to: Square,
    on_empty: bool,
    on_enemy: bool,
    /// Squares that must be empty: those passed over and every lame step's block.
    empty: SquareSet,
    /// Squares that must hold a piece: a grasshopper's hurdle.
    occupied: SquareSet,
    /// A cannon's possible screens: exactly one of them holds a piece. Empty for other rays.
    screens: SquareSet,
}

impl Ray {
    /// The first step the ray may end a move on: a slide lands after its passed-over leading
    /// steps; a hop needs a screen or hurdle, so never lands on its first step.
    fn first_landing(&self) -> usize {
        match self.hop {
            Hop::None => self.pass_first as usize,
            Hop::Cannon | Hop::Grasshopper => 1,
        }
    }

    /// Every square the ray may end a move on, with what it needs to get there.
    fn landings(&self) -> Vec<Landing> {
        let first = self.first_landing();
        // The lame steps' blocks so far, and the squares passed over before this step.
        let mut blocks = SquareSet::EMPTY;
        let mut passed = SquareSet::EMPTY;
        let mut out = Vec::new();
        for (j, step) in self.steps.iter().enumerate() {
            step.blocks.iter().flatten().for_each(|&b| {
                blocks.insert(b);
            });
            if j >= first {
                let (empty, occupied, screens) = match self.hop {
                    Hop::None => (blocks.union(passed), SquareSet::EMPTY, SquareSet::EMPTY),
                    Hop::Cannon => (blocks, SquareSet::EMPTY, passed),
                    Hop::Grasshopper => {
                        let hurdle = SquareSet::EMPTY.with(self.steps[j - 1].to);
                        let empty = blocks.union(passed.difference(hurdle));
                        (empty, hurdle, SquareSet::EMPTY)
                    }
                };
                out.push(Landing {
                    to: step.to,
                    on_empty: self.modes.moves || self.en_passant,
                    on_enemy: self.modes.captures,
                    empty,
                    occupied,
                    screens,
                });
            }
            passed.insert(step.to);
        }
        out
    }
}

impl Landing {
    /// Whether both landings can happen in one position: the same kind of target square, and
    /// no square that one needs empty while the other needs a piece there.
    fn compatible(&self, other: &Landing) -> bool {
        let same_target = (self.on_empty && other.on_empty) || (self.on_enemy && other.on_enemy);
        same_target && !self.contradicts(other) && !other.contradicts(self)
    }

    /// Whether something this landing needs rules out what `other` needs.
    fn contradicts(&self, other: &Landing) -> bool {
        let needs_a_piece_there = !self.occupied.intersection(other.empty).is_empty();
        let screens_all_empty =
            !self.screens.is_empty() && self.screens.difference(other.empty).is_empty();
        needs_a_piece_there || screens_all_empty
    }
}

/// Whether walking all of these rays (one piece on one square) can reach the same square twice
/// in some position, so that a move list built from them must drop repeats. Any two rays count
/// (plain, hopping, two-leg, or the same ray twice); a pair is excused only when its landings
/// provably exclude each other: a move and a capture, or a slide that needs the squares empty
/// where a hop on the same line needs a screen or hurdle (the Grand Rook's `RcpR`).
pub(crate) fn may_reach_twice(rays: &[Ray]) -> bool {
    // Most pieces never land on one square by two rays; a quick look settles those.
    let mut seen = SquareSet::EMPTY;
    let shared = rays
        .iter()
        .flat_map(|r| r.steps.get(r.first_landing()..).unwrap_or(&[]))
        .any(|step| !seen.insert(step.to));
    if !shared {
        return false;
    }
    let mut landings: Vec<Landing> = rays.iter().flat_map(Ray::landings).collect();
    landings.sort_by_key(|l| l.to.index());
    landings.chunk_by(|a, b| a.to == b.to).any(|same| {
        same.iter()
            .enumerate()
            .any(|(i, a)| same[i + 1..].iter().any(|b| a.compatible(b)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reach(betza: &str, files: u8, ranks: u8, from: &str) -> Vec<String> {
        let g = Geometry::rectangle(files, ranks).unwrap();
        let b = Betza::parse(betza).unwrap();
        let rays = compile(&b, &g, Color::White, Square::parse(from).unwrap(), true);
        let mut v: Vec<String> = reach_on_empty_board(&rays)
            .iter()
            .map(|s| s.to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn rook_on_an_empty_16_by_12_board_reaches_26_squares() {
        assert_eq!(reach("R", 16, 12, "d4").len(), 15 + 11);
    }

    #[test]
    fn ranges_limit_riders() {
        assert_eq!(reach("R4", 16, 12, "h6").len(), 16);
        assert_eq!(reach("Q3", 16, 12, "h6").len(), 24);
    }

    #[test]
    fn black_pieces_mirror_forward() {
        let g = Geometry::rectangle(8, 8).unwrap();
        let b = Betza::parse("fW").unwrap();
        let rays = compile(&b, &g, Color::Black, Square::parse("e7").unwrap(), true);
        assert_eq!(rays[0].steps[0].to, Square::parse("e6").unwrap());
    }

    #[test]
    fn lame_knight_blocks_on_the_orthogonal_square() {
        let g = Geometry::rectangle(10, 10).unwrap();
        let b = Betza::parse("nN").unwrap();
        let rays = compile(&b, &g, Color::White, Square::parse("e5").unwrap(), true);
        let up = rays
            .iter()
            .find(|r| r.steps[0].to == Square::parse("f7").unwrap())
            .unwrap();
        assert_eq!(
            up.steps[0].blocks,
            [Some(Square::parse("e6").unwrap()), None]
        );
    }

    #[test]
    fn sorceress_second_legs_never_return_home() {
        let all = reach("KmaK", 16, 12, "h6");
        assert_eq!(all.len(), 24, "{all:?}");
        assert!(!all.contains(&"h6".to_string()));
    }

    /// Whether the piece, from some square of the board, may reach a square twice.
    fn reaches_twice(betza: &str, geometry: &Geometry) -> bool {
        let b = Betza::parse(betza).unwrap();
        geometry.squares().any(|from| {
            let rays = compile(&b, geometry, Color::White, from, true);
            may_reach_twice(&rays)
        })
    }

    #[test]
    fn two_hops_landing_on_one_square_may_repeat() {
        let g = Geometry::rectangle(8, 8).unwrap();
        for betza in ["gRpR3", "pRgR", "gRmgR", "pQgQ", "pRpR", "gQgR"] {
            assert!(reaches_twice(betza, &g), "{betza}");
        }
    }

    #[test]
    fn overlapping_plain_moves_and_two_leg_moves_may_repeat() {
        let g = Geometry::rectangle(8, 8).unwrap();
        for betza in ["WR", "KQ", "KmaK", "mWmaK", "R4cR", "NNN", "fmnDfmR"] {
            assert!(reaches_twice(betza, &g), "{betza}");
        }
    }

    #[test]
    fn moves_that_exclude_each_other_never_repeat() {
        let g = Geometry::rectangle(8, 8).unwrap();
        // Orthodox pieces, a move beside a capture, and a slide beside a hop on its own line
        // (the slide needs the squares empty, the hop a piece among them).
        let pieces = [
            "K",
            "Q",
            "N",
            "KN",
            "R4F",
            "B4W",
            "fmWfceFifmnD",
            "mWcW",
            "mRcpR",
            "RcpR",
            "RgR",
            "QpQ",
            "nNN",
        ];
        for betza in pieces {
            assert!(!reaches_twice(betza, &g), "{betza}");
        }
    }

    #[test]
    fn hops_around_a_cylinder_meet_from_both_sides() {
        let g = Geometry::rectangle(8, 8).unwrap().cylinder();
        assert!(reaches_twice("spR", &g));
        assert!(reaches_twice("sgR", &g));
        assert!(!reaches_twice("spR", &Geometry::rectangle(8, 8).unwrap()));
    }

    #[test]
    fn initial_atoms_apply_only_on_initial_squares() {
        let g = Geometry::rectangle(8, 8).unwrap();
        let b = Betza::parse("fmWifmnD").unwrap();
        let e2 = Square::parse("e2").unwrap();
        assert_eq!(compile(&b, &g, Color::White, e2, true).len(), 2);
        assert_eq!(compile(&b, &g, Color::White, e2, false).len(), 1);
    }
}
