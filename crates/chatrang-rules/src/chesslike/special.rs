//! Moves that are not a piece's own pattern: castling (orthodox chess and its like on any
//! width), the King's leap and the two-pawn move (Cataclysm). Each is generated only when the variant switches it on.

use super::{
    board::Board,
    moves::{Move, MoveKind},
    rights::{
        BLACK_KINGSIDE, BLACK_LEAP, BLACK_QUEENSIDE, WHITE_KINGSIDE, WHITE_LEAP, WHITE_QUEENSIDE,
    },
    variant::{CastlingFiles, RightsKind, Variant},
};
use crate::{Color, Square};

/// Adds the variant's special moves (castling, King's leap, the two-pawn move) that are legal here.
pub fn add_special_moves(board: &Board, v: &Variant, out: &mut Vec<Move>) {
    match v.rules.rights {
        RightsKind::Castling(files) => castling(board, v, files, out),
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

/// Castling on any width (Fairy-Stockfish's rule, orthodox chess's on 8 files): the King, not in
/// check, goes to its target file and the Rook to the square beside it. Every square between
/// the King, the Rook and their targets is empty but for those two, and none that the King
/// crosses or reaches is attacked (the reached one with the move played, so that no line through
/// the King's start square is missed).
fn castling(board: &Board, v: &Variant, files: CastlingFiles, out: &mut Vec<Move>) {
    let us = board.side;
    let rank = match us {
        Color::White => 0,
        Color::Black => v.geometry().ranks() - 1,
    };
    let (kingside, queenside) = match us {
        Color::White => (WHITE_KINGSIDE, WHITE_QUEENSIDE),
        Color::Black => (BLACK_KINGSIDE, BLACK_QUEENSIDE),
    };
    let king = sq(files.king, rank);
    if board.royal[us.index()] != Some(king) || board.rights & (kingside | queenside) == 0 {
        return;
    }
    if board.attacked(v, king, us.other()) {
        return;
    }
    let rook_type = v.castling_rook;
    for (side, right) in [(1, kingside), (0, queenside)] {
        let rook = sq(files.rook[side], rank);
        let own_rook = board
            .piece_at(rook)
            .is_some_and(|(c, t)| c == us && Some(t) == rook_type);
        if board.rights & right == 0 || !own_rook {
            continue;
        }
        let king_to = files.king_to[side];
        let rook_to = files.rook_to(side == 1);
        let span = [files.king, king_to, files.rook[side], rook_to];
        let (low, high) = (span.iter().min().unwrap(), span.iter().max().unwrap());
        let clear = (*low..=*high)
            .map(|f| sq(f, rank))
            .all(|s| s == king || s == rook || board.at(s) == 0);
        let (from, to) = (files.king.min(king_to), files.king.max(king_to));
        let safe = (from..=to)
            .filter(|&f| f != files.king)
            .all(|f| !board.attacked(v, sq(f, rank), us.other()));
        let castle = Move {
            from: king,
            to: sq(king_to, rank),
            promotion: None,
            kind: MoveKind::Castle {
                rook_from: rook,
                rook_to: sq(rook_to, rank),
            },
        };
        if clear && safe && board.leaves_royal_safe(v, castle) {
            out.push(castle);
        }
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
