//! The "moves of this piece" view: a position's view with one piece's legal targets marked,
//! built from the game's legal actions so that it shows exactly what may be played.

use crate::rules::{Action, BoardView, Mark, Square};

/// `view` with the piece on `from` marked as the origin and every target of the actions that
/// start there marked: a capture where a piece stands, a move elsewhere. Marks already in the
/// view are replaced.
pub fn moves_view(view: &BoardView, from: Square, actions: &[Action]) -> BoardView {
    let mut marked = view.clone();
    marked.marks = vec![(from, Mark::Origin)];
    for action in actions.iter().filter(|a| a.from == Some(from)) {
        let Some(to) = action.to else {
            continue;
        };
        if marked.marks.iter().any(|(s, _)| *s == to) {
            continue;
        }
        let occupied = view.pieces.iter().any(|(s, _)| *s == to);
        marked
            .marks
            .push((to, if occupied { Mark::Capture } else { Mark::Move }));
    }
    marked
}
