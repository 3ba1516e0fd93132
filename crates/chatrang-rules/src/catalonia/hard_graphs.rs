//! The hardest defence graphs we know for the chain solver, each with a name: its tests and
//! `chatrang bench catalonia` measure it on them.

use super::{chain::DefenceGraph, dice::Dice};
use crate::Color;

/// The hardest graphs we know for the solver, with a name each: dense, nearly complete,
/// unbalanced bipartite (the longest chain is much shorter than the strongly connected part),
/// a lone black piece among whites, and grid graphs of Gentleman moves.
pub fn adversarial_graphs() -> Vec<(String, DefenceGraph)> {
    let alternating: Vec<Color> = (0..24)
        .map(|i| {
            if i % 2 == 0 {
                Color::White
            } else {
                Color::Black
            }
        })
        .collect();
    let mut out = Vec::new();
    let mut build = |name: String, colors: &[Color], edge: &dyn Fn(usize, usize) -> bool| {
        let mut g = DefenceGraph::new(colors).expect("24 pieces fit");
        for a in 0..colors.len() {
            for b in 0..colors.len() {
                if a != b && edge(a, b) {
                    g.add_edge(a, b);
                }
            }
        }
        out.push((name, g));
    };
    build("complete 24".into(), &alternating, &|_, _| true);
    for (left, right) in [(13, 11), (14, 10), (16, 8)] {
        build(
            format!("bipartite {left}+{right}"),
            &alternating[..left + right],
            &|a, b| (a < left) != (b < left),
        );
    }
    build(
        "bipartite 13+11 one way round, plus back arcs".into(),
        &alternating,
        &|a, b| (a < 13) != (b < 13) && (a < b || (a + b) % 3 == 0),
    );
    let mut lone_black = vec![Color::White; 24];
    lone_black[23] = Color::Black;
    build(
        "23 whites complete, 1 black with 2 arcs in and out".into(),
        &lone_black,
        &|a, b| {
            if a == 23 || b == 23 {
                a + b == 23 + 3 || a + b == 23 + 7
            } else {
                true
            }
        },
    );
    for (name, density) in [
        ("random 50%", 50u64),
        ("random 30%", 30),
        ("random 20%", 20),
        ("random 15%", 15),
        ("random 12%", 12),
        ("random 10%", 10),
    ] {
        for seed in 0..4u64 {
            let hash = move |a: usize, b: usize| {
                let mut d = Dice::new(seed * 1_000 + (a * 24 + b) as u64);
                let roll = (0..3).fold(0u64, |acc, _| acc * 6 + u64::from(d.d6() - 1));
                roll * 100 < density * 216
            };
            build(format!("{name} #{seed}"), &alternating, &hash);
        }
    }
    build("random tournament".into(), &alternating, &|a, b| {
        let (lo, hi) = (a.min(b), a.max(b));
        let mut d = Dice::new((lo * 24 + hi) as u64);
        d.d6().is_multiple_of(2) == (a < b)
    });
    for (files, name) in [(4usize, "Gentleman grid 4×6"), (6, "Gentleman grid 6×4")] {
        build(name.into(), &alternating, &|a, b| {
            let (ax, ay) = ((a % files) as i32, (a / files) as i32);
            let (bx, by) = ((b % files) as i32, (b / files) as i32);
            let (dx, dy) = ((ax - bx).abs(), (ay - by).abs());
            dx.max(dy) == 1 || ((dx == 0 || dy == 0 || dx == dy) && dx.max(dy) == 2)
        });
    }
    // A complete core of 12 with 12 pieces hanging on two core pieces each: the matching
    // covers all 24, yet no chain can use a hanging piece more than ... the search must prove it.
    build(
        "core of 12, 12 hangers on two core pieces".into(),
        &alternating,
        &|a, b| {
            let hang =
                |x: usize, y: usize| x >= 12 && y < 12 && (y == x - 12 || y == (x - 11) % 12);
            (a < 12 && b < 12) || hang(a, b) || hang(b, a)
        },
    );
    // Pairs of pieces hanging on a single core piece: every bound counts them, no chain of
    // more than 12 can use them; only exhausting the core proves it.
    build(
        "core of 12 with 6 dead-end pairs".into(),
        &alternating,
        &|a, b| {
            let anchor = |x: usize| if x < 12 { x } else { (x - 12) / 2 * 2 };
            let pair = |x: usize| (x - 12) / 2;
            match (a < 12, b < 12) {
                (true, true) => true,
                (false, false) => pair(a) == pair(b),
                (true, false) => anchor(b) == a,
                (false, true) => anchor(a) == b,
            }
        },
    );
    build(
        "figure eight: cliques of 12 and 11 sharing one piece".into(),
        &alternating,
        &|a, b| {
            let side = |x: usize| {
                if x == 0 {
                    2
                } else if x <= 12 {
                    0
                } else {
                    1
                }
            };
            side(a) == 2 || side(b) == 2 || side(a) == side(b)
        },
    );
    // Two dense halves joined by few arcs: long chains must cross exactly twice.
    build(
        "two cliques of 12, two bridges".into(),
        &alternating,
        &|a, b| {
            (a < 12) == (b < 12) || (a, b) == (11, 12) || (a, b) == (23, 0) || (a, b) == (5, 17)
        },
    );
    out
}
