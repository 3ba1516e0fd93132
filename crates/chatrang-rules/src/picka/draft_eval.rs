//! How good a draft position is for the side picking: the material each side has picked,
//! and whether its weak pieces stand in front of its strong ones.

use super::draft::Draft;
use crate::{
    Color,
    chesslike::cell::{cell_color, cell_type},
};

/// A piece worth less than this belongs in front (rank 2), one worth more behind (rank 1).
const FRONT_LINE: i32 = 250;

/// The picker's material less the opponent's, plus the placement terms.
pub(crate) fn evaluate(d: &Draft) -> i32 {
    let v = &d.rules.variant;
    let values = &v.eval_tables().value;
    let mut score = [0i32; 2];
    for &sq in &v.squares {
        let c = d.board.at(sq);
        if c == 0 {
            continue;
        }
        let (color, t) = (cell_color(c), cell_type(c));
        let value = values[t as usize];
        let in_front = v.geometry().relative_rank(sq, color) >= 1;
        // A quarter of how far the piece is from the line, toward the right rank.
        let placement = (FRONT_LINE - value).clamp(-200, 200) / 4;
        score[color.index()] += value + if in_front { placement } else { -placement };
    }
    let us: Color = d.picker();
    score[us.index()] - score[us.other().index()]
}
