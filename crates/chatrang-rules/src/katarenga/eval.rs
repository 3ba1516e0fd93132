//! How good a Katarenga position is for the side to move: pawns kept, pawns camped (two win),
//! progress toward the enemy baseline (a pawn standing there may camp next turn) and mobility.

use super::{
    game::Katarenga,
    movegen::{self, Move},
    position::{Phase, Position},
};
use crate::{Color, search::Evaluate};

const PAWN: i32 = 100;
/// A camped pawn is half a win.
const CAMPED: i32 = 450;
/// A pawn on the enemy baseline, ready to camp while a camp is free.
const READY: i32 = 120;
/// Per rank covered, squared: the race toward the camps.
const PROGRESS: i32 = 3;
const MOBILITY: i32 = 3;
/// With two pawns left, one more loss loses the game.
const LAST_PAIR: i32 = 150;

/// One side's total.
fn side_score(pos: &Position, color: Color) -> i32 {
    let camped = pos.camps[color].iter().filter(|&&c| c).count() as i32;
    let target = Position::target_rank(color);
    let camp_free = camped < 2;
    let mut score = camped * CAMPED;
    let mut on_board = 0;
    for (i, cell) in pos.cells.iter().enumerate() {
        if *cell != Some(color) {
            continue;
        }
        on_board += 1;
        let rank = i / 8;
        let covered = rank.abs_diff(7 - target) as i32;
        score += PAWN + PROGRESS * covered * covered;
        if rank == target && camp_free {
            score += READY;
        }
    }
    if on_board + camped == 2 {
        score -= LAST_PAIR;
    }
    score + MOBILITY * movegen::moves_of(pos, color).len() as i32
}

impl Evaluate for Katarenga {
    fn side(&self) -> Color {
        match self.position().phase {
            Phase::ChooseBaseline => Color::Black,
            Phase::Turn(side) => side,
        }
    }

    fn evaluate(&self) -> i32 {
        let pos = self.position();
        if pos.phase == Phase::ChooseBaseline {
            return 0;
        }
        let us = self.side();
        side_score(pos, us) - side_score(pos, us.other())
    }

    /// Captures, and entering a camp (quiescence follows both).
    fn capture_gain(&self, m: Move) -> Option<i32> {
        let pos = self.position();
        match m {
            Move::Step { to, .. } => pos.cells[to as usize]
                .is_some_and(|c| c != self.side())
                .then_some(PAWN),
            Move::Camp { .. } => Some(CAMPED - READY),
            Move::Baseline(_) => None,
        }
    }

    fn history_slot(&self, m: Move) -> usize {
        match m {
            Move::Step { from, to } => usize::from(from) * 64 + usize::from(to),
            Move::Camp { from } => 64 * 64 + usize::from(from),
            Move::Baseline(edge) => 64 * 65 + edge as usize,
        }
    }
}
