//! The chain solver against a slow brute-force reference, and its worst-case bound on the
//! hardest graphs we can build.

use chatrang_rules::{
    Color,
    catalonia::{
        chain::{DefenceGraph, Solver, Work},
        hard_graphs::adversarial_graphs,
    },
};
use proptest::prelude::*;

/// Every simple cycle, enumerated from its lowest piece without any pruning: the length of
/// the longest one with ≥ 4 pieces and both colours.
fn brute_force_longest(g: &DefenceGraph) -> usize {
    fn walk(g: &DefenceGraph, start: usize, cur: usize, path: &mut Vec<usize>, best: &mut usize) {
        if g.defends(cur, start) && g.is_chain(path) {
            *best = (*best).max(path.len());
        }
        for next in start + 1..g.len() {
            if g.defends(cur, next) && !path.contains(&next) {
                path.push(next);
                walk(g, start, next, path, best);
                path.pop();
            }
        }
    }
    let mut best = 0;
    for start in 0..g.len() {
        walk(g, start, start, &mut vec![start], &mut best);
    }
    best
}

/// Whether some chain passes through `piece`, by enumeration.
fn brute_force_through(g: &DefenceGraph, piece: usize) -> bool {
    fn walk(g: &DefenceGraph, start: usize, cur: usize, path: &mut Vec<usize>) -> bool {
        if g.defends(cur, start) && g.is_chain(path) {
            return true;
        }
        for next in 0..g.len() {
            if g.defends(cur, next) && !path.contains(&next) {
                path.push(next);
                if walk(g, start, next, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    walk(g, piece, piece, &mut vec![piece])
}

fn graph(colors: &[bool], edges: &[Vec<usize>]) -> DefenceGraph {
    let colors: Vec<Color> = colors
        .iter()
        .map(|&w| if w { Color::White } else { Color::Black })
        .collect();
    let mut g = DefenceGraph::new(&colors).unwrap();
    for (from, targets) in edges.iter().enumerate() {
        for &to in targets {
            g.add_edge(from, to % colors.len());
        }
    }
    g
}

/// Random defence graphs: dense up to 9 pieces, sparse (at most 3 arrows out, like most real
/// pieces) up to `max` pieces, so that the brute force stays quick.
fn graphs_up_to(max: usize) -> impl Strategy<Value = DefenceGraph> {
    (4usize..=max).prop_flat_map(|n| {
        let degree = if n <= 9 { n } else { 3 };
        (
            prop::collection::vec(any::<bool>(), n),
            prop::collection::vec(prop::collection::vec(0..n, 0..=degree), n),
        )
            .prop_map(|(colors, edges)| graph(&colors, &edges))
    })
}

fn graphs() -> impl Strategy<Value = DefenceGraph> {
    graphs_up_to(24)
}

fn check(g: &DefenceGraph, solver: Solver) -> Result<(), TestCaseError> {
    let expected = brute_force_longest(g);
    let found = solver.longest(g);
    match found {
        None => prop_assert_eq!(expected, 0),
        Some(cycle) => {
            prop_assert!(g.is_chain(&cycle), "{:?} is not a chain", cycle);
            prop_assert_eq!(cycle.len(), expected);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_solver_finds_the_longest_chain_like_the_brute_force(g in graphs()) {
        check(&g, Solver::default())?;
    }

    #[test]
    fn the_exact_table_alone_agrees_with_the_brute_force(g in graphs_up_to(16)) {
        check(&g, Solver::TABLE_ONLY)?;
    }

    #[test]
    fn the_search_alone_agrees_with_the_brute_force(g in graphs()) {
        check(&g, Solver::SEARCH_ONLY)?;
    }

    #[test]
    fn a_chain_through_a_piece_is_found_exactly_when_one_exists(g in graphs(), piece in 0usize..24) {
        let piece = piece % g.len();
        prop_assert_eq!(
            Solver::default().has_chain_through(&g, piece),
            brute_force_through(&g, piece)
        );
        if let Some(cycle) = Solver::default().longest_through(&g, piece) {
            prop_assert!(g.is_chain(&cycle));
            prop_assert_eq!(cycle[0], piece);
        }
    }
}

#[test]
fn a_loop_of_three_does_not_count() {
    let g = graph(&[true, false, true], &[vec![1], vec![2], vec![0]]);
    assert_eq!(Solver::default().longest(&g), None);
    assert_eq!(Solver::TABLE_ONLY.longest(&g), None);
}

#[test]
fn a_chain_of_one_colour_does_not_count() {
    let g = graph(&[true; 5], &[vec![1], vec![2], vec![3], vec![4], vec![0]]);
    assert_eq!(Solver::default().longest(&g), None);
    let mixed = graph(
        &[true, true, true, true, false],
        &[vec![1], vec![2], vec![3], vec![4], vec![0]],
    );
    assert_eq!(Solver::default().longest(&mixed), Some(vec![0, 1, 2, 3, 4]));
}

#[test]
fn direction_matters_a_chain_may_work_one_way_only() {
    let g = graph(
        &[true, false, true, false],
        &[vec![1], vec![2], vec![3], vec![0]],
    );
    assert_eq!(Solver::default().longest(&g), Some(vec![0, 1, 2, 3]));
    assert!(!g.is_chain(&[3, 2, 1, 0]));
}

#[test]
fn the_fallback_table_takes_over_when_the_search_budget_runs_out() {
    // With a budget of 64 nodes the search gives up on many graphs of 12 pieces; whenever it
    // does, the table must still give the brute force's answer.
    let mut state = 12345u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        state >> 33
    };
    let tiny = Solver {
        budget_divisor: Some(u32::MAX),
    };
    let mut fallbacks = 0;
    for _ in 0..100 {
        let colors: Vec<bool> = (0..12).map(|_| next() % 2 == 0).collect();
        let edges: Vec<Vec<usize>> = (0..12)
            .map(|_| (0..12).filter(|_| next() % 100 < 30).collect())
            .collect();
        let g = graph(&colors, &edges);
        let mut work = Work::default();
        let found = tiny.longest_counted(&g, &mut work);
        assert_eq!(found.map_or(0, |c| c.len()), brute_force_longest(&g));
        if work.table_cells > 0 {
            fallbacks += 1;
        }
    }
    assert!(fallbacks > 0, "the table was never needed");
}

/// The proven bound: for each start piece the search visits at most max(64, 2^k/64) nodes
/// and the table fills at most 2^k cells, k being the pieces after it, so a graph of n pieces
/// costs at most about 2^n · (1 + 1/64) + 64n. On the worst graphs we know, check both the
/// answer and that the work stays inside the bound (a count, not a time).
#[test]
fn the_worst_graphs_we_can_build_stay_within_the_proven_bound() {
    let expected = [
        ("complete 24", 24),
        ("bipartite 13+11", 22),
        ("bipartite 14+10", 20),
        ("bipartite 16+8", 16),
        ("core of 12 with 6 dead-end pairs", 12),
        ("figure eight: cliques of 12 and 11 sharing one piece", 13),
        ("two cliques of 12, two bridges", 24),
    ];
    let bound = (1u64 << 24) + (1 << 24) / 64 + 64 * 24 * 24;
    let graphs = adversarial_graphs();
    assert!(graphs.len() >= 20);
    for (name, g) in &graphs {
        let mut work = Work::default();
        let cycle = Solver::default().longest_counted(g, &mut work);
        assert!(work.total() <= bound, "{name}: {work:?}");
        if let Some(cycle) = &cycle {
            assert!(g.is_chain(cycle), "{name}");
        }
        if let Some((_, length)) = expected.iter().find(|(n, _)| n == name) {
            assert_eq!(cycle.map_or(0, |c| c.len()), *length, "{name}");
        }
    }
}

#[test]
fn the_exact_table_costs_exactly_two_to_the_k_cells_on_a_complete_graph() {
    // 20 pieces all defending each other: the first start piece's table has 2^19 cells, and
    // the chain through all 20 ends the work there.
    let colors: Vec<bool> = (0..20).map(|i| i % 3 == 0).collect();
    let edges: Vec<Vec<usize>> = (0..20).map(|_| (0..20).collect()).collect();
    let g = graph(&colors, &edges);
    let mut work = Work::default();
    let cycle = Solver::TABLE_ONLY.longest_counted(&g, &mut work).unwrap();
    assert_eq!(cycle.len(), 20);
    assert!(g.is_chain(&cycle));
    assert_eq!(work.table_cells, 1 << 19);
    assert_eq!(work.search_nodes, 0);
}
