//! The "moves of this piece" view: a position's view with one piece's legal targets marked,
//! built from the game's legal actions so that it shows exactly what may be played.

use chatrang_rules::{Action, BoardView, Mark, Square};

/// `view` with the piece on `from` marked as the origin and every target of the actions that
/// start there marked: a capture where a piece stands, a move elsewhere. A piece that moves
/// along (the second pawn of a two-pawn move, castling's rook) and where it goes are marked as
/// partners, after the piece's own targets so those win a shared square. Marks already in the
/// view are replaced.
pub fn moves_view(view: &BoardView, from: Square, actions: &[Action]) -> BoardView {
    let mut marked = view.clone();
    marked.marks = vec![(from, Mark::Origin)];
    let moves: Vec<_> = actions.iter().filter_map(|a| a.move_of(from)).collect();
    for &(to, _) in &moves {
        let occupied = view.pieces.iter().any(|(s, _)| *s == to);
        mark_once(
            &mut marked,
            to,
            if occupied { Mark::Capture } else { Mark::Move },
        );
    }
    for (partner_from, partner_to) in moves.iter().filter_map(|(_, partner)| *partner) {
        mark_once(&mut marked, partner_from, Mark::Partner);
        mark_once(&mut marked, partner_to, Mark::Partner);
    }
    marked
}

/// Marks a square unless it is marked already.
fn mark_once(view: &mut BoardView, square: Square, mark: Mark) {
    if !view.marks.iter().any(|(s, _)| *s == square) {
        view.marks.push((square, mark));
    }
}
