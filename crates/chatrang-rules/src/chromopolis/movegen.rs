//! The Chromopolis turn (`docs/rules.md` §4.4): legal moves, then in order promotion, binding by
//! force from two or more pieces, unbinding, and the owner's choice when several bound pieces
//! on one square qualify.

use super::{
    board::{Kind, Piece, last_rank, tables},
    position::Position,
};
use crate::{Color, Square};

/// One action: a move (with the promotion it requires) or an unbinding choice.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Move {
    Move {
        from: Square,
        to: Square,
        promotion: Option<Kind>,
    },
    /// The side to act frees its bound piece of this kind on this square.
    Unbind { square: Square, kind: Kind },
}

/// What a move did, for descriptions, the 50-move rule and repetition.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct Effect {
    pub(crate) bound: Vec<(Square, Piece)>,
    pub(crate) unbound: Vec<(Square, Piece)>,
    pub(crate) pawn_moved: bool,
}

impl Effect {
    /// Nothing before it can come back: a binding, an unbinding or a pawn move.
    pub(crate) fn irreversible(&self) -> bool {
        self.pawn_moved || !self.bound.is_empty() || !self.unbound.is_empty()
    }
}

/// Every legal action of the side to act (the game being over is the caller's business).
pub(crate) fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    if let Some(&square) = pos.pending.first() {
        for kind in pos.bound_kinds(square, pos.side) {
            out.push(Move::Unbind { square, kind });
        }
        return out;
    }
    let t = tables();
    for (from, piece) in pos.unbound().filter(|(_, p)| p.color == pos.side) {
        for to in t.moves(pos.side, piece.kind, from).iter() {
            if pos.at(to).is_some() {
                continue; // never onto an unbound piece; bound ones do not count
            }
            if piece.kind == Kind::Pawn && to.rank() == last_rank(pos.side) {
                for promotion in Kind::PROMOTIONS {
                    out.push(Move::Move {
                        from,
                        to,
                        promotion: Some(promotion),
                    });
                }
            } else {
                out.push(Move::Move {
                    from,
                    to,
                    promotion: None,
                });
            }
        }
    }
    out
}

/// Plays an action already known to be legal.
pub(crate) fn apply(pos: &mut Position, m: Move) -> Effect {
    let mut effect = Effect::default();
    let side = pos.side;
    match m {
        Move::Move {
            from,
            to,
            promotion,
        } => {
            let Some(mut piece) = pos.at(from) else {
                return effect;
            };
            pos.set(from, None);
            effect.pawn_moved = piece.kind == Kind::Pawn;
            // Step 2, promotion, comes before binding: the new piece's force counts.
            if let Some(kind) = promotion {
                piece.kind = kind;
            }
            pos.set(to, Some(piece));
            bind_and_unbind(pos, side, &mut effect);
            pos.halfmove = if effect.irreversible() || !pos.pending.is_empty() {
                0
            } else {
                pos.halfmove + 1
            };
        }
        Move::Unbind { square, kind } => {
            let piece = Piece { color: side, kind };
            if pos.remove_bound(square, piece) {
                pos.set(square, Some(piece));
                effect.unbound.push((square, piece));
            }
            pos.pending.retain(|&s| s != square);
        }
    }
    if pos.pending.is_empty() {
        pos.side = side.other();
        if side == Color::Black {
            pos.fullmove += 1;
        }
    }
    effect
}

/// Steps 3 and 4 of the turn for the side `side` that has just moved.
fn bind_and_unbind(pos: &mut Position, side: Color, effect: &mut Effect) {
    let mine = pos.force_counts(side);
    // Step 3: every unbound enemy piece under force from two or more of the mover's pieces.
    let victims: Vec<(Square, Piece)> = pos
        .unbound()
        .filter(|&(s, p)| p.color != side && mine[s.index()] >= 2)
        .collect();
    for &(square, piece) in &victims {
        pos.set(square, None);
        pos.add_bound(square, piece);
    }
    effect.bound = victims;
    if pos.bound_king() == Some(side.other()) {
        return; // the game is over; nothing more happens
    }
    // Step 4, judged on the position after step 3: pieces freed now add no force.
    let theirs = pos.force_counts(side.other());
    let mut squares: Vec<Square> = pos
        .bound
        .iter()
        .filter(|(_, p)| p.color == side)
        .map(|&(s, _)| s)
        .collect();
    squares.dedup();
    for square in squares {
        let i = square.index();
        if pos.at(square).is_some() || mine[i] < 2 || theirs[i] > 0 {
            continue;
        }
        match pos.bound_kinds(square, side).as_slice() {
            [kind] => {
                let piece = Piece {
                    color: side,
                    kind: *kind,
                };
                pos.remove_bound(square, piece);
                pos.set(square, Some(piece));
                effect.unbound.push((square, piece));
            }
            _ => pos.pending.push(square),
        }
    }
}
