//! How good a Chromopolis position is for the side to act: unbound material, force on the
//! enemy's pieces (one more unit binds them), danger to the own King (two units bind it and
//! lose the game), bound pieces that may yet be freed, and pawns' advance.

use super::{
    board::{Kind, last_rank, tables},
    game::Chromopolis,
    movegen::Move,
    position::{CELLS, Position},
};
use crate::{Color, search::Evaluate};

/// Unbound value per kind, in the order of [`Kind::ALL`]; the King's is its danger instead.
const VALUE: [i32; 5] = [0, 300, 330, 280, 100];
/// Binding the King wins: what a move that does it gains, for move ordering.
const KING: i32 = 100_000;
/// Penalty by the number of enemy units of force on the own King (0, 1, 2 or more).
const KING_DANGER: [i32; 3] = [0, 70, 500];
/// A bound piece may be freed again: it keeps a little of its worth.
const BOUND: i32 = 30;
/// Per square the side's force reaches: room to bind and to unbind.
const REACH: i32 = 2;
/// Per rank a pawn has advanced.
const ADVANCE: i32 = 12;

fn value(kind: Kind) -> i32 {
    VALUE[kind as usize]
}

fn side_score(pos: &Position, color: Color, own: &[u8; CELLS], enemy: &[u8; CELLS]) -> i32 {
    let mut score = 0;
    for (sq, piece) in pos.unbound().filter(|(_, p)| p.color == color) {
        let pressure = i32::from(enemy[sq.index()]);
        if piece.kind == Kind::King {
            score -= KING_DANGER[pressure.min(2) as usize];
            continue;
        }
        score += value(piece.kind);
        if pressure >= 1 {
            score -= value(piece.kind) / 6;
        }
        if piece.kind == Kind::Pawn {
            let start = last_rank(color.other());
            score += ADVANCE * i32::from(sq.rank().abs_diff(start));
        }
    }
    let bound = pos.bound.iter().filter(|(_, p)| p.color == color).count() as i32;
    let reach = own.iter().filter(|&&f| f > 0).count() as i32;
    score + BOUND * bound + REACH * reach
}

impl Evaluate for Chromopolis {
    fn side(&self) -> Color {
        self.position().side
    }

    fn evaluate(&self) -> i32 {
        let pos = self.position();
        let us = pos.side;
        let ours = pos.force_counts(us);
        let theirs = pos.force_counts(us.other());
        side_score(pos, us, &ours, &theirs) - side_score(pos, us.other(), &theirs, &ours)
    }

    /// A move that binds enemy pieces gains them (the King above all); an unbinding choice
    /// gains the piece freed; a promotion gains its new worth.
    fn capture_gain(&self, m: Move) -> Option<i32> {
        let pos = self.position();
        let us = pos.side;
        match m {
            Move::Unbind { kind, .. } => Some(value(kind)),
            Move::Move {
                from,
                to,
                promotion,
            } => {
                let t = tables();
                let moving = pos.at(from)?.kind;
                let mut force = pos.force_counts(us);
                for s in t.force(us, moving, from).iter() {
                    force[s.index()] -= 1;
                }
                for s in t.force(us, promotion.unwrap_or(moving), to).iter() {
                    force[s.index()] += 1;
                }
                let bound: i32 = pos
                    .unbound()
                    .filter(|(s, p)| p.color != us && *s != to && force[s.index()] >= 2)
                    .map(|(_, p)| {
                        if p.kind == Kind::King {
                            KING
                        } else {
                            value(p.kind)
                        }
                    })
                    .sum();
                let promoted = promotion.map_or(0, |k| value(k) - value(Kind::Pawn));
                (bound > 0 || promoted > 0).then_some(bound + promoted)
            }
        }
    }

    fn history_slot(&self, m: Move) -> usize {
        match m {
            Move::Move { from, to, .. } => from.index() * 256 + to.index(),
            Move::Unbind { square, .. } => square.index(),
        }
    }
}
