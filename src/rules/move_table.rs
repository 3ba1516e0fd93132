//! XBetza atoms laid onto a board: for one piece, one side and one square, the list of rays
//! it may travel. Built once per game and cached, so move generation only walks lists.

use super::{
    Color, Geometry, Square, SquareSet,
    xbetza::{Atom, Betza, Hop, Modes},
};

/// One square a ray can reach, and the squares that must be empty to get there (lame steps).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Step {
    pub to: Square,
    pub blocks: [Option<Square>; 2],
}

/// A line of steps from a square, walked in order until a piece stops it.
#[derive(Clone, Debug, Eq, PartialEq, Hash)]
pub struct Ray {
    pub steps: Vec<Step>,
    pub modes: Modes,
    pub hop: Hop,
    /// Leading steps that must be passed over empty and cannot be landed on (two-leg moves).
    pub pass_first: u8,
    pub en_passant: bool,
}

/// Compiles every atom of `betza` for a piece of `color` on `from`. `on_initial_square` says
/// whether `i` atoms apply there (the game decides which squares count as initial).
pub fn compile(
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
pub fn reach_on_empty_board(rays: &[Ray]) -> SquareSet {
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

    #[test]
    fn initial_atoms_apply_only_on_initial_squares() {
        let g = Geometry::rectangle(8, 8).unwrap();
        let b = Betza::parse("fmWifmnD").unwrap();
        let e2 = Square::parse("e2").unwrap();
        assert_eq!(compile(&b, &g, Color::White, e2, true).len(), 2);
        assert_eq!(compile(&b, &g, Color::White, e2, false).len(), 1);
    }
}
