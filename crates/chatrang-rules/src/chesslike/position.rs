//! A validated position of a chess-like game: the board with its variant and the last move.
//! It is built only by [`Position::from_setup`], which says what is wrong with a bad setup.

use std::sync::Arc;

use super::{
    board::Board,
    fen::{self, FenError, Setup},
    moves::Move,
    rights::{
        BLACK_KINGSIDE, BLACK_LEAP, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_LEAP, WHITE_QUEENSIDE,
    },
    variant::{RightsKind, Stalemate, Variant},
};
use crate::{Color, Outcome, Square};

#[derive(Clone, Debug)]
/// A chess-like position: the board and the variant it is played by.
pub struct Position {
    variant: Arc<Variant>,
    board: Board,
    last_move: Option<Move>,
}

/// Why a setup is not a playable position.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PositionError {
    #[error(transparent)]
    /// The position string cannot be read.
    Fen(#[from] FenError),
    #[error("{0} has no royal piece")]
    /// Refused: … has no royal piece.
    NoRoyal(Color),
    #[error("{0} has more than one royal piece")]
    /// Refused: … has more than one royal piece.
    TooManyRoyals(Color),
    #[error("{0} is in check but it is not their move")]
    /// Refused: … is in check but it is not their move.
    OpponentInCheck(Color),
    #[error("the {piece} on {square} stands on a rank where it must already have promoted")]
    /// Refused: the `piece` on `square` stands on a rank where it must already have promoted.
    UnpromotedPawn {
        /// The piece concerned.
        piece: String,
        /// The square concerned.
        square: Square,
    },
    #[error(
        "en passant on {0} is impossible here: it needs an empty square just passed by a pawn that moved two squares"
    )]
    /// Refused: en passant on … is impossible here: it needs an empty square just passed by a pawn that moved two squares.
    BadEnPassant(Square),
    #[error(
        "the rights \"{0}\" do not match the pieces: the King (and Rook) must be on their starting squares"
    )]
    /// Refused: the rights "…" do not match the pieces: the King (and Rook) must be on their starting squares.
    BadRights(String),
}

/// Why a move was refused.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
pub enum PlayError {
    #[error("{0} is not a legal move here")]
    /// Refused: … is not a legal move here.
    Illegal(String),
    #[error("the game is over")]
    /// Refused: the game is over.
    GameOver,
}

impl Position {
    /// The variant's starting position.
    pub fn start(variant: Arc<Variant>) -> Position {
        let text = variant.rules.start_position.clone();
        Position::from_text(variant, &text).expect("every variant's start position is valid")
    }

    /// Reads a position string of this variant, and checks it is a position that can be played.
    pub fn from_text(variant: Arc<Variant>, text: &str) -> Result<Position, PositionError> {
        let setup = Setup::parse(&variant, text)?;
        Position::from_setup(variant, setup)
    }

    /// Checks a setup against the rules and builds the position.
    pub fn from_setup(variant: Arc<Variant>, setup: Setup) -> Result<Position, PositionError> {
        let v = &*variant;
        let mut board = Board::empty();
        let mut royals = [0usize; 2];
        for &(square, color, t) in &setup.pieces {
            let piece = v.piece_type(t);
            if piece.royal {
                royals[color.index()] += 1;
            }
            let rank = v.geometry().relative_rank(square, color);
            if piece
                .promotions
                .iter()
                .any(|p| p.relative_rank == rank && !p.optional)
            {
                return Err(PositionError::UnpromotedPawn {
                    piece: piece.name.clone(),
                    square,
                });
            }
            board.set(v, square, Some((color, t)));
        }
        if !v.royal_types.is_empty() {
            for color in Color::ALL {
                match royals[color.index()] {
                    0 => return Err(PositionError::NoRoyal(color)),
                    1 => {}
                    _ => return Err(PositionError::TooManyRoyals(color)),
                }
            }
        }
        board.side = setup.side;
        board.halfmove = setup.halfmove;
        board.fullmove = setup.fullmove;
        board.rights = setup.rights;
        check_rights(v, &board)?;
        if let Some(ep) = setup.en_passant {
            // The pawn that passed `ep` stands one step beyond it, straight or (Berolina's
            // diagonal double step) to either side, and came from the empty square opposite.
            let forward = setup.side.forward();
            let victims: Vec<Square> = [0, -1, 1]
                .into_iter()
                .filter_map(|dx| {
                    let victim = v.geometry().offset(ep, dx, -forward)?;
                    let origin = v.geometry().offset(ep, -dx, forward)?;
                    let pawn = board
                        .piece_at(victim)
                        .is_some_and(|(c, t)| c != setup.side && v.piece_type(t).pawn);
                    (pawn && board.at(origin) == 0).then_some(victim)
                })
                .collect();
            if board.at(ep) != 0 || victims.is_empty() {
                return Err(PositionError::BadEnPassant(ep));
            }
            if let Some(&victim) = victims
                .iter()
                .find(|&&victim| board.en_passant_possible(v, victim, setup.side))
            {
                board.ep = Some((ep, victim));
            }
        }
        let waiting = setup.side.other();
        let capturable = v.rules.royal_capture_wins || v.rules.end.royal_capture;
        if board.royal_attacked(v, waiting) && !capturable {
            return Err(PositionError::OpponentInCheck(waiting));
        }
        Ok(Position {
            variant,
            board,
            last_move: None,
        })
    }

    pub(crate) fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The board as it stands.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.board.side
    }

    pub(crate) fn last_move(&self) -> Option<Move> {
        self.last_move
    }

    /// The position string; [`Position::from_text`] reads it back.
    pub fn to_text(&self) -> String {
        fen::write(&self.variant, &self.board)
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        if self.outcome_without_moves().is_none() {
            self.board.legal_moves(&self.variant, &mut moves);
        }
        moves
    }

    /// Whether the side to move's royal piece is attacked.
    pub fn in_check(&self) -> bool {
        self.board.in_check(&self.variant)
    }

    /// Plays a legal move; on error the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if self.outcome().is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.legal_moves().contains(&m) {
            return Err(PlayError::Illegal(format!("{}{}", m.from, m.to)));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// How many move sequences of `depth` plies the position has (perft): the count that
    /// checks move generation against other engines'.
    pub fn perft(&self, depth: u32) -> u64 {
        super::perft::perft(&self.board, &self.variant, depth)
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&mut self, m: Move) {
        self.board.make(&self.variant, m);
        self.last_move = Some(m);
    }

    /// The position after a null move (the search's), or `None` where it would mislead: in
    /// check, or with only pawns and the royal piece to move (zugzwang).
    pub(crate) fn after_pass(&self) -> Option<Position> {
        if self.in_check() || !self.board.has_officers(&self.variant, self.board.side) {
            return None;
        }
        let mut passed = self.clone();
        passed.board.pass();
        Some(passed)
    }

    /// What identifies the position for the repetition rule.
    pub(crate) fn key(&self) -> u64 {
        self.board.full_hash()
    }

    /// The result the position decides before any move is looked at: a royal piece captured,
    /// or a bare king where the variant plays that rule.
    /// Repetition and the fifty-move rule are the game loop's (`rules::kit`).
    pub(crate) fn outcome_without_moves(&self) -> Option<Outcome> {
        let us = self.board.side;
        if !self.variant.royal_types.is_empty() && self.board.royal[us.index()].is_none() {
            return Some(Outcome::Win {
                winner: us.other(),
                reason: "royal piece captured".into(),
            });
        }
        self.board
            .bare_king_winner(&self.variant)
            .map(|winner| Outcome::Win {
                winner,
                reason: "bare king".into(),
            })
    }

    /// The result, once the game is over by its rules.
    pub(crate) fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.outcome_without_moves() {
            return Some(o);
        }
        let mut moves = Vec::new();
        self.board.legal_moves(&self.variant, &mut moves);
        if !moves.is_empty() {
            return None;
        }
        Some(self.outcome_without_legal_moves())
    }

    /// The result when the side to move has no legal move: checkmate or stalemate.
    pub(crate) fn outcome_without_legal_moves(&self) -> Outcome {
        if self.in_check() && !self.variant.rules.end.royal_capture {
            Outcome::Win {
                winner: self.board.side.other(),
                reason: "checkmate".into(),
            }
        } else {
            let side = self.board.side;
            let reason = "stalemate".to_string();
            match self.variant.rules.stalemate {
                Stalemate::Draw => Outcome::Draw { reason },
                Stalemate::Loss => Outcome::Win {
                    winner: side.other(),
                    reason,
                },
                Stalemate::Win => Outcome::Win {
                    winner: side,
                    reason,
                },
            }
        }
    }
}

fn check_rights(v: &Variant, board: &Board) -> Result<(), PositionError> {
    let start = Setup::parse(v, &v.rules.start_position).ok();
    let start_royal = |color: Color| {
        start.as_ref().and_then(|s| {
            s.pieces
                .iter()
                .find(|&&(_, c, t)| c == color && v.piece_type(t).royal)
                .map(|&(sq, _, _)| sq)
        })
    };
    let at_start = |color: Color| {
        start_royal(color).is_some() && board.royal[color.index()] == start_royal(color)
    };
    let rook_at = |file: u8, rank: u8, color: Color| {
        Square::new(file, rank)
            .and_then(|s| board.piece_at(s))
            .is_some_and(|(c, t)| c == color && v.piece_type(t).symbol == "R")
    };
    let last = v.geometry().ranks() - 1;
    // Castling needs the King on its castling file and the side's Rook in its corner.
    let castles = |bit_rank: u8, color: Color, side: usize| match v.rules.rights {
        RightsKind::Castling(files) => {
            Square::new(files.king, bit_rank) == board.royal[color.index()]
                && rook_at(files.rook[side], bit_rank, color)
        }
        _ => false,
    };
    let needs: [(u8, bool); 6] = [
        (WHITE_KINGSIDE, castles(0, Color::White, 1)),
        (WHITE_QUEENSIDE, castles(0, Color::White, 0)),
        (BLACK_KINGSIDE, castles(last, Color::Black, 1)),
        (BLACK_QUEENSIDE, castles(last, Color::Black, 0)),
        (WHITE_LEAP, at_start(Color::White)),
        (BLACK_LEAP, at_start(Color::Black)),
    ];
    for (bit, ok) in needs {
        if board.rights & bit != 0 && !ok {
            let mut text = String::new();
            fen::write(v, board)
                .split_whitespace()
                .nth(2)
                .inspect(|r| text.push_str(r));
            return Err(PositionError::BadRights(text));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess;

    fn position(fen: &str) -> Position {
        Position::from_text(chess::variant(), fen).expect("a legal position")
    }

    #[test]
    fn a_pass_gives_the_move_away_and_changes_nothing_else() {
        let before = position("4k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 1");
        let passed = before.after_pass().expect("White has a Rook: it may pass");
        assert_eq!(passed.side_to_move(), Color::Black);
        assert_eq!(passed.board().ep, None, "en passant lapses with the pass");
        assert_eq!(passed.board().cells, before.board().cells);
        assert_ne!(
            passed.key(),
            before.key(),
            "the side to move is part of the key"
        );
    }

    #[test]
    fn no_pass_in_check_or_with_only_pawns_and_the_king() {
        // In check, passing would leave the King to be taken.
        assert!(
            position("4k3/8/8/8/8/8/8/R3K2r w - - 0 1")
                .after_pass()
                .is_none()
        );
        // Only King and pawns: the side may be in zugzwang, where passing is what it wants.
        assert!(
            position("4k3/8/8/3pK3/2qP4/8/8/8 w - - 0 1")
                .after_pass()
                .is_none()
        );
        // Black has its Queen: Black may pass.
        assert!(
            position("4k3/8/8/3pK3/2qP4/8/8/8 b - - 0 1")
                .after_pass()
                .is_some()
        );
    }
}
