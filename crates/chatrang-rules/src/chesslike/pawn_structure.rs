//! The pawns' part of the evaluation: passed pawns, doubled pawns and isolated pawns, for
//! any army whose pawn-family pieces move up the files towards promotion.
//!
//! Measured from outside (issue 40), the bot lost long games by slow slides. Before these terms
//! every pawn of a file was worth the same whether or not an enemy pawn could stop it, so the
//! search let passed pawns run and took on doubled and isolated pawns for nothing.

use super::{
    board::Board,
    cell::{cell_color, cell_type},
    piece::TypeId,
    values::EvalTables,
    variant::Variant,
};
use crate::{Color, Square};

/// The middlegame and endgame cost of each pawn beyond the first on a file.
const DOUBLED: (f64, f64) = (10.0, 25.0);
/// The middlegame and endgame cost of a pawn with no friendly pawn on the files beside it.
const ISOLATED: (f64, f64) = (8.0, 15.0);
/// A passed pawn's bonus at its promotion's doorstep, middlegame and endgame; it falls with
/// the cube (middlegame) or square (endgame) of the way still to go, from
/// [`PASSED_BASE`] in the endgame.
const PASSED: (f64, f64) = (150.0, 220.0);
const PASSED_BASE: f64 = 10.0;
/// Files on the largest board.
const FILES: usize = 16;

/// One side's pawns by file: how many, and the lowest and highest rank they stand on.
#[derive(Clone, Copy)]
struct Files {
    count: [u8; FILES],
    lowest: [u8; FILES],
    highest: [u8; FILES],
}

impl Default for Files {
    fn default() -> Self {
        Files {
            count: [0; FILES],
            lowest: [u8::MAX; FILES],
            highest: [0; FILES],
        }
    }
}

/// The pawn terms for both sides (not yet netted), at game phase `phase` (1.0 with every
/// piece on the board, 0.0 with none).
pub(super) fn pawn_terms(board: &Board, v: &Variant, e: &EvalTables, phase: f64) -> [i32; 2] {
    let mut files = [Files::default(); 2];
    let mut pawns: [Option<(Square, Color, TypeId)>; 256] = [None; 256];
    let mut len = 0;
    for &sq in &v.squares {
        let c = board.at(sq);
        if c == 0 || !v.piece_type(cell_type(c)).pawn {
            continue;
        }
        let color = cell_color(c);
        let (f, r) = (usize::from(sq.file()), sq.rank());
        let side = &mut files[color.index()];
        side.count[f] += 1;
        side.lowest[f] = side.lowest[f].min(r);
        side.highest[f] = side.highest[f].max(r);
        pawns[len] = Some((sq, color, cell_type(c)));
        len += 1;
    }
    let mut middlegame = [0.0f64; 2];
    let mut endgame = [0.0f64; 2];
    for color in Color::ALL {
        let own = &files[color.index()];
        for f in 0..FILES {
            let extra = f64::from(own.count[f].saturating_sub(1));
            middlegame[color.index()] -= DOUBLED.0 * extra;
            endgame[color.index()] -= DOUBLED.1 * extra;
        }
    }
    for &(sq, color, t) in pawns[..len].iter().flatten() {
        let (own, enemy) = (&files[color.index()], &files[color.other().index()]);
        let f = usize::from(sq.file());
        let beside = f.saturating_sub(1)..=(f + 1).min(FILES - 1);
        if beside.clone().all(|g| g == f || own.count[g] == 0) {
            middlegame[color.index()] -= ISOLATED.0;
            endgame[color.index()] -= ISOLATED.1;
        }
        let r = sq.rank();
        let passed = beside.clone().all(|g| match color {
            Color::White => enemy.count[g] == 0 || enemy.highest[g] <= r,
            Color::Black => enemy.count[g] == 0 || enemy.lowest[g] >= r,
        });
        if passed && let Some(done) = e.advance(t, color, sq.index()) {
            middlegame[color.index()] += PASSED.0 * done * done * done;
            endgame[color.index()] += PASSED_BASE + PASSED.1 * done * done;
        }
    }
    [0, 1].map(|i| (phase * middlegame[i] + (1.0 - phase) * endgame[i]).round() as i32)
}

#[cfg(test)]
mod tests {
    use crate::{chess, chesslike::Position};

    /// The evaluation for White, whoever is to move.
    fn for_white(fen: &str) -> i32 {
        let p = Position::from_text(chess::variant(), fen).expect("a legal position");
        let score = super::super::eval::evaluate(p.board(), &chess::variant());
        match p.side_to_move() {
            crate::Color::White => score,
            crate::Color::Black => -score,
        }
    }

    #[test]
    fn a_passed_pawn_is_worth_more_than_one_an_enemy_pawn_can_stop() {
        // The same pawns, only Black's moved: on c7 it stops White's d5 pawn; on a7 it does not.
        let stopped = for_white("4k3/2p5/8/3P4/8/8/8/4K3 w - - 0 1");
        let passed = for_white("4k3/p7/8/3P4/8/8/8/4K3 w - - 0 1");
        assert!(passed > stopped + 30, "{passed} against {stopped}");
    }

    #[test]
    fn a_passed_pawn_gains_as_it_nears_promotion() {
        let far = for_white("4k3/8/8/8/8/3P4/8/4K3 w - - 0 1");
        let near = for_white("4k3/8/3P4/8/8/8/8/4K3 w - - 0 1");
        assert!(near > far + 60, "{near} against {far}");
    }

    #[test]
    fn doubled_pawns_cost() {
        let apart = for_white("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        let doubled = for_white("4k3/pp6/8/8/8/1P6/1P6/4K3 w - - 0 1");
        assert!(doubled < apart - 20, "{doubled} against {apart}");
    }

    #[test]
    fn an_isolated_pawn_costs() {
        // Black's pawns on a7, b7 stop both white pawns; White's on a2 and c2 stand alone.
        let together = for_white("4k3/pp1p4/8/8/8/8/PP6/4K3 w - - 0 1");
        let apart = for_white("4k3/pp1p4/8/8/8/8/P1P5/4K3 w - - 0 1");
        assert!(apart < together - 15, "{apart} against {together}");
    }

    #[test]
    fn the_terms_are_the_same_for_both_colours() {
        let white = for_white("4k3/8/8/3P4/8/1P6/1P6/4K3 w - - 0 1");
        let black = for_white("4k3/1p6/1p6/8/3p4/8/8/4K3 b - - 0 1");
        assert_eq!(white, -black);
    }
}
