//! A cheap exchange test for the search: a capture by a piece worth more than its victim,
//! onto a square the enemy attacks once it is taken, most likely loses material. Quiescence
//! leaves such captures out and the move ordering tries them after the good ones. It asks
//! one attack probe of the square (any army's pieces, hoppers included), not a whole
//! exchange sequence: a defended square may still be won by a second attacker, which the
//! main search finds.

use super::{
    attack::Relocation,
    board::Board,
    cell::{cell_color, cell_type},
    moves::{Move, MoveKind},
    variant::Variant,
};

/// Whether `m`, a capture, gives more than it takes at once: its piece is worth more than
/// the victim and the enemy attacks the square after it. Never for promotions, en passant
/// (a pawn takes a pawn), captures of a royal piece or quiet moves.
pub(crate) fn losing_capture(board: &Board, v: &Variant, m: Move) -> bool {
    if m.promotion.is_some() || matches!(m.kind, MoveKind::EnPassant { .. }) {
        return false;
    }
    let (piece, victim) = (board.at(m.from), board.at(m.to));
    if victim == 0 || cell_color(victim) == board.side || v.piece_type(cell_type(victim)).royal {
        return false;
    }
    let value = &v.eval_tables().value;
    if value[cell_type(victim) as usize] >= value[cell_type(piece) as usize] {
        return false;
    }
    let enemy = board.side.other();
    let moved = Relocation {
        from: m.from.index(),
        to: m.to.index(),
        piece,
    };
    board.attacked_after(v, m.to, enemy, moved, board.types_of(v, enemy))
}

#[cfg(test)]
mod tests {
    use crate::{chess, chesslike::position::Position};

    fn losing(fen: &str, uci: &str) -> bool {
        let p = Position::from_text(chess::variant(), fen).expect("a legal position");
        let m = *p
            .legal_moves()
            .iter()
            .find(|m| format!("{}{}", m.from, m.to) == uci)
            .expect("the move is legal");
        super::losing_capture(p.board(), p.variant(), m)
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_and_an_undefended_one_does_not() {
        // The pawn on d5 is defended by the pawn on e6.
        assert!(losing("4k3/8/4p3/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"));
        assert!(!losing("4k3/8/8/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5"));
    }

    #[test]
    fn taking_a_piece_worth_as_much_or_more_never_loses() {
        // A pawn takes a defended Knight; a Rook takes a defended Rook.
        assert!(!losing("4k3/8/4p3/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"));
        assert!(!losing("3rk3/3r4/8/8/8/8/8/3RK3 w - - 0 1", "d1d7"));
    }

    #[test]
    fn a_defender_the_capturer_was_blocking_counts() {
        // The Queen on c6 stands between the Bishop on b5 and the pawn on d7: once it takes,
        // the Bishop's diagonal is open.
        assert!(losing("7k/3p4/2Q5/1b6/8/8/8/4K3 w - - 0 1", "c6d7"));
        assert!(!losing("7k/3p4/2Q5/8/8/8/8/4K3 w - - 0 1", "c6d7"));
    }
}
