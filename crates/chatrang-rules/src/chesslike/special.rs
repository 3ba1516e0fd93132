//! Moves that are not a piece's own pattern: castling (orthodox chess), the King's leap and the
//! two-pawn move (Cataclysm). Each is generated only when the variant switches it on.

use super::{
    board::{
        BLACK_KINGSIDE, BLACK_LEAP, BLACK_QUEENSIDE, Board, WHITE_KINGSIDE, WHITE_LEAP,
        WHITE_QUEENSIDE,
    },
    moves::{Move, MoveKind},
    variant::{RightsKind, Variant},
};
use crate::{Color, Square};

/// Adds the variant's special moves (castling, King's leap, the two-pawn move) that are legal here.
pub fn add_special_moves(board: &Board, v: &Variant, out: &mut Vec<Move>) {
    match v.rules.rights {
        RightsKind::Castling => castling(board, v, out),
        RightsKind::KingLeap => king_leap(board, v, out),
        RightsKind::None => {}
    }
    if v.rules.two_pawn_move {
        two_pawn_moves(board, v, out);
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square::new(file, rank).expect("castling squares are on the board")
}

fn castling(board: &Board, v: &Variant, out: &mut Vec<Move>) {
    let us = board.side;
    let rank = match us {
        Color::White => 0,
        Color::Black => v.geometry().ranks() - 1,
    };
    let (kingside, queenside) = match us {
        Color::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE),
        Color::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE),
    };
    let king = sq(4, rank);
    if board.royal[us.index()] != Some(king) || board.rights & (kingside | queenside) == 0 {
        return;
    }
    if board.attacked(v, king, us.other()) {
        return;
    }
    let rook_type = v.castling_rook;
    let own_rook = |file: u8| {
        board
            .piece_at(sq(file, rank))
            .is_some_and(|(c, t)| c == us && Some(t) == rook_type)
    };
    let empty = |files: &[u8]| files.iter().all(|&f| board.at(sq(f, rank)) == 0);
    let safe = |files: &[u8]| {
        files
            .iter()
            .all(|&f| !board.attacked(v, sq(f, rank), us.other()))
    };
    if board.rights & kingside != 0 && own_rook(7) && empty(&[5, 6]) && safe(&[5, 6]) {
        out.push(Move {
            from: king,
            to: sq(6, rank),
            promotion: None,
            kind: MoveKind::Castle {
                rook_from: sq(7, rank),
                rook_to: sq(5, rank),
            },
        });
    }
    if board.rights & queenside != 0 && own_rook(0) && empty(&[1, 2, 3]) && safe(&[2, 3]) {
        out.push(Move {
            from: king,
            to: sq(2, rank),
            promotion: None,
            kind: MoveKind::Castle {
                rook_from: sq(0, rank),
                rook_to: sq(3, rank),
            },
        });
    }
}

/// Cataclysm: an unmoved King that is not in check leaps to an empty corner of its first rank,
/// provided it does not land in check.
fn king_leap(board: &Board, v: &Variant, out: &mut Vec<Move>) {
    let us = board.side;
    let bit = if us == Color::White {
        WHITE_LEAP
    } else {
        BLACK_LEAP
    };
    let Some(king) = board.royal[us.index()] else {
        return;
    };
    if board.rights & bit == 0 || board.attacked(v, king, us.other()) {
        return;
    }
    let g = v.geometry();
    let rank = if us == Color::White { 0 } else { g.ranks() - 1 };
    for file in [0, g.files() - 1] {
        let Some(corner) = Square::new(file, rank).filter(|&s| g.contains(s)) else {
            continue;
        };
        if corner == king || board.at(corner) != 0 {
            continue;
        }
        let m = Move::normal(king, corner);
        if out.contains(&m) {
            continue;
        }
        if board.leaves_royal_safe(v, m) {
            out.push(m);
        }
    }
}

/// Cataclysm: two different unmoved pawns each advance one square, neither ending where it
/// attacks an enemy piece; no en passant follows.
fn two_pawn_moves(board: &Board, v: &Variant, out: &mut Vec<Move>) {
    let us = board.side;
    let g = v.geometry();
    let fwd = us.forward();
    let candidates: Vec<(Square, Square)> = v
        .squares
        .iter()
        .filter_map(|&from| {
            let (color, t) = board.piece_at(from)?;
            let piece = v.piece_type(t);
            let unmoved = piece.initial_ranks.contains(&g.relative_rank(from, us));
            if color != us || !piece.pawn || !unmoved {
                return None;
            }
            let to = g.offset(from, 0, fwd)?;
            (board.at(to) == 0).then_some((from, to))
        })
        .filter(|&(_, to)| {
            [-1, 1].iter().all(|&dx| {
                g.offset(to, dx, fwd)
                    .and_then(|s| board.piece_at(s))
                    .is_none_or(|(c, _)| c == us)
            })
        })
        .collect();
    // Without check, only pawns on squares that matter to the King need the full test.
    // (`None`: no King; `Some(None)`: in check, every pair needs it.)
    let enemy = board.types_of(v, us.other());
    let exposure = board.royal[us.index()].map(|k| board.exposure_unless_in_check(v, k, us, enemy));
    let matters = |from: Square, to: Square| match &exposure {
        None => false,
        Some(None) => true,
        Some(Some(e)) => e.touches(from, to),
    };
    for (i, &(from, to)) in candidates.iter().enumerate() {
        for &(from2, to2) in &candidates[i + 1..] {
            let m = Move {
                from,
                to,
                promotion: None,
                kind: MoveKind::TwoPawn { from2, to2 },
            };
            if !(matters(from, to) || matters(from2, to2)) || board.leaves_royal_safe(v, m) {
                out.push(m);
            }
        }
    }
}
