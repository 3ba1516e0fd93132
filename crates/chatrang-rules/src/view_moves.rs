//! Moves made on a picture rather than on a game: a review draws a line that was not played
//! (Catalonia's better moves of a turn) on the board where it would have been.

use crate::{BoardView, Square};

impl BoardView {
    /// The picture with each `(from, to)` move made in turn (the piece on `from` taken to
    /// `to`, anything there before removed), for a picture of moves not played: a review's
    /// better line. Moves from an empty square change nothing.
    pub fn with_moves_made(mut self, moves: &[(Square, Square)]) -> BoardView {
        for &(from, to) in moves {
            if from == to || !self.pieces.iter().any(|(s, _)| *s == from) {
                continue;
            }
            self.pieces.retain(|(s, _)| *s != to);
            for piece in self.pieces.iter_mut().filter(|(s, _)| *s == from) {
                piece.0 = to;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, PieceView};

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn moves_made_on_a_picture_carry_the_piece_and_remove_what_was_there() {
        let piece = |color: Color| PieceView {
            kind: "rook".into(),
            name: "Rook".into(),
            symbol: "R".into(),
            color,
            bound: false,
        };
        let view = BoardView {
            pieces: vec![
                (square("a1"), piece(Color::White)),
                (square("a8"), piece(Color::Black)),
            ],
            ..BoardView::default()
        };
        let after =
            view.with_moves_made(&[(square("a1"), square("a8")), (square("c3"), square("c4"))]);
        assert_eq!(after.pieces, vec![(square("a8"), piece(Color::White))]);
    }
}
