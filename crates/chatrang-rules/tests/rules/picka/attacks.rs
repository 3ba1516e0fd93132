//! Check detection agrees with move generation for every fairy piece: a square counts as
//! attacked exactly when some pseudo-legal move of the attacker could capture there. The
//! engine finds attacks by walking reverse probes, so this catches any probe that disagrees
//! with the pieces' own rays (lame steps, hops, one-sided spears and pawns).

use std::sync::{Arc, OnceLock};

use chatrang_rules::{
    ByColor, Color, GameId, Square,
    chesslike::{Board, Move, TypeId, Variant},
    picka::{Army, PickRules, examples::example_list},
};
use proptest::prelude::*;

/// The variant of Version Two with the built-in lists, compiled once for all cases.
fn v2_variant() -> Arc<Variant> {
    static VARIANT: OnceLock<Arc<Variant>> = OnceLock::new();
    VARIANT
        .get_or_init(|| {
            let list =
                |color| Army::parse(example_list(GameId::PickATeamV2, color).unwrap()).unwrap();
            let armies = ByColor::new(list(Color::White), list(Color::Black));
            PickRules::with_armies(GameId::PickATeamV2, armies)
                .unwrap()
                .variant
        })
        .clone()
}

/// Compares attacks and captures on every square not held by the attacker.
fn agree(v: &Variant, placed: &[(usize, usize, bool)]) -> Result<(), TestCaseError> {
    let squares = &v.squares;
    let n_types = v.types().len();
    let mut board = Board::empty();
    for &(sq, t, black) in placed {
        let color = if black { Color::Black } else { Color::White };
        board.set(
            v,
            squares[sq % squares.len()],
            Some((color, (t % n_types) as TypeId)),
        );
    }
    let dummy = v.type_by_symbol("R").unwrap();
    for attacker in Color::ALL {
        for &s in squares {
            let mut b = board.clone();
            match b.piece_at(s) {
                Some((c, _)) if c == attacker => continue,
                Some((_, t)) if !v.piece_type(t).capturable => continue,
                Some(_) => {}
                None => b.set(v, s, Some((attacker.other(), dummy))),
            }
            b.side = attacker;
            let mut moves: Vec<Move> = Vec::new();
            b.pseudo_moves(v, &mut moves);
            let by_moves = moves.iter().any(|m| m.to == s);
            prop_assert_eq!(
                b.attacked(v, s, attacker),
                by_moves,
                "{} attacking {}",
                attacker,
                s
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn version_one_attacks_match_captures(
        placed in proptest::collection::vec((0usize..100, 0usize..30, any::<bool>()), 1..18)
    ) {
        agree(&PickRules::version_one().variant, &placed)?;
    }

    #[test]
    fn version_two_example_attacks_match_captures(
        placed in proptest::collection::vec((0usize..100, 0usize..40, any::<bool>()), 1..18)
    ) {
        agree(&v2_variant(), &placed)?;
    }
}

#[test]
fn a_pao_attacks_only_over_one_screen() {
    let v = PickRules::version_one().variant.clone();
    let sq = |s: &str| Square::parse(s).unwrap();
    let mut board = Board::empty();
    let pao = v.type_by_symbol("C").unwrap();
    let pawn = v.type_by_symbol("P").unwrap();
    board.set(&v, sq("a1"), Some((Color::White, pao)));
    assert!(!board.attacked(&v, sq("a5"), Color::White));
    board.set(&v, sq("a3"), Some((Color::Black, pawn)));
    assert!(board.attacked(&v, sq("a5"), Color::White));
    assert!(!board.attacked(&v, sq("a3"), Color::White));
    board.set(&v, sq("a4"), Some((Color::White, pawn)));
    assert!(!board.attacked(&v, sq("a5"), Color::White));
}
