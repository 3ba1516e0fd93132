//! Legal move filtering with fairy pieces: the engine skips the full test for moves that cannot
//! matter to its royal (the position's pins and hopper lines, read off the attack probes, and
//! royal steps probed without playing them). Here every pseudo-legal move is also tested the
//! slow way, in random positions of Version One, and both must agree, as must perft's count
//! of the last ply: screens appearing or vanishing in front of a Pao, hurdles for a
//! Grasshopper, lame legs.

use chatrang_rules::{
    Color,
    chesslike::{Board, Move, TypeId},
    picka::PickRules,
};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn the_legal_move_shortcut_agrees_with_playing_each_move(
        placed in proptest::collection::vec((0usize..100, 2usize..30, any::<bool>()), 2..20),
        kings in (0usize..100, 0usize..100, 0usize..2),
        black_to_move in any::<bool>(),
    ) {
        let rules = PickRules::version_one();
        let v = &*rules.variant;
        let squares = &v.squares;
        let mut board = Board::empty();
        for &(sq, t, black) in &placed {
            let color = if black { Color::Black } else { Color::White };
            board.set(v, squares[sq], Some((color, t as TypeId)));
        }
        let (wk, bk, royal) = kings;
        prop_assume!(wk != bk);
        board.set(v, squares[wk], Some((Color::White, 0)));
        board.set(v, squares[bk], Some((Color::Black, royal as TypeId)));
        board.side = if black_to_move { Color::Black } else { Color::White };
        let mut legal: Vec<Move> = Vec::new();
        board.legal_moves(v, &mut legal);
        let mut pseudo: Vec<Move> = Vec::new();
        board.pseudo_moves(v, &mut pseudo);
        let slow: Vec<Move> = pseudo
            .into_iter()
            .filter(|&m| board.captures_royal(v, m) || board.leaves_royal_safe(v, m))
            .collect();
        prop_assert_eq!(board.count_legal(v), slow.len() as u64);
        prop_assert_eq!(legal, slow);
    }
}
